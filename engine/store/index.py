"""The three stores kept in agreement: SQLite catalog, Chroma vectors, BM25 postings.

Write order for a document, all under the home's write lock (each step safe to be killed after):
  0. a row of the same bytes found under the lock has no live writer: a ``pending``/``deleting``
     one was left by a dead writer, a ``ready`` one may have lost its vectors or original. Unless
     it is stored whole (ready, original kept, a vector for every chunk: the only case reported
     ``unchanged``), it is rolled back (as a delete, below) and stored afresh;
  1. original bytes under their sha256 (temp file + rename);
  2. catalog: the whole document in one transaction, status ``pending`` (invisible to search),
     new generation;
  3. Chroma: its vectors, each tagged with ``doc_id``;
  4. rows derived from the stored chunks in the catalog's file (case ledger, statute references:
     the caller's ``before_ready``), so the document appears with them or not at all;
  5. catalog: status ``ready`` and a new generation; BM25 and the dense matrix follow lazily.
Delete (and every rollback) runs the other way: ``deleting`` (new generation) -> vectors removed ->
rows removed (new generation) -> original removed.
Deriving a stored document again (``rederive_document``) takes steps 2-5 with its new rows in place
of the old ones, and a journal of the old rows and vectors in step 2's transaction: a failure, or
recovery after a crash, puts the old reading back the same way instead of removing the document.

Ownership: a writer holds the home's write lock (an flock on ``.write.lock``, released by the
kernel when the process dies) from before its document turns ``pending`` until it is ``ready``
or gone. So a ``pending`` document whose lock nobody holds was left by a dead writer, and one whose
lock is held belongs to a live one. ``recover()`` therefore only purges while it holds the lock
itself, re-reading the list under it, and never waits for a live writer: a ``docs`` or ``ask`` in
another process must neither block behind an ingest nor delete the document being written. It runs
when an Index opens, when a long-lived one sees the generation move (or still sees leftovers it
could not take), and ``add_document`` rolls back a leftover of the same bytes itself.

Other processes: every commit bumps the catalog's ``generation``, and always before Chroma is
written (steps 2 and ``deleting``). A process compares it with what its caches were built from:
BM25 postings and the dense matrix are rebuilt from a snapshot read in one transaction, and the
embedded Chroma client — which keeps the vector index it loaded in memory and cannot read vectors
another process added later ("Error finding id") — is reopened when it may predate a commit it
needs (engine/store/vectors.py). A writer trusts its client only if no other process held the lock
since it last did (the generation is unchanged since it released it); otherwise it reopens it, so
a dead writer's vectors are seen and removed.
"""

from __future__ import annotations

import base64
import json
import logging
import os
import threading
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import numpy as np

from engine.config import Settings
from engine.store.blobs import BlobStore
from engine.store.catalog import Catalog, DocumentRows, document_rows
from engine.store.dense import DenseIndex, DenseStore
from engine.store.interfaces import (BlobStorage, FileLock, LexicalSearch, SharedStoreError, VectorSearch,
                                     WriteLock)
from engine.store.lexical import LexicalIndex, LexicalStore, lexical_text
from engine.types import DocumentRecord, PreparedDocument

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
    pending_docs: list[str]  # left by a dead writer (recovery removes them at the next look)
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
        # The shared profile (docs/scale.md): the catalog and originals on a PostgreSQL server, read
        # through a replica in the home; retrieval on a pgvector server; the write lock a server lock.
        self.shared = settings.shared.enabled
        self.catalog: Catalog
        self.blobs: BlobStorage
        if self.shared:
            try:
                from engine.store.pg import AdvisoryLock
            except ImportError as exc:
                raise SharedStoreError(f"共享模式缺少软件包 (the shared profile needs {exc.name}): "
                                       "run scripts/setup.sh shared") from None
            from engine.store.shared_catalog import SharedBlobStore, SharedCatalog

            self.catalog = SharedCatalog(settings.shared.database_url, self.home)
            self.blobs = SharedBlobStore(settings.shared.database_url)
            self._cross_process_lock: WriteLock = AdvisoryLock(settings.shared.database_url,
                                                               f"lextrace-write:{self.catalog.catalog_id}")
        else:
            self.catalog = Catalog(self.home / "catalog.sqlite")
            self.blobs = BlobStore(self.home / "blobs")
            self._cross_process_lock = FileLock(self.home / ".write.lock")
        # Whole-corpus arrays (BM25 postings, the exact vector matrix): what search reads in the
        # embedded profile, and what the learned statute ranker reads in both.
        self.lexical = LexicalStore(self.home / "bm25.pkl")
        self.dense = DenseStore(self.home / "dense.pkl")
        self._embedder = None
        self._vectors = None
        self._lazy_lock = threading.RLock()  # vectors -> embedder nest
        self._write_lock = threading.RLock()
        self._tokens_current = False
        # The generation when this process last released the write lock: unchanged at the next
        # acquisition means no other process wrote in between.
        self._released_generation: int | None = None
        self._checked_generation: int | None = None  # last generation recovery looked at
        self._leftovers_owned = False  # unfinished documents seen while their writer held the lock
        self.recover()

    # -- lazily created heavy parts (importing chromadb / loading a model takes seconds) -------
    @property
    def embedder(self):
        if self._embedder is None:
            with self._lazy_lock:
                if self._embedder is None:
                    from engine.embedding.embedder import make_embedder

                    llm = self.settings.llm
                    self._embedder = make_embedder(self.settings.embedding,
                                                   self.home / "cache" / "embeddings.sqlite",
                                                   base_url=llm.base_url, api_key=llm.api_key)
        return self._embedder

    @property
    def vectors(self):
        """The vector store as it is; ``current_vectors`` when another process may have written."""
        if self._vectors is None:
            with self._lazy_lock:
                if self._vectors is None:
                    from engine.store.vectors import VectorStore

                    space = self.settings.embedding.space_id(self.embedder.model_id)
                    if self.shared:
                        from engine.store.pg_retrieval import PgRetrieval

                        self._vectors = PgRetrieval(self.settings.shared.retrieval, space, self.embedder.dim,
                                                    self.settings.shared, self.settings.vectors.namespace)
                    else:
                        generation = self.catalog.generation()  # before the client opens: it sees this
                        self._vectors = VectorStore(self.settings.vectors, self.home / "chroma", space,
                                                    generation=generation)
        return self._vectors

    def current_vectors(self, at_least: int | None = None):
        """The vector store through a client that reflects every commit up to generation
        ``at_least`` (default: the catalog's now), reopened first if it may not. A server holds one
        state for every client: nothing to reopen."""
        vectors = self.vectors
        if not self.shared:
            vectors.refresh(self.catalog.generation() if at_least is None else at_least,
                            self.catalog.generation)
        return vectors

    def lexical_index(self) -> LexicalSearch:
        """BM25 over every ready chunk: the in-memory index (embedded), or the server's (shared)."""
        self._retokenize_if_stale()
        generation = self.catalog.generation()
        self._recover_if_due(generation)
        if self.shared:
            from engine.store.pg_retrieval import SharedLexical

            return SharedLexical(self.current_vectors(), generation)
        return self.lexical.get(generation, self.catalog.lexical_snapshot)

    def arrays_available(self) -> bool:
        """Whether the whole-corpus arrays (``lexical_arrays``, ``dense_arrays``) may be built: always
        in the embedded profile; in the shared one up to ``shared.arrays_max_chunks`` chunks."""
        return not self.shared or self.catalog.chunk_count() <= self.settings.shared.arrays_max_chunks

    def lexical_arrays(self) -> LexicalIndex:
        """BM25 postings of every ready chunk in this process, in catalog row order — the learned
        statute ranker's arrays. The embedded profile's lexical_index(); in the shared profile
        built from the replica (the same rows, so the same scores)."""
        if not self.shared:
            return self.lexical_index()
        self._retokenize_if_stale()
        return self.lexical.get(self.catalog.generation(), self.catalog.lexical_snapshot)

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
                tokens = {c.chunk_id: tokenize(lexical_text(c)) for c in chunks}
                self.catalog.replace_tokens(tokens, TOKENIZER_VERSION)
                if self.shared:  # the server's postings are made from the tokens too
                    self._repost(chunks, tokens)
        self._tokens_current = True

    def _repost(self, chunks, tokens: dict[str, list[str]]) -> None:
        """Re-make the server's BM25 postings of every ready document from re-made tokens."""
        store = self.current_vectors()
        by_doc: dict[str, list] = {}
        for chunk in chunks:
            by_doc.setdefault(chunk.doc_id, []).append(chunk)
        for doc_id, doc_chunks in by_doc.items():
            ids = [c.chunk_id for c in doc_chunks]
            stored = store.vectors_for(ids)
            store.delete_doc(doc_id)
            store.add_document(doc_id, ids, [c.seq for c in doc_chunks],
                               [" ".join(tokens[c]).split() for c in ids],
                               np.stack([stored[c] for c in ids]))

    def dense_index(self) -> VectorSearch:
        """Every chunk vector: the exact in-memory matrix, rows in the BM25 index's order (embedded),
        or the server's vector search (shared)."""
        if self.shared:
            from engine.store.pg_retrieval import SharedVectors

            generation = self.catalog.generation()
            self._recover_if_due(generation)
            return SharedVectors(self.current_vectors(), generation,
                                 self.settings.embedding.space_id(self.embedder.model_id))
        return self.dense_arrays()

    def dense_arrays(self) -> DenseIndex:
        """Every chunk vector in one matrix, rows in ``lexical_arrays``' order (same generation)."""
        lexical = self.lexical_index() if not self.shared else self.lexical_arrays()
        generation = lexical.generation
        space = self.settings.embedding.space_id(self.embedder.model_id)
        return self.dense.get(
            generation, space,
            lambda: [(cid, lexical.doc_names[d]) for cid, d in zip(lexical.chunk_ids, lexical.doc_ids)],
            lambda ids: self._stored_vectors(ids, generation), self.embedder.dim,
            still_current=lambda: self.catalog.generation() == generation)

    def _stored_vectors(self, ids: list[str], generation: int) -> dict[str, np.ndarray]:
        """Vectors of chunks ready at ``generation``, through a client that has seen it. Should
        another process delete and store a document again while we read (new ids inside Chroma,
        unknown to the loaded index), Chroma fails; then once more through a client opened now."""
        vectors = self.current_vectors(at_least=generation)
        if self.shared:  # a server: what it holds now is what every client reads
            return vectors.vectors_for(ids)
        try:
            return vectors.vectors_for(ids)
        except Exception as exc:  # chromadb raises its own InternalError, among others
            now = self.catalog.generation()
            if now <= vectors.seen_generation:
                raise  # nothing changed since the client opened: a real failure
            log.info("vectors changed while read (%s); reading through a reopened client", exc)
            return self.current_vectors(at_least=now).vectors_for(ids)

    # -- writes --------------------------------------------------------------------------------
    @contextmanager
    def write_lock(self) -> Iterator[None]:
        """Serialise writers across threads and processes sharing this home (or, shared, the server)."""
        with self._write_lock:
            self._cross_process_lock.acquire()
            try:
                with self._owning():
                    yield
            finally:
                self._cross_process_lock.release()

    @contextmanager
    def try_write_lock(self) -> Iterator[bool]:
        """The write lock if nobody holds it now (True), else at once False: never waits."""
        if not self._write_lock.acquire(blocking=False):
            yield False
            return
        try:
            if not self._cross_process_lock.acquire(blocking=False):
                yield False
                return
            try:
                with self._owning():
                    yield True
            finally:
                self._cross_process_lock.release()
        finally:
            self._write_lock.release()

    @contextmanager
    def _owning(self) -> Iterator[None]:
        """Inside the write lock. If any other process held it since this one released it (the
        generation moved: every writer commits before it touches Chroma), the Chroma client may
        not know what that one wrote — a dead writer's vectors too — and is reopened at next use.
        At release the client has seen this process's own commits (they went through it)."""
        if self.shared:  # the vector store is a server: every client sees every commit
            yield
            return
        acquired = self.catalog.generation()
        if acquired != self._released_generation and self._vectors is not None:
            self._vectors.shared.forget()
        try:
            yield
        finally:
            released = self.catalog.generation()
            self._released_generation = released
            if self._vectors is not None and self._vectors.seen_generation >= acquired:
                self._vectors.shared.saw(released)

    def add_document(self, prepared: PreparedDocument, vectors: np.ndarray, data: bytes,
                     before_ready: Callable[[str], None] | None = None) -> bool:
        """Store a prepared document (and its original bytes) in every store, or in none.

        Returns False, storing nothing, only when the same bytes are already stored whole (a
        concurrent ingest may have won the race since the caller last looked). ``before_ready``
        (doc_id) builds what is derived from the stored chunks before the document turns ready.
        """
        from engine.embedding.embedder import text_hash

        record = prepared.record
        with self.write_lock():
            store = self.current_vectors()
            existing = self.catalog.find_by_sha256(record.sha256)
            if existing is not None:
                if self._stored_whole(existing, store):
                    return False
                # Under the lock nobody is writing it: what a dead writer left, or a ready
                # document that lost vectors or its original. Roll it back; store it whole below.
                log.warning("rolling back %s document %s (not stored whole) to store it again",
                            existing.status, existing.doc_id)
                self._purge(existing.doc_id, store)
            try:
                self.blobs.put(record.sha256, data)
                self.catalog.insert_pending(record, prepared.pages, prepared.chunks,
                                            prepared.tokens,
                                            [text_hash(c.text) for c in prepared.chunks])
                _maybe_pause("catalog_pending")
                self._vectors_then_ready(record.doc_id, prepared.chunks,
                                         [" ".join(t).split() for t in prepared.tokens], vectors, store,
                                         before_ready, pause="vectors_written", doing="stored")
            except BaseException:
                self._purge(record.doc_id, store, record.sha256)
                raise
            return True

    def rederive_document(self, prepared: PreparedDocument, vectors: np.ndarray,
                          before_ready: Callable[[str], None] | None = None) -> bool:
        """Put a document derived again from its stored original in place of its stored rows and
        vectors, keeping its id, name and ingest time; every store holds the new reading, or —
        when any step raises, or the process dies midway — the old one again. Returns False,
        changing nothing, when the document is not stored whole (``add_document`` then stores
        it afresh).

        The steps are those of ``add_document``: the catalog rows swapped in one transaction as
        ``pending``, with a journal of the old rows and vectors; then vectors, ``before_ready``
        and ``ready`` (which drops the journal). On failure the journal is put back the same way,
        here or, after a crash, by ``recover`` (its derived rows then rebuilt on first read).
        """
        from engine.embedding.embedder import text_hash

        record = prepared.record
        doc_id = record.doc_id
        with self.write_lock():
            store = self.current_vectors()
            existing = self.catalog.get_document(doc_id)
            if existing is None or not self._stored_whole(existing, store):
                return False
            old_rows = self.catalog.stored_rows(doc_id)
            ids = [row[0] for row in old_rows.chunks]
            kept = store.vectors_for(ids)
            journal = _journal(old_rows, np.stack([kept[c] for c in ids]))
            new_rows = document_rows(record, prepared.pages, prepared.chunks, prepared.tokens,
                                     [text_hash(c.text) for c in prepared.chunks])
            try:
                self._swap_in(new_rows, vectors, store, before_ready, journal)
            except BaseException:
                log.warning("deriving %s again failed; its previous reading is put back", doc_id)
                try:
                    self._put_back(doc_id, store, before_ready)
                except Exception:
                    log.exception("putting back %s failed; recovery tries again", doc_id)
                raise
            return True

    def _swap_in(self, rows, vectors: np.ndarray, store, before_ready: Callable[[str], None] | None,
                 journal: str | None = None) -> None:
        """One document's rows and vectors in place of the stored ones (write lock held), in
        the order of ``add_document``: catalog (pending, a new generation before Chroma changes),
        vectors, derived rows, ready."""
        doc_id = rows.document[0]
        self.catalog.replace_pending(rows, journal)
        _maybe_pause("rederive_pending")
        chunks = self.catalog.chunks(doc_id)  # the rows as chunks, for the vectors' metadata
        store.delete_doc(doc_id)
        self._vectors_then_ready(doc_id, chunks, [row[-1].split() for row in rows.chunks], vectors, store,
                                 before_ready, pause="rederive_vectors", doing="derived again",
                                 pause_shared=False)

    def _vectors_then_ready(self, doc_id: str, chunks, tokens: list[list[str]], vectors: np.ndarray, store,
                            before_ready: Callable[[str], None] | None, *, pause: str, doing: str,
                            pause_shared: bool = True) -> None:
        """The steps after a document's catalog rows are written as ``pending`` (write lock held):
        embedded, its vectors (invisible until ready: the derived indexes follow the catalog), then
        what is derived from its chunks; shared, what is derived first and its retrieval rows last
        (searchable once written); then ``ready``. ``pause`` names the test pause after the vectors."""
        ids = [c.chunk_id for c in chunks]
        if not self.shared:
            store.add(ids, vectors, [_vector_metadata(c) for c in chunks])
            _maybe_pause(pause)
        if before_ready is not None:
            before_ready(doc_id)
        if self.shared:
            store.add_document(doc_id, ids, [c.seq for c in chunks], tokens, vectors)
            if pause_shared:
                _maybe_pause(pause)
        if not self.catalog.set_status(doc_id, "ready"):
            # Defence in depth: success must mean stored; never report a vanished document.
            raise RuntimeError(f"document {doc_id} disappeared while it was being {doing}")

    def _put_back(self, doc_id: str, store, before_ready: Callable[[str], None] | None = None) -> bool:
        """The reading a re-derivation journalled, back in every store (write lock held); False
        when there is no journal (the document was not being derived again)."""
        journal = self.catalog.journal(doc_id)
        if journal is None:
            return False
        rows, vectors = _from_journal(journal)
        self._swap_in(rows, vectors, store, before_ready)
        return True

    def stored_whole(self, record: DocumentRecord) -> bool:
        """Ready, its original bytes kept and a vector for every chunk: what ``unchanged`` promises."""
        return record.status == "ready" and self._stored_whole(record, self.current_vectors())

    def _stored_whole(self, record: DocumentRecord, vectors) -> bool:
        return (record.status == "ready" and self.blobs.exists(record.sha256)
                and len(vectors.ids_for_doc(record.doc_id)) == record.chunks)

    def delete_document(self, doc_id: str) -> bool:
        with self.write_lock():
            if self.catalog.get_document(doc_id) is None:
                return False
            self._purge(doc_id, self.current_vectors())
            return True

    def _purge(self, doc_id: str, vectors, sha256: str | None = None) -> None:
        """Remove a document from every store, in the delete order (write lock held)."""
        record = self.catalog.get_document(doc_id)
        if record is not None:
            self.catalog.set_status(doc_id, "deleting")  # a new generation before Chroma changes
        vectors.delete_doc(doc_id)
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
            self._leftovers_owned = False
            return []
        with self.try_write_lock() as held:
            if not held:
                log.info("unfinished documents belong to a live writer; recovery left to a later look")
                self._leftovers_owned = True
                return []
            self._leftovers_owned = False
            leftovers = self._unfinished()
            if leftovers:
                vectors = self.current_vectors()
                for doc_id in leftovers:
                    if self._put_back_left(doc_id, vectors):
                        continue
                    log.warning("removing half-indexed document %s left by an interrupted run", doc_id)
                    self._purge(doc_id, vectors)
        return leftovers

    def _put_back_left(self, doc_id: str, vectors) -> bool:
        """A document a dead process was deriving again gets its journalled reading back (its
        ledger and references are rebuilt when first read); True when it did."""
        try:
            if self._put_back(doc_id, vectors):
                log.warning("put back the previous reading of %s, left half re-derived by an interrupted run",
                            doc_id)
                return True
        except Exception:
            log.exception("putting back %s failed; it is removed as a half-indexed document", doc_id)
        return False

    def _recover_if_due(self, generation: int) -> None:
        """A long-lived process looks for a dead writer's leftovers when the catalog moved, and
        again while leftovers it saw belonged to a writer then alive (it may have died since)."""
        if generation != self._checked_generation or self._leftovers_owned:
            self._checked_generation = generation
            self.recover()

    # -- checks --------------------------------------------------------------------------------
    def consistency(self) -> Consistency:
        """How the stores agree. Documents a live writer is storing right now are reported as
        ``in_progress`` (their vectors may already be there), not as damage."""
        with self.try_write_lock() as held:
            vectors = self.current_vectors()
            ready = {d.doc_id for d in self.catalog.documents("ready")}
            unfinished = self._unfinished()
            vector_docs = vectors.doc_ids()
        pending, in_progress = (unfinished, []) if held else ([], unfinished)
        return Consistency(ready_docs=len(ready), pending_docs=pending, in_progress=in_progress,
                           vector_docs_missing=sorted(ready - vector_docs),
                           orphan_vector_docs=sorted(vector_docs - ready - set(in_progress)),
                           vector_count=vectors.count() - sum(len(vectors.ids_for_doc(d))
                                                              for d in in_progress),
                           chunk_count=self.catalog.chunk_count(),
                           lexical_chunks=len(self.lexical_index()))


def _journal(rows: DocumentRows, vectors: np.ndarray) -> str:
    """A document's rows and vectors as one text (the catalog's ``meta`` holds it)."""
    return json.dumps({"rows": asdict(rows), "dtype": str(vectors.dtype), "shape": list(vectors.shape),
                       "vectors": base64.b64encode(np.ascontiguousarray(vectors).tobytes()).decode("ascii")},
                      ensure_ascii=False)


def _from_journal(text: str) -> tuple[DocumentRows, np.ndarray]:
    data = json.loads(text)
    rows = DocumentRows(**{k: (tuple(v) if k == "document" else [tuple(r) for r in v])
                           for k, v in data["rows"].items()})
    vectors = np.frombuffer(base64.b64decode(data["vectors"]), dtype=data["dtype"]).reshape(data["shape"])
    return rows, vectors


def _vector_metadata(chunk) -> dict:
    meta = {"doc_id": chunk.doc_id, "kind": chunk.kind, "chunk_type": chunk.chunk_type,
            "page_start": chunk.page_start}
    for key in ("law_title", "article_label", "version"):
        if chunk.meta.get(key):
            meta[key] = str(chunk.meta[key])
    return meta
