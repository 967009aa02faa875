"""A process killed mid-ingest leaves no half-indexed document and no orphan vectors."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import Engine
from engine.store.index import PAUSE_ENV
from engine.types import IngestStatus
from tests.engine.conftest import settings_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]
REPO = Path(__file__).resolve().parents[2]


def _ingest_and_kill(home: Path, pdf: Path, step: str) -> None:
    run_and_kill(home, step, "ingest", str(pdf), "--json")


def run_and_kill(home: Path, step: str, *command: str) -> None:
    """Run ``python -m engine COMMAND`` on ``home`` and kill it where it pauses at ``step``."""
    env = {**os.environ, PAUSE_ENV: step, "LEXTRACE_HOME": str(home),
           "LEXTRACE_INGEST__OCR": "off", "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-m", "engine", *command],
                            cwd=REPO, env=env, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True)
    try:
        deadline = time.monotonic() + 120
        for line in proc.stderr:  # wait until the process sits at the step, then kill it there
            if line.startswith(f"PAUSED {step}"):
                break
            assert time.monotonic() < deadline, f"{command[0]} never reached the pause point"
        else:
            pytest.fail(f"{command[0]} exited before {step}: code {proc.wait()}")
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("step", ["catalog_pending", "vectors_written"])
def test_kill_during_ingest_then_recover(tmp_path, transcript_pdf, step):
    home = tmp_path / "home"
    _ingest_and_kill(home, transcript_pdf, step)

    engine = Engine(settings=settings_for(home))  # opening recovers
    check = engine.consistency()
    assert check.ok, check.to_dict()
    assert engine.docs().documents == [] and check.vector_count == 0
    assert engine.index.lexical_index().chunk_ids == []
    assert list((home / "blobs").rglob("*")) == [] or all(p.is_dir() for p in (home / "blobs").rglob("*"))

    report = engine.ingest([transcript_pdf]).documents[0]  # and the same file ingests cleanly
    assert report.status is IngestStatus.INGESTED
    assert engine.consistency().ok
