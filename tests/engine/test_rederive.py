"""Documents derived again from their stored originals (engine/ingest/derivation.py,
Index.rederive_document, Engine.reindex): a release that changes the chunkers bumps the derivation
version; documents stored before are listed stale, still answer, and are read again — same id,
new chunks, derived rows rebuilt — by ``reindex`` or by uploading the same bytes again. A new
reading that fails, before or after the stores were touched, leaves the old one whole."""

from __future__ import annotations

import json
import sqlite3

import numpy as np
import pytest

import engine.ingest.chunkers as chunkers
import engine.ingest.derivation as derivation
from engine import Engine
from engine.inputs import UnknownDocument
from engine.answer.casefile.facts import build_ledger
from engine.answer.casefile.facts.model import ledger_to_record
from engine.answer.casefile.facts.store import LedgerStore
from engine.types import IngestStatus
from tests.engine.conftest import settings_for
from tests.engine.test_atomicity import run_and_kill
from tests.engine.test_cli import run


def release_with_new_chunker(monkeypatch) -> None:
    """What a release changing the transcript chunker does: its chunks differ (here the first
    one, the record's header, is no longer kept) and the derivation version goes up."""
    original = chunkers.chunk_document
    monkeypatch.setattr(chunkers, "chunk_document", lambda doc, kind="auto": original(doc, kind)[1:])
    monkeypatch.setattr(derivation, "DERIVATION_VERSION", derivation.DERIVATION_VERSION + 1)


def texts(engine: Engine, doc_id: str) -> list[str]:
    return [c.text for c in engine.chunks(doc_id)]


class Close:
    """A vector equal to another within float32 rounding (Chroma's copy of a re-added vector
    may differ in the last bit)."""

    def __init__(self, vector):
        self.vector = np.asarray(vector, dtype=np.float32)

    def __eq__(self, other) -> bool:
        return isinstance(other, Close) and np.allclose(self.vector, other.vector, atol=1e-6)


def stored_state(engine: Engine, doc_id: str):
    """Everything a reading consists of, as stored: rows, vectors, the ledger built from them."""
    index = engine.index
    chunks = engine.chunks(doc_id, with_facts=True)
    vectors = index.current_vectors().vectors_for([c.chunk_id for c in chunks])
    ledger = index.catalog._conn().execute("SELECT version, data FROM ledgers WHERE doc_id=?", (doc_id,)).fetchone()
    return ([(c.chunk_id, c.text, [f.value for f in c.facts]) for c in chunks],
            {k: Close(v) for k, v in vectors.items()}, tuple(ledger) if ledger else None,
            engine.document(doc_id).meta, [p.text for p in engine.pages(doc_id)])


def test_a_version_bump_lists_stored_documents_stale_and_they_still_answer(engine, transcript_pdf, monkeypatch):
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    listed = engine.docs().to_dict()
    assert listed["documents"][0]["derivation"] == derivation.DERIVATION_VERSION
    assert not listed["documents"][0]["stale"]
    release_with_new_chunker(monkeypatch)
    listed = engine.docs().to_dict()
    assert listed["derivation_version"] == derivation.DERIVATION_VERSION
    assert [d["stale"] for d in listed["documents"]] == [True]
    assert [d.doc_id for d in engine.docs().stale] == [doc_id]
    assert engine.search("总共三万六千元", k=3).results[0].chunk.doc_id == doc_id  # never re-derived on open


def test_reindex_reads_the_original_again_keeping_the_id(engine, transcript_pdf, monkeypatch):
    first = engine.ingest([transcript_pdf]).documents[0]
    before = engine.document(first.doc_id)
    old = texts(engine, first.doc_id)
    release_with_new_chunker(monkeypatch)

    result = engine.reindex()
    assert result.ok and [r.doc_id for r in result.documents] == [first.doc_id]
    report = result.documents[0]
    assert report.status is IngestStatus.INGESTED and report.rederived_from == derivation.DERIVATION_VERSION - 1
    assert texts(engine, first.doc_id) == old[1:]  # what the current chunker makes of the same file
    after = engine.document(first.doc_id)
    assert (after.name, after.created_at, after.sha256, after.kind) == (before.name, before.created_at,
                                                                         before.sha256, before.kind)
    assert after.chunks == len(old) - 1 and not engine.docs().stale
    assert engine.index.embedder.last_misses == 0  # unchanged chunks: vectors from the content-hash cache
    assert engine.consistency().ok
    stored = engine.index.catalog._conn().execute("SELECT data FROM ledgers WHERE doc_id=?", (first.doc_id,)).fetchone()
    rebuilt = ledger_to_record(build_ledger(first.doc_id, engine.chunks(first.doc_id, with_facts=True)))
    assert json.loads(stored[0]) == json.loads(json.dumps(rebuilt, ensure_ascii=False))  # from the new chunks
    assert engine.search("总共三万六千元", k=3).results[0].chunk.doc_id == first.doc_id
    assert engine.reindex().documents == []  # nothing stale any more
    with pytest.raises(UnknownDocument):
        engine.reindex(["d-not-there"])


def test_reading_a_document_again_as_another_kind_replaces_it_in_place(engine, transcript_pdf, monkeypatch):
    """Re-ingest as another kind (the Documents page): the document keeps its id, name and ingest
    time, its case ledger goes with the old kind; a new reading that fails leaves the old one
    whole — nothing is deleted first, and no second ingest is needed to put it back."""
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    before = engine.document(doc_id)
    assert before.kind == "transcript"
    state = stored_state(engine, doc_id)

    def broken(doc, kind="auto"):
        raise RuntimeError("chunker bug")

    with monkeypatch.context() as patch:
        patch.setattr(chunkers, "chunk_document", broken)
        failed = engine.rederive(doc_id, "generic")
    assert failed.status is IngestStatus.FAILED and "chunker bug" in failed.error
    assert stored_state(engine, doc_id) == state and engine.consistency().ok
    unknown = engine.rederive(doc_id, "no-such-kind")
    assert unknown.status is IngestStatus.FAILED and "unknown kind" in unknown.error
    assert stored_state(engine, doc_id) == state

    report = engine.rederive(doc_id, "generic")
    assert report.status is IngestStatus.INGESTED and "generic" in report.note
    after = engine.document(doc_id)
    assert (after.doc_id, after.name, after.created_at, after.sha256) == (doc_id, before.name, before.created_at,
                                                                          before.sha256)
    assert after.kind == "generic" and engine.consistency().ok
    ledgers = engine.index.catalog._conn().execute("SELECT COUNT(*) FROM ledgers WHERE doc_id=?", (doc_id,))
    assert ledgers.fetchone()[0] == 0  # the case ledger was the transcript reading's
    assert engine.search("总共三万六千元", k=3).results[0].chunk.doc_id == doc_id
    assert engine.rederive(doc_id).kind == "generic"  # no kind given: its own
    with pytest.raises(UnknownDocument):
        engine.rederive("d-not-there", "generic")


def test_a_failing_chunker_leaves_the_stored_reading(engine, transcript_pdf, monkeypatch):
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    state = stored_state(engine, doc_id)
    monkeypatch.setattr(derivation, "DERIVATION_VERSION", derivation.DERIVATION_VERSION + 1)

    def broken(doc, kind="auto"):
        raise RuntimeError("chunker bug")

    monkeypatch.setattr(chunkers, "chunk_document", broken)
    report = engine.reindex().documents[0]
    assert report.status is IngestStatus.FAILED and "chunker bug" in report.error and "重新解析失败" in report.error
    assert stored_state(engine, doc_id) == state and engine.consistency().ok
    assert [d.doc_id for d in engine.docs().stale] == [doc_id]  # still stale: still offered


def test_a_failure_after_the_stores_changed_puts_the_old_reading_back(engine, transcript_pdf, monkeypatch):
    """The new chunks are in the catalog and Chroma when the case ledger, built from them, fails:
    the old rows, vectors and ledger go back, and the document answers as before."""
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    state = stored_state(engine, doc_id)
    generation = engine.index.catalog.generation()
    release_with_new_chunker(monkeypatch)
    build = LedgerStore.build
    calls = []

    def failing_once(self, doc_id, chunks=None):
        calls.append(len(self.catalog.chunks(doc_id)))
        if len(calls) == 1:
            raise RuntimeError("ledger bug")
        return build(self, doc_id, chunks)

    monkeypatch.setattr(LedgerStore, "build", failing_once)
    report = engine.reindex().documents[0]
    assert report.status is IngestStatus.FAILED and "ledger bug" in report.error
    assert calls == [len(state[0]) - 1, len(state[0])]  # failed on the new chunks, rebuilt on the old
    assert engine.index.catalog.generation() > generation  # the stores did change meanwhile
    assert stored_state(engine, doc_id) == state and engine.consistency().ok
    assert engine.document(doc_id).status == "ready"
    reopened = Engine(settings=engine.settings)  # another process sees the old reading too
    try:
        assert stored_state(reopened, doc_id) == state
        assert reopened.search("总共三万六千元", k=3).results[0].chunk.doc_id == doc_id
    finally:
        reopened.index.catalog.close()


def test_uploading_the_same_bytes_again_reads_a_stale_document_again(engine, transcript_pdf, monkeypatch):
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    old = texts(engine, doc_id)
    assert engine.ingest([transcript_pdf]).documents[0].status is IngestStatus.UNCHANGED
    release_with_new_chunker(monkeypatch)
    again = engine.ingest_bytes("另存.pdf", transcript_pdf.read_bytes())
    assert again.status is IngestStatus.INGESTED and again.doc_id == doc_id
    assert again.rederived_from == derivation.DERIVATION_VERSION - 1
    assert "重新解析" in again.note and again.to_dict()["note"] == again.note
    assert texts(engine, doc_id) == old[1:]
    assert engine.document(doc_id).name == transcript_pdf.name  # the stored name stays
    assert engine.ingest([transcript_pdf]).documents[0].status is IngestStatus.UNCHANGED  # current now


def _as_written_before_versions(home) -> None:
    """A home's documents as a release before derivation versions stored them: no version in
    the row's meta (the tables themselves did not change: tests/store/test_schemas_unchanged.py)."""
    with sqlite3.connect(home / "catalog.sqlite") as conn:
        conn.execute("UPDATE documents SET meta = json_remove(meta, '$.derivation', '$.derived_at')")


def test_a_home_written_before_versions_lists_its_documents_as_version_0(tmp_path, transcript_pdf):
    home = tmp_path / "old-home"
    first = Engine(settings=settings_for(home))
    doc_id = first.ingest([transcript_pdf]).documents[0].doc_id
    first.index.catalog.close()
    _as_written_before_versions(home)

    engine = Engine(settings=settings_for(home))
    try:
        listed = engine.docs().to_dict()["documents"]
        assert [(d["doc_id"], d["derivation"], d["stale"]) for d in listed] == [(doc_id, 0, True)]
        assert engine.ask("一共转了多少钱？", doc_id=doc_id).evidence  # answers from the old reading
        assert engine.reindex().documents[0].rederived_from == 0
        assert engine.docs().to_dict()["documents"][0]["derivation"] == derivation.DERIVATION_VERSION
        assert engine.consistency().ok
    finally:
        engine.index.catalog.close()


@pytest.mark.integration
def test_the_cli_lists_stale_documents_and_reindexes_them(tmp_path, transcript_pdf):
    home = tmp_path / "cli-home"
    ingest = run(home, "ingest", str(transcript_pdf), "--json")
    doc_id = json.loads(ingest.stdout)["documents"][0]["doc_id"]
    _as_written_before_versions(home)
    listed = json.loads(run(home, "docs", "--json").stdout)
    assert [(d["doc_id"], d["stale"], d["derivation"]) for d in listed["documents"]] == [(doc_id, True, 0)]
    done = run(home, "reindex", "--stale", "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    assert [(d["doc_id"], d["status"], d["rederived_from"]) for d in payload["documents"]] == [(doc_id, "ingested", 0)]
    assert not json.loads(run(home, "docs", "--json").stdout)["documents"][0]["stale"]
    unknown = run(home, "reindex", "d-not-there", "--json")
    assert unknown.returncode == 2 and "d-not-there" in json.loads(unknown.stdout)["error"]


@pytest.mark.integration
def test_the_shared_profile_derives_again_on_the_server(tmp_path, transcript_pdf, shared_urls, monkeypatch):
    """The same on a PostgreSQL + pgvector server: the server's rows, vectors and BM25 postings
    take the new reading, another home's replica follows, and a failure puts the old one back."""
    def shared_engine(name: str) -> Engine:
        settings = settings_for(tmp_path / name)
        return Engine(settings=settings.model_copy(update={
            "shared": settings.shared.model_copy(update={"database_url": shared_urls.database,
                                                         "retrieval_url": shared_urls.retrieval}),
            # one audit chain on the server, signed with one key (a shared secrets mount)
            "audit": settings.audit.model_copy(update={"key_file": tmp_path / "secrets.toml"})}))

    a, b = shared_engine("a"), shared_engine("b")
    assert a.index.shared
    doc_id = a.ingest([transcript_pdf]).documents[0].doc_id
    old = texts(b, doc_id)
    release_with_new_chunker(monkeypatch)
    assert [d.doc_id for d in b.docs().stale] == [doc_id]

    build = LedgerStore.build
    calls = []

    def failing_once(self, doc_id, chunks=None):
        calls.append(doc_id)
        if len(calls) == 1:
            raise RuntimeError("ledger bug")
        return build(self, doc_id, chunks)

    monkeypatch.setattr(LedgerStore, "build", failing_once)
    assert a.reindex().documents[0].status is IngestStatus.FAILED
    assert texts(a, doc_id) == texts(b, doc_id) == old and a.consistency().ok
    assert b.search("总共三万六千元", k=3).results[0].chunk.doc_id == doc_id

    assert a.reindex().ok
    assert texts(a, doc_id) == texts(b, doc_id) == old[1:] and not b.docs().stale
    assert a.consistency().ok and b.consistency().ok
    hit = b.search("总共三万六千元", k=3).results[0].chunk
    assert hit.doc_id == doc_id and hit.text in old[1:]


@pytest.mark.integration
@pytest.mark.parametrize("step", ["rederive_pending", "rederive_vectors"])
def test_a_reindex_killed_midway_leaves_the_old_reading(tmp_path, transcript_pdf, step):
    """A ``reindex`` process killed after the new rows (and vectors) went in: the next process
    to open the home puts the journalled old reading back — rows, vectors, ledger on first read."""
    home = tmp_path / "home"
    engine = Engine(settings=settings_for(home))
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    engine.index.catalog.close()
    _as_written_before_versions(home)  # stale, and its stored reading tells itself from a new one
    engine = Engine(settings=settings_for(home))
    state = stored_state(engine, doc_id)
    engine.index.catalog.close()

    run_and_kill(home, step, "reindex", "--json")
    engine = Engine(settings=settings_for(home))  # opening recovers
    try:
        assert engine.document(doc_id).status == "ready" and engine.consistency().ok
        assert engine.index.catalog.journal(doc_id) is None
        assert stored_state(engine, doc_id)[:2] == state[:2] and stored_state(engine, doc_id)[3:] == state[3:]
        assert [d.doc_id for d in engine.docs().stale] == [doc_id]
        assert LedgerStore.for_catalog(engine.index.catalog).get(doc_id).events  # rebuilt on read
        assert engine.search("总共三万六千元", k=3).results[0].chunk.doc_id == doc_id
        assert engine.reindex().ok and not engine.docs().stale  # and it can be derived again
    finally:
        engine.index.catalog.close()


def test_another_process_answers_from_the_new_ledger(engine, transcript_pdf, monkeypatch):
    """A long-lived process (a dashboard) that read the case ledger before another one derived
    the document again reads the ledger of the new chunks, not its remembered one."""
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    dashboard = Engine(settings=engine.settings)
    try:
        ledgers = LedgerStore.for_catalog(dashboard.index.catalog)
        before = ledger_to_record(ledgers.get(doc_id))
        release_with_new_chunker(monkeypatch)
        assert engine.reindex().ok
        after = ledger_to_record(ledgers.get(doc_id))
        assert after == ledger_to_record(build_ledger(doc_id, engine.chunks(doc_id, with_facts=True)))
        assert after != before
    finally:
        dashboard.index.catalog.close()


def test_a_write_to_another_document_keeps_the_remembered_ledger(engine, transcript_pdf, tmp_path, monkeypatch):
    """The remembered ledger is keyed by its own document's stamp: another document stored (which
    moves the catalog's generation) does not make the next ask read this one's ledger again."""
    import engine.answer.casefile.facts.store as store

    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    ledgers = LedgerStore(engine.index.catalog)  # its own cache: the first read is from SQLite
    reads = []
    original = store.ledger_from_record
    monkeypatch.setattr(store, "ledger_from_record", lambda record: reads.append(1) or original(record))
    first = ledgers.get(doc_id)
    assert reads == [1]
    other = tmp_path / "另一份材料.txt"
    other.write_text("借款合同\n甲方向乙方借款人民币伍万元，借期一年。\n", encoding="utf-8")
    generation = engine.index.catalog.generation()
    assert engine.ingest([other]).ok
    assert engine.index.catalog.generation() != generation
    assert ledgers.get(doc_id) is first and reads == [1]
