"""Numbers of a scan's text layer checked against OCR of its image.

A scanner's invisible text layer can be right character for character and still misread digits
(36,800 → 36,888, 2023年11月 → 2823年71月): the bigram agreement of the scan gate passes it, because
everything around the digits is right. So on every page whose layer the gate kept, each number of
the layer — amounts, dates, identifiers, Chinese numerals — is compared with what OCR read in the
same place (the OCR line at the same height, characters aligned by difflib). Where they differ,
OCR's reading becomes the page text: it read the visible image. When OCR itself was unsure of
those characters the page also records the two readings as a conflict, so that an answer quoting
them says so instead of stating either one alone.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher

from engine.ingest.layout import LineDraft, assemble_page
from engine.types import Line, PageText

# OCR's per-character confidence from which its reading of a number is taken as sure. PP-OCR reads
# clean digits of a 216 dpi scan at 0.99; a doubtful glyph drops below 0.9.
SURE_CONFIDENCE = 0.9

_CN_DIGITS = "零〇一二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟"
# A number as a layer writes it: digits with thousands separators or a decimal point between
# them, an ID's check letter, or a run of Chinese numerals.
NUMBER = re.compile(rf"\d(?:[,.]?\d)*(?:(?<=\d{{14}})[Xx])?|[{_CN_DIGITS}]+")
_ARABIC = re.compile(r"[\d,.Xx]")
_CHINESE = re.compile(rf"[{_CN_DIGITS}]")


@dataclass(frozen=True)
class Reading:
    """A number the layer and OCR read differently: where it is in the page text as kept (after
    OCR's reading replaced the layer's), both readings and OCR's confidence."""

    line: int
    start: int
    end: int
    layer: str
    ocr: str
    confidence: float
    sure: bool

    def to_dict(self) -> dict:
        return asdict(self)


def _normalised(text: str) -> tuple[str, list[int]]:
    """NFKC characters of ``text`` without spaces, each with its index in ``text``."""
    out, where = [], []
    for i, ch in enumerate(text):
        if ch.isspace():
            continue
        norm = unicodedata.normalize("NFKC", ch)
        if len(norm) == 1:
            out.append(norm)
            where.append(i)
    return "".join(out), where


def _digits(token: str) -> str:
    return token.replace(",", "").upper()


def _ocr_line_for(line: Line, ocr: PageText) -> int | None:
    """The OCR line at the same height as ``line`` (most vertical overlap), if any."""
    if line.bbox is None:
        return None
    best, best_overlap = None, 0.0
    for i, other in enumerate(ocr.lines):
        if other.bbox is None:
            continue
        overlap = min(line.bbox.bottom, other.bbox.bottom) - max(line.bbox.top, other.bbox.top)
        height = min(line.bbox.bottom - line.bbox.top, other.bbox.bottom - other.bbox.top)
        if height > 0 and overlap / height >= 0.5 and overlap > best_overlap:
            best, best_overlap = i, overlap
    return best


def _mapped(opcodes, start: int, end: int) -> tuple[int, int]:
    """The range of the second string aligned with ``[start, end)`` of the first."""
    b0 = b1 = None
    for tag, i1, i2, j1, j2 in opcodes:
        if b0 is None and i1 <= start < i2:
            b0 = j1 + (start - i1) if tag == "equal" else j1
        if i1 < end <= i2:
            b1 = j1 + (end - i1) if tag == "equal" else j2
    return (b0 or 0), (b1 if b1 is not None else b0 or 0)


def _widened(text: str, start: int, end: int, chars: re.Pattern[str]) -> tuple[int, int]:
    """``[start, end)`` grown over the number characters (of the same script) around it."""
    while start > 0 and chars.match(text[start - 1]):
        start -= 1
    while end < len(text) and chars.match(text[end]):
        end += 1
    return start, end


def _replacement(layer: str, ocr: str) -> str:
    """OCR's reading in the layer's form: digit for digit when both have as many digits (36,888 →
    36,800 keeps its comma), else OCR's own characters."""
    layer_digits = [c for c in layer if c.isdigit()]
    ocr_digits = [c for c in ocr if c.isdigit()]
    if len(layer_digits) == len(ocr_digits) and layer_digits:
        digits = iter(ocr_digits)
        return "".join(next(digits) if c.isdigit() else c for c in layer)
    return ocr


def compare_numbers(layer: PageText, ocr: PageText) -> list[tuple[int, int, int, str, float]]:
    """Numbers of ``layer`` OCR reads otherwise: (line, start, end in the layer page text, OCR's
    reading, OCR's lowest confidence over it)."""
    found = []
    for n, line in enumerate(layer.lines):
        text = layer.text[line.start:line.end]
        if not NUMBER.search(text):
            continue
        k = _ocr_line_for(line, ocr)
        if k is None:
            continue
        other = ocr.lines[k]
        ocr_text = ocr.text[other.start:other.end]
        scores = (ocr.confidence or [None] * len(ocr.lines))[k]
        a, a_at = _normalised(text)
        b, b_at = _normalised(ocr_text)
        opcodes = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        for match in NUMBER.finditer(a):
            chinese = match.group()[0] in _CN_DIGITS
            b0, b1 = _widened(b, *_mapped(opcodes, match.start(), match.end()), _CHINESE if chinese else _ARABIC)
            read = b[b0:b1].strip(",.")
            if _digits(read) == _digits(match.group()):
                continue
            if chinese and not read:
                continue  # a Chinese numeral OCR reads as some other word: not a number to weigh
            # how sure OCR is of the characters that make the value (a separator's doubt is not)
            chars = [b_at[i] for i in range(b0, b1) if b[i] not in ",."]
            confidence = min((scores[i] for i in chars), default=0.0) if scores else 0.0
            start = line.start + a_at[match.start()]
            end = line.start + a_at[match.end() - 1] + 1
            found.append((n, start, end, _replacement(layer.text[start:end], read) if read else "", confidence))
    return found


def apply_ocr_numbers(layer: PageText, ocr: PageText) -> tuple[PageText, list[Reading]]:
    """``layer`` with every number OCR reads otherwise replaced by OCR's reading, and the
    readings. Boxes stay the layer's; a replaced number of another length has its characters
    spread evenly over the box the layer's number had."""
    differences = compare_numbers(layer, ocr)
    if not differences:
        return layer, []
    by_line: dict[int, list[tuple[int, int, str, float]]] = {}
    for n, start, end, read, confidence in differences:
        by_line.setdefault(n, []).append((start, end, read, confidence))
    drafts, readings = [], []
    for n, line in enumerate(layer.lines):
        text = layer.text[line.start:line.end]
        char_x = list(line.char_x) if line.char_x is not None else None
        shift = 0
        for start, end, read, confidence in by_line.get(n, []):
            s, e = start - line.start + shift, end - line.start + shift
            old = text[s:e]
            new = read or old  # OCR saw no number there: the layer's stays, as one reading of two
            text = text[:s] + new + text[e:]
            if char_x is not None:
                x0, x1 = char_x[s], char_x[e]
                step = (x1 - x0) / len(new)
                char_x = char_x[:s] + [x0 + i * step for i in range(len(new))] + char_x[e:]
            readings.append(Reading(n, s, s + len(new), old, read, round(confidence, 3),
                                    bool(read) and confidence >= SURE_CONFIDENCE))
            shift += len(new) - len(old)
        box = line.bbox
        drafts.append(LineDraft(text, None if box is None else (box.x0, box.top, box.x1, box.bottom), char_x))
    page = assemble_page(layer.number, drafts, width=layer.width, height=layer.height, source=layer.source)
    # line-relative offsets → offsets into the new page text
    readings = [Reading(r.line, page.lines[r.line].start + r.start, page.lines[r.line].start + r.end,
                        r.layer, r.ocr, r.confidence, r.sure) for r in readings]
    page.quality = layer.quality
    return page, readings
