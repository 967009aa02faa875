"""Anchors: from chunk text back to page spans and boxes (layer 2 -> layer 1).

A chunk's text is its page spans joined by SEGMENT_JOINER (see ChunkDraft), so any range of the
chunk text maps to page ranges, and page ranges map to line boxes. Partial lines are cut with
the per-character x boundaries, so a quote is boxed, not its whole line.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from engine.types import SEGMENT_JOINER, BBox, PageText, Span


def chunk_range_to_spans(spans: Sequence[Span], start: int, end: int) -> list[Span]:
    """Page spans covering ``chunk.text[start:end]``."""
    if start < 0 or end < start:
        raise ValueError(f"bad range [{start}, {end})")
    result: list[Span] = []
    offset = 0
    for span in spans:
        length = span.end - span.start
        lo, hi = max(start, offset), min(end, offset + length)
        if lo < hi:
            result.append(Span(span.page, span.start + lo - offset, span.start + hi - offset))
        offset += length + len(SEGMENT_JOINER)
    return result


def span_bboxes(page: PageText, start: int, end: int) -> list[BBox]:
    """One box per line part that ``page.text[start:end]`` covers (empty without geometry)."""
    boxes: list[BBox] = []
    for line in page.lines:
        if line.bbox is None or line.end <= start or line.start >= end or line.end == line.start:
            continue
        lo, hi = max(start, line.start), min(end, line.end)
        box = line.bbox
        if line.char_x is not None and len(line.char_x) == line.end - line.start + 1:
            x0, x1 = line.char_x[lo - line.start], line.char_x[hi - line.start]
        else:
            x0, x1 = box.x0, box.x1
        boxes.append(BBox(page.number, x0, box.top, x1, box.bottom))
    return boxes


def spans_bboxes(pages: Mapping[int, PageText], spans: Sequence[Span]) -> list[BBox]:
    boxes: list[BBox] = []
    for span in spans:
        page = pages.get(span.page)
        if page is not None:
            boxes.extend(span_bboxes(page, span.start, span.end))
    return boxes
