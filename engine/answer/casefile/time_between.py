"""The time between two acts the question names, each read from what was said and quoted.

* 从双方吵起来到警察赶到现场，过了多少分钟: the minutes between two clock times (他下楼大概是21时45分，没说两
  句就吵起来了 … 警察是22时05分左右到的); a time said as approximate (大概, 左右) makes the result
  approximate (约20分钟).
* 从把卡寄出去到卡被冻结，过了多少天 / 网签和过户中间隔了多少天: the days (and months, when months or a
  length of time are asked) between two dates, each a day said (a day without its year takes the
  year of that session's date, the record's header cited); a date said only to the month, or
  hedged, gives no figure of days.

An act's time is the one of the sentence (with the asker's question it answers) sharing most words
with the act as the question names it — the clause holding the time counts twice, so that a sentence
telling two acts (11月2日网签，11月28日过户) dates each by its own clause; an act told at two different
times, or at none, or a later act before the earlier, gives no figure: the other answers (or not
found) stand."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.dates import said_date, show_row_date
from engine.answer.casefile.facts import Value
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.question import CasePlan
from engine.text.case_lexicon import TIME_OF_DAY, clock_minutes, is_clock_time
from engine.text.dates import find_dates
from engine.text.quantities import APPROX_BEFORE

_DAY = 24 * 60
# words of the question that name no act (双方, 现场): they match any sentence of the case
_NOISE = re.compile(r"双方|对方|他们|我们|现场|那天|当天|当时|开始|大约|大概")


@dataclass(frozen=True)
class _Clock:
    said: Said
    start: int
    end: int
    minutes: int
    approx: bool


def _bigrams(text: str) -> set[str]:
    text = _NOISE.sub("|", text)
    return {text[i:i + 2] for i in range(len(text) - 1) if "|" not in text[i:i + 2]}


def _clocks(case: Case) -> list[tuple[_Clock, str, str]]:
    """Every clock time told in an answer, with the words of its clause, and of its sentence with the
    question asked."""
    out = []
    for said in joined_sentences(case):
        words = said.text + "|" + said.statement.question
        for m in TIME_OF_DAY.finditer(said.text):
            minutes = clock_minutes(m) if is_clock_time(m) else None
            if minutes is None:
                continue
            approx = bool(m.group("approx")) or bool(APPROX_BEFORE.search(said.text[max(0, m.start() - 4):m.start()]))
            out.append((_Clock(said, m.start(), m.end(), minutes, approx), _clause_of(said.text, m.start(), m.end()),
                        words))
    return out


# a clause of a sentence (the clause holding a time or a date tells which act it is of)
_CLAUSE = re.compile(r"[，,；;：:]")


def _clause_of(text: str, start: int, end: int) -> str:
    """The clause of a sentence holding a time (2点34分从大门出去 of 2点07分从大门进来的，…，2点34分从大门出去)."""
    opened = max((m.end() for m in _CLAUSE.finditer(text, 0, start)), default=0)
    closed = next((m.start() for m in _CLAUSE.finditer(text, end)), len(text))
    return text[opened:closed]


def _time_of(act: str, clocks: list[tuple[_Clock, str, str]]) -> _Clock | None:
    """The one clock time whose clause (counted twice) and sentence say most of ``act``; None when none
    shares any two-character word, or the best ones tell different times."""
    wanted = _bigrams(act)
    scored = [(2 * _hits(act, clause) + _hits(act, words), clock) for clock, clause, words in clocks
              if wanted & (_bigrams(clause) | _bigrams(words))]
    best = max((s for s, _ in scored), default=0)
    if best == 0:
        return None
    chosen = [c for s, c in scored if s == best]
    return chosen[0] if len({c.minutes for c in chosen}) == 1 else None


def answer_clock_span(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """The minutes from the first act to the second (module doc); False — nothing added — when either
    time is not told as one clock time, or the second is not after the first."""
    if not plan.clock_span:
        return False
    clocks = _clocks(case)
    first, last = (_time_of(act, clocks) for act in plan.clock_span)
    if first is None or last is None or first == last:
        return False
    minutes = last.minutes - first.minutes
    if minutes < 0 and first.minutes >= 18 * 60 and last.minutes < 6 * 60:
        minutes += _DAY  # 23时50分 … 0时10分: past midnight
    if minutes <= 0 or minutes >= 12 * 60:
        return False
    a = case.cite(first.said.anchor(0, len(first.said.text)))  # the whole sentence: what the time is of
    b = case.cite(last.said.anchor(0, len(last.said.text)))
    said_a, said_b = first.said.text[first.start:first.end], last.said.text[last.start:last.end]
    approx = "约" if first.approx or last.approx else ""
    outcome.calculations.append(Calculation(
        str(minutes), minutes, None, True, [a, b], "两个时刻之间的分钟数",
        factors=[{"value": minutes, "unit": "minutes", "from": said_a, "to": said_b}]))
    outcome.add(Part("时长", f"{approx}{minutes}分钟：前者为{said_a}（{a}），后者为{said_b}（{b}），"
                            f"相隔{approx}{minutes}分钟", Fill.FILLED, [a, b]))
    return True


@dataclass(frozen=True)
class _Day:
    said: Said
    value: Value  # as said, placed in the calendar (said_date)
    day: date


def _days(case: Case) -> list[tuple[_Day, str, str]]:
    """Every day told in an answer (resolved to the calendar), with the words of its clause and of its
    sentence with the question asked."""
    out = []
    for said in joined_sentences(case):
        for fact in find_dates(said.text):
            value = said_date(case, fact, said.statement)
            if value.approx or not value.resolved:  # (resolved only when a day is named: 今年6月9日, 9月21日)
                continue
            out.append((_Day(said, value, date.fromisoformat(value.resolved)), _clause_of(said.text, fact.start, fact.end),
                        said.text + "|" + said.statement.question))
    return out


# characters that tell no act apart (the order and measure words of 第一次, 那批)
_PLAIN = set("第一二三四五六七八九十次笔批回趟那这的了是在把被给")


def _hits(words: str, text: str) -> int:
    """How much of ``words`` a text says: its two-character words twice, its characters once."""
    return 2 * len(_bigrams(words) & _bigrams(text)) + len((set(words) - _PLAIN) & set(text))


def _own_words(act: str, other: str) -> str:
    """The words of ``act`` the other act does not share: without the start and end both have, one
    character of them kept at each side (收第一笔货款 / 收最后一笔货款 → 收第一; 第一次挪用 → 次挪用)."""
    start = next((i for i, (x, y) in enumerate(zip(act, other)) if x != y), min(len(act), len(other)))
    end = next((i for i, (x, y) in enumerate(zip(reversed(act), reversed(other))) if x != y), 0)
    return act[max(0, start - 1):len(act) - max(0, end - 1)] if start < len(act) - end else act


def _day_of(act: str, other: str, days: list[tuple[_Day, str, str]]) -> _Day | None:
    """The one day of the clauses and sentences saying most of ``act``'s own words — those the other
    act does not share (第一次挪用 / 第一次退钱: 挪用, 退钱) —, then of the words both share (module doc)."""
    own = _own_words(act, other)
    scored = [((2 * _hits(own, clause) + _hits(own, words), 2 * _hits(act, clause) + _hits(act, words)), day)
              for day, clause, words in days]
    best = max((s for s, _ in scored), default=(0, 0))
    if best[0] == 0:
        return None
    chosen = [d for s, d in scored if s == best]
    return chosen[0] if len({d.day for d in chosen}) == 1 else None


def _months_apart(first: date, last: date) -> tuple[int, int]:
    """Whole months from ``first`` to ``last`` and the days left over (1月31日 + 1 month = 2月末)."""
    months = (last.year - first.year) * 12 + last.month - first.month
    while months > 0 and _shifted(first, months) > last:
        months -= 1
    return months, (last - _shifted(first, months)).days


def _shifted(day: date, months: int) -> date:
    year, month = divmod(day.month - 1 + months, 12)
    year, month = day.year + year, month + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def answer_date_span(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """The days (or months) from the first act to the second (module doc); False — nothing added —
    when either is not told as one day, or the second is not after the first."""
    if not plan.date_span:
        return False
    days = _days(case)
    earlier, later = plan.date_span
    first, last = _day_of(earlier, later, days), _day_of(later, earlier, days)
    if first is None or last is None or last.day <= first.day:
        return False
    both = plan.date_span_both
    apart = (last.day - first.day).days + both
    a = case.cite(first.said.anchor(0, len(first.said.text)))  # the whole sentence: what the day is of
    b = case.cite(last.said.anchor(0, len(last.said.text)))
    shown_a = show_row_date(case, first.value, first.said.statement.session)
    shown_b = show_row_date(case, last.value, last.said.statement.session)
    months, rest = _months_apart(first.day, last.day)
    length = f"{apart}天"
    # months asked (几个月, 几年), or a length of time asked (多长时间, 多久: no unit) that runs to months
    if plan.unit in ("个月", "年") or (plan.unit is None and months >= 2):
        length = f"{apart}天（{months}个月" + (f"零{rest}天）" if rest else "）")
    outcome.calculations.append(Calculation(
        str(apart), apart, None, True, [a, b], "首尾日期均计入的天数" if both else "两个日期之间的天数（后一日减前一日）",
        factors=[{"value": apart, "unit": "days", "from": first.day.isoformat(), "to": last.day.isoformat(),
                  "inclusive": both}]))
    outcome.add(Part("时长", f"{length}：{a}所述为{shown_a}，{b}所述为{shown_b}，相隔{length}",
                     Fill.FILLED, [a, b]))
    return True
