"""Many Streamlit sessions at once: 8 threads ask while another thread ingests."""

from __future__ import annotations

import threading
import time

import pytest

from engine import Engine
from engine.types import IngestStatus
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import TRANSCRIPT_LINES, settings_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

QUESTIONS = ["一共多少钱？", "你把钱转给了谁？", "第二次转了多少钱？", "讯问在什么地点？"]


def test_asking_from_eight_threads_while_ingesting(tmp_path, transcript_pdf, cjk_font):
    engine = Engine(settings=settings_for(tmp_path / "home"))
    assert engine.ingest([transcript_pdf]).ok
    extra = [make_pdf(tmp_path / f"补充笔录{i}.pdf",
                      [TRANSCRIPT_LINES[:5] + [f"问：第{i}次补充？", f"答：补充了{i}00元。"]], font=cjk_font)
             for i in range(1, 5)]
    errors: list[BaseException] = []
    answers: list[object] = []
    stop = threading.Event()
    deadline = time.monotonic() + 90  # bounded: the test stops itself

    def asker(n: int) -> None:
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                answers.append(engine.ask(QUESTIONS[n % len(QUESTIONS)]))
            except BaseException as exc:  # noqa: BLE001 - every failure is a test failure
                errors.append(exc)
                return

    def ingester() -> None:
        try:
            for path in extra:
                report = engine.ingest([path]).documents[0]
                assert report.status is IngestStatus.INGESTED, report.error
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
        finally:
            stop.set()

    threads = [threading.Thread(target=asker, args=(n,)) for n in range(8)]
    threads.append(threading.Thread(target=ingester))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=150)
    assert not any(t.is_alive() for t in threads)
    assert errors == [], errors[:3]
    assert len(answers) >= 8
    assert len(engine.docs().documents) == 5 and engine.consistency().ok
    audited = engine.audit.records(limit=10_000, kind="ask")
    assert len(audited) == len(answers)  # no lost audit records
    assert {a.audit_id for a in answers} == {r.id for r in audited}
    assert engine.audit.verify().ok
