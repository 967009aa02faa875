"""``python -m engine faithfulness`` through its two functions (add_faithfulness_parser,
run_faithfulness), without engine/cli.py: a parser of our own, real files, the real embedder."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from engine.faithfulness import add_faithfulness_parser, run_faithfulness

pytestmark = pytest.mark.integration


def add_common(parser: argparse.ArgumentParser) -> None:  # what engine/cli.py adds to every command
    parser.add_argument("--home", type=Path, default=None)
    parser.add_argument("--json", action="store_true")


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_faithfulness_parser(parser.add_subparsers(dest="command", required=True), add_common)
    return parser.parse_args(["faithfulness", *argv])


@pytest.fixture
def context_file(tmp_path, monkeypatch) -> Path:
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)  # offline unless a test says otherwise
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    path = tmp_path / "context.txt"
    path.write_text("问：第一次转账是什么时间，转了多少钱？\n答：第一次是2022年10月15日，她用手机银行给我转了\n17000元。\n\n"
                    "问：你有没有给陈晓梅退过钱？\n答：退过一次。", "utf-8")
    return path


def test_json_output_is_the_contract(tmp_path, context_file):
    args = parse("--answer", "第一次转账是2022年10月15日，转了17000元。第一次转了两万元。",
                 "--context", str(context_file), "--home", str(tmp_path / "home"), "--json", "--no-llm")
    out = io.StringIO()
    assert run_faithfulness(args, None, stdout=out) == 0
    payload = json.loads(out.getvalue())  # exactly one JSON document
    assert {"score", "statements"} <= set(payload)
    assert [set(s) for s in payload["statements"]] == [{"text", "supported", "reason", "evidence"}] * 3
    assert [s["supported"] for s in payload["statements"]] == [True, True, False]
    assert payload["score"] == pytest.approx(2 / 3, abs=1e-4)
    # evidence is context text as the file has it (the PDF line break included)
    assert payload["statements"][1]["evidence"].endswith("给我转了\n17000元。")
    assert payload["statements"][2]["evidence"] is None
    # the engine's embedding cache of --home was used
    assert (tmp_path / "home" / "cache" / "embeddings.sqlite").is_file()


def test_answer_from_stdin_and_text_output(tmp_path, context_file):
    args = parse("--answer", "-", "--context", str(context_file), "--home", str(tmp_path), "--no-llm")
    out = io.StringIO()
    assert run_faithfulness(args, None, stdin=io.StringIO("她用手机银行转了17000元。"), stdout=out) == 0
    assert out.getvalue().startswith("faithfulness 1.000 (1/1 supported, offline)")


def test_no_statements_prints_a_null_score(tmp_path, context_file):
    args = parse("--answer", "未在材料中找到相关内容。", "--context", str(context_file),
                 "--home", str(tmp_path), "--json", "--no-llm")
    out = io.StringIO()
    assert run_faithfulness(args, None, stdout=out) == 0
    payload = json.loads(out.getvalue())
    assert payload["score"] is None and payload["statements"] == [] and payload["reason"]


def test_unreadable_or_empty_context_is_a_usage_error(tmp_path, capsys):
    missing = parse("--answer", "x", "--context", str(tmp_path / "nope.txt"), "--home", str(tmp_path))
    assert run_faithfulness(missing, None) == 2
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", "utf-8")
    assert run_faithfulness(parse("--answer", "x", "--context", str(empty), "--home", str(tmp_path)), None) == 2
    assert "context" in capsys.readouterr().err


def test_required_arguments():
    with pytest.raises(SystemExit):
        parse("--answer", "x")
