"""Passages and clauses of a chunk for the judge: the units it judges and the units it quotes.

A passage is a sentence — Chinese ends at 。！？；, English at a full stop followed by a new
sentence, both at a line break that starts a numbered item — and a sentence longer than
``MAX_PASSAGE`` (judgment fact sections often lost their full stops) is cut at clause boundaries
into pieces of about ``TARGET_PASSAGE`` characters. A clause is the part of a passage between
commas, colons and semicolons: the shortest unit a span answer quotes. ``、`` does not end a
clause (生产、销售…罪 is one item). Offsets are into the chunk text, so a quote stays verbatim.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text.boundaries import CLAUSE_QUOTE, PASSAGE, Segment, split, trimmed
from engine.types import Chunk

MAX_PASSAGE = 160  # weighted characters (see _weight); a longer sentence is cut at clause boundaries
TARGET_PASSAGE = 90
_HAN = re.compile(r"[\u4e00-\u9fff]")
_NUMBERING_ONLY = re.compile(r"^[\s(（]*(?:\d+(?:\.\d+)*|[a-zA-Z]|[ivxIVX]+|[一二三四五六七八九十]+)[.)）、.\s]*$")


@dataclass(frozen=True)
class Passage:
    """A passage of a chunk: ``segment`` offsets are into ``chunk.text``."""
    chunk: Chunk
    segment: Segment
    position: int  # order of the passage within its chunk


def _weight(text: str) -> float:
    """Length in Chinese-character equivalents: an English sentence carries about as much as a
    Chinese one a third of its length, so both are cut at comparable sizes."""
    han = len(_HAN.findall(text))
    return han + 0.35 * (len(text) - han)


def _cut_long(text: str, piece: Segment) -> list[Segment]:
    if _weight(piece.text) <= MAX_PASSAGE:
        return [piece]
    clauses = split(text, piece.start, piece.end, CLAUSE_QUOTE) or [piece]
    out: list[Segment] = []
    start = clauses[0].start
    for i, clause in enumerate(clauses):
        last = i == len(clauses) - 1
        if _weight(text[start:clause.end]) >= TARGET_PASSAGE or last:
            seg = trimmed(text, start, clause.end)
            if seg:
                out.extend(_hard_cut(text, seg))
            if not last:
                start = clauses[i + 1].start
    return out


def _hard_cut(text: str, seg: Segment) -> list[Segment]:
    """A clause longer than MAX_PASSAGE by itself (an English run-on list) is cut at spaces."""
    if len(seg.text) <= MAX_PASSAGE * 3:
        return [seg]
    out, start = [], seg.start
    while seg.end - start > MAX_PASSAGE * 3:
        cut = text.rfind(" ", start + TARGET_PASSAGE, start + MAX_PASSAGE * 3)
        cut = cut if cut > start else start + MAX_PASSAGE * 3
        piece = trimmed(text, start, cut)
        if piece:
            out.append(piece)
        start = cut
    tail = trimmed(text, start, seg.end)
    if tail:
        out.append(tail)
    return out


def passages(chunk: Chunk) -> list[Passage]:
    text = chunk.text
    pieces: list[Segment] = []
    pending: int | None = None  # start of a bare clause number ("2.") waiting for its text
    for piece in split(text, 0, len(text), PASSAGE):
        if _NUMBERING_ONLY.match(piece.text):
            pending = piece.start if pending is None else pending
            continue
        if pending is not None:
            piece = trimmed(text, pending, piece.end) or piece
            pending = None
        pieces.append(piece)
    out: list[Segment] = []
    for piece in pieces:
        out.extend(_cut_long(text, piece))
    return [Passage(chunk, seg, i) for i, seg in enumerate(out) if any(ch.isalnum() for ch in seg.text)]


def clauses(text: str, segment: Segment) -> list[Segment]:
    """Clauses of ``segment`` (offsets into ``text``), each without its closing punctuation."""
    found = split(text, segment.start, segment.end, CLAUSE_QUOTE) or [segment]
    out = []
    for clause in found:
        end = clause.end
        while end > clause.start and text[end - 1] in "，：:；;,。.！？!?、 \n":
            end -= 1
        piece = trimmed(text, clause.start, end)
        if piece:
            out.append(piece)
    return out
