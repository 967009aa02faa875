"""Answers over a fact told in two versions (facts/versions.py wired into the case answers): the
asked measure finds every version, each cited with the later named; a place asked by its full name
holds a row told at a spot of it (在茶楼门口). Records written for these tests, through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

HEADER = """询问笔录
时间：2025年3月4日9时00分至2025年3月4日10时30分
地点：江城市公安局河东派出所询问室
询问人：石某、郁某 记录人：郁某
被询问人：{name} 性别：男
"""

WITNESS = HEADER.format(name="邝立群") + """问：那辆货车开得有多快？
答：非常快，我看起码有一百公里/小时。我自己开六十左右，被它一下超过去了。
问：你前面说的货车车速，是怎么判断的？
答：我是看自己的表估的。我当时开到六十公里/小时左右，后来我又仔细想了想，前面说的那个数可能说多了，它大概开到八十公里/小时上下。
"""

PAYER = HEADER.format(name="柯文涛") + """问：第一次是怎么给的？
答：第一次是2024年9月3日，我用微信转给单小伟四千元。
问：第三次是怎么给的？
答：第三次他让我到城南的望江茶楼，把现金交给一个叫单小伟的人。我在茶楼门口给了他六千元，他数了一下就走了。
问：单小伟到案后说他从你手里拿到的是五千元，你怎么说？
答：这个我说不准了。可能当时只给了他五千，也可能给的就是六千，我真记不清了。
"""

ORGANISER = HEADER.format(name="蔺国栋") + """问：你们那个群有多少人？
答：群里人最多的时候有四百一十个人。
问：这些人都来买过吗？
答：四百一十是群里显示的总数，里面有我自己的小号七八个，真正下过单的会员，账上记的是三百五十六个。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("told_twice"),
                           {"询问笔录_邝立群.txt": WITNESS, "询问笔录_柯文涛.txt": PAYER, "询问笔录_蔺国栋.txt": ORGANISER})


def test_a_speed_reconsidered_gives_both_estimates_the_later_named(home):
    answer = ask(home, "询问笔录_邝立群.txt", "货车当时的车速是多少公里/小时？")
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert "一百公里/小时" in answer.conclusion and "八十公里/小时" in answer.conclusion
    assert "六十公里/小时" not in answer.conclusion  # the witness's own speed
    assert answer.conclusion.index("最新陈述") > answer.conclusion.index("八十公里/小时")


def test_cash_handed_at_a_place_told_two_ways_is_a_conflict_not_a_sum(home):
    answer = ask(home, "询问笔录_柯文涛.txt", "在望江茶楼交给单小伟的现金是多少？")
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert {6000, 5000} <= amounts(answer.conclusion) and 11000 not in amounts(answer.conclusion)
    assert answer.conclusion.index("最新陈述") > answer.conclusion.index("五千")


def test_members_counted_then_explained_give_both_counts(home):
    answer = ask(home, "询问笔录_蔺国栋.txt", "群里到底有多少会员？")
    assert answer.conflicts, answer.conclusion
    assert "四百一十个人" in answer.conclusion and "三百五十六个" in answer.conclusion
    assert "七八个" not in answer.conclusion


def test_a_total_over_a_payment_told_two_ways_is_given_under_each_version(home):
    answer = ask(home, "询问笔录_柯文涛.txt", "柯文涛一共给了单小伟多少钱？")
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert {10000, 9000} <= amounts(answer.conclusion), answer.conclusion
