"""Rates as lending talk says them, with the period they are per: 月息一分五 is 1.5 % a month, 2分利 2 % a
month by custom, 年利率百分之二十四 24 % a year; a rate whose period is not said has none, and
fractions, minutes and money amounts are no rates."""

from decimal import Decimal

import pytest

from engine.text.rates import read_rates


@pytest.mark.parametrize("text, value, period", [
    ("双方约定月利率1.5%。", "1.5", "month"),
    ("对，月息一分五，一直这么算的。", "1.5", "month"),
    ("说好的是月息1分5。", "1.5", "month"),
    ("当时讲好月息1.5分。", "1.5", "month"),
    ("他说给我2分利。", "2", "month"),
    ("约定每月百分之二的利息。", "2", "month"),
    ("利息按月1.2%计算。", "1.2", "month"),
    ("每月利息是本金的3%。", "3", "month"),
    ("借款按年利率百分之二十四计算。", "24", "year"),
    ("合同写的年化利率15.4%。", "15.4", "year"),
    ("利息按3厘算。", "0.3", "month"),
])
def test_a_rate_is_read_with_its_period(text, value, period):
    rates = read_rates(text)
    assert [(r.value, r.period) for r in rates] == [(Decimal(value), period)], rates


@pytest.mark.parametrize("text", ["他拿走了三分之一的利息。", "打了三分钟电话才借到钱。", "利息是每个月1500元。",
                                  "年息一分。", "合计占1.5%。"])
def test_no_rate_where_none_is_said(text):
    assert read_rates(text) == []
