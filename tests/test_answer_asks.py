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


def test_an_ask_of_a_value_its_own_route_cannot_find_is_said_missing():
    question = read_question("租赁合同是哪天订的？押金多少？")
    outcome = Outcome([Part("押金", "押金为6000元（E1）", Fill.FILLED, ["E1"])])
    answer_asks(None, question, outcome, lambda case, q: Outcome())  # the date's own route finds nothing
    assert [p.fill for p in outcome.parts] == [Fill.FILLED, Fill.MISSING]
    assert "哪天订的" in outcome.parts[1].label


def test_fewer_answering_parts_than_asks_leaves_the_answer_under_review():
    # 按什么价钱卖的 asks no value a part's words can be read for: one part for two asks is half an answer
    question = read_question("山货是按什么价钱卖的？卖掉的几只一共多重？")
    outcome = Outcome([Part("数量", "3只（E1）", Fill.FILLED, ["E1"])])
    answer_asks(None, question, outcome, lambda case, q: Outcome())
    assert outcome.parts[0].doubt and "2问" in outcome.parts[0].doubt


def test_figures_asked_each_need_one_figure_each():
    from engine.question import figures_each

    assert figures_each("账面库存和实际盘点数各是多少台？") == 2
    assert figures_each("甲、乙、丙各分了多少钱？") == 3
    assert figures_each("原告和被告分别主张多少钱？") == 2
    assert figures_each("双方各自主张多少？") == 1  # the sides are no things joined in the question
    question = read_question("仓库里的电钻和电锤各是多少台？")
    one = Outcome([Part("数量", "152台（E1）", Fill.FILLED, ["E1"])])
    answer_asks(None, question, one, lambda case, q: Outcome())
    assert one.parts[0].doubt and "2项" in one.parts[0].doubt
    both = Outcome([Part("数量", "电钻152台（E1）；电锤92台（E2）", Fill.FILLED, ["E1", "E2"])])
    answer_asks(None, question, both, lambda case, q: Outcome())
    assert both.parts[0].doubt is None


def test_an_ask_said_missing_is_named_without_its_dates_and_sums():
    # a year or a sum in the gap's words would read as a figure the answer states (an ungrounded one)
    question = read_question("他是哪天入职的？2023年每月工资多少？")
    outcome = Outcome([Part("时间", "时间：2023年3月6日（E1）", Fill.FILLED, ["E1"])])
    answer_asks(None, question, outcome, lambda case, q: Outcome())
    missing = [p for p in outcome.parts if p.fill is Fill.MISSING]
    assert missing and "工资" in missing[0].label and "2023" not in missing[0].label


def test_an_ask_of_a_value_beside_an_ask_of_a_person_is_answered_by_its_own_route():
    # 转给了谁 asks no value a part's words are read for; the date ask is still the date's own
    question = read_question("那笔钱是哪天转的？转给了谁？")
    person = Part("人员", "材料显示：「户名卢某。」（E1）", Fill.FILLED, ["E1"])
    outcome = Outcome([Part("时间", "", Fill.MISSING), person])
    date = Part("时间", "时间：2024年4月28日（E2）", Fill.FILLED, ["E2"])
    answer_asks(None, question, outcome, _compose_by_slot({Slot.DATE: date}))
    assert [p.text for p in outcome.parts] == [date.text, person.text]


def test_asks_of_a_value_are_left_where_the_whole_route_found_nothing_beside_an_ask_of_no_value():
    # 输钱最多的玩家是谁，输了多少: no ranking told — the sum is that one's, not any sum found alone
    question = read_question("群里输钱最多的玩家是谁，输了多少？")
    outcome = Outcome([Part("人员", "", Fill.MISSING)])
    answer_asks(None, question, outcome, lambda case, q: (_ for _ in ()).throw(AssertionError("composed")))
    assert [p.fill for p in outcome.parts] == [Fill.MISSING]


def _compose_by_words(answers):
    def compose(case, question):
        return Outcome([next(part for word, part in answers.items() if word in question.text)])
    return compose


def test_two_sums_asked_are_each_answered_by_their_own_route_where_the_whole_told_one():
    question = read_question("那套房子买的时候总价和首付各是多少？")
    outcome = Outcome([Part("金额", "136万元（即1360000元）（E1）", Fill.FILLED, ["E1"])])
    total = Part("金额", "136万元（即1360000元）（E1）", Fill.FILLED, ["E1"])
    down = Part("金额", "首付41万元（E1）", Fill.FILLED, ["E1"])
    answer_asks(None, question, outcome, _compose_by_words({"总价": total, "首付": down}))
    assert [p.text for p in outcome.parts] == [total.text, down.text]


def test_two_sums_told_by_the_whole_route_are_left():
    question = read_question("那套房子买的时候总价和首付各是多少？")
    parts = [Part("金额", "总价136万元（E1）", Fill.FILLED, ["E1"]), Part("金额", "首付41万元（E1）", Fill.FILLED, ["E1"])]
    outcome = Outcome(list(parts))
    answer_asks(None, question, outcome, lambda case, q: (_ for _ in ()).throw(AssertionError("composed")))
    assert outcome.parts == parts


def test_sums_asked_whose_own_routes_find_no_more_leave_the_whole_answer():
    question = read_question("那辆车最开始标价多少，最后谈成了多少钱？")
    listed = Part("金额", "标价13.5万元（E1）", Fill.FILLED, ["E1"])
    outcome = Outcome([listed])
    answer_asks(None, question, outcome, lambda case, q: Outcome([Part("金额", "", Fill.MISSING)]))
    assert outcome.parts[0] is listed
