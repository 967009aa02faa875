"""The three stores kept in agreement: SQLite catalog, Chroma vectors, BM25 postings.

Write order for a document (each step safe to be killed after):
  1. catalog: the whole document in one transaction, status ``pending`` (invisible to search);
  2. Chroma: its vectors, each tagged with ``doc_id``;
  3. catalog: status ``ready`` and a new generation; BM25 follows the generation lazily.
Delete runs the other way: ``deleting`` -> vectors removed -> rows removed.
``recover()`` (run when an Index opens) removes every ``pending``/``deleting`` document together
with its vectors, so a killed ingest leaves neither a half-indexed document nor orphan vectors.

Ownership: a writer holds the home's write lock (an flock on ``.write.lock``, released by the
kernel when the process dies) from the moment its document turns ``pending`` until it is ``ready``
or gone. So a ``pending`` document whose lock nobody holds was left by a dead writer, and one whose
lock is held belongs to a live one. ``recover()`` therefore only purges while it holds the lock
itself, re-reading the list under it, and never waits for a live writer: a ``docs`` or ``ask`` in
another process must neither block behind an ingest nor delete the document being written.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import numpy as np

from engine.config import Settings
from engine.store.blobs import BlobStore
from engine.store.catalog import Catalog
from engine.store.dense import DenseIndex, DenseStore
from engine.store.lexical import LexicalIndex, LexicalStore, lexical_text
from engine.types import PreparedDocument

log = logging.getLogger(__name__)

# Test hook: the atomicity test pauses an ingest at a named step and kills the process there.
PAUSE_ENV = "LEXTRACE_PAUSE_AT"


def _maybe_pause(step: str) -> None:
    """``LEXTRACE_PAUSE_AT=step`` sleeps there (to be killed); ``step:SECONDS`` sleeps, then goes on."""
    wanted, _, seconds = os.environ.get(PAUSE_ENV, "").partition(":")
    if wanted == step:
        import sys
        import time

        print(f"PAUSED {step}", file=sys.stderr, flush=True)
        time.sleep(float(seconds) if seconds else 3600)
        print(f"RESUMED {step}", file=sys.stderr, flush=True)


@dataclass
class Consistency:
    ready_docs: int
    pending_docs: list[str]  # left by a dead writer (recovery removes them at the next open)
    vector_docs_missing: list[str]  # ready documents without vectors
    orphan_vector_docs: list[str]  # vectors whose document is not ready
    vector_count: int
    chunk_count: int
    lexical_chunks: int
    in_progress: list[str] = field(default_factory=list)  # being written by a live process now

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
        self.dense = DenseStore(self.home / "dense.pkl")
        self.blobs = BlobStore(self.home / "blobs")
        self._embedder = None
        self._vectors = None
        self._lazy_lock = threading.RLock()  # vectors -> embedder nest
        self._write_lock = threading.RLock()
        self._tokens_current = False
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
        self._retokenize_if_stale()
        return self.lexical.get(self.catalog.generation(), self.catalog.lexical_rows)

    def _retokenize_if_stale(self) -> None:
        """A home whose stored BM25 tokens were made by another tokenizer version gets them
        re-made from the chunks (once; ~80 s for the 60k-chunk statute corpus), so index and query
        tokens never disagree. Checked once per process."""
        from engine.text.tokenize import TOKENIZER_VERSION, tokenize

        if self._tokens_current or self.catalog.tokenizer_version() == TOKENIZER_VERSION:
            self._tokens_current = True
            return
        with self.write_lock():
            if self.catalog.tokenizer_version() != TOKENIZER_VERSION:
                chunks = self.catalog.chunks()
                log.warning("re-tokenizing %d chunks for BM25 (tokenizer version %d → %d)", len(chunks),
                            self.catalog.tokenizer_version(), TOKENIZER_VERSION)
                self.catalog.replace_tokens({c.chunk_id: tokenize(lexical_text(c)) for c in chunks},
                                            TOKENIZER_VERSION)
        self._tokens_current = True

    def dense_index(self) -> DenseIndex:
        """Every chunk vector, exact search; rows in the BM25 index's order (same generation)."""
        lexical = self.lexical_index()
        space = self.settings.embedding.space_id(self.embedder.model_id)
        return self.dense.get(
            lexical.generation, space,
            lambda: [(cid, lexical.doc_names[d]) for cid, d in zip(lexical.chunk_ids, lexical.doc_ids)],
            self.vectors.vectors_for, self.embedder.dim)

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

    @contextmanager
    def try_write_lock(self) -> Iterator[bool]:
        """The write lock if nobody holds it now (True), else at once False: never waits."""
        if not self._write_lock.acquire(blocking=False):
            yield False
            return
        try:
            with open(self.home / ".write.lock", "w") as fh:
                try:
                    fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    yield False
                    return
                try:
                    yield True
                finally:
                    fcntl.flock(fh, fcntl.LOCK_UN)
        finally:
            self._write_lock.release()

    def add_document(self, prepared: PreparedDocument, vectors: np.ndarray, data: bytes) -> bool:
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
                if not self.catalog.set_status(record.doc_id, "ready"):
                    # Defence in depth: success must mean stored; never report a vanished document.
                    raise RuntimeError(f"document {record.doc_id} disappeared while it was being stored")
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

    def _unfinished(self) -> list[str]:
        return [d.doc_id for status in ("pending", "deleting") for d in self.catalog.documents(status)]

    def recover(self) -> list[str]:
        """Remove documents a killed ingest or delete left half-done. Returns their ids.

        Only with the write lock held, and only what is unfinished once it is held: a document
        a live process is writing is never touched (its writer holds the lock)."""
        if not self._unfinished():  # the common case costs one query and no lock
            return []
        with self.try_write_lock() as held:
            if not held:
                log.info("unfinished documents belong to a live writer; recovery left to a later open")
                return []
            leftovers = self._unfinished()
            for doc_id in leftovers:
                log.warning("removing half-indexed document %s left by an interrupted run", doc_id)
                self._purge(doc_id)
        return leftovers

    # -- checks --------------------------------------------------------------------------------
    def consistency(self) -> Consistency:
        """How the stores agree. Documents a live writer is storing right now are reported as
        ``in_progress`` (their vectors may already be there), not as damage."""
        with self.try_write_lock() as held:
            ready = {d.doc_id for d in self.catalog.documents("ready")}
            unfinished = self._unfinished()
            vector_docs = self.vectors.doc_ids()
        pending, in_progress = (unfinished, []) if held else ([], unfinished)
        return Consistency(ready_docs=len(ready), pending_docs=pending, in_progress=in_progress,
                           vector_docs_missing=sorted(ready - vector_docs),
                           orphan_vector_docs=sorted(vector_docs - ready - set(in_progress)),
                           vector_count=self.vectors.count() - sum(len(self.vectors.ids_for_doc(d))
                                                                   for d in in_progress),
                           chunk_count=self.catalog.chunk_count(),
                           lexical_chunks=len(self.lexical_index()))


def _vector_metadata(chunk) -> dict:
    meta = {"doc_id": chunk.doc_id, "kind": chunk.kind, "chunk_type": chunk.chunk_type,
            "page_start": chunk.page_start}
    for key in ("law_title", "article_label", "version"):
        if chunk.meta.get(key):
            meta[key] = str(chunk.meta[key])
    return meta
