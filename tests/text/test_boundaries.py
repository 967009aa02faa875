"""The one segmenter (engine/text/boundaries.py) cuts real texts exactly where the separate
patterns it replaced did: the fixture holds their offsets, captured before the change by
tests/text/boundaries_capture.py, for the data/demo chunks (a transcript, contracts in two
languages, statutes) and hand-written edge cases (closing quotes, English full stops and abbreviations, 1,200.50, numbered
items, 问：/答： turns, blank lines)."""

from __future__ import annotations

import gzip
import inspect
import json

import pytest

from engine.text import boundaries
from engine.text.boundaries import (CLAUSE_FIELD, CLAUSE_FIELD_DATED, CLAUSE_OF_QUOTE, CLAUSE_PREDICATE, SENTENCE_ZH,
                                    split)
from tests.text.boundaries_capture import EDGE_CASES, FIXTURE, capture


def _records() -> list[dict]:
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as fh:
        return json.load(fh)


def test_fixture_covers_real_documents_and_every_edge_case():
    records = _records()
    sources = {r["source"] for r in records}
    assert not any(s.startswith("dev_") for s in sources)  # ../shared/datasets is never copied in
    assert sum(s.endswith(".pdf") for s in sources) >= 3  # data/demo: transcript, contracts, statutes
    assert [r["text"] for r in records if r["source"] == "edge"] == list(EDGE_CASES)
    assert len(records) > 80


def test_every_splitter_cuts_where_it_did_before():
    mismatches = []
    for record in _records():
        got = capture(record["text"], record["chunk_type"], record["answer_start"])
        assert got.keys() == record["expected"].keys()
        for name, spans in record["expected"].items():
            if got[name] != spans:
                mismatches.append((record["source"], name, record["text"][:40]))
    assert not mismatches, f"{len(mismatches)} changed, first: {mismatches[:3]}"


@pytest.mark.parametrize("name", ["SENTENCE_ZH", "SENTENCE_WITH_TURNS", "SENTENCE_PER_LINE", "SENTENCE_ANSWER",
                                  "SENTENCE_CONTEXT", "PASSAGE", "CLAUSE_FIELD", "CLAUSE_FIELD_DATED",
                                  "CLAUSE_PREDICATE", "CLAUSE_QUOTE", "CLAUSE_FIGURES", "CLAUSE_CLAIM",
                                  "CLAUSE_OF_QUOTE"])
def test_each_option_is_documented(name):
    """Named in the module's overview and explained by the comment right above it."""
    lines = inspect.getsource(boundaries).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"{name} = re.compile("))
    assert name in boundaries.__doc__ and lines[at - 1].startswith("# ")


def test_options_differ_where_documented():
    text = "Signed on March 15, 2023, for 1,200.50: paid，已付。"
    dated = [s.text for s in split(text, 0, len(text), CLAUSE_FIELD_DATED)]
    plain = [s.text for s in split(text, 0, len(text), CLAUSE_FIELD)]
    assert dated == ["Signed on March 15, 2023,", "for 1,200.50:", "paid，", "已付。"]
    assert plain[:2] == ["Signed on March 15,", "2023,"]
    quoted = "他说：“我不去了。”然后走了。"
    assert [s.text for s in split(quoted, 0, len(quoted), SENTENCE_ZH)] == ["他说：“我不去了。”", "然后走了。"]


def test_case_clauses_keep_figures_and_times_whole():
    """The case answers' clause options never cut 6,000元 or 14:30 (the hand-written patterns they
    replaced in said.py, act_mentions.py and badge.py did: 「6,」 and 「000元」 were two clauses)."""
    text = "我一共给了他6,000元，14:30在店里给的：当面点清；他说收到了。\n另有2,500元"
    predicate = [s.text for s in split(text, 0, len(text), CLAUSE_PREDICATE)]
    assert predicate == ["我一共给了他6,000元，", "14:30在店里给的：", "当面点清；他说收到了。\n另有2,500元"]
    of_quote = [s.text for s in split(text, 0, len(text), CLAUSE_OF_QUOTE)]
    assert of_quote == ["我一共给了他6,000元，", "14:30在店里给的：当面点清；", "他说收到了。", "另有2,500元"]
    listed = "叫什么名字、住在哪里我都不知道"  # 、 shares one predicate: one clause
    assert [s.text for s in split(listed, 0, len(listed), CLAUSE_PREDICATE)] == [listed]
