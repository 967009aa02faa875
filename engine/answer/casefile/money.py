"""Money questions answered from the ledger: one occurrence (the Nth, the one in July), totals,
what is still owed, how many times — every value from cited rows, every sum recomputed and shown,
every disputed row carried through as a conflict with the result under each version."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from itertools import product

from engine.answer.casefile.case import Case, dominant_kind
from engine.answer.casefile.disputes import record_note, side_of, voice_of, voiced
from engine.answer.casefile.dates import in_time, show_date, show_row_date
from engine.answer.casefile.figures import goods_value
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.rates import rate_part
from engine.answer.casefile.channel_split import answer_channel_split
from engine.answer.casefile.restrictions import Restricted, outside, restrict, stands_for_rows, unmet_text
from engine.answer.casefile.subject_rows import own_words, subject_rows
from engine.answer.model import UNCLEAR_PHRASE, Calculation, Conflict, Gap
from engine.question import CasePlan, Slot
from engine.answer.wording import (CURRENCY_UNITS, EARLIEST, LATEST, chinese_count, money, plain_number, quoted,
                                   said_figure, version_note)
from engine.answer.casefile.facts import Event, Value, corrections_of, versions_of
from engine.text.case_lexicon import AGREED_ASKED, INFLOW_KINDS, KIND_CUES, OUTFLOW_KINDS, PARTY_NOUNS, QUESTION_VERBS
from engine.text.segments import flat
from engine.text.numbers import parse_number

# the mark of an object before a name: 给王芳, 向公司, and 给代理“斌哥” (a role word and a quote between)
_OBJECT_MARK = re.compile(r"(?:给|向|往|替|帮|为|跟|和|与|对|从|把|被)(?:[\u4e00-\u9fff]{0,3}?[“\"])?$")
_RECEIVE = re.compile(r"收到|拿到|得到|收了|收回|拿回|要回|获得|领到|到手")
_MORE = re.compile(r"再|还要|另外|额外")
_LOSS = re.compile(r"实际损失|净损失|损失")
_SUM_SAID = re.compile(r"一共|总共|合计|共计|总计")
_DURATION = re.compile(r"(?:期限|为期|借期|期间)[^，。；]{0,6}?[\d一二三四五六七八九十两半]+个?(?:月|年|天|日|周)")
SLOT_LABELS = {Slot.AMOUNT: "金额", Slot.DATE: "日期", Slot.MEANS: "方式", Slot.PLACE: "地点",
               Slot.COUNT: "次数", Slot.RATE: "利率", Slot.DURATION: "期限", Slot.TEXT: "内容",
               Slot.PERSON: "人员", Slot.TIME: "时间"}
KIND_WORDS = {"pay": "交付", "take": "拿取", "repay": "退还", "interest": "利息", "compensation": "赔偿",
              "cost": "费用", "demand": "要求"}


@dataclass
class Actor:
    name: str | None
    role: str  # payer | payee: which side of a row the asked person is on


def account_holder(plan: CasePlan) -> str | None:
    """打到某某那张卡上的钱: the receiver named by their account — the money asked is theirs; one named
    after a verb of giving (给了某某多少) only restricts the rows (restrictions.py)."""
    return plan.receiver.name if plan.receiver and plan.receiver.by_account else None


def _actor(case: Case, plan: CasePlan, kind: str | None) -> Actor:
    text = plan.text
    names = case.named_in(text, known_only=True)
    # the first money verb of any kind: 孙宇航已经付了严梓涵多少赔偿款 — whoever stands after 付了 is its object
    cues = [m for cues in (KIND_CUES, QUESTION_VERBS) for pattern in cues.values() if (m := pattern.search(text))]
    receive = _RECEIVE.search(text)
    at = min([m.start() for m in cues] + ([receive.start()] if receive else []), default=len(text))
    if not names:  # 老汤干了那么久…: a person the question calls by surname — as the one who paid only
        # while the question puts him before its money verb (付给装装置的蒋师傅: the one paid, not a payer)
        names = [who for alias in plan.aliases + plan.names if (who := case.resolve_alias(alias))
                 and not (0 <= text.find(alias) and (text.find(alias) > at
                                                     or _OBJECT_MARK.search(text[:text.find(alias)])))]
        if names:
            return Actor(names[0], "payee" if kind == "take" else "payer")
    passive = re.search(r"被(?!人|别人|对方|骗子)([\u4e00-\u9fff]{2,4}?)(?:骗|偷|拿|抢|盗|挪用|侵占|拐|坑)", text)
    if passive:  # 黎飞被高美娟骗了多少钱: the one after 被 took it
        taker = next((n for n in names if passive.group(1).startswith(n)), passive.group(1))
        return Actor(taker, "payee")
    if (holder := account_holder(plan)):  # 打到某某那张卡上的钱: asked of the one it went to
        return Actor(holder, "payee")
    # the subject: a name before the verb that is not an object (给王芳, 向公司, 替江河)
    before = [n for n in names if text.find(n) < at and not _OBJECT_MARK.search(text[:text.find(n)])]
    borrowed = re.search(r"向[\u4e00-\u9fff]{1,4}?借", text)  # 胡德胜向黎薇借了: 胡德胜 received
    role = "payee" if (receive and receive.start() <= at) or kind == "take" or borrowed else "payer"
    return Actor(before[-1] if before else None, role)


def main_payers(case: Case) -> set[str]:
    """Who pays in most rows of each kind: the case's own flow (another investor's payment, told in
    passing, is not part of it)."""
    counts: dict[tuple[str, str], int] = {}
    for e in case.ledger.money:
        if e.role == "event" and e.payer and e.payer not in PARTY_NOUNS:
            counts[(e.kind, e.payer)] = counts.get((e.kind, e.payer), 0) + 1
    best: dict[str, tuple[int, str]] = {}
    for (kind, payer), n in counts.items():
        if n > best.get(kind, (0, ""))[0]:
            best[kind] = (n, payer)
    return {f"{kind}:{payer}" for kind, (_, payer) in best.items()}


def _in_main_flow(case: Case, event: Event) -> bool:
    payer = event.payer
    if not payer or payer in PARTY_NOUNS or event.role != "event":
        return True
    main = main_payers(case)
    return not any(m.startswith(f"{event.kind}:") for m in main) or f"{event.kind}:{payer}" in main


def _party_ok(actor: Actor, event: Event, case: Case) -> bool:
    """False when the row's party on the asked side is a named person other than the one asked;
    when that side is not named in the row (or nobody is asked), when its payer is a person outside
    the case's main flow of that kind (another investor's payment told in passing)."""
    if actor.name is None:
        return _in_main_flow(case, event)
    if event.kind in ("demand", "cost"):  # asked for / spent: the question names either side
        return True
    party = event.payee if actor.role == "payee" else event.payer
    if event.payer and actor.name and (event.payer in actor.name or actor.name in event.payer):
        return True
    if actor.role == "payer" and event.behalf == actor.name:
        return True  # paid by his wife for him
    if not party or party in PARTY_NOUNS:
        return _in_main_flow(case, event)
    known = case.people()
    if party not in known and party != case.ledger.subject:
        return True
    return party == actor.name or party in actor.name or actor.name in party


def _covers(kind: str | None, event: Event) -> bool:
    return kind is None or event.kind == kind


def _principal_ok(plan: CasePlan, event: Event) -> bool:
    if plan.principal is True:
        return event.kind != "interest" and event.principal is not False
    if plan.principal is False:
        return event.kind == "interest"
    return True


def _movements(case: Case, plan: CasePlan, kind: str | None, actor: Actor, *, roles=("event",),
               unrestricted: bool = False, scope: Restricted | None = None) -> list[Event]:
    """Rows of the kind asked, by the person asked; when the person named matches no row, the name
    was the question's topic rather than a party (张健第三次偷钱是…: the theft from 张健). Only the
    rows inside the question's restrictions (channel, place, receiver: restrictions.py) unless
    ``unrestricted``; ``scope``: the restrictions as already decided over the question's rows."""
    rows = [e for e in case.ledger.money if e.role in roles and not e.corrects and _covers(kind, e)
            and _principal_ok(plan, e)]
    if not rows and kind in MIRROR:  # 被高美娟骗了多少: what the victim paid her, told as payments
        return _movements(case, plan, MIRROR[kind], Actor(actor.name, "payee" if kind == "take" else "payer"),
                          roles=roles, unrestricted=unrestricted, scope=scope)
    named = [e for e in rows if _party_ok(actor, e, case)]
    if not named and actor.name is not None:
        named = [e for e in rows if _party_ok(Actor(None, actor.role), e, case)]
    if scope is not None:
        return [e for e in named if scope.admits(e)]
    return named if unrestricted else restrict(case, plan, named).rows


# One movement told from either side: what one took (骗, 拿) is what the other handed over (给, 转).
MIRROR = {"take": "pay"}


def _in_asked_time(case: Case, plan: CasePlan, events: list[Event]) -> list[Event]:
    """2022年中秋节那次 / 春节前送的: the rows dated in that stretch of time."""
    return [e for e in events if in_time(case, plan.when, e.date)] if plan.when else events


def _occurrence(case: Case, plan: CasePlan, events: list[Event]) -> list[Event]:
    events = _in_asked_time(case, plan, events)
    if plan.aggregate == "last" and events:
        return [max(events, key=lambda e: e.chrono or 0)]
    if plan.aggregate == "first" and events:
        return [min(events, key=lambda e: e.chrono or 0)]
    if plan.ordinal is not None:
        told = [e for e in events if e.ordinal == plan.ordinal]
        return told or [e for e in events if e.chrono == plan.ordinal]
    if plan.means:  # 投现金的那次
        return [e for e in events if e.means and plan.means in e.means.text]
    return _on_asked_day(plan, events)


def dated_as_asked(case: Case, plan: CasePlan, events: list[Event]) -> list[Event]:
    """The rows of the time the question names: the stretch it names (春节前送的) and its day or month
    (2021年7月那次)."""
    return _on_asked_day(plan, _in_asked_time(case, plan, events))


def _on_asked_day(plan: CasePlan, events: list[Event]) -> list[Event]:
    """2021年7月那次: the rows of that day or month, either as precise as the other down to a month."""
    if not plan.period:
        return events
    return [e for e in events if e.date and str(e.date.value).startswith(plan.period)
            or e.date and plan.period.startswith(str(e.date.value)) and len(str(e.date.value)) >= 7]


def occurrence_label(event: Event) -> str:
    n = event.ordinal or event.chrono
    if n and event.kind == "demand":  # 第一次开口要了五万元: a demand asked for, no instalment paid
        return f"第{chinese_count(n)}次索要"
    return f"第{chinese_count(n)}笔" if n else ""


def _asks_of_role(case: Case, plan: CasePlan) -> bool:
    """王芳的朋友投了多少钱: asked of someone named by role, who has no rows of their own."""
    from engine.answer.casefile.record import ROLE_PERSON

    # 转给对方 / 被害人: a side of the case's own flow has rows of its own (对方的朋友 is someone else)
    roles = [r for r in ROLE_PERSON.finditer(plan.text)
             if not (r.group(0) in CASE_SIDES and not plan.text.startswith("的", r.end()))]
    return bool(roles) and not any(p in plan.text[roles[0].end():] for p in case.people())


# Roles naming a side of the case's own money (对方, 被害人), never someone outside it.
CASE_SIDES = frozenset({"对方", "被害人", "受害人"})


_ALSO = re.compile(r"也|还介绍|另外|别人|其他人|还有")


def _answer_sentences(case: Case) -> list[str]:
    return [piece for s in case.ledger.statements if s.kind == "qa"
            for piece in re.split(r"[。！？；]", s.answer) if piece]


def _outsider(case: Case, plan: CasePlan) -> str | None:
    """The person the question asks about when they stand outside the case's own money flow
    (蒋海涛投了多少钱 in a victim's statement that names him in passing): their money is in what
    was said, not in rows."""
    # a row without an amount (她也借了，借了多少我不清楚) puts nobody in the flow
    flow = {p for e in case.ledger.money if e.role == "event" and e.amount is not None
            for p in (e.payer, e.payee) if p}
    flow |= {s.speaker for s in case.ledger.statements if s.speaker}
    flow |= {p for p in (case.ledger.subject, case.ledger.counterpart) if p}
    named = [n for n in plan.names if n in case.doc_text]
    if not named or any(named[0] in p or p in named[0] for p in flow):
        return None
    # named as another one who also paid or was cheated (听说X也投了, 我还介绍了X): not the case's party
    told = any(named[0] in said and _ALSO.search(said) for said in _answer_sentences(case)) or \
        any(named[0] in s.question and _ALSO.search(s.question + s.answer)
            for s in case.ledger.statements if s.kind == "qa")  # 你妹妹X也借过钱给他吗？——她也借了
    return named[0] if told else None


# Every role a row the figure may be composed from can have (movements, demands, costs, promises).
_ROW_ROLES = ("event", "periodic", "demand", "cost", "agreed")
# What is owed under an agreement: a figure of its own, never made of the payments against it.
DUE_MEASURES = frozenset({"wages_owed", "contract_price"})


def answer_money(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    from engine.answer.casefile.talk import answer_amount_by_talk

    from engine.answer.casefile.figures import answer_figure, asks_figure

    from engine.answer.casefile.figures import figure_rows

    # 价格认定 / 卖了多少 / 分到多少 — of the occasion the question dates (2024年1月那次卖的), only when a
    # figure of that time is told: a total over every occasion is no figure of one
    occasion_untold = bool(plan.period or plan.when) and not dated_as_asked(case, plan, figure_rows(case, plan.measure))
    if asks_figure(case, plan) and plan.aggregate != "outstanding" and not occasion_untold:
        answer_figure(case, plan, outcome)
        return
    if plan.measure in DUE_MEASURES and plan.aggregate != "outstanding" and Slot.AMOUNT in plan.slots:
        # 工钱应该是多少 / 合同总价款 with no such figure booked: the rate times its units said about the
        # person, else what was said — never a sum of payments
        from engine.answer.casefile.accounts import answer_due_by_rate

        from engine.answer.casefile.accounts import answer_contract_by_price

        by_rate = answer_due_by_rate if plan.measure == "wages_owed" else answer_contract_by_price
        if not by_rate(case, plan, outcome):
            answer_amount_by_talk(case, plan, outcome)
        return
    if plan.rate_per and Slot.AMOUNT in plan.slots and plan.aggregate is None:
        from engine.answer.casefile.accounts import answer_rate

        if answer_rate(case, plan, outcome):  # 谁每个月拿多少钱: the rate told of that person, never a sum
            return
    unnamed = plan.kind is None and plan.ordinal is None and plan.period is None and plan.aggregate is None \
        and not plan.when
    outsider = _outsider(case, plan) if Slot.AMOUNT in plan.slots else None
    by_role = _asks_of_role(case, plan) and not plan.owed  # 老板还欠工人多少工资: the case's own debt
    if Slot.AMOUNT in plan.slots and (unnamed or by_role or outsider):
        # 自己留了多少 / 朋友投了多少 / 听说X也投了: not a ledger movement
        answer_amount_by_talk(case, plan, outcome, about=outsider)
        return
    if plan.kind is None and plan.focus.acts and not plan.focus.moves_money and plan.aggregate != "outstanding" \
            and Slot.AMOUNT in plan.slots and not _RECEIVE.search(plan.text) and not occasion_untold:  # 从某某那里拿到: received
        # 一共输了多少 / 亏了多少: the act asked moves no money the ledger books — the file's payments
        # (交台费五百元) are not its figure; the amounts told after that act, added, else what was said
        from engine.answer.casefile.act_sums import answer_act_total

        if plan.aggregate != "total" or not answer_act_total(case, plan, outcome):
            answer_amount_by_talk(case, plan, outcome)
        return
    kind = plan.kind
    if kind is None or (kind == "pay" and not _movements(case, plan, "pay", Actor(None, "payer"))):
        kind = kind if kind not in (None, "pay") else (dominant_kind(case) or kind)
    kind = _kind_naming_fee(case, plan, kind)
    actor = _actor(case, plan, kind)
    # the question's restrictions decided once, over every row the figure may be composed from; of a
    # balance, over the money that went in (转账转出去的钱，追回一部分以后还差多少: the channels are the
    # transfers', never the recovery's — what came back is taken off whatever way it came)
    scoped_kind, scoped_actor = kind, actor
    if plan.aggregate == "outstanding" and kind in OUTFLOW_KINDS and (inflow := dominant_kind(case)):
        scoped_kind, scoped_actor = inflow, _actor(case, plan, inflow)
    scope = restrict(case, plan, _in_asked_time(case, plan, _movements(case, plan, scoped_kind, scoped_actor,
                                                                        roles=_ROW_ROLES, unrestricted=True)))
    if scope.unmet is not None and answer_channel_split(case, plan, outcome):
        return  # 微信转了5000元，现金给了7480元: the split told in one sentence answers each way asked
    if scope.unmet is not None:  # 通过微信转了多少 with a payment whose means is not told: not a figure
        label = "未归还金额" if plan.aggregate == "outstanding" else "次数" if plan.aggregate == "count" \
            and Slot.AMOUNT not in plan.slots else "金额"
        outcome.add(Part(label, unmet_text(scope.unmet, label), Fill.CONFLICT))
        return
    if scope.narrowed and not scope.rows and Slot.AMOUNT in plan.slots and plan.aggregate != "outstanding" \
            and not (plan.aggregate == "total" and _stated_totals(case, plan, kind, actor)):
        # 总包单位给某某付了多少 with no row of that payer: what was said of it (这个我不清楚) answers
        answer_amount_by_talk(case, plan, outcome)
        return
    if plan.aggregate == "outstanding":
        from engine.answer.casefile.accounts import answer_due_by_rate

        from engine.answer.casefile.accounts import answer_price_balance

        # 还欠他多少工钱: his rate times his units less what the sentence saying the rest is unpaid says he got
        if plan.measure in ("wages", "wages_owed") and answer_due_by_rate(case, plan, outcome, balance=True):
            pass
        elif plan.owed == "contract_price" and answer_price_balance(case, outcome, _owed_rows(case, plan.owed)):
            pass  # 还差多少货款没付: the quantity agreed × the unit price (each side's count), less what was paid
        else:
            _outstanding(case, plan, actor, outcome)
    elif plan.aggregate == "total" or (kind == "interest" and plan.ordinal is None and Slot.AMOUNT in plan.slots
                                       and Slot.DATE not in plan.slots):
        _total(case, plan, kind, actor, outcome, scope=scope)
    elif plan.aggregate == "count" and Slot.AMOUNT not in plan.slots:
        _count(case, plan, kind, actor, outcome, scope)
    else:
        _single(case, plan, kind, actor, outcome, scope)


# -- one occurrence ----------------------------------------------------------------------------------
def _item_of(case: Case, event: Event) -> str:
    """The words of the item a figure closes, in a list of items each ended by ； or 。 (3.护理费，按每天200元
    计算，60天，为12,000元): from the end of the item before to the figure."""
    anchor = event.amount.anchor if event.amount is not None else None
    source = case.sources.get(anchor.chunk_id) if anchor is not None else None
    if source is None:
        return event.words
    text = source.chunk.text
    # (…护理费应为18,000元，各项损失总额相应变更为438,037元: a clause naming money of its own is its item)
    own = text[max(text.rfind(mark, 0, anchor.start) for mark in "，,；;。") + 1:anchor.start]
    if _NAMES_MONEY.search(own.replace("\n", "")):
        return own.replace("\n", "")
    start = max(text.rfind(mark, 0, anchor.start) for mark in "；;。") + 1
    return text[start:anchor.end].replace("\n", "")


_NAMES_MONEY = re.compile(r"[\u4e00-\u9fff][费款金额价]")


def _in_quoted_speech(case: Case, event: Event) -> bool:
    """The row's figure stands inside words someone is quoted saying (“…一千多块…”)."""
    anchor = event.amount.anchor if event.amount is not None else None
    source = case.sources.get(anchor.chunk_id) if anchor is not None else None
    if source is None:
        return False
    before = source.chunk.text[:anchor.start]
    return before.rfind("“") > before.rfind("”")


# one outlay told with either verb: 花了多少团费 asks what 每人团费1,280元，一共交了2,560元 books as paid
_OUTLAYS = ("cost", "pay")


def _kind_naming_fee(case: Case, plan: CasePlan, kind: str | None) -> str | None:
    """The outlay kind the rows naming the fee asked are booked under, when no row of the kind the
    question's verb gives names it and rows of the other outlay kind do (花了多少团费 over 每人团费1,280元，
    一共交了2,560元); else ``kind``."""
    word = plan.money_word
    if kind not in _OUTLAYS or not word or not word.endswith("费"):
        return kind

    def naming(what: str) -> bool:
        return any(e.kind == what and not e.corrects and e.amount is not None and word in _item_of(case, e)
                   for e in case.ledger.money)

    other = _OUTLAYS[1 - _OUTLAYS.index(kind)]
    return other if not naming(kind) and naming(other) else kind


def _items_told_apart(case: Case, plan: CasePlan, chosen: list[Event], outcome: Outcome) -> bool:
    """3.护理费…为12,000元 and later 护理费应为18,000元: the one item asked told with different sums — each
    cited, the later named as such, never one chosen. False when every row naming it tells one sum."""
    named = sorted((e for e in chosen if plan.money_word in _item_of(case, e)), key=lambda e: e.statement)
    if len({e.amount.value for e in named if e.amount is not None}) < 2:
        return False
    said = "；".join(f"{case.cite_event(e)}称{said_figure(e.amount, e.currency)}{version_note(e is named[-1])}"
                    for e in named)
    ids = [case.cite_event(e) for e in named]
    outcome.conflicts.append(Conflict("testimony", f"{plan.money_word}的数额说法不一：{said}", ids))
    outcome.add(Part("金额", f"{plan.money_word}说法不一：{said}，需人工核实", Fill.CONFLICT, ids))
    return True


def _single(case: Case, plan: CasePlan, kind: str | None, actor: Actor, outcome: Outcome,
            scope: Restricted | None = None) -> None:
    roles = ("cost",) if kind == "cost" else ("demand", "cost") if kind == "demand" else ("event", "periodic")
    if plan.promised and any(e.role == "agreed" for e in case.ledger.money):
        roles = ("agreed",)  # 答应10月底前先付多少: the sum promised
    events = _movements(case, plan, kind, actor, roles=roles, scope=scope)
    if kind in ("cost", "demand") and plan.money_word:
        # 1.医疗费86,437元…；3.护理费，按每天200元计算，60天，为12,000元: the item naming the money asked
        events = [e for e in events if plan.money_word in _item_of(case, e)] or events
    if kind == "demand":
        demands = [e for e in events if e.kind == "demand"]
        more = [e for e in demands if _MORE.search(e.words)] if plan.demand_more else []
        events = more or demands or events
    chosen = _occurrence(case, plan, events)
    asked = [s for s in plan.slots if s in SLOT_LABELS and s is not Slot.COUNT] or [Slot.AMOUNT]
    if not chosen:
        for slot in asked:
            outcome.add(Part(_missing_label(plan, slot), "", Fill.MISSING))
        return
    if plan.measure and plan.ordinal and not any(e.measure == plan.measure for e in chosen):
        # 第五笔存的现金里有一部分是借来的，是谁借给她的: a row of that occasion outside the main flow
        chosen += [e for e in _occurrence(case, plan, [e for e in case.ledger.money if e.role == "event"
                                                       and not e.corrects and e.measure == plan.measure])
                   if actor.name is None or _party_ok(actor, e, case)]
    if len(chosen) > 1:  # 第五笔…借来的 / 9月10日那次存的: of one occasion's rows, the one of the measure asked
        chosen = [e for e in chosen if e.measure == plan.measure] or chosen
    several_demands = False
    if len(chosen) > 1 and plan.ordinal is None and not plan.period and not plan.means and not plan.when:
        # 退赔了多少 with two refunds: each is given, and their sum
        if Slot.AMOUNT in asked and all(e.amount for e in chosen) and kind not in ("cost", "demand"):
            _total(case, plan, kind, actor, outcome, events=chosen)
            return
        if kind == "demand":  # 一开始要多少 / 最少要多少: the one meant; else each, none chosen for the user
            chosen, several_demands = _picked_demand(plan, chosen)
        elif kind == "cost" and plan.money_word and _items_told_apart(case, plan, chosen, outcome):
            return
        else:
            chosen = chosen[:1]
    for event in chosen:
        label = occurrence_label(event) if (plan.ordinal or plan.period or plan.means or several_demands) else ""
        for n, slot in enumerate(asked):
            part = _slot_part(case, plan, event, slot, outcome)
            if n == 0 and label:
                part.text = f"{label}：{part.text}"
            if several_demands and part.fill is Fill.FILLED:
                part.doubt = f"材料中先后有{len(chosen)}次索要，问题未指明哪一次"
            outcome.add(part)
        _retold_by_others(case, event, outcome)


def _retold_by_others(case: Case, event: Event, outcome: Outcome) -> None:
    """他用微信给我妈转了8000元 (the daughter) … 10月23号在微信上退了我八千 (the mother): the same act
    told by another speaker is cited beside the answer's own row, as that speaker's telling of it."""
    if not outcome.parts or outcome.parts[-1].fill is not Fill.FILLED:
        return
    own = case.statement(event.statement).speaker
    for other in case.ledger.money:
        speaker = case.statement(other.statement).speaker
        if other.role == "mention" and other.same_as == event.id and speaker and own and speaker != own:
            cited = case.cite_event(other, "completion")
            part = outcome.parts[-1]
            part.text = f"{part.text.rstrip('。；')}（{speaker}所述相同，{cited}）"
            part.evidence.append(cited)


def _picked_demand(plan: CasePlan, demands: list[Event]) -> tuple[list[Event], bool]:
    """Of several sums asked for, the one the question means (一开始 → the first told, 后来 → the last,
    最少要 → the one said with 最少); none meant: every one, in order, and True (the answer names them
    all and leaves the choice to the reader)."""
    ordered = sorted(demands, key=lambda e: e.chrono or 0)
    if plan.demand_pick == "first":
        return ordered[:1], False
    if plan.demand_pick == "last":
        return ordered[-1:], False
    said = [e for e in ordered if plan.demand_pick and plan.demand_pick in e.words]
    if len(said) == 1:
        return said, False
    return ordered, True


def _missing_label(plan: CasePlan, slot: Slot) -> str:
    occurrence = f"第{chinese_count(plan.ordinal)}笔款项的" if plan.ordinal else ""
    return f"{occurrence}{SLOT_LABELS.get(slot, '内容')}"


def _slot_part(case: Case, plan: CasePlan, event: Event, slot: Slot, outcome: Outcome) -> Part:
    label = SLOT_LABELS[slot]
    if slot is Slot.AMOUNT:
        return _amount_part(case, event, outcome, with_date=Slot.DATE not in plan.slots)
    if slot is Slot.PERSON and (who := _person_of(case, plan, event)):
        return Part(label, f"{who}（{case.cite_event(event)}）", Fill.FILLED, [case.cite_event(event)])
    if slot is Slot.DATE:
        return _date_part(case, event, outcome)
    if slot is Slot.TIME:
        if event.time is None:
            return Part(label, "", Fill.MISSING)
        cited = case.cite_event(event)
        day = show_row_date(case, event.date, event.session) if event.date is not None else ""
        when = day if flat(event.time.text) in day else f"{day}{flat(event.time.text)}"
        return Part(label, f"时间为{when}（{cited}{record_note(case, event)}）",
                    Fill.FILLED, [cited])
    if slot in (Slot.MEANS, Slot.PLACE):
        value = event.means if slot is Slot.MEANS else event.place
        if value is None:
            return Part(label, "", Fill.MISSING)
        return Part(label, f"{label}：{flat(value.text)}（{case.cite_event(event)}）", Fill.FILLED)
    if slot is Slot.RATE:
        return rate_part(case, plan, event)
    if slot is Slot.DURATION:
        statement = case.statement(event.statement)
        found = _DURATION.search(statement.answer)
        if not found:
            return Part(label, "", Fill.MISSING)
        anchor_start = statement.answer_offset + found.start()
        from engine.answer.casefile.facts import Anchor

        cited = case.cite(Anchor(statement.chunk_id, anchor_start, statement.answer_offset + found.end()))
        return Part(label, f"{label}：{flat(found.group(0))}（{cited}）", Fill.FILLED)
    cited = case.cite_event(event)
    return Part(label, f"{quoted(case.text_of(event.sentence))}（{cited}）", Fill.FILLED)


def _person_of(case: Case, plan: CasePlan, event: Event) -> str | None:
    """谁借给她的 / 是谁替某某退缴的 → who paid; 存进了谁的账户 / 给了谁 → who received."""
    if plan.asks_receiver:
        return event.payee
    return event.payer if event.payer != case.ledger.subject or event.kind == "repay" else None


def _amount_part(case: Case, event: Event, outcome: Outcome, with_date: bool = False) -> Part:
    """``with_date``: the row's date is said with the amount when the question did not ask it
    separately (还过多少本金 → 2022年5月20日，金额为10000元): which payment it is matters."""
    versions = [v for v in versions_of(case.ledger, event) if v.amount is not None]
    first = case.cite_event(event)
    when = f"{show_row_date(case, event.date, event.session)}，" if with_date and event.date is not None else ""
    if len({v.amount.value for v in versions}) > 1:
        # the later telling named as such, never chosen (…E2称八千（最新陈述）)
        notes = [version_note(v is versions[-1]) for v in versions]
        if voiced(case, versions):  # 郑某称4万元（E1）；某某本人称3万元（E2）: accounts of two people, none later
            said = "；".join(f"{voice_of(case, v)}称{said_figure(v.amount, v.currency)}（{case.cite_event(v)}）"
                            for v in versions)
        else:
            said = "；".join(f"{case.cite_event(v)}称{said_figure(v.amount, v.currency)}{n}" for v, n in zip(versions, notes))
        ids = [case.cite_event(v) for v in versions]
        outcome.conflicts.append(Conflict("testimony", f"同一笔款项金额说法不一：{said}", ids))
        return Part("金额", f"{when}金额说法不一：{said}，需人工核实", Fill.CONFLICT, ids)
    amount = event.amount
    if "amount" in event.uncertain or "value" in event.uncertain and amount.approx:
        outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}具体金额：{quoted(case.text_of(event.sentence))}", [first]))
        return Part("金额", f"{UNCLEAR_PHRASE}具体金额，仅称{said_figure(amount, event.currency)}（{first}）",
                    Fill.FILLED, [first])
    return Part("金额", f"{when}金额为{said_figure(amount, event.currency)}（{first}{record_note(case, event)}）",
                Fill.FILLED, [first], rows=[event])



def _date_part(case: Case, event: Event, outcome: Outcome) -> Part:
    first = case.cite_event(event)
    versions = [v for v in versions_of(case.ledger, event) if v.date is not None]
    dated = {str(v.date.value) for v in versions}
    corrections = [c for c in corrections_of(case.ledger, event) if c.field == "date"]
    if event.date is None and not corrections:
        if "date" in event.uncertain:  # 第二笔是具体哪天记不清了: the material says it does not know
            outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}具体日期：{quoted(case.text_of(event.sentence))}", [first]))
            return Part("日期", f"{UNCLEAR_PHRASE}具体日期（{first}：{quoted(case.text_of(event.sentence))}）",
                        Fill.UNSURE, [first])
        return Part("日期", "", Fill.MISSING)
    if corrections or len(dated) > 1:
        said = [f"{first}称{show_date(event.date)}"] if event.date else []
        ids = [first]
        for c in corrections:
            cid = case.cite(c.new.anchor)
            ids.append(cid)
            said.append(f"{cid}称{show_date(c.new)}")
        for v in versions[1:]:
            if v.date and str(v.date.value) != str(event.date.value if event.date else ""):
                cid = case.cite_event(v)
                ids.append(cid)
                said.append(f"{cid}称{show_date(v.date)}")
        text = "；".join(said)
        outcome.conflicts.append(Conflict("testimony", f"日期说法不一：{text}", ids))
        return Part("日期", f"日期说法不一：{text}，需人工核实", Fill.CONFLICT, ids)
    if "date" in event.uncertain:
        outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}具体日期：{quoted(case.text_of(event.sentence))}", [first]))
        return Part("日期", f"{UNCLEAR_PHRASE}具体日期，仅称{show_date(event.date)}（{first}）", Fill.FILLED, [first])
    return Part("日期", f"日期为{show_row_date(case, event.date, event.session)}（{first}{record_note(case, event)}）",
                Fill.FILLED, [first])


# -- totals -------------------------------------------------------------------------------------------
@dataclass
class _Term:
    event: Event
    amount: Value
    factor: int = 1  # periodic rows: the number of periods


def _terms(events: list[Event]) -> list[_Term]:
    terms = []
    for e in events:
        if e.amount is None:
            continue
        if e.role == "periodic":
            if e.periods:
                terms.append(_Term(e, e.amount, e.periods))
            continue
        terms.append(_Term(e, e.amount))
    return terms


def _factor(term: _Term) -> dict | None:
    """A period count the verifier can check: recomputed from two months in the cited quote, or
    read from the words that say it (六个月)."""
    if term.factor == 1:
        return None
    if term.event.period_span:
        start, end = term.event.period_span
        return {"value": term.factor, "unit": "month", "from": start, "to": end}
    if term.event.period_text:
        return {"value": term.factor, "unit": "stated", "text": term.event.period_text}
    return None


def _expression(terms: list[_Term], amounts: list[Decimal]) -> str:
    pieces = []
    for term, value in zip(terms, amounts):
        piece = plain_number(value)
        pieces.append(f"{piece} * {term.factor}" if term.factor != 1 else piece)
    return " + ".join(pieces)


def _versions(case: Case, term: _Term) -> list[tuple[Decimal, Event]]:
    chain = [v for v in versions_of(case.ledger, term.event) if v.amount is not None]
    seen: dict[Decimal, Event] = {}
    for v in chain:
        seen.setdefault(v.amount.value, v)
    return list(seen.items())


def _told_by_then(case: Case, term: _Term, statement: int | None) -> list[tuple[Decimal, Event]]:
    """Each version of a row (``statement`` None), or the one standing when ``statement`` was made:
    a side's account that adds a denied row is the rows as told up to then, not a later correction."""
    options = _versions(case, term)
    if statement is None:
        return options
    before = [o for o in options if o[1].statement <= statement]
    return (before or options)[-1:]


@dataclass
class _Result:
    """One way of adding the rows up: a version of each disputed row."""

    value: Decimal
    expression: str
    ids: list[str]
    rows: list[Event]
    stated: Event | None  # the stated total it is checked against
    label: str = ""  # 最初陈述 / 最新陈述, when rows were told in several versions


def _calculate(case: Case, terms: list[_Term], outcome: Outcome, stated: list[Event],
               description: str, then: int | None = None) -> list[_Result]:
    """Each combination of versions of the disputed rows (with ``then``, the version of each standing
    when that statement was made), checked against the version of the stated total that it matches
    (else the latest one): the result under each version."""
    options = [_told_by_then(case, t, then) for t in terms]
    results: list[_Result] = []
    for combo in product(*options):
        amounts = [value for value, _ in combo]
        result = sum((a * t.factor for a, t in zip(amounts, terms)), Decimal(0))
        expression = _expression(terms, amounts)
        ids = list(dict.fromkeys(case.cite_event(ev, "completion") for _, ev in combo))
        against = next((e for e in reversed(stated) if e.amount.value == result), stated[-1] if stated else None)
        stated_value = against.amount.value if against is not None else None
        evidence = ids + ([case.cite_event(against)] if against is not None else [])
        outcome.calculations.append(Calculation(
            expression, result, stated_value, stated_value is None or result == stated_value, evidence,
            description, factors=[f for t in terms if (f := _factor(t)) is not None]))
        results.append(_Result(result, expression, ids, [ev for _, ev in combo], against))
        if len(results) >= 4:
            break
    if len(results) > 1:
        first = [option[0][1] for option in options]
        last = [option[-1][1] for option in options]
        for result in results:
            result.label = LATEST if result.rows == last else EARLIEST if result.rows == first else ""
        if any(ev.told_by for r in results for ev in r.rows):  # 按某某所述 / 按某某本人所述: whose account
            for result in results:
                who = next((ev.told_by for ev in result.rows if ev.told_by), None) or voice_of(case, result.rows[0])
                result.label = f"{who}所述"
    return results


def _stated_totals(case: Case, plan: CasePlan, kind: str | None, actor: Actor, every: bool = False) -> list[Event]:
    """The sum the record states, in every version it was stated (六次一共二十二万三千元 … 这样算一共是
    二十二万七千元), oldest first; an approximate sum (二十多万元) only when no exact one is said."""
    # restricted from the rows of everyone: a receiver asked narrows the rows by itself
    restricted = restrict(case, plan, _movements(case, plan, kind, Actor(None, actor.role),
                                                 roles=("event", "periodic"), unrestricted=True))
    stated = [e for e in case.ledger.money if e.role == "total" and _stated_covers(plan, kind, e) and not e.corrects
              and _principal_ok(plan, e) and _party_ok(actor, e, case) and e.amount is not None
              and stands_for_rows(restricted, e) and not outside(case, plan, e) and _label_fits(case, plan, e)]
    stated = _of_the_person_asked(case, kind, actor, stated)
    exact = [e for e in stated if not e.amount.approx] or stated
    if not exact:
        return []
    if every:  # each sum stated of it, each statement's own (一万九千七百元 … 补充讯问：一万八千八百元)
        by_value = {e.amount.value: e for e in sorted(exact, key=lambda e: (e.statement, e.id), reverse=True)}
        return sorted(by_value.values(), key=lambda e: (e.statement, e.id))
    return [v for v in versions_of(case.ledger, exact[-1]) if v.amount is not None]


def _of_the_person_asked(case: Case, kind: str | None, actor: Actor, stated: list[Event]) -> list[Event]:
    """Of a person asked (某某一共给了他多少钱), the sums naming that person; a sum naming nobody
    only while no other person is told on that side of the money (一共十四万七千元 over four people's
    payments is nobody's own)."""
    if actor.name is None:
        return stated
    side = "payee" if actor.role == "payee" else "payer"

    own_words = actor.name == case.ledger.subject  # the speaker's own sum names nobody: 我一共转了…

    def names(event: Event) -> bool:
        party = getattr(event, side)
        return (party in actor.name or actor.name in party) if party else own_words

    own = [e for e in stated if names(e)]
    if own:
        return own
    known = case.people()
    others = {getattr(e, side) for e in case.ledger.money if e.role == "event" and _covers(kind, e)
              and getattr(e, side) in known and not names(e) and getattr(e, side) != case.ledger.subject}
    return [] if others else [e for e in stated if getattr(e, side) not in known]


def _stated_covers(plan: CasePlan, kind: str | None, event: Event) -> bool:
    """A sum stated of the money asked: of its kind, or — a total over the occasions the question
    counts (四次一共从某某那里得了多少钱) — told from the other side of the same movement (总共卖给某某
    一万九千七百元: what he took is what the other paid)."""
    return _covers(kind, event) or bool(plan.occasions) and MIRROR.get(event.kind) == kind


def _label_fits(case: Case, plan: CasePlan, stated: Event) -> bool:
    """A figure of a tally the asker put (经核算…支付雇工工资12,500元) is the total of its own label:
    of the measure asked, and of the receiver asked only when it names that receiver."""
    if stated.source != "asker":
        return True
    if stated.measure != plan.measure:
        return False
    return plan.receiver is None or bool(stated.payee) and not outside(case, plan, stated)


def _total(case: Case, plan: CasePlan, kind: str | None, actor: Actor, outcome: Outcome,
           events: list[Event] | None = None, scope: Restricted | None = None) -> None:
    rows = events if events is not None else _movements(case, plan, kind, actor, roles=("event", "periodic"),
                                                        scope=scope)
    # the rows and the totals of the occasion asked only (第二批一共…: never another batch's sum or rows)
    rows = subject_rows(case, plan, rows)
    stated = subject_rows(case, plan, _stated_totals(case, plan, kind, actor))
    if stated:  # (导游说“你们交的一千多块团费…”: words another is quoted saying are no row beside the sum told)
        rows = [e for e in rows if not _in_quoted_speech(case, e)]
    terms = _terms(rows)
    if stated and plan.occasions and len(terms) < plan.occasions:
        # 四次一共: fewer rows than the occasions counted are not all of them — the sums stated answer,
        # each statement's own (a later session's sum beside the first's is a version of it), never a
        # recomputation over the rows that happened to be read
        terms = []
        stated = subject_rows(case, plan, _stated_totals(case, plan, kind, actor, every=True))
    what = KIND_WORDS.get(kind or "", "款项")
    if not terms and not stated:
        # 自己花钱修东西一共花了多少: outlays the ledger books as no movement (花600元找人修的) — the
        # amounts told right after the question's own verb, added, before saying none is found
        from engine.answer.casefile.act_sums import answer_act_total

        if kind == "cost" and plan.focus.acts and answer_act_total(case, plan, outcome):
            return
        outcome.add(Part(f"{what}总额", "", Fill.MISSING))
        return
    for version in stated:
        case.cite_event(version)  # the stated total is the first evidence, its parts follow
    if not terms:
        said = "；".join(_said_total(case, v, stated) for v in stated)
        ids = [case.cite_event(v) for v in stated]
        if len(stated) > 1:
            outcome.conflicts.append(Conflict("testimony", f"所述合计说法不一：{said}", ids))
        outcome.add(Part("总额", said, Fill.CONFLICT if len(stated) > 1 else Fill.FILLED, ids))
        return
    if len(terms) == 1 and terms[0].factor == 1 and not stated:
        part = _amount_part(case, terms[0].event, outcome)
        outcome.add(part)
        return
    currencies = {t.event.currency for t in terms} | {v.currency for v in stated}
    if len(currencies) > 1:  # 元 and 美元 are never added together: each currency on its own
        lines, ids = [], []
        for currency in sorted(currencies):
            own = [t for t in terms if t.event.currency == currency]
            if not own:
                continue
            value = sum((t.amount.value * t.factor for t in own), Decimal(0))
            cited = list(dict.fromkeys(case.cite_event(t.event, "completion") for t in own))
            ids += cited
            outcome.calculations.append(Calculation(_expression(own, [t.amount.value for t in own]), value, None,
                                                    True, cited, f"{CURRENCY_UNITS.get(currency, currency)}各笔相加",
                                                    factors=[f for t in own if (f := _factor(t)) is not None]))
            lines.append(f"{money(value, currency)}（{'、'.join(cited)}）")
        outcome.add(Part("总额", f"各笔款项币种不同（{_currency_names(currencies)}），不能相加，需人工复核；"
                                 f"按币种分别为{'；'.join(lines)}", Fill.CONFLICT, ids))
        return
    denied = [t for t in terms if t.event.disputed]
    if denied and len(denied) < len(terms) and not stated:
        _total_with_denied(case, terms, denied, what, outcome)
        return
    restated = _restated_total(terms) if not stated else None
    if restated is not None and _told_as_total(restated.event, len(terms) - 1):
        # 另交车辆押金伍仟元、违章押金贰仟元 … 两笔押金共7,000元: the row says it is the sum of the others
        others = [t for t in terms if t is not restated]
        ids = list(dict.fromkeys(case.cite_event(t.event, "completion") for t in terms))
        currency = restated.event.currency
        outcome.calculations.append(Calculation(" + ".join(plain_number(t.amount.value) for t in others),
                                                restated.amount.value, restated.amount.value, True, ids,
                                                f"{what}各笔相加"))
        outcome.add(Part("总额", f"共计{money(restated.amount.value, currency)}（{case.cite_event(restated.event)}），"
                                 f"与各笔相加（{_expression(others, [t.amount.value for t in others])}）一致",
                         Fill.FILLED, ids))
        return
    if restated is not None:  # 10000 + 12000 and a 22000 beside them: never 44000 under 已核验
        others = [t for t in terms if t is not restated]
        ids = list(dict.fromkeys(case.cite_event(t.event, "completion") for t in terms))
        currency = restated.event.currency
        every = sum((t.amount.value for t in terms), Decimal(0))
        # both readings are shown worked out: the sum as another payment is a figure of the answer too
        outcome.calculations.append(Calculation(" + ".join(plain_number(t.amount.value) for t in others),
                                                restated.amount.value, restated.amount.value, True, ids,
                                                f"{money(restated.amount.value, currency)}若是合计"))
        outcome.calculations.append(Calculation(" + ".join(plain_number(t.amount.value) for t in terms), every,
                                                None, True, ids, "若是另一笔，各笔相加"))
        outcome.add(Part("总额", f"所列款项中{money(restated.amount.value, currency)}（{case.cite_event(restated.event)}）"
                                 f"等于其余各笔之和（{_expression(others, [t.amount.value for t in others])}），"
                                 f"可能是这几笔的合计而非另一笔：若是合计，共计{money(restated.amount.value, currency)}；"
                                 f"若是另一笔，共计{money(every, currency)}，需人工核实",
                         Fill.CONFLICT, ids))
        return
    if _sides_differ(case, terms, stated, outcome):
        return
    results = _calculate(case, terms, outcome, stated, f"{what}各笔相加")
    currency = terms[0].event.currency
    ids = list(dict.fromkeys(i for r in results for i in r.ids))
    if len(results) > 1:  # a disputed row: the total under each version, the latest named
        lines = []
        for r in results:
            head = f"按{r.label}（{'、'.join(r.ids)}）" if r.label else f"按{'、'.join(r.ids)}"
            line = f"{head}各笔相加为{money(r.value, currency)}"
            if r.stated is not None:
                # each version's verdict without its own call for review: the part asks once
                line += f"，{_verdict(r.value, r.stated, currency, case.cite_event(r.stated), review=False)}"
            lines.append(line)
        text = "；".join(lines)
        outcome.conflicts.append(Conflict("testimony", f"合计所含款项说法不一，结果随之不同：{text}", ids))
        outcome.add(Part("总额", f"其中有款项说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
        return
    result = results[0]
    statement = result.stated
    if statement is None:
        sides = _sides_of(case, terms)
        if len(sides) > 1:  # 原告's rows and 被告's added: neither side's account, never 已核验
            told = "；".join(f"{side}所述{'、'.join(cited)}" for side, cited in sides.items())
            outcome.add(Part("总额", f"各笔相加为{money(result.value, currency)}（{'、'.join(result.ids)}），"
                                     f"但各笔分别出自双方陈述（{told}），不是任何一方自己的说法，需人工核实",
                             Fill.CONFLICT, ids))
            return
        outcome.add(Part("总额", f"共计{money(result.value, currency)}：各笔相加复算为{money(result.value, currency)}"
                                 f"（{'、'.join(result.ids)}）", Fill.FILLED, ids, rows=[t.event for t in terms],
                         summed=True))
        return
    verdict = _verdict(result.value, statement, currency)
    disagrees = "不符" in verdict
    said = "；".join(_said_total(case, v, stated) for v in stated)
    text = f"{said}；各笔相加复算为{money(result.value, currency)}（{'、'.join(result.ids)}），{verdict}"
    if len(stated) > 1:
        outcome.conflicts.append(Conflict("testimony", f"所述合计说法不一：{said}", [case.cite_event(v) for v in stated]))
    outcome.add(Part("总额", text, Fill.CONFLICT if disagrees or len(stated) > 1 else Fill.FILLED, ids))


def _sides_of(case: Case, terms: list[_Term]) -> dict[str, list[str]]:
    """The sides of a hearing whose statements tell the rows, each with the rows it tells."""
    sides: dict[str, list[str]] = {}
    for term in terms:
        side = side_of(case, term.event, hearing=True)
        if side is not None:
            sides.setdefault(side, []).append(case.cite_event(term.event, "completion"))
    return {side: list(dict.fromkeys(cited)) for side, cited in sides.items()}


def _sides_differ(case: Case, terms: list[_Term], stated: list[Event], outcome: Outcome) -> bool:
    """A hearing where one side states the sum (一共交了3500元) and the other side tells one figure of
    the same money of its own (其间被告于2025年1月20日交纳现金2000元) that differs: two accounts of one
    fact, each attributed — never the rows of both sides added up under the one side's sum. False
    (nothing added) when the sides agree, or either side's figure would need a sum of its own."""
    if not stated:
        return False
    told = stated[-1]
    side = side_of(case, told, hearing=True)
    others = [t.event for t in terms if side_of(case, t.event, hearing=True) not in (None, side)]
    if side is None or len(others) != 1 or others[0].amount.value == told.amount.value \
            or others[0].currency != told.currency:
        return False
    other = others[0]
    against = side_of(case, other, hearing=True)
    # every telling of the other side's figure by that side (证明被告只交了2000元物业费 beside 交纳现金2000元)
    again = [e for e in case.ledger.money if e is not other and e.amount is not None and e.currency == other.currency
             and e.amount.value == other.amount.value and side_of(case, e, hearing=True) == against]
    cited = {id(told): [case.cite_event(told)],
             id(other): list(dict.fromkeys([case.cite_event(other)] + [case.cite_event(e) for e in again]))}
    lines = [f"{side_of(case, e, hearing=True)}称{said_figure(e.amount, e.currency)}（{'、'.join(cited[id(e)])}）"
             for e in sorted((told, other), key=lambda e: e.statement)]
    ids = cited[id(told)] + cited[id(other)]
    # the rows the stated side's sum is made of (the transfer the other side says was no such money)
    ids += [case.cite_event(t.event, "completion") for t in terms if side_of(case, t.event, hearing=True) == side]
    ids = list(dict.fromkeys(ids))
    text = "；".join(lines)
    outcome.conflicts.append(Conflict("testimony", f"双方所述金额说法不一：{text}", ids))
    outcome.add(Part("总额", f"双方说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
    return True


def _restated_total(terms: list[_Term]) -> _Term | None:
    """A row whose amount is exactly the sum of all the other rows, two or more (最后赔了两万二 beside
    微信一万二、现金一万): most likely those rows told once more as their total. Adding it to them
    would count the money twice; which reading holds is for a person to decide. (A row equal to only
    some of the others — 30000 beside 24000 + 6000 + 7500 × 4 — is as likely a payment of its own.)"""
    if len({t.event.currency for t in terms}) != 1 or any(t.factor != 1 for t in terms) or len(terms) < 3:
        return None
    whole = sum((t.amount.value for t in terms), Decimal(0))
    return next((t for t in terms if t.amount.value * 2 == whole), None)


# the words right before a figure that say it is a sum (两笔押金共7,000元 / 加起来一共)
_SAID_AS_SUM = re.compile(r"(?:一共|总共|合计|共计|总计|加起来|共)(?:是|为|有|计)?$")
_PIECES_SAID = re.compile(r"([两二三四五六七八九十\d]+)(?:笔|次|项|部分)")


def _told_as_total(event: Event, others: int) -> bool:
    """The row's own words call its figure a sum (共7,000元), of as many pieces as the other rows when
    they count them (两笔…共)."""
    words = own_words(event)
    figure = flat(event.amount.text) if event.amount is not None else ""
    before = words[:len(words) - len(figure)] if figure and words.endswith(figure) else words
    if not _SAID_AS_SUM.search(before):
        return False
    pieces = _PIECES_SAID.search(before)
    return pieces is None or parse_number(pieces.group(1)) == others


def _total_with_denied(case: Case, terms: list[_Term], denied: list[_Term], what: str, outcome: Outcome) -> None:
    """A sum over rows one of which the other side denies (…还当面给过现金四千元，他们不认): the sum
    without the denied rows and with them, each recomputed (under each version of its rows), neither chosen."""
    agreed = [t for t in terms if not t.event.disputed]
    currency = terms[0].event.currency
    lines, ids = [], []
    # without the denied rows: each version of the others (a corrected row told both ways); with
    # them: the rows as told when the denied one was (a later correction is another account)
    claimed = max(t.event.statement for t in denied)
    for label, group, then in (("不计对方否认的款项", agreed, None), ("计入对方否认的款项", terms, claimed)):
        for r in _calculate(case, group, outcome, [], f"{what}各笔相加（{label}）", then):
            ids += r.ids
            version = f"按{r.label}，" if r.label else ""
            lines.append(f"{label}，{version}共计{money(r.value, currency)}（{'、'.join(r.ids)}）")
    ids = list(dict.fromkeys(ids))
    named = "、".join(f"{case.cite_event(t.event)}{_told_by(case, t.event)}" for t in denied)
    outcome.conflicts.append(Conflict("testimony", f"其中{named}所述款项对方否认", ids))
    outcome.add(Part("总额", f"其中{named}所述款项对方否认：{'；'.join(lines)}，需人工核实", Fill.CONFLICT, ids))


def _currency_names(currencies: set[str]) -> str:
    return "、".join(CURRENCY_UNITS.get(c, c) for c in sorted(currencies))


def _said_total(case: Case, version: Event, chain: list[Event]) -> str:
    note = version_note(len(chain) > 1 and version is chain[-1])
    return f"材料显示共计{said_figure(version.amount, version.currency)}（{case.cite_event(version)}）{note}"


def _verdict(result: Decimal, statement: Event, currency: str, cited: str = "", review: bool = True) -> str:
    stated = statement.amount
    close = stated.approx and abs(result - stated.value) <= Decimal("0.1") * stated.value
    where = f"{cited}" if cited else ""
    if result == stated.value or close:
        return f"与{where}所述{money(stated.value, currency)}一致" if cited else "与所述一致"
    return f"与{where}所述{money(stated.value, currency)}不符" + ("，需人工复核" if review else "")


def _count(case: Case, plan: CasePlan, kind: str | None, actor: Actor, outcome: Outcome,
           scope: Restricted | None = None) -> None:
    """How many times: the count the speaker states (一共给了三次), checked against the rows the
    file lists one by one; the rows' count is shown as a counted calculation."""
    said = [e for e in case.ledger.money if e.role == "count" and _covers(kind, e) and e.count]
    # each victim's loss read out by the asker (某某被抢现金800元) is not one more time it happened
    # — unless the speaker tells that act himself (his telling is its mention): it is one of his
    told = {e.same_as for e in case.ledger.events if e.same_as and e.source == "answer"}
    rows = [e for e in _movements(case, plan, kind, actor, scope=scope)
            if e.measure != "loss" and (e.source != "asker" or e.id in told)]
    listed = ""
    if rows:
        ids = list(dict.fromkeys(case.cite_event(e, "completion") for e in rows))
        outcome.calculations.append(Calculation(
            str(len(ids)), len(ids), said[0].count if said else None,
            not said or len(ids) == said[0].count, ids, "逐笔列出的次数",
            factors=[{"value": len(ids), "unit": "rows", "rows": ids}]))
        listed = f"材料中逐笔列出{len(ids)}笔（{'、'.join(ids)}）"
    if said:
        best = max(said, key=lambda e: e.count)  # 一共三次 beats 还过一次 of another act
        cited = case.cite_event(best)
        surface = _count_words(case, best)
        text = f"共{surface}（即{best.count}次，{cited}）"
        if rows and len(rows) != best.count:
            outcome.add(Part("次数", f"{text}；{listed}，与所述次数不一致，需人工复核", Fill.CONFLICT, [cited]))
            return
        outcome.add(Part("次数", text, Fill.FILLED, [cited]))
        return
    if not rows:
        outcome.add(Part("次数", "", Fill.MISSING))
        return
    outcome.add(Part("次数", listed, Fill.FILLED, ids, rows=rows))


def _count_words(case: Case, event: Event) -> str:
    """The count as the statement says it (三次, 4次)."""
    from engine.answer.casefile.facts.extract import COUNT

    text = case.text_of(event.sentence)
    match = COUNT.search(text)
    return f"{match.group(1)}{match.group(0)[-1]}" if match else chinese_count(event.count) + "次"


# -- what is still owed -----------------------------------------------------------------------------
@dataclass
class _Balance:
    """What a balance is computed from: the whole (what went in, or what is owed) and what came
    back or was paid towards it."""

    plus: list[_Term]
    minus: list[_Term]
    description: str
    left: str = "尚余{}未归还"  # how the balance is said: 尚欠{} (an obligation), 尚有{}的损失未弥补 (a loss)
    # the items are named in the answer (少收了哪几笔车费？加起来多少: each income lost, with its words)
    itemised: bool = False


def _owed_rows(case: Case, measure: str) -> list[_Term]:
    """An obligation the record states (应发工资一共十九万九千三百元, 维修单一共是贰仟叁佰元): its stated
    total, else its items."""
    rows = [e for e in case.ledger.money if e.measure == measure and not e.corrects and e.amount is not None
            and e.role in ("total", "value", "part", "cost")]
    totals = [e for e in rows if (e.role == "total" or e.role == "cost" and _SUM_SAID.search(e.words))
              and not e.amount.approx]
    if totals:
        return [_Term(totals[-1], totals[-1].amount)]
    return _terms([e for e in rows if e.role in ("value", "part", "cost")])


def _loss_balance(case: Case) -> _Balance | None:
    """What the victims lost and is not yet made good: the appraised goods and the cash taken, less
    the goods got back (at their appraisal) and what was paid back (退赔). None when goods got back
    cannot be matched to an appraisal — the balance is then not computed."""
    valued = [e for e in case.ledger.money if e.measure == "valuation" and not e.corrects and e.amount is not None]
    if not valued:
        return None
    totals = [e for e in valued if e.role == "total" and not e.amount.approx]
    plus = [_Term(totals[-1], totals[-1].amount)] if totals else _terms([e for e in valued if e.role == "value"])
    # The cash taken, in one account only: as the victims lost it (被抢现金800元), else as the
    # speaker took it beside the goods (还有身上的现金八百块钱) — both together count it twice.
    takes = [e for e in case.ledger.money if e.role == "event" and e.kind == "take" and not e.corrects]
    plus += _terms([e for e in takes if e.measure == "loss"] or [e for e in takes if e.measure is None])
    minus = _terms([e for e in case.ledger.money if e.role == "event" and e.kind in ("repay", "compensation")
                    and not e.corrects])
    for goods in [e for e in case.ledger.events if e.role == "recovered"]:
        value = goods_value(case, goods)
        if value is None:
            return None
        case.cite_event(goods, "completion")
        minus.append(_Term(value, value.amount))
    return _Balance(plus, minus, "被抢（被骗、被盗）财物的认定价值与现金之和，减去追回财物的认定价值和已退赔的款项",
                    "尚有{}的损失未弥补")


def _income_lost(case: Case, plan: CasePlan) -> _Balance:
    """Incomes not had (车费四百二十元没收, 约好的一单六百元只好推掉), added; less what was paid to
    make up for them (后来补了我三百元) when the question asks the loss net of it."""
    lost = [e for e in case.ledger.money if e.measure == "lost_income" and not e.corrects and e.amount is not None]
    made_good = [e for e in case.ledger.money if e.role == "event" and e.kind in ("compensation", "repay")
                 and not e.corrects] if plan.made_good else []
    return _Balance(_terms(lost), _terms(made_good),
                    "未能收取的各项收入相加" + ("，减去已获补偿的款项" if made_good else ""),
                    "尚有{}的损失未弥补" if made_good else "未能收取的收入共计{}", itemised=plan.items_asked)


def _balance_of(case: Case, plan: CasePlan, actor: Actor) -> _Balance:
    principal_plan = plan if plan.principal is not None else replace(plan, principal=True)
    if plan.owed == "loss" and any(e.measure == "valuation" for e in case.ledger.money):
        # 被抢的东西加现金还差多少没弥补上: appraisals and cash, less goods got back and restitution
        return _loss_balance(case) or _Balance([], [], "")
    if plan.owed == "loss" and any(e.measure == "lost_income" for e in case.ledger.money):
        return _income_lost(case, plan)
    if plan.owed and plan.owed != "loss":
        owed = _owed_rows(case, plan.owed)
        if not owed:  # 还有多少货款没付 with no contract sum told: nothing to compute it from
            return _Balance([], [], "")
        # 还欠多少工资: the wages owed less every payment made
        paid = [e for e in case.ledger.money if e.role in ("event", "periodic") and e.kind == "pay"
                and not e.corrects and e.measure not in ("loan",)]
        return _Balance(owed, _terms(paid), "应付的款项减去已付的款项", "尚欠{}")
    inflow_kind = dominant_kind(case)
    # The money that went in is paid by the asked person (taken by them, for a take); a receiver
    # the question names (打到某某卡上的钱) is the side it went to.
    holder = account_holder(plan)
    asked = actor if actor.role == "payee" and holder else \
        Actor(actor.name, "payee" if inflow_kind == "take" else "payer")
    inflow = _movements(case, principal_plan, inflow_kind, asked) if inflow_kind else []
    # What came back: repayments, and restitution (退赔) of money taken or handed over — unless the
    # case's own flow is compensation, which then is what went in.
    back = OUTFLOW_KINDS | ({"compensation"} if inflow_kind and inflow_kind != "compensation" else set())
    outflow = [e for e in case.ledger.money if e.role == "event" and e.kind in back
               and not e.corrects and e.principal is not False]
    if holder:  # what came back from that receiver, or from where the statement does not say
        outflow = [e for e in outflow if e.payer in (None, holder) or e.payer not in case.people()]
    in_terms, out_terms = _terms(inflow), _terms(outflow)
    agreed = [e for e in case.ledger.money if e.role == "agreed" and not e.corrects and e.amount is not None]
    if agreed and (AGREED_ASKED.search(plan.text) or not inflow):
        # 按调解的数额还欠多少: the agreed sum less what was paid of it
        owed = agreed[-1]
        return _Balance([_Term(owed, owed.amount)],
                        _terms([e for e in case.ledger.money if e.role == "event" and not e.corrects
                                and e.kind == owed.kind]), "约定的款项减去已付的款项")
    # A total the file states for what went in stands for its rows (总共四万二千元 − 退还的一万零五百元),
    # unless the question asks about one receiver's part of it.
    stated_in = [e for e in case.ledger.money if e.role == "total" and inflow_kind and e.kind == inflow_kind
                 and not e.corrects and _principal_ok(principal_plan, e) and e.amount is not None
                 and not e.amount.approx]
    narrowed = restrict(case, principal_plan, _movements(case, principal_plan, inflow_kind, Actor(None, asked.role),
                                                         unrestricted=True)).narrowed if inflow_kind else None
    stated_in = _of_the_person_asked(case, inflow_kind, asked, stated_in)
    if actor.name and not holder and asked.role == "payer":  # what came back to the person asked, or to one unnamed
        out_terms = [t for t in out_terms if t.event.payee in (None, actor.name) or t.event.payee not in case.people()]
    if stated_in and not holder and not narrowed:
        in_terms = [_Term(stated_in[-1], stated_in[-1].amount)]
    return _Balance(in_terms, out_terms, "收到的款项减去已退还的款项")


def _stated_balance(case: Case, actor: Actor) -> Event | None:
    """The balance the record states: an exact one before one said roughly (还欠我四万多)."""
    stated = [e for e in case.ledger.money if (e.role == "balance" or e.role == "cost" and _LOSS.search(e.words))
              and not e.corrects and e.kind != "interest" and e.amount is not None]
    exact = [e for e in stated if not e.amount.approx]
    return (exact or stated or [None])[-1]


def _impossible(result: Decimal, plus: list[Decimal], minus: list[Decimal]) -> str | None:
    """A balance that cannot be: less than nothing, or more than the whole it is part of."""
    if result < 0:
        return "退还或已付的款项多于应有的总额，复算结果为负"
    if any(m < 0 for m in minus) or result > sum(plus, Decimal(0)):
        return "复算结果超过其所属的总额"
    return None


def _balance_results(case: Case, in_terms: list[_Term], out_terms: list[_Term], then: int | None = None,
                     ) -> list[tuple[Decimal, str, list[str], str | None]]:
    """The balance under each combination of versions of its rows (with ``then``, the version of each
    standing when that statement was made): result, expression, cited ids and what makes it
    impossible (None: nothing)."""
    options_in = [_told_by_then(case, t, then) for t in in_terms]
    options_out = [_told_by_then(case, t, then) for t in out_terms]
    results = []
    for combo_in in product(*options_in):
        for combo_out in product(*options_out) if options_out else [()]:
            plus = [a * t.factor for (a, _), t in zip(combo_in, in_terms)]
            minus = [a * t.factor for (a, _), t in zip(combo_out, out_terms)]
            result = sum(plus, Decimal(0)) - sum(minus, Decimal(0))
            expression = " + ".join(plain_number(v) for v in plus)
            if minus:
                expression = f"({expression}) - " + " - ".join(plain_number(v) for v in minus) \
                    if len(plus) > 1 else f"{expression} - " + " - ".join(plain_number(v) for v in minus)
            ids = list(dict.fromkeys([case.cite_event(ev, "completion") for _, ev in combo_in]
                                     + [case.cite_event(ev, "completion") for _, ev in combo_out]))
            results.append((result, expression, ids, _impossible(result, plus, minus)))
    return results[:4]


def _balance_with_denied(case: Case, balance: _Balance, in_terms: list[_Term], out_terms: list[_Term],
                         denied: list[_Term], currency: str, outcome: Outcome) -> None:
    """A balance over rows the other side denies (…又当面交给原告现金三千元，原告不承认): the balance
    without the denied rows (under each version of the others) and with them (as told when the denied
    row was), each recomputed and attributed, none chosen — the answer needs review."""
    kept_in = [t for t in in_terms if not t.event.disputed]
    kept_out = [t for t in out_terms if not t.event.disputed]
    claimed = max(t.event.statement for t in denied)
    lines, ids = [], []
    for label, plus, minus, then in (("不计对方否认的款项", kept_in, kept_out, None),
                                     ("计入对方否认的款项", in_terms, out_terms, claimed)):
        if not plus:
            continue
        results = [r for r in _balance_results(case, plus, minus, then) if not r[3]]
        for result, expression, cited, _ in results:
            outcome.calculations.append(Calculation(expression, result, None, True, cited,
                                                    f"{balance.description}（{label}）"))
            ids += cited
        said = "；".join(f"按{'、'.join(r[2])}计为{money(r[0], currency)}" for r in results)
        if said:
            lines.append(f"{label}，{said}")
    if not lines:
        outcome.add(Part("未归还金额", "", Fill.MISSING))
        return
    ids = list(dict.fromkeys(ids))
    named = "、".join(f"{case.cite_event(t.event)}{_told_by(case, t.event)}" for t in denied)
    outcome.conflicts.append(Conflict("testimony", f"其中{named}所述款项对方否认", ids))
    outcome.add(Part("未归还金额", f"其中{named}所述款项对方否认：{'；'.join(lines)}，需人工核实",
                     Fill.CONFLICT, ids))


def _told_by(case: Case, event: Event) -> str:
    """（被告称）: the side or person whose statement gives the row, when the record says."""
    who = side_of(case, event)
    return f"（{who}称）" if who else ""


def _outstanding(case: Case, plan: CasePlan, actor: Actor, outcome: Outcome) -> None:
    # 老汤到现在还差多少钱没拿到 where the record enumerates what each is owed and pays a group in lumps
    # per person: that person's item less the lumps of the groups they belong to (per_person.py)
    from engine.answer.casefile.per_person import answer_person_balance

    if actor.name is None:
        # 他退给某某一部分钱以后，某某还有多少钱没拿回来: the one person the question names is the one owed,
        # wherever named (with two named — 某甲还差某乙多少 — who owes whom is the plan's to read)
        named = case.named_in(plan.text, known_only=True)
        if len(named) == 1 and named[0] != case.ledger.subject:
            actor = Actor(named[0], actor.role)
    if actor.name and answer_person_balance(case, actor.name, outcome):
        return
    moved = [e for e in case.ledger.money if e.role in ("event", "periodic", "balance", "agreed")]
    if actor.name and not plan.owed and not any(actor.name in (e.payer, e.payee) for e in moved) \
            and actor.name not in (case.ledger.subject, case.ledger.counterpart):
        # 老汤到现在还差多少钱没拿到: nothing paid to or by that person is told one by one
        outcome.add(Part(f"{actor.name}的未归还金额", "", Fill.MISSING))
        return
    balance = _balance_of(case, plan, actor)
    in_terms, out_terms = balance.plus, balance.minus
    statement = _stated_balance(case, actor) if not account_holder(plan) else None
    if statement is not None and statement.amount.approx and not in_terms and plan.owed:
        statement = None  # 还欠我二十多万: said roughly, with nothing to check it against
    if not in_terms and statement is None:
        outcome.add(Part("未归还金额", "", Fill.MISSING))
        return
    currencies = {t.event.currency for t in in_terms + out_terms}
    if len(currencies) > 1:  # 元 and 美元 are never subtracted from each other
        ids = [case.cite_event(t.event) for t in in_terms + out_terms]
        outcome.add(Part("未归还金额", f"所涉款项币种不同（{_currency_names(currencies)}），不能相减，需人工复核",
                         Fill.CONFLICT, ids))
        return
    currency = (in_terms[0].event.currency if in_terms else statement.currency)
    denied = [t for t in in_terms + out_terms if t.event.disputed]
    if in_terms and denied and len(denied) < len(in_terms) + len(out_terms):
        _balance_with_denied(case, balance, in_terms, out_terms, denied, currency, outcome)
        return
    results = _balance_results(case, in_terms, out_terms) if in_terms else []
    impossible = [r for r in results if r[3]]
    if impossible:  # never composed: the inconsistency is named, the figure is not given
        ids = list(dict.fromkeys(i for r in impossible for i in r[2]))
        outcome.add(Part("未归还金额", f"无法得出未归还金额：按{'、'.join(ids)}，{impossible[0][3]}，"
                                     f"各笔款项的口径可能不一致，需人工复核", Fill.CONFLICT, ids))
        return
    stated_value = statement.amount.value if statement is not None else None
    for result, expression, ids, _ in results:
        evidence = ids + ([case.cite_event(statement)] if statement is not None else [])
        outcome.calculations.append(Calculation(
            expression, result, stated_value, stated_value is None or result == stated_value, evidence,
            balance.description))
    if len(results) > 1:
        said = "；".join(f"按{'、'.join(ids)}计为{money(r, currency)}" for r, expr, ids, _ in results)
        ids = list(dict.fromkeys(i for _, _, group, _ in results for i in group))
        outcome.conflicts.append(Conflict("testimony", f"计算所依据的款项说法不一，结果随之不同：{said}", ids))
        outcome.add(Part("未归还金额", f"各笔中有说法不一之处，尚未归还的金额随之不同：{said}，需人工核实",
                         Fill.CONFLICT, ids))
        return
    if statement is not None:
        cited = case.cite_event(statement)
        side = side_of(case, statement, hearing=True)  # a hearing's party says what it owes, as it sees it
        text = f"{f'{side}称' if side else '材料显示'}{balance.left.format(said_figure(statement.amount, statement.currency))}（{cited}）"
        if results:
            result, expression, ids, _ = results[0]
            agree = result == statement.amount.value
            text += f"；复算为{money(result, currency)}（{'、'.join(ids)}），" + \
                ("与所述一致" if agree else f"与所述{money(statement.amount.value, currency)}不符，需人工复核")
            if side and not agree:
                outcome.conflicts.append(Conflict(
                    "testimony", f"{side}所述{money(statement.amount.value, currency)}（{cited}）与按"
                                 f"{'、'.join(ids)}复算的{money(result, currency)}不一", [cited, *ids]))
            outcome.add(Part("未归还金额", text, Fill.FILLED if agree else Fill.CONFLICT, [cited, *ids]))
            return
        if side:  # one side's own figure, nothing recomputed to bear it out: never settled
            outcome.conflicts.append(Conflict("testimony", f"未归还金额仅为{side}一方所述（{cited}），未能按各笔款项复算",
                                              [cited]))
            outcome.add(Part("未归还金额", f"{text}，仅为{side}一方所述，需人工核实", Fill.CONFLICT, [cited]))
            return
        outcome.add(Part("未归还金额", text, Fill.FILLED, [cited]))
        return
    result, expression, ids, _ = results[0]
    items = ""
    if balance.itemised:  # each item in its own words: 38元（「计价器上打表是38元」，E1）
        said = [f"{said_figure(t.amount, currency)}（{quoted(t.event.words)}，{case.cite_event(t.event)}）"
                for t in in_terms]
        back = [f"{said_figure(t.amount, currency)}（{quoted(t.event.words)}，{case.cite_event(t.event)}）"
                for t in out_terms]
        items = f"：{'、'.join(said)}" + (f"，减去{'、'.join(back)}" if back else "")
    outcome.add(Part("未归还金额", f"{balance.left.format(money(result, currency))}（按{'、'.join(ids)}复算，见计算）{items}",
                     Fill.FILLED, ids))
