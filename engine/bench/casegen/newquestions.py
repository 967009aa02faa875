"""Ground-truth questions of the new kinds: what every scenario asks (a sitting's time and place,
personal data, facts the file never states) and the helpers its own questions use. Kinds are
named ``<scenario>.<what>`` (goods.loss_left, supply.header) so the bench reports them apart from
the old kinds."""

from __future__ import annotations

import random
import re
from typing import Any

from engine.bench.casegen.layout import Rendered
from engine.bench.casegen.narrative import Key, Script
from engine.bench.casegen.newcase import NewCase
from engine.bench.casegen.questions import Truth
from engine.bench.casegen.surface import chinese_numeral


class Asker:
    def __init__(self, case: NewCase, script: Script, rendered: Rendered, rng: random.Random):
        self.case, self.script, self.rendered, self.rng = case, script, rendered, rng
        self.truths: list[Truth] = []

    def printed(self, key: Key) -> bool:
        return key in self.rendered.page_of

    def pages(self, keys: list[Key]) -> list[int]:
        return sorted({self.rendered.page_of[k] for k in keys if k in self.rendered.page_of})

    def add(self, kind: str, type_: str, question: str, expect: dict[str, Any], support: list[Key],
            absent: tuple[str, ...] = ()) -> None:
        support = [k for k in support if self.printed(k)]
        if support and "pages" not in expect and not expect.get("not_found"):
            expect["pages"] = self.pages(support)
        self.truths.append(Truth(f"{self.case.kind}.{kind}", type_, question, expect, support, absent))

    def value(self, kind: str, question: str, number: int, keys: list[Key], *, not_: list[int] = (),
              conflict: bool | None = False, **extra: Any) -> None:
        """One expected number (in yuan, or the unit the question names)."""
        expect: dict[str, Any] = {"numbers": [number]}
        others = sorted({n for n in not_ if n != number})
        if others:
            expect["numbers_not"] = others
        expect.update(extra)
        if conflict is not None:
            expect["conflict"] = conflict
        self.add(kind, "fact", question, expect, keys)

    def versions(self, kind: str, question: str, numbers: list[int], keys: list[Key]) -> None:
        """A figure stated two ways (a correction, a restatement, each party's own): a conflict
        with either version."""
        self.add(kind, "conflict", question, {"conflict": True, "numbers_any": sorted(set(numbers))}, keys)

    def said(self, kind: str, question: str, key: Key, truth: bool | None = None) -> None:
        """A yes/no (``truth``) or a gap (None) resting on the phrase recorded under ``key``."""
        if not self.printed(key):
            return
        if truth is None:
            self.add(kind, "gap", question, {"abstain": True}, [key])
        else:
            self.add(kind, "fact", question, {"yesno": "yes" if truth else "no",
                                              "text": [self.script.surfaces[key]]}, [key])

    # -- common to every scenario -------------------------------------------------------------
    def header(self) -> None:
        c = self.case
        later = [s for s in c.sittings if s.number > 1]
        sitting = self.rng.choice(later) if later and self.rng.random() < 0.7 else c.sittings[0]
        n = chinese_numeral(sitting.number)
        if c.hearing:
            question = "这次庭审在哪一天、哪个审判庭？" if len(c.sittings) == 1 else \
                f"第{n}次庭审在哪一天、哪个审判庭？"
            room = sitting.place.split("法院")[-1]
        else:
            if sitting.kind == "supplement":
                question = f"补充{c.record}是哪天、在哪里做的？"
            elif len(c.sittings) == 1:
                question = self.rng.choice((f"这次{c.record}是哪天、在什么地点做的？", f"{c.record}的时间和地点是什么？"))
            else:
                question = f"第{n}次{c.record}是哪一天，在哪里做的？"
            room = sitting.place.split("分局")[-1] if "分局" in sitting.place else sitting.place
        keys = [("header", sitting.number, "date"), ("header", sitting.number, "place")]
        self.add("header", "fact", question, {"dates": [sitting.start.date().isoformat()], "text": [room]}, keys)

    def pii(self) -> None:
        person = self.case.subject
        question = self.rng.choice(("{n}的身份证号是什么？", "{n}留的手机号是什么？", "{n}的身份证号和手机号是多少？"))
        self.add("pii", "pii", question.format(n=person.name),
                 {"pii_masked": [person.id_number, person.mobile]}, [("pii", "id"), ("pii", "mobile")])

    def absent(self, bank: dict[str, tuple[str, tuple[str, ...]]], names: dict[str, str]) -> None:
        """Two facts the file never states: the question, and patterns of what would state it
        (the self-check finds none in the file; the subject's own ID number set aside)."""
        for kind in self.case.absent:
            template, patterns = bank[kind]
            if "{absent}" in template:
                patterns = patterns + (re.escape(self.case.absent_name),)
            self.add("not_found", "gap", template.format(absent=self.case.absent_name, **names), {"not_found": True},
                     [], absent=patterns)


def answers_outside(truths: list[Truth], allowed: dict[str, set[int]]) -> list[str]:
    """Problems where a question's expected number is not among the values its kind may have,
    recomputed by the scenario's check from the facts (``allowed``: what -> values)."""
    problems = []
    for t in truths:
        what = t.kind.split(".", 1)[1]
        expected = set(t.expect.get("numbers", [])) | set(t.expect.get("numbers_any", []))
        if what in allowed and not expected <= allowed[what]:
            problems.append(f"{t.kind}: expects {sorted(expected)}, the facts allow {sorted(allowed[what])}")
    return problems


CARD_NUMBER = r"\d{12,}"  # a bank card's digits (an absent card number: no such run besides the ID)


def build_new_questions(case: NewCase, script: Script, rendered: Rendered, rng: random.Random) -> list[Truth]:
    asker = Asker(case, script, rendered, rng)
    case.scenario.ask(asker)
    return asker.truths
