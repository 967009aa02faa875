"""Figures that are not payments between two people, read by what they measure: a finding the asker
puts and the speaker does not dispute (经…价格认定中心认定…共计…元。你对这个数有什么意见？—我没有意见 /
经…计核…偷逃税款…，你有没有异议？—没有异议) is a valuation or a tax of the record; a volume in 立方米
written with 万 (1.5万立方米) is one quantity; a sum per piece of goods times the count sold (每吨52元 ×
12,400吨) answers 按每吨售价计算一共收了多少钱 — a sum paid each time (每次6000元) is no price of the goods;
a price declared (按每吨40元报关) less the price sold per piece is a difference of prices per piece, never of sums.
Record written for this test (问　/答　), typeset into a real PDF and asked through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

COAL_YARD = """询问笔录
时间：2024年3月5日9时00分至2024年3月5日10时30分
地点：某县公安局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：滕某某 性别：男
问　你在堆场做什么？
答　我是开铲车的，老板是鄢某某。
问　煤卖多少钱一吨？
答　听会计说是每吨52元，都是按磅单算的。
问　一共卖出去多少吨？
答　会计说从开张到被查一共过磅了12,400吨。
问　你的工资怎么发的？
答　老板用微信转给我两次，每次6000元。
问　煤报关是按什么价格报的？
答　按每吨40元报关，都是老板定的。
问　煤实际卖给谁了？
答　卖给电厂，实际售价每吨52元。
问　经某县价格认定中心认定，堆场存煤价值为每吨80元，共计99.2万元；经委托测量，存煤共计1.5万立方米。你对这个数有什么意见？
答　我没有意见。
问　经税务部门计核，堆场偷逃税款人民币12.5万元，你有没有异议？
答　没有异议。
问　你还有什么要补充的？
答　没有了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("figures_by_measure"), {"询问笔录_滕某某.pdf": COAL_YARD})


def test_a_valuation_the_asker_puts_and_the_speaker_accepts(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "价格认定的存煤价值一共是多少？")
    assert held_as_said(answer), answer.conclusion
    assert 992000 in amounts(answer.conclusion)


def test_a_tax_computed_by_a_finding_is_its_own_measure(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "税务部门计核的偷逃税款是多少？")
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert 125000 in stated and not stated & {992000, 6000}


def test_a_volume_written_with_wan_is_one_quantity(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "测量的存煤是多少立方米？")
    assert held_as_said(answer), answer.conclusion
    assert "1.5万立方米" in answer.conclusion and "15000" in answer.conclusion.replace(",", "")


def test_the_count_sold_times_the_price_per_unit_and_never_a_sum_paid_each_time(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "按每吨售价计算，鄢某某卖煤一共收了多少钱？")
    assert held_as_said(answer), answer.conclusion
    (calc,) = answer.calculations
    assert int(calc.result) == 644800 and calc.expression.replace(" ", "") == "12400*52"


def test_a_price_declared_less_the_price_sold_per_piece(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "报关的价格比实际售价每吨低了多少元？")
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert 12 in stated and not stated & {644800, 992000}
