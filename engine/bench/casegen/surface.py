"""How values are written: amounts in the numeral styles of real records, dates of every
precision, identity-card and mobile numbers.

Written independently of the engine's readers on purpose: the generator must not share their
assumptions. Every writer is exact — the value a surface states is the value it was given — and
tests/bench/test_casegen.py cross-checks the unambiguous styles against a table of known forms.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

_DIGITS = "零一二三四五六七八九"
_CAPITAL = "零壹贰叁肆伍陆柒捌玖"
_UNITS = ("", "十", "百", "千")
_CAPITAL_UNITS = ("", "拾", "佰", "仟")


def _section(n: int, digits: str, units: tuple[str, ...], liang: bool) -> str:
    """0 < n < 10000 in characters, with 零 for inner gaps (1005 → 一千零五); with ``liang`` a
    leading 2 before 千 or 百 is 两 (两千五百)."""
    out, zero = [], False
    for i, ch in enumerate(f"{n:04d}"):
        d, unit = int(ch), units[3 - i]
        if d == 0:
            zero = bool(out)
            continue
        if zero:
            out.append(digits[0])
            zero = False
        numeral = "两" if liang and d == 2 and not out and i in (0, 1) else digits[d]
        out.append(numeral + unit)
    return "".join(out)


def chinese_numeral(n: int, *, capital: bool = False, liang: bool = False) -> str:
    """1 ≤ n < 10^8: 12000 → 一万二千 (一万两千 with ``liang``), 壹万贰仟 with ``capital``;
    十万 but 壹拾万 (financial writing keeps the 壹)."""
    if not 0 < n < 10 ** 8:
        raise ValueError(f"no numeral written here for {n}")
    digits, units = (_CAPITAL, _CAPITAL_UNITS) if capital else (_DIGITS, _UNITS)
    high, low = divmod(n, 10000)
    text = ""
    if high:
        head = _section(high, digits, units, liang)
        if liang and high == 2:
            head = "两"
        text = head + "万"
        if low and low < 1000:
            text += digits[0]
    if low:
        text += _section(low, digits, units, liang)
    if not capital and text.startswith("一十"):
        text = text[1:]
    return text


# -- amounts --------------------------------------------------------------------------------------

AMOUNT_STYLES = ("arabic", "arabic_kuai", "comma", "comma_cents", "wan", "chinese", "chinese_liang",
                 "chinese_kuai", "capital")


@dataclass(frozen=True)
class AmountText:
    surface: str
    style: str
    approx: bool = False  # 左右 / 余: the text hedges it


def amount_styles_for(value: int) -> list[str]:
    styles = ["arabic", "arabic_kuai", "chinese", "chinese_kuai", "capital"]
    if value >= 1000:
        styles += ["comma", "comma_cents"]
    if value >= 10000 and value % 100 == 0:
        styles.append("wan")
    if chinese_numeral(value, liang=True) != chinese_numeral(value):
        styles.append("chinese_liang")
    return styles


def write_amount(value: int, style: str) -> AmountText:
    """One amount in yuan, exactly, in the named style."""
    if style == "arabic":
        return AmountText(f"{value}元", style)
    if style == "arabic_kuai":
        return AmountText(f"{value}块钱", style)
    if style == "comma":
        return AmountText(f"{value:,}元", style)
    if style == "comma_cents":
        return AmountText(f"{value:,}.00元", style)
    if style == "wan":
        wan = value / 10000
        return AmountText(f"{wan:g}万元", style)
    if style == "chinese":
        return AmountText(chinese_numeral(value) + "元", style)
    if style == "chinese_liang":
        return AmountText(chinese_numeral(value, liang=True) + "元", style)
    if style == "chinese_kuai":
        return AmountText(chinese_numeral(value, liang=True) + "块钱", style)
    if style == "capital":
        return AmountText(chinese_numeral(value, capital=True) + "元", style)
    raise ValueError(f"unknown amount style {style!r}")


def write_approx_amount(value: int, rng: random.Random) -> AmountText:
    """A round amount stated loosely: 两万元左右, 2万元左右, 大概一万五千元."""
    base = rng.choice(["chinese_liang", "wan", "arabic"] if value >= 10000 and value % 100 == 0
                      else ["chinese_liang", "arabic"])
    text = write_amount(value, base).surface
    form = rng.choice(("post", "pre"))
    return AmountText(f"{text}左右" if form == "post" else f"大概{text}", base, approx=True)


def write_over_amount(value: int, rng: random.Random) -> AmountText:
    """An amount given as a floor: 2万余元, 两万多元."""
    if value % 10000 == 0 and rng.random() < 0.5:
        return AmountText(f"{value // 10000}万余元", "wan", approx=True)
    return AmountText(chinese_numeral(value, liang=True) + "多元", "chinese", approx=True)


# -- dates ----------------------------------------------------------------------------------------

DAY_STYLES = ("cn", "cn_hao", "dot", "dash", "slash", "cn_numerals")
# 春节 (Spring Festival) by Gregorian year: 腊月 is the lunar month that ends the day before.
SPRING_FESTIVAL = {2017: date(2017, 1, 28), 2018: date(2018, 2, 16), 2019: date(2019, 2, 5),
                   2020: date(2020, 1, 25), 2021: date(2021, 2, 12), 2022: date(2022, 2, 1),
                   2023: date(2023, 1, 22), 2024: date(2024, 2, 10), 2025: date(2025, 1, 29),
                   2026: date(2026, 2, 17)}
SEASONS = {"春天": (3, 4, 5), "夏天": (6, 7, 8), "秋天": (9, 10, 11)}


def write_day(d: date, style: str) -> str:
    if style == "cn":
        return f"{d.year}年{d.month}月{d.day}日"
    if style == "cn_hao":
        return f"{d.year}年{d.month}月{d.day}号"
    if style == "dot":
        return f"{d.year}.{d.month}.{d.day}"
    if style == "dash":
        return d.isoformat()
    if style == "slash":
        return f"{d.year}/{d.month}/{d.day}"
    if style == "cn_numerals":
        year = "".join("〇一二三四五六七八九"[int(c)] for c in str(d.year))
        return f"{year}年{chinese_numeral(d.month)}月{chinese_numeral(d.day)}日"
    raise ValueError(f"unknown date style {style!r}")


def la_yue_window(year: int) -> tuple[date, date]:
    """The days of 腊月 that end lunar year ``year - 1``: the 29 days before 春节 of ``year``."""
    festival = SPRING_FESTIVAL[year]
    return festival - timedelta(days=29), festival - timedelta(days=1)


def season_of(d: date) -> str | None:
    return next((name for name, months in SEASONS.items() if d.month in months), None)


def clock_time(rng: random.Random) -> tuple[int, int]:
    return rng.choice((8, 9, 9, 10, 13, 14, 14, 15, 16)), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50))


# -- personal data --------------------------------------------------------------------------------

_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"


def id_check_digit(first17: str) -> str:
    """GB 11643-1999 check character of the first 17 digits."""
    return _ID_CHECK[sum(int(c) * w for c, w in zip(first17, _ID_WEIGHTS)) % 11]


def id_number(rng: random.Random, region: str, birth: date, gender: str) -> str:
    sequence = rng.randrange(0, 1000)
    if (sequence % 2 == 1) != (gender == "男"):  # the 17th digit is odd for men, even for women
        sequence = (sequence + 1) % 1000
    first17 = f"{region}{birth:%Y%m%d}{sequence:03d}"
    return first17 + id_check_digit(first17)


def mobile_number(rng: random.Random) -> str:
    prefix = rng.choice(("130", "131", "132", "135", "136", "137", "138", "139", "150", "151", "152",
                         "155", "157", "158", "159", "166", "177", "180", "181", "186", "187", "188",
                         "189", "199"))
    return prefix + "".join(str(rng.randrange(10)) for _ in range(8))
