"""Numbers a scanned page reads two ways: an answer quoting one says so.

When the invisible text layer of a scan and OCR of its image read a number differently and OCR was
unsure (engine/ingest/crosscheck.py), the page records both readings. Any answer whose quotes cover
such a number gets a ``reading`` conflict naming both, and is not called verified: neither reading
is evidence alone.
"""

from __future__ import annotations

from typing import Callable, Mapping

from engine.answer.model import Answer, Conflict
from engine.ingest.anchors import chunk_range_to_spans
from engine.types import PageText


def reading_conflicts(answer: Answer, pages_of: Callable[[str], Mapping[int, PageText]]) -> list[Conflict]:
    found: dict[tuple[int, int, int, str], list[str]] = {}
    wording: dict[tuple[int, int, int, str], str] = {}
    for item in answer.evidence:
        spans = chunk_range_to_spans(item.chunk.spans, item.quote_start, item.quote_end)
        pages = None
        for span in spans:
            pages = pages if pages is not None else pages_of(item.chunk.doc_id)
            page = pages.get(span.page)
            if page is None or page.quality is None:
                continue
            for reading in page.quality.readings:
                if reading.get("sure") or not (span.start < reading["end"] and reading["start"] < span.end):
                    continue
                key = (span.page, reading["start"], reading["end"], item.chunk.doc_id)
                found.setdefault(key, []).append(item.id)
                layer, ocr = reading["layer"], reading["ocr"]
                ocr_said = f"图像识别读作「{ocr}」（把握不足）" if ocr else "图像识别未能读出"
                wording[key] = (f"第{span.page}页为扫描件，同一处数字两种识读不一致：文字层读作「{layer}」，"
                                f"{ocr_said}，需对照原件核实。")
    return [Conflict("reading", wording[key], list(dict.fromkeys(ids))) for key, ids in found.items()]
