"""Goods as facts of a case: the appraisal of some kinds of the goods (红塔山先不算 / 只算手机和电脑),
the count of goods listed kind by kind (红塔山80条、玉溪150条 → 一共多少条), and a count of pieces
reckoned at the unit price the record states (那两台按进价算 → 2 × 260).

Each figure is composed only from the kinds told one by one, each cited; when the kinds asked cannot
be read off the record one by one (a kind named by no item, items that do not add up to the total
stated, an amount of the statement read as no item), the figure is not composed — never the total
of all kinds for a question that asks a part of them.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.figure_relevance import asked_nouns
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number
from engine.ledger import Event
from engine.question import CasePlan
from engine.text.numbers import find_amounts
from engine.text.segments import flat


def _names(text: str, word: str) -> bool:
    """A goods word in an item's clause, or its head (金手镯 → 手镯)."""
    return word in text or len(word) > 2 and word[-2:] in text


def _item_name(event: Event) -> str:
    """The item's own words, without the amount and what follows it (玉溪香烟150条认定价值33000元 →
    玉溪香烟150条)."""
    words = flat(event.words).strip("，,。；;：:、 ")
    cut = re.search(r"(?:认定|鉴定|评估|估)?(?:价格|价值|价)?(?:为|是)?[\d一二三四五六七八九十两百千万壹贰叁肆伍陆柒捌玖拾佰仟,.]+(?:元|块)", words)
    name = words[:cut.start()].strip("，,：: ") if cut and cut.start() > 0 else words
    # 鉴定结论是运动鞋 / 分别为手机: the goods after the words introducing the list
    return re.sub(r"^[^，,]*?(?:分别是|分别为|结论是|结论为|其中|包括)[：:]?", "", name) or name


def answer_goods_subset(case: Case, plan: CasePlan, outcome: Outcome, rows: list[Event], label: str) -> None:
    """The appraisal of the kinds asked (goods_in) or of all kinds but those left out (goods_out),
    added from the items of the one statement that tells them one by one."""
    asked = plan.goods_in or plan.goods_out
    what = f"所问财物的{label}"
    items = [e for e in rows if e.role in ("value", "part")]
    matched = {w: [e for e in items if _names(e.words, w)] for w in asked}
    statements = {e.statement for found in matched.values() for e in found}
    if not all(matched.values()) or len(statements) != 1:
        outcome.add(Part(what, "", Fill.MISSING))  # a kind named by no item (or by items told apart)
        return
    (told_in,) = statements
    universe = [e for e in items if e.statement == told_in]
    totals = [e for e in rows if e.role == "total" and e.statement == told_in]
    statement = case.statement(told_in)
    told = statement.asked if universe[0].source == "asker" else statement.answer
    readable = (len(universe) >= 2 and not any(e.amount.approx for e in universe)
                and len({e.currency for e in universe}) == 1
                and len(find_amounts(told)) <= len(universe) + len(totals)
                and all(len(found) == 1 for found in ([e for e in universe if _names(e.words, w)] for w in asked)))
    whole = sum((e.amount.value for e in universe), Decimal(0))
    if not readable or any(t.amount.value != whole for t in totals):
        outcome.add(Part(what, "", Fill.MISSING))  # the items are not read one by one as the whole
        return
    named = [e for e in universe if any(_names(e.words, w) for w in asked)]
    chosen = named if plan.goods_in else [e for e in universe if e not in named]
    if not chosen:
        outcome.add(Part(what, "", Fill.MISSING))
        return
    ids = [case.cite_event(e, "completion") for e in chosen]
    result = sum((e.amount.value for e in chosen), Decimal(0))
    currency = chosen[0].currency
    outcome.calculations.append(Calculation(" + ".join(plain_number(e.amount.value) for e in chosen), result,
                                            None, True, list(dict.fromkeys(ids)), f"所问各项{label}相加"))
    parts = "、".join(f"{_item_name(e)}{money(e.amount.value, currency)}（{i}）" for e, i in zip(chosen, ids))
    text = f"共计{money(result, currency)}：{parts}，相加为{money(result, currency)}"
    # only the figure asked and its terms are stated: the kinds left out and the whole are named, not valued
    if plan.goods_out:
        text += "；不含" + "、".join(_item_name(e) for e in universe if e in named)
    if totals:
        text += f"（各项相加与所述合计一致，{case.cite_event(totals[-1])}）"
    outcome.add(Part(label, text, Fill.FILLED, list(dict.fromkeys(ids))))
