"""Every ask of a question asking several things is given (engine/answer/casefile/asks.py): the asks the
whole route's parts leave out are answered by their own plans, in the question's order."""

from engine.answer.casefile.asks import answer_asks
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.question import Slot
from engine.question.plan import read_question


def _compose_by_slot(answers):
    def compose(case, question):
        return Outcome([answers[question.case.slots[0]]])
    return compose


def test_the_ask_left_out_is_added_in_order():
    question = read_question("租赁合同是哪天订的？押金多少？")
    outcome = Outcome([Part("押金", "押金为6000元（E1）", Fill.FILLED, ["E1"])])
    date = Part("时间", "时间：2024年5月6日（E2）", Fill.FILLED, ["E2"])
    answer_asks(None, question, outcome, _compose_by_slot({Slot.DATE: date}))
    assert [p.text for p in outcome.parts] == [date.text, "押金为6000元（E1）"]


def test_an_ask_the_record_lacks_is_said_missing_beside_the_other():
    question = read_question("租赁合同是哪天订的？押金多少？")
    outcome = Outcome([Part("押金", "押金为6000元（E1）", Fill.FILLED, ["E1"])])
    answer_asks(None, question, outcome, _compose_by_slot({Slot.DATE: Part("日期", "", Fill.MISSING)}))
    assert [p.fill for p in outcome.parts] == [Fill.MISSING, Fill.FILLED]


def test_asks_the_route_answered_are_left():
    question = read_question("租赁合同是哪天订的？押金多少？")
    parts = [Part("时间", "时间：2024年5月6日（E2）", Fill.FILLED, ["E2"]),
             Part("押金", "押金为6000元（E1）", Fill.FILLED, ["E1"])]
    outcome = Outcome(list(parts))
    answer_asks(None, question, outcome, lambda case, q: (_ for _ in ()).throw(AssertionError("composed")))
    assert outcome.parts == parts


def test_a_missing_part_yields_to_the_asks_own_finding():
    question = read_question("他是哪天入职的？每月工资多少？")
    outcome = Outcome([Part("时间", "时间：2024年3月（E1）", Fill.FILLED, ["E1"]), Part("金额", "", Fill.MISSING)])
    wage = Part("金额", "金额为5200元（E3）", Fill.FILLED, ["E3"])
    answer_asks(None, question, outcome, _compose_by_slot({Slot.AMOUNT: wage}))
    assert outcome.parts[1] is wage


def test_a_figure_in_a_unit_and_a_sum_are_two_asks():
    question = read_question("张某从老陈那里买了多少斤茶叶，花了多少钱？")
    outcome = Outcome([Part("数量", "30斤（E1）", Fill.FILLED, ["E1"])])
    paid = Part("金额", "金额为4500元（E2）", Fill.FILLED, ["E2"])
    answer_asks(None, question, outcome, _compose_by_slot({Slot.AMOUNT: paid}))
    assert [p.text for p in outcome.parts] == ["30斤（E1）", paid.text]
