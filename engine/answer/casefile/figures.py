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
from decimal import Decimal

from engine.answer.casefile.figure_relevance import best_rows
from engine.answer.casefile.case import Case
from engine.answer.casefile.goods import answer_goods_subset, said_figure
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.quantities import versions
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number
from engine.ledger import Event, versions_of
from engine.ledger.lexicon import VALUE_MEASURES
from engine.question import CasePlan
from engine.text.numbers import find_amounts

LABELS = {"valuation": "认定价值", "sale": "售得价款", "share": "分得的钱款", "penalty": "违约金",
          "contract_price": "合同价款", "wages_owed": "应发工资", "income": "总收入", "profit": "获利"}


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


def answer_figure(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    label = LABELS.get(plan.measure or "", "金额")
    rows = figure_rows(case, plan.measure)
    if (plan.goods_in or plan.goods_out) and answer_goods_subset(case, plan, outcome, rows, label):
        return  # 红塔山先不算 / 只算手机和电脑: a part of the appraisal
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
    # another person's account put to the speaker, and the figure the speaker gives instead
    told = [v for e in chosen if e.told_by and e.told_by != plan.focus.said_by
            for v in versions_of(case.ledger, e)[1:] if v.amount is not None]
    versions(case, label, chosen + told, outcome, said_figure)


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
    text = f"材料显示{label}共计{said_figure(stated)}（{cited}）"
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
    versions(case, "单价", chosen, outcome, said_figure)
