"""A figure told as the price of one piece, with the piece before it (换机油一桶一百二十元, 打一针十五元):
per piece, never a sum; a thing's price in passing (买了一件两千元的外套) and a payment told once
(转了一次五千元) are not. Texts written for this test."""

from __future__ import annotations

import pytest

from engine.answer.casefile.facts.extract import per_piece
from engine.text.numbers import find_amounts

pytestmark = pytest.mark.unit


def _first_amount(text: str):
    return find_amounts(text)[0]


@pytest.mark.parametrize("text", ["换机油一桶一百二十元", "打一针十五元", "鸡蛋一盒三十八元", "每盒38元", "每针十五元",
                                  "茶叶一斤是六百元", "奶粉一罐要二百八十元"])
def test_a_price_per_piece(text):
    amount = _first_amount(text)
    assert per_piece(text, amount.start, amount.end)


@pytest.mark.parametrize("text", ["买了一件两千元的外套", "转了一次五千元", "换两桶收二百元", "十一盒三百元", "第一瓶三十元",
                                  "买了一盒三百元的蜂胶"])
def test_not_a_price_per_piece(text):
    amount = _first_amount(text)
    assert not per_piece(text, amount.start, amount.end)
