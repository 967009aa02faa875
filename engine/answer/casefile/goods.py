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
from engine.answer.wording import money, plain_number, said_figure
from engine.answer.casefile.facts import Event
from engine.text.case_lexicon import ordinal_of
from engine.text.case_lexicon import EACH, GENERIC_GOODS, VALUE_MEASURES, goods_acts, measure_of
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


def answer_goods_subset(case: Case, plan: CasePlan, outcome: Outcome, rows: list[Event], label: str) -> bool:
    """The appraisal of the kinds asked (goods_in) or of all kinds but those left out (goods_out),
    added from the items of the one statement that tells them one by one. False (nothing added) when
    the kinds were only listed in the question and no item of the file names any of them: the
    question's listing was no restriction the file knows (the figure is then asked as a whole)."""
    asked = plan.goods_in or plan.goods_out
    what = f"所问财物的{label}"
    items = [e for e in rows if e.role in ("value", "part")]
    if not any(_names(e.words, w) for e in items for w in asked) and _answer_priced_subset(case, plan, outcome, label):
        return True  # 每条230元… read out with the list of counts: each kind's worth is count × price
    if plan.goods_in and not plan.goods_only and not plan.goods_out \
            and not any(_names(e.words, w) for e in items for w in asked):
        return False
    # the statement whose items name every kind asked (another appraisal may name some of them)
    statements = [s for s in dict.fromkeys(e.statement for e in items)
                  if all(any(_names(e.words, w) for e in items if e.statement == s) for w in asked)]
    if len(statements) != 1:
        outcome.add(Part(what, "", Fill.MISSING))  # a kind named by no item (or by items told apart)
        return True
    (told_in,) = statements
    universe = [e for e in items if e.statement == told_in]
    # the sum the statement states of them (以上合计7600元 names no measure of its own)
    totals = [e for e in case.ledger.money if e.role == "total" and e.statement == told_in and not e.corrects
              and e.amount is not None and e.measure in (None, universe[0].measure)]
    statement = case.statement(told_in)
    told = statement.asked if universe[0].source == "asker" else statement.answer
    readable = (len(universe) >= 2 and not any(e.amount.approx for e in universe)
                and len({e.currency for e in universe}) == 1
                and len(find_amounts(told)) <= len(universe) + len(totals))
    whole = sum((e.amount.value for e in universe), Decimal(0))
    if not readable or any(t.amount.value != whole for t in totals):
        outcome.add(Part(what, "", Fill.MISSING))  # the items are not read one by one as the whole
        return True
    named = [e for e in universe if any(_names(e.words, w) for w in asked)]
    chosen = named if plan.goods_in else [e for e in universe if e not in named]
    if not chosen:
        outcome.add(Part(what, "", Fill.MISSING))
        return True
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
    return True


# -- kinds valued at a price per piece (价格认定：甲牌每条230元、乙牌每条650元，总价值为…) ----------------
_PER = re.compile(r"(?:每|单价|一)(?P<unit>[\u4e00-\u9fff])?$")


def _vouched(event: Event) -> bool:
    """The speaker's own figure, or the asker's he confirmed (a dispute or denial vouches nothing)."""
    return event.source != "asker" or bool(event.confirmed)


def _priced_kinds(case: Case) -> tuple[list[tuple[str, Event, Event]], list[Event]] | None:
    """The kinds of one appraisal stated per piece, each with the one count of it the record tells
    (kind, count row, price row), and the appraisal's stated whole (its other valuation rows). None
    when a kind's count is not told once in the price's unit, or the prices are of several statements."""
    prices = [e for e in case.ledger.money if e.role == "each" and e.measure == "valuation" and not e.corrects
              and e.amount is not None and not e.amount.approx and _vouched(e)]
    if len({e.statement for e in prices}) != 1 or len(prices) < 2 or len({e.currency for e in prices}) != 1:
        return None
    counts = [e for e in case.ledger.events if e.unit and e.amount is not None and e.role == "value"
              and not e.corrects and not e.amount.approx and _vouched(e)]
    kinds = []
    for price in prices:
        name = _item_name(price)
        per = _PER.search(name)
        kind = name[:per.start()].strip("，,、：: ") if per else ""
        if not kind or not per.group("unit"):
            return None
        told = [c for c in counts if c.unit == per.group("unit") and kind in flat(c.words)]
        if len({c.amount.value for c in told}) != 1:
            return None
        kinds.append((kind, told[0], price))
    if len({k for k, _, _ in kinds}) != len(kinds) or any(a != b and a in b for a, *_ in kinds for b, *_ in kinds):
        return None  # 中华 and 中华（软）: kinds not told apart
    wholes = [e for e in case.ledger.money if e.statement == prices[0].statement and e.measure == "valuation"
              and e.role in ("value", "total") and not e.corrects and e.amount is not None]
    return kinds, wholes


def _answer_priced_subset(case: Case, plan: CasePlan, outcome: Outcome, label: str) -> bool:
    """红塔山先不算 over an appraisal stated per piece: the kinds asked, each its count × price, added;
    composed only when the products of all kinds add up to the whole the appraisal states."""
    found = _priced_kinds(case)
    if found is None:
        return False
    kinds, wholes = found
    asked = plan.goods_in or plan.goods_out
    named = [k for k in kinds if any(_names(k[0], w) for w in asked)]
    if not named:
        return False
    whole = sum((c.amount.value * p.amount.value for _, c, p in kinds), Decimal(0))
    what = f"所问财物的{label}"
    if len(wholes) != 1 or wholes[0].amount.value != whole or wholes[0].amount.approx:
        outcome.add(Part(what, "", Fill.MISSING))  # the kinds are not read one by one as the whole stated
        return True
    chosen = named if plan.goods_in else [k for k in kinds if k not in named]
    if not chosen:
        outcome.add(Part(what, "", Fill.MISSING))
        return True
    currency = chosen[0][2].currency
    pieces, ids, factors, terms = [], [], [], []
    for kind, count, price in chosen:
        count_id, price_id = case.cite_event(count, "completion"), case.cite_event(price, "completion")
        ids += [count_id, price_id]
        factors.append({"value": plain_number(count.amount.value), "unit": "quantity", "text": count.amount.text})
        terms.append(f"{plain_number(count.amount.value)} * {plain_number(price.amount.value)}")
        pieces.append(f"{kind}{count.amount.text}（{count_id}）× 每{count.unit}{money(price.amount.value, currency)}"
                      f"（{price_id}）")
    result = sum((c.amount.value * p.amount.value for _, c, p in chosen), Decimal(0))
    ids = list(dict.fromkeys(ids))
    outcome.calculations.append(Calculation(" + ".join(terms), result, None, True, ids, "所问各项数量乘以单价后相加",
                                            factors=factors))
    text = f"共计{money(result, currency)}：{'；'.join(pieces)}，合计{money(result, currency)}"
    if plan.goods_out:
        text += "；不含" + "、".join(k[0] for k in named)
    text += f"（各项相加与所述总价值一致，{case.cite_event(wholes[0])}）"
    outcome.add(Part(label, text, Fill.FILLED, ids))
    return True


# -- goods listed kind by kind, counted in total ---------------------------------------------------------
_SEP = r"(?:[、，,；;\s]|和|及|以及|还有|另有|另外|\d{1,2}\s?[.．、)）]|[（(]\d{1,2}[)）]|[①-⑳])+"
# 利群（硬）/ 中华(软): a kind with a bracketed qualifier is one kind
_NAME = r"[\u4e00-\u9fffA-Za-z0-9·]{1,12}(?:[（(][\u4e00-\u9fffA-Za-z0-9]{1,6}[)）])?"
# between two items of a list: a separator and the next item's name (…80条、玉溪150条), or the item's
# name and a separator (…80条红塔山、150条玉溪) — never a verb or another figure (买了10条，卖了6条)
_BETWEEN = re.compile(rf"^(?:{_SEP}{_NAME}|{_NAME}{_SEP}|{_SEP})$")
_PARALLEL = re.compile(rf"^[、，,；;]\s*(?P<name>[\u4e00-\u9fffA-Za-z0-9·]{{1,12}})(?P<act>[\u4e00-\u9fff]了)$")
_NOT_A_NAME = re.compile(r"[偷拿买卖送给退收扣追搜运装剩用吃喝借付转交抢骗丢值元]|了|过|认定|价值|其中|一共|共计|合计|总共")


def _listed_after(case: Case, a: Event, b: Event) -> bool:
    if a.amount.anchor.chunk_id != b.amount.anchor.chunk_id or a.amount.anchor.end > b.amount.anchor.start:
        return False
    text = case.text_of(type(a.amount.anchor)(a.amount.anchor.chunk_id, a.amount.anchor.end, b.amount.anchor.start))
    text = text.replace("\n", "")
    if _BETWEEN.match(text) and not _NOT_A_NAME.search(text):
        return True
    # 杉木砍了186株，马尾松砍了37株: the same act told of each kind in turn — items of one list (买了10条，
    # 卖了6条 tells two acts, never one list)
    parallel = _PARALLEL.match(text)
    if parallel is None:
        return False
    anchor = a.amount.anchor
    before = case.text_of(type(anchor)(anchor.chunk_id, max(0, anchor.start - 16), anchor.start)).replace("\n", "")
    own = re.search(rf"(?:^|[，,；;。：:、\s])(?P<name>{_NAME}?){re.escape(parallel.group('act'))}$", before)
    return own is not None and own.group("name") != parallel.group("name")


def goods_lists(case: Case, rows: list[Event]) -> list[list[Event]]:
    """The lists of goods told item after item in one statement (红塔山80条、玉溪150条、黄鹤楼88条;
    an 扣押清单 line by line), each of two items or more, in the order told — whatever their units."""
    ordered = sorted((e for e in rows if e.amount is not None and e.role == "value" and not e.corrects),
                     key=lambda e: (e.statement, e.amount.anchor.chunk_id, e.amount.anchor.start))
    lists, current = [], []
    for event in ordered:
        if current and current[-1].statement == event.statement and _listed_after(case, current[-1], event):
            current.append(event)
            continue
        if len(current) >= 2:
            lists.append(current)
        current = [event]
    if len(current) >= 2:
        lists.append(current)
    return lists


def _asked_goods(case: Case, plan: CasePlan) -> list[str]:
    """The things the question names, without the count words jieba joins to them (多少条烟 → 烟,
    几辆车 → 车)."""
    return [re.sub(rf"^(?:多少|几)?(?:{re.escape(plan.unit or '')})?", "", n) for n in asked_nouns(case, plan)]


def an_item_of_a_list(case: Case, plan: CasePlan, event: Event) -> bool:
    """南京40条 of 南京40条、双喜20条 asked 一共扣了多少条烟: a figure that is one item of a list of the
    goods, the question naming no kind that singles it out (一共扣了多少件羽绒服 names its item)."""
    quantities = [e for e in case.ledger.events if e.unit == event.unit and e.amount is not None]
    found = next((f for f in goods_lists(case, quantities) if any(e.id == event.id for e in f)), None)
    if found is None:
        return False
    nouns = _asked_goods(case, plan)
    others = [_kind(e) for e in found if e.id != event.id]
    kind = _kind(event)
    return not any(len(n) >= 2 and kind and (n in kind or kind in n) and not any(n in o for o in others)
                   for n in nouns)


def _listed_name(event: Event) -> str:
    """An item as the list tells it, without the words leading into the list (有红塔山80条 → 红塔山80条)."""
    words = flat(event.words).strip("，,。；;、：: ")
    return re.sub(r"^[^，,、；;]*?(?:有|是|了|包括|分别是|写的是|清单上|(?:查获|缴获|扣押|扣留)(?:并(?:扣押|扣留))?)[：:]?(?=[\u4e00-\u9fffA-Za-z0-9])", "", words) or words


# counters that count any piece: a list in other units too has no total in them
_ANY_PIECE = frozenset({"件", "个", "样", "种"})
_GENERIC_GOODS = re.compile("|".join(GENERIC_GOODS))


def _about_asked(case: Case, plan: CasePlan, found: list[Event]) -> bool:
    """A list is of the goods asked when the question names none in particular (东西, 货物) or the
    statement telling it (its question too) names them (烟 for 条烟 / 香烟; 车 for 电动车)."""
    told = case.statement(found[0].statement)
    # a list read out by brand alone (利群60条、中华25条) is of the goods its neighbouring turns name
    # (进了一批烟 just before it)
    text = "".join(s.question + s.answer for s in case.ledger.statements
                   if s.session == told.session and abs(s.index - told.index) <= 1)
    nouns = [n for n in _asked_goods(case, plan) if n and not _GENERIC_GOODS.search(n)]
    return not nouns or any(n in text or len(n) > 2 and n[-2:] in text
                            or len(n) <= 2 and n[-1] not in "子儿头的" and n[-1] in text for n in nouns)


def _list_lead(case: Case, found: list[Event], lists: list[list[Event]]) -> str:
    """The words leading into a list in its statement (民警在你住处查获并扣押… / 第二次是…偷了…): from
    the end of the list told before it in the same words, else their start, to its first item (whose
    name says no act: 偷了纽扣200个)."""
    first = found[0].amount.anchor
    statement = case.statement(found[0].statement)
    start = found[0].sentence.start
    if statement.chunk_id == first.chunk_id:
        start = statement.question_span[0] if found[0].source == "asker" and statement.question_span \
            else statement.answer_offset
    before = [other[-1].amount.anchor.end for other in lists if other is not found
              and other[0].statement == found[0].statement and other[0].source == found[0].source
              and other[-1].amount.anchor.chunk_id == first.chunk_id and other[-1].amount.anchor.end <= first.start]
    start = max([start, *before])
    lead = case.text_of(type(first)(first.chunk_id, min(start, first.start), first.start))
    kind = _kind(found[0])
    return lead[:-len(kind)] if kind and lead.endswith(kind) else lead


def _list_acts(case: Case, found: list[Event], lists: list[list[Event]]) -> set[str]:
    """What was done with the goods of a list (lexicon GOODS_ACTS): as its leading words say, else
    as the question it answers says (偷了哪些烟？—有红塔山80条…)."""
    acts = set(goods_acts(_list_lead(case, found, lists)))
    if not acts and found[0].source == "answer":
        acts = set(goods_acts(case.statement(found[0].statement).question))
    return acts


def _list_occasion(case: Case, found: list[Event], lists: list[list[Event]]) -> int | None:
    """The occasion a list is of (第二次是…偷了…), as its leading words or its question name it."""
    told = ordinal_of(_list_lead(case, found, lists))
    if told is None and found[0].source == "answer":
        told = ordinal_of(case.statement(found[0].statement).question)
    return told


def _kind(event: Event) -> str:
    """An item's kind as the list names it (软中华30条 → 软中华); empty when it is not told."""
    return _listed_name(event).replace(flat(event.amount.text), "").strip("，,、；;：: ")


def _same_kinds(a: list[Event], b: list[Event]) -> bool:
    """Two lists name a kind in common (中华 and 软中华 alike) — or a kind is not told, and they may."""
    kinds_a, kinds_b = [_kind(e) for e in a], [_kind(e) for e in b]
    if not all(kinds_a) or not all(kinds_b):
        return True
    return any(x == y or min(len(x), len(y)) >= 2 and (x in y or y in x) for x in kinds_a for y in kinds_b)


def _one_fact(case: Case, a: list[Event], b: list[Event], lists: list[list[Event]]) -> bool:
    """Two lists tell one fact (and differing figures are its versions) unless they name no kind in
    common, or were told of different acts (偷了… / 扣押…) or different occasions (第一次 / 第二次) with
    other figures (the goods stolen, seized to the piece, are one count)."""
    if not _same_kinds(a, b):
        return False
    if sum(e.amount.value for e in a) == sum(e.amount.value for e in b):
        return True
    acts_a, acts_b = _list_acts(case, a, lists), _list_acts(case, b, lists)
    if acts_a and acts_b and not acts_a & acts_b:
        return False
    once_a, once_b = _list_occasion(case, a, lists), _list_occasion(case, b, lists)
    return once_a is None or once_b is None or once_a == once_b


def _asked_lists(case: Case, plan: CasePlan, lists: list[list[Event]], told: list[list[Event]]) -> list[list[Event]]:
    """The lists a count asks of: of the session asked, of the act asked (a list of another act is
    not; one whose act is not told is when no list tells the act, or when it names kinds of a list
    that does — a telling again, 那批烟再说一遍), of the occasion asked (第二次一共偷了几部)."""
    chosen = lists
    if plan.session and len({s.session for s in case.ledger.statements}) > 1:
        chosen = [found for found in chosen if found[0].session == plan.session]
    if plan.goods_act:
        acts = [(found, _list_acts(case, found, told)) for found in chosen]
        of_act = [found for found, said in acts if plan.goods_act in said]
        unsaid = [found for found, said in acts if not said]
        chosen = [found for found in chosen if any(found is f for f in of_act) or any(found is f for f in unsaid)
                  and (not of_act or any(_same_kinds(found, other) for other in of_act))]
    if plan.aggregate == "nth":
        chosen = [found for found in chosen if _list_occasion(case, found, told) == plan.ordinal]
    return chosen


def _unconfirmed(case: Case, found: list[Event]) -> str:
    """，询问人宣读，本人未确认（答「记不清了」）: for a list the asker read out that the answer did not
    confirm (a dispute, a doubt); empty for the speaker's own list or a confirmed one."""
    if all(_vouched(e) for e in found):
        return ""
    answer = case.statement(found[0].statement).answer.strip()
    head = re.split(r"[，,。；;！!？?\n]", answer, maxsplit=1)[0].strip()
    return f"（询问人宣读，本人未确认，答「{head}」）" if head else "（询问人宣读，本人未确认）"


def _list_line(case: Case, outcome: Outcome, found: list[Event], unit: str) -> tuple[str, list[str]]:
    """共65条：软中华30条（E1）、…，逐项相加为65条 — each item cited, the sum's calculation kept."""
    ids = [case.cite_event(e, "completion") for e in found]
    result = sum((e.amount.value for e in found), Decimal(0))
    outcome.calculations.append(Calculation(
        " + ".join(plain_number(e.amount.value) for e in found), result, None, True, list(dict.fromkeys(ids)),
        "所列各项数量相加",
        factors=[{"value": plain_number(e.amount.value), "unit": "quantity", "text": e.amount.text} for e in found]))
    items = "、".join(f"{_listed_name(e)}（{i}）" for e, i in zip(found, ids))
    return f"共{plain_number(result)}{unit}：{items}，逐项相加为{plain_number(result)}{unit}", ids


def answer_listed_total(case: Case, plan: CasePlan, outcome: Outcome, label: str) -> bool:
    """一共偷了多少条烟 over goods listed kind by kind: the items of the list asked added, each cited.
    The list asked is the one of the act, occasion and session the question names; lists of other
    kinds no question tells apart (what was stolen, what was found at home) are each named with its
    own total — never added, never one chosen silently. Lists of the same kinds told again with other
    figures are versions of one total (each shown). A list read out and not confirmed is never
    verified. A list whose items are counted in other units as well cannot give a total in the unit
    asked. False when no list of the unit asked is told (for 第二次…: none of that occasion)."""
    quantities = [e for e in case.ledger.events if e.unit and e.amount is not None and not e.amount.approx]
    told = goods_lists(case, quantities)
    lists = [found for found in told if any(e.unit == plan.unit for e in found) and _about_asked(case, plan, found)]
    if not lists:
        return False
    lists = _asked_lists(case, plan, lists, told)
    if not lists:
        if plan.aggregate == "nth":
            return False
        outcome.add(Part(label, "", Fill.MISSING))  # lists of other acts only: 卖了多少 over what was stolen
        return True
    mixed = [found for found in lists if len({e.unit for e in found}) > 1]
    if mixed and plan.unit in _ANY_PIECE:  # 运动鞋120双；羽绒服65件；保温杯300个 asked 一共多少件: no total in one unit
        found = mixed[0]
        ids = [case.cite_event(e, "completion") for e in found]
        items = "、".join(f"{_listed_name(e)}（{i}）" for e, i in zip(found, ids))
        outcome.add(Part(label, f"所列各项计量单位不同（{items}），不能合计为以「{plan.unit}」计的数量，需人工核实",
                         Fill.CONFLICT, list(dict.fromkeys(ids))))
        return True
    # 电动车3辆、山地车2辆、手机4部 asked 一共几辆车: the items counted in the unit asked
    lists = [[e for e in found if e.unit == plan.unit] for found in lists]
    lists = [found for found in lists if len(found) >= 2]
    if not lists:
        return False
    facts: list[list[list[Event]]] = []  # lists telling one fact, each fact's lists in the order told
    for found in lists:
        joined = [fact for fact in facts if any(_one_fact(case, found, other, told) for other in fact)]
        facts = [fact for fact in facts if fact not in joined] + [[l for fact in joined for l in fact] + [found]]
    if len(facts) > 1:
        lines, all_ids = [], []
        for fact in facts:
            for found in fact:
                line, ids = _list_line(case, outcome, found, plan.unit)
                lines.append(line + _unconfirmed(case, found))
                all_ids += ids
        outcome.add(Part(label, f"材料中有{len(lines)}份所列财物不同的清单，问题未指明所问哪一份（各自计数，不相加）："
                                f"{'；'.join(lines)}，需人工核实", Fill.CONFLICT, list(dict.fromkeys(all_ids))))
        return True
    sums: dict[Decimal, list[list[Event]]] = {}
    for found in facts[0]:
        sums.setdefault(sum((e.amount.value for e in found), Decimal(0)), []).append(found)
    lines, all_ids = [], []
    for same in sums.values():
        # the speaker's own list (or one he confirmed) of that figure, else the one read out to him
        found = next((f for f in same if not _unconfirmed(case, f)), same[0])
        line, ids = _list_line(case, outcome, found, plan.unit)
        lines.append(line + _unconfirmed(case, found))
        all_ids += ids
    if len(lines) == 1:
        fill = Fill.CONFLICT if _unconfirmed(case, found) else Fill.FILLED
        outcome.add(Part(label, lines[0] + ("，需人工核实" if fill is Fill.CONFLICT else ""), fill,
                         list(dict.fromkeys(all_ids))))
        return True
    text = "；".join(lines)
    outcome.add(Part(label, f"{label}说法不一：{text}，需人工核实", Fill.CONFLICT, list(dict.fromkeys(all_ids))))
    return True


# -- pieces at a price per piece -------------------------------------------------------------------------
_PRICE_WORDS = re.compile(r"进价|售价|零售价|批发价|出厂价|收购价|市场价|成本价|卖价|买价")
_CLAUSE = re.compile(r"[，,；;。]")


def _clause_at(text: str, at: int) -> str:
    start = max((m.end() for m in _CLAUSE.finditer(text, 0, at)), default=0)
    end = next((m.start() for m in _CLAUSE.finditer(text, at)), len(text))
    return text[start:end]


def goods_words(case: Case, plan: CasePlan) -> list[str]:
    """The goods the question names (电饭煲, 羽绒服), without its count words (那两台)."""
    from engine.text.quantities import find_quantities

    words = []
    for noun in asked_nouns(case, plan):
        for q in find_quantities(noun):
            noun = noun.replace(q.text, "")
        noun = re.sub(r"^(?:那|这)(?:些|批)?", "", noun)
        if EACH.match(noun):
            continue  # 按每吨售价计算: 每吨 says what the price is per, it names no goods
        if len(noun) >= 2 and not _GENERIC_GOODS.search(noun) and not _PRICE_WORDS.search(noun) \
                and not re.search(r"价|钱|多少", noun):
            words.append(noun)
    return words


def _counted_just_before(text: str, at: int, unit: str, goods: list[str]) -> bool:
    """头孢曲松钠20盒，每盒38元；葡萄糖注射液10件，每件45元: the clause just before the price names the
    goods and counts them in the price's unit — the price is theirs, though its own clause names nothing."""
    from engine.text.quantities import find_quantities

    start = max((m.end() for m in _CLAUSE.finditer(text, 0, at)), default=0)
    if start == 0:
        return False
    previous = _clause_at(text, start - 1)
    return any(_names(previous, g) for g in goods) and any(
        q.meta["unit"] == unit and not q.meta.get("each") for q in find_quantities(previous))


def answer_told_piece_price(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """吊一瓶水收多少钱 (the piece asked: 瓶): the price per that piece the speakers tell (吊水一瓶四十元,
    每瓶四十元, 四十元一瓶), of the goods the question names when a sentence names them. False — nothing
    added — when no such price is told, or several differ (then the ledger's rows decide, or not found);
    a price for several pieces (吊两瓶收七十元) is never one per piece."""
    from engine.answer.casefile.accounts import _price_unit, joined_sentences

    if not plan.per_piece:
        return False
    goods = goods_words(case, plan)
    told = []
    for said in joined_sentences(case):
        for amount in find_amounts(said.text):
            if _price_unit(said.text, amount) == plan.per_piece:
                told.append((said, amount))
    # of the goods asked: named in the price's own clause, or counted in the clause just before it
    # (头孢曲松钠20盒，每盒38元；地塞米松5盒，每盒6元: 38 is the first's, 6 the second's)
    told = _charged_prices(case, plan, told, lambda said, amount: any(
        _names(_clause_at(said.text, amount.start), g) for g in goods)
        or _counted_just_before(said.text, amount.start, plan.per_piece, goods))
    if not told or len({Decimal(str(a.value)) for _, a in told}) != 1:
        return False
    ids = list(dict.fromkeys(case.cite(said.anchor(a.start, a.end)) for said, a in told))
    said, amount = told[0]
    price = Decimal(str(amount.value))
    outcome.add(Part("单价", f"每{plan.per_piece}{money(price)}：材料显示「{flat(_clause_at(said.text, amount.start))}」"
                           f"（{'、'.join(ids)}）", Fill.FILLED, ids))
    return True


# A price said to be the usual one, not the one charged this time (平时卖一条180元, 原价, 市场价).
_USUAL_PRICE = re.compile(r"平时|平常|一般|通常|正常|原价|市场价|零售价|标价|外面")


def _charged_prices(case: Case, plan: CasePlan, told: list, of_goods) -> list:
    """The prices per piece told, narrowed to the one charged for the goods asked: to those told in a
    turn naming the person the question names (卖给莫建新的情况呢？), then to one the turn confirms by
    its own arithmetic (拿了玉溪60条…按170元一条算，一共是10,200元: 60 × 170 = 10,200), then to those whose
    clause names the goods (``of_goods``), then to the prices not said to be the usual one (平时卖一条
    180元). Each step applies only when it keeps some price; narrowing stops at one price."""
    from engine.text.quantities import find_quantities

    people = case.named_in(plan.text, plan.names, known_only=True)
    steps = []
    if people:
        steps.append(lambda said, amount: any(p in said.statement.question or p in said.statement.answer
                                              for p in people))

    def confirmed(said, amount) -> bool:
        answer = said.statement.answer
        counts = [Decimal(str(q.value)) for q in find_quantities(answer)
                  if q.meta.get("unit") == plan.per_piece and not q.meta.get("each")]
        sums = {Decimal(str(a.value)) for a in find_amounts(answer)}
        price = Decimal(str(amount.value))
        return any(count * price in sums for count in counts if count > 1)

    steps.append(confirmed)
    steps.append(of_goods)
    steps.append(lambda said, amount: not _USUAL_PRICE.search(_clause_at(said.text, amount.start)))
    for keep in steps:
        if len({Decimal(str(a.value)) for _, a in told}) <= 1:
            break
        kept = [(said, amount) for said, amount in told if keep(said, amount)]
        if kept:
            told = kept
    return told


# Canonical units (engine/text/quantities.py) that count occurrences, not pieces: 每次8000元 is a sum
# paid each time, never the price of one piece of goods.
_OCCURRENCES = frozenset({"次", "笔"})


def answer_priced_goods(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """那两台电饭煲按进价算值多少钱: the count of the goods (as the question states it, found in the
    record too; else the one count the record tells of them) times the price per piece the record
    states of them (进价每台260元, 单价300元/件), each factor cited. Not composed when the goods, the
    price or the count is not read as one figure, or the units differ."""
    from engine.answer.casefile.accounts import _price_unit, joined_sentences
    from engine.text.quantities import find_quantities

    label = f"按{plan.priced_by}计算的金额" if plan.priced_by else "金额"
    goods = goods_words(case, plan)
    specific = plan.priced_by if plan.priced_by and _PRICE_WORDS.search(plan.priced_by) else None
    prices, counts = [], []
    for said in joined_sentences(case):
        about = [g for g in goods if _names(said.text, g)]
        if goods and not about:
            continue
        per_piece = []
        for amount in find_amounts(said.text):
            unit = _price_unit(said.text, amount)
            if unit and unit not in _OCCURRENCES:
                per_piece.append((amount, unit))
        for amount, unit in per_piece:
            clause = _clause_at(said.text, amount.start)
            named_price = _PRICE_WORDS.search(clause)
            if specific and named_price and named_price.group(0) != specific:
                continue  # 售价每台300元 is no 进价
            told = measure_of(clause) or measure_of(said.statement.question)
            if plan.measure in VALUE_MEASURES and told in VALUE_MEASURES and told != plan.measure:
                continue  # 按每吨40元报关 (a price declared) or a price found is no price the goods were sold at
            # the price of the goods asked: named in its own clause, the sentence's only price, or
            # the one price of the kind asked the sentence about them tells (…零售价每台480元，进价每台350元)
            if goods and not any(_names(clause, g) for g in goods) and len(per_piece) > 1 \
                    and not (specific and named_price) and not _counted_just_before(said.text, amount.start, unit, goods):
                continue
            prices.append((Decimal(str(amount.value)), unit, said, amount))
        for q in find_quantities(said.text):
            clause = _clause_at(said.text, q.start)
            if q.meta.get("approx") or q.meta.get("each") or q.value != int(q.value):
                continue
            if goods and not any(_names(clause, g) for g in goods):
                continue
            if any(p[2] is said and p[3].start <= q.start < p[3].end for p in prices):
                continue
            counts.append((int(q.value), q.meta["unit"], said, q))
    if len({(p, u) for p, u, _, _ in prices}) != 1:
        outcome.add(Part(label, "", Fill.MISSING))
        return
    price, unit, price_said, price_fact = prices[0]
    of_unit = [c for c in counts if c[1] == unit]
    if plan.priced_count:
        asked, asked_unit = plan.priced_count
        of_unit = [c for c in of_unit if c[0] == asked] if asked_unit == unit else []
    if len({c[0] for c in of_unit}) != 1:
        outcome.add(Part(label, "", Fill.MISSING))
        return
    count, _, count_said, count_fact = of_unit[0]
    price_id = case.cite(price_said.anchor(price_fact.start, price_fact.end))
    count_id = case.cite(count_said.anchor(count_fact.start, count_fact.end))
    ids = list(dict.fromkeys([count_id, price_id]))
    result = price * count
    outcome.calculations.append(Calculation(
        f"{count} * {plain_number(price)}", result, None, True, ids, "数量乘以单价",
        factors=[{"value": count, "unit": "quantity", "text": count_fact.text}]))  # the price is an amount, checked as one
    outcome.add(Part(label, f"{money(result)}：{count_fact.text}（{count_id}）× 每{unit}{money(price)}（{price_id}）"
                            f" = {money(result)}", Fill.FILLED, ids))


# -- the difference between two figures of the goods ---------------------------------------------------
_FIGURE_ROLES = ("value", "cost", "total", "part")
_SIDE_MEASURES = (("declared", re.compile(r"申报|报关")), ("sale", re.compile(r"卖|售")), ("valuation", re.compile(r"认定|鉴定|评估|估价|价值|值")),
                  ("cost", re.compile(r"损失|丢")), ("restitution", re.compile(r"退赔|退赃|退缴|退")))
# the speaker's own account of the goods (他承认的 / 他交代的 / 他自己说的): his words, not a document's
_OWN_ACCOUNT = re.compile(r"承认|交代|供述|自己说|本人说|说的|认的|供认")


def _side_rows(case: Case, side: CasePlan, each: bool = False) -> list[Event]:
    """The rows of one side of a difference: a figure of the goods of the measure its words name
    (损失, 认定价值, 卖的钱; else what the goods are worth), in the session or account it names (第二次
    交代的), told in the speaker's own words when the side is his account."""
    from engine.answer.casefile.figure_relevance import best_rows

    measure = side.measure if side.measure in ("valuation", "sale", "cost", "restitution", "declared") else \
        next((m for m, words in _SIDE_MEASURES if words.search(side.text)), "valuation")
    # prices per piece compared (每吨低了多少): the figures per piece of each side, never sums
    roles = ("each",) if each else _FIGURE_ROLES
    rows = [e for e in case.ledger.money if e.amount is not None and not e.corrects and e.role in roles
            and (e.measure == measure or measure == "cost" and e.kind == "cost" and e.measure is None)]
    if _OWN_ACCOUNT.search(side.text):
        rows = [e for e in rows if e.source == "answer"]
    sessions = {s.session for s in case.ledger.statements}
    if side.ordinal and len(sessions) > 1:  # 第二次交代的: the figure told in that session
        rows = [e for e in rows if e.session == side.ordinal]
    if len({e.amount.value for e in rows}) > 1:
        rows = best_rows(case, side, rows) or rows
    totals = [e for e in rows if e.role == "total"]
    return totals if totals and len({e.amount.value for e in totals}) == 1 else rows


def answer_difference(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """公司报的损失比他第二次交代的多多少: the first figure less the second (the second less the first
    for 少多少), each the one figure its side's words name, each cited. Not composed when a side is
    not one figure, the currencies differ, or the result would be negative."""
    label = "差额"
    first, second = (_side_rows(case, side, plan.compared_each) for side in plan.compared)
    shared = {id(e) for e in first} & {id(e) for e in second}
    first = [e for e in first if id(e) not in shared]
    second = [e for e in second if id(e) not in shared]
    if len({e.amount.value for e in first}) != 1 or len({e.amount.value for e in second}) != 1 \
            or first[0].currency != second[0].currency:
        outcome.add(Part(label, "", Fill.MISSING))
        return
    # 少多少: the second less the first; 相差多少: the larger less the smaller
    swap = plan.compared_way == "less" or plan.compared_way is None and second[0].amount.value > first[0].amount.value
    big, small = (second[0], first[0]) if swap else (first[0], second[0])
    big_words, small_words = (plan.compared[1].text, plan.compared[0].text) if swap else \
        (plan.compared[0].text, plan.compared[1].text)
    result = big.amount.value - small.amount.value
    a, b = case.cite_event(big, "completion"), case.cite_event(small, "completion")
    strip = lambda words: re.sub(r"是多少钱$", "", words)
    big_said, small_said = said_figure(big.amount, big.currency), said_figure(small.amount, small.currency)
    if result < 0:  # …比…多多少 when it is less: never a negative difference composed
        outcome.add(Part(label, f"{strip(big_words)}为{big_said}（{a}），{strip(small_words)}为{small_said}（{b}），"
                                f"前者并不比后者多，需人工核实", Fill.CONFLICT, [a, b]))
        return
    approx = big.amount.approx or small.amount.approx
    outcome.calculations.append(Calculation(f"{plain_number(big.amount.value)} - {plain_number(small.amount.value)}",
                                            result, None, True, [a, b], "两项金额相减"))
    note = "（所据金额有约数，差额亦为约数）" if approx else ""
    outcome.add(Part(label, f"相差{money(result, big.currency)}{note}：{strip(big_words)}{big_said}（{a}）"
                            f"减去{strip(small_words)}{small_said}（{b}）", Fill.FILLED, [a, b]))
