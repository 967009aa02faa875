"""Where the benchmarks read and write: the demo corpus and questions, the suites' own homes, the
datasets, and the published report the Benchmark page charts."""

from __future__ import annotations

import os
from pathlib import Path

from engine.benchmarks import DEFAULT_BENCH_DIR, PUBLISHED_REPORT, REPO

DEMO_DIR = REPO / "data" / "demo"
DEMO_QUESTIONS = REPO / "data" / "bench" / "demo_questions.jsonl"
DEFAULT_DATASETS = Path(os.environ.get("LEXTRACE_DATASETS", REPO.parent / "shared" / "datasets"))
