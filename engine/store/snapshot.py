"""One read transaction on an autocommit connection, for either database.

SQLite (engine/store/sqlite.py) and PostgreSQL (engine/store/pg.py) connections run in autocommit;
a snapshot opens one explicit transaction so every read inside sees one moment, and ends it with
COMMIT whatever happens inside (it wrote nothing, so there is nothing to roll back).
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator, Protocol, TypeVar


class _Executes(Protocol):
    def execute(self, sql: str, *args): ...


C = TypeVar("C", bound=_Executes)


@contextmanager
def read_snapshot(conn: C, begin: str = "BEGIN") -> Iterator[C]:
    conn.execute(begin)
    try:
        yield conn
    finally:
        conn.execute("COMMIT")
