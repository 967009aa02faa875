"""Figures with a unit that are not money (3瓶, 18克, 5公里, 138mg/100ml, 85天, 12车), answered
from the ledger's quantity rows; and the two aggregates over rows that are not sums: how many
distinct parties (往几个不同的账户打过钱) and how many days from one row to another (从第一次到最后
一次前后多少天).

Which rows are about what is asked: the unit (or its kind: 多重 takes any weight), then the words
that say what a figure measures (a breath test and a blood test are both mg/100ml), the person it
is of (贝某85天) and the thing it counts (3瓶啤酒). Figures of the same measure that differ are
versions of one fact — each is given with its quote, the latest named as such — never one of them
silently; a total stated is checked against its parts when they are told one by one.
"""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from engine.answer.casefile.act_counts import Occurrence, occurrences
from engine.answer.casefile.figure_relevance import best_rows, relevance
from engine.answer.casefile.goods import an_item_of_a_list, answer_listed_total
from engine.answer.casefile.said import _anchor
from engine.answer.casefile.subject_rows import named_by_question, occasion_rows, said_in_session, subject_rows
from engine.answer.casefile.case import Case, dominant_kind
from engine.answer.casefile.dates import record_cite
from engine.answer.casefile.disputes import disputed_quantity_total, record_note, voice_of, voiced
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import plain_number, version_note
from engine.answer.casefile.facts import Event, versions_of
from engine.text import case_lexicon as lx
from engine.text.case_lexicon import UNIT_FAMILIES
from engine.question import CasePlan
from engine.text.lines import join_pdf_lines
from engine.text.numbers import find_numbers
from engine.text.quantities import find_quantities
from engine.text.ordinals import BATCH_ORDINAL
from engine.text.segments import flat

_LABELS = {"weight": "重量", "distance": "距离", "speed": "速度", "time": "时长", "percent": "比例"}


def unit_label(plan: CasePlan) -> str:
    family = plan.unit_family or next((f for f, units in UNIT_FAMILIES.items() if plan.unit in units), None)
    if plan.unit == "公里/小时":
        family = "speed"
    if plan.unit == "mg/100ml":
        return "检测结果"
    if plan.unit == "人":
        return "人数"
    return _LABELS.get(family or "", "数量")


def _unit_ok(plan: CasePlan, event: Event) -> bool:
    if plan.unit:
        return event.unit == plan.unit
    if plan.unit_family is None:  # 血液乙醇含量是多少: the measure words alone name the figure
        return True
    if plan.unit_family == "speed":
        return event.unit == "公里/小时"
    return event.unit in UNIT_FAMILIES.get(plan.unit_family or "", frozenset())


def said_quantity(event: Event) -> str:
    """The statement's own words for a figure, and its digits when they differ (两瓶（即2瓶））."""
    surface = flat(event.amount.text)
    digits = f"{plain_number(event.amount.value)}{event.unit}"
    shown = surface if surface.replace(",", "") == digits else f"{surface}（即{digits}）"
    return f"{shown}（约数）" if event.amount.approx else shown


def _rows(case: Case, plan: CasePlan, roles=("value", "total")) -> list[Event]:
    """Rows of the unit asked, without the figures the record calls a slip of the pen (起诉状中写的
    38吨是笔误): those were never an account of the fact."""
    slips = {(c.unit, c.old.value) for c in case.ledger.corrections
             if c.field == "quantity" and c.clerical and c.old is not None}
    rows = [e for e in case.ledger.events if e.unit and e.role in roles and e.amount is not None
            and not e.corrects and _unit_ok(plan, e) and (e.unit, e.amount.value) not in slips
            and not _one_introduced(plan, e)]
    return rows


def _one_introduced(plan: CasePlan, event: Event) -> bool:
    """有一个人额头被啤酒瓶砸到: one person brought in by what happened to him is no count of people
    (就我一个人 — nothing told after it — still is)."""
    return plan.unit == "人" and event.unit == "人" and event.amount.value == 1 and bool(event.subject)


def _revises(case: Case, statement: int) -> bool:
    """A statement taking back an earlier figure (lexicon REVISED)."""
    return bool(lx.REVISED.search(case.statement(statement).answer))


def _restated(case: Case, chosen: list[Event], rows: list[Event]) -> list[Event]:
    """The other versions of a chosen count: a statement that says a figure of another again and
    takes it back (上回我讲只拿了三箱，这个不对…总共是四箱) speaks of the same count, whatever words the
    question matched (白酒 said only the first time) — its own figure (its total when it states one)
    is a later version of the figure it repeats, and that figure an earlier version of it. Figures
    only repeated, with nothing taken back, are not versions (第一次两部…第二次又两部，一共四部)."""
    def new_in(statement: int, said: set) -> list[Event]:
        own = [e for e in rows if e.statement == statement and (e.unit, e.amount.value) not in said]
        return [e for e in own if e.role == "total"] or own

    if not chosen:  # 一共偷了多少条烟 with no row chosen: the kinds listed are summed later, nothing restated
        return []
    said = {(e.unit, e.amount.value) for e in chosen}
    first, last = min(e.statement for e in chosen), max(e.statement for e in chosen)
    found: list[Event] = []
    for statement in sorted({e.statement for e in rows} - {e.statement for e in chosen}):
        own = [e for e in rows if e.statement == statement]
        if statement > last and _revises(case, statement) and (
                any((e.unit, e.amount.value) in said for e in own) or _names_taken_back(case, statement, chosen)):
            found += new_in(statement, said)
        elif statement < first and _revises(case, last):
            # the figure it takes back, said again in its words (上次说六条…) though read as no row
            repeated = {n.value for n in find_numbers(join_pdf_lines(case.statement(last).answer))}
            found += [e for e in own if e.amount.value in repeated and (e.unit, e.amount.value) not in said]
    return found


def _own_beside_put(case: Case, plan: CasePlan, chosen: list[Event], rows: list[Event]) -> list[Event]:
    """被伐林木立木蓄积共计24立方米。你有什么意见？—…他们算的是站着的树，我说的是卖的时候量的: a figure the
    asker put that the speaker did not accept stands beside the speaker's own whole of the same unit
    (一共是18个方左右) — two accounts of one fact, never the asker's alone."""
    if not chosen or any(e.source != "asker" or e.confirmed for e in chosen):
        return []
    own = [e for e in rows if e.source == "answer" and e.role == "total" and e.unit in {c.unit for c in chosen}
           and relevance(case, plan, e) >= 0]
    return best_rows(case, plan, own, corroborate=False) or own


def _names_taken_back(case: Case, statement: int, chosen: list[Event]) -> bool:
    """我算错了…一共是2900斤，不是3000斤: the statement names a chosen figure only to take it back (no
    row of it is read), in the same unit."""
    said = {(q.meta["unit"], q.value) for q in find_quantities(join_pdf_lines(case.statement(statement).answer))}
    return any((e.unit, e.amount.value) in said for e in chosen)


def answer_quantity(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    if plan.aggregate == "span":
        _span(case, plan, outcome)
        return
    label = unit_label(plan)
    # the figures of the occasion asked only (第三次: never the first trip's 20台 as a version of it)
    rows = subject_rows(case, plan, _rows(case, plan))
    chosen = best_rows(case, plan, rows)
    own = occasion_rows(case, plan, rows)
    if own:  # rows said to be of the occasion asked are its figures, though they repeat none of its words
        chosen = [e for e in chosen if e in own] or best_rows(case, plan, own) or \
            (own if len({e.amount.value for e in own}) == 1 else [])
    if plan.aggregate == "total" and chosen and not any(e.role == "total" for e in chosen) \
            and _answered_by_wholes(case, plan, rows, chosen, outcome):
        return
    if not chosen and plan.aggregate != "total":
        outcome.add(Part(label, "", Fill.MISSING))
        return
    # the later versions of a figure chosen, whatever their words or unit (前面说的那个数说多了，大概七十 /
    # 一百二十是群里显示的总数…真正下注的三十来个): each is told (facts/versions.py links them)
    chosen += [v for e in list(chosen) for v in versions_of(case.ledger, e)[1:] if v.amount is not None and v not in chosen]
    chosen += [e for e in _restated(case, chosen, rows) if e not in chosen]
    chosen += [e for e in _own_beside_put(case, plan, chosen, rows) if e not in chosen]
    # a total stated in the statement telling the best-matching parts is theirs, though it names no
    # one (我喝了两瓶…又喝了一瓶，一共是3瓶): the parts then outrank it only by naming the speaker
    told = {e.statement for e in chosen}
    totals = [e for e in chosen if e.role == "total"] or \
        best_rows(case, plan, [e for e in rows if e.role == "total" and e.statement in told], corroborate=False)
    # a total that takes back an earlier figure (上次说六条是漏了两条…就是八条) is its later version
    revised = bool(totals) and _revises(case, totals[-1].statement) and any(
        e.statement < totals[-1].statement and e.amount.value != totals[-1].amount.value for e in chosen)
    if plan.aggregate == "total" and totals and not revised:
        parts = best_rows(case, plan, rows, corroborate=False)
        _total(case, plan, totals[-1], [e for e in parts if e.role == "value"], outcome)
        return
    if plan.aggregate in ("total", "nth") and not _one_thing(case, plan, chosen):
        # 红塔山80条、玉溪150条… 一共多少条; 第二次一共偷了几部 over the list of that occasion
        if answer_listed_total(case, plan, outcome, label):
            return
    if not chosen:
        outcome.add(Part(label, "", Fill.MISSING))
        return
    if _occasions_summed(case, plan, chosen, label, outcome):
        return
    versions(case, label, named_by_question(case, plan, said_in_session(plan, chosen)), outcome, said_quantity)


def _occasions_summed(case: Case, plan: CasePlan, chosen: list[Event], label: str, outcome: Outcome) -> bool:
    """两次住院一共住了多少天: one teller telling as many figures as the occasions the question counts, in
    separate sentences (住院46天 … 住院24天) — the occasions' parts, added with the equation, never versions
    of one figure. False when the figures are of several statements (accounts that differ), or not as
    many as the occasions counted."""
    if not plan.occasions or len(chosen) != plan.occasions or any(e.role != "value" for e in chosen):
        return False
    if len({e.statement for e in chosen}) != 1 or len({e.sentence for e in chosen}) != len(chosen):
        return False
    ordered = sorted(chosen, key=lambda e: e.id)
    total = sum((e.amount.value for e in ordered), Decimal(0))
    ids = list(dict.fromkeys(case.cite_event(e) for e in ordered))
    expression = " + ".join(plain_number(e.amount.value) for e in ordered)
    outcome.calculations.append(Calculation(expression, total, None, True, ids, f"{plan.occasions}次分别所述相加"))
    told = "、".join(f"{said_quantity(e)}（{case.cite_event(e)}）" for e in ordered)
    outcome.add(Part(label, f"{plan.occasions}次分别为{told}，共计{plain_number(total)}{ordered[0].unit or plan.unit or ''}"
                            f"（{expression} = {plain_number(total)}，见计算）", Fill.FILLED, ids))
    return True


def _answered_by_wholes(case: Case, plan: CasePlan, rows: list[Event], chosen: list[Event], outcome: Outcome) -> bool:
    """一共卖出了多少条 / 一共收了多少斤: the words around them chose parts (of several occasions, or one
    part beside the whole its statement states), while the file states the whole (四批加起来是67000条):
    the wholes stated answer, each later one that takes an earlier back a version of it — never one
    occasion's own total (第二次…一共2万条). False (nothing added) when no whole is stated."""
    wholes = [e for e in rows if e.role == "total" and relevance(case, plan, e) >= 0 and not _of_one_occasion(case, e)]
    told = {e.statement for e in chosen}
    if not wholes or len({e.amount.value for e in chosen}) == 1 and not any(w.statement in told for w in wholes):
        return False
    # (no whole names the thing asked — 客户信息 never said beside 67000条 —: the wholes of the unit asked)
    picked = best_rows(case, plan, wholes, corroborate=False) or wholes
    picked += [v for e in list(picked) for v in versions_of(case.ledger, e)[1:] if v.amount is not None and v not in picked]
    picked += [e for e in _restated(case, picked, rows) if e not in picked]
    if len({e.amount.value for e in picked}) > 1:
        versions(case, unit_label(plan), picked, outcome, said_quantity)
        return True
    if len({e.amount.value for e in chosen}) == 1:
        return False  # one part beside one whole: the whole of its statement answers, its parts checked (below)
    parts = best_rows(case, plan, rows, corroborate=False)
    _total(case, plan, picked[-1], [e for e in parts if e.role == "value"], outcome)
    return True


# A count of occasions in the clause of a total (三批一共, 四批加起来, 两次总共): the total is of them all.
_OCCASIONS_COUNTED = re.compile(r"[一二三四五六七八九十两几\d]+(?:批|次|回|趟|笔)|加起来|总共|合计")


def _of_one_occasion(case: Case, event: Event) -> bool:
    """A total told of one occasion (第二次…，一共2万条 / 第一批…一共50吨): its sentence names the occasion
    before it, and its own clause counts no occasions (三批一共是2900斤 is the whole)."""
    said = case.text_of(event.sentence)
    at = said.find(flat(event.amount.text)) if event.amount else -1
    before = said[:at] if at >= 0 else said
    named = lx.ORDINAL.search(before) or BATCH_ORDINAL.search(before)
    return bool(named) and not _OCCASIONS_COUNTED.search(event.words)


def _one_thing(case: Case, plan: CasePlan, chosen: list[Event]) -> bool:
    """The rows chosen tell one figure of a thing the question names (一共扣了多少件羽绒服 → 羽绒服65件)."""
    return len({e.amount.value for e in chosen}) == 1 and relevance(case, plan, chosen[0]) >= 2 \
        and not an_item_of_a_list(case, plan, chosen[0])


def versions(case: Case, label: str, rows: list[Event], outcome: Outcome, said) -> None:
    """One figure when the rows agree (every quote cited); each version with its quote, the latest
    named, when they differ — never one of them silently."""
    # a figure a statement adds up to its own total (后来又去拿过一箱，总共是四箱: 一箱) is a part of that
    # version, never a version of its own
    rows = [e for e in rows if not _part_of_total(e, rows)]
    by_value: dict[Decimal, list[Event]] = {}
    for event in sorted(rows, key=lambda e: (e.statement, e.id)):
        by_value.setdefault(event.amount.value, []).append(event)
    if len(by_value) == 1:
        (group,) = by_value.values()
        ids = list(dict.fromkeys(case.cite_event(e) for e in group))
        outcome.add(Part(label, f"{said(group[0])}（{'、'.join(ids)}{record_note(case, group[0])}）", Fill.FILLED, ids))
        return
    # the last statement's own figure, not one it only repeats (二十多个是总数，真正动手的只有四个: 四个)
    last = max(e.statement for e in rows)
    new = [e for e in rows if e.statement == last
           and not any(o.statement < last and o.amount.value == e.amount.value for o in rows)]
    # a total the last statement gives is its figure, not a part it adds (又拿过1箱，一共是4箱: 4箱)
    latest = max(new or rows, key=lambda e: (e.statement, e.source == "answer", e.role == "total"))
    lines = []
    ids = []
    for value, group in by_value.items():
        cited = list(dict.fromkeys(case.cite_event(e) for e in group))
        ids += cited
        note = version_note(latest in group)
        if voiced(case, rows):  # 郑某称4万元（E1）；某某本人称3万元（E2）: each account attributed
            # every teller of that figure, not the first one's alone (甲、乙称6盒)
            who = "、".join(dict.fromkeys(voice_of(case, e) for e in group))
            lines.append(f"{who}称{said(group[0])}（{'、'.join(cited)}）{note}")
        else:
            lines.append(f"{'、'.join(cited)}称{said(group[0])}{note}")
    text = "；".join(lines)
    outcome.conflicts.append(Conflict("testimony", f"{label}说法不一：{text}", ids))
    outcome.add(Part(label, f"{label}说法不一：{text}，需人工核实", Fill.CONFLICT, ids))


def _part_of_total(event: Event, rows: list[Event]) -> bool:
    """A figure new in its statement (not said before), smaller than a total the same statement
    states in the same unit."""
    return event.role != "total" and any(
        t.role == "total" and t.statement == event.statement and t.unit == event.unit
        and t.amount.value > event.amount.value for t in rows) and not any(
        o.statement < event.statement and o.amount.value == event.amount.value for o in rows)


def _total(case: Case, plan: CasePlan, stated: Event, parts: list[Event], outcome: Outcome) -> None:
    """A total stated (一共是3瓶啤酒) and, when its parts are told one by one in the same
    statement, their sum recomputed (2 + 1)."""
    cited = case.cite_event(stated)
    text = f"共{said_quantity(stated)}（{cited}）"
    # a figure above the total is no part of it (没有十条…就是八条: the ten put to him)
    own = [e for e in parts if e.statement == stated.statement and e.amount.value and not e.amount.approx
           and e.amount.value < stated.amount.value]
    if len(own) >= 2:
        result = sum((e.amount.value for e in own), Decimal(0))
        ids = [case.cite_event(e, "completion") for e in own]
        expression = " + ".join(plain_number(e.amount.value) for e in own)
        agree = result == stated.amount.value
        outcome.calculations.append(Calculation(
            expression, result, stated.amount.value, agree, [*ids, cited], "各项数量相加",
            factors=[{"value": plain_number(e.amount.value), "unit": "quantity", "text": e.amount.text}
                     for e in own]))
        if agree:
            text += f"；逐项相加复算为{plain_number(result)}{stated.unit}（{'、'.join(ids)}），与所述一致"
        else:
            text += f"；逐项相加为{plain_number(result)}{stated.unit}（{'、'.join(ids)}），与所述不一致，需人工复核"
            outcome.add(Part(unit_label(plan), text, Fill.CONFLICT, [cited, *ids]))
            return
    if disputed_quantity_total(case, stated, parts, text, unit_label(plan), outcome):
        return
    outcome.add(Part(unit_label(plan), text, Fill.FILLED, [cited]))


# -- days between two rows ------------------------------------------------------------------------
def _span(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """从第一次…到最后一次…前后多少天: the days from the first to the last dated movement of the kind
    asked, both days counted (9月4日 to 9月12日 is nine days, as 前后九天 says); a span the record
    states itself is given first and checked."""
    kind = plan.kind or dominant_kind(case)
    moved = [e for e in case.ledger.money if e.role == "event" and not e.corrects and e.kind == kind
             and e.date is not None and e.date.resolved]
    if plan.kind is None and (plan.focus.acts and not plan.focus.moves_money or not plan.names_money):
        moved = []  # 从第一批送货到最后一批送货: the dates of payments do not measure the deliveries
    stated = [e for e in best_rows(case, plan, _rows(case, plan, roles=("total", "value"))) if e.role == "total"]
    if len(moved) < 2 and not stated:
        told = [o for o in occurrences(case, plan) if o.day and re.fullmatch(r"\d{4}-\d{2}-\d{2}", o.day)]
        if len(told) >= 2:  # 第一批…第三批 / 第一次作案…第二次: the occurrences told, each dated
            _told_span(case, plan, told, outcome)
        else:
            outcome.add(Part("天数", "", Fill.MISSING))
        return
    text, ids, agree = "", [], True
    if stated:
        cited = case.cite_event(stated[-1])
        ids.append(cited)
        text = f"前后{said_quantity(stated[-1])}（{cited}）"
    if len(moved) >= 2:
        first = min(moved, key=lambda e: e.date.resolved)
        last = max(moved, key=lambda e: e.date.resolved)
        days = (date.fromisoformat(last.date.resolved) - date.fromisoformat(first.date.resolved)).days + 1
        a, b = case.cite_event(first, "completion"), case.cite_event(last, "completion")
        said = stated[-1].amount.value if stated else None
        agree = said is None or said == days
        # a day said without its year (2月26日) is placed by the record's own date: cite it
        dated = [c for e in (first, last) if e.date.precision == "no_year" and (c := record_cite(case, e.session))]
        outcome.calculations.append(Calculation(
            str(days), days, said, agree, [a, b, *ids, *dated], "首尾日期均计入的天数",
            factors=[{"value": days, "unit": "days", "from": first.date.resolved, "to": last.date.resolved,
                      "inclusive": True}]))
        computed = (f"按第一笔（{flat(first.date.text)}，{a}）至最后一笔（{flat(last.date.text)}，{b}）"
                    f"复算，首尾日期均计入，为{days}天")
        text = f"{text}；{computed}，{'与所述一致' if agree else '与所述不一致，需人工复核'}" if text else computed
        ids += [a, b]
    outcome.add(Part("天数", text, Fill.FILLED if agree else Fill.CONFLICT, ids))


def _told_span(case: Case, plan: CasePlan, told: list[Occurrence], outcome: Outcome) -> None:
    """The days from the first told occurrence of the act to the last: both days counted for 前后
    一共多少天, the days between for 相隔多少天."""
    first, last = min(told, key=lambda o: o.day), max(told, key=lambda o: o.day)
    between = (date.fromisoformat(last.day) - date.fromisoformat(first.day)).days
    days = between if plan.span_exclusive else between + 1
    a, b = (case.cite(_anchor(o.statement, o.segment)) for o in (first, last))
    how = "相隔" if plan.span_exclusive else "首尾日期均计入，为"
    outcome.calculations.append(Calculation(
        str(days), days, None, True, [a, b], "相隔天数" if plan.span_exclusive else "首尾日期均计入的天数",
        factors=[{"value": days, "unit": "days", "from": first.day, "to": last.day,
                  "inclusive": not plan.span_exclusive}]))
    outcome.add(Part("天数", f"按{first.said}（{first.date}，{a}）至{last.said}（{last.date}，{b}）复算，{how}{days}天", Fill.FILLED, [a, b]))


# -- distinct parties ---------------------------------------------------------------------------------
def answer_distinct(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """往几个不同的账户打过钱: the distinct receivers of the movements of the kind asked, each with
    the first row that names it."""
    kind = plan.kind or dominant_kind(case)
    first_of: dict[str, Event] = {}
    for event in case.ledger.money:
        if event.role == "event" and not event.corrects and event.kind == kind and event.payee \
                and event.payee != case.ledger.subject:
            first_of.setdefault(event.payee, event)
    unnamed = [e for e in case.ledger.money if e.role == "event" and not e.corrects and e.kind == kind
               and not e.payee]
    if not first_of:
        outcome.add(Part("个数", "", Fill.MISSING))
        return
    ids = [case.cite_event(e, "completion") for e in first_of.values()]
    outcome.calculations.append(Calculation(
        str(len(ids)), len(ids), None, True, ids, "不同收款方的个数",
        factors=[{"value": len(ids), "unit": "rows", "rows": ids}]))
    names = "、".join(f"{who}（{i}）" for who, i in zip(first_of, ids))
    text = f"共{len(ids)}个：{names}"
    if unnamed:  # a movement whose receiver the statement does not name may be another one
        text += "；另有款项未写明收款方，需人工核实"
        outcome.add(Part("个数", text, Fill.CONFLICT, ids))
        return
    outcome.add(Part("个数", text, Fill.FILLED, ids))


MONEY_WORDS = re.compile(r"钱|元|款|费|价|资|金|赔|欠|薪|工资|利息|借|还|退|花|付|转|汇|投")


def asks_quantity(case: Case, plan: CasePlan) -> bool:
    """A figure asked by what it measures without a unit (抽血检验出来的血液乙醇含量是多少) is a
    quantity when the question names no money and a quantity row shows the same measure words."""
    if plan.unit or plan.unit_family:
        return True
    if not (set(plan.signs) - {"rate"}) or MONEY_WORDS.search(plan.text):
        return False  # 每个月的提成是多少: a sum of money, unless a percentage is asked (比例是多少)
    return any(relevance(case, plan, e) >= 3 for e in _rows(case, plan))
