
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    doc_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    media_type TEXT NOT NULL,
    pages INTEGER NOT NULL,
    chunks INTEGER NOT NULL,
    size_bytes INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'ready', 'deleting')),
    created_at TEXT NOT NULL,
    meta TEXT NOT NULL DEFAULT '{}'
);
CREATE TABLE IF NOT EXISTS pages (
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    page INTEGER NOT NULL,
    text TEXT NOT NULL,
    width REAL NOT NULL,
    height REAL NOT NULL,
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
    id INTEGER PRIMARY KEY,
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    value TEXT NOT NULL,  -- JSON: int yuan, ISO date string, label...
    meta TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS facts_by_chunk ON facts (chunk_id);
-- Statute identity of article chunks, for direct lookup (刑法第二百六十六条) and reference expansion.
CREATE TABLE IF NOT EXISTS articles (
    chunk_id TEXT PRIMARY KEY REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    law_title TEXT NOT NULL,
    law_short TEXT,
    article_label TEXT NOT NULL,
    version TEXT
);
CREATE INDEX IF NOT EXISTS articles_by_label ON articles (article_label, law_title);
CREATE INDEX IF NOT EXISTS articles_by_short ON articles (law_short, article_label);
CREATE INDEX IF NOT EXISTS facts_by_kind ON facts (kind, value);
