"""The shared catalog (engine/store/shared_catalog.py) on a real PostgreSQL server, as two
processes' homes see it: what one stores is read by the other once committed — rows, facts,
statute identity, pages — pending documents stay invisible, and a document deleted through one
leaves the other's replica with everything derived from it (ON DELETE CASCADE), as in one home."""

from __future__ import annotations

import pytest

from engine.store.shared_catalog import SharedCatalog
from engine.types import Chunk, DocumentRecord, Fact, PageText, Span

pytestmark = pytest.mark.integration


def _document(doc_id: str, created_at: str = "2026-01-01T00:00:00+00:00", text: str = "第一条 借款四万二千元。"):
    chunks = [Chunk(chunk_id=f"{doc_id}:00000", doc_id=doc_id, seq=0, kind="statute", chunk_type="article",
                    text=text, spans=[Span(1, 0, len(text))], bboxes=[],
                    meta={"law_title": "中华人民共和国测试法", "law_short": "测试法", "article_label": "第一条"},
                    facts=[Fact(kind="amount", text="四万二千元", start=5, end=10, value=42000, meta={})]),
              Chunk(chunk_id=f"{doc_id}:00001", doc_id=doc_id, seq=1, kind="statute", chunk_type="article",
                    text="第二条 另行约定。", spans=[Span(1, 0, 9)], bboxes=[], meta={})]
    record = DocumentRecord(doc_id=doc_id, name=f"{doc_id}.txt", sha256=doc_id * 4, kind="statute",
                            media_type="text/plain", pages=1, chunks=2, size_bytes=10, status="pending",
                            created_at=created_at)
    return record, [PageText(1, text, [])], chunks, [["借款", "42000"], ["另行", "约定"]], ["h0", "h1"]


def _store(catalog: SharedCatalog, doc_id: str, **kwargs) -> None:
    catalog.insert_pending(*_document(doc_id, **kwargs))
    catalog.set_status(doc_id, "ready")


def test_what_one_home_stores_the_other_reads(tmp_path, shared_urls):
    a = SharedCatalog(shared_urls.database, tmp_path / "a")
    b = SharedCatalog(shared_urls.database, tmp_path / "b")
    assert a.catalog_id == b.catalog_id and a.path != b.path
    b.documents()  # b has looked before a writes
    a.insert_pending(*_document("d1"))
    assert b.documents() == [] and [d.doc_id for d in b.documents("pending")] == ["d1"]
    a.set_status("d1", "ready")
    assert b.generation() == a.generation()
    assert [d.doc_id for d in b.documents()] == ["d1"]
    assert [c.text for c in b.chunks("d1", with_facts=True)] == [c.text for c in a.chunks("d1", with_facts=True)]
    assert b.get_chunks(["d1:00000"], with_facts=True)[0].facts[0].value == 42000
    assert b.find_articles("第一条", law="测试法") == ["d1:00000"]
    assert b.pages("d1")[0].text.startswith("第一条")
    assert b.lexical_rows() == a.lexical_rows() == [("d1:00000", "d1", "借款 42000"), ("d1:00001", "d1", "另行 约定")]
    assert b.lexical_snapshot()[0] == a.generation()


def test_a_delete_through_one_home_takes_the_derived_rows_of_the_other(tmp_path, shared_urls):
    a = SharedCatalog(shared_urls.database, tmp_path / "a")
    b = SharedCatalog(shared_urls.database, tmp_path / "b")
    _store(a, "d1")
    _store(a, "d2")
    b.generation()
    with b._write() as conn:  # a table built from the chunks in b's replica, as the case ledger is
        conn.execute("CREATE TABLE derived (doc_id TEXT REFERENCES documents(doc_id) ON DELETE CASCADE)")
        conn.executemany("INSERT INTO derived VALUES (?)", [("d1",), ("d2",)])
    a.set_status("d1", "deleting")
    a.delete_document("d1")
    assert [d.doc_id for d in b.documents()] == ["d2"]
    assert [r[0] for r in b._conn().execute("SELECT doc_id FROM derived")] == ["d2"]
    assert b.get_chunks(["d1:00000"]) == [] and b.get_document("d1") is None


def test_a_document_stored_again_replaces_the_old_copy(tmp_path, shared_urls):
    a = SharedCatalog(shared_urls.database, tmp_path / "a")
    b = SharedCatalog(shared_urls.database, tmp_path / "b")
    _store(a, "d1", text="第一条 旧文。")
    assert b.chunks("d1")[0].text == "第一条 旧文。"
    a.delete_document("d1")
    _store(a, "d1", created_at="2026-02-01T00:00:00+00:00", text="第一条 新文。")
    assert b.chunks("d1")[0].text == "第一条 新文。"


def test_a_document_derived_again_keeps_its_id_and_time_and_every_replica_follows(tmp_path, shared_urls):
    """Engine.reindex puts new rows in place of a document's, same id and ingest time (only
    ``derived_at`` in its meta differs): another home's replica drops the old rows and what it
    derived from them, and the rows read back from the server restore the old reading whole."""
    from engine.store.catalog import document_rows

    a = SharedCatalog(shared_urls.database, tmp_path / "a")
    b = SharedCatalog(shared_urls.database, tmp_path / "b")
    _store(a, "d1", text="第一条 旧文。")
    old_rows = a.stored_rows("d1")
    assert b.chunks("d1")[0].text == "第一条 旧文。"
    with b._write() as conn:  # a table built from the chunks in b's replica, as the case ledger is
        conn.execute("CREATE TABLE derived (doc_id TEXT REFERENCES documents(doc_id) ON DELETE CASCADE)")
        conn.execute("INSERT INTO derived VALUES ('d1')")

    record, pages, chunks, tokens, hashes = _document("d1", text="第一条 新文。")
    record.meta = {"derivation": 2, "derived_at": "2026-11-27T00:00:00.000001+00:00"}
    a.replace_pending(document_rows(record, pages, chunks, tokens, hashes))
    assert b.documents() == [] and b.chunks("d1") == []  # pending: invisible, the old rows gone
    a.set_status("d1", "ready")
    assert b.chunks("d1")[0].text == "第一条 新文。" and b.get_document("d1").meta["derivation"] == 2
    assert b.get_document("d1").created_at == "2026-01-01T00:00:00+00:00"
    assert b._conn().execute("SELECT COUNT(*) FROM derived").fetchone()[0] == 0

    a.replace_pending(old_rows)  # what a failed re-derivation puts back
    a.set_status("d1", "ready")
    assert b.chunks("d1")[0].text == "第一条 旧文。" and a.stored_rows("d1") == old_rows
    assert b.stored_rows("d1") == old_rows
    assert b.get_chunks(["d1:00000"], with_facts=True)[0].facts[0].value == 42000
