"""What a thing is worth as each side of a hearing states it: each side's figure attributed (a
conflict when they differ, never the price it was bought at nor the sum the claims demand); one side
asked, that side's figure; that side's worth less the remaining debt both sides tell alike (净值),
with the equation. A record written for these tests."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

PARTNERSHIP = """某区人民法院
庭审笔录
时间：2024年7月9日14时00分至15时30分
地点：某区人民法院第七法庭
案由：合伙协议纠纷
审判员：子某　书记员：丑某
原告：鲍文斌，男，1979年3月14日出生。
被告：滕子昂，男，1982年10月2日出生。
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告支付合伙财产折价款十八万元；二、本案诉讼费由被告负担。
审判员：合伙买的那台叉车是什么时候买的？现在值多少？
原告：2020年买的叉车，买的时候花了9.6万元，现在二手市场上能卖6万元左右。
被告：叉车用了四年，电瓶都换过，最多值3.5万元。
审判员：商铺现在的市场价是多少？还有多少贷款没还？
原告：商铺现在的市场价在148万元左右，银行剩余贷款本金52万元。
被告：剩余贷款52万元没错，但是商铺现在最多值120万元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("worth"), {"合伙庭审.txt": PARTNERSHIP})


def test_a_worth_stated_differently_by_the_sides_is_each_sides_never_the_price_paid(home):
    answer = ask(home, "合伙庭审.txt", "那台叉车现在值多少钱？")
    found = amounts(answer.conclusion)
    assert {60000, 35000} <= found and not found & {96000, 180000}, answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert "原告称" in answer.conclusion and "被告称" in answer.conclusion, answer.conclusion


def test_one_side_asked_gets_its_own_worth(home):
    answer = ask(home, "合伙庭审.txt", "被告认为叉车值多少钱？")
    assert amounts(answer.conclusion) == {35000}, answer.conclusion


@pytest.mark.parametrize("question, net", [
    ("按被告说的商铺市场价，扣掉剩下的贷款，商铺净值是多少？", 680000),
    ("按原告说的市场价，扣除剩余贷款后商铺净值多少？", 960000),
])
def test_a_sides_worth_less_the_remaining_debt_is_computed_with_its_equation(home, question, net):
    answer = ask(home, "合伙庭审.txt", question)
    assert net in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == net and "520000" in c.expression for c in answer.calculations), answer.calculations
