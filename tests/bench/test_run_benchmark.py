"""engine/benchmarks.py: a suite run in a child process (``python -m engine bench``), as the
Benchmark page starts it. The successful run with progress is driven by the page's AppTest
(tests/ui/test_benchmark_page.py); here what the dashboard is told when a run cannot happen."""

from __future__ import annotations

import pytest

from engine import BenchmarkFailed, Engine
from engine.benchmarks import PROGRESS_LINE, run_benchmark

pytestmark = pytest.mark.unit


def test_a_run_the_child_refuses_raises_with_the_childs_reason(tmp_path):
    seen = []
    with pytest.raises(BenchmarkFailed, match="--limit must be greater than 0"):
        run_benchmark(tmp_path / "home", "demo", limit=-1, bench_dir=tmp_path / "suites",
                      progress=lambda *a: seen.append(a))
    assert seen == [] and not (tmp_path / "home" / "bench").exists()


def test_an_unknown_suite_is_refused_before_any_process_starts(tmp_path):
    with pytest.raises(ValueError, match="unknown suite"):
        Engine.run_benchmark(type("E", (), {"home": tmp_path})(), "nope")


def test_progress_lines_are_read_back():
    assert PROGRESS_LINE.match("demo: 3/73").groupdict() == {"suite": "demo", "done": "3", "total": "73"}
    assert PROGRESS_LINE.match("warning: FlashRank model directory … not found") is None
