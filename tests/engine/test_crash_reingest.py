"""An ingest killed with -9 mid-store, then the same file ingested from a process that was already
open (as a dashboard is): it must be stored — reported ``ingested``, not ``unchanged`` — and be in
every store as every process sees it: the one that ingested it, another that was open before the
crash, and a new one.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Engine
from engine.store.index import PAUSE_ENV
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import TRANSCRIPT_LINES, settings_for
from tests.engine.long_lived import presence
from tests.engine.test_atomicity import _ingest_and_kill

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]
REPO = Path(__file__).resolve().parents[2]
MARKER = "编号是案件四十二号"


class LongLived:
    """tests/engine/long_lived.py in a subprocess: a home kept open, commands answered in JSON."""

    def __init__(self, home: Path):
        env = {**os.environ, "LEXTRACE_HOME": str(home), "LEXTRACE_INGEST__OCR": "off",
               "LEXTRACE_RERANK__ENABLED": "false", "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.engine.long_lived", str(home)], cwd=REPO,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert json.loads(self.proc.stdout.readline()) == {"ready": True}

    def __call__(self, **command) -> dict:
        self.proc.stdin.write(json.dumps(command, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        assert "failure" not in reply, reply
        return reply

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _whole(where: dict) -> bool:
    return (where["status"] == "ready" and where["chunks"] > 0 and where["blob"]
            and where["bm25"] == where["dense"] == where["vectors"] == where["chunks"]
            and where["found_bm25"] and where["found_vector"])


@pytest.mark.parametrize("step", ["catalog_pending", "vectors_written"])
def test_reingest_after_a_kill_from_a_process_open_before_it_stores_the_document(tmp_path, cjk_font, step):
    home = tmp_path / "home"
    seed = make_pdf(tmp_path / "讯问笔录 (张某某).pdf", [TRANSCRIPT_LINES], font=cjk_font)
    victim = make_pdf(tmp_path / "补充笔录.pdf",
                      [TRANSCRIPT_LINES[:5] + ["问：编号是多少？", f"答：{MARKER}。"]], font=cjk_font)
    first = Engine(settings=settings_for(home))
    assert first.ingest([seed]).ok
    # Two processes open the home and warm every cache (catalog, BM25, dense matrix, Chroma)
    # before the crash: this one, and a dashboard-like one in a subprocess.
    first.ask("一共多少钱？", llm=False)
    dashboard = LongLived(home)
    try:
        assert dashboard(op="ask", question="一共多少钱？")["status"]

        _ingest_and_kill(home, victim, step)  # a third process dies mid-store

        report = dashboard(op="ingest", path=str(victim))
        assert report["status"] == "ingested", report  # was: "unchanged", and the document lost
        doc_id = report["doc_id"]
        in_dashboard = dashboard(op="stores", doc_id=doc_id, marker=MARKER)
        in_first = presence(first, doc_id, MARKER)
        assert _whole(in_dashboard), in_dashboard
        assert _whole(in_first), in_first
    finally:
        dashboard.close()
    fresh = Engine(settings=settings_for(home))
    in_fresh = presence(fresh, doc_id, MARKER)
    assert _whole(in_fresh), in_fresh
    check = fresh.consistency()
    assert check.ok and check.ready_docs == 2, check.to_dict()
    # and the file ingested once more is now truly unchanged
    assert fresh.ingest([victim]).documents[0].status.value == "unchanged"


def test_unchanged_only_when_the_vectors_are_there(tmp_path, transcript_pdf):
    """A ready row whose vectors are gone (a damaged store) is not reported unchanged: the
    document is stored again, whole."""
    engine = Engine(settings=settings_for(tmp_path / "home"))
    doc_id = engine.ingest([transcript_pdf]).documents[0].doc_id
    engine.index.vectors.delete_doc(doc_id)
    assert not engine.consistency().ok

    report = engine.ingest([transcript_pdf]).documents[0]
    assert report.status.value == "ingested", report
    assert engine.consistency().ok and len(engine.index.vectors.ids_for_doc(doc_id)) == report.chunks


def test_a_live_writers_pending_document_is_left_alone_by_an_open_process(tmp_path, cjk_font):
    """The other side of recovery: while the writer lives (paused mid-store), an already open
    process that ingests the same file waits for it and reports it unchanged; nothing is rolled
    back under the live writer."""
    home = tmp_path / "home"
    pdf = make_pdf(tmp_path / "笔录.pdf", [TRANSCRIPT_LINES], font=cjk_font)
    engine = Engine(settings=settings_for(home))
    env = {**os.environ, PAUSE_ENV: "vectors_written:4", "LEXTRACE_HOME": str(home),
           "LEXTRACE_INGEST__OCR": "off", "PYTHONPATH": str(REPO)}
    writer = subprocess.Popen([sys.executable, "-m", "engine", "ingest", str(pdf), "--json"], cwd=REPO,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for line in writer.stderr:
            if line.startswith("PAUSED vectors_written"):
                break
        else:
            pytest.fail(f"writer exited early: {writer.wait()}")
        assert engine.index.recover() == []  # the writer lives: nothing to take
        mine = engine.ingest([pdf]).documents[0]
        out, _ = writer.communicate(timeout=60)
    finally:
        if writer.poll() is None:
            writer.send_signal(signal.SIGKILL)
            writer.wait()
    theirs = json.loads(out)["documents"][0]
    assert theirs["status"] == "ingested" and mine.status.value == "unchanged", (theirs, mine)
    assert engine.consistency().ok and len(engine.docs().documents) == 1
