"""Dates of rows as answers give them, and occurrences named by time words.

A day said without its year (9月21日) is given with the year the record's own date puts it in —
2023年9月21日 — and the record's header is cited beside it, so that the year is read from a quote,
never assumed. A stretch of time (2021年春节前, 腊月二十五六, 上个月中旬) is given as said, with its
imprecision named; it is never turned into a day. A question's time words (2022年中秋节那次, 春节前
送的) pick the rows whose date falls in the same stretch.
"""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Anchor, Statement, Value
from engine.answer.casefile.facts.when import covers, reference_date, resolve, session_date
from engine.text.dates import find_dates
from engine.text.segments import flat
from engine.types import Fact

_NOTES = {"month": "仅精确到月", "year": "仅精确到年", "relative": "材料未给出具体日期",
          "festival": "以节日表述，未给出具体日期"}


def show_date(value: Value) -> str:
    """The date as said, with its imprecision named (仅精确到月, 约数 …)."""
    text = flat(value.text)
    if value.precision in ("exact", None, "no_year") and not value.approx:
        return text
    return f"{text}（{_NOTES.get(value.precision or '', '约数，日期不精确')}）"


def _iso_words(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{int(year)}年{int(month)}月{int(day)}日"


def record_cite(case: Case, session: int) -> str | None:
    """The record's own date (this session's, else the first dated one), cited where it is written."""
    dated = case.ledger.dated
    key = session if session in dated else next(iter(sorted(dated)), None)
    if key is None or dated[key][1].chunk_id not in case.sources:
        return None
    return case.cite(dated[key][1])


def show_row_date(case: Case, value: Value, session: int) -> str:
    """``show_date``, except that a day said without its year is given with the year the record's
    date puts it in, the record's header cited for it (2023年9月21日（年份依笔录时间，E2））."""
    if value.precision == "no_year" and value.resolved and not value.approx:
        cited = record_cite(case, session)
        if cited:
            return f"{_iso_words(value.resolved)}（年份依笔录时间，{cited}）"
    return show_date(value)


def said_date(case: Case, date: Fact, statement: Statement) -> Value:
    """A date found in what a statement says (a ``find_dates`` fact), placed in the calendar against
    that session's date (``resolved`` only when a day is named)."""
    value = Value(str(date.value), date.text, Anchor("", 0, 0),
                  approx=bool(date.meta.get("approx")), precision=date.meta.get("precision"))
    resolve(value, session_date(case.ledger, statement.session))
    return value


def show_said_date(case: Case, date: Fact, statement: Statement) -> str:
    """A date found in what a statement says, shown as a ledger row's date is: a day said without its
    year gets the year of that session's date, the header cited."""
    return show_row_date(case, said_date(case, date, statement), statement.session)


def when_range(case: Case, words: str) -> tuple[str, str] | None:
    """A question's time words (2022年中秋节, 春节前, 9月10日, 上个月中旬) as a stretch of days,
    read against the record's date."""
    found = [f for f in find_dates(words) if f.meta.get("granularity") != "time"]
    value = Value(str(found[0].value) if found and not re.search(r"节|腊月|正月|春节|过年", words) else words,
                  words, Anchor("", 0, 0), precision="festival" if not found else found[0].meta.get("precision"))
    resolve(value, reference_date(case.ledger))
    return value.range


def in_time(case: Case, words: str, value: Value | None) -> bool:
    """Whether a row's date falls in the stretch a question names. Festival words match a row
    saying the same festival of the same year even where the calendar has no range for it."""
    if value is None:
        return False
    span = when_range(case, words)
    if span and value.range:
        return covers(span, value.range)
    name = re.search(r"春节|过年|除夕|元宵|端午|中秋|国庆|元旦|清明|腊月|正月", words)
    year = re.search(r"\d{4}", words)
    return bool(name and name.group(0) in value.text and (not year or year.group(0) in value.text))
