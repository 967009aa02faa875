"""PostgreSQL for the shared profile: a connection per thread per server, and a lock across machines.

psycopg connections must not be used by two threads at once, so each thread gets its own (as
engine/store/sqlite.py does for SQLite). They run in autocommit; ``transaction()`` is one explicit
transaction, ``snapshot()`` one REPEATABLE READ transaction whose reads all see one moment. A
connection the server dropped (a restart, a network cut) is replaced at the next use.

``AdvisoryLock`` is what a flock on a file in the home is in the embedded profile: one writer at a
time, across every process on every machine that uses the server. It is a session lock on a
connection of its own, so the server releases it when the holder dies (its connection closes),
which is how recovery tells a dead writer's leftovers from a live one's work.
"""

from __future__ import annotations

import hashlib
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator
from urllib.parse import urlparse

import psycopg
from psycopg.rows import dict_row

from engine.store.interfaces import SharedStoreError
from engine.store.snapshot import read_snapshot

CONNECT_TIMEOUT_S = 10


def describe(url: str) -> str:
    """The URL without its password, for messages."""
    parsed = urlparse(url)
    host = parsed.hostname or "localhost"
    port = f":{parsed.port}" if parsed.port else ""
    user = f"{parsed.username}@" if parsed.username else ""
    return f"{parsed.scheme}://{user}{host}{port}{parsed.path}"


def connect(url: str, *, row_factory=dict_row) -> psycopg.Connection:
    try:
        return psycopg.connect(url, autocommit=True, row_factory=row_factory,
                               connect_timeout=CONNECT_TIMEOUT_S)
    except psycopg.OperationalError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SharedStoreError(f"无法连接数据库 (cannot connect to {describe(url)}: {first})") from None


_local = threading.local()  # this thread's connection to each server, shared by every store on it


class PgDatabase:
    """One server (URL): this thread's connection to it, transactions and snapshots. Stores on
    the same URL share the thread's connection (a dashboard has many threads and several stores)."""

    def __init__(self, url: str, on_connect: Callable[[psycopg.Connection], None] | None = None):
        self.url = url
        self._on_connect = on_connect  # e.g. registering the pgvector type on the connection

    def conn(self) -> psycopg.Connection:
        conns = getattr(_local, "conns", None)
        if conns is None:
            conns = _local.conns = {}
        entry = conns.get(self.url)
        if entry is None or entry[0].closed or entry[0].broken:
            entry = conns[self.url] = (connect(self.url), set())
        conn, hooked = entry
        if self._on_connect is not None and self._on_connect not in hooked:
            self._on_connect(conn)
            hooked.add(self._on_connect)
        return conn

    def execute(self, sql: str, params: Any = None):
        return self.conn().execute(sql, params)

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection]:
        conn = self.conn()
        with conn.transaction():
            yield conn

    @contextmanager
    def snapshot(self) -> Iterator[psycopg.Connection]:
        """One read-only REPEATABLE READ transaction: every read inside sees one moment."""
        with read_snapshot(self.conn(), "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") as conn:
            yield conn

    def close(self) -> None:
        """Close this thread's connection to the server (the next use opens another)."""
        conns = getattr(_local, "conns", {})
        entry = conns.pop(self.url, None)
        if entry is not None:
            entry[0].close()


class QmarkConnection:
    """A psycopg connection that takes sqlite3's ``?`` placeholders and gives tuple rows, so SQL
    written for the embedded stores runs unchanged where the dialects agree (the audit log's)."""

    def __init__(self, conn: psycopg.Connection):
        self.conn = conn

    def execute(self, sql: str, params: Any = ()):
        cursor = self.conn.cursor(row_factory=psycopg.rows.tuple_row)
        return cursor.execute(sql.replace("?", "%s"), params or None)


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for a name."""
    return int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big", signed=True)


class AdvisoryLock:
    """A PostgreSQL session advisory lock on a connection of its own (see the module docstring).
    Not re-entrant, like an flock taken through a second descriptor: a second acquire while held
    fails (non-blocking) or raises (blocking) — the index holds a threading lock around it."""

    def __init__(self, url: str, name: str):
        self.url = url
        self.key = lock_key(name)
        self._conn: psycopg.Connection | None = None
        self._held = False

    def _connection(self) -> psycopg.Connection:
        if self._conn is None or self._conn.closed or self._conn.broken:
            self._conn = connect(self.url, row_factory=psycopg.rows.tuple_row)
        return self._conn

    def acquire(self, blocking: bool = True) -> bool:
        if self._held:
            if blocking:
                raise RuntimeError("the write lock is already held by this process")
            return False
        conn = self._connection()
        if blocking:
            conn.execute("SELECT pg_advisory_lock(%s)", (self.key,))
        elif not conn.execute("SELECT pg_try_advisory_lock(%s)", (self.key,)).fetchone()[0]:
            return False
        self._held = True
        return True

    def release(self) -> None:
        if not self._held:
            return
        self._held = False
        if self._conn is not None and not self._conn.closed and not self._conn.broken:
            self._conn.execute("SELECT pg_advisory_unlock(%s)", (self.key,))


@contextmanager
def locked_transaction(db: PgDatabase, name: str) -> Iterator[psycopg.Connection]:
    """A transaction that first takes the transaction-level advisory lock ``name``: writers on
    every machine queue on it, and the server releases it at commit, rollback or a dropped
    connection."""
    with db.transaction() as conn:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(name),))
        yield conn


@contextmanager
def locked_qmark_transaction(db: PgDatabase, name: str, thread_lock) -> Iterator[QmarkConnection]:
    """``locked_transaction`` for SQL written for the embedded stores (``QmarkConnection``), taken
    under this process's ``thread_lock`` first so its own threads queue before the server does."""
    with thread_lock, locked_transaction(db, name) as conn:
        yield QmarkConnection(conn)


def ddl_lock(db: PgDatabase, name: str):
    """Two processes creating the same tables at once would otherwise race on the catalog
    (CREATE ... IF NOT EXISTS is not atomic)."""
    return locked_transaction(db, "ddl:" + name)
