"""One delivery asked by its order (第二批货是哪天送到的, 原告说第一批送了多少吨): every telling of that
batch in the record — the words after its order (第二批…) up to the next order — and who tells it
(a hearing's side, else the speaker). A figure denied in the same breath (不是11月2日) is the other
side's, never the teller's.

The day or quantity asked is the one the tellings agree on, every telling cited; told differently
(原告：第二批12月8日送到；被告：是12月16日才送到的) it is a conflict with each version attributed,
never one side's figure settled. Asked of one side (原告说…), that side's own telling only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.dates import show_said_date
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import plain_number
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.facts import Anchor, Value
from engine.text.case_lexicon import NOT_VALUE
from engine.answer.casefile.facts.when import resolve, session_date
from engine.question import CasePlan, Slot
from engine.text.dates import find_dates
from engine.text.numbers import parse_number
from engine.text.ordinals import BATCH_ORDINAL
from engine.text.quantities import find_quantities


@dataclass(frozen=True)
class Figure:
    """One telling's figure of the batch: its value to compare (an ISO day, a number), as shown."""

    key: str
    shown: str
    who: str | None
    cited: str
    denied: bool = False  # said not to be so (不是11月2日): another's version, never the teller's
    # computed, not said: (the count of containers, the load of each, their product) — 3个柜×每柜27吨
    product: tuple | None = None


def _tellings(case: Case, batch: int, across: bool = False) -> list[tuple[Said, int, int]]:
    """Each telling of the batch: the joined sentence and the span of its words in it. ``across``: a
    telling that runs to the end of its sentence goes on in the answer's next sentences until another
    batch is named (第三批是3个柜，不是4个。…实际过来的是3个柜，一共75吨。)."""
    found = []
    running = None  # the statement whose telling is still under way
    for said in joined_sentences(case):
        marks = list(BATCH_ORDINAL.finditer(said.text))
        if not marks and across and running is said.statement:
            found.append((said, 0, len(said.text)))
            continue
        running = None
        for i, mark in enumerate(marks):
            value = parse_number(mark.group(1))
            if value is None or int(value) != batch:
                continue
            end = marks[i + 1].start() if i + 1 < len(marks) else len(said.text)
            found.append((said, mark.start(), end))
            running = said.statement if i + 1 == len(marks) else None
    return found


def _denied(text: str, at: int) -> bool:
    """不是11月2日 / 不是1170件: a figure the teller says was not so."""
    return bool(NOT_VALUE.search(text[max(0, at - 3):at]))


def _who(said: Said) -> str | None:
    statement = said.statement
    return statement.party if statement.party in HEARING_SIDES else statement.speaker


def _figures(case: Case, plan: CasePlan, slot: Slot) -> list[Figure]:
    out = []
    for said, start, end in _tellings(case, plan.batch, across=slot is Slot.QUANTITY):
        words = said.text[start:end]
        cited = case.cite(said.anchor(start, end))
        who = _who(said)
        if slot is Slot.DATE:
            for day in find_dates(words):
                if day.meta.get("granularity") != "day":
                    continue
                value = Value(str(day.value), day.text, Anchor("", 0, 0), precision=day.meta.get("precision"))
                resolve(value, session_date(case.ledger, said.statement.session))
                if value.resolved:
                    out.append(Figure(value.resolved, show_said_date(case, day, said.statement), who, cited,
                                      _denied(words, day.start)))
        else:
            quantities = find_quantities(words)
            told = []
            for quantity in quantities:
                unit = quantity.meta.get("unit")
                if (plan.unit and unit != plan.unit) or unit in ("天", "次", "批") or quantity.meta.get("each"):
                    continue  # 每柜27吨 is the load of one container, not the batch's
                number = Decimal(str(quantity.value))
                told.append(Figure(f"{number}{unit}", f"{plain_number(number)}{unit}", who, cited,
                                   _denied(words, quantity.start)))
            if not told and (product := _containers_times_each(quantities, words, plan.unit)) is not None:
                count, each, number = product
                container = _container(words, each)
                counted = count.text if count.text.endswith(container) else count.text + container  # 3个柜
                told.append(Figure(f"{number}{each.meta['unit']}",
                                   f"{plain_number(number)}{each.meta['unit']}（{counted}×每{container}{each.text}）",
                                   who, cited, product=(count, each, number)))
            out += told
    return out


# 每柜27吨 / 每车25吨 / 每箱24瓶: the container a per-piece figure is per (the words between 每 and it)
_EACH_OF = re.compile(r"每(?:一)?(?P<of>[\u4e00-\u9fff]{1,2}?)(?:都|也|各|是|为|约|大约|大概)*$")


def _container(words: str, each) -> str:
    found = _EACH_OF.search(words[max(0, each.start - 8):each.start])
    return found.group("of") if found else ""


def _containers_times_each(quantities, words: str, unit: str | None):
    """3个柜冻货，每柜27吨: a batch told as a count of containers and the load of each, with no
    figure of its own in the unit asked — the count times the load, (count, each, product). None
    unless exactly one load in the unit asked and one count of its container are told."""
    loads = [q for q in quantities if q.meta.get("each") and (unit is None or q.meta.get("unit") == unit)]
    if len(loads) != 1 or loads[0].meta.get("approx"):
        return None
    each = loads[0]
    container = _container(words, each)
    if not container:
        return None
    # the count of that container told before the load (3个柜 / 3柜 / 三车)
    counts = [q for q in quantities if q.start < each.start and not q.meta.get("each") and not q.meta.get("approx")
              and (q.meta.get("unit") == container or words[q.end:q.end + len(container)] == container)]
    if len(counts) != 1 or counts[0].value != int(counts[0].value):
        return None
    return counts[0], each, Decimal(str(counts[0].value)) * Decimal(str(each.value))


def batch_told(case: Case, plan: CasePlan) -> bool:
    """The record tells the batch asked (第二批…): a figure of another batch is then never its answer."""
    return plan.batch is not None and bool(_tellings(case, plan.batch))


def answer_batch(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """The day (or quantity) of the batch asked, as its tellings give it. False when no telling of
    that batch gives one (the other answers then look)."""
    slot = Slot.DATE if Slot.DATE in plan.slots else Slot.QUANTITY
    figures = _figures(case, plan, slot)
    voice = plan.voice or (plan.focus.said_by if plan.focus else None)
    if voice:  # what that side says it was (不是1170件 is what it says it was not)
        figures = [f for f in figures if (f.who == voice or (f.who and voice in f.who)) and not f.denied]
    told = [f for f in figures if not f.denied]
    if not told:
        return False
    label = f"第{plan.batch}批" + ("送达日期" if slot is Slot.DATE else "数量")
    by_value: dict[str, list[Figure]] = {}
    for figure in told:
        by_value.setdefault(figure.key, []).append(figure)
    # a figure the teller denies that nobody asserts is still another version (不是11月2日): named
    denied = {f.key: f for f in figures if f.denied and f.key not in by_value}
    for figure in told:
        if figure.product is not None:
            count, each, number = figure.product
            outcome.calculations.append(Calculation(
                f"{plain_number(Decimal(str(count.value)))} * {plain_number(Decimal(str(each.value)))}", number, None,
                True, [figure.cited], "件数乘以每件的数量",
                factors=[{"value": plain_number(Decimal(str(q.value))), "unit": "quantity", "text": q.text}
                         for q in (count, each)]))
    if len(by_value) == 1 and not denied:
        (group,) = by_value.values()
        ids = list(dict.fromkeys(f.cited for f in group))
        side = f"{group[0].who}称" if voice and group[0].who else ""
        outcome.add(Part(label, f"{side}{group[0].shown}（{'、'.join(ids)}）", Fill.FILLED, ids))
        return True
    lines, ids = [], []
    for group in by_value.values():
        cited = list(dict.fromkeys(f.cited for f in group))
        whose = "、".join(dict.fromkeys(f.who for f in group if f.who)) or "材料"
        lines.append(f"{whose}称{group[0].shown}（{'、'.join(cited)}）")
        ids += cited
    for figure in denied.values():
        lines.append(f"{figure.who or '材料'}称不是{figure.shown}（{figure.cited}）")
        ids.append(figure.cited)
    ids = list(dict.fromkeys(ids))
    text = "；".join(lines)
    outcome.conflicts.append(Conflict("testimony", f"{label}说法不一：{text}", ids))
    outcome.add(Part(label, f"说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
    return True
