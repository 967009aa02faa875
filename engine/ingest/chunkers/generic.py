"""Any other document: paragraphs, short ones merged and long ones split at sentence ends."""

from __future__ import annotations

from typing import Any, Sequence

from engine.ingest.chunkers.base import (TARGET_CHUNK_CHARS, DocText, kept_segments, make_bounded_chunks,
                                         page_furniture, paragraphs, text_weight)
from engine.types import ChunkDraft, LoadedDocument


def chunk_paragraphs(doctext: DocText, paras: Sequence[tuple[int, int]], *,
                     exclude: Sequence[tuple[int, int]] = (), chunk_type: str = "paragraph",
                     meta: dict[str, Any] | None = None,
                     target_chars: float = TARGET_CHUNK_CHARS, first_index: int = 0) -> list[ChunkDraft]:
    """Chunks over consecutive paragraphs: neighbours are merged while the group stays within
    ``target_chars``; a paragraph over the bound alone becomes a chain of sentence-cut pieces.
    ``paragraph_index`` (of a group's first paragraph) counts from ``first_index``."""
    def meta_for(index: int) -> dict[str, Any]:
        return {**(meta or {}), "paragraph_index": first_index + index}

    def weight(start: int, end: int) -> float:
        return sum(text_weight(doctext.text[s:e]) for s, e in kept_segments(doctext, start, end, exclude))

    chunks: list[ChunkDraft] = []
    group: tuple[int, int, int] | None = None  # (first paragraph index, start, end)
    for index, (start, end) in enumerate(paras):
        # Measured over the whole merged range: the line breaks between paragraphs count too.
        if group is not None and weight(group[1], end) <= target_chars:
            group = (group[0], group[1], end)
            continue
        if group is not None:
            chunks.extend(make_bounded_chunks(doctext, group[1], group[2], exclude=exclude,
                                              chunk_type=chunk_type, meta=meta_for(group[0])))
        group = (index, start, end)
    if group is not None:
        chunks.extend(make_bounded_chunks(doctext, group[1], group[2], exclude=exclude,
                                          chunk_type=chunk_type, meta=meta_for(group[0])))
    return chunks


def chunk_generic(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    furniture = page_furniture(doctext)
    return chunk_paragraphs(doctext, paragraphs(doctext, exclude=furniture), exclude=furniture)
