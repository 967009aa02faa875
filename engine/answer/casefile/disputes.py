"""Figures the sides of a hearing state differently (庭审笔录: 原告 says one thing, 被告 another):
which side states a row, and a stated quantity total one of whose parts the other side says was
not so (第一批我只收到1090件，不是1170件) — the total under each side's account, attributed, never
one side's figure as settled."""

from __future__ import annotations

from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Conflict
from engine.answer.wording import plain_number
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.ledger import Event
from engine.text.segments import flat


def side_of(case: Case, event: Event, hearing: bool = False) -> str | None:
    """The side (原告, 被告 …) or, unless ``hearing``, the person whose statement gives the row."""
    statement = case.ledger.statement_of(event)
    if statement.party in HEARING_SIDES:
        return statement.party
    return None if hearing else statement.speaker


def disputed_quantity_total(case: Case, stated: Event, parts: list[Event], said: str, label: str,
                            outcome: Outcome) -> bool:
    """``said`` (the stated total, cited) beside the total under the other side's account of one of
    its parts, as a conflict. False when no other side of a hearing disputes a part."""
    mine = side_of(case, stated, hearing=True)
    # the parts as the stated total's side tells them (第一批…1170件，第二批…), whichever the answer chose
    told = [e for e in case.ledger.events if e.role == "value" and e.unit == stated.unit and e.amount is not None
            and not e.corrects and e.amount.value < stated.amount.value and side_of(case, e, hearing=True) == mine]
    values = {e.amount.value for e in [*parts, *told] if e.amount is not None and e.unit == stated.unit}
    for correction in case.ledger.corrections:
        if correction.field != "quantity" or correction.clerical or correction.unit != stated.unit \
                or correction.old is None or correction.new is None or correction.sentence is None:
            continue
        other = case.ledger.statements[correction.statement].party
        if other not in HEARING_SIDES or other == mine or correction.old.value not in values:
            continue
        alternative = stated.amount.value - correction.old.value + correction.new.value
        if alternative <= Decimal(0):
            continue
        cited = case.cite(correction.sentence)
        ids = [case.cite_event(stated), cited]
        # the part's two figures stay in the conflict panel: the conclusion states only the totals
        theirs = f"按{other}所述（{cited}）共{plain_number(alternative)}{stated.unit}"
        detail = f"{other}称其中{flat(correction.new.text)}、不是{flat(correction.old.text)}（{cited}）"
        text = f"{mine}称{said}；{theirs}" if mine else f"{said}；{theirs}"
        outcome.conflicts.append(Conflict("testimony", f"{label}双方说法不一：{text}；{detail}", ids))
        outcome.add(Part(label, f"{label}双方说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
        return True
    return False
