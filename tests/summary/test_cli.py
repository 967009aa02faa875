"""``python -m engine summarize DOC_ID --json``: the parser and runner engine/cli.py wires in,
driven here through a parser of our own (the contract: ARCHITECTURE.md)."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

import pytest

from engine.summary import add_summarize_parser, run_summarize
from tests.summary.conftest import CONTRACT_ZH, TRANSCRIPT

pytestmark = [pytest.mark.integration, pytest.mark.slow]

METHODS = {"llm", "semantic", "hybrid", "extractive"}


def add_common(parser: argparse.ArgumentParser) -> None:  # what engine/cli.py adds to every command
    parser.add_argument("--home", type=Path, default=None)
    parser.add_argument("--json", action="store_true")


def run(engine, *argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    add_summarize_parser(parser.add_subparsers(dest="command", required=True), add_common)
    out = io.StringIO()
    code = run_summarize(parser.parse_args(["summarize", *argv]), engine, stdout=out)
    return code, out.getvalue()


def test_json_is_one_document_with_the_contract_keys(summary_engine, doc_ids):
    doc_id = doc_ids[TRANSCRIPT]
    code, out = run(summary_engine, doc_id, "--json", "--no-llm")
    assert code == 0
    payload = json.loads(out)  # exactly one JSON document, nothing else on stdout
    assert payload["doc_id"] == doc_id and payload["doc_name"] == TRANSCRIPT and payload["mode"] == "extractive"
    assert payload["points"]
    known = {c.chunk_id: c for c in summary_engine.chunks(doc_id)}
    for point in payload["points"]:
        assert isinstance(point["text"], str) and point["text"]
        for source in point["sources"]:
            assert {"chunk_id", "page", "method", "score"} <= set(source)
            assert source["chunk_id"] in known and source["method"] in METHODS
            assert isinstance(source["page"], int) and source["page"] >= 1
            assert isinstance(source["score"], float)
    assert payload["dropped_tags"] == [] and payload["rejected_points"] == []
    assert payload["calibration"]["z_min"] > 0 and payload["calibration"]["measured"]["precision"] > 0


def test_max_sources_caps_the_added_sources_and_text_output_lists_points(summary_engine, doc_ids):
    code, out = run(summary_engine, doc_ids[CONTRACT_ZH], "--json", "--max-sources", "1")
    assert code == 0
    for point in json.loads(out)["points"]:
        extractive = sum(s["method"] == "extractive" for s in point["sources"])
        assert len(point["sources"]) <= max(1, extractive)
    code, out = run(summary_engine, doc_ids[CONTRACT_ZH])
    assert code == 0 and out.startswith(CONTRACT_ZH) and "\nP1 [parties]" in out


def test_unknown_document_and_bad_option_exit_non_zero(summary_engine, capsys):
    code, out = run(summary_engine, "dnope", "--json")
    assert code == 1 and json.loads(out) == {"doc_id": "dnope", "error": "no document dnope"}
    code, out = run(summary_engine, "dnope", "--max-sources", "0")
    assert code == 2 and out == "" and "--max-sources" in capsys.readouterr().err
