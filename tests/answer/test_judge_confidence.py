"""The badge bar of the judged path (#25): an answer the judge is not sure enough of keeps its
evidence but loses 已核验 (needs_review, 置信度不足，需人工核实); the bars are picked so the answers
that keep the badge are rarely wrong, per kind of document, question form and decision."""

from __future__ import annotations

import pytest

from engine.answer.judge.confidence import LOW_CONFIDENCE, NO_BADGE, answer_confidence, bar_key, pick_bar
from engine.answer.judge.model import Judge, load_judge
from engine.config import Settings
from engine.engine import Engine


def test_pick_bar_keeps_the_largest_most_confident_set_within_the_target():
    # confidences 1.0 … 0.01; the wrong ones are the 5 least confident and one at 0.50
    confidence = [1 - i / 100 for i in range(100)]
    right = [not (i >= 95 or i == 50) for i in range(100)]
    bar = pick_bar(confidence, right, target=0.02)
    assert (bar.kept, bar.wrong) == (95, 1) and bar.bar == pytest.approx(0.06)
    strict = pick_bar(confidence, right, target=0.0)
    assert (strict.kept, strict.wrong) == (50, 0) and strict.bar == pytest.approx(0.51)
    # nothing reliable enough in a set large enough to say so: no badge for that kind
    assert pick_bar([0.9] * 10 + [0.5] * 10, [False] * 20, target=0.02).bar == NO_BADGE
    assert pick_bar([0.9] * 5, [True] * 5, target=0.02).bar == NO_BADGE  # five answers say nothing
    # answers of the same confidence go together: no bar splits a tie
    tied = pick_bar([0.8] * 30 + [0.7] * 30, [True] * 30 + [True] * 29 + [False], target=0.0)
    assert tied.kept == 30 and tied.bar == pytest.approx(0.8)


def test_answer_confidence_is_the_judges_probability_that_each_part_is_right():
    assert answer_confidence("not_mentioned", 0.2, None, None) == pytest.approx(0.8)
    assert answer_confidence("entails", 0.9, 0.1, None) == pytest.approx(0.81)
    assert answer_confidence("contradicts", 0.9, 0.8, None) == pytest.approx(0.72)
    assert answer_confidence("answers", 0.8, None, 0.5) == pytest.approx(0.4)
    assert answer_confidence("answers", 0.8, None, None) == pytest.approx(0.8)  # English: no reader
    assert answer_confidence("not_found", 0.1, None, None) == 0.0
    assert bar_key("judgment", "zh-open", "answers") == "judgment:zh-open:answers"
    assert bar_key("contract", "en-yesno", "entails") == bar_key("contract", "en-yesno", "contradicts")


JUDGMENT = ("经审理查明：原告王某与被告赵某原系夫妻关系，二人于2015年3月8日登记结婚。2020年4月2日，原告向北京市海淀区"
            "人民法院提起离婚诉讼，该院判决准予离婚，被告每月支付抚养费1500元。被告自2021年1月起未再支付抚养费，"
            "截至起诉之日累计拖欠抚养费18000元。")
QUESTION = "原告向哪个法院提起了离婚诉讼？"


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    eng = Engine(settings=Settings.from_name("strict", home=str(tmp_path_factory.mktemp("bar")),
                                             ingest={"ocr": "off"}))
    report = eng.ingest_bytes("判决书_王某诉赵某.txt", JUDGMENT.encode("utf-8"), kind="judgment")
    assert report.status.value == "ingested"
    eng.doc_id = report.doc_id
    yield eng
    eng.index.catalog.close()


def _with_bars(bars: dict[str, float]) -> Judge:
    shipped, reason = load_judge()
    assert shipped is not None, reason
    card = {**shipped.card, "confidence_bars": {k: {"bar": v} for k, v in bars.items()}}
    return Judge(card, shipped.boosters, shipped.linear)


def test_below_the_bar_the_answer_keeps_its_evidence_and_goes_to_review(engine):
    engine.answerer.judge = _with_bars({})
    free = engine.ask(QUESTION, doc_id=engine.doc_id, llm=False).to_dict()
    assert free["status"] == "answered", free["conclusion"]
    seen = free["checks"]["answerability"]
    assert seen["decision"] == "answers" and seen["confidence_bar"] is None and 0 < seen["confidence"] <= 1

    key = bar_key("judgment", "zh-open", "answers")
    engine.answerer.judge = _with_bars({key: NO_BADGE})
    held = engine.ask(QUESTION, doc_id=engine.doc_id, llm=False).to_dict()
    assert held["status"] == "needs_review"
    assert any(u.startswith(LOW_CONFIDENCE) for u in held["checks"]["unsupported"]), held["checks"]
    assert held["conclusion"] == free["conclusion"]
    assert [e["quote"] for e in held["evidence"]] == [e["quote"] for e in free["evidence"]]
    assert held["checks"]["answerability"]["confidence_bar"] == NO_BADGE

    # a bar the answer reaches, or a bar for another kind of document, leaves the badge
    for bars in ({key: seen["confidence"] - 1e-6}, {bar_key("contract", "zh-open", "answers"): NO_BADGE}):
        engine.answerer.judge = _with_bars(bars)
        assert engine.ask(QUESTION, doc_id=engine.doc_id, llm=False).status.value == "answered"
