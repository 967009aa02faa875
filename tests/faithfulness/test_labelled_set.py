"""The labelled set behind the verifier's thresholds (data/bench/faithfulness_labelled.jsonl) and
its loader (engine/faithfulness/calibration.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.faithfulness.calibration import CATEGORIES, load_pairs

REPO = Path(__file__).resolve().parents[2]
LABELLED = REPO / "data" / "bench" / "faithfulness_labelled.jsonl"

pytestmark = pytest.mark.unit


def test_the_labelled_set_covers_what_the_verifier_must_tell_apart():
    pairs = load_pairs(LABELLED)
    assert len(pairs) >= 60
    assert {p.lang for p in pairs} == {"zh", "en"}
    assert {p.category for p in pairs} == set(CATEGORIES)
    for category in ("changed_amount", "changed_date", "changed_name", "negation", "invented"):
        assert all(not p.supported for p in pairs if p.category == category), category
    assert 0.35 < sum(p.supported for p in pairs) / len(pairs) < 0.65
    assert all(p.question for p in pairs if p.category == "answer_value")


def test_malformed_lines_are_refused(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"id": "x", "lang": "zh", "category": "verbatim", "label": "maybe",
                                "statement": "s", "context": ["c"]}), "utf-8")
    with pytest.raises(ValueError, match="label"):
        load_pairs(path)
