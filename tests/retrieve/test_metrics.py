import math

import pytest

from engine.bench.metrics import char_overlap, hit_at, mean, mrr_at, percentile, recall_at

pytestmark = pytest.mark.unit


def test_rank_metrics():
    ranked = ["a", "b", "c", "d"]
    assert recall_at(ranked, {"b", "z"}, 2) == 0.5
    assert recall_at(ranked, {"b", "z"}, 1) == 0.0
    assert hit_at(ranked, {"c"}, 3) == 1.0 and hit_at(ranked, {"c"}, 2) == 0.0
    assert mrr_at(ranked, {"c", "d"}, 10) == pytest.approx(1 / 3)
    assert mrr_at(ranked, {"x"}, 10) == 0.0
    assert math.isnan(recall_at(ranked, set(), 10))
    assert mean([1.0, math.nan, 0.0]) == 0.5


def test_percentile_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50 and percentile(values, 95) == 95
    assert percentile([7.0], 95) == 7.0 and math.isnan(percentile([], 50))


def test_char_overlap_merges_spans():
    assert char_overlap([(0, 10), (5, 15)], [(10, 20)]) == (15, 10, 5)
    assert char_overlap([], [(0, 4)]) == (0, 4, 0)
