"""Why an answer needs review, in the status line's one sentence (ui/review.py), built from the
answer's own parts: pure, no Streamlit session."""

from __future__ import annotations

from engine.answer.model import Answer, Checks, Conflict, Gap, Status
from ui.review import CHECKS, CONFLICTS, GAPS, review_reason

GAP = Gap("第二百六十六条规定的是「诈骗公私财物」，未涉及「盗窃」", ["E1"])


def answer(**parts) -> Answer:
    return Answer(question="盗窃的怎么处罚？", intent="statute", status=Status.NEEDS_REVIEW,
                  conclusion="材料中未找到……需人工核实。", **parts)


def test_an_answer_held_back_by_a_gap_names_it_and_links_the_gaps_panel():
    reason = review_reason(answer(gaps=[GAP, Gap("未写明日期", [])]))
    assert reason is not None and reason.target == GAPS
    assert reason.text.startswith("材料缺口：") and "未涉及「盗窃」" in reason.text and "另有 1 项" in reason.text


def test_a_conflict_and_a_failed_check_come_before_a_gap():
    conflict = Conflict("testimony", "同一事项说法不一：E1称13000元；E2称12000元", ["E1", "E2"])
    assert review_reason(answer(conflicts=[conflict], gaps=[GAP])).target == CONFLICTS
    failed = Checks(unsupported=["结论中的 5000 元不在引文中"])
    assert review_reason(answer(checks=failed, gaps=[GAP])).target == CHECKS


def test_nothing_to_say_for_an_answer_not_held_back():
    assert review_reason(answer()) is None
    assert review_reason(Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="c",
                                gaps=[GAP])) is None


def test_an_answer_the_trust_score_held_back_says_so():
    note = "核验把握不足：引文中未出现问题所说的「保证金」"
    held = Checks(trust={"demoted": True, "trusted": False, "note": note})
    reason = review_reason(answer(checks=held))
    assert reason is not None and reason.target == CHECKS and reason.text == f"未核实：{note}"
    # a card whose score kept the badge says nothing
    assert review_reason(answer(checks=Checks(trust={"trusted": True, "score": 0.9}))) is None
