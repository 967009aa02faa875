"""The CLI contract of ARCHITECTURE.md: one JSON document on stdout, exit 0 only when none failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[2]

INGEST_KEYS = {"doc_id", "name", "sha256", "kind", "pages", "chunks", "status", "error", "quality"}
QUALITY_KEYS = {"page", "garbled_rate", "needs_ocr", "ocr_used"}


def run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "LEXTRACE_INGEST__OCR": "off", "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "engine", *args, "--home", str(home)], cwd=REPO,
                          env=env, capture_output=True, text=True, timeout=300)


def test_ingest_and_docs_json(tmp_path, transcript_pdf):
    home = tmp_path / "home"
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"%PDF-1.7 broken")
    proc = run(home, "ingest", str(transcript_pdf), str(bad), "--json")
    assert proc.returncode == 1, proc.stderr  # one failed
    payload = json.loads(proc.stdout)  # stdout is exactly one JSON document
    ok, failed = payload["documents"]
    assert INGEST_KEYS <= set(ok) and ok["status"] == "ingested" and ok["kind"] == "transcript"
    assert all(QUALITY_KEYS <= set(q) for q in ok["quality"])
    assert failed["status"] == "failed" and failed["error"]

    clock = time.perf_counter()
    again = run(home, "ingest", str(transcript_pdf), "--json")
    elapsed = time.perf_counter() - clock
    assert again.returncode == 0
    assert json.loads(again.stdout)["documents"][0]["status"] == "unchanged"
    assert elapsed < 3.0, f"unchanged re-ingest took {elapsed:.2f}s including interpreter start"

    docs = run(home, "docs", "--json", "--check")
    assert docs.returncode == 0, docs.stdout + docs.stderr
    listed = json.loads(docs.stdout)
    assert [d["doc_id"] for d in listed["documents"]] == [ok["doc_id"]]
    assert listed["consistency"]["ok"] is True


def test_human_output_and_usage_errors(tmp_path):
    proc = run(tmp_path / "home", "docs")
    assert proc.returncode == 0 and "no documents" in proc.stdout
    assert run(tmp_path / "home", "ingest", "--kind", "poem", "x.pdf").returncode == 2
