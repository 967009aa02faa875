"""Two dashboard processes on one shared profile, against a real PostgreSQL + pgvector server.

Each process holds what a dashboard holds (tests/engine/shared_worker.py: an Engine and an
Authenticator, on a home of its own) and the two share only the servers and the audit key file:
an upload through one is searchable, answerable and downloadable in the other within seconds; the
audit chain stays one verifiable chain while both append at once; failed sign-ins through either
count towards one throttle; a document deleted through one is gone from the other.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from engine.auth import WRONG_CREDENTIALS

from tests.case_homes import held_as_said

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]
REPO = Path(__file__).resolve().parents[2]
VISIBLE_WITHIN_S = 5.0  # an upload through one process, searchable in the other


class Worker:
    """One dashboard process (tests/engine/shared_worker.py)."""

    def __init__(self, home: Path, env: dict[str, str]):
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.engine.shared_worker", str(home)],
                                     cwd=REPO, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        assert self.reply(120) == {"ready": True}

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def send(self, **command) -> None:
        self.proc.stdin.write(json.dumps(command, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()

    def reply(self, timeout: float = 90) -> dict:
        got = json.loads(self.lines.get(timeout=timeout))
        assert "failure" not in got, got.get("traceback", got["failure"])
        return got

    def call(self, **command) -> dict:
        self.send(**command)
        return self.reply()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture
def dashboards(tmp_path, shared_urls):
    env = {**os.environ, **shared_urls.environ(), "PYTHONPATH": str(REPO), "LEXTRACE_INGEST__OCR": "off",
           # every dashboard signs the audit checkpoint with one key (a shared secrets mount)
           "LEXTRACE_AUDIT__KEY_FILE": str(tmp_path / "team-secrets" / "secrets.toml")}
    workers = [Worker(tmp_path / name, env) for name in ("a", "b")]
    yield workers
    for worker in workers:
        worker.close()


def test_an_upload_through_one_dashboard_is_searchable_and_answerable_in_the_other(dashboards, transcript_pdf):
    a, b = dashboards
    assert b.call(op="find", query="你把钱转给了谁")["docs"] == []  # b has searched before a uploads
    report = a.call(op="ingest", path=str(transcript_pdf))
    assert report["status"] == "ingested"
    doc = report["doc_id"]
    started = time.monotonic()
    while doc not in b.call(op="find", query="你把钱转给了谁")["docs"]:
        assert time.monotonic() - started < VISIBLE_WITHIN_S, "the upload never showed in the other process"
        time.sleep(0.1)
    asked = {"op": "ask", "question": "一共转了多少钱？", "doc_id": doc}
    in_b, in_a = b.call(**asked), a.call(**asked)
    assert in_b == in_a and held_as_said(in_b) and "36000" in in_b["conclusion"].replace(",", "")
    assert b.call(op="bytes", doc_id=doc)["size"] == transcript_pdf.stat().st_size
    assert b.call(op="docs") == {"docs": [doc], "consistent": True}

    assert b.call(op="delete", doc_id=doc) == {"deleted": True}
    assert a.call(op="docs") == {"docs": [], "consistent": True}
    assert doc not in a.call(op="find", query="你把钱转给了谁")["docs"]
    a.send(op="bytes", doc_id=doc)
    assert "failure" in json.loads(a.lines.get(timeout=60))


def test_both_dashboards_append_to_one_audit_chain(dashboards):
    a, b = dashboards
    for worker in (a, b):  # both at once, four threads each
        worker.send(op="audit", count=25, threads=4)
    ids = a.reply()["ids"] + b.reply()["ids"]
    assert len(set(ids)) == 50
    seqs = sorted(int(i[1:7]) for i in ids)
    assert seqs == list(range(seqs[0], seqs[0] + 50))  # one chain: no fork, no gap, none lost
    for worker in (a, b):
        check = worker.call(op="verify")
        assert check["ok"], check["reason"][:600]
        assert check["checked"] >= 50


def test_failed_sign_ins_through_both_dashboards_count_together(dashboards, shared_urls):
    from engine.auth import PostgresUserStore

    PostgresUserStore(shared_urls.database).add("alice", "correct-horse-battery", "paralegal")
    a, b = dashboards
    for worker in (a, b):  # 16 wrong passwords at once, 8 through each process
        worker.send(op="logins", name="alice", password="wrong-password", count=8)
    messages = a.reply()["messages"] + b.reply()["messages"]
    checked = [m for m in messages if m.startswith(WRONG_CREDENTIALS)]
    assert len(messages) == 16 and len(checked) == 3  # three free failures for a name, then throttled


def test_statute_search_takes_the_learned_path_with_the_same_ranking_in_both_profiles(tmp_path, shared_urls):
    """The learned ranker reads whole-corpus arrays; the shared profile builds them from its replica
    and the server's vectors, so a statute search ranks exactly as in an embedded home."""
    from engine import Engine
    from tests.engine.conftest import settings_for

    statute = REPO / "data" / "demo" / "中华人民共和国刑事诉讼法(2018-10-26)节选.md"
    embedded = Engine(settings=settings_for(tmp_path / "embedded"))
    shared_settings = settings_for(tmp_path / "shared").model_copy(
        update={"shared": settings_for(tmp_path).shared.model_copy(
            update={"database_url": shared_urls.database, "retrieval_url": shared_urls.retrieval})})
    shared = Engine(settings=shared_settings)
    assert shared.index.shared and not embedded.index.shared
    for engine in (embedded, shared):
        assert engine.ingest([statute]).ok
    question = "犯罪嫌疑人被拘留以后多长时间内应当讯问"
    found = [engine.search(question, k=10) for engine in (embedded, shared)]
    assert found[0].reranker == found[1].reranker != "none"
    assert found[0].understanding == found[1].understanding
    assert [(h.chunk.chunk_id, h.score) for h in found[0].results] == \
        [(h.chunk.chunk_id, h.score) for h in found[1].results]
