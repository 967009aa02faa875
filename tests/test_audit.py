"""The audit trail: hash chain, tamper detection, concurrent appends, filters, replay, CLI."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path

import pytest

from engine import Engine
from engine.answer.model import Answer, Calculation, Checks, Evidence, Mode, Status
from engine.audit import AUDIT_FILE, GENESIS_HASH, RECALL_CAP, AuditLog, Stage
from engine.question import read_question
from engine.retrieve.search import SearchHit, SearchMode, SearchResponse
from engine.types import BBox, Chunk, Fact, Span
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import TRANSCRIPT_LINES, settings_for

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[1]
ASK_STAGES = ["parse", "recall", "recall", "fusion", "rerank", "evidence", "compose", "verify", "output"]


# -- building asks without an engine -----------------------------------------------------------
def _chunk(n: int, page: int = 1) -> Chunk:
    return Chunk(chunk_id=f"doc1:{n:05d}", doc_id="doc1", seq=n, kind="transcript", chunk_type="qa",
                 text=f"答：第{n}次转给刘某17000元。", spans=[Span(page, 0, 14)],
                 bboxes=[BBox(page, 72.0, 100.0 + n, 500.0, 120.0 + n)], meta={})


def synthetic_ask(question: str = "第一次转给刘某多少钱？", status: Status = Status.ANSWERED,
                  *, recall: int = 5, reranker: str = "flashrank:ms-marco-MultiBERT-L-12"
                  ) -> tuple[Answer, SearchResponse]:
    """A hybrid search whose reranker reversed the fused order, and an answer citing two hits."""
    bm25 = [(f"doc1:{i:05d}", 10.0 - i * 0.1) for i in range(recall)]
    vector = [(f"doc1:{i:05d}", 0.9 - i * 0.001) for i in range(recall)]
    rrf = {cid: 2 / (60 + i + 1) for i, (cid, _) in enumerate(bm25[:3])}
    hits = [SearchHit(rank, _chunk(n, page=n), "讯问笔录.pdf", 0.5 - rank * 0.1,
                      {"bm25": {"rank": n + 1, "score": bm25[n][1]},
                       "vector": {"rank": n + 1, "score": vector[n][1]},
                       "rrf": {"score": rrf[f"doc1:{n:05d}"]}, "rerank": {"score": 0.5 - rank * 0.1}})
            for rank, n in enumerate([2, 1, 0], start=1)]
    amount = Fact("amount", "17000元", 0, 6, 17000)
    response = SearchResponse(query=question, plan=read_question(question), mode=SearchMode.HYBRID,
                              reranker=reranker, results=hits,
                              candidates={"bm25": bm25, "vector": vector},
                              timings_ms={"parse": 1.0, "bm25": 2.0, "vector": 3.0, "fuse": 0.1,
                                          "rerank": 9.0, "total": 15.1})
    evidence = [Evidence("E1", hits[0].chunk, "讯问笔录.pdf", 0, 10, hits[0].chunk.bboxes, 0.4),
                Evidence("E2", hits[1].chunk, "讯问笔录.pdf", 0, 10, hits[1].chunk.bboxes, 0.3,
                         role="chain")]
    answer = Answer(question=question, intent="fact", status=status, conclusion="材料显示为17000元（E1）。",
                    evidence=evidence,
                    calculations=[Calculation("17000", Decimal("17000"), Decimal("17000"), True, ["E1"])],
                    checks=Checks(), mode=Mode.EXTRACTIVE, reranker=reranker,
                    timings_ms={"recall": 15.1, "aggregate": 2.0, "compose": 1.5, "verify": 0.3})
    return answer, response


def record(log: AuditLog, question: str = "第一次转给刘某多少钱？", status: Status = Status.ANSWERED,
           user: str | None = "alice", **kwargs) -> str:
    return log.record_ask(*synthetic_ask(question, status, **kwargs), user=user)


@pytest.fixture
def log(tmp_path) -> AuditLog:
    audit = AuditLog(tmp_path / "home" / AUDIT_FILE, embedding_model=lambda: "test-embedder")
    yield audit
    audit.close()


# -- tampering as someone with the file would ---------------------------------------------------
def tamper(path: Path, *statements: tuple[str, tuple]) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("DROP TRIGGER audit_no_update")  # the triggers only stop accidents
        conn.execute("DROP TRIGGER audit_no_delete")
        for sql, args in statements:
            conn.execute(sql, args)
    finally:
        conn.close()


def rows(path: Path) -> dict[int, tuple[str, str, str]]:
    conn = sqlite3.connect(path)
    try:
        return {seq: (body, prev, h) for seq, body, prev, h in
                conn.execute("SELECT seq, body, prev_hash, hash FROM audit_records")}
    finally:
        conn.close()


def test_chain_format_is_independently_checkable(log):
    ids = [record(log, f"问题{i}") for i in range(3)]
    ids.append(log.record_event("document_deleted", {"doc_id": "doc1", "name": "讯问笔录.pdf"}, user="bob"))
    previous = GENESIS_HASH
    for seq, (body, prev, stored) in sorted(rows(log.path).items()):
        parsed = json.loads(body)
        assert body == json.dumps(parsed, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert "问题" in body or "讯问笔录" in body  # UTF-8, not \\u escapes
        assert prev == previous
        assert stored == hashlib.sha256((prev + body).encode("utf-8")).hexdigest()
        assert parsed["id"] == ids[seq - 1] and parsed["seq"] == seq
        previous = stored
    assert log.head() == previous and log.count() == 4
    check = log.verify().to_dict()
    assert {k: check[k] for k in ("ok", "checked", "first_broken", "first_bad_seq", "reason")} == \
        {"ok": True, "checked": 4, "first_broken": None, "first_bad_seq": None, "reason": None}
    assert check["checkpoint"]["count"] == 4 and check["checkpoint"]["head"] == previous


def test_empty_log_verifies(log):
    check = log.verify()
    assert check.ok and check.checked == 0 and log.head() == GENESIS_HASH


def test_triggers_refuse_update_and_delete(log):
    record(log)
    conn = sqlite3.connect(log.path, isolation_level=None)
    try:
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("UPDATE audit_records SET hash = 'x'")
        with pytest.raises(sqlite3.DatabaseError, match="append-only"):
            conn.execute("DELETE FROM audit_records")
    finally:
        conn.close()
    assert log.verify().ok


def _edit_body(body: str) -> str:
    edited = json.loads(body)
    edited["answer"]["conclusion"] = edited["answer"]["conclusion"].replace("17000", "71000")
    edited["user"] = "mallory"
    return json.dumps(edited, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _swap(a: int, b: int):
    def statements(table):
        insert = "INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)"
        return [("DELETE FROM audit_records WHERE seq IN (?, ?)", (a, b)),
                (insert, (a, *table[b])), (insert, (b, *table[a]))]
    return statements


TAMPERING = {
    # name: (statements built from the rows, index of the record verify must name,
    #        records checked up to and including it, a word of the reason)
    "edited_body": (lambda t: [("UPDATE audit_records SET body=? WHERE seq=3", (_edit_body(t[3][0]),))],
                    2, 3, "hash does not match"),
    "edited_hash": (lambda t: [("UPDATE audit_records SET hash=? WHERE seq=3", ("ab" * 32,))],
                    2, 3, "hash does not match"),
    "deleted_middle": (lambda t: [("DELETE FROM audit_records WHERE seq=3", ())], 3, 3, "missing"),
    "deleted_first": (lambda t: [("DELETE FROM audit_records WHERE seq=1", ())], 1, 1, "missing"),
    "reordered_rows": (_swap(3, 4), 3, 3, "reordered"),
    "renumbered": (lambda t: [("UPDATE audit_records SET seq=-3 WHERE seq=3", ()),
                              ("UPDATE audit_records SET seq=3 WHERE seq=4", ()),
                              ("UPDATE audit_records SET seq=4 WHERE seq=-3", ())], 3, 3, "reordered"),
    # a careful forger who also rehashes the edited record breaks the next link instead
    "edited_and_rehashed": (lambda t: [("UPDATE audit_records SET body=?, hash=? WHERE seq=3",
                                        (_edit_body(t[3][0]),
                                         hashlib.sha256((t[3][1] + _edit_body(t[3][0])).encode()).hexdigest()))],
                            3, 4, "prev_hash"),
}


@pytest.mark.parametrize("how", sorted(TAMPERING))
def test_verify_names_the_first_broken_record(log, how):
    ids = [record(log, f"问题{i}", user=f"user{i}") for i in range(5)]
    assert log.verify().ok
    build, broken_index, checked, reason_word = TAMPERING[how]
    tamper(log.path, *build(rows(log.path)))
    check = log.verify()
    assert not check.ok
    assert check.first_broken == ids[broken_index], check
    assert reason_word in check.reason and check.checked == checked


def test_body_that_is_not_json_is_reported_by_position(log):
    for i in range(3):
        record(log, f"问题{i}")
    # SQLite itself refuses broken JSON in the generated columns, so the forger rebuilds the table
    conn = sqlite3.connect(log.path, isolation_level=None)
    conn.executescript("""
        CREATE TABLE plain AS SELECT seq, body, prev_hash, hash FROM audit_records;
        DROP TABLE audit_records;
        ALTER TABLE plain RENAME TO audit_records;
        UPDATE audit_records SET body = '{broken' WHERE seq = 2;
    """)
    conn.close()
    check = log.verify()
    assert (check.ok, check.first_broken, check.checked) == (False, "seq 2", 2)


# -- what an ask record holds -------------------------------------------------------------------
def test_ask_record_contents(log):
    answer, response = synthetic_ask(recall=80)
    record_id = log.record_ask(answer, response, user="alice", unmasked=True)
    got = log.get(record_id)
    assert got.hash_ok and got.kind == "ask" and got.user == "alice" and got.status == "answered"
    body = got.body
    assert body["unmasked"] is True and body["question"] == answer.question
    assert body["models"] == {"embedding": "test-embedder", "reranker": response.reranker, "llm": None}
    for channel in ("bm25", "vector"):
        recall = body["search"]["recall"][channel]
        assert recall["total"] == 80 and len(recall["top"]) == RECALL_CAP
        assert recall["top"][0] == [response.candidates[channel][0][0],
                                    round(response.candidates[channel][0][1], 6)]
    assert [r["chunk_id"] for r in body["search"]["results"]] == ["doc1:00002", "doc1:00001", "doc1:00000"]
    assert body["search"]["results"][0]["channels"]["rerank"]["score"] == pytest.approx(0.4)
    expected = json.loads(json.dumps(answer.to_dict(), ensure_ascii=False))
    expected.pop("audit_id")
    assert body["answer"] == expected
    assert body["answer"]["calculations"][0]["result"] == 17000  # exact, not 17000.0
    assert datetime_is_utc(got.created_at)


def datetime_is_utc(text: str) -> bool:
    return datetime.fromisoformat(text).utcoffset() == timedelta(0)


def test_events(log):
    event_id = log.record_event("pii_unmasked", {"doc_id": "doc1", "chunk_ids": ["doc1:00001"]}, user="bob")
    got = log.get(event_id)
    assert (got.kind, got.user, got.status, got.question) == ("pii_unmasked", "bob", None, None)
    assert got.body["payload"] == {"doc_id": "doc1", "chunk_ids": ["doc1:00001"]}
    steps = log.replay(event_id)
    assert [s.stage for s in steps] == [Stage.EVENT] and steps[0].data["payload"]["doc_id"] == "doc1"
    for bad in ("", "  ", "ask"):
        with pytest.raises(ValueError):
            log.record_event(bad, {})
    assert log.get("A999999-00000000") is None
    with pytest.raises(KeyError):
        log.replay("A999999-00000000")


def test_replay_steps_in_pipeline_order(log):
    record_id = record(log, "第一次转给刘某的是17000元吗？")
    steps = log.replay(record_id)
    assert [s.stage.value for s in steps] == ASK_STAGES
    assert [s.order for s in steps] == list(range(1, len(ASK_STAGES) + 1))
    by_stage = {(s.stage.value, s.channel): s for s in steps}
    parse = by_stage["parse", None]  # what the question plan read from the question
    assert parse.data["intent"] == "fact" and parse.data["amounts"] == [17000] and parse.elapsed_ms == 1.0
    assert "17000" in parse.data["tokens"]
    assert [s.channel for s in steps if s.stage is Stage.RECALL] == ["bm25", "vector"]
    assert by_stage["recall", "vector"].data["top"][0] == {"rank": 1, "chunk_id": "doc1:00000", "score": 0.9}
    fusion = by_stage["fusion", None].data
    assert fusion["method"] == "rrf"
    assert [o["chunk_id"] for o in fusion["order"]] == ["doc1:00000", "doc1:00001", "doc1:00002"]
    rerank = by_stage["rerank", None].data
    assert rerank["ran"] and rerank["reranker"] == "flashrank:ms-marco-MultiBERT-L-12"
    assert [o["chunk_id"] for o in rerank["order"]] == ["doc1:00002", "doc1:00001", "doc1:00000"]
    evidence = by_stage["evidence", None]
    assert [(e["id"], e["chunk_id"], e["page"], e["role"]) for e in evidence.data["cited"]] == [
        ("E1", "doc1:00002", 2, "hit"), ("E2", "doc1:00001", 1, "chain")]
    assert "p.1" in evidence.summary and "p.2" in evidence.summary
    compose = by_stage["compose", None].data
    assert compose["mode"] == "extractive" and "17000" in compose["conclusion"]
    assert by_stage["verify", None].data["checks"]["numbers_grounded"] is True
    output = by_stage["output", None].data
    assert output["status"] == "answered" and output["pii_masked"] is True and output["user"] == "alice"
    json.dumps([s.to_dict() for s in steps], ensure_ascii=False)  # the CLI prints them


def test_replay_without_reranker_or_fusion(log):
    answer, response = synthetic_ask(reranker="none")
    response.mode = SearchMode.BM25
    response.candidates = {"bm25": response.candidates["bm25"]}
    for hit in response.results:
        hit.channels = {"bm25": hit.channels["bm25"]}
    steps = log.replay(log.record_ask(answer, response))
    assert [s.stage.value for s in steps] == ["parse", "recall", "fusion", "rerank", "evidence",
                                              "compose", "verify", "output"]
    fusion, rerank = steps[2], steps[3]
    assert fusion.data["method"] is None and "no fusion" in fusion.summary
    assert rerank.data["ran"] is False and rerank.summary == "no reranker ran"


# -- filters ------------------------------------------------------------------------------------
def test_filters(log):
    def later(record_id: str) -> str:
        time.sleep(0.003)  # distinct millisecond timestamps, so the time bounds are exact
        return record_id

    first = later(record(log, "第一次转给刘某多少钱？", user="alice"))
    second = later(record(log, "Total amount PAID?", Status.NOT_FOUND, user="bob"))
    third = later(record(log, "第二次转给刘某多少钱？", Status.NEEDS_REVIEW, user="alice"))
    event = log.record_event("document_deleted", {"name": "合同.pdf"}, user="carol")

    def ids(**filters):
        return [r.id for r in log.records(**filters)]

    assert ids() == [event, third, second, first]  # newest first
    assert ids(user="alice") == [third, first]
    assert ids(status="not_found") == [second]
    assert ids(kind="document_deleted") == [event]
    assert ids(text="刘某") == [third, first]
    assert ids(text="total amount") == [second]  # case-insensitive
    assert ids(text="合同") == [event]  # an event's payload
    assert ids(text=third) == [third]
    assert ids(limit=2) == [event, third] and ids(limit=2, offset=2) == [second, first]
    pivot = log.get(second).created_at
    assert ids(since=pivot) == [event, third, second] and ids(until=pivot) == [first]
    assert ids(since=datetime.fromisoformat(pivot).astimezone(timezone(timedelta(hours=8)))) == \
        [event, third, second]  # the same instant in Beijing time
    assert ids(since="2999-01-01") == [] and ids(until="2000-01-01") == []
    assert set(ids(since="2000-01-01", until="2999-01-01")) == {first, second, third, event}
    assert ids(user="alice' OR '1'='1") == [] and ids(text="'); DROP TABLE audit_records; --") == []
    assert log.count() == 4 and log.verify().ok
    with pytest.raises(ValueError):
        log.records(limit=0)
    assert all(r.hash_ok for r in log.records())


# -- concurrency --------------------------------------------------------------------------------
APPENDER = """
import sys, time
from engine.audit import AuditLog
log, count = AuditLog(sys.argv[1]), int(sys.argv[2])
deadline = time.monotonic() + 60
for i in range(count):
    if i == count // 2:  # the second half goes on while the threads are appending
        print("half", flush=True)
        while log.count() < i + 20:
            if time.monotonic() > deadline:
                sys.exit("the threads never started appending")
            time.sleep(0.002)
    log.record_event("probe", {"writer": "process", "i": i})
"""


def test_concurrent_threads_and_a_second_process(tmp_path):
    path = tmp_path / AUDIT_FILE
    per_thread, threads, in_process = 25, 8, 60
    logs = [AuditLog(path), AuditLog(path)]  # two instances too, as two Engines on one home would
    proc = subprocess.Popen([sys.executable, "-c", APPENDER, str(path), str(in_process)], cwd=REPO,
                            env={**os.environ, "PYTHONPATH": str(REPO)}, stdout=subprocess.PIPE,
                            text=True)
    start = threading.Barrier(threads + 1)
    errors: list[BaseException] = []

    def append(writer: int) -> None:
        start.wait()
        try:
            for i in range(per_thread):
                logs[writer % 2].record_event("probe", {"writer": f"thread{writer}", "i": i})
        except BaseException as exc:  # surfaced below, not lost in the thread
            errors.append(exc)

    try:
        workers = [threading.Thread(target=append, args=(n,)) for n in range(threads)]
        for worker in workers:
            worker.start()
        assert proc.stdout.readline().strip() == "half"
        start.wait()
        for worker in workers:
            worker.join(timeout=120)
        assert proc.wait(timeout=120) == 0
    finally:
        start.abort()  # never leave a thread waiting when the test failed early
        proc.kill()
    assert not errors, errors
    total = threads * per_thread + in_process
    records = logs[0].records(limit=total + 10)
    written = sorted((r.body["payload"]["writer"], r.body["payload"]["i"]) for r in records)
    expected = sorted([(f"thread{n}", i) for n in range(threads) for i in range(per_thread)]
                      + [("process", i) for i in range(in_process)])
    assert written == expected  # nothing lost, nothing doubled
    assert sorted(r.seq for r in records) == list(range(1, total + 1))
    assert len({r.id for r in records}) == total
    check = logs[1].verify()
    assert check.ok and check.checked == total, check


# -- a real engine --------------------------------------------------------------------------------
@pytest.mark.slow  # ingest loads jieba, the embedder and Chroma: ~10 s on 2 cores
def test_engine_ask_is_audited(tmp_path, cjk_font):
    pdf = make_pdf(tmp_path / "讯问笔录.pdf", [TRANSCRIPT_LINES], font=cjk_font)
    engine = Engine(settings=settings_for(tmp_path / "home"))
    try:
        engine.ingest([pdf])
        answer = engine.ask("第二次转给刘某多少钱？", user="alice")
        unmasked = engine.ask("第二次转给刘某多少钱？", user="bob", unmask=True)
        got = engine.audit.get(answer.audit_id)
        assert got is not None and got.user == "alice" and got.body["unmasked"] is False
        assert engine.audit.get(unmasked.audit_id).body["unmasked"] is True
        assert engine.audit.path == tmp_path / "home" / AUDIT_FILE

        body = got.body
        assert body["models"] == {"embedding": engine.index.embedder.model_id,
                                  "reranker": answer.reranker, "llm": None}
        recall = body["search"]["recall"]
        assert set(recall) == {"bm25", "vector"} and all(r["top"] for r in recall.values())
        chunk_ids = {c.chunk_id for c in engine.chunks()}
        assert {cid for r in recall.values() for cid, _ in r["top"]} <= chunk_ids
        expected = answer.to_dict()
        expected.pop("audit_id")
        assert body["answer"] == json.loads(json.dumps(expected, ensure_ascii=False))
        assert body["status"] == answer.status.value

        steps = engine.audit.replay(answer.audit_id)
        assert [s.stage.value for s in steps] == ASK_STAGES
        cited = steps[5].data["cited"]
        assert [(e["chunk_id"], e["page"]) for e in cited] == [(e.chunk.chunk_id, e.page)
                                                               for e in answer.evidence]
        assert steps[-1].data["status"] == answer.status.value
        assert [r.id for r in engine.audit.records(user="alice")] == [answer.audit_id]
        assert engine.audit.verify().ok
    finally:
        engine.audit.close()
        engine.index.catalog.close()


# -- the CLI --------------------------------------------------------------------------------------
def cli(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "engine", "audit", *args, "--home", str(home)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def test_cli_verify_list_show(tmp_path):
    home = tmp_path / "home"
    log = AuditLog.for_home(home)
    ids = [record(log, f"问题{i}") for i in range(3)]
    log.close()

    ok = cli(home, "verify", "--json")
    assert ok.returncode == 0, ok.stderr
    verified = json.loads(ok.stdout)
    assert (verified["ok"], verified["checked"], verified["first_broken"]) == (True, 3, None)
    assert verified["checkpoint"]["signature"] == "valid" and verified["warnings"] == []
    human = cli(home, "verify")
    assert human.returncode == 0 and "3 records" in human.stdout

    listed = cli(home, "list", "--limit", "2", "--json")
    assert listed.returncode == 0
    assert [r["id"] for r in json.loads(listed.stdout)["records"]] == [ids[2], ids[1]]

    shown = cli(home, "show", ids[1], "--json")
    assert shown.returncode == 0
    payload = json.loads(shown.stdout)
    assert payload["record"]["id"] == ids[1] and payload["record"]["question"] == "问题1"
    assert [s["stage"] for s in payload["steps"]] == ASK_STAGES
    assert cli(home, "show", "A000404-deadbeef", "--json").returncode == 1

    tamper(home / AUDIT_FILE, ("UPDATE audit_records SET hash=? WHERE seq=2", ("00" * 32,)))
    broken = cli(home, "verify", "--json")
    assert broken.returncode == 1
    report = json.loads(broken.stdout)
    assert (report["ok"], report["first_broken"], report["checked"]) == (False, ids[1], 2)
    assert "hash does not match" in report["reason"]
    assert cli(home, "verify").returncode == 1
