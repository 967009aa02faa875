"""The Benchmark page (pages/benchmark.py) through AppTest, for a team lead: the overview of the
published figures against their targets, the trends over published runs, the details of a chosen
report, what is said when nothing is there yet, and a real run of a two-question demo suite with
progress. Report files are written here in the real formats (the runner's own SuiteResult)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from dataclasses import asdict

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from engine import benchmarks
from engine.bench import history
from engine.bench.report import write_report
from engine.bench.result import SuiteResult
from engine.bench.statutes import Run
from tests.ui.conftest import texts
from ui import charts

pytestmark = pytest.mark.ui

BENCHMARK = "pages/benchmark.py"


def demo_suite(accuracy: float, hallucination: float, p50: float, *, known: int = 1) -> dict:
    """A demo SuiteResult as the runner writes it (numbers chosen here, shapes from the runner)."""
    return SuiteResult(
        suite="demo", description="4 questions (test report)",
        metrics={"questions": 4, "accuracy": accuracy, "hallucination_rate": hallucination,
                 "evidence_page_hit": 1.0, "abstention_recall": None, "known_failures": known},
        per_category={"fact": {"n": 3, "correct": 2, "accuracy": 0.667, "page_hit": 1.0},
                      "not_found": {"n": 1, "correct": 1, "accuracy": 1.0, "page_hit": None}},
        rows=[{"id": "q1", "category": "fact", "question": "多少钱？", "status": "needs_review",
               "correct": True, "failed": [], "conclusion": "四万二千元（E1）", "ms": 12.5}],
        timings={"ask_ms_p50": p50, "ask_ms_p95": p50 * 3, "suite_s": 1.0},
        gate={"ok": True, "failures": [], "fixed_known_failures": []}).to_dict()


def answer_report(generated_at: str, **suites) -> dict:
    return {"generated_at": generated_at, "machine": {"cpu": "test cpu", "cores": 2},
            "code_version": "abc1234+dirty",
            "suites": {name: {**suite, "run": {"finished_at": generated_at, "code_version": "abc1234+dirty"}}
                       for name, suite in suites.items()}}


def honesty_suite() -> dict:
    return SuiteResult("honesty", "3 probes", metrics={"questions": 3, "passed": 2, "accuracy": 0.6667,
                                                       "verified": 2, "verified_wrong": 1,
                                                       "verified_wrong_share": 0.5},
                       gate={"ok": False, "failures": [{"id": "hon-02", "reason": "status answered"}],
                             "fixed_known_failures": []}).to_dict()


def future_suite() -> dict:
    """A suite another helper adds later, with a metric no label knows yet."""
    return SuiteResult("statute_lookup", "probes", metrics={"questions": 10, "accuracy": 0.9,
                                                            "verified_wrong_share": 0.0, "lookup_depth_mean": 2.5}
                       ).to_dict()


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
    "runs": [{"name": name, "metrics": {"P@1": p1, "R@64": 0.8, "tests": 20}, "latency_ms": {"p50": 8.0, "p95": 15.0}}
             for name, p1 in (("bm25 (plain)", 0.01), ("default (+ rerank)", 0.22))]}
ASK_LATENCY = {"config": {"target_p50_ms": 300.0}, "overall": {"n": 10, "p50_ms": 31.0, "p95_ms": 41.0},
               "groups": {"demo": {"n": 10, "p50_ms": 31.0, "p95_ms": 41.0}}}
LLM_LOCAL = {"modes": {"deterministic": {"questions": 60, "passed": 60, "accuracy": 1.0,
                                         "questions_with_wrong_values": 0, "s_per_answer_p50": 0.05},
                       "llm": {"questions": 60, "passed": 53, "accuracy": 0.8833,
                               "questions_with_wrong_values": 1, "s_per_answer_p50": 35.29}}}


def chart_specs(at: AppTest) -> list[dict]:
    return [json.loads(node.proto.spec) for node in _walk(at.main) if getattr(node, "type", None) == "vega_lite_chart"]


def chart_titles(at: AppTest) -> list[str]:
    titles = []
    for spec in chart_specs(at):
        title = spec.get("title", "")
        titles.append(title.get("text", "") if isinstance(title, dict) else title)
    return titles


def chart_data(at: AppTest) -> list[list[dict]]:
    """The data rows of each chart (Streamlit sends them as Arrow beside the spec)."""
    import io

    import pyarrow as pa

    out = []
    for node in _walk(at.main):
        if getattr(node, "type", None) == "vega_lite_chart":
            out.append([row for d in node.proto.datasets
                        for row in pa.ipc.open_stream(io.BytesIO(d.data.data)).read_pandas().to_dict("records")])
    return out


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def frames(at: AppTest) -> list:
    return [df.value for df in at.main.dataframe]


@pytest.fixture
def bench_home(ui_home, tmp_path, monkeypatch):
    """Reports in the shared home's report folder (removed afterwards), a docs/bench and a history
    file of this test's own, empty until a test writes into them."""
    docs = tmp_path / "docs-bench"
    docs.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", docs)
    monkeypatch.setattr(benchmarks, "HISTORY", docs / "history.jsonl")
    folder = charts.reports_dir(ui_home.path)
    yield folder, docs
    for path in folder.glob(charts.REPORT_GLOB):
        path.unlink()


def write(folder, name: str, document: dict) -> None:
    (folder / name).write_text(json.dumps(document, ensure_ascii=False), "utf-8")


def published(docs) -> None:
    write_report(answer_report("2026-11-26T15:00:00+00:00",
                               demo=demo_suite(0.75, 0.0, 30.0), honesty=honesty_suite(),
                               statute_lookup=future_suite()),
                 docs / charts.PUBLISHED_ANSWERS.file_name)
    write(docs, "stard.json", STARD_DOC)
    write(docs, "cuad.json", CUAD_DOC)
    write(docs, "ask_latency.json", ASK_LATENCY)
    write(docs, "llm_local_all.json", LLM_LOCAL)


def scorecard(at: AppTest, title: str) -> dict[str, dict]:
    """The rows of the overview chart titled ``title``, by figure name."""
    for spec, rows in zip(chart_specs(at), chart_data(at)):
        if (spec.get("title") or {}).get("text") == title:
            return {row["name"]: row for row in rows}
    raise AssertionError(f"no chart {title!r} in {chart_titles(at)}")


def test_the_overview_draws_each_headline_figure_against_its_target(app, bench_home):
    _, docs = bench_home
    published(docs)
    at = app(Role.LEAD, BENCHMARK)
    assert not at.exception and not [e for e in texts(at, "error") if "失败：" in e]  # no broken section
    # the probes' gate failed: said so, with the probe's id and not the scorer's English reason
    assert "CI 门槛未通过：hon-02。题目 2/3 正确" in "\n".join(texts(at, "error"))

    answers = scorecard(at, "答案（比例）")
    demo = answers["演示问题 · 正确率"]
    # the gate as a rate: all right but the one registered known failure, 3 of 4
    assert (demo["value"], demo["target"], demo["direction"]) == (75.0, 75.0, "≥")
    assert demo["verdict"] == "目标 ≥ 75 %：达标"
    honesty = answers["「已核验」徽章探针 · 已核验却错误的比例"]  # the new suite, charted
    assert honesty["value"] == 50.0 and honesty["verdict"] == "目标 ≤ 0 %：未达标"
    # a suite that lands later, with a metric no label knows: named by its words, still charted
    assert answers["法条直查 · 正确率"]["value"] == 90.0
    assert answers["法条直查 · 已核验却错误的比例"]["verdict"] == "目标 ≤ 0 %：达标"

    retrieval = scorecard(at, "检索（比例）")
    assert retrieval["STARD 法条检索 · 前 100 条召回率"]["target"] == 85.0
    assert retrieval["CUAD 合同条款检索 · 前 1 条精确率"]["value"] == 22.0  # the default run's
    latency = scorecard(at, "延迟（毫秒）")
    assert latency["问答耗时 · 中位数"]["verdict"] == "目标 ≤ 300 毫秒：达标"
    assert latency["法条检索耗时 · 95 分位"]["target"] == 400.0
    llm = scorecard(at, "本地大模型（比例）")
    assert llm["本地大模型（开发集案卷） · 正确率"]["reference"] == 100.0  # against the deterministic composer
    assert llm["本地大模型（开发集案卷） · 正确率"]["verdict"] == "对照 确定性撰写 100 %"

    # one scale per kind: every share chart runs 0-100 %, titled in Chinese with its unit
    for spec in chart_specs(at):
        title = (spec.get("title") or {}).get("text", "")
        if title.endswith("（比例）"):
            bars = spec["layer"][0]["encoding"]["x"]
            assert bars["scale"]["domain"] == [0, 100] and bars["title"] == "比例（%）", title
    assert any(m.startswith("**达标 ") for m in texts(at, "markdown"))


def test_trends_follow_the_published_runs_with_the_target_line(app, bench_home):
    _, docs = bench_home
    published(docs)
    with (docs / "history.jsonl").open("w", encoding="utf-8") as out:
        for when, accuracy in (("2026-11-20T10:00:00+00:00", 0.5), ("2026-11-26T15:00:00+00:00", 0.75)):
            for entry in history.history_entries(answer_report(when, demo=demo_suite(accuracy, 0.0, 30.0))):
                out.write(json.dumps(entry) + "\n")
    at = app(Role.LEAD, BENCHMARK)
    assert not at.exception
    specs = {(s.get("title") or {}).get("text"): s for s in chart_specs(at)}
    trend = specs["演示问题 · 正确率"]
    assert trend["layer"][0]["mark"]["type"] == "line" and trend["layer"][1]["mark"]["type"] == "rule"
    assert trend["title"]["subtitle"] == "目标 ≥ 75 %：达标"
    rows = chart_data(at)[list(specs).index("演示问题 · 正确率")]
    assert sorted(r["value"] for r in rows if "value" in r) == [50.0, 75.0]
    assert any(r.get("target") == 75.0 for r in rows)
    assert any("尚无历次记录" in c for c in texts(at, "caption"))  # STARD & co: measured by scripts


def test_choosing_an_older_report_changes_the_details(app, bench_home):
    folder, _ = bench_home
    write_report(answer_report("2024-01-01T00:00:00+00:00", demo=demo_suite(0.5, 0.25, 200.0)),
                 folder / "report-20240101-000000.json")
    write_report(answer_report("2024-02-01T00:00:00+00:00", demo=demo_suite(0.75, 0.0, 150.0)),
                 folder / "report-20240201-000000.json")
    at = app(Role.PARALEGAL, BENCHMARK)
    headline = next(t for t in frames(at) if list(t.columns) == ["指标", "值"]).set_index("指标")
    assert headline.loc["正确率", "值"] == "75 %" and headline.loc["问答耗时中位数", "值"] == "150 毫秒"
    assert headline.loc["拒答召回率", "值"] == "—"  # not None, not nan
    at.selectbox(key="bench.report").set_value(str(folder / "report-20240101-000000.json")).run()
    headline = next(t for t in frames(at) if list(t.columns) == ["指标", "值"]).set_index("指标")
    assert headline.loc["正确率", "值"] == "50 %" and headline.loc["幻觉率", "值"] == "25 %"
    categories = next(t for t in frames(at) if "类别" in t.columns)
    assert dict(zip(categories["类别"], categories["正确率（%）"])) == {"事实题": 66.7, "无答案题": 100.0}
    (banner,) = [s for s in texts(at, "success") if s.startswith("CI 门槛通过")]
    assert "事实题 1/1 正确" in banner


def test_without_reports_the_page_says_so_in_words(app, bench_home):
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception and not texts(at, "error")
    info = "\n".join(texts(at, "info"))
    assert "尚无结果" in info
    assert "python" not in info and "json" not in info  # no command, no file: those are the admins'


def test_an_unreadable_report_is_counted_not_a_traceback(app, bench_home):
    folder, docs = bench_home
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report-20240301-000000.json").write_text("{ not json", "utf-8")
    (docs / "stard.json").write_text("[]", "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    warnings = "\n".join(texts(at, "warning"))
    assert "1 份评测报告无法读取" in warnings and "结果文件无法读取" in warnings
    assert "report-20240301" not in warnings  # the file is named in the admins' details only
    admin = app(Role.ADMIN, BENCHMARK)
    assert any("report-20240301-000000.json" in str(v) for t in frames(admin) for v in t.to_numpy().ravel())


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
    monkeypatch.setattr(benchmarks, "DEFAULT_BENCH_DIR", bench_dir)
    monkeypatch.setenv("LEXTRACE_INGEST__OCR", "off")

    # an older report, chosen on the page before the run: the run must replace it in the details
    old = folder / "report-20240101-000000.json"
    write_report(answer_report("2024-01-01T00:00:00+00:00", demo=demo_suite(0.5, 0.25, 200.0)), old)
    at = app(Role.PARALEGAL, BENCHMARK)
    at.selectbox(key="bench.report").set_value(str(old)).run()
    at.number_input(key="bench.limit").set_value(2)
    at.button(key="bench.run").click().run(timeout=300)
    assert not at.exception
    assert not [e for e in texts(at, "error") if "失败：" in e]
    status = at.main.status[0]
    assert status.label.startswith("演示问题 完成"), status.label
    bar = status.children[0]
    assert bar.proto.value == 100 and bar.proto.text == "演示问题：2 / 2"
    written = [p for p in sorted(folder.glob(charts.REPORT_GLOB)) if p != old]
    assert len(written) == 1
    report = json.loads(written[0].read_text("utf-8"))
    assert report["suites"]["demo"]["metrics"]["questions"] == 2
    assert any("最近一次运行：演示问题" in s for s in texts(at, "success"))
    # the new report is what the details now show, not the one chosen before
    assert at.selectbox(key="bench.report").value == str(written[0])
    headline = next(t for t in frames(at) if list(t.columns) == ["指标", "值"]).set_index("指标")
    assert headline.loc["题数", "值"] == "2"
    assert (bench_dir / "demo" / "catalog.sqlite").is_file()  # the suite's own home, not the user's


@pytest.mark.unit
def test_the_gate_banner_never_contradicts_the_figures():
    """The published demo report: fact questions right but the registered known failures. The
    banner once said '事实题全部正确' beside an accuracy of 0.745."""
    published_demo = json.loads(charts.PUBLISHED_ANSWERS.path().read_text("utf-8"))["suites"]["demo"]
    banner = charts.gate_banner(published_demo)
    facts = [r for r in published_demo["rows"] if r["category"] == "fact"]
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
    # without the admins' eyes, the scorer's English reasons stay out; the ids are given
    quiet = charts.gate_banner({"gate": {"ok": False, "failures": [{"id": "q2", "reason": "wrong"}]},
                                "rows": rows}, reasons=False)
    assert "q2" in quiet.text and "wrong" not in quiet.text
    clean = charts.gate_banner({"gate": {"ok": True, "failures": []}, "rows": rows[:1]})
    assert clean.text.startswith("CI 门槛通过：事实题全部正确") and "已登记" not in clean.text


@pytest.mark.unit
def test_every_published_key_has_a_label_and_unknown_ones_are_named_by_their_words():
    from tests.ui.test_internal_text import report_keys
    from ui.bench_labels import config_name, metric_label, metric_name, suite_label

    unlabelled = sorted(k for k in report_keys() if metric_name(k) is None)
    assert unlabelled == [], unlabelled
    assert metric_label("lookup_depth_mean") == "未登记指标「lookup depth mean」"
    assert suite_label("statute_lookup") == "法条直查" and suite_label("new_suite") == "未登记的评测集「new suite」"
    assert config_name("hybrid + contract + category") == "混合 + 限定合同 + 条款类别"
    assert config_name("刑法 only") == "仅刑法"


def test_the_trust_score_block_draws_its_operating_points(app, bench_home):
    _, docs = bench_home
    repo = Path(__file__).resolve().parents[2]
    (docs / "case_trust.json").write_text((repo / "docs" / "bench" / "case_trust.json").read_text("utf-8"), "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception and not texts(at, "error")
    assert any("案卷答案的核验把握" in m for m in texts(at, "markdown"))
    titles = [(spec.get("title") or {}).get("text", "") for spec in chart_specs(at)]
    assert any(t.startswith("信任分的各档严格度") for t in titles), titles
