"""Sums of money that are the measure of something rather than a movement between parties: an
appraisal (价格认定), the price goods were sold for, one's share of the proceeds, wages owed, a
penalty. Answered from the ledger's value rows of the measure asked (engine/text/case_lexicon.py
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
from engine.answer.casefile.disputes import voice_of, voiced
from engine.answer.casefile.goods import answer_goods_subset
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.quantities import versions
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import chinese_count, money, plain_number, said_figure, version_note
from engine.answer.casefile.facts import Event, versions_of
from engine.text.case_lexicon import VALUE_MEASURES
from engine.question import CasePlan
from engine.text.numbers import find_amounts

LABELS = {"valuation": "认定价值", "sale": "售得价款", "share": "分得的钱款", "penalty": "违约金",
          "contract_price": "合同价款", "wages_owed": "应发工资", "income": "总收入", "profit": "获利"}


def _said(event: Event) -> str:
    return said_figure(event.amount, event.currency)


def figure_rows(case: Case, measure: str | None) -> list[Event]:
    """The figures of a measure. A loss the record values (价格认定…损失价值为2,980元: a cost row of
    the valuation measure) is a valuation's figure too."""
    roles = ("value", "total", "part", "cost") if measure == "valuation" else ("value", "total", "part")
    return [e for e in case.ledger.money if e.measure == measure and e.role in roles
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
    if plan.measure == "penalty" and any("罚" in act for act in plan.focus.acts):
        label = "罚款"  # 被罚了多少钱: a fine, not a contract's 违约金
    rows = figure_rows(case, plan.measure)
    if (plan.goods_in or plan.goods_out) and answer_goods_subset(case, plan, outcome, rows, label):
        return  # 红塔山先不算 / 只算手机和电脑: a part of the appraisal
    if plan.goods_recovered:
        rows = _recovered_values(case)
        if not rows:  # goods got back none of which matches one appraisal: never the whole
            outcome.add(Part(f"追回财物的{label}", "", Fill.MISSING))
            return
    totals = [e for e in rows if e.role == "total"]
    items = [e for e in rows if e.role in ("value", "part", "cost")]
    if plan.aggregate == "total" and totals:
        stated = best_rows(case, plan, totals) or totals
        of_each = _totals_of_each_party(case, stated)
        if of_each:  # 卖给甲…一共7,200元；卖给乙…一共三千三百元: the whole is their sum
            _sum(case, label, of_each, outcome)
            return
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
    if plan.aggregate == "total" and len({e.statement for e in chosen}) > 1 and _sum_told_apart(case, label, chosen, outcome):
        return
    if plan.ordinal is not None:  # 第一回卖…: the figure of that occasion, not another sale's
        asked = [e for e in chosen if e.ordinal == plan.ordinal]
        # no figure told of the occasion asked: another occasion's, or one whose occasion was not said,
        # is no answer — unless the first is asked and the record tells one figure of the measure only
        sole = plan.ordinal == 1 and len({e.amount.value for e in rows}) == 1 and all(e.ordinal is None for e in rows)
        if not asked and not sole:
            outcome.add(Part(f"第{chinese_count(plan.ordinal)}次的{label}", "", Fill.MISSING))
            return
        chosen = asked or chosen
    # every later version of a chosen figure — another person's account put to the speaker and the
    # figure the speaker gives instead, or the reverse (某某说…给了你七千元 against his 七千五百元) —
    # never the first alone; a version the question cites from that person is already the one asked.
    # A version is of the same occasion: one said of another (第二回…) never stands for it.
    occasion = {e.id: e.ordinal for e in chosen}
    told = []
    for e in chosen:
        if e.told_by and e.told_by == plan.focus.said_by:
            continue
        for v in versions_of(case.ledger, e)[1:]:
            if v.amount is not None and v not in chosen and v not in told \
                    and (v.ordinal is None or e.ordinal is None or v.ordinal == e.ordinal):
                told.append(v)
                occasion[v.id] = e.ordinal if e.ordinal is not None else v.ordinal  # a version is of its row's occasion
    rows = chosen + told
    if len({e.amount.value for e in rows}) > 1 and len({occasion[e.id] for e in rows}) > 1:
        _by_occasion(case, label, rows, occasion, outcome)
        return
    told_of = {occasion[e.id] for e in rows}
    if plan.ordinal is None and None not in told_of and any(e.ordinal not in told_of for e in items):
        label = f"第{chinese_count(next(iter(told_of)))}次的{label}"  # one occasion of several told: named
    versions(case, label, rows, outcome, _said)


def _by_occasion(case: Case, label: str, rows: list[Event], occasion: dict[str, int | None],
                 outcome: Outcome) -> None:
    """Figures of several occasions (第一次卖…四千二百元；第二次…两千六百元): each occasion's own, its
    versions given as such — never the figures of two occasions as versions of one. A figure whose
    occasion is not said cannot be told apart from them: it is shown as such, for review."""
    lines: list[str] = []
    ids: list[str] = []
    fill = Fill.FILLED
    occasions = sorted({occasion[e.id] for e in rows if occasion[e.id] is not None})
    for ordinal in [*occasions, None]:
        group = sorted((e for e in rows if occasion[e.id] == ordinal), key=lambda e: (e.statement, e.id))
        if not group:
            continue
        name = f"第{chinese_count(ordinal)}次" if ordinal is not None else "未说明第几次的陈述"
        told: list[str] = []
        latest = max(group, key=lambda e: (e.statement, e.source == "answer"))
        for value in dict.fromkeys(e.amount.value for e in group):
            same = [e for e in group if e.amount.value == value]
            cited = list(dict.fromkeys(case.cite_event(e) for e in same))
            ids += cited
            voice = f"{voice_of(case, same[0])}称" if voiced(case, group) else ""
            told.append(f"{voice}{_said(same[0])}（{'、'.join(cited)}）" + (version_note(True) if latest in same and
                                                                        len({e.amount.value for e in group}) > 1 else ""))
        if len(told) > 1:  # one occasion told in several figures: its versions, the latest named
            fill = Fill.CONFLICT
            outcome.conflicts.append(Conflict("testimony", f"{name}{label}说法不一：{'；'.join(told)}", ids))
            lines.append(f"{name}{label}说法不一：{'；'.join(told)}")
        else:
            lines.append(f"{name}{told[0]}")
    doubt = "另有陈述未说明是第几次" if any(occasion[e.id] is None for e in rows) else None
    outcome.add(Part(label, f"{label}按次分列：{'；'.join(lines)}", fill, ids, doubt=doubt))


def _totals_of_each_party(case: Case, totals: list[Event]) -> list[Event]:
    """Stated totals each of another party than the subject (the sale to one buyer, the sale to
    another), told in different statements: the parts of a whole nobody states. None when a party
    is unsaid, two are of one party, currencies differ, or one total is the sum of the others (then
    that one is the whole, said)."""
    subject = case.ledger.subject
    parties = [next((p for p in (e.payer, e.payee) if p and p != subject), None) for e in totals]
    if len(totals) < 2 or None in parties or len(set(parties)) < len(parties) \
            or len({e.statement for e in totals}) < len(totals) or len({e.currency for e in totals}) > 1:
        return []
    whole = sum((e.amount.value for e in totals), Decimal(0))
    if any(e.amount.approx or 2 * e.amount.value == whole for e in totals):
        return []
    return sorted(totals, key=lambda e: (e.statement, e.id))


def _sum(case: Case, label: str, items: list[Event], outcome: Outcome) -> None:
    result = sum((e.amount.value for e in items), Decimal(0))
    ids = [case.cite_event(e, "completion") for e in items]
    currency = items[0].currency
    outcome.calculations.append(Calculation(" + ".join(plain_number(e.amount.value) for e in items), result,
                                            None, True, ids, f"{label}各项相加"))
    outcome.add(Part(label, f"共计{money(result, currency)}：各项相加复算为{money(result, currency)}"
                            f"（{'、'.join(ids)}）", Fill.FILLED, ids))


def _sum_told_apart(case: Case, label: str, chosen: list[Event], outcome: Outcome) -> bool:
    """一共卖了多少钱 over figures told in several statements, each of its own thing (电脑卖了九百元 … 烟卖了
    七百元 … 无人机卖了2,300元): their sum — under each version where one was corrected (无人机不是卖了两千三，
    是两千八百元), the later named; the figure taken back, said again in the correcting sentence, is no
    item. False (not summed) when two of them tell one sum (the same sale told twice cannot be told
    from two sales), currencies differ, or they are told by occasion (第一次…第二次)."""
    taken_back = {c.old.anchor for c in case.ledger.corrections if c.old is not None}
    rows = [e for e in chosen if e.amount.anchor not in taken_back]
    values = [e.amount.value for e in rows]
    if len(rows) < 2 or len(set(values)) < len(values) or len({e.currency for e in rows}) > 1 \
            or any(e.ordinal is not None for e in rows):
        return False  # (第一次…第二次…: figures told by occasion are the occasions' own, _by_occasion's)
    chains = [[v for v in versions_of(case.ledger, e) if v.amount is not None] for e in rows]
    if all(len(chain) == 1 for chain in chains):
        _sum(case, label, rows, outcome)
        return True
    currency = rows[0].currency
    lines, ids = [], []
    for name, pick in (("按最初所述", lambda chain: chain[0]), ("按更正后的说法", lambda chain: chain[-1])):
        items = [pick(chain) for chain in chains]
        result = sum((e.amount.value for e in items), Decimal(0))
        cited = list(dict.fromkeys(case.cite_event(e, "completion") for e in items))
        ids += cited
        outcome.calculations.append(Calculation(" + ".join(plain_number(e.amount.value) for e in items), result,
                                                None, True, cited, f"{label}各项相加（{name}）"))
        lines.append(f"{name}，各项相加为{money(result, currency)}（{'、'.join(cited)}）")
    ids = list(dict.fromkeys(ids))
    said = "；".join(lines) + version_note(True)
    outcome.conflicts.append(Conflict("testimony", f"{label}前后说法不一：{said}", ids))
    outcome.add(Part(label, f"{label}前后说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True


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
    thing asked; not found rather than a sum or a total. The piece the question names (吊一瓶水收多少钱)
    is looked up in what was told first: a price told without any act of paying (吊水一瓶四十元) is no
    ledger row."""
    from engine.answer.casefile.goods import answer_told_piece_price

    if answer_told_piece_price(case, plan, outcome):
        return
    rows = [e for e in case.ledger.money if e.role == "each" and not e.corrects and e.amount is not None]
    chosen = best_rows(case, plan, rows)
    if not chosen:
        outcome.add(Part("单价", "", Fill.MISSING))
        return
    versions(case, "单价", chosen, outcome, _said)
