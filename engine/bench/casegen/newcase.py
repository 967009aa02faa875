"""The new kinds of case file (#26): goods and their valuations, quantities × unit prices, wages
by the day, month or piece, hearings with two parties — each a scenario (scenarios/) drawn
on a record of any layout (formats.py) with one or more sittings.

A NewCase has what the layout and the self-check need of any case file (subject, layout, absent
facts) and the scenario's own facts; questions are computed from those facts."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any, NamedTuple

from engine.bench.casegen import pools
from engine.bench.casegen.formats import RecordFormat
from engine.bench.casegen.model import Layout, Person
from engine.bench.casegen.params import _person, _session_place
from engine.bench.casegen.surface import chinese_numeral, clock_time

RECORD_TITLES = {"讯问": "讯问笔录", "询问": "询问笔录", "庭审": "庭审笔录"}


class Fact(NamedTuple):
    """A figure or day of the facts as the generator knows it, for the self-check to compare with
    what is printed: kind date | amount (元) | number (a count or quantity), and the unit printed
    after a number (吨, 天, 次) or after an amount's 元/ (a unit price: 4160元/吨), else ""."""

    kind: str
    value: Any  # a date, or an int
    unit: str = ""


@dataclass(frozen=True)
class Sitting:
    """One sitting of the record, with its own header."""

    number: int  # 1, 2, …
    kind: str  # first | again (讯问笔录（第二次）, 第二次开庭) | supplement (补充讯问, after the last)
    start: datetime
    end: datetime
    place: str
    askers: tuple[str, ...]  # officers; in a hearing the judges, 审判长 first
    recorder: str


@dataclass
class Ground:
    """What every scenario draws on: the seed's stream, names already used, where and when."""

    rng: random.Random
    taken: set[str]
    city: str
    first_day: date  # the first sitting
    sittings: list[Sitting]

    def name(self, gender: str | None = None) -> str:
        return pools.person_name(self.rng, gender or self.rng.choice("男女"), self.taken)

    def person(self, **kwargs) -> Person:
        return _person(self.rng, self.taken, **kwargs)


@dataclass
class NewCase:
    seed: int
    kind: str  # a key of scenarios.SCENARIOS
    record: str  # 讯问 | 询问 | 庭审
    subject: Person  # whose particulars the header gives (the person questioned, the defendant)
    subject_role: str  # suspect | victim | defendant
    city: str
    unit: str  # the police unit, or the court
    sittings: list[Sitting]
    format: RecordFormat
    layout: Layout
    facts: Any  # the scenario's facts
    absent: list[str]  # what the file never states (scenario absent kinds)
    absent_name: str  # a name that occurs nowhere in the file
    people: dict[str, str] = field(default_factory=dict)  # other names by role (plaintiff, agent …)
    # The scenario module (scenarios/) the case was drawn from: what tells, asks and checks it.
    # Carried here so that the story, the questions and the self-check need not look it up in
    # scenarios.SCENARIOS, whose modules import this one.
    scenario: Any = field(default=None, repr=False, compare=False)

    @property
    def hearing(self) -> bool:
        return self.record == "庭审"

    @property
    def signer(self) -> tuple[str, str]:
        """Who signs each page (the footer)."""
        if self.hearing:
            return "当事人", "　".join(n for n in (self.people.get("plaintiff_speaker"), self.subject.name) if n)
        return ("被讯问人" if self.record == "讯问" else "被询问人"), self.subject.name

    @property
    def document_title(self) -> str:
        return f"{RECORD_TITLES[self.record]}_{self.subject.name}"

    def sitting(self, number: int) -> Sitting:
        return self.sittings[number - 1]


def _hearing_place(rng: random.Random, court: str) -> str:
    return rng.choice((f"{court}第{chinese_numeral(rng.randint(1, 9))}审判庭",
                       f"{court}第{chinese_numeral(rng.randint(1, 6))}法庭"))


def draw_sittings(rng: random.Random, first_day: date, unit: str, role: str, hearing: bool,
                  askers: tuple[str, ...], recorder: str) -> list[Sitting]:
    """One to three sittings: a later one is a session with its own header (讯问笔录（第二次）,
    第二次开庭) or a 补充讯问 after the last."""
    if hearing:
        count = rng.choice((1, 1, 2))
    else:
        count = rng.choice((1, 2, 2, 2, 3))
    sittings: list[Sitting] = []
    day = first_day
    place = ""
    for number in range(1, count + 1):
        kind = "first" if number == 1 else "again"
        if number > 1 and not hearing and number == count and rng.random() < 0.45:
            kind = "supplement"
        if number > 1:
            day = day + timedelta(days=rng.randint(0, 6) if kind == "supplement" else
                                  rng.randint(14, 50) if hearing else rng.randint(3, 25))
        hour, minute = clock_time(rng)
        start = datetime(day.year, day.month, day.day, hour, minute)
        if sittings and start <= sittings[-1].end:  # a 补充讯问 the same day starts after the last ends
            start = sittings[-1].end + timedelta(minutes=rng.randrange(20, 90, 5))
        end = start + timedelta(minutes=rng.randrange(40, 150, 5))  # starts by 16:50: ends the same day
        if hearing:
            place = _hearing_place(rng, unit)
        elif kind == "supplement" and rng.random() < 0.6:
            pass  # the same room as the sitting before
        else:
            place = _session_place(rng, unit, role if role == "suspect" else "victim", number)
        sittings.append(Sitting(number, kind, start, end, place, askers, recorder))
    return sittings
