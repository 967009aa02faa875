"""No 是/否 and no header field for a question the record's words do not answer: a prohibition told
(说这是耕地，不能倒垃圾) is neither the act done nor denied; a rule the asker states and the speaker
knows (你知道…是违法的吗？—知道) confirms no act of the speaker's; 多大 asks an age only of a person
(仓库面积有多大 is a size, never the birth date of the header). Records written for these tests."""

from __future__ import annotations

import pytest

from engine.question import read_question
from tests.case_homes import ask, record_home

DUMPING = """询问笔录
时间：2024年6月3日9时00分至2024年6月3日10时20分
地点：某县公安局某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：蔺某某 性别：男 出生日期：1979年3月14日 身份证号码：330102197903143315
问：你在那块地上倒过什么？
答：倒过建筑垃圾，都是拆房子拆下来的砖头和水泥块。
问：镇里的人来过吗？
答：2024年4月20日镇政府的人来过，说这是耕地，不能倒垃圾，让我停下来。
问：你知道收别人的银行卡再卖出去是违法的吗？
答：知道一点，网上说过。
问：仓库在哪里？
答：在村东头，是我租的，一年三千元租金。
"""

FILE = "询问笔录_蔺某某.pdf"


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("badge_not_the_act"), {FILE: DUMPING})


@pytest.mark.integration
def test_a_prohibition_told_is_no_denial(home):
    answer = ask(home, FILE, "镇政府叫停以后，他是不是还继续倒了？")
    assert not (answer.status.value == "answered" and answer.conclusion.startswith("否")), answer.conclusion


@pytest.mark.integration
def test_knowing_a_rule_confirms_no_act(home):
    answer = ask(home, FILE, "他自己名下的银行卡也卖了吗？")
    assert not (answer.status.value == "answered" and answer.conclusion.startswith("是")), answer.conclusion
    assert "知道一点" not in answer.conclusion


@pytest.mark.unit
@pytest.mark.parametrize("question, birth", [
    ("着火的仓库面积有多大？", False),
    ("那个伤口有多大？", False),
    ("蔺某某多大了？", True),
    ("他年纪多大？", True),
    ("蔺某某的出生日期是哪天？", True),
])
def test_how_big_asks_an_age_only_of_a_person(question, birth):
    assert ("birth" in read_question(question).case.fields) == birth


@pytest.mark.integration
def test_a_size_is_never_answered_with_the_birth_date(home):
    answer = ask(home, FILE, "仓库面积有多大？")
    assert "1979" not in answer.conclusion and "出生" not in answer.conclusion, answer.conclusion
    assert answer.status.value != "answered"
