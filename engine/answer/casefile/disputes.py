"""Figures the sides of a hearing state differently (庭审笔录: 原告 says one thing, 被告 another):
which side states a row, and a stated quantity total one of whose parts the other side says was
not so (第一批我只收到1090件，不是1170件) — the total under each side's account, attributed, never
one side's figure as settled."""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.said import _anchor, _sentences
from engine.answer.model import Conflict
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.facts import Event, versions_of
from engine.text.dates import find_dates
from engine.text.lines import join_pdf_lines
from engine.text.numbers import find_amounts
from engine.text.segments import flat


def side_of(case: Case, event: Event, hearing: bool = False) -> str | None:
    """The side (原告, 被告 …) or, unless ``hearing``, the person whose statement gives the row."""
    statement = case.ledger.statement_of(event)
    if statement.party in HEARING_SIDES:
        return statement.party
    return None if hearing else statement.speaker


def voice_of(case: Case, event: Event) -> str:
    """Who gives a version of a fact the asker put (郑某供述…—我只给了他3万元): the person whose account
    the asker cited, else the speaker himself (某某本人)."""
    if event.told_by:
        return event.told_by
    if event.read_from:  # a document the asker read out (讯问人宣读的行政处罚决定书)
        return f"问话中宣读的{event.read_from}"
    speaker = case.ledger.statement_of(event).speaker
    return f"{speaker}本人" if speaker else "本人"


def record_note(case: Case, event: Event) -> str:
    """，经出示记录，本人确认「对」；此前称「8月下旬…记不清」（E2），以记录为准: for a fact the asker
    put and the speaker confirmed, how it was confirmed and the vaguer telling it makes exact."""
    notes = [event.confirmed] if event.confirmed else []
    told = case.ledger.by_id(event.refines) if event.refines else None
    if told is not None:
        notes.append(f"此前称{quoted(case.text_of(told.sentence))}（{case.cite_event(told)}），以记录为准")
    return "".join(f"，{n}" for n in notes)


def disputed_figure(case: Case, asked: str, outcome: Outcome) -> bool:
    """某某分给他4万元是真的吗: a figure the question names that is one account of an act told two
    ways (another person's, put to the speaker, and the speaker's own) is answered with both
    accounts, attributed, as a conflict — never a yes or a no from one of them."""
    named = {a.value for a in find_amounts(asked)}
    for row in case.ledger.events:
        if not row.told_by or row.corrects or row.amount is None:
            continue
        chain = [v for v in versions_of(case.ledger, row) if v.amount is not None]
        if len({v.amount.value for v in chain}) < 2 or not named & {v.amount.value for v in chain}:
            continue
        ids = [case.cite_event(v) for v in chain]
        said = "；".join(f"{voice_of(case, v)}称{flat(v.amount.text)}（{i}）" for v, i in zip(chain, ids))
        outcome.conflicts.append(Conflict("testimony", f"金额说法不一：{said}", ids))
        outcome.add(Part("是否属实", f"说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
        return True
    return False


def voiced(case: Case, versions: list[Event]) -> bool:
    """Versions of which one is another person's account put to the speaker or a document read out,
    or versions told by different persons questioned in one file (the daughter's 询问, then the
    victim's): each is attributed to whoever gives it — none of them is the later word of the other."""
    if any(v.told_by or v.read_from for v in versions):
        return True
    speakers = {case.ledger.statement_of(v).speaker for v in versions if v.source == "answer"}
    return len(speakers - {None}) > 1


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


# The figure before it denied (实际付款金额是5999元，不是6499元 / 并非6499元).
_DENIED_BEFORE = re.compile(r"(?:不\s*是|并\s*非|而\s*非)\s*$")  # (a PDF's line break anywhere: 不\n是)


def denied_figures(case: Case, outcome: Outcome) -> None:
    """A sum the answer gives alone that a sentence of the record denies, stating another (被告：实际付款
    金额是5999元，不是6499元): that sentence is cited beside it as another account, a conflict stated
    openly — the reader decides, nothing is chosen."""
    for part in outcome.parts:
        if part.fill is not Fill.FILLED or not part.evidence:
            continue
        values = {a.value for a in find_amounts(part.text)}
        if len(values) != 1:
            continue
        (value,) = values
        found = _denial_of(case, value, part.text)
        if found is None:
            continue
        statement, sentence, other = found
        cited = case.cite(_anchor(statement, sentence))
        if cited in part.evidence:
            continue
        end = part.text.rfind("）")
        said = quoted(flat(sentence.text))
        part.text = f"{part.text[:end]}；另{cited}称{flat(other.text)}：{said}{part.text[end:]}" if end > 0 \
            else f"{part.text}（另{cited}称{flat(other.text)}：{said}）"
        part.evidence.append(cited)
        part.fill = Fill.CONFLICT
        outcome.conflicts.append(Conflict("testimony", f"材料中另有说法否认该数额：{part.evidence[0]}所述与{cited}"
                                                       f"（{said}）不一", [part.evidence[0], cited]))


def _denial_of(case: Case, value, given: str):
    """The first sentence of the record saying a sum is not ``value`` and stating another: (statement,
    sentence, the other sum), or None. A sentence dating the sum to a day the answer does not name
    (9月8日那笔是24,000.00元，不是两万元, beside the 9月10日 payment given) is of another payment."""
    days = {str(d.value)[-5:] for d in find_dates(given)}  # (MM-DD: a day told without its year is the same day)
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        for sentence in _sentences(statement):
            text = join_pdf_lines(sentence.text)
            if any(str(d.value)[-5:] not in days for d in find_dates(text)):
                continue
            amounts = find_amounts(text)
            denied = [a for a in amounts if a.value == value and _DENIED_BEFORE.search(text[:a.start])]
            others = [a for a in amounts if a.value != value]
            if denied and others:
                # the sum said instead: the one before the denial (是5999元，不是6499元), else the first after it
                before = [a for a in others if a.start < denied[0].start]
                return statement, sentence, before[-1] if before else others[0]
    return None
