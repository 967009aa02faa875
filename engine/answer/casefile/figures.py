"""Sums of money that are the measure of something rather than a movement between parties: an
appraisal (价格认定), the price goods were sold for, one's share of the proceeds, wages owed, a
penalty. Answered from the ledger's value rows of the measure asked (engine/ledger/lexicon.py
MEASURES), about the thing or person the question names.

A figure told differently by different statements or documents (卖了七千 vs a dealer's record of
8,640元) is given in each version, the latest named. A total the record states is given, and
checked against its items when they are told one by one; items identified only loosely are not
set against it (a sum of what happened to be found is no check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.figure_relevance import best_rows
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.quantities import versions
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import money, plain_number, said_amount
from engine.ledger import Anchor, Event, versions_of
from engine.ledger.extract import per_piece
from engine.ledger.lexicon import VALUE_MEASURES
from engine.question import CasePlan
from engine.text.numbers import find_amounts

LABELS = {"valuation": "认定价值", "sale": "售得价款", "share": "分得的钱款", "penalty": "违约金",
          "contract_price": "合同价款", "wages_owed": "应发工资"}


def figure_rows(case: Case, measure: str | None) -> list[Event]:
    return [e for e in case.ledger.money if e.measure == measure and e.role in ("value", "total", "part")
            and not e.corrects and e.amount is not None]


def goods_value(case: Case, goods: Event) -> Event | None:
    """The appraisal of goods got back: the one valuation row naming the same goods (vivo手机 →
    「vivo手机一部认定价值1680元」); None when none or several do."""
    subject = goods.subject
    latin = re.findall(r"[A-Za-z0-9]{2,}", subject)
    words = latin or [subject[i:i + 2] for i in range(len(subject) - 1)]
    scored = []
    for row in case.ledger.money:
        if row.measure == "valuation" and row.role == "value" and not row.corrects and row.amount is not None:
            hits = sum(1 for w in words if w.lower() in row.words.lower())
            if hits:
                scored.append((hits, row))
    if not scored:
        return None
    best = max(h for h, _ in scored)
    top = [row for h, row in scored if h == best]
    return top[0] if len(top) == 1 else None


def asks_figure(case: Case, plan: CasePlan) -> bool:
    return plan.measure in VALUE_MEASURES and bool(figure_rows(case, plan.measure))


def _recovered_values(case: Case) -> list[Event]:
    """The appraisals of the goods got back, one per recovered item; none unless every item got
    back matches exactly one appraisal (a sum over some of them would be a wrong figure)."""
    recovered = [e for e in case.ledger.events if e.role == "recovered"]
    values = [goods_value(case, goods) for goods in recovered]
    if not values or any(v is None for v in values):
        return []
    for goods in recovered:
        case.cite_event(goods, "completion")
    return list({id(v): v for v in values}.values())


def _said(event: Event) -> str:
    text = said_amount(event.amount.text, event.amount.value, event.currency)
    return f"{text}（约数）" if event.amount.approx and "约" not in text else text


def answer_figure(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    label = LABELS.get(plan.measure or "", "金额")
    rows = figure_rows(case, plan.measure)
    if plan.goods_recovered:
        rows = _recovered_values(case)
        if not rows:  # goods got back none of which matches one appraisal: never the whole
            outcome.add(Part(f"追回财物的{label}", "", Fill.MISSING))
            return
    totals = [e for e in rows if e.role == "total"]
    items = [e for e in rows if e.role in ("value", "part")]
    if plan.aggregate == "total" and totals:
        stated = best_rows(case, plan, totals) or totals
        _stated_total(case, label, stated[-1], best_rows(case, plan, items), outcome)
        return
    chosen = best_rows(case, plan, items) or best_rows(case, plan, totals)
    if not chosen:
        outcome.add(Part(label, "", Fill.MISSING))
        return
    if plan.aggregate == "total" and len({e.statement for e in chosen}) == 1 and len(chosen) > 1:
        # 价格认定合计 over the items read out one by one — unless the statement holds another figure
        # not read as one of them (金手镯认定价值 一万九千六百八十元): a sum of some items is a wrong total
        statement = case.statement(chosen[0].statement)
        told = statement.asked if chosen[0].source == "asker" else statement.answer
        if len(find_amounts(told)) > len(chosen):
            outcome.add(Part(label, "", Fill.MISSING))
            return
        _sum(case, label, chosen, outcome)
        return
    versions(case, label, chosen, outcome, _said)


def _sum(case: Case, label: str, items: list[Event], outcome: Outcome) -> None:
    result = sum((e.amount.value for e in items), Decimal(0))
    ids = [case.cite_event(e, "completion") for e in items]
    currency = items[0].currency
    outcome.calculations.append(Calculation(" + ".join(plain_number(e.amount.value) for e in items), result,
                                            None, True, ids, f"{label}各项相加"))
    outcome.add(Part(label, f"共计{money(result, currency)}：各项相加复算为{money(result, currency)}"
                            f"（{'、'.join(ids)}）", Fill.FILLED, ids))


def _stated_total(case: Case, label: str, stated: Event, items: list[Event], outcome: Outcome) -> None:
    """The total as stated; its items added up beside it when they add up to it."""
    cited = case.cite_event(stated)
    text = f"材料显示{label}共计{_said(stated)}（{cited}）"
    own = [e for e in items if e.currency == stated.currency and not e.amount.approx]
    if len(own) >= 2 and sum((e.amount.value for e in own), Decimal(0)) == stated.amount.value:
        ids = [case.cite_event(e, "completion") for e in own]
        outcome.calculations.append(Calculation(
            " + ".join(plain_number(e.amount.value) for e in own), stated.amount.value, stated.amount.value,
            True, [*ids, cited], f"{label}各项相加"))
        text += f"；各项相加复算为{money(stated.amount.value, stated.currency)}（{'、'.join(ids)}），与所述一致"
    outcome.add(Part(label, text, Fill.FILLED, [cited]))


def answer_unit_price(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """单价是每吨多少钱: the figures per piece the record states (每台2450元, 单价450元/吨) about the
    thing asked; not found rather than a sum or a total."""
    rows = [e for e in case.ledger.money if e.role == "each" and not e.corrects and e.amount is not None]
    chosen = best_rows(case, plan, rows)
    if not chosen:
        outcome.add(Part("单价", "", Fill.MISSING))
        return
    versions(case, "单价", chosen, outcome, _said)


# A rate's unit and the units a count of it is said in (一个月六千元 … 一共六个月).
_RATE_COUNTS = {"月": ("个月", "月"), "天": ("天", "日"), "日": ("天", "日"), "件": ("件",), "小时": ("小时",)}


# The rest of a worker's account said unpaid in the same sentence (剩下的一直没给, 一分钱都没拿到): the
# sentence tells the whole of it, so what it says was paid is all that was.
_REST_UNPAID = re.compile(r"剩下的?(?:钱|工钱|工资)?(?:一直|都|还)?没(?:有)?(?:给|付|结|拿到)|一分钱都没(?:有)?(?:给|付|结|拿到)")


@dataclass
class _Due:
    rate: Decimal
    count: int
    said: str  # the count as said (六个月, 3180件)
    paid: list[Decimal]  # what the sentence says was paid of it
    anchor: Anchor


def _dues_of(case: Case, person: str, corrected: set, balance: bool) -> list[_Due] | None:
    """The sentences about ``person`` saying a rate per unit and the number of units after it; with
    ``balance`` only those that also say the rest is unpaid, with what they say was paid. None when a
    figure of one of them is corrected."""
    from engine.answer.casefile.said import _sentences, told_of
    from engine.answer.casefile.talk import said_per
    from engine.text.quantities import find_quantities

    found = []
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        for sentence in _sentences(statement):
            text = sentence.text
            amounts = find_amounts(text)
            for amount in amounts:
                unit = next((u for u in _RATE_COUNTS if said_per(text, amount, u)), None)
                if unit is None:
                    continue
                if not told_of(case, statement, text, amount.start, person):
                    continue
                counts = [q for q in find_quantities(text) if q.start > amount.end and q.value > 1
                          and q.meta["unit"] in _RATE_COUNTS[unit]]
                if len({q.value for q in counts}) != 1:
                    continue
                count = counts[0]
                if Decimal(str(count.value)) in corrected or Decimal(str(amount.value)) in corrected:
                    return None
                paid = [a for a in amounts if a.start > count.end] if balance else []
                if balance:
                    rest = _REST_UNPAID.search(text, count.end)
                    if rest is None or any(a.start > rest.start() or per_piece(text, a.start, a.end) for a in paid):
                        continue
                    end = sentence.end
                else:  # quoted from the sentence's start to the end of the count's clause
                    stop = text.find("，", count.end)
                    end = sentence.start + stop if stop >= 0 else sentence.end
                anchor = Anchor(statement.chunk_id, statement.answer_offset + sentence.start,
                                statement.answer_offset + end)
                found.append(_Due(Decimal(str(amount.value)), int(count.value), text[count.start:count.end],
                                  [Decimal(str(a.value)) for a in paid], anchor))
    return found


def answer_due_by_rate(case: Case, plan: CasePlan, outcome: Outcome, balance: bool = False) -> bool:
    """应得多少工钱 with no sum booked: the rate said per unit times the number of units said after it,
    in one sentence about the person asked (一个月六千元，一共六个月 → 6000 × 6); with ``balance``
    (还欠他多少工钱) less what that sentence says was paid, when it says the rest is unpaid. Nothing
    when no person asked has such a sentence, several do, their sentences give different results, or
    a figure of it is corrected (实际是191天，不是198天) — a version the product would silently choose."""
    if plan.group:  # 郭承志和工友们一共: one person's account is no answer for several
        return False
    named = case.named_in(plan.text, plan.names)
    if plan.names and not any(n in case.people() for n in named):
        return False  # someone the file does not name: never the speaker's own figure
    asked = [n for n in named if n in case.people()] or ([case.ledger.subject] if case.ledger.subject and not named else [])
    corrected = {c.old.value for c in case.ledger.corrections if c.old is not None}
    accounts = {}
    for person in asked:
        dues = _dues_of(case, person, corrected, balance)
        if dues is None:
            return False
        if dues:
            accounts[person] = dues
    if len(accounts) != 1:
        return False
    dues = next(iter(accounts.values()))
    if len({(d.rate, d.count, tuple(d.paid)) for d in dues}) != 1:
        return False
    due = dues[0]
    result = due.rate * due.count - sum(due.paid, Decimal(0))
    if result < 0:
        return False
    if balance and _due_versions(case, plan, due, outcome):
        return True
    cited = case.cite(due.anchor)
    expression = f"{plain_number(due.rate)} * {due.count}" + "".join(f" - {plain_number(p)}" for p in due.paid)
    label = "按约定标准计算尚欠" if balance else "按约定标准计算应得"
    outcome.calculations.append(Calculation(expression, result, None, True, [cited], label + "工资",
                                            factors=[{"value": due.count, "unit": "quantity", "text": due.said}]))
    outcome.add(Part("尚欠工资" if balance else "应发工资", f"{label}{money(result)}（{cited}）", Fill.FILLED, [cited]))
    return True


def _due_versions(case: Case, plan: CasePlan, due: _Due, outcome: Outcome) -> bool:
    """A paid figure of the sentence told again differently later (补充询问：他转给我的好像是一万八千元):
    the balance under each version, the latest named, none chosen. False when no paid figure was."""
    rows = [e for e in case.ledger.money if e.role == "event" and e.amount is not None
            and e.amount.anchor.chunk_id == due.anchor.chunk_id
            and due.anchor.start <= e.amount.anchor.start < due.anchor.end and e.amount.value in due.paid]
    chains = [[v for v in versions_of(case.ledger, e) if v.amount is not None] for e in rows]
    told = next((chain for chain in chains if len({v.amount.value for v in chain}) > 1), None)
    if told is None:
        return False
    cited = case.cite(due.anchor)
    lines, ids = [], [cited]
    for n, version in enumerate(told):
        paid = [p for p in due.paid]
        paid[paid.index(told[0].amount.value)] = version.amount.value
        result = due.rate * due.count - sum(paid, Decimal(0))
        if result < 0:
            continue
        at = case.cite_event(version, "completion")
        ids.append(at)
        expression = f"{plain_number(due.rate)} * {due.count}" + "".join(f" - {plain_number(p)}" for p in paid)
        outcome.calculations.append(Calculation(expression, result, None, True, list(dict.fromkeys([cited, at])),
                                                "按约定标准计算尚欠工资",
                                                factors=[{"value": due.count, "unit": "quantity", "text": due.said}]))
        note = "（最新陈述）" if n == len(told) - 1 else "（最初陈述）" if n == 0 else ""
        lines.append(f"按{at}{note}所述已付{money(version.amount.value)}，尚欠{money(result)}")
    if len(lines) < 2:
        return False
    ids = list(dict.fromkeys(ids))
    text = "；".join(lines)
    outcome.conflicts.append(Conflict("testimony", f"已付款项说法不一，尚欠金额随之不同：{text}", ids))
    outcome.add(Part("尚欠工资", f"按约定标准计算（{cited}），已付款项说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
    return True
