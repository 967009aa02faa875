"""Soak: long-lived processes keep answering while others ingest and delete on the same home.

Four asking processes (each opens the home once and keeps it, as a dashboard does), one ingesting
and one deleting process, all real, on one home: first all six together (the churn), then the
askers alone. Not one ask may fail in either phase — an ask must never fail because another
process added or deleted a document — every ask must be in the audit log, and the stores must
agree at the end (``docs --check``).

Bounded for CI (~60 s); LEXTRACE_SOAK_CHURN_S / LEXTRACE_SOAK_QUIET_S lengthen the phases for a
longer run by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Engine
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import settings_for
from tests.engine.soak_worker import CHURN_PREFIX

CHURN_S = float(os.environ.get("LEXTRACE_SOAK_CHURN_S", "12"))
QUIET_S = float(os.environ.get("LEXTRACE_SOAK_QUIET_S", "6"))
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(400 + 2 * (CHURN_S + QUIET_S))]
# ~60 s on an idle two-core machine; six processes loading their models make the start-up the
# part that grows with the machine's load, so the timeout (a hang) leaves it room.
REPO = Path(__file__).resolve().parents[2]
ASKERS = 4


def _transcript(n: int) -> list[str]:
    return ["讯问笔录", f"时间：2023年6月{n + 1}日9时10分", f"被讯问人：证人{n}",
            "问：你第一次转了多少钱？", f"答：第一次转了{1000 * (n + 3)}元，用的是微信。",
            "问：一共多少钱？", f"答：一共{3000 * (n + 2)}元。", "问：编号是多少？", f"答：编号是案件{n}号。"]


def _fixtures(folder: Path, font: Path, prefix: str, numbers: range) -> list[Path]:
    """Small real documents: a PDF per number, and a TXT for the last one."""
    folder.mkdir(parents=True, exist_ok=True)
    files = [make_pdf(folder / f"{prefix}笔录{n}.pdf", [_transcript(n)], font=font) for n in numbers[:-1]]
    txt = folder / f"{prefix}笔录{numbers[-1]}.txt"
    txt.write_text("\n".join(_transcript(numbers[-1])), encoding="utf-8")
    return [*files, txt]


def _env(home: Path) -> dict[str, str]:
    # The reranker's model work (seconds per ask on a loaded machine) is not what races here.
    return {**os.environ, "LEXTRACE_HOME": str(home), "LEXTRACE_INGEST__OCR": "off",
            "LEXTRACE_RERANK__ENABLED": "false", "PYTHONPATH": str(REPO)}


def _phase(control: Path, name: str) -> None:
    tmp = control / "phase.tmp"
    tmp.write_text(name)
    tmp.replace(control / "phase")


def _start(role: str, name: str, home: Path, control: Path, files: list[Path] = ()) -> subprocess.Popen:
    """A worker; its counts go to ``control/<name>.json`` (the argument after the control dir)."""
    return subprocess.Popen([sys.executable, "-m", "tests.engine.soak_worker", role, str(home), str(control),
                             str(control / f"{name}.json"), *map(str, files)],
                            cwd=REPO, env=_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _wait_ready(procs: list[subprocess.Popen]) -> float:
    """Seconds until every worker has warmed up (a worker that hangs is stopped by the timeout)."""
    started = time.monotonic()
    for proc in procs:
        line = proc.stdout.readline()
        assert line.strip() == "READY", (proc.args[3:5], line, proc.stderr.read() if proc.poll() is not None else "")
    return time.monotonic() - started


def _finish(proc: subprocess.Popen, timeout: float = 60) -> dict:
    _, err = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, err[-3000:]
    return json.loads(Path(proc.args[6]).read_text("utf-8"))


def test_askers_keep_answering_while_other_processes_ingest_and_delete(tmp_path, cjk_font):
    home, control = tmp_path / "home", tmp_path / "control"
    control.mkdir()
    seeds = _fixtures(tmp_path / "seed", cjk_font, "seed", range(0, 3))
    churn = _fixtures(tmp_path / "churn", cjk_font, CHURN_PREFIX, range(10, 13))
    warm_up = make_pdf(tmp_path / "warm-up.pdf", [_transcript(20)], font=cjk_font)  # the ingester's first
    setup = Engine(settings=settings_for(home))
    assert setup.ingest(seeds + churn).ok  # churn documents stored once: embeddings are cached
    setup.index.catalog.close()

    askers = [_start("ask", f"ask{n}", home, control) for n in range(ASKERS)]
    writers = [_start("ingest", "ingest", home, control, [warm_up, *churn]),
               _start("delete", "delete", home, control)]
    try:
        start_up = _wait_ready(askers + writers)
        _phase(control, "churn")
        time.sleep(CHURN_S)
        _phase(control, "settle")  # writers finish what they are doing and exit
        ingested, deleted = (_finish(w) for w in writers)
        _phase(control, "quiet")
        time.sleep(QUIET_S)
        (control / "stop").touch()
        asked = [_finish(a) for a in askers]
    finally:
        for proc in askers + writers:
            if proc.poll() is None:
                proc.kill()
                proc.wait()

    figures = {"ok": {}, "failed": {}}
    for tally in asked:
        for key in ("ok", "failed"):
            for phase, count in tally[key].items():
                figures[key][phase] = figures[key].get(phase, 0) + count
    print("soak start-up", round(start_up), "s; asks", json.dumps(figures),
          "retried", [t["retried"] for t in asked], "seconds", [t["seconds"] for t in asked + [ingested, deleted]],
          "ingest", ingested["statuses"], ingested["timings"], "delete", deleted["statuses"])
    errors = [t["errors"] for t in asked + [ingested, deleted] if t["failed"]]
    assert not errors, (errors, [t["tracebacks"][:1] for t in asked + [ingested, deleted]])
    assert figures["ok"].get("churn", 0) >= ASKERS and figures["ok"].get("quiet", 0) >= ASKERS, figures
    # the churn really churned: documents went and came back while the askers asked
    assert ingested["statuses"].get("ingested", 0) >= 1 and deleted["statuses"].get("deleted", 0) >= 1

    engine = Engine(settings=settings_for(home))
    audited = engine.audit.records(limit=100_000, kind="ask")
    answered = [i for t in asked for i in t["audit_ids"]]
    assert len(audited) == len(answered) == sum(figures["ok"].values())
    assert {r.id for r in audited} == set(answered)
    assert engine.audit.verify().ok  # six processes appended to one chain
    check = subprocess.run([sys.executable, "-m", "engine", "docs", "--check", "--json"], cwd=REPO,
                           env=_env(home), capture_output=True, text=True, timeout=60)
    assert check.returncode == 0 and json.loads(check.stdout)["consistency"]["ok"], check.stdout + check.stderr
