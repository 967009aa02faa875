"""The audit log of the shared profile: the same chain, checkpoint and head file, on PostgreSQL.

Everything engine/audit/chain.py says holds; what differs is where records live and who appends:

* **One chain, many writers.** Every append is one transaction that first takes a transaction-level
  advisory lock on the server, then reads the tail, inserts the next record and advances the signed
  checkpoint. Appenders on every machine queue on that lock, so no two records ever extend the same
  tail (no fork) and none is lost; ``seq`` is the primary key besides. Triggers refuse UPDATE,
  DELETE and TRUNCATE of records.
* **One key.** The checkpoint is signed with the key in ``audit.key_file``, which every dashboard
  must share (a secrets mount). The server keeps the key's fingerprint; a process holding another
  key refuses to open the log rather than sign a checkpoint the others cannot check.
* **Head files, one per machine.** Each process keeps the head file beside the key as before
  (named after the server, not a file). Written after its own commits under the local lock, it is
  the newest checkpoint *this machine* saw. A database rolled back to before it, emptied or dropped
  still shows (the chain no longer reaches that head, or the head file covers records the server
  lacks). A head file *behind* a chain that extends it is expected — other machines appended since
  — and is a note, not a fault, in ``verify()``. A key file shared on one mount makes the head files
  one file, replaced by every machine's appends under the file lock.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable, ContextManager

import psycopg

from engine.audit.chain import SECRETS_FILE, AuditLog, AuditLogDamaged, _now
from engine.audit.schema import POSTGRES, audit_schema
from engine.store.pg import PgDatabase, QmarkConnection, ddl_lock, describe, locked_qmark_transaction

APPEND_LOCK = "lextrace-audit-append"


def audit_log_for(settings, **kwargs) -> AuditLog:
    """The audit log of a profile: the home's SQLite file, or the shared profile's server."""
    if settings.shared.enabled:
        return PostgresAuditLog(settings.shared.database_url, settings.home,
                                key_file=settings.audit.key_file, **kwargs)
    return AuditLog.for_home(settings.home, key_file=settings.audit.key_file, **kwargs)


PG_SCHEMA = audit_schema(POSTGRES)


def key_fingerprint(key: bytes) -> str:
    """Names a key without revealing it (a hash of a domain-separated copy)."""
    return hashlib.sha256(b"lextrace-audit-key\x00" + key).hexdigest()[:16]


class PostgresAuditLog(AuditLog):
    DATABASE_ERRORS = (psycopg.Error,)
    HEAD_MAY_LAG = True

    def __init__(self, database_url: str, home: Path | str, *, key_file: Path | str | None = None,
                 embedding_model: Callable[[], str | None] | None = None):
        self.db = PgDatabase(database_url)
        tag = hashlib.sha256(describe(database_url).encode("utf-8")).hexdigest()[:12]
        # Names the log (its head file is named after it); never a file itself.
        path = Path(home) / f"audit-shared-{tag}.postgresql"
        super().__init__(path, embedding_model=embedding_model,
                         key_file=key_file if key_file is not None else Path(home) / SECRETS_FILE)

    @property
    def location(self) -> str:
        return describe(self.db.url)

    def _conn(self):  # type: ignore[override]
        return QmarkConnection(self.db.conn())

    def _write(self) -> ContextManager[QmarkConnection]:  # type: ignore[override]
        return locked_qmark_transaction(self.db, APPEND_LOCK, self._write_lock)

    def close(self) -> None:
        self.db.close()

    def _damage(self, exc: BaseException) -> BaseException:
        return exc  # a server error is not a damaged file: raised as it is

    def _stored_size(self) -> int | None:
        conn = self.db.conn()
        if not conn.execute("SELECT to_regclass('audit_records') IS NOT NULL AS t").fetchone()["t"]:
            return None
        rows = conn.execute("SELECT (SELECT count(*) FROM audit_records) + (SELECT count(*) FROM"
                            " audit_checkpoint) AS n").fetchone()["n"]
        return int(rows)

    def _create_schema(self, conn) -> set[str]:
        with ddl_lock(self.db, "audit") as pg:
            tables = {r["tablename"] for r in pg.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                " AND tablename IN ('audit_records', 'audit_checkpoint')")}
            for statement in filter(str.strip, PG_SCHEMA.split(";\n")):
                pg.execute(statement)
            mine = key_fingerprint(self._key)
            pg.execute("INSERT INTO audit_meta (key, value) VALUES ('key_fingerprint', %s)"
                       " ON CONFLICT (key) DO NOTHING", (mine,))
            theirs = pg.execute("SELECT value FROM audit_meta WHERE key = 'key_fingerprint'").fetchone()["value"]
        if theirs != mine:
            raise AuditLogDamaged(
                f"审计密钥不一致 (the audit log on {self.location} is signed with another key than the one in "
                f"{self.key_file}): every dashboard must use the same key file — set audit.key_file "
                "(LEXTRACE_AUDIT__KEY_FILE) to the shared secrets file")
        return tables

    def _open(self) -> None:
        """As the embedded log opens, and: a machine opening a log others already write starts
        its head file from the server's signed checkpoint (it cannot vouch for what came before
        it joined). The server remembers which head files joined, so one that joined and is gone
        later is reported by verify(), never quietly started again."""
        super()._open()
        joined = f"head_file:{self.head_file.path.name}"
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM audit_meta WHERE key = ?", (joined,)).fetchone() is not None:
                return
            signed = conn.execute("SELECT body, mac FROM audit_checkpoint WHERE id = 1").fetchone()
            if not self.head_file.exists():
                if signed is None or not self._read_checkpoint(conn).valid:
                    return  # nothing trustworthy to start from: verify() reports what is wrong
                self.head_file.write(signed[0], signed[1])
            conn.execute("INSERT INTO audit_meta (key, value) VALUES (?, ?)", (joined, _now()))

    def _begin_snapshot(self, conn) -> None:
        conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def _quick_check(self, conn) -> None:
        pass  # the server checks its own pages; a broken one is a server error

    def _contains(self, expression: str) -> str:
        return f"strpos(lower(coalesce({expression}, '')), lower(?)) > 0"

    PAYLOAD_TEXT = "((body::jsonb) -> 'payload')::text"
