"""``python -m engine bench --publish`` keeps every published run in docs/bench/history.jsonl
(engine/bench/history.py): the latest figures replace the published report, the earlier ones stay
in the history with their date and commit, and a damaged line hides nothing else."""

from __future__ import annotations

import argparse
import json

import pytest

from engine.bench import cli, history, registry
from engine.bench import report as bench_report
from engine.bench.result import SuiteResult

pytestmark = pytest.mark.unit


def fake_suite(accuracy: float):
    def run(options):
        return SuiteResult("demo", "two questions", metrics={"questions": 2, "accuracy": accuracy},
                           rows=[{"id": "q1"}], timings={"ask_ms_p50": 12.0},
                           gate={"ok": accuracy == 1.0, "failures": [], "fixed_known_failures": []})
    return run


def cli_args(tmp_path) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    parser.add_argument("--home", default=str(tmp_path / "home"))
    parser.add_argument("--json", action="store_true")
    return parser.parse_args(["--suite", "demo", "--publish", "--out", str(tmp_path / "report.json")])


def test_each_publish_appends_its_suites_with_date_and_commit(tmp_path, monkeypatch):
    args = cli_args(tmp_path)
    monkeypatch.setattr(cli, "PUBLISHED_REPORT", tmp_path / "answers.json")
    monkeypatch.setattr(history, "HISTORY", tmp_path / "history.jsonl")
    monkeypatch.setattr(bench_report, "code_version", lambda: "abc1234")
    for accuracy in (0.5, 1.0):
        monkeypatch.setitem(registry.SUITES, "demo", fake_suite(accuracy))
        cli.run_cli(args)

    entries, bad = history.read_history(tmp_path / "history.jsonl")
    assert bad == []
    assert [e["metrics"]["accuracy"] for e in entries] == [0.5, 1.0]  # the first run is kept
    assert all(e["suite"] == "demo" and e["code_version"] == "abc1234" and e["finished_at"] for e in entries)
    assert [e["gate_ok"] for e in entries] == [False, True]
    assert "rows" not in entries[0]  # the per-question rows stay in each run's report
    published = json.loads((tmp_path / "answers.json").read_text("utf-8"))
    assert published["suites"]["demo"]["metrics"]["accuracy"] == 1.0  # only the latest there


def test_a_run_without_publish_leaves_the_history_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(history, "HISTORY", tmp_path / "history.jsonl")
    monkeypatch.setitem(registry.SUITES, "demo", fake_suite(1.0))
    report = bench_report.run_suites(["demo"], registry.BenchOptions())
    bench_report.write_report(report, tmp_path / "report.json")
    assert not (tmp_path / "history.jsonl").exists()
    assert history.append_history({"suites": {"x": {"skipped": "dataset absent"}}}, tmp_path / "h.jsonl") == 0


def test_a_damaged_line_is_named_and_the_others_still_read(tmp_path):
    path = tmp_path / "history.jsonl"
    path.write_text('{"suite": "demo", "finished_at": "2026-01-02T00:00:00+00:00", "metrics": {}}\n'
                    "{ not json\n"
                    '{"suite": "demo", "finished_at": "2026-01-01T00:00:00+00:00", "metrics": {}}\n', "utf-8")
    entries, bad = history.read_history(path)
    assert bad == ["history.jsonl:2"]
    assert [e["finished_at"][:10] for e in entries] == ["2026-01-01", "2026-01-02"]  # oldest first


def test_the_committed_history_reads_and_names_known_suites():
    entries, bad = history.read_history()
    assert bad == [] and entries
    assert {e["suite"] for e in entries} <= set(registry.SUITES)


def test_the_dashboards_list_of_suites_is_the_registry():
    """The Benchmark page offers engine.SUITE_NAMES (production code may not import the registry)."""
    from engine.benchmarks import SUITE_NAMES

    assert tuple(registry.SUITES) == SUITE_NAMES
