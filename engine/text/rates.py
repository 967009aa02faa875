"""Interest rates as said in Chinese lending talk, read with the period they are per: 月利率1.5%,
月息一分五 / 1分5 (1.5 % a month), 2分利 (2 % a month: 几分利 is the monthly rate of private lending),
每月百分之二, 年利率18%, 年化24%. A rate whose period is not said stays without one — it is never
taken as yearly or monthly by guess. Shared by the answers (a rate asked per year from a monthly one)
and the verifier (the rate a calculation multiplies is read again from its quote)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.text.numbers import parse_number

_DIGIT = r"[\d一二三四五六七八九两]"
_PERIOD = r"(?P<period>年化(?:利率|收益率?)?|年利率|年息|每年|一年|按年|月利率|月息|每个?月|一个月|按月|日利率|日息|每天|每日|按日)"
_VALUE = (r"(?<![\d.])(?:(?P<pct>\d+(?:\.\d+)?)\s*[%％]|百分之(?P<cnpct>[\d一二三四五六七八九十两点.]+)"
          # 1.5分 / 一分五 / 1分5: the tenths after 分
          rf"|(?P<fen>\d+(?:\.\d+)?|[一二三四五六七八九两]{{1,2}})分(?P<li>{_DIGIT})?(?![钟钱之数])(?:利|息)?|(?P<lionly>{_DIGIT})厘(?:利|息)?)")
RATE_SAID = re.compile(rf"{_PERIOD}?(?:的)?(?:利率|利息|息)?(?:是|为|按|算)?(?:照)?(?:本金|借款)?(?:的)?\s*{_VALUE}")
_INTEREST_NEAR = re.compile(r"利|息|借|贷")


@dataclass(frozen=True)
class Rate:
    value: Decimal  # in percent
    period: str | None  # "year" | "month" | "day" | None (not said)
    text: str
    start: int
    end: int
    explicit: bool = False  # the period is said with the rate (月息2分), not taken from custom (两分利)


def _period_of(word: str | None, by_fen: bool) -> str | None:
    if word:
        return "year" if "年" in word else "month" if "月" in word else "day"
    return "month" if by_fen else None  # 2分利: monthly by the custom of private lending


def read_rates(text: str) -> list[Rate]:
    """Every rate said in ``text`` (a percent near no word of interest or lending is left out)."""
    found: list[Rate] = []
    for m in RATE_SAID.finditer(text):
        by_fen = bool(m.group("fen") or m.group("lionly"))
        if m.group("pct"):
            value = Decimal(m.group("pct"))
        elif m.group("cnpct"):
            value = parse_number(m.group("cnpct"))
        elif m.group("fen"):
            whole, tenth = parse_number(m.group("fen")), parse_number(m.group("li")) if m.group("li") else Decimal(0)
            if whole is not None and whole != whole.to_integral() and m.group("li"):
                continue  # 1.5分5: no reading
            value = None if whole is None or tenth is None else whole + tenth / 10
        else:
            tenth = parse_number(m.group("lionly"))
            value = None if tenth is None else tenth / 10
        if value is None:
            continue
        period = _period_of(m.group("period"), by_fen)
        if period == "year" and by_fen:
            continue  # 年息一分 is 10 % a year by another custom: not read
        around = text[max(0, m.start() - 8):m.end() + 4]
        if not m.group("period") and not _INTEREST_NEAR.search(around):
            continue
        found.append(Rate(value.normalize() if value != value.to_integral() else value.quantize(Decimal(1)),
                          period, m.group(0), m.start(), m.end(), bool(m.group("period"))))
    return found


# A share said as a percent, with or without a word of interest near (提15%, 按百分之八, 6个点): what a
# commission, a fee or a cut is of the amount it is charged on.
_SHARE = re.compile(r"(?<![\d.])(?P<pct>\d+(?:\.\d+)?)\s*[%％]|百分之(?P<cnpct>[\d一二三四五六七八九十两点.]+)"
                    r"|(?<![\d.])(?P<points>\d+(?:\.\d+)?|[一二三四五六七八九十两]{1,2})个点")


def shares_said(text: str) -> list[Decimal]:
    """Every percent said in ``text`` (15%, 百分之八, 6个点), in percent, in the order said."""
    found: list[Decimal] = []
    for m in _SHARE.finditer(text):
        said = m.group("pct") or m.group("cnpct") or m.group("points")
        value = Decimal(said) if m.group("pct") else parse_number(said)
        if value is not None and value > 0:
            found.append(value)
    return found


def percent(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return f"{text}%"
