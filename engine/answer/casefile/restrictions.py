"""What a question restricts a figure to — the channel money moved by (通过微信、支付宝和银行卡), the
place (在某某家交的), the person it went to (转给某某的), the payer named by an organisation
(总包单位给某某付的) — checked on every row a figure is composed
from. A row the ledger shows outside the restriction is left out; a row the ledger cannot place
inside or outside it (no means told, no place told) makes the figure one that cannot be composed:
the answer names the restriction it cannot check, never a sum over a wider set of rows."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Event
from engine.text.case_lexicon import CHANNELS, PARTY_NOUNS, PLACE_POSITION
from engine.question import CasePlan

_NON_CASH = frozenset(c for c in CHANNELS if c != "现金")
_PLACE_MARK = re.compile(r"^(?:交到|送到|存到|放在|在|到|去|从|于|往)")


@dataclass
class Restriction:
    what: str  # the row field it reads, in Chinese (支付方式, 地点, 收款人)
    words: str  # the question's words for it (通过微信、支付宝, 在城东茶楼, 给某某)
    holds: Callable[[Event], bool | None]  # None: the row does not tell
    # a row silent on it counts as inside when no row names another value (one receiver in the file)
    silent_inside: bool = False


@dataclass
class Restricted:
    rows: list[Event]
    unmet: Restriction | None = None  # some row cannot be placed inside or outside it
    narrowed: list[Restriction] | None = None  # restrictions that left some rows out

    def admits(self, event: Event) -> bool:
        """Whether a row is inside every restriction that narrowed the rows: the decision made once
        over the question's rows, applied to any of them (the payments, the demands …)."""
        return all(r.holds(event) is True for r in self.narrowed or [])


def _channel_of(plan: CasePlan) -> Callable[[Event], bool | None]:
    def holds(event: Event) -> bool | None:
        if event.means is None:
            return None
        said = [name for name, pattern in CHANNELS.items() if pattern.search(event.means.text)]
        if said:
            return any(name in plan.channels for name in said)
        # 转账 / 汇款 without saying how: inside only when every non-cash channel is asked
        return True if _NON_CASH <= set(plan.channels) and "现金" not in event.means.text else None
    return holds


def _place_of(plan: CasePlan) -> Callable[[Event], bool | None]:
    asked = plan.place or ""

    def holds(event: Event) -> bool | None:
        if event.place is None:
            # money sent by 微信 / 支付宝 / a bank was handed over nowhere: outside any place asked
            remote = event.means is not None and any(CHANNELS[c].search(event.means.text) for c in _NON_CASH)
            return False if remote else None
        said = _PLACE_MARK.sub("", event.place.text)  # the row keeps 在…; the place is what follows
        spot = PLACE_POSITION.sub("", said)  # 茶楼楼下: at the 茶楼 (某某茶楼 asked)
        return bool(said) and (asked in said or said in asked or len(spot) >= 2 and spot in asked)
    return holds


def _receiver_of(plan: CasePlan) -> Callable[[Event], bool | None]:
    asked = plan.receiver.name if plan.receiver else ""

    def holds(event: Event) -> bool | None:
        payee = event.payee
        if not payee or payee in PARTY_NOUNS:
            return None
        # any other party the row names (a person of the file, 他的同伙) is someone else
        return asked in payee or payee in asked
    return holds


def _payer_of(plan: CasePlan) -> Callable[[Event], bool | None]:
    asked = plan.payer or ""

    def holds(event: Event) -> bool:
        # a row whose payer is not told does not say that payer paid it: outside, never a guess
        return bool(event.payer) and (asked in event.payer or event.payer in asked)
    return holds


def restrictions_of(case: Case, plan: CasePlan) -> list[Restriction]:
    found = []
    if plan.payer and plan.payer not in case.people():  # a person asked is the asked side (money.py)
        found.append(Restriction("付款人", f"由{plan.payer}支付", _payer_of(plan)))
    if plan.channels:
        found.append(Restriction("支付方式", f"通过{'、'.join(plan.channels)}", _channel_of(plan)))
    if plan.place:
        found.append(Restriction("地点", f"在{plan.place}", _place_of(plan)))
    receiver = plan.receiver.name if plan.receiver else None
    if receiver and (receiver in case.people() or receiver in case.doc_text):
        found.append(Restriction("收款人", f"给{receiver}", _receiver_of(plan), silent_inside=True))
    return found


def restrict(case: Case, plan: CasePlan, rows: list[Event]) -> Restricted:
    """The rows inside every restriction of the question. A restriction every row is inside of
    (the file's payments all went by 微信) narrows nothing and leaves the rows as they are."""
    kept, narrowed = list(rows), []
    for restriction in restrictions_of(case, plan):
        verdicts = [restriction.holds(e) for e in kept]
        if all(v is True for v in verdicts):
            continue
        if restriction.silent_inside and False not in verdicts:
            continue  # nobody else is named as receiving: the silent rows are that person's
        if None in verdicts:
            return Restricted(kept, unmet=restriction)
        kept = [e for e, v in zip(kept, verdicts) if v]
        narrowed.append(restriction)
    return Restricted(kept, narrowed=narrowed)


def stands_for_rows(restricted: Restricted, stated: Event) -> bool:
    """A total the record states stands for the restricted rows only when it is itself inside every
    restriction that left rows out (一共两万三千元 is no total of the 微信 payments alone)."""
    return all(r.holds(stated) is True for r in restricted.narrowed or [])


def outside(case: Case, plan: CasePlan, stated: Event) -> bool:
    """A total the record states of another receiver, channel or place than the one asked (经核算…支付
    给某甲共31,000元 asked 一共给某乙转了多少): never the figure asked, whatever the rows are."""
    return any(r.holds(stated) is False for r in restrictions_of(case, plan))


def unmet_text(restriction: Restriction, label: str) -> str:
    return (f"问题限定了{restriction.words}，但材料中有款项未写明{restriction.what}，"
            f"无法只按所问范围得出{label}，需人工复核")
