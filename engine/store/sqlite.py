"""SQLite shared by the catalog and the audit log: a connection per thread, WAL, one writer.

sqlite3 connections must not be used by two threads at once, so each thread gets its own; WAL
lets readers run while one writer writes; writers in this process queue on a lock and writers in
other processes on ``BEGIN IMMEDIATE`` (they wait for the lock instead of failing mid-way).
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from engine.store.snapshot import read_snapshot


class ThreadLocalSQLite:
    TIMEOUT_S = 30.0
    PRAGMAS: tuple[str, ...] = ("journal_mode=WAL", "synchronous=NORMAL")
    ROW_FACTORY = None

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._write_lock = threading.RLock()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=self.TIMEOUT_S, isolation_level=None,
                                   check_same_thread=False)
            if self.ROW_FACTORY is not None:
                conn.row_factory = self.ROW_FACTORY
            for pragma in self.PRAGMAS:
                conn.execute(f"PRAGMA {pragma}")
            self._local.conn = conn
        return conn

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction."""
        with self._write_lock:
            conn = self._conn()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            else:
                conn.execute("COMMIT")

    @contextmanager
    def _snapshot(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every SELECT inside sees the database as of its first read
        (WAL), whatever other processes commit meanwhile."""
        with read_snapshot(self._conn()) as conn:
            yield conn

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
