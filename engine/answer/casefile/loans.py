"""One loan of several (第一笔借款, 第二笔借款) in a record of private lending: what the borrower
actually received (the IOU's sum less interest or fees taken off beforehand — 砍头息 — or the sum
said 实际到手), and the interest paid on it summed over its payments (每月付一千五百元，付了十个月;
分别付了四百元、四百元和三百元). Each figure is attributed to who said it; sides saying different
figures, or one side denying the deduction, are a conflict."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import chinese_count, plain_number, quoted
from engine.question import CasePlan
from engine.text.numbers import find_amounts as _find_amounts, parse_number

_NTH = re.compile(r"第([一二三四五六七八九十\d]+)笔")
_NET = re.compile(r"(?:实际|真正)(?:到手|收到|拿到|得到|借到|到账|给付|出借|转给|交付)|到手|拿到手|到账")
_DEDUCT = re.compile(r"(?:预先|提前|当场|先|事先|直接)?(?:扣除|扣了|扣掉|扣下|扣留|抽走|扣)")
_DEDUCTED_WHAT = re.compile(r"利息|砍头息|手续费|服务费|保证金|中介费|押金|息")
_FACE = re.compile(r"借条|欠条|借据|合同")
_DENIED = re.compile(r"没有扣|没扣|未扣|不存在扣|不存在砍头息|全额|足额|如数")
_INTEREST = re.compile(r"利息|息")
_PAID = re.compile(r"付|给|还|交|转|收")
# 每月付一千五百元 / 每个月15号前用微信转给他利息900元: the sum paid each month (a day of the month may
# stand between, never another sum)
_MONTHLY_PAID = re.compile(r"每(?:个)?月(?:[^，,。；\d一二三四五六七八九十两]|[\d一二三四五六七八九十两]+(?:号|日)){0,14}$")
# 付了十个月 / 一共给了八个月 / 一共是10个月 / 总共十一个月: how many months were paid, said in the sentence
_MONTHS = re.compile(r"(?:(?:付|给|还|交|转)(?:了|过)?[^，,。；\d]{0,3}?|(?:一共|总共|共计|合计|累计|共)(?:是|有)?)"
                     r"(?P<n>[\d一二三四五六七八九十两]+个月)")
# 利息一共收到9,000元 / 一共收了利息14,400元: a total of interest said as one figure
_TOTAL_SAID = re.compile(r"(?:(?:一共|总共|共计|合计|累计|总计)[^，,。；\d]{0,6}利息|利息[^，,。；\d]{0,2}"
                         r"(?:一共|总共|共计|合计|累计|总计)[^，,。；\d]{0,5})(?:是|为|有)?$")


def find_amounts(text: str):
    """Amounts with Decimal values (plain_number and the sums want them)."""
    out = _find_amounts(text)
    for fact in out:
        fact.value = Decimal(str(fact.value))
    return out


def _loans(said: Said) -> set[str]:
    statement = said.statement
    return set(_NTH.findall(said.text)) or set(_NTH.findall(statement.question)) or set(_NTH.findall(statement.answer))


def _of_loan(case: Case, plan: CasePlan) -> list[Said]:
    """The sentences telling of the loan asked (its ordinal named there, or — when no loan is named
    anywhere by its ordinal — every sentence)."""
    said = joined_sentences(case)
    if plan.loan is None:
        return said
    wanted = {chinese_count(plan.loan), str(plan.loan)}
    return [s for s in said if _loans(s) & wanted]


def _who(said: Said) -> str:
    return said.statement.party or said.statement.speaker or "陈述人"


@dataclass
class _Net:
    who: str
    value: Decimal
    shown: str  # how it is said, or computed
    cited: str
    calc: Calculation | None = None


def _nets(case: Case, told: list[Said]) -> tuple[list[_Net], list[tuple[str, Said]]]:
    nets: list[_Net] = []
    denials: list[tuple[str, Said]] = []
    for said in told:
        amounts = find_amounts(said.text)
        if _DENIED.search(said.text):
            denials.append((_who(said), said))
            continue
        net = next((a for a in amounts if _NET.search(said.text[max(0, a.start - 10):a.start])), None)
        cited = None
        if net is not None:
            cited = case.cite(said.anchor(0, len(said.text)))
            nets.append(_Net(_who(said), Decimal(str(net.value)), net.text, cited))
            continue
        deducted = next((a for a in amounts if _DEDUCT.search(said.text[max(0, a.start - 12):a.start])
                         and _DEDUCTED_WHAT.search(said.text[max(0, a.start - 12):a.end + 6])), None)
        face = next((a for a in amounts if _FACE.search(said.text[max(0, a.start - 10):a.start])), None)
        if deducted is None or face is None or deducted.value >= face.value:
            continue
        cited = case.cite(said.anchor(0, len(said.text)))
        value = Decimal(str(face.value)) - Decimal(str(deducted.value))
        calc = Calculation(f"{plain_number(face.value)} - {plain_number(deducted.value)}", value, None, True, [cited],
                           "借条金额减去预先扣除的款项")
        nets.append(_Net(_who(said), value, f"借条{face.text}、预先扣除{deducted.text}，到手"
                                            f"{plain_number(face.value)}-{plain_number(deducted.value)}={plain_number(value)}元",
                         cited, calc))
    return nets, denials


def answer_net_received(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """实际到手多少: each account of what the borrower got, attributed; accounts that differ, or one
    denying any deduction, are a conflict. False when no one says it."""
    nets, denials = _nets(case, _of_loan(case, plan))
    if not nets:
        return False
    first: dict[str, _Net] = {}
    for net in nets:
        first.setdefault(net.who, net)
    for net in first.values():
        if net.calc is not None:
            outcome.calculations.append(net.calc)
    said = "；".join(f"{n.who}称{n.shown}（{n.cited}）" for n in first.values())
    others = [(who, s) for who, s in denials if who not in first]
    if len({n.value for n in first.values()}) > 1 or others:
        denied = "；".join(f"{who}称{quoted(s.text)}（{case.cite(s.anchor(0, len(s.text)))}）" for who, s in others)
        text = "；".join(t for t in (said, denied) if t)
        ids = [n.cited for n in first.values()]
        outcome.conflicts.append(Conflict("testimony", f"实际到手数额说法不一：{text}", ids))
        outcome.add(Part("实际到手", f"说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
        return True
    outcome.add(Part("实际到手", said, Fill.FILLED, [n.cited for n in first.values()]))
    return True


# Money of another kind than interest, named before a figure in a list (本金200,000元、利息30,800元).
_OTHER_MONEY = re.compile(r"本金|借款|本息|违约金|货款|价款|[^利]费")


def _interest_listed(text: str, amounts: list) -> list:
    """The figures of a list that are interest: each named by its own words (since the separator before
    it) as interest, or as no other kind of money — never the principal listed beside it."""
    kept = []
    for amount in amounts:
        own = text[max(text.rfind(mark, 0, amount.start) for mark in "、，；;：:（(") + 1:amount.start]
        if re.match(r"\s*(?:为基数|作为基数)", text[amount.end:]):
            continue  # 以200,000元为基数: what interest is reckoned on
        if _INTEREST.search(own) or not _OTHER_MONEY.search(own):
            kept.append(amount)
    return kept


def answer_loan_interest(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """第一笔借款一共付了多少利息: the interest paid on that loan, summed over its payments as said
    (每月X元 × N个月, or the payments listed), attributed. False when no sentence of that loan says."""
    found: list[tuple[str, Decimal, str, str, Calculation | None]] = []  # a total said as one figure has no calculation
    for said in _of_loan(case, plan):
        if not (_INTEREST.search(said.text) or _INTEREST.search(said.statement.question)) or not _PAID.search(said.text):
            continue
        amounts = [a for a in find_amounts(said.text) if not _NET.search(said.text[max(0, a.start - 10):a.start])]
        cited = case.cite(said.anchor(0, len(said.text)))
        monthly = next((a for a in amounts if _MONTHLY_PAID.search(said.text[max(0, a.start - 24):a.start])), None)
        paid_months = _MONTHS.search(said.text)
        if monthly is not None and paid_months is not None:
            months = paid_months.group("n")
            n = parse_number(months.replace("个月", ""))
            if n is None:
                continue
            value = Decimal(str(monthly.value)) * n
            calc = Calculation(f"{plain_number(monthly.value)} * {plain_number(n)}", value, None, True, [cited],
                               "每月所付利息乘以月数", factors=[{"value": int(n), "unit": "stated", "text": months}])
            found.append((_who(said), value, f"每月{monthly.text}、{months}，共{plain_number(monthly.value)}×{plain_number(n)}"
                                             f"={plain_number(value)}元", cited, calc))
        elif total := next((a for a in amounts if _TOTAL_SAID.search(said.text[max(0, a.start - 14):a.start])), None):
            found.append((_who(said), Decimal(str(total.value)), f"共{total.text}", cited, None))
        elif len(listed_ := _interest_listed(said.text, amounts)) >= 2 \
                and re.search(r"分别|各|分[\d一二三四五六七八九十两]+次|、", said.text):
            amounts = listed_
            value = sum((Decimal(str(a.value)) for a in amounts), Decimal(0))
            listed = "+".join(plain_number(a.value) for a in amounts)
            calc = Calculation(" + ".join(plain_number(a.value) for a in amounts), value, None, True, [cited],
                               "各次所付利息相加")
            found.append((_who(said), value, f"{'、'.join(a.text for a in amounts)}，共{listed}={plain_number(value)}元",
                          cited, calc))
    if not found:
        return False
    first: dict[str, tuple[str, Decimal, str, str, Calculation | None]] = {}
    for row in found:
        first.setdefault(row[0], row)
    for row in first.values():
        if row[4] is not None:
            outcome.calculations.append(row[4])
    loan = f"第{chinese_count(plan.loan)}笔借款" if plan.loan else "该笔借款"
    said = "；".join(f"{who}称{shown}（{cited}）" for who, _, shown, cited, _ in first.values())
    if len({row[1] for row in first.values()}) > 1:
        ids = [row[3] for row in first.values()]
        outcome.conflicts.append(Conflict("testimony", f"{loan}已付利息说法不一：{said}", ids))
        outcome.add(Part("已付利息", f"{loan}已付利息说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
        return True
    outcome.add(Part("已付利息", f"{loan}已付利息：{said}", Fill.FILLED, [row[3] for row in first.values()],
                     summed=True))
    return True
