"""The three stores kept in agreement: SQLite catalog, Chroma vectors, BM25 postings.

Write order for a document (each step safe to be killed after):
  1. catalog: the whole document in one transaction, status ``pending`` (invisible to search);
  2. Chroma: its vectors, each tagged with ``doc_id``;
  3. catalog: status ``ready`` and a new generation; BM25 follows the generation lazily.
Delete runs the other way: ``deleting`` -> vectors removed -> rows removed.
``recover()`` (run when an Index opens) removes every ``pending``/``deleting`` document together
with its vectors, so a killed ingest leaves neither a half-indexed document nor orphan vectors.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import numpy as np

from engine.config import Settings
from engine.store.blobs import BlobStore
from engine.store.catalog import Catalog
from engine.store.lexical import LexicalIndex, LexicalStore

if TYPE_CHECKING:
    from engine.ingest.pipeline import PreparedDocument

log = logging.getLogger(__name__)

# Test hook: the atomicity test pauses an ingest at a named step and kills the process there.
PAUSE_ENV = "LEXTRACE_PAUSE_AT"


def _maybe_pause(step: str) -> None:
    if os.environ.get(PAUSE_ENV) == step:
        import sys
        import time

        print(f"PAUSED {step}", file=sys.stderr, flush=True)
        time.sleep(3600)


@dataclass
class Consistency:
    ready_docs: int
    pending_docs: list[str]
    vector_docs_missing: list[str]  # ready documents without vectors
    orphan_vector_docs: list[str]  # vectors whose document is not ready
    vector_count: int
    chunk_count: int
    lexical_chunks: int

    @property
    def ok(self) -> bool:
        return (not self.pending_docs and not self.vector_docs_missing
                and not self.orphan_vector_docs and self.vector_count == self.chunk_count
                and self.lexical_chunks == self.chunk_count)

    def to_dict(self) -> dict:
        return {**self.__dict__, "ok": self.ok}


class Index:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.home = Path(settings.home)
        self.home.mkdir(parents=True, exist_ok=True)
        self.catalog = Catalog(self.home / "catalog.sqlite")
        self.lexical = LexicalStore(self.home / "bm25.pkl")
        self.blobs = BlobStore(self.home / "blobs")
        self._embedder = None
        self._vectors = None
        self._lazy_lock = threading.RLock()  # vectors -> embedder nest
        self._write_lock = threading.RLock()
        self.recover()

    # -- lazily created heavy parts (importing chromadb / loading a model takes seconds) -------
    @property
    def embedder(self):
        if self._embedder is None:
            with self._lazy_lock:
                if self._embedder is None:
                    from engine.models.embedder import make_embedder

                    llm = self.settings.llm
                    self._embedder = make_embedder(self.settings.embedding,
                                                   self.home / "cache" / "embeddings.sqlite",
                                                   base_url=llm.base_url, api_key=llm.api_key)
        return self._embedder

    @property
    def vectors(self):
        if self._vectors is None:
            with self._lazy_lock:
                if self._vectors is None:
                    from engine.store.vectors import VectorStore

                    self._vectors = VectorStore(self.settings.vectors, self.home / "chroma",
                                                self.settings.embedding.space_id(self.embedder.model_id))
        return self._vectors

    def lexical_index(self) -> LexicalIndex:
        return self.lexical.get(self.catalog.generation(), self.catalog.lexical_rows)

    # -- writes --------------------------------------------------------------------------------
    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Serialise writers across threads and processes sharing this home."""
        with self._write_lock:
            with open(self.home / ".write.lock", "w") as fh:
                fcntl.flock(fh, fcntl.LOCK_EX)
                try:
                    yield
                finally:
                    fcntl.flock(fh, fcntl.LOCK_UN)

    def add_document(self, prepared: "PreparedDocument", vectors: np.ndarray, data: bytes) -> bool:
        """Store a prepared document (and its original bytes) in every store, or in none.

        Returns False, storing nothing, when the same bytes are already stored (a concurrent
        ingest may have won the race since the caller last looked).
        """
        from engine.models.embedder import text_hash

        record = prepared.record
        with self.write_lock():
            if self.catalog.find_by_sha256(record.sha256) is not None:
                return False
            try:
                self.blobs.put(record.sha256, data)
                self.catalog.insert_pending(record, prepared.pages, prepared.chunks,
                                            prepared.tokens,
                                            [text_hash(c.text) for c in prepared.chunks])
                _maybe_pause("catalog_pending")
                self.vectors.add([c.chunk_id for c in prepared.chunks], vectors,
                                 [_vector_metadata(c) for c in prepared.chunks])
                _maybe_pause("vectors_written")
                self.catalog.set_status(record.doc_id, "ready")
            except BaseException:
                self._purge(record.doc_id, record.sha256)
                raise
            return True

    def delete_document(self, doc_id: str) -> bool:
        with self.write_lock():
            if self.catalog.get_document(doc_id) is None:
                return False
            self.catalog.set_status(doc_id, "deleting")
            self._purge(doc_id)
            return True

    def _purge(self, doc_id: str, sha256: str | None = None) -> None:
        record = self.catalog.get_document(doc_id)
        self.vectors.delete_doc(doc_id)
        self.catalog.delete_document(doc_id)
        sha256 = record.sha256 if record is not None else sha256
        if sha256:
            self.blobs.delete(sha256)

    def recover(self) -> list[str]:
        """Remove documents a killed ingest or delete left half-done. Returns their ids."""
        leftovers = [d.doc_id for status in ("pending", "deleting")
                     for d in self.catalog.documents(status)]
        if not leftovers:
            return []
        with self.write_lock():
            for doc_id in leftovers:
                log.warning("removing half-indexed document %s left by an interrupted run", doc_id)
                self._purge(doc_id)
        return leftovers

    # -- checks --------------------------------------------------------------------------------
    def consistency(self) -> Consistency:
        ready = {d.doc_id for d in self.catalog.documents("ready")}
        pending = [d.doc_id for s in ("pending", "deleting") for d in self.catalog.documents(s)]
        vector_docs = self.vectors.doc_ids()
        return Consistency(ready_docs=len(ready), pending_docs=pending,
                           vector_docs_missing=sorted(ready - vector_docs),
                           orphan_vector_docs=sorted(vector_docs - ready),
                           vector_count=self.vectors.count(),
                           chunk_count=self.catalog.chunk_count(),
                           lexical_chunks=len(self.lexical_index()))


def _vector_metadata(chunk) -> dict:
    meta = {"doc_id": chunk.doc_id, "kind": chunk.kind, "chunk_type": chunk.chunk_type,
            "page_start": chunk.page_start}
    for key in ("law_title", "article_label", "version"):
        if chunk.meta.get(key):
            meta[key] = str(chunk.meta[key])
    return meta
