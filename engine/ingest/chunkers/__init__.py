"""Structure-aware chunking by document kind.

``chunk_document(doc, kind)`` turns a loaded document into citable ``ChunkDraft`` units: Q/A pairs
of a transcript, articles of a statute, clauses of a contract, sections of a judgment, paragraphs
otherwise. ``detect_kind(doc)`` picks the kind from the content when the user did not say.
"""

from __future__ import annotations

from typing import Callable

from engine.ingest.chunkers.base import MAX_CHUNK_CHARS, assert_invariant, document_from_text
from engine.ingest.chunkers.contract import chunk_contract
from engine.ingest.chunkers.detect import detect_kind
from engine.ingest.chunkers.generic import chunk_generic
from engine.ingest.chunkers.judgment import chunk_judgment
from engine.ingest.chunkers.statute import chunk_statute
from engine.ingest.chunkers.transcript import chunk_transcript
from engine.types import ChunkDraft, DocKind, LoadedDocument

CHUNKERS: dict[DocKind, Callable[[LoadedDocument], list[ChunkDraft]]] = {
    DocKind.TRANSCRIPT: chunk_transcript,
    DocKind.STATUTE: chunk_statute,
    DocKind.CONTRACT: chunk_contract,
    DocKind.JUDGMENT: chunk_judgment,
    DocKind.GENERIC: chunk_generic,
}


def chunk_document(doc: LoadedDocument, kind: DocKind | str = DocKind.AUTO) -> list[ChunkDraft]:
    """Chunks of ``doc`` as a document of ``kind`` (``auto``: detected from the content)."""
    kind = DocKind(kind)
    if kind is DocKind.AUTO:
        kind = detect_kind(doc)
    return CHUNKERS[kind](doc)


__all__ = ["CHUNKERS", "MAX_CHUNK_CHARS", "assert_invariant", "chunk_document", "detect_kind",
           "document_from_text"]
