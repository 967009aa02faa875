"""What a case-file question is about (engine/question/focus.py) and the plan parts that go with it:
the asked act (main first, the setting clause and modifiers left out), the things and parties, the
shape of a yes/no question, a time of day, a yes/no beside other parts, header fields only where
their value is asked."""

from __future__ import annotations

import pytest

from engine.question import Slot, read_question

pytestmark = pytest.mark.unit


def focus(question: str):
    return read_question(question).case.focus


def test_the_main_act_comes_first_and_the_setting_clause_is_not_the_act():
    f = focus("他吃完饭以后找代驾了吗？")
    assert f.acts[0] == "找代驾"  # jieba's pieces (找代|驾) joined into the phrase
    assert not any("吃" in a for a in f.acts) and f.objects == []  # 吃完饭以后: when, not what


def test_a_verb_inside_a_modifier_only_says_which_thing():
    f = focus("被告收到原告付的两笔货款了吗？")
    assert f.acts == ["收到"] and "货款" in f.objects and f.subject == "被告"


@pytest.mark.parametrize("question", ["冒充客人来补房卡的男的是几点到前台的？", "开车撞人的那个人后来去了哪里？",
                                      "在门口抽烟的那个女的是什么时候走的？"])
def test_a_clause_describing_the_person_asked_about_is_not_the_act(question):
    """…的男的是几点到的: the verbs before the described person say who he is; the act is after."""
    acts = focus(question).acts
    assert not any(a.startswith(("冒充", "开车", "撞", "抽烟")) for a in acts)


def test_who_did_the_described_act_keeps_it_as_the_act():
    assert focus("送钱给王某的人是谁？").acts == ["送"]  # 是谁: the clause is the act asked


def test_the_thing_acted_on_and_a_named_document():
    assert focus("他把刀扔到哪里去了？").patient == "刀"
    assert focus("作案用的那把水果刀后来扔到哪里去了？").patient == "水果刀"
    assert "水泥购销合同" in focus("双方的《水泥购销合同》是哪天签的？").objects


def test_whose_account_and_the_parties_named():
    f = focus("原告说被告逾期交货多少天？")
    assert f.said_by == "原告" and f.roles == ["原告", "被告"]
    assert focus("按被告的说法，水泥是哪天送到的？").said_by == "被告"



def test_a_figure_under_an_account_the_sides_do_not_name_is_unread():
    unread = focus("如果按运货的那一方自己说的日子算，违约金该赔多少？")
    assert unread.said_by is None and unread.account_unread
    assert not focus("按被告说的日子算，违约金该赔多少？").account_unread  # a side: its own figures
    assert not focus("按他自己说的算，前后一共拿了多少钱？").account_unread  # the person questioned
    assert not focus("违约金该赔多少？").account_unread


def test_the_shapes_of_a_yes_no_question():
    owed = focus("小王还有工钱没拿到吗？")
    assert owed.negated and owed.remainder and owed.acts == ["拿到"]
    assert focus("有没有人受伤？").existential
    assert not focus("他有没有还钱？").existential
    assert focus("他当时知道钱是偷来的吗？").acts[0] == "知道"


@pytest.mark.parametrize("question, act", [("补卡之前到底查没查他的身份证？", "查"), ("你看没看过他的驾驶证？", "看"),
                                           ("他到底收没收那笔钱？", "收")])
def test_a_verb_asked_both_ways_is_a_yes_no_of_that_verb_not_denied(question, act):
    read = read_question(question).case
    assert read.slots == [Slot.YESNO] and not read.fields  # (查没查他的身份证 asks no ID number)
    assert act in read.focus.acts and not read.focus.negated


def test_a_time_of_day_is_its_own_slot():
    assert read_question("交警是几点把他拦下来的？").case.slots == [Slot.TIME]
    assert read_question("事情是哪天发生的？").case.slots == [Slot.DATE]


def test_a_yes_no_beside_another_part_is_asked_too():
    plan = read_question("他们去投诉过吗？是哪天？")
    assert plan.case.slots == [Slot.YESNO, Slot.DATE] and plan.parts[Slot.YESNO].slots == [Slot.YESNO]
    # a question about conflicting accounts stays the overview's
    assert Slot.YESNO not in read_question("关于第二笔的金额，他前后说法是否一致？").case.slots


@pytest.mark.parametrize("question, fields", [
    ("他有没有利用职务给对方帮过忙？", []),  # an act, not the 职务 field
    ("那天晚上是谁过生日请的客？", []),  # someone asked for, not a birth date
    ("对方打电话用的是什么号码？", []),  # a call, not the phone field
    ("他把手机扔到哪里了？", []),  # the phone itself
    ("他的手机号是多少？", ["phone"]),
    ("那部手机卖了多少钱？", []),  # the goods sold, not the phone field
    ("手机当了多少钱？", []),
    ("这次讯问的记录人是谁？", ["recorder"]),
])
def test_header_fields_only_where_their_value_is_asked(question, fields):
    assert read_question(question).case.fields == fields


def test_words_of_knowing_the_question_asks_with_are_carried_by_the_plan():
    asked = focus("他当时知道那辆车是偷来的吗？")
    assert asked.knowing == ["知道"] and asked.acts[0] == "知道"
    assert focus("那辆车是谁偷的？").knowing == []
