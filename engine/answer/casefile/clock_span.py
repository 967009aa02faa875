"""从双方吵起来到警察赶到现场，过了多少分钟: the minutes between two acts, each told with its clock time
in what was said (他下楼大概是21时45分，没说两句就吵起来了 … 警察是22时05分左右到的), computed and shown
with both times quoted. The act's time is the clock time of the sentence (with the asker's question it
answers) sharing most words with the act as the question names it; an act told at two different times,
or at none, or a later act before the earlier, gives no figure — the other answers (or not found) stand.
A time said as approximate (大概, 左右) makes the result approximate (约20分钟)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.question import CasePlan
from engine.text.case_lexicon import TIME_OF_DAY, clock_minutes, is_clock_time
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


def _clocks(case: Case) -> list[tuple[_Clock, set[str]]]:
    """Every clock time told in an answer, with the words of its sentence and of the question asked."""
    out = []
    for said in joined_sentences(case):
        words = _bigrams(said.text) | _bigrams(said.statement.question)
        for m in TIME_OF_DAY.finditer(said.text):
            minutes = clock_minutes(m) if is_clock_time(m) else None
            if minutes is None:
                continue
            approx = bool(m.group("approx")) or bool(APPROX_BEFORE.search(said.text[max(0, m.start() - 4):m.start()]))
            out.append((_Clock(said, m.start(), m.end(), minutes, approx), words))
    return out


def _time_of(act: str, clocks: list[tuple[_Clock, set[str]]]) -> _Clock | None:
    """The one clock time of the sentences sharing most words with ``act``; None when none shares
    any, or the best ones tell different times."""
    wanted = _bigrams(act)
    scored = [(len(wanted & words), clock) for clock, words in clocks]
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
