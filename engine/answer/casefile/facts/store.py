"""The ledger of each case file, kept in the catalog's own SQLite file beside its chunks.

Built at ingest for transcripts; rebuilt on read when the extractor changed (``LEDGER_VERSION``)
or when the document was ingested before ledgers existed. Rows go with their document
(``ON DELETE CASCADE``), so a deleted or rolled-back document leaves no ledger behind.
"""

from __future__ import annotations

import json

from engine.answer.casefile.facts.build import LEDGER_VERSION, build_ledger
from engine.answer.casefile.facts.model import CaseLedger, ledger_from_record, ledger_to_record
from engine.store.catalog import Catalog
from engine.store.sidecar import CatalogSidecar

SCHEMA = """
CREATE TABLE IF NOT EXISTS ledgers (
    doc_id TEXT PRIMARY KEY REFERENCES documents(doc_id) ON DELETE CASCADE,
    version INTEGER NOT NULL,
    events INTEGER NOT NULL,
    data TEXT NOT NULL
);
"""


class LedgerStore(CatalogSidecar):
    SCHEMA = SCHEMA
    WHAT = "ledger store"

    def __init__(self, catalog: Catalog):
        # By the document's own stamp (when it was stored, when it was last derived): another process
        # may have derived the document again (Engine.reindex keeps its id), and this one must not
        # answer from the old ledger — while a write to any other document leaves this one's cache.
        self._cache: dict[tuple[str, int, tuple[str, str]], CaseLedger] = {}
        super().__init__(catalog)

    def _stamp(self, doc_id: str) -> tuple[str, str]:
        """When the document was stored and last derived (a document stored before derivations
        were recorded has no derived_at; a deleted one reads empty)."""
        self.catalog.generation()  # a shared catalog's replica is brought up to date first
        row = self._conn().execute("SELECT created_at, json_extract(meta, '$.derived_at') FROM documents"
                                   " WHERE doc_id=?", (doc_id,)).fetchone()
        return (row[0] or "", row[1] or "") if row else ("", "")

    def build(self, doc_id: str, chunks=None) -> CaseLedger:
        """(Re)build and store one document's ledger."""
        stamp = self._stamp(doc_id)  # before the chunks are read: never newer than them
        chunks = chunks if chunks is not None else self.catalog.chunks(doc_id, with_facts=True)
        ledger = build_ledger(doc_id, chunks)
        data = json.dumps(ledger_to_record(ledger), ensure_ascii=False)
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM documents WHERE doc_id=?", (doc_id,)).fetchone():
                conn.execute("INSERT OR REPLACE INTO ledgers (doc_id, version, events, data) VALUES (?, ?, ?, ?)",
                             (doc_id, LEDGER_VERSION, len(ledger.events), data))
        self._remember(doc_id, ledger, stamp)
        return ledger

    def _remember(self, doc_id: str, ledger: CaseLedger, stamp: tuple[str, str]) -> None:
        self.forget(doc_id)
        self._cache[(doc_id, LEDGER_VERSION, stamp)] = ledger

    def get(self, doc_id: str, chunks=None) -> CaseLedger:
        """The stored ledger, rebuilt first when it is missing or from an older extractor."""
        stamp = self._stamp(doc_id)
        cached = self._cache.get((doc_id, LEDGER_VERSION, stamp))
        if cached is not None:
            return cached
        row = self._conn().execute("SELECT version, data FROM ledgers WHERE doc_id=?", (doc_id,)).fetchone()
        if row is None or row[0] != LEDGER_VERSION:
            return self.build(doc_id, chunks)
        ledger = ledger_from_record(json.loads(row[1]))
        self._remember(doc_id, ledger, stamp)
        return ledger

    def forget(self, doc_id: str) -> None:
        self._cache = {k: v for k, v in self._cache.items() if k[0] != doc_id}
