"""When a figure happened, read against the record's own date, with the precision that was said.

A statement says 9月21日, 2021年春节前, 腊月二十五六, 中秋节前一天, 上个月中旬, 去年7月份; the record
says when it was made (its header's 时间). From the two a date is placed in the calendar:

* a month and day without a year (9月21日) is the last such day on or before the record's date
  (``resolved`` = 2023-09-21, a day);
* a stretch of time is a range, never a day: a festival of a known year (2022年中秋节 → around
  2022-09-10; 春节前 → the month before it), a lunar month (腊月二十五六 → those two days of that
  year's 12th lunar month), a part of a month (上个月中旬 → the 11th to the 20th of the month before
  the record), a month or a year;
* ``value`` and ``precision`` stay what the statement said; nothing is made more precise than it.

The festival days come from a table (2000–2035) checked against an independent lunar calendar
implementation; outside it a festival keeps its words and gets no range.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from engine.text.case_lexicon import FESTIVAL_DATE, MONTH_PART, RELATIVE_DATE
from engine.answer.casefile.facts.model import CaseLedger, Value
from engine.text.dates import year_for
from engine.text.numbers import parse_number

# year: 春节 (MMDD), 腊月初一 before it (YYYYMMDD), 端午 (MMDD), 中秋 (MMDD)
_TABLE = (
    "2000:0205,20000107,0606,0912 2001:0124,20001226,0625,1001 2002:0212,20020113,0615,0921 "
    "2003:0201,20030103,0604,0911 2004:0122,20031223,0622,0928 2005:0209,20050110,0611,0918 "
    "2006:0129,20051231,0531,1006 2007:0218,20070119,0619,0925 2008:0207,20080108,0608,0914 "
    "2009:0126,20081227,0528,1003 2010:0214,20100115,0616,0922 2011:0203,20110104,0606,0912 "
    "2012:0123,20111225,0623,0930 2013:0210,20130112,0612,0919 2014:0131,20140101,0602,0908 "
    "2015:0219,20150120,0620,0927 2016:0208,20160110,0609,0915 2017:0128,20161229,0530,1004 "
    "2018:0216,20180117,0618,0924 2019:0205,20190106,0607,0913 2020:0125,20191226,0625,1001 "
    "2021:0212,20210113,0614,0921 2022:0201,20220103,0603,0910 2023:0122,20221223,0622,0929 "
    "2024:0210,20240111,0610,0917 2025:0129,20241231,0531,1006 2026:0217,20260119,0619,0925 "
    "2027:0206,20270108,0609,0915 2028:0126,20271228,0528,1003 2029:0213,20290115,0616,0922 "
    "2030:0203,20300104,0605,0912 2031:0123,20301225,0624,1001 2032:0211,20320113,0612,0919 "
    "2033:0131,20330101,0601,0908 2034:0219,20340120,0620,0927 2035:0208,20350109,0610,0916")


def _day(text: str, year: int | None = None) -> date:
    return date(int(text[:4]), int(text[4:6]), int(text[6:8])) if year is None else \
        date(year, int(text[:2]), int(text[2:4]))


_LUNAR: dict[int, tuple[date, date, date, date]] = {}
for _row in _TABLE.split():
    _year, _days = _row.split(":")
    _spring, _la, _duanwu, _midautumn = _days.split(",")
    _LUNAR[int(_year)] = (_day(_spring, int(_year)), _day(_la), _day(_duanwu, int(_year)), _day(_midautumn, int(_year)))

# How far a relation word reaches around the festival day (days before, days after).
_AROUND: dict[str, tuple[int, int]] = {
    "前一天": (1, -1), "后一天": (-1, 1), "前几天": (7, -1), "前夕": (3, -1), "后几天": (-1, 7),
    "前后": (7, 7), "左右": (7, 7), "前": (30, -1), "后": (-1, 30), "当天": (0, 0), "那天": (0, 0),
    "期间": (3, 7), "": (3, 3),
}


def _month_range(year: int, month: int, part: str = "") -> tuple[date, date]:
    last = calendar.monthrange(year, month)[1]
    if part in ("上旬", "初"):
        return date(year, month, 1), date(year, month, 10)
    if part == "中旬" or part == "中":
        return date(year, month, 11), date(year, month, 20)
    if part in ("下旬", "底", "末"):
        return date(year, month, 21), date(year, month, last)
    return date(year, month, 1), date(year, month, last)


def festival_range(match: re.Match[str], ref: date | None, context_year: int | None) -> tuple[date, date] | None:
    year_word, name, lunar_day, relation = (match.group("year") or "", match.group("name"),
                                            match.group("lunar_day") or "", match.group("rel") or "")
    year: int | None = None
    if year_word[:4].isdigit():
        year = int(year_word[:4])
    elif year_word and ref is not None:
        year = ref.year + {"去年": -1, "前年": -2, "今年": 0, "明年": 1, "当年": 0}.get(year_word, 0)
    elif context_year is not None:
        year = context_year
    if name in ("腊月", "正月"):
        # a lunar month is named by the spring festival that ends (腊月) or starts (正月) it
        if year is None and ref is not None:  # the latest one begun by the record's date
            index = 1 if name == "腊月" else 0
            year = next((y for y in (ref.year + 1, ref.year, ref.year - 1) if y in _LUNAR and _LUNAR[y][index] <= ref), None)
        elif year is not None and name == "腊月" and year_word and not year_word[:4].isdigit():
            year += 1  # 去年腊月: the 12th month of last lunar year, before this year's spring festival
        elif year is not None and name == "腊月" and year_word[:4].isdigit():
            year += 1  # 2020年腊月 is the 12th month of lunar 2020, before the spring festival of 2021
        row = _LUNAR.get(year) if year else None
        if row is None:
            return None
        first = row[1] if name == "腊月" else row[0]
        last = (row[0] - timedelta(days=1)) if name == "腊月" else first + timedelta(days=29)
        days = _lunar_days(lunar_day)
        if days:
            return first + timedelta(days=days[0] - 1), first + timedelta(days=days[-1] - 1)
        return first, last
    if year is None and ref is not None:
        year = ref.year
    if year is None:
        return None
    fixed = {"国庆": (10, 1), "元旦": (1, 1), "五一": (5, 1), "劳动节": (5, 1), "清明": (4, 5)}
    if name in fixed:
        center = date(year, *fixed[name])
    else:
        row = _LUNAR.get(year)
        if row is None:
            return None
        spring, _, duanwu, midautumn = row
        center = {"春节": spring, "过年": spring, "除夕": spring - timedelta(days=1), "元宵": spring + timedelta(days=14),
                  "端午": duanwu, "中秋": midautumn}[name]
    before, after = _AROUND.get(relation, _AROUND[""])
    return center - timedelta(days=before), center + timedelta(days=after)


_LUNAR_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}


def _lunar_days(text: str) -> list[int]:
    """初五 → [5]; 二十五六 → [25, 26]; 廿八 → [28]."""
    text = text.replace("廿", "二十").replace("日", "")
    if not text:
        return []
    if text.startswith("初"):
        value = parse_number(text[1:])
        return [int(value)] if value else []
    pair = re.fullmatch(r"(.*[十])([一二三四五六七八九])([一二三四五六七八九])", text)
    if pair:  # 二十五六: the 25th or 26th
        first = parse_number(pair.group(1) + pair.group(2))
        return [int(first), int(first) + 1] if first else []
    value = parse_number(text)
    return [int(value)] if value and 1 <= value <= 30 else []


def resolve(value: Value, reference: str | None, context_year: int | None = None) -> None:
    """Set ``value.resolved`` (a day, only when the statement names one) and ``value.range``."""
    ref = date.fromisoformat(reference) if reference else None
    said, text = str(value.value), value.text
    festival = FESTIVAL_DATE.search(text)
    if festival and festival.group("name"):
        span = festival_range(festival, ref, context_year)
        if span:
            value.range = (span[0].isoformat(), span[1].isoformat())
        return
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", said):
        value.resolved, value.range = said, (said, said)
    elif re.fullmatch(r"--\d{2}-\d{2}", said) and reference:
        value.resolved = year_for(said, reference)
        if value.resolved:
            value.range = (value.resolved, value.resolved)
    elif re.fullmatch(r"\d{4}-\d{2}", said):
        part = next((p for p in ("上旬", "中旬", "下旬", "初", "底", "末") if p in text), "")
        first, last = _month_range(int(said[:4]), int(said[5:7]), part)
        value.range = (first.isoformat(), last.isoformat())
    elif re.fullmatch(r"\d{4}", said):
        value.range = (f"{said}-01-01", f"{said}-12-31")
    elif ref is not None and (RELATIVE_DATE.fullmatch(text) or MONTH_PART.fullmatch(text)):
        span = relative_range(text, ref)
        if span:
            value.range = (span[0].isoformat(), span[1].isoformat())


# the months of a season: spring 3–5, summer 6–8, autumn 9–11, winter 12–2
_SEASONS = {"春": (3, 5), "夏": (6, 8), "秋": (9, 11), "冬": (12, 2)}


def relative_range(text: str, ref: date) -> tuple[date, date] | None:
    """上个月中旬, 这个月初, 去年7月份, 今年年初, 2019年秋天, 去年冬天 against the record's date."""
    part = next((p for p in ("上旬", "中旬", "下旬", "初", "底", "末", "中") if p in text[-3:]), "")
    if re.match(r"上个?月", text):
        year, month = (ref.year, ref.month - 1) if ref.month > 1 else (ref.year - 1, 12)
        return _month_range(year, month, part)
    if re.match(r"这个月|本月", text):
        return _month_range(ref.year, ref.month, part)
    shift = {"去年": -1, "前年": -2, "今年": 0, "明年": 1}
    year_word = next((w for w in shift if text.startswith(w)), None)
    written = re.match(r"(\d{4})年", text)
    season = next((months for word, months in _SEASONS.items() if word in text), None)
    if season is not None and (written or year_word):
        # 2019年秋天 / 去年冬天: the season's months of that year (winter running into the next)
        year = int(written.group(1)) if written else ref.year + shift[year_word]
        first, last = season
        end_year = year + (1 if last < first else 0)
        return date(year, first, 1), date(end_year, last, calendar.monthrange(end_year, last)[1])
    month = re.search(r"([一二三四五六七八九十正腊冬]{1,2}|\d{1,2})月", text)
    number = ({"正": 1, "冬": 11, "腊": 12}.get(month.group(1)) or parse_number(month.group(1))) if month else None
    if year_word is None:
        if not number or not 1 <= number <= 12:
            return None
        # 3月上旬 said without a year: that month of the record's year, or of the year before when
        # the record was made before it
        return _month_range(ref.year if number <= ref.month else ref.year - 1, int(number), part)
    year = ref.year + shift[year_word]
    if month:
        if number and 1 <= number <= 12:
            return _month_range(year, int(number), part)
    if "年初" in text or "上半年" in text:
        return date(year, 1, 1), date(year, 3 if "年初" in text else 6, 30 if "上半年" in text else 31)
    if "年底" in text or "年末" in text or "下半年" in text:
        return date(year, 10 if "年底" in text or "年末" in text else 7, 1), date(year, 12, 31)
    return date(year, 1, 1), date(year, 12, 31)


def resolve_dates(ledger: CaseLedger) -> None:
    """Every row's date read against the date of the session it was said in (else the record's
    first dated session)."""
    for event in ledger.events:
        if event.date is None:
            continue
        context = re.search(r"(\d{4})年", ledger.statements[event.statement].answer)
        resolve(event.date, session_date(ledger, event.session),
                int(context.group(1)) if context and event.date.precision == "festival" else None)


def session_date(ledger: CaseLedger, session: int) -> str | None:
    """The date of the session a statement was made in, else the record's first dated session."""
    day = ledger.dated.get(session, (None, None))[0]
    return day or next((d for _, (d, _) in sorted(ledger.dated.items()) if d), None)


def reference_date(ledger: CaseLedger) -> str | None:
    """The record's date (its first dated session), against which a question's time words are read."""
    return next((day for _, (day, _) in sorted(ledger.dated.items())), None)


def covers(span: tuple[str, str] | None, other: tuple[str, str] | None) -> bool:
    """Two stretches of time that overlap (a question's 2022年中秋节 and a row's 中秋节当天晚上)."""
    if not span or not other:
        return False
    return span[0] <= other[1] and other[0] <= span[1]
