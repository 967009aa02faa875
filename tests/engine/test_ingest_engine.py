"""Engine.ingest end to end on real files: idempotency, bad input, stores in agreement."""

from __future__ import annotations

import time
import zipfile

import pytest

from engine.types import IngestStatus
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import TRANSCRIPT_LINES

pytestmark = pytest.mark.integration


def test_ingest_then_unchanged_quickly(engine, transcript_pdf):
    first = engine.ingest([transcript_pdf]).documents[0]
    assert first.status is IngestStatus.INGESTED, first.error
    assert first.kind == "transcript" and first.pages == 1 and first.chunks >= 3
    assert [q.page for q in first.quality] == [1]

    clock = time.perf_counter()
    again = engine.ingest([transcript_pdf]).documents[0]
    assert time.perf_counter() - clock < 1.0
    assert again.status is IngestStatus.UNCHANGED and again.doc_id == first.doc_id
    assert engine.consistency().ok
    assert len(engine.docs().documents) == 1


def test_the_same_bytes_under_a_new_name_say_which_document_they_are(engine, transcript_pdf, tmp_path):
    first = engine.ingest([transcript_pdf]).documents[0]
    copy = tmp_path / "副本.pdf"
    copy.write_bytes(transcript_pdf.read_bytes())
    again = engine.ingest([copy]).documents[0]
    assert again.status is IngestStatus.UNCHANGED and again.doc_id == first.doc_id
    assert again.name == "副本.pdf" and again.duplicate_of == transcript_pdf.name
    assert again.to_dict()["duplicate_of"] == transcript_pdf.name
    assert engine.ingest([transcript_pdf]).documents[0].duplicate_of is None  # same name: nothing to say
    assert [d.name for d in engine.docs().documents] == [transcript_pdf.name]


def test_chunks_carry_anchors_and_facts(engine, transcript_pdf):
    report = engine.ingest([transcript_pdf]).documents[0]
    chunks = engine.chunks(report.doc_id, with_facts=True)
    pages = {p.number: p for p in engine.pages(report.doc_id)}
    for chunk in chunks:
        assert chunk.bboxes, chunk.text
        for box in chunk.bboxes:
            page = pages[box.page]
            assert 0 <= box.x0 < box.x1 <= page.width and 0 <= box.top < box.bottom <= page.height
        for fact in chunk.facts:
            assert chunk.text[fact.start:fact.end] == fact.text
    amounts = sorted(f.value for c in chunks for f in c.facts if f.kind == "amount")
    assert amounts == [6000, 13000, 17000, 36000]
    assert engine.document_bytes(report.doc_id) == transcript_pdf.read_bytes()


def test_bad_inputs_fail_alone_and_lose_nothing(engine, transcript_pdf, tmp_path, cjk_font):
    good = engine.ingest([transcript_pdf]).documents[0]
    assert good.status is IngestStatus.INGESTED

    bad = {}
    bad["empty.pdf"] = b""
    bad["not really.pdf"] = b"hello, I am plain text pretending to be a PDF\n" * 3
    bad["truncated.pdf"] = transcript_pdf.read_bytes()[:400]
    bad["picture.png"] = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    bad["garbage.bin"] = bytes(range(256)) * 64
    paths = []
    for name, data in bad.items():
        path = tmp_path / name
        path.write_bytes(data)
        paths.append(path)
    encrypted = make_pdf(tmp_path / "加密 'locked'.pdf", [TRANSCRIPT_LINES], font=cjk_font,
                         password="secret")
    zipped = tmp_path / "archive.docx"
    with zipfile.ZipFile(zipped, "w") as zf:
        zf.writestr("hello.txt", "not a word document")
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"a" * (engine.settings.limits.file_bytes + 1))
    missing = tmp_path / "no such file.pdf"
    second_good = make_pdf(tmp_path / "第二份.pdf", [TRANSCRIPT_LINES[:5] + ["问：你是谁？", "答：我是张某某。"]],
                           font=cjk_font)

    result = engine.ingest([*paths, encrypted, zipped, huge, missing, second_good])
    by_name = {d.name: d for d in result.documents}
    assert not result.ok
    assert by_name["第二份.pdf"].status is IngestStatus.INGESTED
    failed = [d for d in result.documents if d.name != "第二份.pdf"]
    assert all(d.status is IngestStatus.FAILED and d.error for d in failed), \
        [(d.name, d.status, d.error) for d in failed]
    assert "密码" in by_name[encrypted.name].error or "encrypt" in by_name[encrypted.name].error.lower()
    assert "MiB > 50 MiB limit" in by_name["huge.txt"].error  # in the unit of the limit
    assert "不存在" in by_name["no such file.pdf"].error
    # nothing stored earlier is lost, nothing half-stored appears
    names = sorted(d.name for d in engine.docs().documents)
    assert names == sorted([transcript_pdf.name, "第二份.pdf"])
    assert engine.consistency().ok


def test_unknown_kind_is_a_clear_failure(engine, transcript_pdf):
    report = engine.ingest([transcript_pdf], kind="poem").documents[0]
    assert report.status is IngestStatus.FAILED and "kind" in report.error


def test_delete_removes_from_every_store(engine, transcript_pdf):
    report = engine.ingest([transcript_pdf]).documents[0]
    assert engine.delete(report.doc_id)
    assert engine.docs().documents == [] and engine.chunks(report.doc_id) == []
    assert engine.index.vectors.count() == 0
    assert not engine.index.blobs.path(report.sha256).exists()
    assert engine.consistency().ok
    assert engine.delete(report.doc_id) is False
    assert engine.ingest([transcript_pdf]).documents[0].status is IngestStatus.INGESTED


def test_bm25_finds_normalised_numbers(engine, transcript_pdf):
    from engine.text.tokenize import tokenize

    report = engine.ingest([transcript_pdf]).documents[0]
    index = engine.index.lexical_index()
    hits = index.search(tokenize("一万七千元"), 3)  # the document says 17000元
    chunk = engine.index.catalog.get_chunks([hits[0][0]])[0]
    assert "17000" in chunk.text and chunk.doc_id == report.doc_id


def test_a_directory_means_its_supported_files(engine, transcript_pdf, tmp_path):
    folder = tmp_path / "case"
    (folder / "sub").mkdir(parents=True)
    (folder / ".hidden").mkdir()
    (folder / "sub" / transcript_pdf.name).write_bytes(transcript_pdf.read_bytes())
    (folder / "notes.txt").write_text("证人陈述：2023年5月12日见过张某某。", encoding="utf-8")
    (folder / "ground_truth.json").write_text("{}", encoding="utf-8")
    (folder / ".hidden" / "x.txt").write_text("secret", encoding="utf-8")
    names = [d.name for d in engine.ingest([folder]).documents]
    assert names == ["notes.txt", transcript_pdf.name]


def test_deletion_is_audited(engine, transcript_pdf):
    report = engine.ingest([transcript_pdf]).documents[0]
    engine.delete(report.doc_id, user="admin")
    (event,) = engine.audit.records(kind="delete")
    assert event.user == "admin" and event.body["payload"]["doc_id"] == report.doc_id
    assert engine.audit.verify().ok
