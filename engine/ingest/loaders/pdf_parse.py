"""What a bounded child process reads from a PDF: its text layers with positions (pdfplumber), and
the image of a page for OCR (PDFium). The gate and OCR itself run in the caller (loaders/pdf.py).

Coordinates are PDF points, top-left origin, relative to the *visible* page: the crop box with the
page's /Rotate applied. That is what viewers display and what PDFium renders for OCR, so boxes from
both sources line up. pdfplumber reports positions in the displayed media box, so a crop-box
offset is subtracted (pdfplumber's own ``page.cropbox`` is not used: it is wrong on rotated pages).

Lines are built from characters here rather than by ``extract_text_lines``: pdfplumber clusters
lines by ``top`` with a 3pt tolerance, which splits a line mixing font sizes (a CJK font and a
Latin font for digits, a larger heading word) into several lines out of order, and it reverses or
mis-groups text on rotated pages. See ``engine.ingest.layout.cluster_rows``.

Why a child process: a small PDF whose content streams inflate to gigabytes, or whose page tree
and forms nest without end, holds pdfminer (pure Python) for minutes and takes PDFium (C++) to
gigabytes when it renders the page — a 0.4 MiB file of 200 MiB of path operators took the caller
to several GB for 5 minutes — and no check of ours runs inside those loops. So both reads are what
``engine.ingest.loaders.budget.run_bounded`` runs: the kernel bounds the child's memory, the
parent its wall-clock, and the results come back as JSON (``page_to_json`` / ``page_from_json``;
floats round-trip exactly, so a page is the same as if read in process; pixels as base64). The
text-layer child never imports PDFium or numpy, so it starts small.
"""

from __future__ import annotations

import base64
import io
import logging
import math
import unicodedata
from dataclasses import dataclass
from typing import Any

import pdfplumber
from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfplumber.utils.exceptions import PdfminerException
from pdfplumber.utils.text import LIGATURES

from engine.ingest.layout import LineDraft, assemble_page, cluster_rows
from engine.types import BBox, IngestError, Line, PageText


log = logging.getLogger(__name__)

# A gap wider than this share of the font size between two characters of a line is a space
# (0.25em = pdfplumber's 3pt default at 12pt, scaled so small and large print behave the same).
SPACE_GAP_EM = 0.25
MIN_SPACE_GAP = 1.0  # points

# A character whose writing direction is within this many degrees of a page axis follows that
# axis; anything else (diagonal watermarks) is read as a separate group after the main text.
AXIS_TOLERANCE_DEG = 10.0

# Copies of a character closer than this (points) are one character drawn twice (simulated bold).
DUPLICATE_TOLERANCE = 1.0

_CID = "(cid:"
# Kangxi radicals and compatibility ideographs that broken font maps emit instead of the ordinary
# character (⼈ U+2F08 for 人): NFKC maps each to exactly one ordinary character, so repairing
# them keeps one character per glyph and the boxes stay right. (The CJK radicals supplement, e.g.
# ⺠, has no such mapping; those stay, and the quality gate counts them as junk.)
_REPAIRABLE_CJK = ((0x2F00, 0x2FDF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))


@dataclass
class _Frame:
    """The visible page inside pdfplumber's displayed media-box coordinates."""

    x0: float
    top: float
    x1: float
    bottom: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass
class _Glyph:
    text: str  # one or more letters (ligatures, multi-letter mappings): width spread evenly
    size: float
    box: tuple[float, float, float, float]  # displayed, relative to the visible page
    canon: tuple[float, float, float, float]  # rotated so the text runs left to right


# --- opening ----------------------------------------------------------------------------------


def _open(data: bytes) -> Any:
    try:
        pdf = pdfplumber.open(io.BytesIO(data))
        len(pdf.pages)  # parses the page tree: a truncated or broken file fails here
        return pdf
    except PdfminerException as exc:
        cause = exc.args[0] if exc.args else exc
        if isinstance(cause, (PDFPasswordIncorrect, PDFEncryptionError)):
            raise IngestError("PDF 已加密，需要密码才能打开；请解除密码保护后重新上传 "
                              "(the PDF is password-protected: remove the password and upload "
                              "it again)") from exc
        raise _corrupt(cause) from exc
    except Exception as exc:  # pdfminer raises many types on damaged files (struct, KeyError, ...)
        raise _corrupt(exc) from exc


def _corrupt(cause: BaseException) -> IngestError:
    return IngestError(f"PDF 文件已损坏或不完整，无法解析；请重新导出或重新下载 (the PDF is damaged "
                       f"or truncated and cannot be read: {type(cause).__name__}: {cause})")


def _meta(pdf: Any, page_count: int) -> dict[str, Any]:
    meta: dict[str, Any] = {"page_count": page_count}
    info = pdf.metadata or {}
    for key in ("Title", "Author", "Subject", "Producer", "Creator", "CreationDate", "ModDate"):
        value = info.get(key)
        if isinstance(value, bytes):
            value = value.decode("utf-8", "replace")
        if isinstance(value, str) and value.strip():
            meta[key.lower()] = value.strip()
    return meta


# --- page geometry ----------------------------------------------------------------------------


def _normalise_box(box: Any) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in box)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _frame(page: Any) -> _Frame:
    """The crop box in pdfplumber's displayed coordinates (pdfminer's rotation transform)."""
    mx0, my0, mx1, my1 = _normalise_box(page.page_obj.mediabox)
    rotation = int(page.page_obj.rotate or 0) % 360
    try:
        cx0, cy0, cx1, cy1 = _normalise_box(page.page_obj.cropbox)
    except (TypeError, ValueError):
        cx0, cy0, cx1, cy1 = mx0, my0, mx1, my1

    def displayed(x: float, y: float) -> tuple[float, float]:
        if rotation == 90:
            return y - my0, x - mx0
        if rotation == 180:
            return mx1 - x, y - my0
        if rotation == 270:
            return my1 - y, mx1 - x
        return x - mx0, my1 - y

    (ax, at), (bx, bt) = displayed(cx0, cy0), displayed(cx1, cy1)
    width, height = (my1 - my0, mx1 - mx0) if rotation in (90, 270) else (mx1 - mx0, my1 - my0)
    frame = _Frame(max(0.0, min(ax, bx)), max(0.0, min(at, bt)), min(width, max(ax, bx)),
                   min(height, max(at, bt)))
    if frame.width <= 0 or frame.height <= 0:  # a crop box outside the media box: ignore it
        frame = _Frame(0.0, 0.0, width, height)
    return frame


def image_coverage(page: Any, frame: _Frame) -> float:
    """Share of the visible page covered by images (summed, capped at 1: scans rarely overlap)."""
    covered = 0.0
    for image in page.images:
        w = min(image["x1"], frame.x1) - max(image["x0"], frame.x0)
        h = min(image["bottom"], frame.bottom) - max(image["top"], frame.top)
        if w > 0 and h > 0:
            covered += w * h
    return min(1.0, covered / (frame.width * frame.height))


# --- characters → lines -----------------------------------------------------------------------


def _direction(char: dict[str, Any]) -> tuple[str, bool]:
    """(axis the text advances along, True if it is off-axis) from the text matrix."""
    a, b = char["matrix"][0], char["matrix"][1]
    if b == 0 and a > 0:  # the common case, decided without trigonometry
        return "ltr", False
    angle = math.degrees(math.atan2(b, a))  # pdfminer space: y grows upwards
    axes = {"ltr": 0.0, "btt": 90.0, "rtl": 180.0, "ttb": -90.0}
    name, off = min(((n, abs((angle - deg + 180) % 360 - 180)) for n, deg in axes.items()),
                    key=lambda t: t[1])
    return name, off > AXIS_TOLERANCE_DEG


def _canonical(box: tuple[float, float, float, float], direction: str, width: float,
               height: float) -> tuple[float, float, float, float]:
    """Rotate a displayed box so text of ``direction`` runs left to right, lines top to bottom."""
    x0, top, x1, bottom = box
    if direction == "ttb":  # turned clockwise: lines follow each other right to left
        return top, width - x1, bottom, width - x0
    if direction == "rtl":  # upside down
        return width - x1, height - bottom, width - x0, height - top
    if direction == "btt":  # turned counter-clockwise: lines follow each other left to right
        return height - bottom, x0, height - top, x1
    return box


def _glyph_text(raw: str) -> str:
    if raw.startswith(_CID):
        return "\ufffd"  # a glyph without a Unicode mapping: one honest "unknown" character
    if raw in LIGATURES:
        return LIGATURES[raw]
    out = []
    for ch in raw:
        if ch in "\r\n":
            ch = " "
        elif ord(ch) >= 0x2F00 and any(lo <= ord(ch) <= hi for lo, hi in _REPAIRABLE_CJK):
            mapped = unicodedata.normalize("NFKC", ch)
            ch = mapped if len(mapped) == 1 else ch
        out.append(ch)
    return "".join(out)


def _line_draft(row: list[_Glyph], horizontal: bool) -> LineDraft | None:
    """Letters of one row left to right; spaces where the PDF has space glyphs or a wide gap."""
    row.sort(key=lambda g: (g.canon[0], g.canon[2]))
    text: list[str] = []
    char_x: list[float] = []
    previous: _Glyph | None = None
    pending_space = False
    for glyph in row:
        if glyph.text.isspace():
            pending_space = previous is not None
            continue
        if previous is not None:
            gap = glyph.canon[0] - previous.canon[2]
            if pending_space or gap > max(MIN_SPACE_GAP, SPACE_GAP_EM * min(glyph.size,
                                                                            previous.size)):
                text.append(" ")
                char_x.append(previous.box[2])  # the space runs from the previous glyph's end
        pending_space = False
        step = (glyph.box[2] - glyph.box[0]) / len(glyph.text)
        for i, letter in enumerate(glyph.text):
            text.append(letter)
            char_x.append(glyph.box[0] + i * step)
        previous = glyph
    if previous is None:
        return None
    char_x.append(previous.box[2])
    kept = [g for g in row if not g.text.isspace()]
    box = (min(g.box[0] for g in kept), min(g.box[1] for g in kept),
           max(g.box[2] for g in kept), max(g.box[3] for g in kept))
    # x boundaries only describe horizontal text; vertical lines keep their box only.
    return LineDraft("".join(text), box, char_x if horizontal else None)


def _dedupe(chars: list[dict[str, Any]], tolerance: float = DUPLICATE_TOLERANCE) -> list[dict]:
    """Drop characters drawn again at (almost) the same place: how PDFs simulate bold type.

    Same semantics as pdfplumber's ``dedupe_chars`` (same text, font and size, position within
    ``tolerance``), but linear: pdfplumber's takes ~0.7s on a dense 4,000-character page.
    """
    seen: dict[tuple[Any, ...], list[tuple[float, float]]] = {}  # grid cell -> positions
    kept = []
    for char in chars:
        x, top = float(char["x0"]), float(char["top"])
        ident = (char.get("text"), char.get("fontname"), round(float(char.get("size") or 0), 2))
        ix, it = int(x // tolerance), int(top // tolerance)
        if any(abs(x - px) <= tolerance and abs(top - pt) <= tolerance
               for dx in (-1, 0, 1) for dy in (-1, 0, 1)
               for px, pt in seen.get((*ident, ix + dx, it + dy), ())):
            continue
        seen.setdefault((*ident, ix, it), []).append((x, top))
        kept.append(char)
    return kept


def text_layer(page: Any, number: int) -> tuple[PageText, float]:
    """The page's text layer as a PageText, and the share of the page covered by images."""
    frame = _frame(page)
    width, height = page.width, page.height  # displayed media box: the canonical frames use it
    groups: dict[tuple[str, bool], list[_Glyph]] = {}
    for char in _dedupe(page.chars):
        text = _glyph_text(char.get("text") or "")
        cx, cy = (char["x0"] + char["x1"]) / 2, (char["top"] + char["bottom"]) / 2
        if not text or not (frame.x0 <= cx <= frame.x1 and frame.top <= cy <= frame.bottom):
            continue  # outside the crop box: invisible in any viewer
        direction = _direction(char)
        box = (char["x0"], char["top"], char["x1"], char["bottom"])
        shifted = (box[0] - frame.x0, box[1] - frame.top, box[2] - frame.x0, box[3] - frame.top)
        groups.setdefault(direction, []).append(
            _Glyph(text, float(char.get("size") or 0.0) or (box[3] - box[1]), shifted,
                   _canonical(box, direction[0], width, height)))

    drafts: list[LineDraft] = []
    # The dominant group is the page's text; other directions (margin stamps, watermarks) follow.
    for (direction, off_axis), glyphs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        for row in cluster_rows(glyphs, lambda g: (g.canon[1], g.canon[3])):
            draft = _line_draft(row, horizontal=direction == "ltr" and not off_axis)
            if draft is not None:
                drafts.append(draft)
    page_text = assemble_page(number, drafts, width=frame.width, height=frame.height,
                              source="text")
    return page_text, image_coverage(page, frame)



# --- the child's work and its wire format ---------------------------------------------------


def read_text_layers(data: bytes) -> dict[str, Any]:
    """``{"meta": {...}, "pages": [{"page": page_to_json(...), "coverage", "unreadable"}]}``.

    Meta: ``page_count``; ``title``, ``author``, ``subject``, ``producer``, ``creator``,
    ``creationdate``, ``moddate`` when the PDF has them. A page whose content stream cannot be read
    comes back empty and ``unreadable`` (the gate sends it to OCR); the others are not lost.
    """
    pdf = _open(data)
    try:
        page_count = len(pdf.pages)
        if page_count == 0:
            raise IngestError("PDF 中没有任何页面 (the PDF has no pages)")
        meta = _meta(pdf, page_count)
        pages = []
        for index, plumber_page in enumerate(pdf.pages):
            pages.append(_layer_of(plumber_page, index + 1))
            plumber_page.close()  # frees pdfminer's layout cache: long PDFs stay small in memory
    finally:
        pdf.close()
    return {"meta": meta, "pages": pages}


def _layer_of(plumber_page: Any, number: int) -> dict[str, Any]:
    try:
        page, coverage = text_layer(plumber_page, number)
        unreadable = False
    except MemoryError:  # not a damaged page: the file is over the budget (budget.py reports it)
        raise
    except Exception as exc:  # a damaged content stream on one page must not lose the others
        log.warning("page %d: text layer unreadable (%s: %s)", number, type(exc).__name__, exc)
        frame = _frame(plumber_page)
        page = assemble_page(number, [], width=frame.width, height=frame.height, source="text")
        coverage, unreadable = 0.0, True
    return {"page": page_to_json(page), "coverage": coverage, "unreadable": unreadable}


def page_to_json(page: PageText) -> dict[str, Any]:
    """A text-layer page (no quality, no OCR confidence yet) as JSON-able data, floats unrounded."""
    return {"number": page.number, "text": page.text, "width": page.width, "height": page.height,
            "source": page.source,
            "lines": [[line.start, line.end,
                       None if line.bbox is None else [line.bbox.page, line.bbox.x0, line.bbox.top,
                                                       line.bbox.x1, line.bbox.bottom],
                       None if line.char_x is None else list(line.char_x)] for line in page.lines]}


def page_from_json(data: dict[str, Any]) -> PageText:
    lines = [Line(start, end, None if box is None else BBox(*box),
                  None if char_x is None else tuple(char_x))
             for start, end, box, char_x in data["lines"]]
    return PageText(number=data["number"], text=data["text"], lines=lines, width=data["width"],
                    height=data["height"], source=data["source"])


def render_page(data: bytes, *, page_number: int, dpi: int) -> dict[str, Any]:
    """``{"width", "height"}`` of the visible page in points (crop box, /Rotate applied — the frame
    of the text layers' boxes) and its grayscale pixels at ``dpi`` (``"rows"``, ``"columns"``,
    ``"stride"``, ``"pixels"`` base64), or ``{"error": why}`` when PDFium cannot render it (the
    page is then flagged ocr_failed; a render over the budget refuses the file instead). No numpy
    here: its thread buffers alone need more than a tight budget allows."""
    import pypdfium2 as pdfium

    try:
        document = pdfium.PdfDocument(data)
        try:
            if not 1 <= page_number <= len(document):
                return {"error": f"page {page_number} is out of range 1..{len(document)}"}
            page = document[page_number - 1]
            try:
                width, height = page.get_size()
                bitmap = page.render(scale=dpi / 72, grayscale=True)
                pixels = bytes(bitmap.buffer)
                rows, columns, stride = bitmap.height, bitmap.width, bitmap.stride
            finally:
                page.close()
        finally:
            document.close()
    except pdfium.PdfiumError as exc:
        return {"error": f"PDFium cannot render page {page_number}: {exc}"}
    return {"width": width, "height": height, "rows": rows, "columns": columns, "stride": stride,
            "pixels": base64.b64encode(pixels).decode("ascii")}


def pixels_from_json(data: dict[str, Any]) -> Any:
    """The grayscale image ``render_page`` sent, as the numpy array OCR reads."""
    import numpy as np

    rows = np.frombuffer(base64.b64decode(data["pixels"]), dtype=np.uint8).reshape(data["rows"], data["stride"])
    return rows[:, :data["columns"]].copy()  # writable and contiguous, as PDFium's own to_numpy copy was
