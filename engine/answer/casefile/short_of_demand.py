"""一共赔了多少？离家属要求的数额还差多少？ — the payments of the asked kind, summed, and the sum the
other side asked for less them (issue #26 items 2 and 6).

The demand is an obligation claimed, not a movement: it is checked against what was paid, never
added to it. The difference is composed only when it can be: one demand figure (two different ones
are not chosen between), one currency, and a result that is not negative — otherwise the part says
why it cannot be given and the answer needs review.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Event
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import money, plain_number, quoted, said_figure
from engine.question import CasePlan

_LABEL = "与要求数额的差额"


def _usable(case: Case, event: Event) -> bool:
    """A figure read exactly and not corrected or taken back later (a row with a later version would
    make the sum one version among several)."""
    return event.amount is not None and event.is_money and not event.corrects and not event.disputed \
        and not any(other.corrects == event.id for other in case.ledger.events)


def _paid(case: Case, plan: CasePlan) -> list[Event]:
    return [e for e in case.ledger.money if e.role == "event" and e.kind == plan.kind and _usable(case, e)]


def _demands(case: Case) -> list[Event]:
    return [e for e in case.ledger.money if e.role == "demand" and _usable(case, e) and not e.amount.approx]


def answer_short_of_demand(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """False (nothing added) when the file holds no payment of the asked kind or no demand at all:
    the question is then answered the ordinary way."""
    from engine.answer.casefile.money import Actor, _total

    paid, demands = _paid(case, plan), _demands(case)
    if not plan.short_of_demand or not paid or not demands:
        return False
    _total(case, replace(plan, aggregate="total"), plan.kind, Actor(None, "payer"), outcome, events=paid)
    if not outcome.parts or outcome.parts[-1].fill is not Fill.FILLED:
        return True  # the sum paid is itself in doubt: no difference is computed from it
    asked = {e.amount.value for e in demands}
    cited_paid = [case.cite_event(e, "completion") for e in paid]
    if len(asked) > 1:  # 先要十五万、后来说十万: which demand is meant is not for the answer to choose
        ids = [case.cite_event(e, "completion") for e in demands]
        outcome.add(Part(_LABEL, f"所要求的数额说法不止一个（{'、'.join(ids)}），无法得出差额，需人工复核",
                         Fill.CONFLICT, ids))
        return True
    demand = demands[-1]
    cited = case.cite_event(demand)
    if {e.currency for e in paid} != {demand.currency}:
        outcome.add(Part(_LABEL, "所涉款项币种不同，不能相减，需人工复核", Fill.CONFLICT, [cited]))
        return True
    total = sum((Decimal(str(e.amount.value)) for e in paid), Decimal(0))
    asked_sum = Decimal(str(demand.amount.value))
    short = asked_sum - total
    if short < 0:  # paid more than was asked: the negative figure itself is never stated
        outcome.add(Part(_LABEL, f"无法得出：按{cited}，已付款项多于所要求的数额，差额为负，需人工复核",
                         Fill.CONFLICT, [cited, *cited_paid]))
        return True
    ids = [cited, *cited_paid]
    expression = f"{plain_number(asked_sum)} - " + " - ".join(plain_number(Decimal(str(e.amount.value))) for e in paid)
    outcome.calculations.append(Calculation(expression, short, None, True, ids, "要求的数额减去已付的款项"))
    outcome.add(Part(_LABEL, f"距所要求的{said_figure(demand.amount, demand.currency)}（"
                             f"{quoted(case.text_of(demand.sentence))}，{cited}）还差{money(short, demand.currency)}",
                     Fill.FILLED, ids, rows=[demand, *paid]))
    return True
