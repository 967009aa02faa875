"""The storage interfaces, and which implementation each profile uses (docs/scale.md).

Every store the engine writes is one of these. The embedded profile (the default: everything in
the home, no server) and the shared profile (``shared.database_url`` set: several dashboard
processes on one corpus) implement each of them:

============  ===============================================  =============================================
interface     embedded (the home)                              shared (servers)
============  ===============================================  =============================================
Catalog       engine/store/catalog.py ``Catalog`` (SQLite)     engine/store/shared_catalog.py
                                                               ``SharedCatalog`` (PostgreSQL of record, a
                                                               SQLite replica per home for derived tables)
BlobStorage   engine/store/blobs.py ``BlobStore`` (files)      ``SharedBlobStore`` (PostgreSQL bytea)
VectorStorage engine/store/vectors.py ``VectorStore`` (Chroma) engine/store/pg_retrieval.py ``PgRetrieval``
LexicalSearch engine/store/lexical.py ``LexicalIndex``         ``SharedLexical`` (BM25 postings on pgvector's
              (in-memory postings)                             server, same scores)
VectorSearch  engine/store/dense.py ``DenseIndex`` (exact)     ``SharedVectors`` (exact below a size, HNSW)
WriteLock     ``FileLock`` (flock in the home)                 engine/store/pg.py ``AdvisoryLock``
Audit log     engine/audit/chain.py ``AuditLog`` (SQLite)      engine/audit/postgres.py ``PostgresAuditLog``
Users         engine/auth.py ``UserStore`` (users.toml)        engine/auth.py ``PostgresUserStore``
Throttle      engine/auth.py ``LoginThrottle`` (SQLite)        engine/auth.py ``PostgresLoginThrottle``
============  ===============================================  =============================================

The catalog's interface is the ``Catalog`` class itself (its public methods: documents, pages,
chunks, facts, articles, generation); ``SharedCatalog`` is a subclass that serves the same calls.
The audit log's storage is a handful of hooks on ``AuditLog`` (``_conn``, ``_write``, snapshots,
schema, damage) that ``PostgresAuditLog`` overrides; the chain, checkpoint and head-file logic is
one. Users and the throttle likewise: ``_editing``/``users`` and ``_transaction``/``_conn`` plus
the three statements whose SQL dialect differs. ``audit_log_for(settings)`` and
``UserStore.for_settings(settings)`` pick the implementation of the profile.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import Iterable, Mapping, Protocol, Sequence, runtime_checkable

import numpy as np


class SharedStoreError(RuntimeError):
    """A shared-profile server cannot be reached, or is not set up as the profile needs (its
    packages missing, no pgvector, another vector size). ``str()`` is one line."""


@runtime_checkable
class WriteLock(Protocol):
    """One writer at a time across processes (and, shared, machines). Not re-entrant: the index
    holds a threading lock around it. Released by the system when the holder dies."""

    def acquire(self, blocking: bool = True) -> bool: ...

    def release(self) -> None: ...


class FileLock:
    """An flock on a file in the home: the embedded profile's write lock."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._fd: int | None = None

    def acquire(self, blocking: bool = True) -> bool:
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if blocking else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


@runtime_checkable
class BlobStorage(Protocol):
    """Original files, byte for byte, under their sha256."""

    def put(self, sha256: str, data: bytes) -> object: ...

    def get(self, sha256: str) -> bytes: ...

    def exists(self, sha256: str) -> bool: ...

    def delete(self, sha256: str) -> None: ...


@runtime_checkable
class VectorStorage(Protocol):
    """Chunk vectors of record, as the index writes and checks them."""

    def delete_doc(self, doc_id: str) -> None: ...

    def count(self) -> int: ...

    def ids_for_doc(self, doc_id: str) -> list[str]: ...

    def doc_ids(self) -> set[str]: ...

    def vectors_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]: ...


@runtime_checkable
class LexicalSearch(Protocol):
    """BM25 over every ready chunk at one catalog generation."""

    generation: int

    @property
    def idf(self) -> Mapping[str, float]: ...  # ``in``, ``[]`` and ``get`` are what callers use

    def __len__(self) -> int: ...

    def search(self, query_tokens: Sequence[str], k: int, doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None,
               weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]: ...


@runtime_checkable
class VectorSearch(Protocol):
    """Nearest chunks by cosine at one catalog generation."""

    generation: int

    def __len__(self) -> int: ...

    def search(self, query: np.ndarray, k: int, doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None) -> list[tuple[str, float]]: ...
