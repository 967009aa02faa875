"""A sum the answer gives alone that a sentence of the record denies while stating another (实际付款金额是
5999元，不\\n是6499元) is shown with that sentence as another account — a conflict, under review, never the one
sum alone (engine/answer/casefile/disputes.denied_figures)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.answer.casefile.disputes import denied_figures
from engine.answer.casefile.parts import Fill, Outcome, Part

pytestmark = pytest.mark.unit


def _case(*answers: str):
    statements = [SimpleNamespace(kind="qa", answer=a, chunk_id="c1", answer_offset=100 * n)
                  for n, a in enumerate(answers)]
    return SimpleNamespace(ledger=SimpleNamespace(statements=statements), cite=lambda anchor: f"E{anchor.start // 100 + 2}")


def test_a_sum_denied_elsewhere_is_shown_with_the_denial():
    case = _case("诉讼请求：判令被告退还冰箱货款6499元。",
                 "原告在我方门店购买冰箱属实，但实际付款金额是5999元，不\n是6499元。")
    outcome = Outcome([Part("金额", "共计6499元：各笔相加复算为6499元（E1）", Fill.FILLED, ["E1"])])
    denied_figures(case, outcome)
    (part,) = outcome.parts
    assert part.fill is Fill.CONFLICT and "5999元" in part.text and part.evidence == ["E1", "E3"]
    assert outcome.conflicts


def test_a_sum_no_sentence_denies_is_left():
    case = _case("实际付款金额是5999元，不是6499元。")
    outcome = Outcome([Part("金额", "金额为5999元（E1）", Fill.FILLED, ["E1"])])
    denied_figures(case, outcome)  # the sum given is the one stated, 6499 the one denied
    assert outcome.parts[0].fill is Fill.FILLED and not outcome.conflicts


def test_a_denial_dated_to_another_day_is_of_another_payment():
    # the 9月10日 payment given; 9月8日那笔 denied is another one (a wrapped figure read whole all the same)
    case = _case("回去后女儿帮我查了支付宝账单，9月8日那笔是24,\n000.00元，不是两万元。")
    outcome = Outcome([Part("金额", "2023年9月10日，金额为两万元（即20000元）（E1）", Fill.FILLED, ["E1"])])
    denied_figures(case, outcome)
    assert outcome.parts[0].fill is Fill.FILLED and not outcome.conflicts
    dated = Outcome([Part("金额", "2023年9月8日，金额为两万元（即20000元）（E1）", Fill.FILLED, ["E1"])])
    denied_figures(case, dated)
    assert dated.conflicts and "24,000.00元" in dated.parts[0].text
