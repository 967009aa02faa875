"""The audit log's tables, written once for SQLite (chain.py) and PostgreSQL (postgres.py).

Both keep the same records and checkpoint; the columns the Audit page filters on are generated
from the body by the database (never written apart from what the hash covers). What differs:
how a JSON path is read, the seq type, the quoting of ``user``, and how the database refuses an
edit (SQLite triggers; a PostgreSQL function and triggers, plus ``audit_meta`` for the key's
fingerprint). tests/store/test_schemas_unchanged.py holds the generated text against the DDL each
shipped with before it was generated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# Filterable column → path into the record's JSON body.
_GENERATED = (("record_id", ("id",)), ("kind", ("kind",)), ("created_at", ("created_at",)),
              ("user", ("user",)), ("status", ("status",)), ("question", ("question",)),
              ("conclusion", ("answer", "conclusion")))


@dataclass(frozen=True)
class AuditDialect:
    seq_type: str
    json_text: Callable[[tuple[str, ...]], str]  # the text at a path of ``body``
    storage: str  # VIRTUAL | STORED
    quote: Callable[[str], str]  # a column name as written in DDL
    tail: str  # what comes after the checkpoint table: append-only enforcement


def _pg_json_text(path: tuple[str, ...]) -> str:
    *through, last = path
    return "(body::jsonb) " + "".join(f"-> '{p}' " for p in through) + f"->> '{last}'"


SQLITE = AuditDialect(
    seq_type="INTEGER", json_text=lambda path: f"json_extract(body, '$.{'.'.join(path)}')",
    storage="VIRTUAL", quote=lambda name: name,
    tail="""CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
""")

POSTGRES = AuditDialect(
    seq_type="BIGINT", json_text=_pg_json_text, storage="STORED",
    quote=lambda name: '"user"' if name == "user" else name,  # a reserved word in PostgreSQL
    tail="""CREATE TABLE IF NOT EXISTS audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS
    'BEGIN RAISE EXCEPTION ''audit records are append-only''; END';
CREATE OR REPLACE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit_records
    FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE OR REPLACE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit_records
    FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()
""")


def audit_schema(dialect: AuditDialect) -> str:
    generated = "".join(f"    {dialect.quote(name)} TEXT GENERATED ALWAYS AS ({dialect.json_text(path)})"
                        f" {dialect.storage}{',' if i < len(_GENERATED) - 1 else ''}\n"
                        for i, (name, path) in enumerate(_GENERATED))
    return f"""
CREATE TABLE IF NOT EXISTS audit_records (
    seq {dialect.seq_type} PRIMARY KEY,
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
{generated});
CREATE UNIQUE INDEX IF NOT EXISTS audit_by_id ON audit_records (record_id);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit_records (created_at);
CREATE TABLE IF NOT EXISTS audit_checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    body TEXT NOT NULL,
    mac TEXT NOT NULL
);
{dialect.tail}"""
