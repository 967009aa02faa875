"""Positioned text → page text with line anchors, shared by the PDF text layer and OCR.

Both sources give pieces of text with boxes (PDF characters, OCR boxes); both must become the
same thing: lines in reading order, page text = lines joined by "\\n", and for every line its box
and per-character x boundaries, so that ``page.text[line.start:line.end]`` is the line and
``char_x[i]..char_x[i+1]`` is the horizontal extent of its i-th character.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar
from collections.abc import Callable, Sequence

from engine.types import BBox, Line, PageText

T = TypeVar("T")

# A band thinner than this (zero-height glyphs exist) is widened to it so it can still overlap.
_MIN_BAND = 1.0


@dataclass
class LineDraft:
    """One line before offsets are known. ``box`` = (x0, top, x1, bottom) in page points."""

    text: str
    box: tuple[float, float, float, float] | None
    char_x: list[float] | None  # len(text) + 1 when present
    confidence: list[float] | None = None  # OCR: the recogniser's confidence per character


def cluster_rows(items: Sequence[T], band: Callable[[T], tuple[float, float]]) -> list[list[T]]:
    """Group items into rows by their vertical band ``(top, bottom)``, rows ordered top to bottom.

    An item joins the current row when each one's vertical centre lies inside the other's band
    (the row's centre is the mean of its members'). Unlike clustering by ``top`` with a fixed
    tolerance, this keeps a line whose characters have different sizes or fonts (an 18pt heading
    word, 7pt notes, CJK and Latin fonts with different ascents) together.
    Items within a row keep their input order; callers sort them along the line.
    """
    def centre_and_band(item: T) -> tuple[float, float, float]:
        top, bottom = band(item)
        centre = (top + bottom) / 2
        if bottom - top < _MIN_BAND:
            top, bottom = centre - _MIN_BAND / 2, centre + _MIN_BAND / 2
        return centre, top, bottom

    rows: list[list[T]] = []
    row_top = row_bottom = centre_sum = 0.0
    for item in sorted(items, key=lambda it: centre_and_band(it)[0]):
        centre, top, bottom = centre_and_band(item)
        if rows:
            row_centre = centre_sum / len(rows[-1])
            if row_top <= centre <= row_bottom and top <= row_centre <= bottom:
                rows[-1].append(item)
                row_top, row_bottom = min(row_top, top), max(row_bottom, bottom)
                centre_sum += centre
                continue
        rows.append([item])
        row_top, row_bottom, centre_sum = top, bottom, centre
    return rows


def assemble_page(number: int, drafts: Sequence[LineDraft], *, width: float, height: float,
                  source: str) -> PageText:
    """Join line drafts into a PageText; offsets, boxes and char_x stay consistent with the text."""
    lines: list[Line] = []
    parts: list[str] = []
    confidence: list[tuple[float, ...] | None] = []
    offset = 0
    for draft in drafts:
        if "\n" in draft.text:
            raise ValueError(f"line text must not contain a newline: {draft.text!r}")
        if draft.char_x is not None and len(draft.char_x) != len(draft.text) + 1:
            raise ValueError(f"char_x has {len(draft.char_x)} entries for {len(draft.text)} "
                             f"characters in {draft.text!r}")
        if parts:
            offset += 1  # the "\n" between lines
        bbox = BBox(number, *draft.box) if draft.box is not None else None
        char_x = tuple(draft.char_x) if draft.char_x is not None else None
        lines.append(Line(offset, offset + len(draft.text), bbox, char_x))
        confidence.append(tuple(draft.confidence) if draft.confidence is not None else None)
        parts.append(draft.text)
        offset += len(draft.text)
    return PageText(number=number, text="\n".join(parts), lines=lines, width=width,
                    height=height, source=source,
                    confidence=confidence if any(c is not None for c in confidence) else None)


def text_lines(number: int, text: str) -> PageText:
    """A page without geometry (TXT, Markdown, DOCX): one Line per "\\n"-separated line."""
    return assemble_page(number, [LineDraft(part, None, None) for part in text.split("\n")],
                         width=0.0, height=0.0, source="text")
