"""One long-lived process of the soak test (tests/engine/test_soak.py): it opens the home once, as
a dashboard does, and keeps working until the stop file appears.

    python -m tests.engine.soak_worker ask|ingest|delete HOME CONTROL_DIR RESULT_JSON [FILES...]

``ask`` asks questions in a loop, ``ingest`` ingests the first of FILES once to warm up (it stays)
and then the others in turn, ``delete`` deletes the
documents whose name starts with ``churn``; the two writers act only while the phase is ``churn``
and exit when it ends. Each counts what succeeded and what failed per phase,
the phase being the content of ``CONTROL_DIR/phase`` when the operation started; the counts are
written to RESULT_JSON when the process stops (atomically, so the test never reads half of it).
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
import traceback
from collections import Counter, defaultdict
from pathlib import Path

QUESTIONS = ["第一次转了多少钱？", "一共多少钱？", "编号是多少？", "你把钱转给了谁？", "讯问在什么地点？"]
CHURN_PREFIX = "churn"


class Tally:
    def __init__(self, control: Path):
        self.control = control
        self.ok: Counter[str] = Counter()
        self.failed: Counter[str] = Counter()
        self.errors: dict[str, Counter[str]] = defaultdict(Counter)
        self.first_tracebacks: list[str] = []
        self.seconds: dict[str, list[float]] = defaultdict(list)

    def phase(self) -> str:
        try:
            return (self.control / "phase").read_text().strip() or "start"
        except FileNotFoundError:
            return "start"

    def stopped(self) -> bool:
        return (self.control / "stop").exists()

    def run(self, phase: str, step) -> object | None:
        started = time.monotonic()
        try:
            value = step()
        except Exception as exc:  # noqa: BLE001 - every failure is counted, the loop goes on
            self.failed[phase] += 1
            self.errors[phase][f"{type(exc).__name__}: {str(exc)[:160]}"] += 1
            if len(self.first_tracebacks) < 3:
                self.first_tracebacks.append(traceback.format_exc())
            return None
        finally:
            self.seconds[phase].append(time.monotonic() - started)
        self.ok[phase] += 1
        return value

    def save(self, path: Path, **extra) -> None:
        payload = {"ok": dict(self.ok), "failed": dict(self.failed),
                   "errors": {p: dict(c.most_common(8)) for p, c in self.errors.items()},
                   "tracebacks": self.first_tracebacks,
                   "seconds": {p: {"mean": round(sum(t) / len(t), 3), "max": round(max(t), 3)}
                               for p, t in self.seconds.items() if t}, **extra}
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(path)


def main(argv: list[str]) -> int:
    role, home, control, result = argv[0], Path(argv[1]), Path(argv[2]), Path(argv[3])
    files = [Path(p) for p in argv[4:]]
    from engine import Engine

    engine = Engine(home)
    tally = Tally(control)
    retried: Counter[str] = Counter()  # reads retried because another process committed meanwhile

    class CountRetries(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.getMessage().endswith("once more"):
                retried[str(record.args[1]) if record.args else "?"] += 1

    logging.getLogger("engine.engine").addHandler(CountRetries(logging.WARNING))
    audit_ids: list[int] = []
    statuses: Counter[str] = Counter()
    timings: list[dict] = []
    # Warm up before saying ready (models, Chroma, BM25 load in seconds on a busy machine), so the
    # phases measure the churn and not the start-up. The askers' first ask counts (phase "start").
    if role == "ask":
        answer = tally.run("start", lambda: engine.ask(QUESTIONS[-1], llm=False))
        if answer is not None:
            audit_ids.append(answer.audit_id)
    elif role == "ingest":  # the first file warms the whole ingest path up (parsers, models, Chroma)
        warm_up, files = files[0], files[1:]
        assert engine.ingest([warm_up]).ok
    else:
        engine.docs()
        engine.index.vectors.count()
    print("READY", flush=True)
    n = 0
    writer = role != "ask"
    while not tally.stopped():
        phase = tally.phase()
        if writer and phase != "churn":  # writers act in the churn phase only, then leave
            if phase == "start":
                time.sleep(0.05)
                continue
            break
        if role == "ask":
            answer = tally.run(phase, lambda: engine.ask(QUESTIONS[n % len(QUESTIONS)], llm=False))
            if answer is not None:
                audit_ids.append(answer.audit_id)
        elif role == "ingest":
            report = tally.run(phase, lambda: engine.ingest([files[n % len(files)]]).documents[0])
            if report is not None:
                statuses[report.status.value] += 1
                if report.status.value == "ingested":
                    timings.append({k: round(v) for k, v in report.timings_ms.items()})
                if report.status.value == "failed":  # a failed report is a failure too
                    tally.ok[phase] -= 1
                    tally.failed[phase] += 1
                    tally.errors[phase][report.error or "?"] += 1
        elif role == "delete":
            def delete_one() -> bool:
                churn = [d for d in engine.docs().documents if d.name.startswith(CHURN_PREFIX)]
                return bool(churn) and engine.delete(churn[n % len(churn)].doc_id)
            if tally.run(phase, delete_one):
                statuses["deleted"] += 1
            time.sleep(0.2)
        else:
            raise SystemExit(f"unknown role {role!r}")
        n += 1
    tally.save(result, audit_ids=audit_ids, statuses=dict(statuses), timings=timings, retried=dict(retried))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
