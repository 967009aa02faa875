"""Sentences and clauses of a chunk, with offsets into the chunk text.

PDF text keeps the page's line breaks, which fall anywhere in a sentence, so a newline ends a
sentence only where a new 问/答 turn (or a numbered clause) starts.
"""

from __future__ import annotations

import re

# Segment, split and trimmed live in engine/text/boundaries.py with every boundary option; they are
# imported here too because most readers take them with the chunk helpers below.
from engine.text.boundaries import CLAUSE_FIELD_DATED, SENTENCE_PER_LINE, SENTENCE_WITH_TURNS, Segment, split, trimmed
from engine.text.lines import join_pdf_lines
from engine.types import Chunk

_TURN = re.compile(r"^\s*(?:[问答](?:\s*[:：])|Q[:：.]|A[:：.])")
_UNCERTAIN = re.compile(r"记不清|记不太清|不记得|忘记|忘了|说不准|说不清|不清楚|不知道|不详|不确定|想不起")

__all__ = ["Segment", "split", "trimmed", "answer_region", "question_text", "sentences", "clauses",
           "strip_turn_marker", "is_uncertain", "uncertain_span", "flat"]


def answer_region(chunk: Chunk) -> tuple[int, int]:
    """Where the answer is: after 答 in a 问/答 chunk, the whole text otherwise."""
    start = chunk.meta.get("answer_start")
    if isinstance(start, int) and 0 <= start < len(chunk.text):
        return start, len(chunk.text)
    return 0, len(chunk.text)


def question_text(chunk: Chunk) -> str:
    """What a chunk's sentences answer: the 问 of a 问/答 pair; for a header block its title
    (讯问笔录: every field line is about that interrogation); empty otherwise. A statute's header
    (promulgation and amendment lines) is not about its title's words: 全国年节及纪念日放假办法's
    header does not answer 春节放假几天."""
    if chunk.chunk_type == "header" and chunk.kind != "statute":
        return str(chunk.meta.get("title") or chunk.text.split("\n", 1)[0])
    return (chunk.meta.get("question") or "").replace("\n", "")


# Blocks of labelled fields (a transcript header, a signature block) end a "sentence" per line.
_FIELD_BLOCKS = {"header", "signature"}


def sentences(chunk: Chunk, *, answer_only: bool = True) -> list[Segment]:
    start, end = answer_region(chunk) if answer_only else (0, len(chunk.text))
    pattern = SENTENCE_PER_LINE if chunk.chunk_type in _FIELD_BLOCKS else SENTENCE_WITH_TURNS
    return split(chunk.text, start, end, pattern)


def clauses(chunk: Chunk, sentence: Segment) -> list[Segment]:
    return split(chunk.text, sentence.start, sentence.end, CLAUSE_FIELD_DATED) or [sentence]


def strip_turn_marker(segment: Segment) -> Segment:
    """'答：退过一次。' -> '退过一次。' (offsets kept exact)."""
    match = _TURN.match(segment.text)
    rest = trimmed(segment.text, match.end(), len(segment.text)) if match else None
    if rest is None:
        return segment
    return Segment(segment.start + rest.start, segment.start + rest.end, rest.text)


def is_uncertain(text: str) -> bool:
    return bool(_UNCERTAIN.search(text))


def uncertain_span(text: str) -> tuple[int, int] | None:
    match = _UNCERTAIN.search(text)
    return match.span() if match else None


def flat(text: str) -> str:
    """Display form: the PDF's line breaks inside a sentence joined (engine/text/lines.py)."""
    return join_pdf_lines(text)
