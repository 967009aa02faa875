"""一共输了多少 / 前后赢了多少: a sum over an act that moves no money the ledger books (a loss at
cards, a win), asked as a total — the amounts told right after that act's verb (第一次输了三千元，
第二次输了五千元), added and shown; checked against a total said of it (一共输了八千). Never the file's
payments (交台费五百元 is no loss at the table), never an amount told after another act.
"""

from __future__ import annotations

import re
from decimal import Decimal

from engine.answer.casefile.accounts import joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number, quoted, said_amount
from engine.question import CasePlan, Slot
from engine.text.numbers import find_amounts

_HEDGE_BEFORE = r"(?:大概|大约|约|差不多|将近|快)?"
_SUM_BEFORE = re.compile(r"(?:一共|总共|合计|共计|加起来|前后)[^，。；]{0,4}$")


def answer_act_total(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """The told amounts of the act asked, added (False when none is told right after its verb, or
    one is said unsurely: what was said answers then)."""
    from engine.answer.casefile.said import person_asked, told_of

    acts = [a for a in plan.focus.acts if a in plan.text]
    if not acts:
        return False
    verb = re.compile(rf"(?:{'|'.join(map(re.escape, acts))})(?:了|掉了?|过|进去|出去)?{_HEDGE_BEFORE}$")
    person = person_asked(case, plan)
    items, totals = [], []
    for said in joined_sentences(case):
        for amount in find_amounts(said.text):
            before = said.text[max(0, amount.start - 10):amount.start]
            if not verb.search(before):
                continue
            if person and not told_of(case, said.statement, said.text, amount.start, person):
                continue
            clause_start = max(said.text.rfind(ch, 0, amount.start) for ch in "，。；") + 1
            row = (said, amount)
            (totals if _SUM_BEFORE.search(said.text[clause_start:amount.start].split(acts[0])[0]) else items).append(row)
    if not items and not totals:
        return False
    if any(a.meta.get("approx") for _, a in items):
        return False
    cite = [case.cite(s.anchor(0, len(s.text))) for s, _ in items]
    if len(items) == 1 and not totals:
        said, amount = items[0]
        # one told amount of the act: the badge check decides whether it stands for the sum asked
        outcome.add(Part("金额", f"材料显示：{quoted(said.text)}（{cite[0]}）", Fill.FILLED, cite,
                         quoted=Quoted(said.text, Slot.AMOUNT, said.statement.question)))
        return True
    if not items:  # only the total is told
        said, amount = totals[-1]
        cited = case.cite(said.anchor(0, len(said.text)))
        outcome.add(Part("金额", f"材料显示：{quoted(said.text)}（{cited}）", Fill.FILLED, [cited],
                         quoted=Quoted(said.text, Slot.AMOUNT, said.statement.question)))
        return True
    values = [Decimal(str(a.value)) for _, a in items]
    result = sum(values, Decimal(0))
    ids = list(dict.fromkeys(cite))
    stated = Decimal(str(totals[-1][1].value)) if totals else None
    evidence = ids + ([case.cite(totals[-1][0].anchor(0, len(totals[-1][0].text)))] if totals else [])
    outcome.calculations.append(Calculation(" + ".join(plain_number(v) for v in values), result, stated,
                                            stated is None or stated == result, evidence, "所述各次相加"))
    text = f"共计{money(result)}：各次相加复算为{money(result)}（{'、'.join(ids)}）"
    if stated is not None:
        same = stated == result
        text += f"，与所述{said_amount(totals[-1][1].text, stated, 'CNY')}" + ("一致" if same else "不符，需人工复核")
        outcome.add(Part("金额", text, Fill.FILLED if same else Fill.CONFLICT, evidence))
        return True
    outcome.add(Part("金额", text, Fill.FILLED, ids))
    return True
