"""Dates in Chinese and English legal text, normalised to ISO strings without guessing.

value: "2020-01-15" (day), "2020-01" (month), "2020" (year), or "--01-15" (month and day written
without a year: ISO 8601's reduced form). Nothing is filled in that the text does not say: 3月5日
stays "--03-05" even after 去年 (flagged in meta "relative"), 2020年几月 stays "2020", and an
impossible date (2021年2月29日) gives no fact at all.

meta:
  precision   "exact" | "month" | "year" for a plain date; "approx" when the text hedges it
              (约2020年3月, 2020年1月份左右, 2020年初, 1月中旬, or 记不清 in the same sentence);
              "no_year" for a month-day without year (approx is then only in meta "approx").
  granularity "day" | "month" | "year": what the value pins down, also when approximate.
  approx      bool.
  qualifier   the hedging words, when any (约, 左右, 年初, 中旬, 记不清...).
  time        "HH:MM" when a clock time follows the day (2021年3月5日14时30分, 下午3点半 → 15:30);
              time_approx when 许/左右 follows it. An ambiguous time (晚上12点) is left out.
  relative    去年/今年/同年... right before a month-day: flagged, never resolved.
"""

from __future__ import annotations

import bisect
import calendar
import re
from dataclasses import dataclass, field
from datetime import date

from engine.text import SpanSet
from engine.text.normalize import to_halfwidth
from engine.text.numbers import parse_number
from engine.types import Fact

YEAR_RANGE = (1800, 2199)

_SP = r"[ \t]{0,2}"
_YEAR = r"(?<!\d)\d{4}(?!\d)|(?<![〇零一二三四五六七八九])[〇零一二三四五六七八九]{4}"
_MONTH = r"(?<!\d)\d{1,2}|十[一二]?|[一二三四五六七八九]|元"
_DAY = r"(?<!\d)\d{1,2}|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九]"
# 初 is also the first character of 初步/初次/初审...: "2020年初步查明" is no date qualifier.
_CHU = r"初(?![步次审犯中稿查期级始见])"
# Immediately before a date: hedges. 约 is not a hedge inside 约定 (follows, fine) or 签约/违约 (precedes).
_PRE = (r"(?P<pre>(?:大约|大概|大致|约莫|差不多|估计|可能|好像|应该|"
        r"(?<![签违合契预履节制邀公条婚缔相])约)(?:是在|是|在|于|为)?" + _SP + ")?")
_POST = r"(?P<post>" + _SP + r"(?:左右|前后|上下))?"
_TIME = (r"(?P<time>" + _SP + r"(?P<ampm>上午|下午|晚上|凌晨|早上|早晨|中午|傍晚|夜里|夜间|晚)?" + _SP
         + r"(?P<h>(?<!\d)\d{1,2}|二?十[一二三四五六七八九]?|[〇零一二三四五六七八九两])"
         r"(?P<hsep>时|点|:)"
         r"(?:" + _SP + r"(?P<mi>\d{2}|\d|[一二三四五]?十[一二三四五六七八九]?|零?[一二三四五六七八九]|半)分?)?"
         r"(?P<tq>许|左右)?)?")

_CN_FULL_RE = re.compile(
    _PRE + rf"(?P<y>{_YEAR}){_SP}年(?P<yd>度)?"
    rf"(?:{_SP}(?P<m>{_MONTH}){_SP}月(?P<mfen>份)?"
    rf"(?:{_SP}(?P<d>{_DAY}){_SP}[日号]{_TIME}|(?P<mq>{_CHU}|底|末|中旬|上旬|下旬))?"
    rf"|(?P<yq>{_CHU}|底|末|上半年|下半年))?"
    + _POST)
_CN_NO_YEAR_RE = re.compile(
    _PRE + rf"(?<![\d〇零一二三四五六七八九十])(?P<m>{_MONTH}){_SP}月{_SP}(?P<d>{_DAY}){_SP}[日号]"
    + _TIME + _POST)
_NUMERIC_YMD_RE = re.compile(
    r"(?<![\d\-/])(?<!\d\.)(?P<y>\d{4})(?P<sep>[-./])(?P<m>\d{1,2})(?P=sep)(?P<d>\d{1,2})(?!\d)(?![-./]\d)"
    r"(?P<time>[ T](?P<h>\d{1,2})(?P<hsep>:)(?P<mi>\d{2})(?::\d{2})?(?!\d))?")
# 15/01/2020 or 01/15/2020: read only when one order is impossible (a part above 12) or both agree.
_NUMERIC_DMY_RE = re.compile(
    r"(?<![\d.\-/])(?P<a>\d{1,2})(?P<sep>[-./])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4})(?!\d)(?![-./]\d)")

_EN_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august",
              "september", "october", "november", "december"]
_EN_ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
            "sept": 9, "oct": 10, "nov": 11, "dec": 12}
_EN_MONTH_NUMBER = {name: i + 1 for i, name in enumerate(_EN_MONTHS)} | _EN_ABBR
# Capitalised or upper case only: "may" and "march" are also ordinary words.
_MON = "(?P<mon>" + "|".join(
    v for name in sorted(_EN_MONTH_NUMBER, key=len, reverse=True)
    for v in (name.capitalize(), name.upper())) + r")(?![A-Za-z])\.?"
_EN_PRE = r"(?P<pre>(?<![A-Za-z])(?:on or about|approximately|about|around|circa)\s+)?"
_ORD = r"(?:st|nd|rd|th)?"
_EN_MDY_RE = re.compile(_EN_PRE + r"(?<![A-Za-z])" + _MON + rf"\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)")
_EN_DMY_RE = re.compile(
    _EN_PRE + rf"(?<![\dA-Za-z])(?P<d>\d{{1,2}}){_ORD}(?:\s+day)?(?:\s+of)?\s+" + _MON + r",?\s+(?P<y>\d{4})(?!\d)")
_EN_MY_RE = re.compile(_EN_PRE + r"(?<![A-Za-z])" + _MON + r",?\s+(?P<y>\d{4})(?!\d)")

# A month-day right after a written year belongs to it (2020年2月30日 is invalid, not "--02-30").
_AFTER_YEAR_RE = re.compile(r"(?:\d|[〇零一二三四五六七八九])" + _SP + "年" + _SP + "$")
_RELATIVE_YEAR_RE = re.compile(r"(去年|今年|前年|明年|后年|当年|同年|次年|上年|本年|翌年)" + _SP + "$")
# Memory hedges that make every date in the sentence uncertain (a witness "记不清" the day).
_SENTENCE_HEDGE_RE = re.compile(r"记不清|记不太清|记不得|不记得|记不住|想不起|忘了|忘记了|不太确定|不确定|"
                                r"说不准|说不清|印象中")
_SENTENCE_END_RE = re.compile(r"[。！？!?\n；;]")
_EVENING = {"下午", "晚上", "傍晚", "晚"}


@dataclass
class _Candidate:
    start: int
    end: int
    value: str
    granularity: str  # day | month | year
    has_year: bool
    qualifiers: list[str] = field(default_factory=list)
    extra: dict[str, object] = field(default_factory=dict)


def _num(s: str | None) -> int | None:
    if s is None:
        return None
    if s == "元":
        return 1  # 元月 = January
    value = parse_number(s)
    if value is None or value != int(value):
        return None
    return int(value)


def _valid_day(year: int, month: int, day: int) -> bool:
    return 1 <= month <= 12 and 1 <= day <= calendar.monthrange(year, month)[1]


def _time_meta(m: re.Match[str]) -> tuple[dict[str, object], int] | None:
    """("time": "HH:MM"...) and where the time ends, or None when no valid time follows."""
    if not m.groupdict().get("time") or m.group("h") is None:
        return None
    hour = _num(m.group("h").replace("两", "二"))
    minute_raw = m.group("mi")
    minute = 30 if minute_raw == "半" else (_num(minute_raw) if minute_raw else 0)
    if hour is None or minute is None or (m.group("hsep") == ":" and not minute_raw):
        return None
    ampm = m.groupdict().get("ampm")
    if ampm in _EVENING and 1 <= hour <= 11:
        hour += 12
    elif ampm == "中午" and 1 <= hour <= 2:
        hour += 12
    elif ampm in _EVENING and hour == 12:
        return None  # 晚上12点: midnight or noon depends on the speaker; do not pick one
    if not (0 <= hour <= 24 and 0 <= minute <= 59) or (hour == 24 and minute):
        return None
    meta: dict[str, object] = {"time": f"{hour:02d}:{minute:02d}"}
    if m.groupdict().get("tq"):
        meta["time_approx"] = True
    return meta, m.end("time")


def _cn_candidate(m: re.Match[str], text: str, has_year: bool) -> _Candidate | None:
    year = _num(m.group("y")) if has_year else None
    month = _num(m.group("m"))
    day = _num(m.groupdict().get("d"))
    if not has_year and _AFTER_YEAR_RE.search(text, max(0, m.start() - 8), m.start()):
        return None
    if has_year and (year is None or not YEAR_RANGE[0] <= year <= YEAR_RANGE[1]):
        return None
    qualifiers = [q.strip() for q in (m.group("pre"),) if q]
    end = m.end()
    extra: dict[str, object] = {}
    if month is not None and not 1 <= month <= 12:
        return None
    if day is not None:
        if not _valid_day(year if year is not None else 2000, month, day):  # type: ignore[arg-type]
            return None
        timed = _time_meta(m)
        if timed:
            extra.update(timed[0])
        elif m.group("time"):
            end = m.start("time")  # a number after the day that is no valid time: not ours
        granularity = "day"
        value = f"{year:04d}-{month:02d}-{day:02d}" if has_year else f"--{month:02d}-{day:02d}"
    elif month is not None:
        granularity, value = "month", f"{year:04d}-{month:02d}"
        if m.group("mq"):
            qualifiers.append(m.group("mq"))
    else:
        granularity, value = "year", f"{year:04d}"
        if m.group("yq"):
            qualifiers.append(m.group("yq") if "半" in m.group("yq") else "年" + m.group("yq"))
    if m.group("post") and end == m.end():  # after a rejected time the qualifier is not ours either
        qualifiers.append(m.group("post").strip())
    if not has_year:
        rel = _RELATIVE_YEAR_RE.search(text, max(0, m.start() - 8), m.start())
        if rel:
            extra["relative"] = rel.group(1)
    return _Candidate(m.start(), end, value, granularity, has_year, qualifiers, extra)


def _numeric_candidate(m: re.Match[str]) -> _Candidate | None:
    year, month, day = int(m.group("y")), int(m.group("m")), int(m.group("d"))
    if not YEAR_RANGE[0] <= year <= YEAR_RANGE[1] or not _valid_day(year, month, day):
        return None
    end, extra = m.end(), {}
    timed = _time_meta(m)
    if timed:
        extra = dict(timed[0])
    elif m.group("time"):
        end = m.start("time")
    return _Candidate(m.start(), end, f"{year:04d}-{month:02d}-{day:02d}", "day", True, [], extra)


def _dmy_candidate(m: re.Match[str]) -> _Candidate | None:
    a, b, year = int(m.group("a")), int(m.group("b")), int(m.group("y"))
    if not YEAR_RANGE[0] <= year <= YEAR_RANGE[1]:
        return None
    readings = {(mo, d) for mo, d in ((b, a), (a, b)) if _valid_day(year, mo, d)}
    if len(readings) != 1:
        return None  # 01/02/2020: 1 Feb or Jan 2 depends on the writer's country; do not choose
    month, day = readings.pop()
    return _Candidate(m.start(), m.end(), f"{year:04d}-{month:02d}-{day:02d}", "day", True)


def _en_candidate(m: re.Match[str], with_day: bool) -> _Candidate | None:
    year = int(m.group("y"))
    month = _EN_MONTH_NUMBER[m.group("mon").lower()]
    if not YEAR_RANGE[0] <= year <= YEAR_RANGE[1]:
        return None
    qualifiers = [m.group("pre").strip()] if m.group("pre") else []
    if with_day:
        day = int(m.group("d"))
        if not _valid_day(year, month, day):
            return None
        return _Candidate(m.start(), m.end(), f"{year:04d}-{month:02d}-{day:02d}", "day", True, qualifiers)
    return _Candidate(m.start(), m.end(), f"{year:04d}-{month:02d}", "month", True, qualifiers)


_EN_MONTH_HINT_RE = re.compile("|".join(sorted({v for name in _EN_ABBR for v in (name.capitalize(), name.upper())}
                                                | {"May", "MAY"}, key=len, reverse=True)))


def _candidates(norm: str) -> list[_Candidate]:
    found: list[_Candidate | None] = []
    # Cheap literal checks first: most text has no 年 or no English month, and skipping those
    # patterns halves the tokenizer's cost on statutes.
    if "年" in norm:
        found += [_cn_candidate(m, norm, True) for m in _CN_FULL_RE.finditer(norm)]
    if "月" in norm:
        found += [_cn_candidate(m, norm, False) for m in _CN_NO_YEAR_RE.finditer(norm)]
    found += [_numeric_candidate(m) for m in _NUMERIC_YMD_RE.finditer(norm)]
    found += [_dmy_candidate(m) for m in _NUMERIC_DMY_RE.finditer(norm)]
    if _EN_MONTH_HINT_RE.search(norm):
        found += [_en_candidate(m, True) for m in _EN_MDY_RE.finditer(norm)]
        found += [_en_candidate(m, True) for m in _EN_DMY_RE.finditer(norm)]
        found += [_en_candidate(m, False) for m in _EN_MY_RE.finditer(norm)]
    return [c for c in found if c is not None]


def _sentence_hedges(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, hedge word) of every sentence containing a memory hedge."""
    out = []
    start = 0
    for end_m in [*_SENTENCE_END_RE.finditer(norm), None]:
        end = end_m.end() if end_m else len(norm)
        hedge = _SENTENCE_HEDGE_RE.search(norm, start, end)
        if hedge:
            out.append((start, end, hedge.group()))
        start = end
    return out


def find_dates(text: str) -> list[Fact]:
    """Every date in ``text`` with its exact span (see the module docstring for values and meta)."""
    norm = to_halfwidth(text).replace("○", "〇")  # ○ is a common stand-in for 〇 (one char each)
    chosen: list[_Candidate] = []
    taken = SpanSet()
    # Longest first, then leftmost: 2020年1月15日 beats the 1月15日 inside it, and January 15, 2020
    # beats January... 2020 read as a month.
    for cand in sorted(_candidates(norm), key=lambda c: (-(c.end - c.start), c.start)):
        if taken.add(cand.start, cand.end):
            chosen.append(cand)
    hedged = _sentence_hedges(norm) if chosen else []
    hedged_starts = [s for s, _, _ in hedged]
    facts = []
    for c in sorted(chosen, key=lambda c: c.start):
        qualifiers = list(c.qualifiers)
        i = bisect.bisect_right(hedged_starts, c.start) - 1
        if i >= 0 and c.start < hedged[i][1]:
            qualifiers.append(hedged[i][2])
        approx = bool(qualifiers)
        if not c.has_year:
            precision = "no_year"
        elif approx:
            precision = "approx"
        else:
            precision = {"day": "exact", "month": "month", "year": "year"}[c.granularity]
        meta: dict[str, object] = {"precision": precision, "granularity": c.granularity, "approx": approx}
        if qualifiers:
            meta["qualifier"] = qualifiers
        meta.update(c.extra)
        facts.append(Fact(kind="date", text=text[c.start:c.end], start=c.start, end=c.end,
                          value=c.value, meta=meta))
    return facts


def year_for(month_day: str, reference: str) -> str | None:
    """The year a month-day said without one belongs to, read against a dated reference (the
    record's date): the last such day on or before it. --09-21 against 2023-09-27 → 2023-09-21;
    --12-30 against 2024-01-05 → 2023-12-30."""
    try:
        ref = date.fromisoformat(reference)
        month, day = int(month_day[2:4]), int(month_day[5:7])
    except ValueError:
        return None
    for year in (ref.year, ref.year - 1):
        try:
            found = date(year, month, day)
        except ValueError:
            continue  # --02-29 in a year without it
        if found <= ref:
            return found.isoformat()
    return None


def date_grounded(value: str, quoted: set[str]) -> bool:
    """A date of a conclusion is grounded in quotes holding it — or, for a day whose year the
    statement left out, holding its month-day and a later full date it falls on or before within a
    year (the record's own date, or a dated event after it): the year is read, not guessed."""
    if value in quoted:
        return True
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value) or f"--{value[5:]}" not in quoted:
        return False
    return any(year_for(f"--{value[5:]}", q) == value for q in quoted if re.fullmatch(r"\d{4}-\d{2}-\d{2}", q))
