"""OCR of PDF pages with RapidOCR (PP-OCRv4 ONNX models bundled in the wheel: nothing downloads).

A page is rendered with PDFium at ``dpi`` (216 by default: 3x the 72 dpi of PDF points, sharp
enough for 10pt Chinese), read, and turned into the same PageText a text layer gives: lines in
reading order with boxes in PDF points, top-left origin, relative to the visible page (the crop
box, with the page's /Rotate applied) — the frame PDFium renders and viewers display, so OCR boxes
and text-layer boxes of a page line up.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Literal
from collections.abc import Sequence

import numpy as np

from engine.ingest.layout import LineDraft, assemble_page, cluster_rows
from engine.notices import note
from engine.types import PageText

log = logging.getLogger(__name__)

OcrMode = Literal["auto", "off", "force"]  # gate decides | never OCR | OCR every PDF page
OCR_MODES: tuple[str, ...] = ("auto", "off", "force")

DEFAULT_DPI = 216

# RapidOCR's own default: boxes read with less confidence are dropped rather than guessed at.
MIN_TEXT_SCORE = 0.5

# A rendered page with fewer dark pixels than this holds no text (one small CJK character at 216 dpi
# inks ~150-300 pixels); skip the models on it.
BLANK_MAX_DARK_PIXELS = 60

# RapidOCR reads a box this much taller than wide as vertical text (it turns the crop 90°).
VERTICAL_BOX_RATIO = 1.5
_DARK_LEVEL = 128

# PDFium is not thread-safe, not even across documents: every PDFium call in the engine must
# hold this lock (pypdfium2 documentation, "Thread incompatibility").
PDFIUM_LOCK = threading.RLock()


class OcrUnavailable(RuntimeError):
    """RapidOCR or its models cannot be loaded; the message says why."""


class OcrFailed(RuntimeError):
    """A page could not be rendered or read."""


@dataclass
class _Box:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    char_x: list[float] | None  # len(text) + 1; None when x boundaries mean nothing
    confidence: list[float]  # the recogniser's confidence in each character (len(text))


class OcrEngine:
    """RapidOCR loaded once, lazily, shared by threads (calls are serialised: the model object
    keeps per-call settings as state, and the two CPU cores are saturated by one call anyway)."""

    def __init__(self, *, min_score: float = MIN_TEXT_SCORE, dpi: int = DEFAULT_DPI):
        self.min_score = min_score
        self.dpi = dpi  # the loader renders at this resolution
        self._model: Any = None
        self._error: str | None = None
        self._load_lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._orientations: list[str] | None = None  # the last call's classifier labels
        self.pages_read = 0
        self.seconds = 0.0

    # -- availability ---------------------------------------------------------------------------

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        with self._load_lock:
            if self._model is None and self._error is None:
                started = time.perf_counter()
                try:
                    from rapidocr_onnxruntime import RapidOCR
                    model = RapidOCR()
                    self._record_orientations(model)
                    self._model = model
                except Exception as exc:  # ImportError, onnxruntime or model-file errors
                    self._error = (f"OCR 不可用 (OCR unavailable): cannot load "
                                   f"rapidocr-onnxruntime: {type(exc).__name__}: {exc}")
                    note("ocr_unavailable", self._error)  # pages needing OCR are flagged
                else:
                    log.info("RapidOCR loaded in %.2fs", time.perf_counter() - started)
        if self._model is None:
            raise OcrUnavailable(self._error)
        return self._model

    def _record_orientations(self, model: Any) -> None:
        """Keep the angle classifier's per-box labels ("0" / "180").

        RapidOCR turns an upside-down box right way up before reading it, so its text is right,
        but its per-character boxes are then mirrored inside the box and it does not say which
        boxes it turned. The labels are only available from the classifier step, hence this
        wrapper around it.
        """
        classify = getattr(model, "text_cls", None)
        if classify is None:  # another RapidOCR layout: OCR still works, orientation is assumed
            log.warning("RapidOCR has no text_cls step; upside-down boxes cannot be recognised")
            return

        threshold = float(getattr(classify, "cls_thresh", 0.9))

        def classify_and_record(images: Any) -> Any:
            originals = list(images)
            turned, labels, elapsed = classify(images)
            turned = list(turned)
            orientations = []
            for i, label in enumerate(labels):
                # The classifier turns a crop only above its threshold; below it the crop is read
                # as it stands, which is upright as far as the boxes are concerned.
                flipped = "180" in str(label[0]) and float(label[1]) > threshold
                if flipped and _reads_better_upright(model, originals[i], turned[i]):
                    turned[i], flipped = originals[i], False
                orientations.append("180" if flipped else "0")
            self._orientations = orientations
            return turned, labels, elapsed

        model.text_cls = classify_and_record

    def available(self) -> bool:
        try:
            self._load()
        except OcrUnavailable:
            return False
        return True

    @property
    def unavailable_reason(self) -> str | None:
        """Why OCR cannot run, once a load was attempted; None when it works or was not tried."""
        return self._error

    @property
    def seconds_per_page(self) -> float:
        return self.seconds / self.pages_read if self.pages_read else 0.0

    # -- reading --------------------------------------------------------------------------------

    def ocr_pdf_page(self, pdf: bytes | Any, page_number: int, dpi: int | None = None) -> PageText:
        """OCR page ``page_number`` (1-based) of a PDF given as bytes, a ``pypdfium2.PdfDocument``
        or the ``pypdfium2.PdfPage`` itself (then ``page_number`` only labels the result).
        ``dpi`` defaults to the engine's."""
        import pypdfium2 as pdfium

        dpi = dpi or self.dpi
        with PDFIUM_LOCK:
            try:
                if isinstance(pdf, pdfium.PdfPage):
                    width, height, image = _render(pdf, dpi)
                elif isinstance(pdf, pdfium.PdfDocument):
                    width, height, image = _render_number(pdf, page_number, dpi)
                else:
                    document = pdfium.PdfDocument(pdf)
                    try:
                        width, height, image = _render_number(document, page_number, dpi)
                    finally:
                        document.close()
            except pdfium.PdfiumError as exc:
                raise OcrFailed(f"PDFium cannot render page {page_number}: {exc}") from exc
        return self.ocr_image(image, page_number=page_number, width=width, height=height)

    def ocr_image(self, image: np.ndarray, *, page_number: int, width: float,
                  height: float) -> PageText:
        """OCR an image of a whole page that is ``width`` x ``height`` PDF points."""
        if image.ndim == 3 and image.shape[2] == 1:
            image = image[:, :, 0]
        gray = image if image.ndim == 2 else image.mean(axis=2)
        if int((gray < _DARK_LEVEL).sum()) < BLANK_MAX_DARK_PIXELS:
            return assemble_page(page_number, [], width=width, height=height, source="ocr")

        model = self._load()
        with self._run_lock:
            started = time.perf_counter()
            self._orientations = None
            try:
                # text_score=0 keeps every box, so results stay aligned with the classifier's
                # labels; the confidence filter is applied below.
                result, _elapsed = model(image, text_score=0.0, return_word_box=True)
            except Exception as exc:  # onnxruntime / OpenCV errors on odd images
                raise OcrFailed(f"OCR failed on page {page_number}: {type(exc).__name__}: {exc}") \
                    from exc
            orientations = self._orientations
            seconds = time.perf_counter() - started
            self.pages_read += 1
            self.seconds += seconds
        items = result or []
        log.info("OCR page %d: %d boxes in %.2fs", page_number, len(items), seconds)
        if orientations is None or len(orientations) != len(items):
            log.warning("OCR page %d: box orientations unknown; assuming upright", page_number)
            orientations = ["0"] * len(items)

        sx, sy = width / image.shape[1], height / image.shape[0]
        boxes = []
        for item, orientation in zip(items, orientations):
            if float(item[2]) >= self.min_score:
                box = _to_box(item, sx, sy, upright=orientation == "0")
                if box is not None:
                    boxes.append(box)
        return assemble_page(page_number, _lines(boxes), width=width, height=height, source="ocr")


def _reads_better_upright(model: Any, original: np.ndarray, turned: np.ndarray) -> bool:
    """The classifier said a crop is upside down: is it? On scanned forms it sometimes says so of
    a long, dense upright line (a header's 时间…地点… row), and the turned crop then reads as
    nothing. Reading both ways and keeping the surer reading costs one recognition per turned
    crop, which are few on a page that is the right way up."""
    try:
        results, _elapsed = model.text_rec([original, turned])
    except Exception as exc:  # keep the classifier's choice rather than fail the page
        log.warning("OCR orientation check failed: %s: %s", type(exc).__name__, exc)
        return False
    upright, flipped = (float(r[1]) if len(r) > 1 and str(r[0]).strip() else 0.0 for r in results[:2])
    return upright > flipped


def _render_number(document: Any, page_number: int, dpi: int) -> tuple[float, float, np.ndarray]:
    if not 1 <= page_number <= len(document):
        raise OcrFailed(f"page {page_number} is out of range 1..{len(document)}")
    page = document[page_number - 1]
    try:
        return _render(page, dpi)
    finally:
        page.close()


def _render(page: Any, dpi: int) -> tuple[float, float, np.ndarray]:
    """(width, height) in points of the visible page (crop box, /Rotate applied) and its pixels."""
    width, height = page.get_size()
    bitmap = page.render(scale=dpi / 72, grayscale=True)
    return width, height, np.array(bitmap.to_numpy())  # a copy: the bitmap buffer is freed later


def _to_box(item: Sequence[Any], sx: float, sy: float, *, upright: bool) -> _Box | None:
    """One RapidOCR result ``[quad, text, score, (word quads, words, word scores)?]`` in points."""
    quad, text = item[0], str(item[1]).replace("\n", " ").strip()
    if not text:
        return None
    confidence = _char_confidence(item, text)
    xs = [float(p[0]) * sx for p in quad]
    ys = [float(p[1]) * sy for p in quad]
    x0, x1 = min(xs), max(xs)
    if not upright or (max(ys) - min(ys)) > VERTICAL_BOX_RATIO * (x1 - x0):
        # Upside down (characters run right to left on the page) or vertical: x boundaries do not
        # describe the characters; like the text layer, such lines keep their box only.
        return _Box(text, x0, min(ys), x1, max(ys), None, confidence)
    char_x = _word_char_x(item, text, sx, x0, x1)
    if char_x is None:
        # No usable per-character boxes: approximate by spreading the box width evenly over the
        # characters. Exact for monospaced CJK, off by up to a character for mixed Latin text.
        step = (x1 - x0) / len(text)
        char_x = [x0 + i * step for i in range(len(text))] + [x1]
    return _Box(text, x0, min(ys), x1, max(ys), char_x, confidence)


def _char_confidence(item: Sequence[Any], text: str) -> list[float]:
    """The recogniser's confidence in each character of ``text``: from its per-word scores when
    the words spell the text (a word's score for each of its letters, 1 for spaces), else the
    box's score for every character."""
    box_score = float(item[2])
    if len(item) >= 6 and item[4] and item[5] and len(item[4]) == len(item[5]):
        words = [(str(w), float(c)) for w, c in zip(item[4], item[5]) if str(w).strip()]
        if "".join(w for w, _ in words) == text.replace(" ", ""):
            letters = iter([c for w, c in words for _ in w])
            return [1.0 if ch == " " else next(letters) for ch in text]
    return [box_score] * len(text)


def _word_char_x(item: Sequence[Any], text: str, sx: float, x0: float,
                 x1: float) -> list[float] | None:
    """Character x boundaries from RapidOCR's word boxes (one per character, or one per word).

    Used only when the words spell the text exactly (spaces aside); a word's width is spread
    evenly over its letters, and a space spans the gap between its neighbours.
    """
    if len(item) < 6 or not item[3] or not item[4]:
        return None
    if len(item[3]) != len(item[4]):
        return None
    # Latin text comes one letter per "word", spaces included; spaces get their extent from
    # their neighbours below, so only the visible letters are kept here.
    pairs = [(quad, str(word)) for quad, word in zip(item[3], item[4]) if str(word).strip()]
    word_quads, words = [p[0] for p in pairs], [p[1] for p in pairs]
    if "".join(words) != text.replace(" ", ""):
        return None
    letters: list[tuple[float, float]] = []  # (x0, x1) of every non-space letter, in order
    for quad, word in zip(word_quads, words):
        wx = [float(p[0]) * sx for p in quad]
        step = (max(wx) - min(wx)) / len(word)
        letters.extend((min(wx) + i * step, min(wx) + (i + 1) * step) for i in range(len(word)))
    bounds: list[float] = []
    previous_end, k = x0, 0
    for ch in text:
        if ch == " ":
            bounds.append(previous_end)
            continue
        bounds.append(letters[k][0])
        previous_end = letters[k][1]
        k += 1
    bounds.append(previous_end if k else x1)
    return bounds


def _lines(boxes: list[_Box]) -> list[LineDraft]:
    """OCR boxes in reading order: rows top to bottom, boxes of a row left to right joined by " "."""
    drafts = []
    for row in cluster_rows(boxes, lambda b: (b.top, b.bottom)):
        row.sort(key=lambda b: b.x0)
        text_parts: list[str] = []
        char_x: list[float] | None = []
        confidence: list[float] = []
        for box in row:
            if text_parts:
                # The detector saw a gap between the two boxes: a space. Its boundaries are already
                # there: the previous box's closing x1 and this box's opening x0.
                text_parts.append(" ")
                confidence.append(1.0)
            text_parts.append(box.text)
            confidence.extend(box.confidence)
            char_x = char_x + box.char_x if char_x is not None and box.char_x is not None \
                else None
        box = (min(b.x0 for b in row), min(b.top for b in row), max(b.x1 for b in row),
               max(b.bottom for b in row))
        drafts.append(LineDraft("".join(text_parts), box, char_x, confidence))
    return drafts


_default_engine: OcrEngine | None = None
_default_lock = threading.Lock()


def default_engine() -> OcrEngine:
    """The process-wide engine (models are loaded at most once per process)."""
    global _default_engine
    with _default_lock:
        if _default_engine is None:
            _default_engine = OcrEngine()
        return _default_engine


def ocr_available() -> tuple[bool, str | None]:
    """(can OCR run here, why not) — loads the models on first call."""
    engine = default_engine()
    return engine.available(), engine.unavailable_reason
