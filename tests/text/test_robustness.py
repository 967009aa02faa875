import time

import pytest

from engine.ingest.enrich import enrich
from engine.text import SpanSet
from engine.text.tokenize import tokenize

pytestmark = pytest.mark.unit


def test_spanset_keeps_only_non_overlapping_spans():
    spans = SpanSet()
    assert spans.add(10, 20)
    assert not spans.add(15, 25) and not spans.add(5, 11) and not spans.add(10, 20) and not spans.add(12, 13)
    assert spans.add(20, 30) and spans.add(0, 10)  # touching is not overlapping
    assert spans.overlaps(29, 31) and not spans.overlaps(30, 40)


@pytest.mark.parametrize("text", ["2020年" * 8000, "1" * 50000, "本法第十条、" * 6000, "5元" * 20000,
                                  "一万" * 20000, "2020年记不清。" * 4000, "某" * 30000 + "有限公司",
                                  "13812345678," * 5000, "a." * 25000 + "@"])
def test_pathological_input_stays_fast(text):
    start = time.perf_counter()
    facts = enrich(text).facts
    tokenize(text)
    assert time.perf_counter() - start < 5  # quadratic overlap checks took many seconds here
    assert all(text[f.start:f.end] == f.text for f in facts)
