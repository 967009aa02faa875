"""Input nobody can read: command-line arguments that are not valid UTF-8 get one line and exit 2
(and a JSON error with --json), never a traceback; a question of invisible characters only is an
empty question, in the engine and on the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.config import LimitSettings
from engine.inputs import EmptyQuestion, check_question, is_blank

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[2]
# Python hands undecodable argument bytes over as lone surrogates; subprocess turns them back
# into the same bytes, so these reach the child exactly as a shell would pass b"\xff\xfe".
UNDECODABLE = "\udcff\udcfe"
INVISIBLE = ["\u200b", "\u200b\u200c\u200d", "\ufeff\u2060", "\u00ad", "\u202e\u200e", "\u3164",
             " \u3000\u200b\t", "\u0301"]


def run(*args: str, home: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEXTRACE_", "OPENAI_"))}
    env.update(PYTHONPATH=str(REPO), LEXTRACE_INGEST__OCR="off")
    return subprocess.run([sys.executable, "-m", "engine", "--home", str(home), *args], cwd=REPO,
                          env=env, capture_output=True, timeout=120)


@pytest.mark.parametrize("args", [("ask", UNDECODABLE), ("search", f"问题{UNDECODABLE}"),
                                  ("delete", UNDECODABLE), ("audit", "show", UNDECODABLE),
                                  ("ingest", f"/tmp/{UNDECODABLE}.pdf")])
def test_an_undecodable_argument_is_one_line_and_exit_2(tmp_path, args):
    home = tmp_path / "home"
    proc = run(*args, home=home)
    stderr = proc.stderr.decode("utf-8")
    assert proc.returncode == 2, stderr
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1
    assert stderr.startswith("error: ") and "UTF-8" in stderr and "\\xff\\xfe" in stderr
    assert not home.exists()  # refused before anything was opened or created
    as_json = run(*args, "--json", home=home)
    assert as_json.returncode == 2
    document = json.loads(as_json.stdout)
    assert document["exit_code"] == 2 and "UTF-8" in document["error"]


@pytest.mark.parametrize("text", INVISIBLE)
def test_invisible_characters_alone_are_an_empty_question(text):
    assert is_blank(text)
    with pytest.raises(EmptyQuestion):
        check_question(text, LimitSettings())


@pytest.mark.parametrize("text", ["问", "a", "１", "\u200b问题\u200b", "?"])
def test_a_visible_character_makes_a_question(text):
    assert not is_blank(text) and check_question(text, LimitSettings())


def test_a_zero_width_question_on_the_command_line(tmp_path):
    for command in ("ask", "search"):
        proc = run(command, "\u200b\u200d\ufeff", "--json", home=tmp_path / "home")
        assert proc.returncode == 2, proc.stderr
        assert "问题为空" in json.loads(proc.stdout)["error"]
