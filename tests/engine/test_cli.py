"""The CLI contract of ARCHITECTURE.md: one JSON document on stdout, exit 0 only when none failed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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

    again = run(home, "ingest", str(transcript_pdf), "--json")
    assert again.returncode == 0
    report = json.loads(again.stdout)["documents"][0]
    assert report["status"] == "unchanged"
    # known by its hash before anything is parsed or embedded (a count of stages, not a clock:
    # speed is measured by scripts/bench_ingest.py, not by a timed test)
    assert set(report.get("timings_ms", {})) <= {"total"}, report.get("timings_ms")

    docs = run(home, "docs", "--json", "--check")
    assert docs.returncode == 0, docs.stdout + docs.stderr
    listed = json.loads(docs.stdout)
    assert [d["doc_id"] for d in listed["documents"]] == [ok["doc_id"]]
    assert listed["consistency"]["ok"] is True


def test_human_output_and_usage_errors(tmp_path):
    proc = run(tmp_path / "home", "docs")
    assert proc.returncode == 0 and "no documents" in proc.stdout
    assert run(tmp_path / "home", "ingest", "--kind", "poem", "x.pdf").returncode == 2


def test_as_of_reaches_search_and_ask_and_bad_dates_are_usage_errors(tmp_path, datasets):
    from tests.conftest import dataset_file

    home = tmp_path / "home"
    old = dataset_file(datasets, "statutes/versions/全国年节及纪念日放假办法(2013-12-11).md")
    new = dataset_file(datasets, "statutes/laws/全国年节及纪念日放假办法(2024-11-10).md")
    assert run(home, "ingest", str(old), str(new), "--kind", "statute", "--json").returncode == 0
    proc = run(home, "search", "《全国年节及纪念日放假办法》第二条", "--as-of", "2020-01-01", "--json")
    assert proc.returncode == 0, proc.stderr
    payload = json.loads(proc.stdout)
    assert payload["as_of"] == "2020-01-01" and payload["direct"][0]["chunk_ids"]
    assert payload["results"][0]["article"]["version"] == "2013-12-11"
    proc = run(home, "ask", "春节放假几天？", "--as-of", "2020-01-01", "--json")
    answer = json.loads(proc.stdout)
    assert answer["as_of"] == "2020-01-01" and any(c["kind"] == "version" for c in answer["conflicts"])
    text = run(home, "ask", "春节放假几天？", "--as-of", "2020-01-01").stdout
    assert "法条" in text and "2013-12-11" in text
    bad = run(home, "search", "春节", "--as-of", "2020-13-01")
    assert bad.returncode == 2 and "YYYY-MM-DD" in bad.stderr
