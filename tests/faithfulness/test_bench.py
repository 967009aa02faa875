"""The faithfulness benchmark (engine/bench/faithfulness.py): answers and summaries of a real
engine scored against their sources; the summary part skipping when engine.summary is absent;
slow: the script end to end on the demo corpus, read back by the Benchmark page's shaping."""

from __future__ import annotations

import json
import sys

import pytest

from engine.bench.common import BenchCorpus
from engine.bench.demo import DemoQuestion
from engine.bench.faithfulness import score_answers, score_summaries
from engine.config import Settings
from engine.engine import Engine
from engine.bench.pdfmaker import make_pdf

pytestmark = pytest.mark.integration

LINES = [
    "讯问笔录",
    "时间：2023年5月12日9时10分至11时40分",
    "被讯问人：张某某",
    "问：你把钱转给了谁？",
    "答：我分三次转给了刘某，第一次17000元，第二次壹万叁仟元，第三次六千元。",
    "问：一共多少钱？",
    "答：总共三万六千元。",
]


@pytest.fixture(scope="module")
def small(tmp_path_factory, cjk_font):
    home = tmp_path_factory.mktemp("faith-bench")
    pdf = make_pdf(home / "讯问笔录_张某某.pdf", [LINES], font=cjk_font)
    engine = Engine(settings=Settings.from_name("strict", home=str(home / "home"), ingest={"ocr": "off"}))
    result = engine.ingest([pdf])
    assert result.ok, result.to_dict()
    yield engine, BenchCorpus(doc_ids={pdf.name: result.documents[0].doc_id}, ingest_s=0.0)
    engine.index.catalog.close()


def question(qid: str, text: str, status: str, category: str = "fact") -> DemoQuestion:
    return DemoQuestion.from_dict({"id": qid, "category": category, "question": text, "doc": None,
                                   "expect_status": status, "expect_values": [], "expect_pages": [],
                                   "expect_conflict": None, "expect_gap": None,
                                   "expect_calculation": None, "source_ids": []})


def test_answers_are_scored_against_their_evidence_and_not_found_gets_no_score(small):
    engine, corpus = small
    part = score_answers(engine, [question("q1", "一共多少钱？", "answered"),
                                  question("q2", "张某某的辩护律师是谁？", "not_found", "not_found")], corpus)
    first, second = part["rows"]
    assert first["status"] != "not_found" and first["score"] is not None and first["statements"]
    assert all(set(s) == {"text", "supported", "reason", "evidence"} for s in first["statements"])
    assert any(s["supported"] and "三万六千元" in (s["evidence"] or "") for s in first["statements"]), first
    assert second["status"] == "not_found" and second["score"] is None and second["reason"]
    assert part["metrics"]["items"] == 2 and part["metrics"]["scored"] == 1
    assert set(part["per_category"]) == {"fact", "not_found"}


def test_summary_points_are_scored_against_the_chunks_they_cite(small):
    pytest.importorskip("engine.summary", reason="engine.summary is not available yet")
    engine, corpus = small
    part = score_summaries(engine, corpus)
    assert "skipped" not in part, part
    (document,) = part["per_document"].values()
    assert document["points"] == len(part["rows"]) > 0
    for row in part["rows"]:
        assert row["sources"] and row["statements"] and row["score"] is not None
    assert 0.0 <= part["metrics"]["mean_score"] <= 1.0


def test_without_engine_summary_the_summary_part_is_skipped_with_the_reason(small, monkeypatch):
    engine, corpus = small
    monkeypatch.setitem(sys.modules, "engine.summary", None)  # import engine.summary → ImportError
    part = score_summaries(engine, corpus)
    assert part == {"skipped": part["skipped"]} and "engine.summary" in part["skipped"]


@pytest.mark.slow
def test_the_script_writes_what_the_benchmark_page_reads(tmp_path, monkeypatch):
    from scripts.bench_faithfulness import main
    from ui.charts import faithfulness_frame, read_json, unsupported_statements_frame

    monkeypatch.setenv("LEXTRACE_INGEST__OCR", "off")
    out = tmp_path / "faithfulness.json"
    assert main(["--bench-dir", str(tmp_path / "suites"), "--limit", "3", "--out", str(out)]) == 0
    report = read_json(out).data
    assert report["answers"]["metrics"]["items"] == 3
    assert report["config"]["thresholds"]["support_overlap"] > 0
    frame = faithfulness_frame(report)
    assert "答案" in set(frame["part"])
    assert list(unsupported_statements_frame(report).columns) == ["part", "item", "statement", "reason"]
    json.dumps(report, allow_nan=False)  # no NaN reaches the file
