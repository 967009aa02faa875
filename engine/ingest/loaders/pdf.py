"""PDF loader: the text layers (read within a budget, engine/ingest/loaders/pdf_parse.py), the
quality gate per page, and OCR where the gate asks for it (the page rendered within the budget too).

Boxes of both sources share one frame, the visible page (see pdf_parse.py), so a quote's highlight
lands on the same place whether the page was read from its text layer or by OCR.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw

from engine.ingest import quality as gate
from engine.ingest.crosscheck import apply_ocr_numbers
from engine.ingest.loaders.budget import DEFAULT_BUDGET, ParseBudget, run_bounded
from engine.ingest.loaders.pdf_parse import page_from_json, pixels_from_json
from engine.ingest.ocr import PDFIUM_LOCK, OcrEngine, OcrFailed, OcrMode, \
    OcrUnavailable, default_engine
from engine.types import LoadedDocument, PageQuality, PageText

log = logging.getLogger(__name__)

_LAYER_READER = "engine.ingest.loaders.pdf_parse:read_text_layers"
_PAGE_RENDERER = "engine.ingest.loaders.pdf_parse:render_page"
# Wall-clock per page on top of the default budget: pdfminer reads a dense page in well under a
# second even on a loaded machine; a page taking several is a page built to stall it.
SECONDS_PER_PAGE = 2.0


# --- the document -----------------------------------------------------------------------------


@dataclass
class _OcrContext:
    data: bytes
    mode: OcrMode
    engine: OcrEngine | None
    budget: ParseBudget  # for each page rendered for OCR
    document: Any = None  # pypdfium2.PdfDocument: the text objects' render modes of a page
    error: str | None = None
    pages: list[int] = field(default_factory=list)  # pages OCR ran on
    seconds: float = 0.0  # rendering + OCR, for the s/page figure

    def close(self) -> None:
        if self.document is not None:
            with PDFIUM_LOCK:
                self.document.close()
            self.document = None


def load_pdf(name: str, data: bytes, *, ocr: OcrMode = "auto", ocr_engine: OcrEngine | None = None,
             budget: ParseBudget | None = None) -> LoadedDocument:
    """Every page with its quality verdict (``page.quality``), OCRed where the gate asks for it.

    The text layers, and each page OCR reads, are read in a child process within ``budget``
    (default: ``budget_for(data)``); a PDF over it is refused with one line, and nothing the caller
    holds is touched.

    Meta: ``page_count``; ``title``, ``author``, ``subject``, ``producer``, ``creator``,
    ``creationdate``, ``moddate`` when the PDF has them; ``ocr`` = ``{"pages", "seconds",
    "seconds_per_page"}`` when OCR ran; ``ocr_error`` when it could not be loaded.
    """
    budget = budget or budget_for(data)
    layers = run_bounded(_LAYER_READER, data, "PDF", budget)
    meta = layers["meta"]
    context = _OcrContext(data, ocr, ocr_engine, budget)
    try:
        pages = [_load_page(layer, context) for layer in layers["pages"]]
    finally:
        context.close()
    if context.pages:
        meta["ocr"] = {"pages": context.pages, "seconds": round(context.seconds, 2),
                       "seconds_per_page": round(context.seconds / len(context.pages), 2)}
    if context.error:
        meta["ocr_error"] = context.error
    return LoadedDocument(name=name, media_type="pdf", pages=pages, meta=meta)


def budget_for(data: bytes) -> ParseBudget:
    """The default budget grown with the page count, so a long genuine PDF (a statute book, a
    500-page file) is never refused for its length: PDFium reads the count from the page tree in
    milliseconds; a file PDFium cannot open gets the default (the child then says what is wrong)."""
    try:
        with PDFIUM_LOCK:
            document = pdfium.PdfDocument(data)
            try:
                pages = len(document)
            finally:
                document.close()
    except pdfium.PdfiumError:
        return DEFAULT_BUDGET
    return replace(DEFAULT_BUDGET, seconds=DEFAULT_BUDGET.seconds + SECONDS_PER_PAGE * pages)


def invisible_text_share(context: _OcrContext, number: int) -> float:
    """Share of the page's text objects drawn invisibly (render mode 3, or 7: clip only) — the
    way scanners lay OCR text over the image. pdfminer does not expose the render mode; PDFium
    does, per text object, in about a millisecond per page."""
    try:
        with PDFIUM_LOCK:
            if context.document is None:
                context.document = pdfium.PdfDocument(context.data)
            page = context.document[number - 1]
            try:
                modes = [pdfium_raw.FPDFTextObj_GetTextRenderMode(obj.raw)
                         for obj in page.get_objects(filter=[pdfium_raw.FPDF_PAGEOBJ_TEXT])]
            finally:
                page.close()
    except pdfium.PdfiumError as exc:
        log.warning("page %d: render modes unreadable (%s)", number, exc)
        return 0.0
    invisible = (pdfium_raw.FPDF_TEXTRENDERMODE_INVISIBLE, pdfium_raw.FPDF_TEXTRENDERMODE_CLIP)
    return sum(m in invisible for m in modes) / len(modes) if modes else 0.0


def _load_page(layer: dict[str, Any], context: _OcrContext) -> PageText:
    page, coverage, unreadable = page_from_json(layer["page"]), layer["coverage"], layer["unreadable"]
    number = page.number
    # Render modes matter where text may lie over a picture; text-only pages skip the lookup.
    invisible = invisible_text_share(context, number) \
        if page.text.strip() and coverage >= gate.NEAR_EMPTY_IMAGE_COVERAGE else 0.0
    quality = gate.assess_page(page, image_coverage=coverage, invisible_text=invisible)
    if unreadable:
        quality.reasons.insert(0, gate.TEXT_LAYER_UNREADABLE)
        quality.needs_ocr = True
    if context.mode == "force" and not quality.needs_ocr:
        quality.needs_ocr = True
        quality.reasons.append("ocr_forced")
    if quality.needs_ocr:
        page, quality = _maybe_ocr(page, quality, context)
    page.quality = quality
    return page


def _rendered(context: _OcrContext, number: int, dpi: int) -> tuple[float, float, Any]:
    """Page ``number`` rendered for OCR in a bounded child: PDFium renders whatever the content
    stream draws, and a hostile one costs gigabytes (pdf_parse.py). A render over the budget
    refuses the file (IngestError); a page PDFium cannot render is OcrFailed, as before."""
    rendered = run_bounded(_PAGE_RENDERER, context.data, "PDF", context.budget,
                           {"page_number": number, "dpi": dpi})
    if "error" in rendered:
        raise OcrFailed(rendered["error"])
    return rendered["width"], rendered["height"], pixels_from_json(rendered)


def _numbers_checked(page: PageText, ocr_page: PageText, quality: PageQuality) -> PageText:
    """A scan's layer kept by the gate, with its numbers checked against OCR of the image
    (engine/ingest/crosscheck.py): OCR's reading replaces a number the layer misread."""
    checked, readings = apply_ocr_numbers(page, ocr_page)
    if readings:
        quality.readings = [r.to_dict() for r in readings]
        quality.reasons.append(gate.NUMBERS_READ_BY_OCR)
        if not all(r.sure for r in readings):
            quality.reasons.append(gate.NUMBERS_UNSURE)
    return checked


def _maybe_ocr(page: PageText, quality: PageQuality,
               context: _OcrContext) -> tuple[PageText, PageQuality]:
    if context.mode == "off":
        quality.reasons.append("ocr_disabled")
        return page, quality
    if context.error:  # OCR already failed to load for this document: do not retry per page
        quality.reasons.append("ocr_unavailable")
        return page, quality
    try:
        context.engine = context.engine or default_engine()
        started = time.perf_counter()
        width, height, image = _rendered(context, page.number, context.engine.dpi)
        ocr_page = context.engine.ocr_image(image, page_number=page.number, width=width, height=height)
        context.seconds += time.perf_counter() - started
    except OcrUnavailable as exc:
        context.error = str(exc)
        quality.reasons.append("ocr_unavailable")
        return page, quality
    except OcrFailed as exc:
        log.warning("page %d: OCR failed: %s", page.number, exc)
        quality.reasons.append("ocr_failed")
        return page, quality
    context.pages.append(page.number)

    if context.mode == "force":
        use_ocr = bool(ocr_page.text.strip())
        decision, agreement = ("ocr_preferred" if use_ocr else "ocr_found_no_text"), None
    else:
        use_ocr, decision, agreement = gate.prefer_ocr(quality, page.text, ocr_page.text)
    quality.agreement = agreement if page.text.strip() else None
    if not use_ocr:
        quality.reasons.append(decision)
        quality.decision = "verified" if decision == "text_layer_confirmed_by_ocr" else "unverified"
        if decision == "text_layer_confirmed_by_ocr" and gate.SCAN_LAYER_REASONS.intersection(quality.reasons):
            page = _numbers_checked(page, ocr_page, quality)
        return page, quality
    final = gate.assess_page(ocr_page)
    return ocr_page, PageQuality(page=page.number, char_count=final.char_count,
                                 garbled_rate=final.garbled_rate,
                                 pattern_hits=final.pattern_hits, needs_ocr=True, ocr_used=True,
                                 reasons=quality.reasons + [decision], signals=quality.signals,
                                 decision="ocr", agreement=quality.agreement)
