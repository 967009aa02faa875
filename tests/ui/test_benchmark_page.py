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


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


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
    for expected in ("accuracy 按类别", "消融", "字符召回率 @k", "字符精确率 @k",
                     "hybrid+rerank: p50 / p95 (ms)", "demo：历次运行"):
        assert expected in titles, titles
    assert titles.count("p50 / p95 (ms)") == 2  # CUAD search latency and ask latency per suite
    tables = frames(at)

    def table_with(column: str):
        return next(t for t in tables if column in t.columns)

    categories = table_with("准确率")  # the newest report is shown first
    assert dict(zip(categories["类别"], categories["准确率"])) == {"事实题": 0.5, "无答案题": 1.0}
    headline = table_with("定义")
    assert headline.set_index("指标").loc["accuracy", "值"] == "0.667"
    assert headline.set_index("指标").loc["abstention_recall", "值"] == "—"  # not None, not nan
    assert "幻觉率" in headline.set_index("指标").loc["hallucination_rate", "定义"]
    ablation = table_with("MRR@10")
    assert list(ablation["配置"]) == ["bm25", "vector", "hybrid", "hybrid+rerank"]
    assert list(ablation["R@10"]) == [0.41, 0.52, 0.61, 0.73]
    cuad_recall = table_with("R@4")
    assert list(cuad_recall["R@4"]) == [0.111, 0.222]
    stages = table_with("bm25 p95")
    assert stages.set_index("配置").loc["hybrid", "total p50"] == 30.0
    history = table_with("报告")
    assert list(history["报告"]) == ["report-20240101-000000.json", "report-20240201-000000.json"]
    assert list(history["准确率"]) == [0.4, 0.667]
    definitions = next(t for t in tables if list(t.columns) == ["指标", "定义"])
    assert {"MRR@10", "hit@k", "R@k (CUAD)", "P@k (CUAD)", "EM / F1", "hallucination_rate",
            "abstention precision / recall"} <= set(definitions["指标"])
    # the gate banner says what the gate checked, in figures that agree with the table beside it
    (banner,) = [s for s in texts(at, "success") if s.startswith("CI 门槛通过")]
    assert "事实题 1/1 正确" in banner
    assert not any("None" in str(v) or "nan" == str(v) for t in tables for v in t.to_numpy().ravel())
    # chart categories by name, never as the report spells them
    specs = [json.dumps(json.loads(e.proto.spec), ensure_ascii=False) for e in at.get("vega_lite_chart")] + \
        [json.dumps(json.loads(n.proto.spec), ensure_ascii=False) for n in _walk(at.main)
         if getattr(n, "type", None) == "vega_lite_chart"]
    datasets = " ".join(specs)
    assert "事实题" in datasets and '"fact"' not in datasets and '"not_found"' not in datasets
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
    headline = next(t for t in frames(at) if "定义" in t.columns)
    assert headline.set_index("指标").loc["accuracy", "值"] == "0.4"
    latency = next(t for t in frames(at) if list(t.columns) == ["评测集", "p50", "p95"])
    assert latency.iloc[0].to_dict() == {"评测集": "demo", "p50": 200.0, "p95": 600.0}


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

    # an older report, chosen on the page before the run: the run must replace it in the tabs
    old = folder / "report-20240101-000000.json"
    write_report(answer_report("2024-01-01T00:00:00+00:00", accuracy=0.4, hallucination=0.1, p50=200.0), old)
    at = app(Role.PARALEGAL, BENCHMARK)
    at.selectbox(key="bench.report").set_value(str(old)).run()
    at.number_input(key="bench.limit").set_value(2)
    at.button(key="bench.run").click().run(timeout=300)
    assert not at.exception
    assert not [e for e in texts(at, "error") if "失败" in e]
    status = at.main.status[0]
    assert status.label.startswith("demo 完成"), status.label
    bar = status.children[0]
    assert bar.proto.value == 100 and bar.proto.text == "demo: 2 / 2"
    written = [p for p in sorted(folder.glob(charts.REPORT_GLOB)) if p != old]
    assert len(written) == 1
    report = json.loads(written[0].read_text("utf-8"))
    assert report["suites"]["demo"]["metrics"]["questions"] == 2
    assert len(report["suites"]["demo"]["rows"]) == 2
    assert any(str(written[0]) in s for s in texts(at, "success"))
    # the new report is what the page now shows, not the one chosen before
    assert at.selectbox(key="bench.report").value == str(written[0])
    headline = next(t for t in frames(at) if "定义" in t.columns)
    assert headline.set_index("指标").loc["questions", "值"] in (2, "2")
    assert "accuracy 按类别" in chart_titles(at)
    facts = [r for r in report["suites"]["demo"]["rows"] if r["category"] == "fact"]
    for banner in [s for s in texts(at, "success") + texts(at, "error") if s.startswith("CI 门槛")]:
        assert f"事实题 {sum(r['correct'] for r in facts)}/{len(facts)} 正确" in banner
    assert (bench_dir / "demo" / "catalog.sqlite").is_file()  # the suite's own home, not the user's


@pytest.mark.unit
def test_the_gate_banner_never_contradicts_the_figures():
    """The published demo report: 38 of 51 fact questions right (accuracy 0.745), the 13 wrong
    ones registered as known failures, so the gate passes. The banner used to say '事实题全部
    正确' beside that 0.745."""
    published = json.loads(charts.PUBLISHED_ANSWERS.path().read_text("utf-8"))["suites"]["demo"]
    banner = charts.gate_banner(published)
    facts = [r for r in published["rows"] if r["category"] == "fact"]
    right = sum(r["correct"] for r in facts)
    assert banner.ok and f"事实题 {right}/{len(facts)} 正确" in banner.text
    if right < len(facts):
        assert "除已登记的已知失败题外" in banner.text and "事实题全部正确。" not in banner.text
    rows = [{"category": "fact", "correct": True, "known_failure": None, "hallucination": False},
            {"category": "fact", "correct": False, "known_failure": None, "hallucination": True}]
    failed = charts.gate_banner({"gate": {"ok": False, "failures": [{"id": "q2", "reason": "wrong"}]},
                                 "rows": rows})
    assert not failed.ok and "q2：wrong" in failed.text and "事实题 1/2 正确" in failed.text
    assert "结论含未落地数值的答案 1 个" in failed.text
    clean = charts.gate_banner({"gate": {"ok": True, "failures": []}, "rows": rows[:1]})
    assert clean.text.startswith("CI 门槛通过：事实题全部正确") and "已登记" not in clean.text
