"""The Benchmark page (pages/benchmark.py) through AppTest: charts and the tables behind them from
report files written here in the real formats, hints when reports are missing, and a real run of
a two-question demo suite with progress (fixtures: conftest)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from engine.bench import runner
from engine.bench.runner import SuiteResult, write_report
from engine.bench.statutes import Run
from tests.ui.conftest import texts
from ui import charts

pytestmark = pytest.mark.ui

BENCHMARK = "pages/benchmark.py"


def demo_suite(accuracy: float, hallucination: float, p50: float) -> dict:
    """A demo SuiteResult as the runner writes it (numbers chosen here, shapes from the runner)."""
    return SuiteResult(
        suite="demo", description="3 questions (test report)",
        metrics={"questions": 3, "accuracy": accuracy, "hallucination_rate": hallucination,
                 "evidence_page_hit": 1.0, "abstention_recall": None},
        per_category={"fact": {"n": 2, "correct": 1, "accuracy": 0.5, "page_hit": 1.0},
                      "not_found": {"n": 1, "correct": 1, "accuracy": 1.0, "page_hit": None}},
        rows=[{"id": "q1", "category": "fact", "question": "多少钱？", "status": "answered",
               "correct": True, "failed": [], "conclusion": "四万二千元（E1）", "ms": 12.5}],
        timings={"ask_ms_p50": p50, "ask_ms_p95": p50 * 3, "suite_s": 1.0},
        gate={"ok": True, "failures": [], "fixed_known_failures": []}).to_dict()


def answer_report(generated_at: str, **suite) -> dict:
    return {"generated_at": generated_at, "machine": {"cpu": "test cpu", "cores": 2},
            "code_version": "abc1234", "suites": {"demo": demo_suite(**suite)}}


STARD_DOC = {
    "suite": "stard-dev", "reranker": "test-reranker", "chunks": 1000, "peak_rss_mb": 1, "build": None,
    "runs": [asdict(Run(name, metrics={"R@10": r10, "R@100": 0.9, "hit@10": 0.8, "MRR@10": 0.5,
                                       "questions": 50},
                        latency_ms={"parse": {"p50": 1.0, "p95": 2.0},
                                    "bm25": {"p50": 10.0, "p95": 20.0},
                                    "total": {"p50": 30.0, "p95": 60.0}}))
             for name, r10 in (("bm25", 0.41), ("vector", 0.52), ("hybrid", 0.61),
                               ("hybrid+rerank", 0.73))]}
CUAD_DOC = {
    "suite": "cuad-legalbenchrag", "tests": 20, "contracts": 3, "chunks": 300, "reranker": "test-reranker",
    "references": {"LegalBench-RAG paper, best CUAD": {"P@1": 0.02, "R@64": 0.747}},
    "runs": [{"name": name, "metrics": {"P@1": 0.01, "R@1": 0.02, "P@4": 0.03, "R@4": r4, "tests": 20},
              "latency_ms": {"p50": 8.0, "p95": 15.0}}
             for name, r4 in (("bm25", 0.111), ("hybrid+rerank", 0.222))]}


def chart_titles(at: AppTest) -> list[str]:
    def walk(node):
        yield node
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    return [json.loads(node.proto.spec).get("title", "") for node in walk(at.main)
            if getattr(node, "type", None) == "vega_lite_chart"]


def frames(at: AppTest) -> list:
    return [df.value for df in at.main.dataframe]


@pytest.fixture
def bench_home(ui_home, tmp_path, monkeypatch):
    """Reports in the shared home's report folder (removed afterwards) and a docs/bench of this
    test's own, empty until a test writes into it."""
    docs = tmp_path / "docs-bench"
    docs.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", docs)
    folder = charts.reports_dir(ui_home.path)
    yield folder, docs
    for path in folder.glob(charts.REPORT_GLOB):
        path.unlink()


def test_charts_and_tables_render_from_the_report_files(app, bench_home):
    folder, docs = bench_home
    write_report(answer_report("2024-01-01T00:00:00+00:00", accuracy=0.4, hallucination=0.1, p50=200.0),
                 folder / "report-20240101-000000.json")
    write_report(answer_report("2024-02-01T00:00:00+00:00", accuracy=0.667, hallucination=0.0, p50=150.0),
                 folder / "report-20240201-000000.json")
    (docs / "stard.json").write_text(json.dumps(STARD_DOC), "utf-8")
    (docs / "cuad.json").write_text(json.dumps(CUAD_DOC), "utf-8")

    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert not texts(at, "error")
    titles = chart_titles(at)
    for expected in ("demo: accuracy 按类别 per category", "消融 Ablation: bm25 / vector / hybrid / +rerank / +expand",
                     "字符召回率 character recall @k", "字符精确率 character precision @k",
                     "hybrid+rerank: p50 / p95 (ms)", "demo: 历次运行 runs"):
        assert expected in titles, titles
    assert titles.count("p50 / p95 (ms)") == 2  # CUAD search latency and ask latency per suite
    tables = frames(at)

    def table_with(column: str):
        return next(t for t in tables if column in t.columns)

    categories = table_with("accuracy")  # the newest report is shown first
    assert dict(zip(categories["category"], categories["accuracy"])) == {"fact": 0.5, "not_found": 1.0}
    headline = table_with("definition")
    assert headline.set_index("metric").loc["accuracy", "value"] == pytest.approx(0.667)
    assert "幻觉率" in headline.set_index("metric").loc["hallucination_rate", "definition"]
    ablation = table_with("MRR@10")
    assert list(ablation["config"]) == ["bm25", "vector", "hybrid", "hybrid+rerank"]
    assert list(ablation["R@10"]) == [0.41, 0.52, 0.61, 0.73]
    cuad_recall = table_with("R@4")
    assert list(cuad_recall["R@4"]) == [0.111, 0.222]
    stages = table_with("bm25 p95")
    assert stages.set_index("config").loc["hybrid", "total p50"] == 30.0
    history = table_with("report")
    assert list(history["report"]) == ["report-20240101-000000.json", "report-20240201-000000.json"]
    assert list(history["accuracy"]) == [0.4, 0.667]
    definitions = table_with("定义 definition")
    assert {"MRR@10", "hit@k", "R@k (CUAD)", "P@k (CUAD)", "EM / F1", "hallucination_rate",
            "abstention precision / recall"} <= set(definitions["指标 metric"])
    assert "CI 门槛通过 (gate ok)：事实题全部正确，无未落地数值" in texts(at, "success")
    info = "\n".join(texts(at, "info"))
    assert charts.INGEST.command in info  # the one source not written here
    assert "python scripts/bench_stard.py" not in info and "python -m engine bench" not in info


def test_choosing_an_older_report_changes_the_figures(app, bench_home):
    folder, _ = bench_home
    write_report(answer_report("2024-01-01T00:00:00+00:00", accuracy=0.4, hallucination=0.1, p50=200.0),
                 folder / "report-20240101-000000.json")
    write_report(answer_report("2024-02-01T00:00:00+00:00", accuracy=0.667, hallucination=0.0, p50=150.0),
                 folder / "report-20240201-000000.json")
    at = app(Role.PARALEGAL, BENCHMARK)
    at.selectbox(key="bench.report").set_value(str(folder / "report-20240101-000000.json")).run()
    headline = next(t for t in frames(at) if "definition" in t.columns)
    assert headline.set_index("metric").loc["accuracy", "value"] == pytest.approx(0.4)
    latency = next(t for t in frames(at) if list(t.columns) == ["suite", "p50", "p95"])
    assert latency.iloc[0].to_dict() == {"suite": "demo", "p50": 200.0, "p95": 600.0}


def test_missing_reports_show_the_commands_that_write_them(app, bench_home, ui_home):
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert not chart_titles(at)
    info = "\n".join(texts(at, "info"))
    for command in (charts.answer_command(ui_home.path), charts.STARD.command, charts.CUAD.command,
                    charts.INGEST.command):
        assert command in info, command
    assert not texts(at, "error")


def test_an_unreadable_report_is_named_not_a_traceback(app, bench_home):
    folder, docs = bench_home
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report-20240301-000000.json").write_text("{ not json", "utf-8")
    (docs / "stard.json").write_text("[]", "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    warnings = "\n".join(texts(at, "warning"))
    assert "report-20240301-000000.json" in warnings and "不是有效的 JSON" in warnings
    assert "不是 JSON 对象" in warnings  # stard.json holds a list


def test_running_a_two_question_demo_suite_reports_progress_and_a_new_report(
        app, bench_home, ui_home, tmp_path, monkeypatch):
    folder, _ = bench_home
    bench_dir = tmp_path / "suites"
    # The suite ingests the demo corpus into its own home; the shared home's embedding cache
    # (same files, OCR off) makes that a matter of seconds instead of a minute of embedding.
    cache = bench_dir / "demo" / "cache" / "embeddings.sqlite"
    cache.parent.mkdir(parents=True)
    with sqlite3.connect(ui_home.path / "cache" / "embeddings.sqlite") as source, \
            sqlite3.connect(cache) as target:
        source.backup(target)
    monkeypatch.setattr(runner, "DEFAULT_BENCH_DIR", bench_dir)
    monkeypatch.setenv("LEXTRACE_INGEST__OCR", "off")

    at = app(Role.PARALEGAL, BENCHMARK)
    at.number_input(key="bench.limit").set_value(2)
    at.button(key="bench.run").click().run(timeout=300)
    assert not at.exception
    assert not [e for e in texts(at, "error") if "失败" in e]
    status = at.main.status[0]
    assert status.label.startswith("demo 完成 done"), status.label
    bar = status.children[0]
    assert bar.proto.value == 100 and bar.proto.text == "demo: 2 / 2"
    written = sorted(folder.glob(charts.REPORT_GLOB))
    assert len(written) == 1
    report = json.loads(written[0].read_text("utf-8"))
    assert report["suites"]["demo"]["metrics"]["questions"] == 2
    assert len(report["suites"]["demo"]["rows"]) == 2
    assert any(str(written[0]) in s for s in texts(at, "success"))
    # the new report is what the page now charts
    assert "demo: accuracy 按类别 per category" in chart_titles(at)
    assert (bench_dir / "demo" / "catalog.sqlite").is_file()  # the suite's own home, not the user's
