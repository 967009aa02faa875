"""Question plans: slots, aggregates, kinds, occurrences — read from the question's words alone."""

from __future__ import annotations

import pytest

from engine.question import Intent, Slot, read_question


pytestmark = pytest.mark.unit


def make_plan(question: str):
    return read_question(question).case


@pytest.mark.parametrize("question, slots, kind, aggregate, ordinal", [
    ("第二次是哪天、借了多少、怎么给的？", [Slot.DATE, Slot.AMOUNT, Slot.MEANS], "pay", "nth", 2),
    ("他一共还了多少钱？", [Slot.AMOUNT], "repay", "total", None),
    ("现在还欠多少本金？", [Slot.AMOUNT], None, "outstanding", None),
    ("前后拿了公司多少钱？", [Slot.AMOUNT], "take", "total", None),
    ("最后一笔是什么时候给的？", [Slot.DATE], "pay", "last", None),
    ("一共转了几次？", [Slot.COUNT], "pay", "count", None),
    ("约定的月息是多少？", [Slot.RATE], "interest", None, None),
])
def test_slots_aggregates_and_kinds(question, slots, kind, aggregate, ordinal):
    plan = make_plan(question)
    assert plan.slots == slots
    assert plan.kind == kind and plan.aggregate == aggregate and plan.ordinal == ordinal


def test_the_record_itself_and_its_sessions():
    plan = make_plan("第二次讯问是在什么时间、什么地点？")
    assert plan.record and plan.session == 2 and plan.slots == [Slot.DATE, Slot.PLACE]
    assert make_plan("这次询问的记录人是谁？").fields == ["recorder"]


def test_hearings_supplements_roles_and_sides():
    court = make_plan("这次开庭是哪天、在哪个审判庭？")
    assert court.record and court.slots == [Slot.DATE, Slot.PLACE]
    assert make_plan("第二次开庭是什么时候？").session == 2
    extra = make_plan("补充讯问是什么时间做的？")
    assert extra.record and extra.supplement
    judge = make_plan("本案的审判长是谁？")
    assert judge.record and judge.fields == ["officer"] and judge.officer_role == "审判长"
    assert make_plan("书记员是谁？").fields == ["recorder"]
    assert make_plan("原告说被告逾期交货多少天？").parties == ["原告", "被告"]
    assert make_plan("被告人同意赔偿吗？").parties == ["被告"]
    assert make_plan("他的车牌号是多少？").fields == ["plate"]


def test_law_questions_are_not_case_questions_even_with_money_words():
    assert make_plan("诈骗罪数额较大的怎么处罚？").law
    assert not make_plan("他有没有犯罪前科？").law  # a fact about a person
    assert not make_plan("犯罪嫌疑人一共拿了多少钱？").law


def test_particulars_are_fields_not_amounts():
    plan = make_plan("他的身份证号码和手机号是多少？")
    assert plan.fields == ["id", "phone"] and Slot.AMOUNT not in plan.slots


def test_overviews():
    assert make_plan("前后供述有哪些矛盾？").overview == "conflicts"
    assert make_plan("笔录里有哪些记不清的地方？").overview == "gaps"


def test_what_is_left_of_a_loss_after_restitution_is_outstanding():
    plan = make_plan("退赔之后，她还有多少损失？")
    assert plan.aggregate == "outstanding" and plan.slots == [Slot.AMOUNT]


def test_restitution_is_money_given_back_not_compensation():
    from engine.ledger import lexicon

    said = "我哥哥替我用支付宝退赔了他8,900元。"
    assert lexicon.KIND_CUES["repay"].search(said) and not lexicon.KIND_CUES["compensation"].search(said)
    assert lexicon.KIND_CUES["compensation"].search("他赔了我五千元医药费。")


def test_hours_and_days_are_a_duration_not_an_amount():
    plan = make_plan("传唤持续的时间一般不得超过多少小时？")
    assert Slot.DURATION in plan.slots and Slot.AMOUNT not in plan.slots
    assert Slot.AMOUNT in make_plan("第二次给了多少钱？").slots


@pytest.mark.parametrize("question", [
    "徐某和王某1的矛盾是什么？", "双方为何发生矛盾？", "被告人甲与乙有何矛盾？", "甲与乙二人之间有什么矛盾？",
    "原告与被告为什么会发生矛盾？", "某某用什么理由而与乙发生冲突？", "于某和徐某某产生矛盾的原因是？",
    "原、被告的矛盾点是什么？"])
def test_a_quarrel_between_people_is_a_fact_of_the_case_not_a_contradiction_in_the_material(question):
    # 矛盾/冲突 someone had with someone is asked like any fact; answering 未发现前后矛盾 answers
    # another question (CJRC: 已核验 on such an answer to an unanswerable question)
    plan = read_question(question)
    assert plan.intent is not Intent.CONFLICT and plan.case.overview is None


@pytest.mark.parametrize("question", ["李志强前后供述中有哪些矛盾？", "前后供述有哪些矛盾？", "两份笔录的说法是否矛盾？",
                                      "原告和被告的陈述有什么矛盾？", "材料中有没有不一致的地方？"])
def test_contradictions_between_statements_stay_the_conflict_question(question):
    assert read_question(question).intent is Intent.CONFLICT
