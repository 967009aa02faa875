"""Tables kept in a catalog's own file (engine/store/sidecar.py), on a real catalog file: one
instance per catalog and per kind, rows that go with their document, no catalog kept alive."""

from __future__ import annotations

import gc
import sqlite3

import pytest

from engine.answer.casefile.facts.store import LedgerStore
from engine.statutes.graph import ReferenceGraph
from engine.store.catalog import Catalog


def test_one_instance_per_catalog_and_per_kind(tmp_path):
    first, second = Catalog(tmp_path / "a" / "catalog.sqlite"), Catalog(tmp_path / "b" / "catalog.sqlite")
    ledger, graph = LedgerStore.for_catalog(first), ReferenceGraph.for_catalog(first)
    assert isinstance(ledger, LedgerStore) and isinstance(graph, ReferenceGraph)
    assert LedgerStore.for_catalog(first) is ledger and ReferenceGraph.for_catalog(first) is graph
    assert LedgerStore.for_catalog(second) is not ledger
    assert ledger.catalog is first and graph.catalog is first


def test_their_tables_live_in_the_catalog_file_and_cascade(tmp_path):
    catalog = Catalog(tmp_path / "catalog.sqlite")
    store = LedgerStore.for_catalog(catalog)
    ReferenceGraph.for_catalog(catalog)
    with sqlite3.connect(catalog.path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"documents", "ledgers", "statute_refs"} <= tables
        conn.execute("INSERT INTO documents (doc_id, name, sha256, kind, media_type, pages, chunks, size_bytes,"
                     " status, created_at) VALUES ('d1', 'x', 'h', 'transcript', 'text', 0, 0, 0, 'ready', 'now')")
    store.build("d1", chunks=[])
    with store._write() as conn:  # the store's own connection: foreign keys on
        assert conn.execute("SELECT count(*) FROM ledgers").fetchone()[0] == 1
        conn.execute("DELETE FROM documents WHERE doc_id='d1'")
        assert conn.execute("SELECT count(*) FROM ledgers").fetchone()[0] == 0


def test_a_shared_instance_does_not_keep_its_catalog_alive(tmp_path):
    catalog = Catalog(tmp_path / "catalog.sqlite")
    graph = ReferenceGraph.for_catalog(catalog)
    catalog.close()
    del catalog
    gc.collect()
    with pytest.raises(RuntimeError, match="reference graph"):
        graph.catalog
