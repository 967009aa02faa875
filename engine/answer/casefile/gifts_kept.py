"""The gifts of one giver less those given back (姓柯的那个老板送的东西，刨掉退回去的，还落下多少钱的):
the money that giver handed over (cash, cards at their face value) and the goods that giver left,
each good either given back (told so: 把手表…还给了她) and left out, or kept and counted at its
appraisal.

Every term is shown with its quote and cited row. The answer needs review, naming why, when the
giver cannot be told, when a good kept has no appraisal (it cannot be counted in money), or when a
good's appraisal cannot be told apart from another's; money given back to the giver is taken off.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Anchor, Event
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number, quoted, said_figure
from engine.question import CasePlan
from engine.text.case_lexicon import GIVEN_BACK

_LABEL = "未退还的财物价值"
# 姓柯的那个老板 / 柯老板: the surname a question calls the giver by
_BY_SURNAME = re.compile(r"^姓(?P<surname>[\u4e00-\u9fff])的")
# a container a good came in is not the good (手表盒子 → 手表, 粽子礼盒 → 粽子)
_CONTAINER = re.compile(r"(?:礼盒|盒子|盒|袋子|袋|包装|信封)$")


def _giver(case: Case, plan: CasePlan) -> str | None:
    people = case.people()
    named = [n for n in plan.names if n in people]
    if named:
        return named[0]
    for nick in plan.nicknames + plan.aliases:
        by = _BY_SURNAME.match(nick)
        surname = by.group("surname") if by else None
        if surname:
            found = [p for p in people if p[0] == surname and 2 <= len(p) <= 3]
            found = [p for p in found if not any(q != p and q in p for q in found)]
            if len(found) == 1:
                return found[0]
        elif (who := case.resolve_alias(nick)) is not None:
            return who
    return None


def _statement_text(case: Case, event: Event) -> str:
    statement = case.statement(event.statement)
    return statement.asked if event.source == "asker" and statement.asked else statement.answer


def _appraisal(case: Case, word: str) -> list[Event]:
    """The appraisals whose own stretch of their statement (from the figure before to this one) names
    the good."""
    found = []
    for row in case.ledger.money:
        if row.measure != "valuation" or row.role != "value" or row.corrects or row.amount is None or row.payer:
            continue
        text = _statement_text(case, row)
        at = text.find(row.words)
        before = text[:at] if at >= 0 else ""
        stretch = re.split(r"[；;。]|元[，,]", before)[-1] if before else ""
        if word and word in stretch + row.words:
            found.append(row)
    return found


def _given_back(case: Case, giver_goods: Event, word: str) -> tuple[str, str] | None:
    """The sentence telling the good given back (its own words or its question name the good), with
    its citation."""
    for statement in case.ledger.statements:
        if statement.kind != "qa" or statement.index <= giver_goods.statement:
            continue
        at = 0
        for sentence in re.split(r"(?<=[。！？；])", statement.answer):
            start, at = at, at + len(sentence)
            if GIVEN_BACK.search(sentence) and (word in sentence or word in statement.question):
                anchor = Anchor(statement.chunk_id, statement.answer_offset + start, statement.answer_offset + at)
                return sentence, case.cite(anchor)
    return None


def _good(case: Case, subject: str) -> str | None:
    """The good a counted thing is (手表盒子 → 手表): what a container held, else a thing an
    appraisal or a giving-back names; None for anything else the count was read of."""
    inner = _CONTAINER.sub("", subject)
    if inner != subject:
        return inner[-2:] if len(inner) >= 2 else None
    return subject[-2:] if _appraisal(case, subject[-2:]) else None


def answer_gifts_kept(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    if not plan.gifts_kept:
        return False
    giver = _giver(case, plan)
    if giver is None:
        outcome.add(Part("送财物的人", "", Fill.MISSING))
        return True
    given = [e for e in case.ledger.money if e.kind == "pay" and e.payer == giver and e.role in ("event", "total")
             and not e.corrects and e.amount is not None and not e.amount.approx and e.unit is None]
    # a total stated with its items in one statement stands for them
    totals = {e.statement for e in given if e.role == "total"}
    given = [e for e in given if e.role == "total" or e.statement not in totals]
    back_money = [e for e in case.ledger.money if e.kind == "repay" and e.payee == giver and not e.corrects
                  and e.amount is not None]
    goods = [(e, word) for e in case.ledger.events if e.kind == "quantity" and e.payer == giver and e.subject
             and (word := _good(case, e.subject))]
    kept, returned, unvalued = [], [], []
    for good, word in goods:
        back = _given_back(case, good, word)
        if back is not None:
            returned.append((good, word, back))
            continue
        values = _appraisal(case, word)
        if len(values) == 1:
            kept.append((good, word, values[0]))
        else:
            unvalued.append((good, word))
    if not given and not kept:
        outcome.add(Part(_LABEL, "", Fill.MISSING))
        return True
    plus = [(e, Decimal(str(e.amount.value))) for e in given] + [(v, Decimal(str(v.amount.value))) for _, _, v in kept]
    minus = [(e, Decimal(str(e.amount.value))) for e in back_money]
    ids = [case.cite_event(e, "completion") for e, _ in plus + minus]
    currencies = {e.currency for e, _ in plus + minus}
    result = sum((v for _, v in plus), Decimal(0)) - sum((v for _, v in minus), Decimal(0))
    if len(currencies) > 1 or result < 0:
        why = "所涉款项币种不同" if len(currencies) > 1 else "退还的款项多于所送，结果为负"
        outcome.add(Part(_LABEL, f"无法得出：{why}，需人工复核", Fill.CONFLICT, ids))
        return True
    currency = next(iter(currencies))
    expression = " + ".join(plain_number(v) for _, v in plus)
    if minus:
        expression = f"({expression}) - " + " - ".join(plain_number(v) for _, v in minus)
    outcome.calculations.append(Calculation(expression, result, None, True, ids, f"{giver}所送财物减去已退还的部分"))
    steps = [f"{said_figure(e.amount, e.currency)}（{quoted(e.words)}，{i}）" for (e, _), i in zip(plus, ids)]
    text = f"{giver}所送财物中未退还的共计{money(result, currency)}：{'，'.join(steps)}"
    if minus:
        text += "，减去已退还的" + "、".join(f"{said_figure(e.amount, e.currency)}" for e, _ in minus)
    for good, word, (back, cited) in returned:
        ids.append(cited)
        text += f"；{word}已退还（{quoted(back)}，{cited}），未计入"
    fill = Fill.FILLED
    if unvalued:  # a good kept with no appraisal: the figure is of the rest only
        fill = Fill.CONFLICT
        text += "；" + "、".join(f"{quoted(good.words)}中的{word}" for good, word in unvalued) + \
            "未见价格认定，未计入，需人工复核"
    outcome.add(Part(_LABEL, text, fill, ids))
    return True
