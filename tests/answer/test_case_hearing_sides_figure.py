"""A figure of one thing stated differently by the two sides of a hearing (被告：12万元。/ 原告：他的出资没有
12万，只有8万左右): each side's figure attributed, as a conflict — never the figure a side denies (没有12万)
as its own, never a figure told before the thing is named (爸妈给了20万，被告出资…), never a sum of the claims
list. A record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

SHOP = """某区人民法院
庭审笔录
时间：2024年8月6日9时00分至10时15分
地点：某区人民法院第四法庭
案由：合伙协议纠纷
审判员：甲某　书记员：乙某
原告：褚立军，男，1980年1月5日出生。
被告：葛文涛，男，1983年6月12日出生。
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告返还多分得的盈余六万元。
审判员：开店时总共投了多少钱？
原告：总共投了30万元，我姐借给我20万，被告的出资也在里面。
审判员：被告，开店时你的出资是多少？
被告：12万元。我把自己的积蓄都投进去了。
原告：他的出资没有12万，只有8万左右，剩下的是我垫的。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("sidesfigure"), {"合伙出资.txt": SHOP})


def test_a_figure_of_one_thing_stated_differently_is_each_sides(home):
    answer = ask(home, "合伙出资.txt", "被告的出资是多少？")
    found = amounts(answer.conclusion)
    assert {120000, 80000} <= found and not found & {60000, 200000, 300000}, answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert "被告称" in answer.conclusion and "原告称" in answer.conclusion, answer.conclusion
