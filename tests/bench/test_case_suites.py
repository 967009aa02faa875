"""The CI gate on answers over case files the answer core was not written on.

* transcripts: ingest the dev case files of ../shared/datasets/transcripts (OCR on), ask every
  question within its file and fail unless every question passes except those listed in
  data/bench/transcripts_known_failures.json — and fail as well when a listed one passes (strict,
  like a strict xfail: take it off the list and it is guarded from then on).
* casegen: generate the files of the recorded seeds (scans per file limited, OCR being the slow
  part), run them end to end through a real Engine and fail below the recorded pass-rate floor or
  on any ungrounded value.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bench.casegen.suite import run_casegen
from engine.bench.transcripts import DEV_FOLDER, KnownFailures, run_transcripts
from engine.config import Settings
from engine.engine import Engine
from tests.conftest import dataset_file

pytestmark = [pytest.mark.integration, pytest.mark.slow]

KNOWN = KnownFailures.load()


def _engine(home: Path) -> Engine:
    engine = Engine(settings=Settings.load(home, secrets_file=None, environ={}))
    assert engine.settings.ingest.ocr != "off"
    return engine


def _failures(gate: dict) -> str:
    lines = [f"{f['id']}: {f['reason']}" for f in gate["failures"]]
    lines += [f"{i}: listed as a known failure but passes now — remove it from the list"
              for i in gate["fixed_known_failures"]]
    lines += [f"{i}: listed as a known failure but no such question" for i in gate.get("unknown_known_failures", [])]
    return "\n".join(lines)


def test_dev_case_files_pass_except_the_listed_known_failures(datasets: Path, tmp_path: Path):
    folder = dataset_file(datasets, DEV_FOLDER)
    result = run_transcripts(_engine(tmp_path / "home"), folder, known=KNOWN)
    assert result.metrics["questions"] == len(result.rows) >= 60
    assert {r["file"] for r in result.rows} == {p.name for p in folder.glob("*.pdf")}
    assert result.gate["ok"], _failures(result.gate)
    assert result.metrics["questions_with_ungrounded_values"] == 0


def test_generated_case_files_stay_above_the_floor(tmp_path: Path):
    seeds = KNOWN.casegen_seeds
    assert seeds, "the known-failures file records the CI seeds"
    result = run_casegen(_engine(tmp_path / "home"), tmp_path / "cases", seeds=len(seeds), seed_base=seeds[0],
                         max_scans=KNOWN.casegen_max_scans, known=KNOWN)
    assert result.config["seeds"] == {"first": seeds[0], "count": len(seeds), "fresh": False}
    assert result.gate is not None, "the recorded seeds are the ones gated"
    assert result.gate["ok"], (f"pass rate {result.metrics['accuracy']} below the floor {KNOWN.casegen_floor} "
                               f"({KNOWN.casegen_measured})")
    assert result.metrics["questions_with_ungrounded_values"] == 0, \
        [r["reasons"] for r in result.rows if r["hallucination"]]
    assert set(result.tables["per_kind"]) >= {"total_in", "nth", "not_found", "pii"}
