"""Assemble a case ledger: statements, events, corrections linked to what they correct, and the
chronological order of each kind of movement."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Iterable

from engine.ledger.extract import UNSAID_KIND, known_people, other_party, read_events
from engine.ledger.lexicon import GENERIC_KINDS
from engine.ledger.model import CaseLedger, Correction, Event
from engine.ledger.statements import read_statements
from engine.text.lines import join_pdf_lines
from engine.text.names import names_in, recurring_names
from engine.types import Chunk

# Bumped whenever extraction changes, so stored ledgers are rebuilt (engine/ledger/store.py).
LEDGER_VERSION = 22


def build_ledger(doc_id: str, chunks: Iterable[Chunk]) -> CaseLedger:
    chunks = sorted(chunks, key=lambda c: c.seq)
    statements, headers = read_statements(chunks)
    events, corrections = read_events(statements)
    # the person questioned: the answerer the turns pair with the asker (a hearing's other parties,
    # whose turns are statements too, are not it), else the first speaker
    answerers = {c.meta.get("answerer") for c in chunks if c.chunk_type in ("qa", "qa_part")}
    subject = next((s.speaker for s in statements if s.speaker and s.speaker in answerers), None) or \
        next((s.speaker for s in statements if s.speaker), None)
    ledger = CaseLedger(doc_id, statements, events, corrections, headers, subject,
                        people_of(statements, headers), other_party(statements, known_people(statements)))
    _resolve_unsaid_kind(ledger)
    _inherit_series_kind(ledger)
    _chronology(ledger)  # corrections name occurrences by order too
    _link_corrections(ledger)
    _link_same_ordinal(ledger)
    _chronology(ledger)
    return ledger


# jieba reads 转给某甲伍仟元 as a name 某甲伍: a known name plus a numeral or a verb is not one.
_NOT_A_NAME_TAIL = frozenset("一二三四五六七八九十两壹贰叁肆伍陆柒捌玖拾百千万道说讲问要给让叫受打和跟")


def people_of(statements, headers: dict[int, dict[str, str]]) -> list[str]:
    """Everyone the file names: header persons, speakers, names jieba tags in answers and the
    names the record repeats (recurring_names), longest first."""
    found: set[str] = set()
    for fields in headers.values():
        for key, value in fields.items():
            if re.search(r"人|员|嫌疑|证人|被害", key):
                found.update(p for p in re.split(r"[、，,\s]+", value) if 2 <= len(p) <= 4)
    found.update(s.speaker for s in statements if s.speaker)
    text = "\n".join(s.question + "\n" + s.answer for s in statements)
    for statement in statements:
        if statement.kind != "header":
            found.update(names_in(statement.answer))
    found.update(recurring_names(join_pdf_lines(text)))
    found.update(known_people(statements))
    found = {n for n in found if not (len(n) == 3 and n[:2] in found and n[2] in _NOT_A_NAME_TAIL)}
    return sorted(found, key=lambda n: (-len(n), n))


def _same_amount(a: Decimal | None, b: Decimal | None) -> bool:
    return a is not None and b is not None and a == b


def _movements(ledger: CaseLedger) -> list[Event]:
    return [e for e in ledger.events if e.role == "event"]


def _link_corrections(ledger: CaseLedger) -> None:
    """A correction's target: the earlier row carrying the old value, else the occurrence the
    correcting sentence (or the asker's restatement) names. An amount correction is a row of its
    own that corrects the target (made from the target when the sentence names no kind); a date
    correction stays a Correction pointing at its target."""
    from engine.ledger.extract import ordinal_of

    for correction in ledger.corrections:
        earlier = [e for e in _movements(ledger) if e.statement < correction.statement and not e.corrects]
        ordinal = correction.ordinal or (ordinal_of(correction.restated) if correction.restated else None)

        def by_ordinal():
            if ordinal is None:
                return by_reference(ledger, correction, earlier)
            told = [e for e in earlier if e.ordinal == ordinal]
            return (told or [e for e in earlier if e.chrono == ordinal] or [None])[0]

        if correction.field == "amount":
            target = None
            if correction.old is not None:
                target = next((e for e in reversed(earlier) if e.amount and
                               _same_amount(e.amount.value, correction.old.value)), None)
            target = target or by_ordinal()
            if target is None:
                continue
            new_event = next((e for e in ledger.events if e.statement == correction.statement
                              and e.amount is not None and e.amount.anchor == correction.new.anchor), None)
            if new_event is None:  # 第一笔应该是4000元: the row again, with the value said now
                new_event = replace(target, id=f"{target.id}c{correction.statement}", amount=correction.new,
                                    statement=correction.statement, session=ledger.statements[correction.statement].session,
                                    sentence=correction.sentence or correction.new.anchor, uncertain=[],
                                    corrects=None)
                ledger.events.append(new_event)
            new_event.corrects = target.id
            new_event.kind = target.kind if new_event.kind in ("pay", target.kind) else new_event.kind
            new_event.ordinal = new_event.ordinal or target.ordinal
            new_event.date = new_event.date if new_event.date and new_event.date.precision != "no_year" \
                else target.date
            correction.target = target.id
        elif correction.field == "date":
            target = None
            if correction.old is not None:
                old = str(correction.old.value)
                target = next((e for e in reversed(earlier) if e.date and str(e.date.value) == old), None)
            target = target or by_ordinal()
            correction.target = target.id if target else None


def _date_matches(reference: str, value: str) -> bool:
    """2月7号 (--02-07) names 2021-02-07; 12月份 (--12) names 2023-12-20; a full date names itself."""
    reference, value = reference.lstrip("-"), str(value)
    if not value[:1].isdigit():
        return False
    if len(reference) >= 7 and reference[:4].isdigit():
        return value.startswith(reference)
    return value[5:].startswith(reference) if len(value) > 5 else False


def by_reference(ledger: CaseLedger, correction: Correction, earlier: list[Event]) -> Event | None:
    """The row a correction names by its date, month or means (2月7号那次, 给现金的那次)."""
    from engine.ledger.lexicon import MEANS
    from engine.text.dates import find_dates

    if correction.sentence is None:
        return None
    statement = ledger.statements[correction.statement]
    text = statement.answer[max(0, correction.sentence.start - statement.answer_offset):
                            correction.sentence.end - statement.answer_offset]
    text = join_pdf_lines(text)
    new_text = join_pdf_lines(correction.new.text)
    for fact in find_dates(text):
        if fact.text in new_text or new_text in fact.text:
            continue
        found = [e for e in earlier if e.date and _date_matches(str(fact.value), str(e.date.value))]
        if len(found) == 1:
            return found[0]
    month = re.search(r"(\d{1,2}|[一二三四五六七八九十]{1,3})月份?(?:那|的那)", text)
    if month:
        from engine.text.numbers import parse_number

        number = parse_number(month.group(1))
        if number is not None:
            found = [e for e in earlier if e.date and _date_matches(f"--{int(number):02d}", str(e.date.value))]
            if len(found) == 1:
                return found[0]
    for means in MEANS.finditer(text):
        found = [e for e in earlier if e.means and means.group(0) in e.means.text]
        if len(found) == 1:
            return found[0]
    return None


def _resolve_unsaid_kind(ledger: CaseLedger) -> None:
    """A total whose words name no kind (一共九万二千元) totals the file's main kind of movement."""
    counts: dict[str, int] = {}
    for e in _movements(ledger):
        counts[e.kind] = counts.get(e.kind, 0) + 1
    main = max(counts, key=counts.get) if counts else None
    for e in ledger.events:
        if e.kind == UNSAID_KIND:
            e.kind = main or UNSAID_KIND


def _inherit_series_kind(ledger: CaseLedger) -> None:
    """第四次是…我用网银转了46,500元到我老婆的卡上: a generic "handed over" verb in the Nth
    occurrence of a series continues the series told just before it (第三次…拿了…)."""
    previous: Event | None = None
    for event in _movements(ledger):
        if event.ordinal is None:
            continue
        if (previous is not None and event.kind in GENERIC_KINDS and previous.kind not in GENERIC_KINDS
                and previous.ordinal == event.ordinal - 1 and previous.session == event.session):
            event.kind = previous.kind
        previous = event


def _link_same_ordinal(ledger: CaseLedger) -> None:
    """Two statements of the same movement (same kind and ordinal) with different amounts: the later
    one is a version of the earlier, even without a correction cue."""
    seen: dict[tuple[str, int], Event] = {}
    for event in _movements(ledger):
        if event.ordinal is None or event.corrects:
            continue
        key = (event.kind, event.ordinal)
        first = seen.get(key)
        if first is None:
            seen[key] = event
        elif event.amount and first.amount and event.amount.value != first.amount.value \
                and event.statement != first.statement:
            event.corrects = first.id


def _chronology(ledger: CaseLedger) -> None:
    """Each kind's movements numbered in time: by date when every one is dated, else in the order
    they are told (the text's own ordinals, 第二次, stay apart in ``ordinal``)."""
    kinds = {e.kind for e in _movements(ledger)}
    for kind in kinds:
        events = [e for e in _movements(ledger) if e.kind == kind and not e.corrects]
        dated = all(e.date is not None and str(e.date.value)[:1].isdigit() for e in events)
        if all(e.ordinal is not None for e in events):
            order = sorted(events, key=lambda e: e.ordinal)
        elif dated:
            order = sorted(events, key=lambda e: str(e.date.value))
        else:
            order = events
        for n, e in enumerate(order, start=1):
            e.chrono = n
        for e in ledger.events:  # a later statement of a row is that row's occurrence
            if e.corrects and e.kind == kind:
                target = ledger.by_id(e.corrects)
                e.chrono = target.chrono if target else None


def corrections_of(ledger: CaseLedger, event: Event) -> list[Correction]:
    return [c for c in ledger.corrections if getattr(c, "target", None) == event.id]


def versions_of(ledger: CaseLedger, event: Event) -> list[Event]:
    """The event and every later statement of it (corrections), oldest first."""
    chain = [event]
    for other in ledger.events:
        if other.corrects == event.id:
            chain.append(other)
    return chain
