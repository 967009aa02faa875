"""Counts and wholes of a quantity: 一共收了多少斤 answered by the wholes the record states (三批加起来是3000斤
/ 三批一共是2900斤 — versions, the latest named), never by the parts the words around them happened to
match, nor by one occasion's own total (第二次…一共1200斤); 一共来了多少人 never answered by one person
brought in by what he did (有一个人手里拿着棍子) nor by a figure per vehicle (每辆车上坐三个人); a figure the
asker puts that the speaker does not accept (盘点表…共计30立方米 — 我收的原木一共是26个方左右) is told beside his own.
Record written for this test (问：/答：), typeset into a real PDF and asked through Engine.ask."""

from __future__ import annotations

import re

import pytest

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration

SCRAP = """询问笔录
时间：2024年6月11日9时00分至2024年6月11日10时10分
地点：某县公安局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：阙某某 性别：男
问：你从他那里收过几次废铜？
答：一共三次。第一次是5月3日，在他家院子里收了800斤废铜。第二次是5月10日，也是在他家院子里收的废铜，一共1200斤。三批加起来是3000斤。
问：那天晚上对方来了多少人？
答：他们开了4辆面包车，每辆车上坐三个人，应该是12个人。有一个人手里拿着棍子。
问：你前面说三批一共3000斤，对不对？
答：我算错了，第三次只有900斤，三批一共是2900斤，不是3000斤。
问：现向你出示仓库的盘点表：仓库里存放的木材共计30立方米。你有什么意见？
答：盘点是连木板一起算的，我收的原木一共是26个方左右。
问：你还有什么要补充的？
答：没有了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("counts_and_wholes"), {"询问笔录_阙某某.pdf": SCRAP})


def test_a_whole_asked_is_answered_by_the_wholes_stated_each_a_version(home):
    answer = ask(home, "询问笔录_阙某某.pdf", "阙某某一共从他家院子里收了多少斤废铜？")
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion
    assert "3000斤" in answer.conclusion and "2900斤" in answer.conclusion
    assert not re.search(r"(?<!\d)(?:800|1200|900)斤", answer.conclusion)


def test_a_count_of_people_is_never_one_person_brought_in_nor_a_figure_per_vehicle(home):
    answer = ask(home, "询问笔录_阙某某.pdf", "对方一共来了多少人？")
    assert held_as_said(answer), answer.conclusion
    assert "12个人" in answer.conclusion and "三个人" not in answer.conclusion and "一个人" not in answer.conclusion


def test_a_figure_put_and_not_accepted_stands_beside_the_speakers_own(home):
    answer = ask(home, "询问笔录_阙某某.pdf", "仓库里的木材有多少立方米？")
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion
    assert "30立方米" in answer.conclusion and "26个方" in answer.conclusion
