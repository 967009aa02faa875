"""The Benchmark page's Statutes and Contract facts tabs (pages/benchmark.py, ui/charts.py).

Through AppTest: the figures and tables drawn from docs/bench files written here in the shapes
the benchmark code writes (LawBench reports, a STARD run with evidence expansion, the statute-context
comparison, CUAD facts scores), an older stard.json without the expansion run, and what is said
when files are missing. Then the pure shaping functions of ui/charts.py on the same
documents."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from engine.auth import Role
from engine.bench.cuad_facts import ClauseScore, FactsRun, FieldScore, PartyScore
from engine.bench.lawbench import PredictionReport, RecitationReport
from engine.bench.statute_context import SpaceReport
from engine.bench.statutes import Run
from tests.ui.conftest import texts
from tests.ui.test_benchmark_page import BENCHMARK, STARD_DOC, frames
from ui import charts

pytestmark = pytest.mark.ui



# -- report documents, built with the benchmark code's own report classes -------------------------
def lawbench_doc() -> dict:
    recitation = RecitationReport(questions=4, exact_first=3, same_version=2, via_direct=3,
                                  latency_ms=[40.0, 50.0, 60.0, 70.0])
    recitation.misses.append({"id": "lawbench-1-1-72", "question": "民法商法票据法第一条的内容是什么？",
                              "gold": ["票据法|2004-08-28|第一条"], "got": "票据管理实施办法|2011-01-08|第四条",
                              "law_named": None, "law_resolved": None,
                              "why": "the question names no article the reference finder reads"})
    recitation.version_differs.append({"id": "lawbench-1-1-16", "gold": ["公司法|2018-10-26|第六十条"],
                                       "got": "公司法|2023-12-29|第六十条"})
    whole, criminal = PredictionReport("whole corpus"), PredictionReport("刑法 only")
    for report, base in ((whole, 0.1), (criminal, 0.3)):
        report.questions = 2
        for i, k in enumerate(sorted(report.recall)):
            report.recall[k] = [base + 0.1 * i, base + 0.1 * i]
        report.hit10, report.latency_ms = [1.0, 0.0], [100.0, 300.0]
    return {"suite": "lawbench", "chunks": 1234, "recitation": recitation.to_dict(),
            "prediction": [whole.to_dict(), criminal.to_dict()]}


EXPAND_METRICS = {"R@10": 0.498, "R@100": 0.7255, "hit@10": 0.6104, "MRR@10": 0.4095, "R@10+exp": 0.5303,
                  "exp_size": 13.0942, "union-R": 0.7735, "R@13 (same size)": 0.511, "questions": 308}


def stard_with_expansion() -> dict:
    return {**STARD_DOC, "runs": [*STARD_DOC["runs"], asdict(Run("hybrid+expand", metrics=EXPAND_METRICS))]}


def stard_context_doc() -> dict:
    runs = []
    for name, rank in (("vector bare", 0), ("vector enriched", 1), ("hybrid bare", 1), ("hybrid enriched", 0)):
        space = SpaceReport(name)
        ranked = ["other"] * rank + ["刑法|2023-12-29|第一条"]  # the gold article first or second
        space.add(ranked, {"刑法|2023-12-29|第一条"})
        runs.append(space.to_dict())
    return {"suite": "stard-statute-context", "chunks": 78, "documents": 2, "articles": 76, "questions": 18,
            "runs": runs}


def cuad_facts_doc() -> dict:
    fields = {"Agreement Date": FieldScore(gold_values=26, predicted=23, correct=22),
              "Governing Law": FieldScore(gold_values=28, predicted=28, correct=26),
              "Renewal Term": FieldScore(gold_values=0, predicted=0, correct=0)}  # nothing to score
    clauses = {"Document Name": ClauseScore(tp=30, located=28, locatable=30),
               "Audit Rights": ClauseScore(tp=6, fp=2, fn=4, tn=18, located=5, locatable=6)}
    run = FactsRun(fields=fields, derived_end=FieldScore(gold_values=22, predicted=16, correct=7),
                   parties=PartyScore(gold_spans=144, matched_spans=81, names=38, good_names=38,
                                      contracts_all_found=17, contracts=30),
                   clauses=clauses, contracts=30, seconds=3.6, ms_per_contract=119.3)
    return {"suite": "cuad-facts", "command": "python scripts/bench_cuad_facts.py", "ingest_failed": [],
            **run.to_dict()}


def write(folder, name: str, document: dict) -> None:
    (folder / name).write_text(json.dumps(document, ensure_ascii=False), "utf-8")


@pytest.fixture
def docs_bench(ui_home, tmp_path, monkeypatch):
    folder = tmp_path / "docs-bench"
    folder.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", folder)
    return folder


def metrics_shown(at) -> dict[str, str]:
    return {m.label: m.value for m in at.main.metric}


# -- the page ------------------------------------------------------------------------------------
def table_with(at, column: str):
    return next(t for t in frames(at) if column in t.columns)


def test_statutes_tab_shows_lawbench_expansion_and_context_figures(app, docs_bench):
    write(docs_bench, "lawbench.json", lawbench_doc())
    write(docs_bench, "stard.json", stard_with_expansion())
    write(docs_bench, "stard_context.json", stard_context_doc())
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert not [e for e in texts(at, "error") if "失败：" in e]
    rows = {r["指标"]: r["值"] for t in frames(at) if list(t.columns) == ["指标", "值"]
            for r in t.to_dict("records")}
    assert rows["第一条即所问法条"] == "75 %" and rows["且版本一致"] == "50 %"
    assert rows["前 10 条召回率"] == "49.8 %" and rows["前 10 条扩展后召回率"] == "53 %"
    assert rows["扩展证据集平均条数"] == "13.1" and rows["同样条数（13）的召回率"] == "51.1 %"
    misses = table_with(at, "得到")
    assert misses["得到"].tolist() == ["票据管理实施办法|2011-01-08|第四条"] and "原因" not in misses.columns
    prediction = table_with(at, "前 50 条召回率")
    assert prediction.set_index("配置").loc["仅刑法", "前 1 条召回率"] == pytest.approx(0.3)
    context = next(t for t in frames(at) if "配置" in t.columns and "向量 · 裸条文" in set(t["配置"])).set_index("配置")
    assert context.loc["向量 · 带上下文", "前 10 条平均倒数名次（%）"] == 50.0
    assert context.loc["向量 · 裸条文", "前 10 条平均倒数名次（%）"] == 100.0


def test_missing_statute_context_and_an_older_stard_report_say_so(app, docs_bench):
    write(docs_bench, "lawbench.json", lawbench_doc())
    write(docs_bench, "stard.json", STARD_DOC)  # written before the expansion run existed
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    info = "\n".join(texts(at, "info"))
    assert "法条上下文嵌入：尚无结果" in info and "LawBench" not in info
    assert charts.STARD_CONTEXT.command not in info  # the command is in the admins' details
    assert not any("扩展后召回率" in str(c) for t in frames(at) for c in t.to_numpy().ravel())


def test_contract_facts_tab_shows_fields_and_clause_detection(app, docs_bench):
    write(docs_bench, "cuad_facts.json", cuad_facts_doc())
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    fields = table_with(at, "字段").set_index("字段")
    assert fields.loc["Agreement Date", "精确率"] == "95.6"  # 0.9565 in the report
    assert fields.loc["Parties", "召回率"] == "56.2"
    assert fields.loc["Renewal Term", "精确率"] == "—"  # nothing to score: a dash, not nan
    per_category = table_with(at, "判对：有").set_index("类别")
    assert per_category.loc["Audit Rights", ["判对：有", "误判为有", "漏判", "判对：无"]].tolist() == [6, 2, 4, 18]
    assert any(e.label.startswith("条款有无，按类别（2）") for e in at.main.expander)


def test_missing_lawbench_and_facts_reports_say_so(app, docs_bench):
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    info = "\n".join(texts(at, "info"))
    for what in ("LawBench：尚无结果", "法条上下文嵌入：尚无结果", "合同事实：尚无结果", "STARD 法条检索：尚无结果"):
        assert what in info, what


# -- the shaping functions -----------------------------------------------------------------------
@pytest.mark.unit
def test_expansion_found_by_its_keys_not_by_run_name():
    renamed = {"runs": [{"name": "hybrid", "metrics": {"R@10": 0.5}},
                        {"name": "grown", "metrics": {"R@5": 0.4, "R@5+exp": 0.45, "exp_size": 7.4,
                                                      "R@7 (same size)": 0.42}}]}
    expansion = charts.expansion_of(renamed)
    assert (expansion.config, expansion.hits, expansion.recall_hits, expansion.expanded_metric) == \
        ("grown", 5, 0.4, "R@5+exp")
    assert (expansion.same_size_metric, expansion.recall_same_size, expansion.size) == \
        ("R@7 (same size)", 0.42, 7.4)
    assert charts.expansion_of(STARD_DOC) is None
    assert charts.expansion_of(stard_with_expansion()).recall_expanded == 0.5303


@pytest.mark.unit
def test_statute_context_frame_splits_mode_and_embedding():
    frame = charts.statute_context_frame(stard_context_doc())
    assert list(dict.fromkeys(zip(frame["mode"], frame["embedding"]))) == [
        ("vector", "bare"), ("vector", "enriched"), ("hybrid", "bare"), ("hybrid", "enriched")]
    assert set(frame["metric"]) == {"R@10", "R@100", "hit@10", "MRR@10"}


@pytest.mark.unit
def test_fields_frame_reports_parties_and_derived_expiration_apart():
    frame = charts.cuad_fields_frame(cuad_facts_doc())
    assert frame["field"].tolist() == ["Agreement Date", "Governing Law", "Renewal Term", "Parties",
                                       "Expiration Date (stated or derived)"]
    parties = frame.set_index("field").loc["Parties"]
    assert parties["precision"] == 1.0 and parties["recall"] == 0.5625
    assert "38/38" in parties["note"] and "81/144" in parties["note"]
    assert frame.set_index("field")["precision"].isna()["Renewal Term"]  # nothing scored: empty, not a zero
    assert charts.cuad_fields_frame({}).empty and charts.cuad_clauses_frame({}).empty


@pytest.mark.unit
def test_misses_and_values_as_shown():
    misses = charts.recitation_misses_frame(lawbench_doc()["recitation"])
    assert misses.iloc[0].to_dict()["id"] == "lawbench-1-1-72"
    assert charts.definition_of("R@13 (same size)") == charts.definition_of("R@10+exp") != ""
    assert charts.definition_of("clause_macro_f1").startswith("条款有无")
