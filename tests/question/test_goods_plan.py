"""Plans of questions about goods: the kinds an appraisal is asked without or over only, pieces
reckoned at a price, a difference between two figures, the proceeds of selling — read from the
question's words alone (the goods and names are this test's own)."""

from __future__ import annotations

import pytest

from engine.question import read_question

pytestmark = pytest.mark.unit


def make_plan(question: str):
    return read_question(question).case


@pytest.mark.parametrize("question, out, into", [
    ("茅台先不算，剩下的酒认定价值多少钱？", ["茅台"], []),
    ("除了笔记本电脑以外，其他东西鉴定价值一共多少？", ["笔记本电脑"], []),
    ("只算金项链和金戒指，认定价值多少？", [], ["金项链", "金戒指"]),
    ("扣的皮鞋、皮包和皮带按认定价值多少钱？", [], ["皮鞋", "皮包", "皮带"]),
])
def test_the_kinds_an_appraisal_is_asked_over(question, out, into):
    plan = make_plan(question)
    assert plan.measure == "valuation"
    assert plan.goods_out == out and plan.goods_in == into
    # left out or said as a restriction (只算): a part of the appraisal is summed; listed only: the
    # answer sums the kinds the file names, the plan keeps its own aggregate
    assert (plan.aggregate == "total") == bool(out or "只算" in question)
    assert plan.goods_only == ("只算" in question)


def test_no_kinds_where_no_appraisal_is_asked():
    plan = make_plan("刨掉退回去的，老陶手里还落下多少钱？")
    assert plan.goods_out == [] and plan.goods_in == [] and plan.aggregate != "total"


@pytest.mark.parametrize("question, count, by", [
    ("那三台空调按进价算值多少钱？", (3, "台"), "进价"),
    ("按单价计算，12箱茶叶值多少钱？", (12, "箱"), "单价"),
    ("轮胎按零售价一共值多少钱？", None, "零售价"),
])
def test_pieces_at_a_price(question, count, by):
    plan = make_plan(question)
    assert plan.priced_by == by and plan.priced_count == count


@pytest.mark.parametrize("question, first, second, way", [
    ("厂里报的损失比他第二次交代的多多少？", "厂里报的损失", "他第二次交代的", "more"),
    ("他承认的比认定价值少多少？", "他承认的", "认定价值", "less"),
    ("认定价值和卖的钱相差多少？", "认定价值", "卖的钱", None),
    ("因为有免赔，保险公司比定损金额少赔了多少？", "保险公司赔的", "定损金额", "less"),  # the act after 少
])
def test_a_difference_between_two_figures(question, first, second, way):
    plan = make_plan(question)
    assert plan.aggregate == "difference" and plan.compared_way == way
    assert [c.text for c in plan.compared] == [f"{first}是多少钱", f"{second}是多少钱"]


def test_the_compared_second_session_is_its_ordinal():
    plan = make_plan("厂里报的损失比他第二次交代的多多少？")
    assert plan.compared[0].measure == "cost" and plan.compared[1].ordinal == 2


@pytest.mark.parametrize("question", ["卖货一共得了多少钱？", "卖东西总共拿到多少钱？", "卖赃物换了多少钱？"])
def test_the_proceeds_of_selling_are_a_sale(question):
    assert make_plan(question).measure == "sale"


@pytest.mark.parametrize("question, piece", [
    ("这家修理铺给人换一桶机油收多少钱？", "桶"),
    ("卖一盒鸡蛋要多少钱？", "盒"),
    ("每箱多少钱？", "箱"),
    ("苹果多少钱一斤？", "斤"),
])
def test_the_piece_a_price_is_asked_per(question, piece):
    """吊一瓶水收多少钱: one piece and what is charged for it asks the price of that piece."""
    plan = make_plan(question)
    assert plan.per_unit and plan.per_piece == piece


@pytest.mark.parametrize("question", [
    "买一台电脑花了多少钱？",  # a spending, not a price
    "第一瓶酒收了多少钱？",  # a position
    "一共收了多少钱？",
])
def test_no_price_per_piece_asked(question):
    plan = make_plan(question)
    assert plan.per_piece is None
