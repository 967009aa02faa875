"""The CI gate on answers: ingest data/demo with OCR (the net-loss question needs the scanned
page 4), ask every question of data/bench/demo_questions.jsonl, and fail when a fact question is
no longer correct or any answer states an amount or date its evidence does not carry.

Questions flagged ``known_failure`` in the jsonl are the only exclusions; when one of them starts
passing the test warns, so that its flag gets removed and it is guarded from then on.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from engine.bench.demo import load_questions, prepare_demo_home, run_demo
from engine.bench.paths import DEMO_DIR, DEMO_QUESTIONS
from engine.bench.report import write_report
from engine.config import Settings
from engine.engine import Engine

pytestmark = [pytest.mark.integration, pytest.mark.slow]

TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"


@pytest.fixture(scope="module")
def demo_engine(tmp_path_factory: pytest.TempPathFactory):
    home = tmp_path_factory.mktemp("demo-home")
    engine = Engine(settings=Settings.load(home, secrets_file=None, environ={}))
    assert engine.settings.ingest.ocr != "off"
    return engine, prepare_demo_home(engine, DEMO_DIR)


@pytest.fixture(scope="module")
def demo_run(demo_engine):
    engine, corpus = demo_engine
    result = run_demo(engine, load_questions(DEMO_QUESTIONS), corpus, llm=False)
    return corpus, result


def test_the_badge_is_only_on_answers_that_answer_the_probes(demo_engine, datasets):
    """The honesty probes (../shared/datasets/probes): every one passes but the listed known
    failures, and no 已核验 answer is wrong."""
    from engine.bench.honesty import PROBES, load_probes, run_honesty
    from tests.conftest import dataset_file

    engine, corpus = demo_engine
    result = run_honesty(engine, load_probes(dataset_file(datasets, str(PROBES))), corpus)
    assert result.gate["ok"], "\n".join(f"{f['id']}: {f['reason']}" for f in result.gate["failures"]) + \
        "".join(f"\n{i}: a listed known failure passes now" for i in result.gate["fixed_known_failures"])
    assert result.metrics["verified_wrong"] == 0


def test_scanned_page_went_through_ocr(demo_run):
    corpus, _ = demo_run
    assert corpus.ocr_pages.get(TRANSCRIPT) == [4]


def test_fact_questions_stay_correct_and_nothing_is_ungrounded(demo_run):
    _, result = demo_run
    fixed = result.gate["fixed_known_failures"]
    if fixed:
        warnings.warn(f"known failures that now pass (remove their known_failure flag): {fixed}")
    assert result.gate["ok"], "\n".join(f"{f['id']}: {f['reason']}" for f in result.gate["failures"])


def test_every_question_was_scored_and_the_report_is_json(demo_run, tmp_path: Path):
    _, result = demo_run
    questions = load_questions(DEMO_QUESTIONS)
    assert [r["id"] for r in result.rows] == [q.id for q in questions]
    assert result.metrics["questions"] == len(questions)
    assert set(result.per_category) == {q.category for q in questions}
    path = write_report({"suites": {"demo": result.to_dict()}}, tmp_path / "report.json")
    row = json.loads(path.read_text("utf-8"))["suites"]["demo"]["rows"][0]
    assert {"status", "conclusion", "checks", "correct", "hallucination", "pages_cited", "ms"} <= set(row)


def test_abstention_questions_never_hallucinate(demo_run):
    """Whatever a not_found question gets, it must not be an ungrounded value."""
    _, result = demo_run
    assert not [r["id"] for r in result.rows if r["category"] == "not_found" and r["ungrounded"]]
