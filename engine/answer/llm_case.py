"""A case file in the LLM answer mode: the ledger behind the deterministic draft, shown to the model,
and the checks that hold the model's conclusion to it.

The case composer (engine/answer/casefile) answers from the case ledger: the rows it cites, the
totals and balances it recomputed over them, the conflicts and gaps it found. In LLM mode the model
gets all of that as part of its evidence, so it can answer a total, the Nth payment or a balance
from rows rather than from whichever statements retrieval happened to rank first:

- the draft's own evidence items come first, under the ids its panels use (E1…Ek); retrieved
  statements follow (E(k+1)…), so every id the model sees is an id of the answer;
- a ``<ledger>`` block lists the question's plan (the slots it asks, the aggregate, the occurrence),
  each cited row (date, payer → payee, amount, means, page, the E-id of its quote) and the
  calculations, conflicts and gaps of the draft.

The panels of the answer stay the draft's, and the model's conclusion may not contradict them:
a total that is not the recomputed one, an amount or date of the asked event that is none of the
ledger's, an answer where the ledger found nothing — each is named in ``checks.unsupported`` and
makes the answer ``needs_review``.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Sequence

from engine.answer.composer import Draft, EvidenceSet
from engine.answer.model import Calculation
from engine.question import CasePlan, Slot
from engine.answer.verify import CITATION
from engine.answer.wording import money, said_amount
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts

LEDGER_OPEN = "<ledger>"
LEDGER_CLOSE = "</ledger>"

# What moved (engine/text/case_lexicon.py KIND_CUES) and what a row says about it (Event.role).
KIND_WORDS = {"pay": "给付（交付、转给、借出、投入）", "take": "拿取（侵占、挪用、骗取）",
              "repay": "归还（还款、退还、退赔）", "interest": "利息或收益", "compensation": "赔偿",
              "cost": "费用或损失", "demand": "索要（尚未给付）"}
ROLE_WORDS = {"event": "", "total": "所述合计", "balance": "所述余额（尚欠、未还）",
              "agreed": "约定的数额", "periodic": "按期给付", "demand": "索要的数额",
              "cost": "所述费用或损失", "count": "所述次数"}
SLOT_WORDS = {Slot.AMOUNT: "金额", Slot.DATE: "日期", Slot.MEANS: "方式", Slot.PLACE: "地点",
              Slot.PERSON: "人", Slot.COUNT: "次数", Slot.YESNO: "是否", Slot.RATE: "利率",
              Slot.DURATION: "期限", Slot.INSTRUMENT: "所用工具", Slot.ACCOUNT: "账户或卡号",
              Slot.FIELD: "笔录所载信息", Slot.TEXT: "经过或情况"}
AGGREGATE_WORDS = {"total": "合计", "outstanding": "尚欠或未退的余额", "nth": "第{n}笔（次）",
                   "first": "第一笔（次）", "last": "最后一笔（次）", "count": "笔数（次数）"}
MAX_PERIODS_SPELLED = 60  # a periodic term of up to this many periods is written out term by term
UNCERTAIN_WORDS = {"amount": "金额", "date": "日期", "time": "时间", "means": "方式", "place": "地点"}


@dataclass(frozen=True)
class CaseContext:
    """The deterministic answer of a case file and the plan it was built from."""

    draft: Draft  # compose_case's draft: conclusion, panels, the ledger rows it cites
    plan: CasePlan

    def evidence(self) -> EvidenceSet:
        """A set holding the draft's evidence under its own ids, for the retrieved blocks to follow."""
        return self.draft.evidence.copy()


# -- what the model is shown ---------------------------------------------------------------------
def _data(value: Any) -> str:
    """A value read from the document, as one line that cannot open or close a block."""
    return " ".join(str(value).split()).replace("<", "＜")


def plan_line(plan: CasePlan) -> str:
    asked = "、".join(SLOT_WORDS[s] for s in plan.slots if s in SLOT_WORDS) or "经过或情况"
    parts = [f"问的是{asked}"]
    if plan.aggregate:
        parts.append("求" + AGGREGATE_WORDS.get(plan.aggregate, plan.aggregate).format(n=plan.ordinal))
    elif plan.ordinal:
        parts.append(f"第{plan.ordinal}笔（次）")
    if plan.kind:
        parts.append("款项：" + KIND_WORDS.get(plan.kind, plan.kind))
    if plan.principal is True:
        parts.append("只算本金")
    elif plan.principal is False:
        parts.append("只算利息")
    if plan.period:
        parts.append(f"时间为{plan.period}的那一笔")
    if plan.means:
        parts.append(f"以{_data(plan.means)}给付的那一笔")
    if plan.session:
        parts.append(f"第{plan.session}次讯问（询问）")
    if plan.demand_more:
        parts.append("问还要求再给多少")
    return "；".join(parts)


def row_line(row: dict[str, Any]) -> str:
    """One ledger row as the model reads it: L2｜第1笔｜给付…｜2021年3月5日｜某乙→某甲｜50000元｜转账｜第2页｜出处 E1."""
    cells = [row["id"]]
    if row.get("ordinal"):
        cells.append(f"第{row['ordinal']}笔")
    kind = KIND_WORDS.get(row.get("kind") or "", row.get("kind") or "款项")
    role = ROLE_WORDS.get(row.get("role") or "event", "")
    cells.append(f"{kind}，{role}" if role else kind)
    cells.append(_data(row["date"]) if row.get("date") else "日期未载")
    if row.get("payer") or row.get("payee"):
        cells.append(f"{_data(row.get('payer') or '未载')}→{_data(row.get('payee') or '未载')}")
    if row.get("amount") is not None:
        surface = row.get("amount_text")
        cells.append(_data(said_amount(surface, row["amount"], row.get("currency")) if surface
                           else money(row["amount"], row.get("currency"))))
    if row.get("means"):
        cells.append("方式：" + _data(row["means"]))
    if row.get("periods"):
        cells.append(f"共{row['periods']}期")
    if row.get("session") and row["session"] > 1:
        cells.append(f"第{row['session']}次讯问（询问）所述")
    if row.get("corrects"):
        cells.append(f"更正{row['corrects']}")
    unsure = [UNCERTAIN_WORDS.get(f, f) for f in row.get("uncertain") or []]
    if unsure:
        cells.append("当事人对" + "、".join(unsure) + "记不清")
    if row.get("page"):
        cells.append(f"第{row['page']}页")
    cells.append(f"出处 {row['evidence']}")
    return "｜".join(cells)


def render_ledger(case: CaseContext) -> str:
    """The ``<ledger>`` block: plan, rows, calculations, conflicts and gaps of the draft."""
    draft = case.draft
    lines = [LEDGER_OPEN, "问题要点：" + plan_line(case.plan)]
    if draft.ledger:
        lines.append("账目行（系统从上列证据中抽取；每行的值见其出处证据）：")
        lines += [row_line(row) for row in draft.ledger]
    if draft.calculations:
        lines.append("系统计算（已按账目行重新计算；合计、余额照抄此处结果）：")
        for number, calc in enumerate(draft.calculations, start=1):
            stated = ""
            if calc.stated is not None:
                stated = f"，材料所述为{money(calc.stated)}（{'一致' if calc.ok else '不一致'}）"
            lines.append(f"C{number}：{calc.expression} = {money(calc.result)}"
                         f"（出处 {'、'.join(calc.evidence)}）{stated}")
    if draft.conflicts:
        lines.append("已发现的说法不一（各方说法都要写出）：")
        lines += ["- " + _data(c.description) for c in draft.conflicts]
    if draft.gaps:
        lines.append("材料缺口（当事人记不清或材料未载）：")
        lines += ["- " + _data(g.description) for g in draft.gaps]
    lines.append(LEDGER_CLOSE)
    return "\n".join(lines)


# -- what the conclusion may not do --------------------------------------------------------------
# The model answered where the case file's own reading (ledger, record, statements) found nothing.
NOTHING_FOUND = ("按账目和笔录未找到问题所问的内容，模型却给出了结论，需人工核对 "
                 "(the case file's answer found nothing; the model's conclusion is unchecked)")

@dataclass(frozen=True)
class _Said:
    amounts: frozenset[Decimal]
    dates: frozenset[str]


def _said(text: str) -> _Said:
    text = CITATION.sub(lambda m: " " * len(m.group(0)), text)  # E12 is not the number 12
    return _Said(frozenset(Decimal(str(f.value)) for f in find_amounts(text)),
                 frozenset(str(f.value) for f in find_dates(text)))


def _amounts(values) -> str:
    return "、".join(money(v) for v in sorted(values))


def ledger_disagreements(conclusion: str, case: CaseContext) -> list[str]:
    """What the model's conclusion says against the ledger's answer (one that found something),
    one problem per point."""
    draft, plan = case.draft, case.plan
    said = _said(conclusion)
    results = {Decimal(str(c.result)) for c in draft.calculations if c.result is not None}
    if results and Slot.AMOUNT in plan.slots:
        if said.amounts & results:
            return []
        working = "；".join(f"{c.expression} = {money(c.result)}" for c in draft.calculations)
        written = f"结论写{_amounts(said.amounts)}" if said.amounts else "结论未写出计算结果"
        return [f"结论与按账目重新计算的结果不符：{written}，重新计算为 {working} "
                f"(the conclusion contradicts the recomputed total)"]
    if not draft.ledger:
        return []  # not a ledger answer: the statement check and the verifier judge it
    expected = _said(draft.conclusion)
    problems = []
    for slot, name, asked, stated, show in (
            (Slot.AMOUNT, "金额", expected.amounts, said.amounts, _amounts),
            (Slot.DATE, "日期", expected.dates, said.dates, lambda v: "、".join(sorted(v)))):
        if slot not in plan.slots or not asked or stated & asked:
            continue
        written = f"结论写{show(stated)}" if stated else f"结论未写出{name}"
        problems.append(f"结论的{name}与账目不符：{written}，账目为{show(asked)} "
                        f"(the conclusion's {'amount' if slot is Slot.AMOUNT else 'date'} is not the ledger's)")
    return problems


def _flat_sum(expression: str) -> str | None:
    """(50000 + 20000 + 15000) - 10000 → 50000 + 20000 + 15000 - 10000: the same sum without
    parentheses (the statement check reads sums as terms joined by + - *); None if it is no sum."""
    def terms(node: ast.AST, sign: str) -> list[str] | None:
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            left = terms(node.left, sign)
            flipped = {"+": "-", "-": "+"}[sign] if isinstance(node.op, ast.Sub) else sign
            right = terms(node.right, flipped)
            return None if left is None or right is None else left + right
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and \
                all(isinstance(n, ast.Constant) for n in (node.left, node.right)):
            amount, periods = node.left.value, node.right.value
            if isinstance(periods, int) and 0 < periods <= MAX_PERIODS_SPELLED:
                # 500 * 10 → ten terms of 500: the period count is derived from the months the
                # quote gives, not said, so the check could not find it; the amount it can
                return [f"{sign} {amount}"] * periods
            return [f"{sign} {amount} * {periods}"]
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return [f"{sign} {node.value}"]
        return None
    try:
        found = terms(ast.parse(expression.replace(",", ""), mode="eval").body, "+")
    except SyntaxError:
        return None
    if not found or len(found) < 2 and "*" not in found[0]:
        return None  # one term (a count of rows, a single amount) is no calculation
    return " ".join(found).removeprefix("+ ")


def with_working(conclusion: str, calculations: Sequence[Calculation], quoted: str = "") -> str:
    """The conclusion as the statement check reads it: each recomputed result that no quote states
    written with the sum that produced it (一共拿了116500元 → 一共拿了18000 + 32000 + 20000 + 46500 =
    116500元), so the check holds the sum's terms to the evidence instead of looking for the result
    in a quote (it is the answer's own calculation, shown in its panel and recomputed by the
    verifier). A result the material states itself (``quoted``: the evidence's text) is left as
    written: the quote that states it is what its sentence must cite."""
    stated = {Decimal(str(f.value)) for f in find_amounts(quoted)}
    sums: dict[Decimal, str] = {}
    for calc in calculations:
        flat = _flat_sum(calc.expression)
        if flat is not None and calc.result is not None and Decimal(str(calc.result)) not in stated:
            sums.setdefault(Decimal(str(calc.result)), flat)
    if not sums:
        return conclusion
    masked = CITATION.sub(lambda m: " " * len(m.group(0)), conclusion)  # E12 is not the number 12
    pieces, last = [], 0
    for fact in find_amounts(masked):
        value = Decimal(str(fact.value))
        if value in sums:
            pieces += [conclusion[last:fact.start], f"{sums[value]} = {money(value)}"]
            last = fact.end
    return "".join(pieces) + conclusion[last:]


def ledger_glosses(case: CaseContext) -> dict[str, str]:
    """E-id → what the ledger read from that quote (赵某→王某某，12000元，2022年4月6日，微信), for the
    statement check: the model was shown these rows, and a quote says 他 where a row names 赵某."""
    glosses: dict[str, list[str]] = {}
    for row in case.draft.ledger:
        cells = []
        if row.get("payer") or row.get("payee"):
            cells.append(f"{row.get('payer') or '未载'}→{row.get('payee') or '未载'}")
        if row.get("amount") is not None:
            cells.append(money(row["amount"], row.get("currency")))
        cells += [str(row[k]) for k in ("date", "means") if row.get(k)]
        glosses.setdefault(row["evidence"], []).append("，".join(cells))
    return {evidence: "账目：" + "；".join(rows) + "。" for evidence, rows in glosses.items()}
