"""Redacted page images: a PDF page rendered with every piece of personal data painted over.

The masked views (a role without UNMASK_PII) cannot show the original PDF — its page image holds
the ID and bank-card numbers the quotes mask. Instead the page is rendered here with PDFium and
each PII fact's boxes are filled black, so what the user sees is the real page, minus the PII.

Coordinates: boxes are PDF points, top-left origin, on the *visible* page (crop box, /Rotate
applied; see engine/ingest/loaders/pdf.py). PDFium renders exactly that visible page, with its
top-left at pixel (0, 0), so a point maps to a pixel by the render scale alone, no offset.

A page that failed the quality gate and was not OCRed has no trustworthy text, so where its PII
sits is unknown: such a page is blanked entirely rather than shown with a guess.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.ingest.anchors import chunk_range_to_spans, span_bboxes
from engine.text.pii import find_pii
from engine.types import BBox, PageText

try:  # PDFium is not thread-safe: share the lock the loader and OCR hold
    from engine.ingest.ocr import PDFIUM_LOCK as _PDFIUM_LOCK
except ImportError:  # pragma: no cover - the lock is optional for this module
    _PDFIUM_LOCK = contextlib.nullcontext()

REDACT_PAD_PT = 1.5  # glyph boxes hug the ink; the pad covers anti-aliased edges and accents
HIGHLIGHT_COLOR = (232, 89, 12)  # the viewer's evidence outline colour (#e8590c)
HIGHLIGHT_WIDTH_PT = 1.5
UNREAD_NOTE = "此页未能识别文字，为保护个人信息已整页遮盖 (page unread: fully redacted)"


@dataclass(frozen=True)
class RedactedPage:
    """One page image ready to show, and whether it had to be blanked entirely."""

    number: int
    image: Image.Image
    blanked: bool


def unread_pages(record: Any) -> set[int]:
    """Pages that failed the quality gate and were not OCRed: their text (and PII) is unknown."""
    return {int(q["page"]) for q in (record.meta.get("quality") or [])
            if q.get("needs_ocr") and not q.get("ocr_used")}


def pii_boxes(engine: Any, doc_id: str) -> dict[int, list[BBox]]:
    """Boxes of every piece of personal data in the document, by page number.

    The chunks' PII facts come first (enrichment may find PII a label makes recognisable across a
    line break); page text the chunkers left out (headers, footers) is scanned with ``find_pii``
    too, so a number outside every chunk is not left visible.
    """
    pages: dict[int, PageText] = {p.number: p for p in engine.pages(doc_id)}
    boxes: dict[int, list[BBox]] = {}

    def add(page: PageText, start: int, end: int) -> None:
        for box in span_bboxes(page, start, end):
            boxes.setdefault(box.page, []).append(box)

    for chunk in engine.chunks(doc_id, with_facts=True):
        for fact in chunk.facts:
            if fact.kind != "pii":
                continue
            for span in chunk_range_to_spans(chunk.spans, fact.start, fact.end):
                if span.page in pages:
                    add(pages[span.page], span.start, span.end)
    for page in pages.values():
        for found in find_pii(page.text):
            add(page, found.start, found.end)
    return boxes


def _scaled(box: BBox, scale: float, pad: float, size: tuple[int, int]) -> tuple[int, int, int, int]:
    width, height = size
    x0 = max(0, int((box.x0 - pad) * scale))
    y0 = max(0, int((box.top - pad) * scale))
    x1 = min(width - 1, int(round((box.x1 + pad) * scale + 0.5)))
    y1 = min(height - 1, int(round((box.bottom + pad) * scale + 0.5)))
    return x0, y0, x1, y1


def render_redacted_page(pdf_bytes: bytes, page_number: int, boxes: Iterable[BBox],
                         highlights: Iterable[BBox] = (), *, scale: float = 2.0,
                         blank: bool = False) -> Image.Image:
    """Page ``page_number`` (1-based) as an RGB image, ``boxes`` filled black, ``highlights``
    outlined. ``blank``: paint the whole page over (its PII is unknown) and say why on it."""
    import pypdfium2 as pdfium

    with _PDFIUM_LOCK:
        document = pdfium.PdfDocument(pdf_bytes)
        try:
            if not 1 <= page_number <= len(document):
                raise ValueError(f"page {page_number} is out of range 1..{len(document)}")
            page = document[page_number - 1]
            try:
                image = page.render(scale=scale).to_pil().convert("RGB")
            finally:
                page.close()
        finally:
            document.close()

    draw = ImageDraw.Draw(image)
    if blank:
        draw.rectangle((0, 0, image.width, image.height), fill="black")
        draw.text((10, 10), "page unread: fully redacted", fill="white")
        return image
    for box in boxes:
        if box.page == page_number:
            draw.rectangle(_scaled(box, scale, REDACT_PAD_PT, image.size), fill="black")
    outline = max(1, int(HIGHLIGHT_WIDTH_PT * scale))
    for box in highlights:
        if box.page == page_number:
            draw.rectangle(_scaled(box, scale, 0.0, image.size), outline=HIGHLIGHT_COLOR,
                           width=outline)
    return image


def redacted_pages(engine: Any, doc_id: str, page_numbers: Iterable[int],
                   highlights: Iterable[BBox] = (), *, scale: float = 2.0,
                   boxes: Mapping[int, list[BBox]] | None = None) -> list[RedactedPage]:
    """The given pages of a stored PDF, redacted (see ``render_redacted_page``)."""
    record = engine.document(doc_id)
    if record is None:
        raise KeyError(doc_id)
    data = engine.document_bytes(doc_id)
    boxes = pii_boxes(engine, doc_id) if boxes is None else boxes
    unread = unread_pages(record)
    highlights = list(highlights)
    return [RedactedPage(n, render_redacted_page(data, n, boxes.get(n, []), highlights,
                                                 scale=scale, blank=n in unread), n in unread)
            for n in page_numbers]


def page_image(engine: Any, doc_id: str, number: int, highlights: Iterable[BBox] = (), *,
               redact: bool, scale: float = 2.0,
               boxes: Mapping[int, list[BBox]] | None = None) -> RedactedPage:
    """One stored PDF page as an image with ``highlights`` outlined: redacted (personal data
    painted over, unread pages blanked) for a view that must not show it, else as it is."""
    if redact:
        return redacted_pages(engine, doc_id, [number], highlights, scale=scale, boxes=boxes)[0]
    data = engine.document_bytes(doc_id)
    return RedactedPage(number, render_redacted_page(data, number, [], list(highlights), scale=scale),
                        False)
