
CREATE TABLE IF NOT EXISTS contract_facts (
    doc_id TEXT PRIMARY KEY REFERENCES documents(doc_id) ON DELETE CASCADE,
    extractor_version TEXT NOT NULL,
    mode TEXT NOT NULL,
    model TEXT,
    language TEXT NOT NULL,
    extracted_at TEXT NOT NULL,
    title TEXT,
    contract_type TEXT,
    agreement_date TEXT,      -- ISO day, or NULL when unknown or less precise than a day
    effective_date TEXT,
    start_date TEXT,          -- term start, else effective date, else agreement date
    end_date TEXT,            -- stated termination date, else start + duration
    end_basis TEXT,           -- stated | derived
    auto_renew INTEGER,       -- 1 / 0 / NULL unknown
    total_amount TEXT,        -- exact decimal string
    total_amount_cents INTEGER,
    currency TEXT,
    notes TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS contract_fields (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    field TEXT NOT NULL,
    seq INTEGER NOT NULL,
    value TEXT NOT NULL,      -- JSON
    text TEXT NOT NULL,
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    page INTEGER,
    quote_start INTEGER NOT NULL,
    quote_end INTEGER NOT NULL,
    alignment TEXT NOT NULL CHECK (alignment IN ('exact', 'fuzzy')),
    source TEXT NOT NULL,
    meta TEXT NOT NULL,
    PRIMARY KEY (doc_id, field, seq)
);
CREATE TABLE IF NOT EXISTS contract_jurisdictions (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    jurisdiction TEXT NOT NULL,
    PRIMARY KEY (doc_id, jurisdiction)
);
CREATE TABLE IF NOT EXISTS contract_parties (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    name TEXT NOT NULL,
    role TEXT,
    location TEXT,
    norm TEXT NOT NULL,
    entity_id TEXT,
    canonical TEXT,
    merge_method TEXT,        -- own | same_normalised_name | similar_name
    merge_score REAL,
    merged_with TEXT,
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    page INTEGER,
    quote_start INTEGER NOT NULL,
    quote_end INTEGER NOT NULL,
    alignment TEXT NOT NULL CHECK (alignment IN ('exact', 'fuzzy')),
    source TEXT NOT NULL,
    meta TEXT NOT NULL,
    PRIMARY KEY (doc_id, seq)
);
CREATE INDEX IF NOT EXISTS contract_parties_by_entity ON contract_parties (entity_id);
CREATE TABLE IF NOT EXISTS contract_clauses (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    clause_type TEXT NOT NULL,
    summary TEXT NOT NULL,
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    page INTEGER,
    quote_start INTEGER NOT NULL,
    quote_end INTEGER NOT NULL,
    alignment TEXT NOT NULL CHECK (alignment IN ('exact', 'fuzzy')),
    source TEXT NOT NULL,
    meta TEXT NOT NULL,
    PRIMARY KEY (doc_id, seq)
);
CREATE INDEX IF NOT EXISTS contract_clauses_by_type ON contract_clauses (clause_type);
