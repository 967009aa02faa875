"""The catalog's tables, written once for both profiles.

The embedded catalog (SQLite, engine/store/catalog.py) and the shared one (PostgreSQL,
engine/store/shared_catalog.py) hold the same tables and columns; only a few column types, the
quoting of ``end`` and the indexes each one's reads need differ. Those are the ``Dialect``'s.
tests/store/test_catalog_schema.py holds the generated text against the DDL each profile shipped
with before it was generated, so no home's stored schema changes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dialect:
    big_integer: str  # a byte count may pass 2**31
    real: str
    fact_id: str  # the facts table's own row id, assigned by the database
    end_column: str  # ``end`` is a reserved word in PostgreSQL
    value_comment: str  # said after facts.value
    facts_index: str
    articles_comment: str  # said before the articles table
    articles_indexes: str


SQLITE = Dialect(
    big_integer="INTEGER", real="REAL", fact_id="INTEGER PRIMARY KEY", end_column="end",
    value_comment="  -- JSON: int yuan, ISO date string, label...",
    facts_index="CREATE INDEX IF NOT EXISTS facts_by_chunk ON facts (chunk_id);",
    articles_comment="-- Statute identity of article chunks, for direct lookup (刑法第二百六十六条) and "
                     "reference expansion.\n",
    articles_indexes="CREATE INDEX IF NOT EXISTS articles_by_label ON articles (article_label, law_title);\n"
                     "CREATE INDEX IF NOT EXISTS articles_by_short ON articles (law_short, article_label);\n"
                     "CREATE INDEX IF NOT EXISTS facts_by_kind ON facts (kind, value);")

# The server's reads go by document (the replica serves the lookups by chunk, label and kind).
POSTGRES = Dialect(
    big_integer="BIGINT", real="DOUBLE PRECISION", fact_id="BIGSERIAL PRIMARY KEY", end_column='"end"',
    value_comment="", facts_index="CREATE INDEX IF NOT EXISTS facts_by_doc ON facts (doc_id);",
    articles_comment="",
    articles_indexes="CREATE INDEX IF NOT EXISTS articles_by_doc ON articles (doc_id);")

_TEMPLATE = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    media_type TEXT NOT NULL,
    pages INTEGER NOT NULL,
    chunks INTEGER NOT NULL,
    size_bytes {d.big_integer} NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'deleting')),
    created_at TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{{}}'
);
CREATE TABLE IF NOT EXISTS pages (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page INTEGER NOT NULL,
    text TEXT NOT NULL,
    width {d.real} NOT NULL,
    height {d.real} NOT NULL,
    source TEXT NOT NULL,
    lines TEXT NOT NULL,
    quality TEXT,
    PRIMARY KEY (doc_id, page)
);
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id TEXT PRIMARY KEY,
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    chunk_type TEXT NOT NULL,
    text TEXT NOT NULL,
    page_start INTEGER NOT NULL,
    page_end INTEGER NOT NULL,
    spans TEXT NOT NULL,
    bboxes TEXT NOT NULL,
    meta TEXT NOT NULL,
    pii_level TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    tokens TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_by_doc ON chunks (doc_id, seq);
CREATE TABLE IF NOT EXISTS facts (
    id {d.fact_id},
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    {d.end_column} INTEGER NOT NULL,
    value TEXT NOT NULL,{d.value_comment}
    meta TEXT NOT NULL
);
{d.facts_index}
{d.articles_comment}CREATE TABLE IF NOT EXISTS articles (
    chunk_id TEXT PRIMARY KEY REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    law_title TEXT NOT NULL,
    law_short TEXT,
    article_label TEXT NOT NULL,
    version TEXT
);
{d.articles_indexes}
"""


def catalog_schema(dialect: Dialect) -> str:
    return _TEMPLATE.format(d=dialect)
