"""The published runs over time: ``docs/bench/history.jsonl``, one line per suite per publish.

``python -m engine bench --publish`` replaces a suite's figures in docs/bench/answers.json (the
latest) and appends here, so earlier figures are kept with the date and the commit they were
measured on; the Benchmark page draws a trend per headline figure from this file. A line holds
what a trend needs — headline metrics, timings, whether the gate passed — not the per-question
rows (those stay in the report of that run).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

from engine.benchmarks import HISTORY, read_history  # noqa: F401 — the page reads it through the face


def history_entries(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per suite that ran in ``report`` (skipped suites leave no line)."""
    entries = []
    for name, suite in (report.get("suites") or {}).items():
        if suite.get("skipped"):
            continue
        run = suite.get("run") or {}
        gate = suite.get("gate")
        entries.append({
            "suite": name,
            "finished_at": run.get("finished_at") or report.get("generated_at"),
            "code_version": run.get("code_version") or report.get("code_version"),
            "metrics": {k: v for k, v in (suite.get("metrics") or {}).items() if _scalar(v)},
            "timings": {k: v for k, v in (suite.get("timings") or {}).items() if _scalar(v)},
            "gate_ok": None if not gate else bool(gate.get("ok")),
        })
    return entries


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (int, float, str, bool))


def append_history(report: dict[str, Any], path: Path = HISTORY) -> int:
    """Append the report's suites to the history file; the number of lines written."""
    entries = history_entries(report)
    if entries:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as out:
            for entry in entries:
                out.write(json.dumps(entry, ensure_ascii=False, sort_keys=True) + "\n")
    return len(entries)


def merge_reports(reports: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """History entries of several reports, one per (suite, finished_at), oldest first."""
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for report in reports:
        for entry in history_entries(report):
            seen.setdefault((entry["suite"], str(entry["finished_at"])), entry)
    return sorted(seen.values(), key=lambda e: str(e["finished_at"] or ""))
