"""The answerability judge's block on the Benchmark page (ui/judge_chart.py): figures from the
training script's docs/bench/judge.json and from an out-of-fold published answer report, charted
against their targets (0–100 %, the target as a line); a line saying there is nothing yet otherwise."""

from __future__ import annotations

import json

import pytest

from engine.auth import Role
from engine.bench.report import write_report
from engine.bench.result import SuiteResult
from tests.ui.conftest import texts
from tests.ui.test_benchmark_page import BENCHMARK, chart_titles, frames
from ui import charts
from ui.judge_chart import CV_LABEL, CV_QUESTION_LABEL, E2E_LABEL, JUDGE, judge_frame

pytestmark = pytest.mark.ui

CV = {"cjrc": {"abstention_recall": 0.31, "false_abstention": 0.034, "evidence_hit@5": 0.935, "f1": 48.4,
               "yesno_accuracy": 0.73},
      "contractnli": {"notmentioned_abstain_or_gap": 0.51, "entailment_to_gap": 0.056, "accuracy_3way": 0.714,
                      "entailment_evidence_overlap": 0.84},
      "cuad": {"absent_to_gap": 0.58, "present_to_gap": 0.08, "evidence_hit@5": 0.57}}


def published(judge: str) -> dict:
    suite = SuiteResult("cjrc", "CJRC dev (test)", metrics={"abstention_recall": 0.3, "false_abstention": 0.04,
                                                            "evidence_hit@5": 0.92, "f1": 50.0,
                                                            "yesno_accuracy": 0.7},
                        config={"judge": judge}).to_dict()
    return {"generated_at": "2026-11-25T00:00:00+00:00", "suites": {"cjrc": suite}}


def test_frame_marks_each_figure_against_its_target():
    frame = judge_frame({"cross_validated": CV}, published("out of fold: each document answered by …"))
    cv = frame[frame["source"] == CV_LABEL].set_index("metric")
    assert cv.loc["结论字符F1 conclusion char-F1", "value"] == pytest.approx(0.484)  # percent → share
    assert bool(cv.loc["前5条证据命中 evidence hit@5", "met"]) is True
    assert bool(cv.loc["误拒答率 false abstention", "met"]) is True  # ≤ 0.05
    assert bool(cv.loc["拒答召回率 abstention recall", "met"]) is False
    # CUAD's open contract questions are charted with no target to meet or miss
    assert cv.loc["缺失条款→缺口 absent clause→gap", "value"] == pytest.approx(0.58)
    assert cv.loc["缺失条款→缺口 absent clause→gap", "met"] is None
    assert set(frame["source"]) == {CV_LABEL, E2E_LABEL}
    # ContractNLI grouped by hypothesis (no fold tests a hypothesis it trained on) is a third source
    by_question = {"contractnli": {"accuracy_3way": 0.6, "entailment_to_gap": 0.2}}
    frame = judge_frame({"cross_validated": CV, "cross_validated_by_question": by_question}, None)
    unseen = frame[frame["source"] == CV_QUESTION_LABEL].set_index("metric")
    assert set(unseen["dataset"]) == {"contractnli"}
    assert unseen.loc["三分类正确率 3-way accuracy", "value"] == pytest.approx(0.6)
    assert bool(unseen.loc["蕴含误作缺口 Entailment→gap", "met"]) is False
    # a report answered by the shipped judge (not out of fold) is not shown as end-to-end figures
    assert set(judge_frame(None, published("judge:judge-lgbm"))["source"]) == set()


@pytest.fixture
def docs(tmp_path, monkeypatch):
    folder = tmp_path / "docs-bench"
    folder.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", folder)
    return folder


def test_page_charts_the_judge_figures(app, docs):
    (docs / JUDGE.file_name).write_text(json.dumps({"cross_validated": CV}), "utf-8")
    write_report(published("out of fold: each document answered by …"), docs / charts.PUBLISHED_ANSWERS.file_name)
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception and not [e for e in texts(at, "error") if "失败：" in e]
    titles = chart_titles(at)
    assert "CJRC 裁判文书：指标与目标（黑线）" in titles and "ContractNLI 保密协议：指标与目标（黑线）" in titles
    assert not [t for t in titles if t.startswith("CUAD")]  # no target there: the table only
    table = next(t for t in frames(at) if "达标" in t.columns and "来源" in t.columns)
    assert set(table["来源"]) == {"交叉验证", "端到端（折外）"}
    f1 = table[(table["指标"] == "结论字符F1") & (table["来源"] == "交叉验证")].iloc[0]
    assert (f1["数值（%）"], f1["目标"], f1["达标"]) == (48.4, "≥ 60 %", "否")
    cuad = table[table["数据集"] == "CUAD 合同开放问题"]
    assert set(cuad["目标"]) == {"—"} and set(cuad["达标"]) == {"—"}


def test_without_figures_the_page_says_so(app, docs):
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert "还没有判断器的评测结果" in "\n".join(texts(at, "info"))
    assert JUDGE.command not in "\n".join(texts(at, "info"))
    assert not any("指标与目标" in t for t in chart_titles(at))
