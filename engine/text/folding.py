"""Views of a text with the characters that hide a value or a phrase folded away, each character
mapped back to the source.

``normalize.to_halfwidth`` maps one character to one, so spans carry over unchanged. Writing
tricks are not of that kind: a zero-width space inside an ID number, 110102 19760304 5626 written
in groups, 忽 略 以 上 spaced out or split over two lines. A ``View`` drops such characters and
keeps, for every character it has, the index of the source character it came from; a span found
in the view maps back to the source span covering the original characters, noise included, so
masking and highlighting cover what the reader sees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text.normalize import to_halfwidth

# Characters that render as nothing (format controls, joiners, bidi marks, the soft hyphen, Hangul
# fillers): inserted inside a number or a word, they stop a pattern without changing what is read.
ZERO_WIDTH = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
              "\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0")
_ZERO_WIDTH_RE = re.compile(f"[{ZERO_WIDTH}]+")
# Dashes people and word processors put between digit groups (the full-width one is half-width
# by then): hyphen, non-breaking hyphen, figure dash, en and em dash, minus, small hyphen-minus.
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"
# Between two digits, a short run of spaces, line breaks or dashes is grouping, not a boundary.
_DIGIT_GAP_RE = re.compile(rf"(?<=[0-9])[ \t\n{re.escape(DASHES)}]{{1,3}}(?=[0-9])")


@dataclass(frozen=True)
class View:
    """``text`` and, for each of its characters, the index in the source it came from."""

    text: str
    where: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> View:
        return cls(text, tuple(range(len(text))))

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source span ``[start, end)`` of the view comes from (characters dropped inside it
        included)."""
        return self.where[start], self.where[end - 1] + 1

    def dropping(self, pattern: re.Pattern) -> View:
        """This view without every match of ``pattern``."""
        pieces: list[str] = []
        where: list[int] = []
        last, dropped = 0, False
        for match in pattern.finditer(self.text):
            pieces.append(self.text[last:match.start()])
            where.extend(self.where[last:match.start()])
            last, dropped = match.end(), True
        if not dropped:
            return self
        pieces.append(self.text[last:])
        where.extend(self.where[last:])
        return View("".join(pieces), tuple(where))

    def mapped(self, table: dict[int, str]) -> View:
        """Characters replaced one for one (``str.translate`` tables whose values are single
        characters): the map back does not change."""
        return View(self.text.translate(table), self.where)


def without_zero_width(text: str) -> View:
    return View.of(text).dropping(_ZERO_WIDTH_RE)


def digits_joined(text: str) -> View:
    """Half-width, no zero-width characters, and no spaces, line breaks or dashes between two
    digits: 110102 19760304 5626, 6222-0212-3456-7890-123 and １３８\u200b1234５６７８ read as the
    numbers they are."""
    return View.of(to_halfwidth(text)).dropping(_ZERO_WIDTH_RE).dropping(_DIGIT_GAP_RE)


def has_digit_noise(text: str) -> bool:
    """Whether ``digits_joined`` would change anything but the width: the cheap test before it."""
    return bool(_ZERO_WIDTH_RE.search(text) or _DIGIT_GAP_RE.search(to_halfwidth(text)))
