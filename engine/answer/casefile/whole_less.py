"""A whole less named parts (他自己落下的那部分钱，扣掉老婆退的和卡里冻住的，还差多少没追回来): the
figure one kept (a profit or a share the record states) less each part the question names (what a
relative paid back, what is frozen on a card), each part taken from the rows booked under its own
measure — never from the file's payments at large.

Every term is shown with its figure and its cited row; the result is recomputed and checked. The
answer is never composed (needs_review naming why) when the whole or any named part has no row, when
the whole is stated differently, when the terms are in different currencies, or when the result is
negative or more than the whole.
"""

from __future__ import annotations

from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Event
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number, quoted, said_figure
from engine.question import CasePlan
from engine.text.case_lexicon import TAKEN_WHOLE

_LABEL = "未追回金额"
_PART_KINDS = frozenset({"repay", "compensation", "pay", "take"})


def _usable(event: Event) -> bool:
    return not event.corrects and event.amount is not None and event.unit is None


def _whole(case: Case, plan: CasePlan) -> tuple[list[Event], str | None]:
    """The rows stating the whole (one figure, maybe said twice), or why there is none to use."""
    for measure in plan.whole:
        if measure == TAKEN_WHOLE:
            # no gain stated: each sum the person took, added (第一层…我拿了18240元；第二层…15504元)
            taken = [e for e in case.ledger.money if _usable(e) and e.role == "event" and e.kind == "take"
                     and e.measure is None and not e.same_as]
            if taken:
                return taken, None
            continue
        rows = [e for e in case.ledger.money if _usable(e) and e.measure == measure and e.role in ("value", "total")]
        exact = [e for e in rows if not e.amount.approx]
        if not exact:
            continue
        if len({e.amount.value for e in exact}) > 1:
            return exact, "所述数额不止一个"
        return exact[-1:], None
    return [], None


def _paid_in(case: Case, used: set[str]) -> list[Event]:
    """What one paid in (自己买份交的钱): the sum the record states for it (一共交了20000元), else each
    payment — booked under no measure of its own (not a loan, a fee, a value)."""
    rows = [e for e in case.ledger.money if _usable(e) and e.kind == "pay" and e.measure is None
            and not e.same_as and e.id not in used]
    totals = [e for e in rows if e.role == "total" and not e.amount.approx]
    return totals[-1:] if totals else [e for e in rows if e.role == "event"]


def _parts(case: Case, plan: CasePlan) -> tuple[list[tuple[str, list[Event]]], str | None]:
    """Each named part with its rows (the first of its measures that has rows no other part took),
    or the words of the first part that has none."""
    used: set[str] = set()
    found = []
    for words, measures in plan.less:
        rows: list[Event] = []
        for measure in measures:
            rows = _paid_in(case, used) if measure == "paid" else \
                [e for e in case.ledger.money if _usable(e) and e.measure == measure and e.role == "event"
                 and e.kind in _PART_KINDS and e.id not in used]
            if rows:
                break
        if not rows:
            return found, words
        used.update(e.id for e in rows)
        found.append((words, rows))
    return found, None


def answer_whole_less(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """False when the question names no whole less parts (plan.whole / plan.less empty)."""
    if not plan.whole or not plan.less:
        return False
    whole, doubt = _whole(case, plan)
    if not whole:
        outcome.add(Part("所得数额", "", Fill.MISSING))
        return True
    cited_whole = [case.cite_event(e, "completion") for e in whole]
    if doubt:
        outcome.add(Part(_LABEL, f"所得数额{doubt}（{'、'.join(cited_whole)}），无法得出，需人工复核",
                         Fill.CONFLICT, cited_whole))
        return True
    parts, missing = _parts(case, plan)
    if missing is not None:  # a term the question takes off is not told in figures: never left out silently
        ids = cited_whole + [case.cite_event(e, "completion") for _, rows in parts for e in rows]
        outcome.add(Part(_LABEL, f"材料中未找到问题所说「{missing}」的数额，无法得出扣除后的金额，需人工复核",
                         Fill.CONFLICT, ids))
        return True
    base = whole[0]
    terms = [e for _, rows in parts for e in rows]
    ids = cited_whole + [case.cite_event(e, "completion") for e in terms]
    currencies = {e.currency for e in whole} | {e.currency for e in terms}
    if len(currencies) > 1:
        outcome.add(Part(_LABEL, "所涉款项币种不同，不能相减，需人工复核", Fill.CONFLICT, ids))
        return True
    minus = [Decimal(str(e.amount.value)) for e in terms]
    wholes = [Decimal(str(e.amount.value)) for e in whole]
    plus = sum(wholes, Decimal(0))
    result = plus - sum(minus, Decimal(0))
    expression = " + ".join(plain_number(v) for v in wholes) + " - " + " - ".join(plain_number(v) for v in minus)
    if result < 0 or result > plus:
        # the impossible figure itself is never stated: only what makes it so
        why = "扣除的各项多于所得，结果为负" if result < 0 else "结果超过所得总额"
        outcome.add(Part(_LABEL, f"无法得出：按{'、'.join(ids)}，{why}，各项口径可能不一致，需人工复核",
                         Fill.CONFLICT, ids))
        return True
    currency = base.currency
    outcome.calculations.append(Calculation(expression, result, None, True, ids, "所得数额减去问题所列各项"))
    said = [f"{'所得' if i == 0 else '加'}{said_figure(row.amount, currency)}（{quoted(case.text_of(row.sentence))}，"
            f"{cited}）" for i, (row, cited) in enumerate(zip(whole, cited_whole))]
    for words, rows in parts:
        for row in rows:
            said.append(f"减去{words}{said_figure(row.amount, currency)}（{quoted(case.text_of(row.sentence))}，"
                        f"{case.cite_event(row, 'completion')}）")
    if base.role == "event":
        # the sums one took, less what one paid in: a net gain, each term by its figure and row (the
        # sentences hold the bases and prices the shares were reckoned from — not quoted here)
        took = "、".join(f"{said_figure(row.amount, currency)}（{cited}）" for row, cited in zip(whole, cited_whole))
        paid = "、".join(f"{words}{said_figure(row.amount, currency)}（{case.cite_event(row, 'completion')}）"
                         for words, rows in parts for row in rows)
        outcome.add(Part("净得金额", f"净得{money(result, currency)}：所得{took}，减去{paid}，复算为{money(result, currency)}",
                         Fill.FILLED, ids))
        return True
    outcome.add(Part(_LABEL, f"尚有{money(result, currency)}未追回：{'，'.join(said)}，复算为{money(result, currency)}",
                     Fill.FILLED, ids))
    return True
