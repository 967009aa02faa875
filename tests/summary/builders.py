"""Chunks built by hand for the unit tests (no ingest, no embedder)."""

from __future__ import annotations

from engine.types import Chunk, Fact, Span


def chunk(text: str, *, seq: int = 1, chunk_type: str = "qa", meta: dict | None = None,
          facts: list[Fact] | None = None, doc_id: str = "dtest") -> Chunk:
    return Chunk(chunk_id=f"{doc_id}:{seq:05d}", doc_id=doc_id, seq=seq, kind="transcript",
                 chunk_type=chunk_type, text=text, spans=[Span(1, 0, len(text))], bboxes=[],
                 meta=meta or {}, facts=facts or [])
