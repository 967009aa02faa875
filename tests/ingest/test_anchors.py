from __future__ import annotations

import pytest

from engine.ingest.anchors import chunk_range_to_spans, span_bboxes, spans_bboxes
from engine.types import SEGMENT_JOINER, BBox, Line, PageText, Span

pytestmark = pytest.mark.unit


def _pages():
    p1 = PageText(1, "问：钱呢？\n答：转了一万", [Line(0, 5, BBox(1, 50, 100, 110, 112), (50, 62, 74, 86, 98, 110)),
                                            Line(6, 12, BBox(1, 50, 120, 122, 132), tuple(50 + 12 * i for i in range(7)))])
    p2 = PageText(2, "二千元。\n第 1 页", [Line(0, 4, BBox(2, 50, 60, 98, 72), tuple(50 + 12 * i for i in range(5))),
                                       Line(5, 10, BBox(2, 250, 800, 300, 812), None)])
    return {1: p1, 2: p2}


def test_chunk_range_maps_across_a_page_break():
    pages = _pages()
    spans = [Span(1, 6, 12), Span(2, 0, 4)]
    text = SEGMENT_JOINER.join(pages[s.page].text[s.start:s.end] for s in spans)
    assert text == "答：转了一万\n二千元。"
    start = text.index("一万")
    end = text.index("元") + 1
    mapped = chunk_range_to_spans(spans, start, end)
    assert mapped == [Span(1, 10, 12), Span(2, 0, 3)]
    assert "".join(pages[s.page].text[s.start:s.end] for s in mapped) == "一万二千元"
    with pytest.raises(ValueError):
        chunk_range_to_spans(spans, 5, 2)


def test_partial_line_boxes_use_character_boundaries():
    pages = _pages()
    (box,) = span_bboxes(pages[1], 10, 12)  # "一万"
    assert (box.x0, box.x1, box.top, box.bottom) == (50 + 12 * 4, 50 + 12 * 6, 120, 132)
    boxes = spans_bboxes(pages, [Span(1, 0, 12), Span(2, 0, 4)])
    assert [b.page for b in boxes] == [1, 1, 2]
    assert spans_bboxes(pages, [Span(2, 5, 10)])[0].x1 == 300  # no char_x: whole line
