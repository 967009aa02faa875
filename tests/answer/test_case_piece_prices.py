"""Prices per piece and pieces × their price as case facts: a price told without any act of paying
(换机油一桶一百二十元) answers 换一桶收多少钱 — never the price of two pieces or of another piece;
goods bought told as a count and a price per piece (刹车片12套，每套60元) answer 花了多少钱 with the
product computed and both terms cited; goods never told are not found, with no figure. Record written
for this test (问：/答：), typeset into a real PDF and asked through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

GARAGE = """询问笔录
时间：2024年7月2日9时00分至2024年7月2日10时00分
地点：某县市场监督管理局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：宋某某 性别：男
问：你的修理铺怎么收费？
答：补一次胎收二十元，换机油一桶一百二十元，换两桶收二百元。
问：你的配件从哪里进？
答：从城东一家汽配店进。上个月进过一次，机油30箱，每箱850元；刹车片12套，每套60元；滤芯8个，每个15元。一共二万六千三百四十元。
问：你还有什么要补充的？
答：没有了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("piece_prices"), {"询问笔录_宋某某.pdf": GARAGE})


def test_the_price_of_one_piece_told_without_a_payment(home):
    answer = ask(home, "询问笔录_宋某某.pdf", "宋某某给人换一桶机油收多少钱？")
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert 120 in stated and not stated & {200, 20, 85}


def test_pieces_bought_times_their_price_computed_and_cited(home):
    answer = ask(home, "询问笔录_宋某某.pdf", "上个月进的刹车片花了多少钱？")
    assert held_as_said(answer), answer.conclusion
    assert 720 in amounts(answer.conclusion) and 3390 not in amounts(answer.conclusion)
    (calc,) = answer.calculations
    assert int(calc.result) == 720 and calc.expression.replace(" ", "") == "12*60"
    assert len(set(calc.evidence)) == 2  # the count and the price, each quoted


@pytest.mark.parametrize("question, expected, others", [
    ("进的滤芯每个多少钱？", 15, {60, 850}),
    ("刹车片每套多少钱？", 60, {15, 850}),
])
def test_the_price_of_the_goods_named_among_several(home, question, expected, others):
    answer = ask(home, "询问笔录_宋某某.pdf", question)
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert expected in stated and not stated & others


def test_goods_never_told_get_no_figure(home):
    answer = ask(home, "询问笔录_宋某某.pdf", "上个月进的轮胎花了多少钱？")
    assert answer.status.value != "answered" and not held_as_said(answer)
    assert not amounts(answer.conclusion)
