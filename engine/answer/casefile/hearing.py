"""What each side of a hearing (庭审笔录) says for itself: the sum one side says is still owed and the
sum the other admits (原告称尚欠八万元 / 被告称只欠五万元 — both, attributed, a conflict; 多出多少 is
their difference with its equation), each side's offer in mediation (what the plaintiff would accept,
the most the defendant would pay — never added together), and the tasks the court set after the
hearing (庭后七日内提交银行流水). Never one side's figure as the settled one."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.question import CasePlan
from engine.text.lines import joined_view
from engine.text.numbers import find_amounts, parse_number

_SIDE = re.compile(r"原告|被告|第三人|上诉人|被上诉人|申请人|被申请人")


def is_hearing(case: Case) -> bool:
    """Two sides of a hearing answer in the record (原告 and 被告 each have turns)."""
    return len({s.party for s in case.ledger.statements if s.party in HEARING_SIDES}) >= 2


def _side(said: Said) -> str | None:
    return said.statement.party if said.statement.party in HEARING_SIDES else None


# -- each side's figure of what is owed ----------------------------------------------------------
# A sum said to be owed (尚欠本金八万元, 只欠五万元, 还差货款三万元没付, 剩下两万元没还), or claimed
# (请求判令被告归还借款本金八万元): the words before the amount, within the clause.
_OWED_BEFORE = re.compile(r"(?:尚欠|还欠|仍欠|只欠|共欠|欠(?:了|着)?|欠款|余款|剩余|剩下|只剩|还剩|还差|未付|未还|没还|没付|"
                          r"归还|偿还|返还)"
                          # 还欠我劳务费 / 仍欠借款本金: whom and what, no other figure between
                          r"[^，,。；;：:\d一二三四五六七八九十两百千万]{0,8}$")
_OWED_AFTER = re.compile(r"^(?:的)?(?:借款|货款|工资|工钱|本金)?(?:没|未)(?:有)?(?:还|付|给|支付|归还)")
_NEGATED = re.compile(r"(?:不是|并非|不止|没有|不到|而非)$")
_INTEREST_ONLY = re.compile(r"利息|罚息|违约金")


@dataclass
class _Figure:
    side: str
    value: Decimal
    text: str
    said: Said
    start: int
    end: int


def _owed_figures(case: Case, principal: bool) -> list[_Figure]:
    found: list[_Figure] = []
    for said in joined_sentences(case):
        side = _side(said)
        if side is None:
            continue
        for amount in find_amounts(said.text):
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，,；;：:") + 1
            before = said.text[clause_start:amount.start]
            if _NEGATED.search(before) or not (_OWED_BEFORE.search(before) or _OWED_AFTER.match(said.text[amount.end:])):
                continue
            if principal and _INTEREST_ONLY.search(before[-6:]):
                continue  # 利息两千元 is not the principal asked
            found.append(_Figure(side, Decimal(str(amount.value)), amount.text, said, amount.start, amount.end))
    return found


def answer_sides_owed(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """还欠多少 in a hearing where the sides state different sums: each side's, attributed, as a
    conflict (or the side asked about, 原告主张欠多少); 多出/相差多少 → their difference. False (nothing
    added) when the sides do not both state a sum or state the same one."""
    figures = _owed_figures(case, bool(plan.principal))
    by_side: dict[str, _Figure] = {}
    for figure in figures:
        by_side.setdefault(figure.side, figure)  # each side's first statement of the sum
    if len(by_side) < 2 or len({f.value for f in by_side.values()}) < 2:
        return False
    asked = [plan.voice] if plan.voice in by_side else []
    cites = {side: case.cite(f.said.anchor(0, len(f.said.text))) for side, f in by_side.items()}
    said = "；".join(f"{side}称{f.text}（{cites[side]}）" for side, f in by_side.items())
    ids = list(cites.values())
    if plan.differ and len(by_side) == 2:
        high, low = sorted(by_side.values(), key=lambda f: -f.value)
        result = high.value - low.value
        outcome.calculations.append(Calculation(f"{plain_number(high.value)} - {plain_number(low.value)}", result, None,
                                                True, [cites[high.side], cites[low.side]], "双方所述数额之差"))
        outcome.conflicts.append(Conflict("testimony", f"欠款数额双方说法不一：{said}", ids))
        outcome.add(Part("差额", f"{said}；{high.side}所述比{low.side}多{plain_number(result)}元"
                                 f"（{plain_number(high.value)}-{plain_number(low.value)}={plain_number(result)}，见计算）",
                         Fill.FILLED, ids))
        return True
    if len(asked) == 1 and not plan.differ:
        # 原告主张被告还欠多少: that side's own figure, the other side's beside it as the conflict
        figure = by_side[asked[0]]
        outcome.conflicts.append(Conflict("testimony", f"欠款数额双方说法不一：{said}", ids))
        outcome.add(Part(f"{asked[0]}所述欠款", f"{asked[0]}称{figure.text}（{cites[asked[0]]}）", Fill.FILLED,
                         [cites[asked[0]]]))
        return True
    outcome.conflicts.append(Conflict("testimony", f"欠款数额双方说法不一：{said}", ids))
    outcome.add(Part("欠款", f"双方说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True


# -- mediation offers ------------------------------------------------------------------------------
_MEDIATION = re.compile(r"调解|和解|协商|调处")
_OFFER_SAID = re.compile(r"接受|同意|愿意|最多|最少|最低|只能|可以|一次性|让步|放弃")


def answer_offers(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """调解时原告愿意接受多少 / 被告最多能给多少: each side's offer with an amount, as that side said it
    in the mediation part of the hearing, one part per side — never a sum of the sides' figures."""
    statements = case.ledger.statements
    mediating = {s.index for s in statements if _MEDIATION.search(s.question)}
    near = {i + k for i in mediating for k in range(0, 5)}
    offers: dict[str, list[Said]] = {}
    for said in joined_sentences(case):
        side = _side(said)
        if side is None or not find_amounts(said.text) or not _OFFER_SAID.search(said.text):
            continue
        if said.statement.index not in near and not _MEDIATION.search(said.text):
            continue
        offers.setdefault(side, []).append(said)
    asked = [p for p in plan.parties if p in HEARING_SIDES] or list(offers)
    if not offers or not any(side in offers for side in asked):
        return False
    for side in asked:
        if side not in offers:
            outcome.add(Part(f"{side}的调解意见", "", Fill.MISSING))
            continue
        told = offers[side]
        cited = [case.cite(s.anchor(0, len(s.text))) for s in told]
        said = "；".join(f"{quoted(s.text)}（{c}）" for s, c in zip(told, cited))
        outcome.add(Part(f"{side}的调解意见", f"{side}称{said}", Fill.FILLED, cited))
    return True


# -- tasks set after the hearing -------------------------------------------------------------------
_TASK_SAID = re.compile(r"(?:庭后|休庭后|闭庭后|开庭后|本次庭审后|收到[^，。；]{0,8}后)?(?P<days>[一二三四五六七八九十两\d]+)(?:个工作日|个?日|天)内"
                        r"[^，。；;]{0,8}?(?P<act>提交|补交|提供|补充|递交|寄送|交)(?P<what>[^，。；;！]{1,30})")


def answer_tasks(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """庭后几日内提交什么: each task the record sets (庭后七日内提交银行流水), for the side asked (or
    every side), quoted with its days — nothing when the record sets none."""
    found: list[tuple[str | None, str, str, str]] = []  # (side, days words, what, cited)
    for source in sorted(case.sources.values(), key=lambda s: s.rank):
        text, where = joined_view(source.chunk.text, tight=True)
        for clause in re.finditer(r"[^。；;！？\n]+", text):
            m = _TASK_SAID.search(clause.group(0))
            if m is None or not re.search(r"庭|期限|日内|天内", clause.group(0)):
                continue
            sides = _SIDE.findall(clause.group(0)[:m.start()])
            side = sides[-1] if sides else ("双方" if re.search(r"双方|各方", clause.group(0)) else None)
            label = re.match(r"\s*[^：:，,]{1,8}[：:]\s*", clause.group(0))  # 审： / 审判员： before the words
            start, end = clause.start() + (label.end() if label and label.end() <= m.start() else 0), clause.end()
            from engine.ledger import Anchor

            cited = case.cite(Anchor(source.chunk.chunk_id, where[start], where[end - 1] + 1))
            found.append((side, m.group("days"), text[start:end].strip(), cited))
    asked = [p for p in plan.parties if p in HEARING_SIDES]
    chosen = [f for f in found if not asked or f[0] in asked or f[0] == "双方"]
    if not chosen:
        return False
    for side, days, clause, cited in chosen:
        number = parse_number(days)
        count = f"（{plain_number(number)}天）" if number is not None and not days.isdigit() else ""
        outcome.add(Part("庭后事项", f"{quoted(clause)}{count}（{cited}）", Fill.FILLED, [cited]))
    return True
