"""Answer benchmarks as the dashboard sees them: which suites there are, where reports are kept, and
a run of one suite in a separate process with its progress.

Production code never imports engine/bench (tests/test_import_graph.py): a run started here is
``python -m engine bench`` in a child process, whose progress lines (``--progress-lines``) are read
back as they come. So a suite's models and corpus never load into the dashboard's process, and a
crash or a kill of the run leaves the dashboard standing.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable

REPO = Path(__file__).resolve().parents[1]
PUBLISHED_REPORT = REPO / "docs" / "bench" / "answers.json"
HISTORY = REPO / "docs" / "bench" / "history.jsonl"  # one line per suite per publish (engine/bench/history.py)
DEFAULT_BENCH_DIR = REPO / ".bench"
# The suites of engine/bench/registry.py, in its order (a test keeps the two equal).
SUITE_NAMES = ("demo", "honesty", "transcripts", "casegen", "cjrc", "contractnli", "statute_lookup")
PROGRESS_LINE = re.compile(r"^(?P<suite>\w+): (?P<done>\d+)/(?P<total>\d+)$")

Progress = Callable[[str, int, int], None]  # (suite, done, total)


def default_report_path(home: Path) -> Path:
    return home / "bench" / f"report-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"


class BenchmarkFailed(RuntimeError):
    """The run's process ended with an error (its last lines of output say why)."""


@dataclass
class BenchmarkRun:
    report: Path  # the JSON report the run wrote
    exit_code: int  # 0, or 1 when a suite's gate failed (the report is written either way)


def run_benchmark(home: Path, suite: str, *, limit: int | None = None, full: bool = False, llm: bool = False,
                  bench_dir: Path | None = None, progress: Progress | None = None) -> BenchmarkRun:
    """Run ``suite`` in its own bench home (``bench_dir/<suite>``) in a child process and wait for
    it, calling ``progress`` for every question answered; the report goes to ``<home>/bench/``."""
    if suite not in SUITE_NAMES:
        raise ValueError(f"unknown suite {suite!r}; choose from {list(SUITE_NAMES)}")
    out = default_report_path(Path(home))
    command = [sys.executable, "-m", "engine", "--home", str(home), "bench", "--suite", suite, "--out", str(out),
               "--bench-dir", str(bench_dir or DEFAULT_BENCH_DIR), "--progress-lines"]
    command += (["--limit", str(limit)] if limit else []) + (["--full"] if full else []) + (["--llm"] if llm else [])
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    said: list[str] = []
    assert process.stderr is not None
    for line in process.stderr:
        match = PROGRESS_LINE.match(line.strip())
        if match and progress:
            progress(match["suite"], int(match["done"]), int(match["total"]))
        elif line.strip():
            said = (said + [line.strip()])[-5:]
    code = process.wait()
    if code not in (0, 1) or not out.is_file():
        raise BenchmarkFailed("; ".join(said) or f"exit code {code}")
    return BenchmarkRun(out, code)


def read_history(path: Path = HISTORY) -> tuple[list[dict[str, Any]], list[str]]:
    """(the entries, oldest first; a line that is not one, named by its number): a damaged line
    never hides the others."""
    try:
        lines = path.read_text("utf-8").splitlines()
    except FileNotFoundError:
        return [], []
    entries, bad = [], []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except ValueError:
            bad.append(f"{path.name}:{number}")
            continue
        if isinstance(entry, dict) and isinstance(entry.get("suite"), str):
            entries.append(entry)
        else:
            bad.append(f"{path.name}:{number}")
    entries.sort(key=lambda e: str(e.get("finished_at") or ""))
    return entries, bad
