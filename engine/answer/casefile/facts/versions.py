"""Versions of one fact told on two occasions: a later statement that takes back, reconsiders or
restates with a hedge a figure told before (前面说的那个数可能说多了，大概七十公里/小时上下 / 我再想了一下，
286是总人数…真正下注的是238个 / 可能只给了他八千，也可能给的就是一万，我记不清了).

The later figure becomes a row that ``corrects`` the earlier one (``versions_of`` then gives both,
oldest first), so every answer over that fact reports each version with its page and names the
later one — none is silently chosen, and a total over it carries the conflict.

Which rows are the same fact:
- quantities: the same unit (or the generic classifier 个 for a count said before in another
  count unit: 286个人 … 238个), told in a statement that refers back (the asker restating the earlier
  figure, or the answer taking it back or reconsidering) or takes the earlier figure up to explain it
  (286是群里显示的总人数，…真正下注的是238个); the earlier row is the one whose figure the later
  statement says again, else (referring back) the only earlier row of that unit; the later row is the last
  figure of that unit the earlier statement did not already say (我开五十左右 … 我当时开到五十 is the
  speaker's own speed told again, not a version of the other car's);
- money: a movement told again in a statement that hedges or takes back (记不清, 说不准, 说错了),
  where one sentence says the earlier act's figure again and another figure of the same kind as
  its alternative (可能八千，也可能一万 / 五千或者六千), no occurrence (第二次) telling them apart: the figure said again is a mention of the act, the other one its
  later version. A statement telling another act (又给了, 另外) has no version of this one.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.facts.model import CaseLedger, Event, Statement
from engine.text.case_lexicon import (AGAIN, ALTERNATIVES, DOCUMENT_NAMED, FEE_NAMED, RESTATE, REVISED, UNCERTAIN, UNIT_FAMILIES,
                                      VALUE_MEASURES)
from engine.text.numbers import find_numbers

# Units that measure (a weight, a distance, a speed, a span, a share, a concentration): a figure in
# the generic classifier 个 is never one of them.
_MEASURED = frozenset().union(*UNIT_FAMILIES.values(), {"公里/小时", "mg/100ml", "毫升", "升"})
_GENERIC = "个"


def same_unit(a: str | None, b: str | None) -> bool:
    """Two figures can be of one count or measure: the same unit, or the generic classifier beside
    a counting unit (286个人 … 238个; 五部手机 … 四个)."""
    if a is None or b is None:
        return a is b
    if a == b:
        return True
    return _GENERIC in (a, b) and not ({a, b} - {_GENERIC}) & _MEASURED


def refers_back(statement: Statement) -> bool:
    """The statement speaks of a figure told before: the asker restates it (你前面说…) or the answer
    takes it back or reconsiders it (说错了 / 前面说的那个数 / 我再想了一下)."""
    return bool(RESTATE.search(statement.question) or REVISED.search(statement.answer))


def hedged(statement: Statement) -> bool:
    """The answer is unsure of what it tells (记不清, 说不准) or takes something back."""
    return bool(UNCERTAIN.search(statement.answer) or REVISED.search(statement.answer))


def said_numbers(text: str) -> set[Decimal]:
    return {n.value for n in find_numbers(text)}


# A figure said again as what the speaker now explains (一百二十是群里显示的总数 / 二十多个是我看到的总数):
# the number, its counting word at most, then 是 / 指.
_EXPLAINED = re.compile(r"^(?:多)?(?:个人|个|人|名)?(?:就|只|其实|实际)?(?:是|指|说的是)")


def explained_numbers(text: str) -> set[Decimal]:
    """The figures a statement takes up to explain them (286是群里显示的总人数)."""
    return {n.value for n in find_numbers(text) if _EXPLAINED.match(text[n.end:])}


def _quantities(ledger: CaseLedger) -> list[Event]:
    return [e for e in ledger.events if e.unit is not None and e.amount is not None and e.role in ("value", "total")
            and e.source == "answer" and not e.corrects and not e.same_as]


def _target(earlier: list[Event], unit: str, repeated: set[Decimal], back: bool) -> Event | None:
    """The earlier row a later statement speaks of: the latest whose figure it says again (a count
    of one is no figure told: 一个 is a word), else — when the statement refers back to a figure told
    before (``back``) — the only figure told in exactly that unit."""
    again = [e for e in earlier if same_unit(e.unit, unit) and e.amount.value in repeated and e.amount.value > 1]
    if again:
        return again[-1]
    own = [e for e in earlier if e.unit == unit and e.amount.value > 1]
    return own[-1] if back and len({e.amount.value for e in own}) == 1 else None


def link_quantity_versions(ledger: CaseLedger) -> None:
    """A later statement saying an earlier figure again with another beside it (一百二十是群里显示的总数，
    真正下注的也就三十来个), or referring back to it (前面说的那个数可能说多了，大概七十): its own figure is
    the later version. A statement adding to a figure (第二次又两部，一共四部) tells more, not another
    version."""
    rows = _quantities(ledger)
    for statement in ledger.statements:
        if statement.kind != "qa":
            continue
        later = [e for e in rows if e.statement == statement.index and not e.corrects]
        if not later or any(AGAIN.search(e.words) for e in later):
            continue
        back = refers_back(statement)
        # the figure told before, said again: by the asker or the answer when the statement refers back
        # to it (你前面说有286个人…), else only as the figure the answer explains (286是…总人数)
        repeated = said_numbers(statement.question + statement.answer) if back else explained_numbers(statement.answer)
        earlier = [e for e in rows if e.statement < statement.index and not e.corrects]
        done: set[str] = set()
        for unit in dict.fromkeys(e.unit for e in later):
            target = _target(earlier, unit, repeated, back)
            if target is None or target.id in done:
                continue
            # a list told again (铜芯电缆300米、铝芯电缆200米 … 铜芯电缆350米、铝芯电缆200米): which item each
            # figure is of is the goods lists' to tell (answer/casefile/goods.py), not a figure said again
            # (told in one unit each time: 帮手一共7个…还有两个 … 一共是9个人，有两个… is one count told again)
            if sum(e.unit == unit for e in later) > 1 and \
                    sum(e.statement == target.statement and e.unit == target.unit for e in rows) > 1:
                continue
            told_then = said_numbers(ledger.statements[target.statement].answer)
            # the last figure of that count the earlier statement did not say (its own speed told again
            # beside the other's is no version)
            new = [e for e in later if same_unit(e.unit, target.unit) and e.amount.value != target.amount.value
                   and e.amount.value not in told_then and e.amount.value > 1]
            if not new:
                continue
            version = next((e for e in reversed(new) if e.role == "total"), new[-1])
            version.corrects = target.id
            done.add(target.id)


def _alternatives(ledger: CaseLedger, a: Event, b: Event) -> bool:
    """Two figures of one sentence that says they are alternatives (可能八千，也可能一万)."""
    if a.sentence != b.sentence:
        return False
    statement = ledger.statements[a.statement]
    start = a.sentence.start - statement.answer_offset
    said = statement.answer[max(0, start):max(0, a.sentence.end - statement.answer_offset)]
    return bool(ALTERNATIVES.search(said))


def _same_occasion(a: Event, b: Event) -> bool:
    """No occurrence said (第二次) that tells them apart."""
    return a.ordinal is None or b.ordinal is None or a.ordinal == b.ordinal


def link_money_versions(ledger: CaseLedger) -> None:
    """A hedged statement telling an earlier movement again beside its alternative (这个我说不准了。可能
    只给了他八千，也可能给的就是一万): the figure said again is a mention of that movement, the other one
    its later version — a conflict of one payment, never a second payment to add up."""
    movements = [e for e in ledger.events if e.unit is None and e.role == "event" and e.amount is not None
                 and not e.corrects and not e.same_as]
    for statement in ledger.statements:
        if statement.kind != "qa" or not hedged(statement):
            continue
        own = [e for e in movements if e.statement == statement.index and e.source == "answer"]
        if len(own) < 2:
            continue
        earlier = [e for e in movements if e.statement < statement.index]
        for again in own:
            acts = [e for e in earlier if e.kind == again.kind and e.amount.value == again.amount.value
                    and _same_occasion(e, again)]
            if len(acts) != 1 or AGAIN.search(again.words):
                continue  # no act, or several, told with that figure: whose version it is is not said
            act = acts[0]
            others = [e for e in own if e is not again and e.kind == act.kind and e.amount.value != act.amount.value
                      and _alternatives(ledger, e, again) and _same_occasion(e, act)
                      and not AGAIN.search(e.words) and not e.corrects]
            if len(others) != 1:
                continue
            again.role, again.same_as = "mention", act.id
            others[0].corrects = act.id
            others[0].payer, others[0].payee = others[0].payer or act.payer, others[0].payee or act.payee
            others[0].ordinal = others[0].ordinal or act.ordinal
            break


def document_named(asked: str) -> str:
    """The document the asker reads a figure from, by its kind (行政处罚决定书, 银行流水); "" when
    the question names none."""
    found = DOCUMENT_NAMED.search(asked)
    return re.sub(r"^(?:你|我|他|她)(?:们)?的?", "", found.group(0)) if found else ""


def link_document_versions(ledger: CaseLedger) -> None:
    """A figure of something (a fine, an appraisal, a price) the asker reads out from a document
    (现向你出示…处罚决定书，上面写明…罚款捌仟元) that differs from the one figure of that measure the
    speaker told himself before (罚了我五千块钱): the document's figure is a later version of it,
    attributed to the document — a conflict to report, never one of them chosen. Another person's
    account put to the speaker is _link_put_versions' (build.py); a speaker who told that measure
    with several figures, or with the document's own, has no single figure it is a version of."""
    for read in [e for e in ledger.events if e.source == "asker" and not e.told_by and e.role == "value"
                 and e.measure in VALUE_MEASURES and e.amount is not None and not e.corrects]:
        told = [e for e in ledger.events if e.source == "answer" and e.role == "value" and e.measure == read.measure
                and e.unit == read.unit and e.amount is not None and not e.corrects and not e.same_as
                and e.statement < read.statement]
        if len({e.amount.value for e in told}) != 1 or told[0].amount.value == read.amount.value:
            continue
        read.corrects = told[-1].id
        read.read_from = document_named(ledger.statements[read.statement].question) or "讯问人宣读的材料"


def _fee_of(ledger: CaseLedger, event: Event) -> str | None:
    """The one fee the row's sentence names (…交了九百八十元的会员费 / 会员费…收一千六百八十元)."""
    statement = ledger.statements[event.statement]
    start = max(0, event.sentence.start - statement.answer_offset)
    fees = set(FEE_NAMED.findall(statement.answer[start:max(0, event.sentence.end - statement.answer_offset)]))
    return fees.pop() if len(fees) == 1 else None


def link_fee_versions(ledger: CaseLedger) -> None:
    """One fee (会员费) told with another figure by another person questioned in the same file (the
    daughter's 询问: 交了九百八十元的会员费; the victim's: 会员费…收一千六百八十元): the later person's
    figure is a version of the earlier's, each attributed to whoever told it. Only when each person
    tells that fee with one figure: several figures of it by one person are several payments."""
    rows = [e for e in ledger.events if e.unit is None and e.amount is not None and e.source == "answer"
            and e.role in ("event", "cost", "value") and not e.corrects and not e.same_as]
    by_fee: dict[str, list[Event]] = {}
    for e in rows:
        fee = _fee_of(ledger, e)
        if fee is not None:
            by_fee.setdefault(fee, []).append(e)
    for told in by_fee.values():
        by_person: dict[str, list[Event]] = {}
        for e in told:
            speaker = ledger.statements[e.statement].speaker
            if speaker:
                by_person.setdefault(speaker, []).append(e)
        if len(by_person) < 2 or any(len({e.amount.value for e in own}) != 1 for own in by_person.values()):
            continue
        first = by_person[next(iter(by_person))][0]
        # one payment of the fee: told as paid (交了…会员费 read as a cost, 收…元 as a payment) by either
        # person, it is a movement in every version
        paid = next((e for e in told if e.role == "event"), None)
        for own in list(by_person.values())[1:]:
            if own[0].amount.value != first.amount.value:
                own[0].corrects = first.id
                for e in (first, own[0]):
                    if paid is not None:
                        e.kind, e.role, e.measure = paid.kind, paid.role, paid.measure
                # who paid whom, as either telling names them (我给的是现金 names the payer the daughter's
                # 交了…的会员费 leaves unsaid)
                for a, b in ((first, own[0]), (own[0], first)):
                    a.payer, a.payee = a.payer or b.payer, a.payee or b.payee


def link_versions(ledger: CaseLedger) -> None:
    """Every later telling of a figure that differs from the earlier one becomes its version."""
    link_money_versions(ledger)
    link_document_versions(ledger)
    link_fee_versions(ledger)
    link_quantity_versions(ledger)
