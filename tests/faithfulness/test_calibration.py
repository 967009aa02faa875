"""The calibration (engine/faithfulness/calibration.py, scripts/calibrate_faithfulness.py): the
search choosing thresholds that separate what it is given, and — slow — the documented figures of
the thresholds in verify.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.faithfulness.calibration import calibrate, featurise, load_pairs, per_category, score
from engine.faithfulness.verify import DEFAULT_THRESHOLDS, Thresholds

REPO = Path(__file__).resolve().parents[2]
LABELLED = REPO / "data" / "bench" / "faithfulness_labelled.jsonl"
CALIBRATION_DOC = REPO / "docs" / "bench" / "faithfulness_calibration.md"

pytestmark = pytest.mark.integration


def test_the_search_finds_thresholds_that_separate_a_small_set(tmp_path, embedder):
    rows = [("甲方应在合同生效之日起十个工作日内支付首期款", "supported"),
            ("甲方应当在合同生效后十个工作日内付首期款", "supported"),
            ("乙方应当在签约当天支付全部价款", "unsupported"),
            ("甲方可以随时解除合同", "unsupported")]
    path = tmp_path / "small.jsonl"
    path.write_text("\n".join(json.dumps({"id": f"s{i}", "lang": "zh", "category": "paraphrase", "label": label,
                                          "statement": text,
                                          "context": ["甲方应在本合同生效之日起十个工作日内支付首期款。"]},
                                         ensure_ascii=False) for i, (text, label) in enumerate(rows)), "utf-8")
    items = featurise(load_pairs(path), embedder)
    chosen, result = calibrate(items)
    assert result.accuracy == 1.0 and result.false_supported == []
    # and a threshold nothing reaches calls everything unsupported
    assert score(items, Thresholds(overlap=2.0, paraphrase_overlap=2.0, paraphrase_cosine=None)).recall == 0.0


@pytest.mark.slow
def test_the_current_thresholds_reach_the_documented_figures(embedder):
    items = featurise(load_pairs(LABELLED), embedder)
    result = score(items, DEFAULT_THRESHOLDS)
    documented = CALIBRATION_DOC.read_text("utf-8")
    # the figures in the document are the ones these thresholds give
    assert f"{result.accuracy:.3f}" in documented and f"{result.precision:.3f}" in documented
    assert result.precision >= 0.9 and result.accuracy >= 0.85
    table = per_category(items, DEFAULT_THRESHOLDS)
    for category in ("verbatim", "changed_amount", "changed_date", "changed_number", "changed_name", "negation"):
        assert table[category]["accuracy"] == 1.0, (category, table[category])
