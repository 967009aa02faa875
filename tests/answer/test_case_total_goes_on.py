"""A total word in the clause before the figure's (前后一共买了40条，花了600元): the clause that opens with
its verb goes on from it, so the quote states the whole — never doubted as a part of it. Record written
for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

BUYER = """讯问笔录
时间：2024年6月3日9时00分至2024年6月3日10时00分
地点：某市公安局某派出所讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：滕某某 性别：男
问：你用来注册账号的手机卡是哪里来的？
答：我在一个群里买别人实名的手机卡，一张卡十五元，前后一共买了40张，花了600元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("total_goes_on"), {"讯问笔录_滕某某.pdf": BUYER})


def test_the_total_word_of_the_clause_before_covers_the_figure(home):
    answer = ask(home, "讯问笔录_滕某某.pdf", "他买手机卡总共花了多少钱？")
    assert "600" in answer.conclusion, answer.conclusion
    assert "未说明合计" not in answer.conclusion, answer.conclusion
