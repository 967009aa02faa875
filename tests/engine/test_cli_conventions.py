"""Command-line conventions a newcomer expects (issue 15): global options before or after the
subcommand, ``--version``, one line on stderr and exit 2 for every bad input, one line plus the
path of a log file for an unexpected error, and configuration warnings that do not flood."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[2]
QUESTION = "一共多少钱？"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("LEXTRACE_", "OPENAI_"))}
    base.update(LEXTRACE_INGEST__OCR="off", PYTHONPATH=str(REPO), **(env or {}))
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=REPO, env=base,
                          capture_output=True, text=True, timeout=300)


def one_line_error(proc: subprocess.CompletedProcess, code: int = 2) -> str:
    assert proc.returncode == code, (proc.returncode, proc.stdout, proc.stderr)
    lines = [line for line in proc.stderr.splitlines() if not line.startswith("warning: ")]
    assert len(lines) == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout
    return lines[0]


@pytest.fixture(scope="module")
def home(tmp_path_factory, cjk_font) -> Path:
    from engine.bench.pdfmaker import make_pdf
    from tests.engine.conftest import TRANSCRIPT_LINES

    root = tmp_path_factory.mktemp("cli")
    pdf = make_pdf(root / "讯问笔录.pdf", [TRANSCRIPT_LINES], font=cjk_font)
    done = run("ingest", str(pdf), "--home", str(root / "home"))
    assert done.returncode == 0, done.stderr
    return root / "home"


def test_version():
    from engine import __version__

    proc = run("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"LexTrace {__version__}"


def test_global_options_before_or_after_the_subcommand(home):
    places = [("--home", str(home), "--json", "docs"), ("docs", "--home", str(home), "--json"),
              ("--json", "docs", "--home", str(home)), ("--home", str(home), "docs", "--json")]
    outputs = []
    for args in places:
        proc = run(*args)
        assert proc.returncode == 0, (args, proc.stderr)
        outputs.append(json.loads(proc.stdout)["documents"])
    assert all(o == outputs[0] for o in outputs) and len(outputs[0]) == 1
    nested = run("--home", str(home), "audit", "verify", "--json")  # and below a nested command
    assert nested.returncode == 0 and json.loads(nested.stdout)["ok"], nested.stderr
    nested = run("audit", "--home", str(home), "list", "--json")
    assert nested.returncode == 0, nested.stderr


def test_as_of_where_it_applies_before_or_after(home):
    before = run("--home", str(home), "--as-of", "2020-01-01", "--json", "search", QUESTION)
    after = run("--home", str(home), "search", QUESTION, "--as-of", "2020-01-01", "--json")
    assert before.returncode == after.returncode == 0, before.stderr + after.stderr
    assert json.loads(before.stdout)["as_of"] == json.loads(after.stdout)["as_of"] == "2020-01-01"
    assert "search and ask only" in one_line_error(run("--as-of", "2020-01-01", "docs", "--home", str(home)))


BAD_INPUTS = {
    "empty question": ("ask", ""),
    "blank question": ("ask", "   "),
    "question over the limit": ("ask", "问" * 1001),
    "search query over the limit": ("search", "x" * 1001),
    "unknown document": ("ask", QUESTION, "--doc", "d000000000000000"),
    "unknown command": ("summarise", "x"),
    "unknown option": ("docs", "--colour"),
    "missing argument": ("ask",),
    "bad kind": ("ingest", "--kind", "poem", "x.pdf"),
    "bad date": ("search", QUESTION, "--as-of", "2020-13-01"),
    "k of zero": ("search", QUESTION, "--k", "0"),
    "limit of zero": ("audit", "list", "--limit", "0"),
    "no such export": ("audit", "verify", "--against", "/nonexistent/export.jsonl"),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_every_bad_input_is_one_line_and_exit_2(home, name):
    message = one_line_error(run("--home", str(home), *BAD_INPUTS[name]))
    assert "error" in message


def test_the_question_limit_comes_from_the_settings(home):
    long = "问" * 30
    assert run("--home", str(home), "search", long).returncode == 0
    message = one_line_error(run("--home", str(home), "search", long,
                                 env={"LEXTRACE_LIMITS__QUESTION_CHARS": "20"}))
    assert "30" in message and "20" in message
    message = one_line_error(run("--home", str(home), "docs", env={"LEXTRACE_LIMITS__QUESTION_CHARS": "many"}))
    assert "configuration" in message and "question_chars" in message


def test_an_unexpected_error_is_one_line_and_a_log_file(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "catalog.sqlite").write_bytes(b"this is not a database" * 100)
    message = one_line_error(run("--home", str(home), "docs"), code=70)
    assert "internal error" in message
    log = Path(message.rsplit("traceback: ", 1)[1])
    assert log.is_file() and log.parent == home / "logs"
    assert "Traceback (most recent call last)" in log.read_text("utf-8")


def test_configuration_warnings_once_per_home_per_day_always_in_json(home, tmp_path):
    """The FlashRank weights are absent: the fallback is said once a day per home, with -v every
    time, and is always a field of the JSON document."""
    import shutil

    home = Path(shutil.copytree(home, tmp_path / "copy"))
    (home / "cache" / "warnings_shown.json").unlink(missing_ok=True)  # not shown here today yet
    first = run("--home", str(home), "search", QUESTION)
    second = run("--home", str(home), "search", QUESTION)
    assert first.returncode == second.returncode == 0
    said = [line for line in first.stderr.splitlines() if line.startswith("warning: ")]
    assert len(said) == 1 and "FlashRank" in said[0], first.stderr
    assert second.stderr.strip() == "", second.stderr
    verbose = run("--home", str(home), "-v", "search", QUESTION)
    assert "warning: " in verbose.stderr and "FlashRank" in verbose.stderr
    as_json = run("--home", str(home), "--json", "search", QUESTION)
    assert as_json.returncode == 0 and "warning" not in as_json.stderr
    warnings = json.loads(as_json.stdout)["warnings"]
    assert [w["code"] for w in warnings] == ["reranker_fallback"] and "FlashRank" in warnings[0]["message"]
    # another home has its own day
    other = tmp_path / "other"
    fresh = run("--home", str(other), "search", QUESTION)
    assert "warning: " in fresh.stderr


def test_a_loop_over_questions_prints_no_warnings(home):
    """What a script sees: many calls, at most one warning line in all of them together."""
    stderr = "".join(run("--home", str(home), "--json", "search", f"{QUESTION}{i}").stderr
                     for i in range(3))
    assert stderr.count("warning: ") <= 1
