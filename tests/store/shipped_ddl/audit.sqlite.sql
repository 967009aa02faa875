
CREATE TABLE IF NOT EXISTS audit_records (
    seq INTEGER PRIMARY KEY,
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    record_id TEXT GENERATED ALWAYS AS (json_extract(body, '$.id')) VIRTUAL,
    kind TEXT GENERATED ALWAYS AS (json_extract(body, '$.kind')) VIRTUAL,
    created_at TEXT GENERATED ALWAYS AS (json_extract(body, '$.created_at')) VIRTUAL,
    user TEXT GENERATED ALWAYS AS (json_extract(body, '$.user')) VIRTUAL,
    status TEXT GENERATED ALWAYS AS (json_extract(body, '$.status')) VIRTUAL,
    question TEXT GENERATED ALWAYS AS (json_extract(body, '$.question')) VIRTUAL,
    conclusion TEXT GENERATED ALWAYS AS (json_extract(body, '$.answer.conclusion')) VIRTUAL
);
CREATE UNIQUE INDEX IF NOT EXISTS audit_by_id ON audit_records (record_id);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit_records (created_at);
CREATE TABLE IF NOT EXISTS audit_checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    body TEXT NOT NULL,
    mac TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
