"""The benchmark report: running suites into one JSON document, merging it with the published one,
writing it, and its text summary.

The report is ``{"generated_at", "machine", "code_version", "suites": {name: SuiteResult}}``,
written to ``<home>/bench/report-<timestamp>.json`` (or ``--out``) and, with ``--publish``, also to
docs/bench/answers.json, which the Benchmark page charts, and appended (one line per suite) to
docs/bench/history.jsonl, the page's trends (engine/bench/history.py).
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.bench.common import machine
from engine.bench.paths import REPO
from engine.bench.registry import SUITES, BenchOptions


def code_version() -> str | None:
    """The commit the figures belong to (``+dirty`` when the working tree has changes)."""
    import subprocess

    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                                text=True, timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return commit + ("+dirty" if dirty else "")


def run_suites(names: list[str], options: BenchOptions) -> dict[str, Any]:
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        raise ValueError(f"unknown suite(s) {unknown}; choose from {sorted(SUITES)} or 'all'")
    suites = {}
    version = code_version()
    for name in names:
        started = time.perf_counter()
        result = SUITES[name](options)
        result.timings.setdefault("suite_s", round(time.perf_counter() - started, 1))
        suites[name] = {**result.to_dict(), "run": {"finished_at": _now(), "code_version": version}}
    return {"generated_at": _now(), "machine": machine(), "code_version": version, "suites": suites}


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def merged_with_published(report: dict[str, Any], published: Path) -> dict[str, Any]:
    """The report to publish: its suites replace those of the published report, the others stay
    (each suite keeps its own ``run``: when and on which code it ran), so publishing a long
    dataset run does not drop the demo figures the Benchmark page shows, and vice versa."""
    try:
        previous = json.loads(published.read_text("utf-8"))
    except (OSError, ValueError):
        return report
    kept = {name: {**suite, "run": suite.get("run") or {"finished_at": previous.get("generated_at"),
                                                          "code_version": previous.get("code_version")}}
            for name, suite in (previous.get("suites") or {}).items() if name not in report["suites"]}
    return {**report, "suites": {**kept, **report["suites"]}}


def write_report(report: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(report, ensure_ascii=False, indent=1), "utf-8")
    tmp.replace(path)  # a reader (the Benchmark page) never sees half a report
    return path


# -- text summary ---------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def summary_text(report: dict[str, Any]) -> str:
    lines = []
    for name, suite in report["suites"].items():
        if suite.get("skipped"):
            lines.append(f"== {name}: skipped ({suite['skipped']})")
            continue
        lines.append(f"== {name}: {suite['description']}")
        lines += [f"  {k:<34}{_cell(v)}" for k, v in suite["metrics"].items()]
        for title, table in [("", suite.get("per_category") or {}), *(suite.get("tables") or {}).items()]:
            lines += _table_lines(title, table)
        lines += _failing_lines(suite.get("rows") or [])
        timings = suite.get("timings") or {}
        if timings:
            lines.append("  timings: " + ", ".join(f"{k} {_cell(v)}" for k, v in timings.items()))
        gate = suite.get("gate")
        if gate:
            lines.append(f"  gate: {'ok' if gate['ok'] else 'FAILED'}")
            lines += [f"    ✗ {f['id']}: {f['reason']}" for f in gate["failures"]]
            lines += [f"    known failure now passes, remove its flag: {i}" for i in gate["fixed_known_failures"]]
            lines += [f"    listed as a known failure but no such question: {i}"
                      for i in gate.get("unknown_known_failures", [])]
    return "\n".join(lines)


FAILING_LISTED = 80  # beyond this many, the text summary points at the JSON report instead


def _failing_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Suites whose rows say why they failed (``reasons``): each failing question and why."""
    failing = [r for r in rows if "reasons" in r and not r.get("correct")]
    if not failing:
        return []
    if len(failing) > FAILING_LISTED:
        return [f"  {len(failing)} failing questions; each with its reasons in the JSON report (rows[].reasons)"]
    lines = ["  failing questions:"]
    for r in failing:
        known = " [known failure]" if r.get("known_failure") else ""
        lines.append(f"    {r['id']}{known}: {r['question']} — " + "; ".join(r["reasons"]))
    return lines


TABLE_ROWS_SHOWN = 40  # a longer table (per file of 100 generated files) stays in the JSON report


def _table_lines(title: str, table: dict[str, dict[str, Any]]) -> list[str]:
    if not table:
        return []
    if len(table) > TABLE_ROWS_SHOWN:
        return [f"  {title}: {len(table)} rows in the JSON report"]
    columns = list(dict.fromkeys(k for row in table.values() for k in row))
    widths = [max(len(c) + 2, 9) for c in columns]
    first = max([14, *(len(name) + 2 for name in table)])
    lines = [f"  {title}:"] if title else []
    lines.append("  " + f"{'':<{first}}" + "".join(f"{c:>{w}}" for c, w in zip(columns, widths)))
    for category, row in table.items():
        lines.append("  " + f"{category:<{first}}" + "".join(f"{_cell(row.get(c)):>{w}}"
                                                             for c, w in zip(columns, widths)))
    return lines
