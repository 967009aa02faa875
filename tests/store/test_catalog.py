from __future__ import annotations

import threading

import pytest

from engine.store.catalog import Catalog
from engine.types import BBox, Chunk, DocumentRecord, Fact, Line, PageQuality, PageText, Span

pytestmark = pytest.mark.integration


def _doc(doc_id="d1", sha="a" * 64) -> tuple[DocumentRecord, list[PageText], list[Chunk]]:
    record = DocumentRecord(doc_id=doc_id, name="笔录 1.pdf", sha256=sha, kind="transcript",
                            media_type="pdf", pages=1, chunks=1, size_bytes=10, status="pending",
                            created_at="2026-01-01T00:00:00+00:00", meta={"title": "讯问笔录"})
    page = PageText(number=1, text="问：多少钱？\n答：四万二千元。", width=595, height=842,
                    lines=[Line(0, 6, BBox(1, 56, 60, 140, 72), tuple(range(56, 63))),
                           Line(7, 16, BBox(1, 56, 80, 160, 92), None)],
                    quality=PageQuality(page=1, char_count=16, garbled_rate=0.0, pattern_hits=2,
                                        needs_ocr=False))
    chunk = Chunk(chunk_id=f"{doc_id}:00000", doc_id=doc_id, seq=0, kind="transcript",
                  chunk_type="qa", text=page.text, spans=[Span(1, 0, 16)],
                  bboxes=[BBox(1, 56, 60, 160, 92)], meta={"qa_index": 1}, pii_level="none",
                  facts=[Fact("amount", "四万二千元", 10, 15, 42000, {"unit": "元"})])
    return record, [page], [chunk]


def test_pending_document_is_invisible_until_ready(tmp_path):
    catalog = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    generation = catalog.generation()
    catalog.insert_pending(record, pages, chunks, [["问", "42000"]], ["h"])
    assert catalog.documents() == [] and catalog.chunks() == [] and catalog.lexical_rows() == []
    assert [d.doc_id for d in catalog.documents("pending")] == ["d1"]
    catalog.set_status("d1", "ready")
    assert catalog.generation() == generation + 2  # the pending insert is a commit too
    assert catalog.lexical_rows() == [("d1:00000", "d1", "问 42000")]
    assert catalog.lexical_snapshot() == (generation + 2, catalog.lexical_rows())


def test_every_commit_moves_the_generation(tmp_path):
    """Other processes tell that the catalog changed by the generation alone (engine/store/index.py)."""
    catalog = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    seen = [catalog.generation()]
    for commit in (lambda: catalog.insert_pending(record, pages, chunks, [["问"]], ["h"]),
                   lambda: catalog.set_status("d1", "ready"),
                   lambda: catalog.replace_tokens({"d1:00000": ["问", "42000"]}, 9),
                   lambda: catalog.set_status("d1", "deleting"),
                   lambda: catalog.delete_document("d1")):
        commit()
        seen.append(catalog.generation())
    assert all(b > a for a, b in zip(seen, seen[1:])), seen


def test_lexical_snapshot_reads_rows_and_generation_together(tmp_path):
    """A commit between reading the generation and reading the rows (here: from another
    connection, as another process would) must not put a later document under the older number."""
    catalog = Catalog(tmp_path / "c.sqlite")
    other = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    other.insert_pending(record, pages, chunks, [["问"]], ["h"])
    with catalog._snapshot() as conn:
        before = catalog._generation(conn)
        other.set_status("d1", "ready")  # committed by "another process" inside our snapshot
        assert catalog._lexical_rows(conn) == [] and catalog._generation(conn) == before
    assert catalog.lexical_snapshot() == (before + 1, [("d1:00000", "d1", "问")])


def test_round_trip_of_pages_chunks_and_facts(tmp_path):
    catalog = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    catalog.insert_pending(record, pages, chunks, [["x"]], ["h"])
    catalog.set_status("d1", "ready")
    (page,) = catalog.pages("d1")
    assert page.text == pages[0].text and page.lines[0].bbox == pages[0].lines[0].bbox
    assert page.lines[0].char_x == tuple(float(x) for x in range(56, 63))
    assert page.quality.garbled_rate == 0.0
    (chunk,) = catalog.chunks("d1", with_facts=True)
    assert chunk.spans == [Span(1, 0, 16)] and chunk.meta == {"qa_index": 1}
    (fact,) = chunk.facts
    assert fact.value == 42000 and isinstance(fact.value, int)  # numbers survive as numbers
    assert catalog.get_chunks(["nope", "d1:00000"])[0].chunk_id == "d1:00000"


def test_failed_transaction_leaves_nothing(tmp_path):
    catalog = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    catalog.insert_pending(record, pages, chunks, [["x"]], ["h"])
    clash, pages2, chunks2 = _doc(doc_id="d2", sha="a" * 64)  # same sha256: UNIQUE violation
    with pytest.raises(Exception):
        catalog.insert_pending(clash, pages2, chunks2, [["x"]], ["h"])
    assert catalog.get_document("d2") is None and catalog.chunks("d2") == []


def test_delete_cascades(tmp_path):
    catalog = Catalog(tmp_path / "c.sqlite")
    record, pages, chunks = _doc()
    catalog.insert_pending(record, pages, chunks, [["x"]], ["h"])
    catalog.delete_document("d1")
    assert catalog.pages("d1") == [] and catalog.chunks("d1") == [] and catalog.facts() == []


def test_threads_read_while_one_writes(tmp_path):
    catalog = Catalog(tmp_path / "c.sqlite")
    errors: list[Exception] = []

    def writer():
        for i in range(20):
            record, pages, chunks = _doc(doc_id=f"w{i}", sha=f"{i:064d}")
            try:
                catalog.insert_pending(record, pages, chunks, [["x"]], ["h"])
                catalog.set_status(f"w{i}", "ready")
            except Exception as exc:  # pragma: no cover - reported below
                errors.append(exc)

    def reader():
        for _ in range(50):
            try:
                catalog.documents()
                catalog.lexical_rows()
            except Exception as exc:  # pragma: no cover
                errors.append(exc)

    threads = [threading.Thread(target=writer)] + [threading.Thread(target=reader) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(catalog.documents()) == 20
