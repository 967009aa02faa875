"""A PDF's line breaks inside a sentence are layout, not meaning: how to join them for display.

Dropped between Chinese characters (合\\n同 → 合同); a space between words of a Latin script
(conflict of\\nlaws → conflict of laws, not "oflaws"); nothing inside a number broken across lines
(4200\\n0元, ¥12,\\n500.00 keep their value) or after a hyphenating dash (non-\\ncompete).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable

from engine.types import Fact

_BREAK = re.compile(r"[ \t\u3000]*\n[\s]*")


def _space_between(left: str, right: str) -> bool:
    if not (left.isascii() and right.isascii()):
        return False  # Chinese on either side: the break was only layout
    if left.isdigit() and right.isdigit():
        return False  # a number split across lines
    if left in ",." and right.isdigit():
        return False  # thousands separator or decimal point before the rest of the number
    return left not in "-/("


# A PDF's line break (and the spaces around it) where a wrapped word may be cut.
LINE_BREAK = r"(?:[ \t\u3000]*\n\s*)?"


def across_lines(words: str) -> str:
    """A pattern of literal words (``不知道|记不清``) that also matches each word cut by a PDF's line
    break (不知\\n道): a Word export wraps a line anywhere, inside a word as inside a number."""
    return "|".join(LINE_BREAK.join(re.escape(c) for c in word) for word in words.split("|"))


def join_pdf_lines(text: str) -> str:
    """``text`` with its line breaks (and the spaces around them) joined as described above."""
    return joined_view(text)[0]


def joined_view(text: str, *, tight: bool = False) -> tuple[str, list[int]]:
    """``join_pdf_lines(text)`` and, for each of its characters, the index in ``text`` it came from
    (an inserted space points at the break it replaced), so a span found in the joined text — a
    number a PDF wrapped — maps back to the original. ``tight`` never inserts a space: an ID's
    check character X on the next line belongs to the digits before it."""
    out: list[str] = []
    where: list[int] = []
    last, tail = 0, ""  # tail: the last character written so far
    for match in _BREAK.finditer(text):
        piece = text[last:match.start()]
        out.append(piece)
        where.extend(range(last, match.start()))
        tail = piece[-1] if piece else tail
        after = text[match.end():match.end() + 1]
        if not tight and tail and after and _space_between(tail, after):
            out.append(" ")
            where.append(match.start())
            tail = " "
        last = match.end()
    out.append(text[last:])
    where.extend(range(last, len(text)))
    return "".join(out), where


def find_whole(finder: Callable[[str], list[Fact]], text: str) -> list[Fact]:
    """``finder``'s facts of ``text``, with values a line break cuts read whole (转了10\\n万元,
    5,600\\n元, 2023年9月17\\n日, 24,\\n000.00元): found on the joined text and mapped back, so a
    fact's span covers both pieces (``text[start:end]`` keeps the break). A joined reading replaces
    the pieces it contains; one that would cut into another fact of the text is left out."""
    found = finder(text)
    if "\n" not in text:
        return found
    joined, where = joined_view(text, tight=True)
    for fact in finder(joined):
        start, end = where[fact.start], where[fact.end - 1] + 1
        if "\n" not in text[start:end]:
            continue  # no break inside: read as it stands already
        inside = [f for f in found if start <= f.start and f.end <= end]
        if any(f.start < end and start < f.end and f not in inside for f in found):
            continue
        found = [f for f in found if f not in inside]
        found.append(replace(fact, text=text[start:end], start=start, end=end))
    return sorted(found, key=lambda f: (f.start, f.end))
