"""Every ask of a question asking several things (合同是哪天签的？合同总价多少？): the whole question's
route answers what it answers; each ask its parts leave out — or say missing where the ask's own route
finds it — is answered by that ask's own plan (engine/question/asks.py), with its own evidence and its
own badge check, and set in the question's order. An ask the record lacks is said plainly (未在材料中找到…)
while the others stand, so the answer is never 已核验 with an ask unanswered.

Only asks of a value are looked at (a sum, a date, a rate, a figure in a unit): what a part gives of
them is read from its own words (元, a date, the unit), so an ask the route already answered is left.
"""

from __future__ import annotations

import re
from typing import Callable

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.question import CasePlan, QuestionPlan, Slot, figures_each
from engine.text.case_lexicon import UNIT_FAMILIES
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts

_MONEY_TOLD = re.compile(r"\d\s*(?:万|千)?元|[一二三四五六七八九十百千万两壹贰叁肆伍陆柒捌玖拾佰仟萬]+元|元整")
_MONEY_LABEL = re.compile(r"金额|[额款价费钱资金]$|数额|总额")
_NUMBER = r"(?:\d[\d,.]*|[一二三四五六七八九十百千万两]+)\s*"


def _kind(plan: CasePlan) -> tuple[str, frozenset[str]] | None:
    """What value an ask asks, and in which units (None: not a value the parts can be read for)."""
    units = set(UNIT_FAMILIES.get(plan.unit_family or "", frozenset()))
    if plan.unit:
        units.add(plan.unit)
    if units:
        return "unit", frozenset(units)
    if Slot.AMOUNT in plan.slots:
        return "amount", frozenset()
    if Slot.RATE in plan.slots:
        return "unit", frozenset({"%", "分"})
    if Slot.DATE in plan.slots or Slot.TIME in plan.slots:
        return "date", frozenset()
    return None


def _covers(part: Part, kind: tuple[str, frozenset[str]]) -> bool:
    what = kind[0]
    text = part.text if part.fill is not Fill.MISSING else ""
    if what == "amount":
        return bool(_MONEY_TOLD.search(text)) or part.fill is Fill.MISSING and bool(_MONEY_LABEL.search(part.label))
    if what == "date":
        return bool(find_dates(text)) or "日期" in part.label or "时间" in part.label
    return bool(_figures_told(kind).search(text))


def answer_asks(case: Case, question: QuestionPlan, outcome: Outcome,
                compose: Callable[[Case, QuestionPlan], Outcome]) -> None:
    """Add to ``outcome`` the asks of ``question`` its parts leave out, each by ``compose`` of its own
    plan; an ask still without an answer is then said so (never 已核验 with an ask unanswered)."""
    if not outcome.parts:
        return
    if len(question.asks) >= 2:
        kinds = [_kind(ask.case) for ask in question.asks]
        valued = [k for k in kinds if k is not None]
        answered = any(p.fill is not Fill.MISSING for p in outcome.parts)
        if valued and len(set(valued)) == len(valued) and (len(valued) == len(kinds) or answered):
            # (two asks of one kind: which part answers which is unknown; an ask of no value read here
            # — 转给了谁 — is left to the whole route, its parts not told apart by their words, and where
            # that route found nothing (输钱最多的是谁，输了多少: no ranking told) the value asks are its too)
            _fill_asks(case, question, kinds, outcome, compose)
        elif valued and len(valued) == len(kinds) and set(valued) == {("amount", frozenset())}:
            _sums_each_own(case, question, outcome, compose)
        _say_unanswered(question, kinds, outcome)
    _say_each_unanswered(question, outcome)


def _say_each_unanswered(question: QuestionPlan, outcome: Outcome) -> None:
    """账面库存和实际盘点数各是多少台 answered with one figure: the answer is under review, naming it."""
    given = [p for p in outcome.parts if p.fill is not Fill.MISSING]
    for ask in question.asks or [question]:
        wanted, kind = figures_each(ask.text), _kind(ask.case)
        if wanted < 2 or kind is None or kind[0] == "date":
            continue
        told = {m.group(0) for p in given for m in _figures_told(kind).finditer(p.text)}
        if len(told) < wanted:
            doubt = f"问题问的是{wanted}项各自的数字，答复只给出{len(told)}项"
            for part in given:
                part.doubt = part.doubt or doubt


def _figures_told(kind: tuple[str, frozenset[str]]) -> re.Pattern[str]:
    what, units = kind
    if what == "amount":
        return _MONEY_TOLD
    return re.compile(_NUMBER + "(?:" + "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True)) + ")")


def _say_unanswered(question: QuestionPlan, kinds: list, outcome: Outcome) -> None:
    """An ask of a sum or a date no part gives is said missing. An ask of no value (按什么价钱卖的,
    都是什么人) is answered only in the material's words: fewer parts than asks, none of them quoting
    the material, leaves the answer under review. Nothing changes when the answer already says a part
    is missing, or gives nothing at all (not found)."""
    given = [p for p in outcome.parts if p.fill is not Fill.MISSING]
    if not given or len(given) < len(outcome.parts):
        return
    for ask, kind in zip(question.asks, kinds):
        # (a figure in a unit is left: 看清了哪几位 is answered in words as often as in figures)
        if kind is not None and kind[0] in ("amount", "date") and not any(_covers(p, kind) for p in given):
            outcome.add(Part(f"「{_asked_words(ask.text)}」一问的答案", "", Fill.MISSING))
    # (a verdict's quote — 否（E1：「…调解不成。」） — answers the yes/no, not an ask of how: 案子最后怎么处理)
    words = [p for p in given if "「" in p.text and not _VERDICT.match(p.text)]
    # 双方有没有争议 answered by the part saying the sides agree or differ (双方所述一致 / 说法不一)
    answers = len(given) + sum(1 for ask in question.asks if ask.case.slots == [Slot.YESNO]
                               and any(_SIDES_COMPARED.search(p.text) for p in given))
    if answers < len(question.asks) and None in kinds and not words:
        doubt = f"问题有{len(question.asks)}问，答复只对应其中{len(given)}问"
        for part in given:
            part.doubt = part.doubt or doubt


_VERDICT = re.compile(r"^(?:是|否)（")
_SIDES_COMPARED = re.compile(r"一致|说法不一|不一致|争议|异议")


def _asked_words(text: str) -> str:
    """An ask as the user wrote it, without the setting carried into it (…，第二期约定多少 → 第二期约定多少)
    and without its dates and sums (2022年每个月付多少钱 → 每个月付多少钱): a figure in a gap's words would
    read as one the answer states."""
    words = re.split(r"[，,]", text.strip().rstrip("？?。 "))[-1]
    for found in sorted([*find_dates(words), *find_amounts(words)], key=lambda f: f.start, reverse=True):
        words = words[:found.start] + words[found.end:]
    return re.sub(r"\d", "", words).strip().lstrip("的在于") or "所问"


def _fill_asks(case: Case, question: QuestionPlan, kinds: list, outcome: Outcome,
               compose: Callable[[Case, QuestionPlan], Outcome]) -> None:
    covering = [next((p for p in outcome.parts if _covers(p, k)), None) if k is not None else None for k in kinds]
    if all(p is not None and p.fill is not Fill.MISSING for p, k in zip(covering, kinds) if k is not None):
        return
    told = {(p.text, tuple(p.evidence)) for p in outcome.parts}
    for index, (ask, part, kind) in enumerate(zip(question.asks, covering, kinds)):
        if kind is None or part is not None and part.fill is not Fill.MISSING:
            continue
        own = compose(case, ask)
        found = [p for p in own.parts if (p.text, tuple(p.evidence)) not in told]
        if part is not None:  # said missing by the whole route: the ask's own finding replaces it
            if any(p.fill is Fill.FILLED for p in found):
                at = outcome.parts.index(part)
                outcome.parts[at:at + 1] = found
                _panels(outcome, own)
            continue
        if not found:
            continue
        later = [p for p in covering[index + 1:] if p is not None and p in outcome.parts]
        at = outcome.parts.index(later[0]) if later else len(outcome.parts)
        outcome.parts[at:at] = found
        _panels(outcome, own)


def _sums_each_own(case: Case, question: QuestionPlan, outcome: Outcome,
                   compose: Callable[[Case, QuestionPlan], Outcome]) -> None:
    """标价多少，最后谈成了多少钱 / 总价和首付各是多少: two sums asked, the whole route's answer telling
    fewer sums than asked. Which of its parts answers which ask is unknown, so each ask is answered by
    its own route instead, in the question's order — where at least one finds its sum, and together
    they tell more sums than the whole route did (an ask none finds is then said missing, with its own
    gap)."""
    told = _sums_told(outcome.parts)
    if len(told) >= len(question.asks):
        return
    own = [compose(case, ask) for ask in question.asks]
    parts = [p for o in own for p in o.parts]
    if not any(p.fill is Fill.FILLED for p in parts) or len(_sums_told(parts)) <= len(told):
        return
    outcome.parts[:] = parts  # (the whole route's panels went with its parts)
    for panel in (outcome.calculations, outcome.conflicts, outcome.gaps, outcome.notes):
        panel.clear()
    for o in own:
        _panels(outcome, o)


def _sums_told(parts: list[Part]) -> set:
    """The sums the parts state (136万元（即1360000元） is one)."""
    return {a.value for p in parts if p.fill is not Fill.MISSING for a in find_amounts(p.text)}


def _panels(outcome: Outcome, own: Outcome) -> None:
    outcome.calculations += own.calculations
    outcome.conflicts += own.conflicts
    outcome.gaps += own.gaps
    outcome.notes += own.notes
