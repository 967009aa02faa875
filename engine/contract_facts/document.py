"""A contract as the extractors see it: its chunks in order, each flattened and cut into sentences,
and the one way a match in a flat sentence becomes a located field (chunk span, page, quote)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from engine.contract_facts.model import Alignment, ClauseFact, ExtractionMode, FieldValue, Party
from engine.contract_facts.text import Duration, FlatText, flatten, sentence_spans
from engine.ingest.anchors import chunk_range_to_spans
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.types import Chunk, Fact

# A quote shown for a field is its sentence, cut to this many characters around the value:
# contract sentences run to a thousand characters, an evidence card should not.
MAX_QUOTE_CHARS = 320
# The kinds of termination_terms, in the order a contract's are listed.
TERMINATION_KINDS = ("convenience", "cause")


@dataclass
class Sentence:
    view: "ChunkView"
    start: int  # flat offsets
    end: int

    @property
    def text(self) -> str:
        return self.view.flat.text[self.start:self.end]

    def dates(self) -> list[Fact]:
        """Dates in this sentence (flat offsets, like the sentence's own)."""
        return [f for f in self.view.dates if self.start <= f.start and f.end <= self.end]

    def amounts(self) -> list[Fact]:
        return [f for f in self.view.amounts if self.start <= f.start and f.end <= self.end]


@dataclass
class ChunkView:
    chunk: Chunk
    flat: FlatText
    sentences: list[Sentence] = field(default_factory=list)
    dates: list[Fact] = field(default_factory=list)  # over the flat text
    amounts: list[Fact] = field(default_factory=list)

    @classmethod
    def of(cls, chunk: Chunk) -> "ChunkView":
        flat = flatten(chunk.text)
        view = cls(chunk, flat)
        view.sentences = [Sentence(view, s, e) for s, e in sentence_spans(flat.text)]
        view.dates = find_dates(flat.text)
        view.amounts = find_amounts(flat.text)
        return view

    def lines(self) -> Iterator[tuple[int, str]]:
        """(chunk offset, text) of each raw line: header blocks are read line by line."""
        offset = 0
        for line in self.chunk.text.split("\n"):
            yield offset, line
            offset += len(line) + 1


class ContractText:
    def __init__(self, doc_id: str, doc_name: str, chunks: list[Chunk]):
        self.doc_id = doc_id
        self.doc_name = doc_name
        self.views = [ChunkView.of(c) for c in chunks]
        cjk = sum(len(re.findall(r"[\u4e00-\u9fff]", v.flat.text)) for v in self.views)
        letters = sum(len(re.findall(r"[A-Za-z]", v.flat.text)) for v in self.views)
        # A Chinese contract quotes English names; an English one rarely has Chinese at all.
        self.language = "zh" if cjk * 3 >= letters else "en"

    def sentences(self) -> Iterator[Sentence]:
        for view in self.views:
            yield from view.sentences

    def preamble(self) -> list[ChunkView]:
        """Title and parties: the header chunks before the first clause (or the first chunk)."""
        heads = [v for v in self.views if v.chunk.chunk_type == "header"]
        return heads or self.views[:1]

    # -- making located values -------------------------------------------------------------------
    def _position(self, view: ChunkView, start: int, end: int, quote: tuple[int, int] | None,
                  source: ExtractionMode, alignment: Alignment) -> dict[str, Any]:
        c_start, c_end = view.flat.chunk_span(start, end)
        q_start, q_end = view.flat.chunk_span(*quote) if quote else (c_start, c_end)
        return self.chunk_position(view, c_start, c_end, (q_start, q_end), source, alignment)

    @staticmethod
    def chunk_position(view: ChunkView, c_start: int, c_end: int, quote: tuple[int, int],
                       source: ExtractionMode = ExtractionMode.RULES,
                       alignment: Alignment = Alignment.EXACT) -> dict[str, Any]:
        """Position fields for chunk ``[c_start, c_end)`` quoted by chunk ``quote``."""
        q_start, q_end = bounded_quote(view.chunk.text, quote[0], quote[1], c_start, c_end)
        spans = chunk_range_to_spans(view.chunk.spans, c_start, c_end) if view.chunk.spans else []
        page = spans[0].page if spans else view.chunk.page_start
        return {"chunk_id": view.chunk.chunk_id, "start": c_start, "end": c_end, "page": page,
                "quote_start": q_start, "quote_end": q_end, "alignment": alignment, "source": source}

    def field(self, name: str, value: Any, sentence: Sentence | ChunkView, start: int, end: int,
              meta: dict[str, Any] | None = None, *, source: ExtractionMode = ExtractionMode.RULES,
              alignment: Alignment = Alignment.EXACT) -> FieldValue:
        """A field found at flat ``[start, end)`` of a chunk view (sentence offsets are flat too)."""
        view, quote = _view_and_quote(sentence)
        pos = self._position(view, start, end, quote, source, alignment)
        return FieldValue(name=name, value=value, text=view.chunk.text[pos["start"]:pos["end"]],
                          meta=dict(meta or {}), **pos)

    def termination_term(self, sentence: Sentence, kind: str, notice: Duration | None,
                         trigger: re.Match[str]) -> FieldValue:
        """A right to terminate (``kind``: one of TERMINATION_KINDS) quoted at its notice period, or
        at the words that grant it (``trigger``, matched in the sentence) when it gives none."""
        start, end = ((notice.start, notice.end) if notice else
                      (sentence.start + trigger.start(), sentence.start + trigger.end()))
        return self.field("termination_terms", {"kind": kind, "notice": notice.value if notice else None},
                          sentence, start, end)

    def line_field(self, name: str, value: Any, view: ChunkView, c_start: int, c_end: int,
                   quote: tuple[int, int], meta: dict[str, Any] | None = None) -> FieldValue:
        """A field read from a raw line of the chunk (header blocks): chunk offsets already."""
        pos = self.chunk_position(view, c_start, c_end, quote)
        return FieldValue(name=name, value=value, text=view.chunk.text[c_start:c_end],
                          meta=dict(meta or {}), **pos)

    def party(self, view: ChunkView, start: int, end: int, *, name: str, role: str | None,
              location: str | None, norm: str, meta: dict[str, Any] | None = None,
              quote: tuple[int, int] | None = None,
              source: ExtractionMode = ExtractionMode.RULES,
              alignment: Alignment = Alignment.EXACT) -> Party:
        pos = self._position(view, start, end, quote, source, alignment)
        return Party(name=name, role=role, location=location, norm=norm, meta=dict(meta or {}), **pos)

    def clause(self, clause_type: str, sentence: Sentence, start: int, end: int, summary: str,
               meta: dict[str, Any] | None = None, *, source: ExtractionMode = ExtractionMode.RULES,
               alignment: Alignment = Alignment.EXACT) -> ClauseFact:
        pos = self._position(sentence.view, start, end, (sentence.start, sentence.end), source, alignment)
        return ClauseFact(clause_type=clause_type, summary=summary, meta=dict(meta or {}), **pos)


def _view_and_quote(where: Sentence | ChunkView) -> tuple[ChunkView, tuple[int, int] | None]:
    if isinstance(where, Sentence):
        return where.view, (where.start, where.end)
    return where, None


def bounded_quote(text: str, q_start: int, q_end: int, v_start: int, v_end: int,
                  limit: int = MAX_QUOTE_CHARS) -> tuple[int, int]:
    """The quote ``[q_start, q_end)`` cut to ``limit`` characters around the value
    ``[v_start, v_end)``, at whitespace or punctuation so no word or number is split."""
    q_start, q_end = min(q_start, v_start), max(q_end, v_end)
    if q_end - q_start <= limit:
        return q_start, q_end
    room = max(0, limit - (v_end - v_start)) // 2
    lo, hi = max(q_start, v_start - room), min(q_end, v_end + room)
    while lo > q_start and lo < v_start and not _breakable(text[lo - 1]):
        lo += 1
    while hi < q_end and hi > v_end and not _breakable(text[hi]):
        hi -= 1
    return lo, hi


def _breakable(ch: str) -> bool:
    return ch.isspace() or ch in ",;:，；：、。)）(（"
