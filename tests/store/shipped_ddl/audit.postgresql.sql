
CREATE TABLE IF NOT EXISTS audit_records (
    seq BIGINT PRIMARY KEY,
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    record_id TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'id') STORED,
    kind TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'kind') STORED,
    created_at TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'created_at') STORED,
    "user" TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'user') STORED,
    status TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'status') STORED,
    question TEXT GENERATED ALWAYS AS ((body::jsonb) ->> 'question') STORED,
    conclusion TEXT GENERATED ALWAYS AS ((body::jsonb) -> 'answer' ->> 'conclusion') STORED
);
CREATE UNIQUE INDEX IF NOT EXISTS audit_by_id ON audit_records (record_id);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit_records (created_at);
CREATE TABLE IF NOT EXISTS audit_checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    body TEXT NOT NULL,
    mac TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE OR REPLACE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS
    'BEGIN RAISE EXCEPTION ''audit records are append-only''; END';
CREATE OR REPLACE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit_records
    FOR EACH ROW EXECUTE FUNCTION audit_append_only();
CREATE OR REPLACE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit_records
    FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()
