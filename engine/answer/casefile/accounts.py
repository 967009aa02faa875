"""What a person is paid per period or piece, and what that comes to: the worker's account a
statement tells in one sentence — a rate per unit (一天三百七十元, 每个月五千元, 贴砖一件八块钱), the
number of units after it (干了一百一十四天, 一共做了4800件), what was paid of it and that the rest is
unpaid (付过一万四千五百块钱，剩下的一直没给).

Answered from it: the rate asked of a person (谁每个月拿多少钱 asks a rate, never a sum of payments),
what is due (rate × units), what is still owed (due − paid), for one person or for everyone whose
account the file tells (这几个工人一共); and, by the same product, a contract total not told as the
quantity agreed times the unit price (约定购买140台，单价每台2350元). Sentences are read on their joined view (a PDF's line break
inside 八块\\n钱 or 一分钱都没\\n给过 is layout), each anchor mapped back to the stored text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import EARLIEST, money, plain_number, said_amount, version_note
from engine.answer.casefile.facts import Anchor, Statement
from engine.text import case_lexicon as lx
from engine.answer.casefile.facts.extract import per_piece, piece_before
from engine.text.case_lexicon import CORRECTION, NOT_VALUE
from engine.question import CasePlan
from engine.text.lines import join_pdf_lines, joined_view
from engine.text.numbers import find_amounts

# A rate's unit and the units a count of it is said in (一个月六千元 … 一共六个月).
RATE_COUNTS = {"月": ("个月", "月"), "天": ("天", "日"), "日": ("天", "日"), "件": ("件",), "小时": ("小时",)}
# The units a question's rate is asked per that the same rate is said in (一天 / 每日).
_SAME_UNIT = {"日": "天"}

# The rest of a worker's account said unpaid in the same sentence (剩下的一直没给, 一分钱都没拿到): the
# sentence tells the whole of it, so what it says was paid is all that was.
REST_UNPAID = re.compile(r"剩下的?(?:钱|工钱|工资)?(?:也|一直|都|还)?没(?:有)?(?:给|付|结|拿到)|"
                         r"一分钱都没(?:有)?(?:给|付|结|拿到)|(?:都|全|一直)没(?:有)?(?:给|付|结)(?:过)?(?:钱|工钱|工资)")


@dataclass(frozen=True)
class Restated:
    """A later sentence giving one figure of an account again (实际是105天，不是111天 / 好像是一万三千元，
    记不太清了): which figure — the units worked or what was paid —, its new value, the old one it
    names when it does (不是九千元), and where it is said."""

    field: str  # count | paid
    value: Decimal
    old: Decimal | None
    anchor: Anchor | None
    said: str = ""  # the figure as said (实际是105天: 105天), a factor the verifier finds in the quote


@dataclass
class Account:
    person: str
    rate: Decimal
    unit: str  # the rate is per this (天, 月, 件, 小时)
    rate_said: str  # the rate as said (叁佰柒拾元)
    count: int | None  # units worked, when the sentence says them after the rate
    count_said: str
    paid: list[Decimal]  # what the sentence says was paid of it
    rest_unpaid: bool  # the sentence says the rest is unpaid: its payments are all there were
    corrected: bool  # its rate or units are corrected or restated later (实际是105天，不是111天)
    anchor: Anchor  # the sentence
    rate_anchor: Anchor  # the sentence up to the end of the rate's clause
    unsettled: bool = False  # some figure of it is restated later (好像是…记不太清): no single balance
    rate_unsettled: bool = False  # its rate itself is corrected or restated (not only its units)
    restated: tuple[Restated, ...] = ()  # each later telling of its units or its payment, read whole


def _told_of(case: Case, statement, text: str, at: int) -> str | None:
    from engine.answer.casefile.said import told_of

    found = [p for p in case.people() if told_of(case, statement, text, at, p)]
    return found[0] if len(found) == 1 else None


# A later word on a figure that unsettles it: corrected (说错了, 实际是), or restated with a hedge
# (好像是…，具体记不太清了) — the account it touches has two versions, never one result.
_UNSETTLING = re.compile(rf"{CORRECTION.pattern}|好像是|记不(?:太)?清|大概是|可能是")


_SPEAKER_LABEL = re.compile(r"^\s*([\u4e00-\u9fff]{2,4})[：:]")


def _unsettling(case: Case) -> list[tuple[set[str], str | None, str]]:
    """Each sentence of the file that unsettles a figure: the people it names, who says it (the
    statement's speaker; a record whose turns are not read as statements names them: 某某：…), and
    the sentence."""
    from engine.text.quantities import find_quantities

    said = []
    for sentence in re.split(r"[。！？；\n]", case.doc_text):
        label = _SPEAKER_LABEL.match(sentence)  # 某某：毛辉干的天数我上次说错了 — said by 某某, of 毛辉
        said.append((sentence[label.end():], label.group(1)) if label else (sentence, None))
    said += [(sentence, s.speaker) for s in case.ledger.statements if s.kind == "qa"
             for sentence in re.split(r"[。！？；]", join_pdf_lines(s.answer))]
    return [({p for p in case.people() if p in sentence}, speaker, sentence) for sentence, speaker in said
            if _UNSETTLING.search(sentence) and (find_amounts(sentence) or find_quantities(sentence))]


def _settle(found: list[Account], unsettling: list[tuple[set[str], str | None, str]],
            anchors: list["Said"]) -> list[Account]:
    """Each account with what a later word unsettles of it — about the holder it names, else
    (郝正阳给我的好像是七千元) the one who says it: any figure unsettles its balance; its units or a
    rate said again (实际是105天) unsettle what is due as well."""
    from engine.answer.casefile.talk import said_per
    from engine.text.quantities import find_quantities

    holders = {a.person for a in found}
    out = []
    for account in found:
        for named, speaker, sentence in unsettling:
            about = (named & holders) or ({speaker} if speaker else named)
            if account.person not in about:
                continue
            rate = any(said_per(sentence, a, account.unit) for a in find_amounts(sentence))
            units = rate or any(q.meta["unit"] in RATE_COUNTS[account.unit] for q in find_quantities(sentence))
            # one sentence read twice (the file's text and its statement) is one telling
            restated = [r for r in (() if rate else _restated(sentence, account, units, anchors))
                        if (r.field, r.value, r.old) not in {(o.field, o.value, o.old) for o in account.restated}]
            account = replace(account, unsettled=True, corrected=account.corrected or units,
                              rate_unsettled=account.rate_unsettled or rate,
                              restated=account.restated + tuple(restated))
        out.append(account)
    return out


def _restated(sentence: str, account: Account, units: bool, anchors: list["Said"]) -> tuple[Restated, ...]:
    """What a sentence unsettling ``account`` gives again: its units (实际是105天，不是111天) or, saying
    no units, what was paid (好像是一万三千元). Nothing when it gives none, or several new figures
    of that kind (never one chosen of them)."""
    from engine.text.quantities import find_quantities

    if units:
        found = [(Decimal(str(q.value)), q.start, q.text) for q in find_quantities(sentence)
                 if q.meta["unit"] in RATE_COUNTS[account.unit]]
    else:
        found = [(Decimal(str(a.value)), a.start, a.text) for a in find_amounts(sentence)]
    old = [v for v, at, _ in found if NOT_VALUE.search(sentence[max(0, at - 3):at])]
    new = [v for v, _, _ in found if v not in old]
    words = next((text for v, _, text in found if new and v == new[0]), "")
    if len(set(new)) != 1 or len(set(old)) > 1:
        return ()
    # where it is said: the answer sentence telling it (None when the record's turns are not statements)
    said = next((s for s in reversed(anchors) if _UNSETTLING.search(s.text) and str(new[0]) in
                 [str(Decimal(str(a.value))) for a in find_amounts(s.text)] +
                 [str(Decimal(str(q.value))) for q in find_quantities(s.text)]), None)
    return (Restated("count" if units else "paid", new[0], old[0] if old else None,
                     said.anchor(0, len(said.text)) if said else None, words),)


@dataclass
class Said:
    """One sentence of an answer on its joined view (a PDF's line breaks dropped), and the map of a
    span of it back to the stored text."""

    statement: Statement
    text: str
    where: list[int]
    start: int  # the sentence's offset in the statement's answer

    def anchor(self, start: int, end: int) -> Anchor:
        base = self.statement.answer_offset + self.start
        return Anchor(self.statement.chunk_id, base + self.where[start], base + self.where[end - 1] + 1)


def joined_sentences(case: Case) -> list[Said]:
    """Every sentence of the file's answers, read on its joined view."""
    from engine.answer.casefile.said import _sentences

    out = []
    for statement in case.ledger.statements:
        if statement.kind == "qa":
            for sentence in _sentences(statement):
                text, where = joined_view(sentence.text, tight=True)
                out.append(Said(statement, text, where, sentence.start))
    return out


def accounts(case: Case) -> list[Account]:
    """Every account told in the file, in order."""
    from engine.answer.casefile.talk import said_per
    from engine.text.quantities import find_quantities

    corrected = {c.old.value for c in case.ledger.corrections if c.old is not None}
    found = []
    sentences = joined_sentences(case)
    for said in sentences:
        statement, text, anchor = said.statement, said.text, said.anchor
        amounts = find_amounts(text)
        for amount in amounts:
            unit = next((u for u in RATE_COUNTS if said_per(text, amount, u)), None)
            person = _told_of(case, statement, text, amount.start) if unit else None
            if person is None:
                continue
            counts = [q for q in find_quantities(text) if q.start > amount.end and q.value > 1
                      and q.meta["unit"] in RATE_COUNTS[unit]]
            count = counts[0] if len({q.value for q in counts}) == 1 else None
            after = count.end if count else amount.end
            rest = REST_UNPAID.search(text, after)
            paid = [a for a in amounts if a.start > after and (rest is None or a.start < rest.start())
                    and not per_piece(text, a.start, a.end)]
            values = {Decimal(str(amount.value))} | ({Decimal(str(count.value))} if count else set())
            stop = text.find("，", amount.end)
            found.append(Account(
                person, Decimal(str(amount.value)), unit, amount.text, int(count.value) if count else None,
                count.text if count else "", [Decimal(str(a.value)) for a in paid], rest is not None,
                bool(values & corrected),
                anchor(0, len(text)), anchor(0, stop if stop > 0 else len(text)),
                rate_unsettled=Decimal(str(amount.value)) in corrected))
    return _settle(found, _unsettling(case), sentences)


def _one_each(found: list[Account], key) -> dict[str, Account] | None:
    """Each person's account, when every sentence telling it agrees; None when one disagrees."""
    each: dict[str, Account] = {}
    for account in found:
        held = each.setdefault(account.person, account)
        if key(held) != key(account):
            return None
    return each


# The words a question opens with before what it asks of them (付莉莉欠了多少工钱 / 某某应得多少).
_LEADING_SUBJECT = re.compile(r"^(?:按约定，?)?(?P<who>[\u4e00-\u9fff]{2,3}?)(?:还|一共|总共)?(?:欠|应得|应该|的工钱|的工资|拿|干|每)")


def _unknown_subject(case: Case, plan: CasePlan) -> bool:
    """The question opens with a name the file never names (the plan may not read it as one when
    its surname is also a verb, 付莉莉): never the questioned person's own figure."""
    from engine.text.names import looks_like_name

    lead = _LEADING_SUBJECT.match(plan.text)
    return bool(lead) and looks_like_name(lead.group("who")) and lead.group("who") not in case.doc_text


def answer_rate(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """谁一天的工钱是多少 / 做一件多少钱: the rate told of the person asked, per the unit asked."""
    from engine.answer.casefile.said import person_asked

    person = person_asked(case, plan)
    if _unknown_subject(case, plan):
        return False
    unit = _SAME_UNIT.get(plan.rate_per or "", plan.rate_per)
    own = [a for a in accounts(case) if a.person == person and _SAME_UNIT.get(a.unit, a.unit) == unit]
    if not own or any(a.rate_unsettled for a in own) or len({a.rate for a in own}) != 1:
        return False
    account = own[0]
    cited = case.cite(account.rate_anchor)
    said = said_amount(account.rate_said, account.rate, "CNY")
    outcome.add(Part("金额", f"{person}每{_unit_word(account.unit)}{said}（{cited}）", Fill.FILLED, [cited]))
    return True


def _unit_word(unit: str) -> str:
    return "个月" if unit == "月" else unit


def answer_due_by_rate(case: Case, plan: CasePlan, outcome: Outcome, balance: bool = False) -> bool:
    """应得多少工钱 with no sum booked: the rate times the number of units said after it, in one
    sentence about the person asked (一个月六千元，一共六个月 → 6000 × 6); with ``balance`` (还欠他多少工钱)
    less what that sentence says was paid, when it says the rest is unpaid. For several people asked
    together (这几个工人一共), the sum over everyone whose account the file tells. Nothing when nobody
    asked has such a sentence, a person's sentences give different results, a figure of it is
    corrected (实际是191天，不是198天 — a version the product would silently choose), or, for a
    balance, one of them does not say the rest is unpaid."""
    told = accounts(case)
    found = [a for a in told if a.count is not None and (a.rest_unpaid or not balance)]
    if plan.group:
        each = _one_each(found, lambda a: (a.rate, a.count, tuple(a.paid) if balance else ()))
        if not each or len(each) < 2 or {a.person for a in told} - set(each):
            return False  # someone's account is told without its units or its unpaid rest: no sum of all
        chosen = list(each.values())
    else:
        if _unknown_subject(case, plan):
            return False
        named = case.named_in(plan.text, plan.names)
        if plan.names and not any(n in case.people() for n in named):
            return False  # someone the file does not name: never the speaker's own figure
        asked = [n for n in named if n in case.people()] or \
            ([case.ledger.subject] if case.ledger.subject and not named else [])
        each = _one_each([a for a in found if a.person in asked],
                         lambda a: (a.rate, a.count, tuple(a.paid) if balance else ()))
        if not each or len(each) != 1:
            return False
        chosen = list(each.values())
    mine = [a for a in told if a.person in {c.person for c in chosen}]
    if any(a.rate_unsettled for a in mine):
        return False
    if any(v is not None and len(v) > 1 for v in (_versions_of(a, balance) for a in chosen)):
        # a figure told again differently (补充询问：好像是一万八千元 / 实际是105天): the result under each version
        return _by_versions(case, chosen, balance, outcome)
    if any(a.corrected for a in mine) or balance and any(a.unsettled for a in mine):
        return False  # a figure of it told again in words not read whole: no result under either
    pieces, results, ids = [], [], []
    for a in chosen:
        paid = a.paid if balance else []
        piece, result = _balance(a, paid)
        if result < 0:
            return False
        pieces.append(f"({piece})" if paid and len(chosen) > 1 else piece)
        results.append(result)
        ids.append(case.cite(a.anchor))
    total = sum(results, Decimal(0))
    ids = list(dict.fromkeys(ids))
    label = "按约定标准计算尚欠" if balance else "按约定标准计算应得"
    outcome.calculations.append(Calculation(
        " + ".join(pieces), total, None, True, ids, label + "工资",
        factors=[{"value": a.count, "unit": "quantity", "text": a.count_said} for a in chosen]))
    whose = "、".join(a.person for a in chosen) + "合计" if len(chosen) > 1 else ""
    outcome.add(Part("尚欠工资" if balance else "应发工资", f"{whose}{label}{money(total)}（{'、'.join(ids)}）",
                     Fill.FILLED, ids))
    return True


def _balance(account: Account, paid: list[Decimal]) -> tuple[str, Decimal]:
    """rate × units − each payment: the expression as shown and its result."""
    expression = f"{plain_number(account.rate)} * {account.count}" + "".join(f" - {plain_number(p)}" for p in paid)
    return expression, account.rate * account.count - sum(paid, Decimal(0))


@dataclass(frozen=True)
class _Version:
    count: int
    paid: list[Decimal]
    said: Restated | None  # the later telling it follows, None for the account as first told


def _versions_of(account: Account, balance: bool) -> list[_Version] | None:
    """The account as first told, then as each later telling of its units (or, for a balance, of
    its payment) makes it. None when a telling cannot be placed: units never said, which of
    several payments it gives again not said, or where it is said not found (never cited)."""
    if account.count is None:
        return None
    out = [_Version(account.count, list(account.paid), None)]
    for said in account.restated:
        if said.field == "paid" and not balance:
            continue  # what was paid changes no due
        if said.anchor is None:
            return None
        if said.field == "count":
            out.append(_Version(int(said.value), list(account.paid), said))
            continue
        paid = list(account.paid)
        at = paid.index(said.old) if said.old in paid else 0 if len(paid) == 1 else None
        if at is None:
            return None
        paid[at] = said.value
        out.append(_Version(account.count, paid, said))
    if account.corrected and len(out) == 1 and (not account.restated or
                                                 all(r.field == "paid" for r in account.restated)):
        return None  # a figure of it corrected (the ledger says so) but no telling read whole
    return out


def _by_versions(case: Case, chosen: list[Account], balance: bool, outcome: Outcome) -> bool:
    """What is due (or still owed) when one person's account is told again differently later: the
    result — for several people, their sum — under each version, the first and latest named, as a
    conflict (needs review); never a sum across versions, never a negative result. When more than
    one person's account has versions, or a version cannot be placed, no figure is composed: the
    answer names why."""
    label = "尚欠工资" if balance else "应发工资"
    each = [(a, _versions_of(a, balance)) for a in chosen]
    varying = [(a, v) for a, v in each if v is None or len(v) > 1]
    if len(varying) != 1 or varying[0][1] is None:
        why = "多人的数额都有不同说法" if len(varying) > 1 else "更正后的数额无法对应到原来的哪一项"
        ids = list(dict.fromkeys(case.cite(a.anchor) for a, _ in varying))
        outcome.add(Part(label, f"{why}，无法确定{label}，需人工核实", Fill.CONFLICT, ids))
        return True
    account, versions = varying[0]
    fixed = [(a, v[0]) for a, v in each if a is not account]
    base_pieces, base_total, base_ids = [], Decimal(0), []
    base_factors = [{"value": a.count, "unit": "quantity", "text": a.count_said} for a, _ in fixed]
    for a, v in fixed:
        piece, result = _balance(replace(a, count=v.count), v.paid if balance else [])
        if result < 0:
            return False
        base_pieces.append(f"({piece})" if balance and v.paid else piece)
        base_total += result
        base_ids.append(case.cite(a.anchor))
    cited = case.cite(account.anchor)
    lines, ids = [], [cited, *base_ids]
    for n, version in enumerate(versions):
        piece, result = _balance(replace(account, count=version.count), version.paid if balance else [])
        if result < 0:
            continue  # never composed: a negative balance is no version of it
        at = case.cite(version.said.anchor) if version.said else cited
        ids.append(at)
        pieces = [f"({piece})" if fixed and balance and version.paid else piece, *base_pieces]
        total = result + base_total
        evidence = list(dict.fromkeys([cited, at, *base_ids]))
        outcome.calculations.append(Calculation(" + ".join(pieces), total, None, True, evidence,
                                                f"按约定标准计算{'尚欠' if balance else '应得'}工资",
                                                factors=[{"value": version.count, "unit": "quantity",
                                                          "text": version.said.said if version.said
                                                          and version.said.field == "count" else account.count_said},
                                                         *base_factors]))
        note = version_note(n == len(versions) - 1, n == 0)
        told = f"{account.person}{version.count}{_unit_word(account.unit)}" if version.said is None \
            or version.said.field == "count" else f"{account.person}已付{money(sum(version.paid, Decimal(0)))}"
        if version.said is None and balance and version.paid:
            told += f"、已付{money(sum(version.paid, Decimal(0)))}"
        lines.append(f"按{at}{note}所述{told}，{'合计' if fixed else ''}{'尚欠' if balance else '应得'}{money(total)}")
    if len(lines) < 2:
        return False
    ids = list(dict.fromkeys(ids))
    whose = "、".join(a.person for a in chosen)
    text = "；".join(lines)
    what = "已付款项" if any(v.said and v.said.field == "paid" for v in versions) else "天数等计量"
    outcome.conflicts.append(Conflict("testimony", f"{whose}的{what}说法不一，{label}随之不同：{text}", ids))
    outcome.add(Part(label, f"按约定标准计算（{cited}），{what}说法不一：{text}，需人工核实", Fill.CONFLICT, ids))
    return True


# The unit a price is said per (每台2350元, 325元/吨, 一吨三百元, 单价450元一箱).
_PER_BEFORE = re.compile(r"每(?:一)?(?:个)?(?P<u>[\u4e00-\u9fff]{1,2}?)(?:是|为|按)?$")
_PER_AFTER = re.compile(r"(?:/|每|一)(?P<u>[\u4e00-\u9fff]{1,2})")
_AGREED_GOODS = re.compile(r"约定|合同|签订|订购|购买|采购|买卖")


def _price_unit(text: str, amount) -> str | None:
    from engine.text.quantities import UNITS

    before = _PER_BEFORE.search(text[max(0, amount.start - 6):amount.start])
    after = _PER_AFTER.match(text, amount.end)
    one = piece_before(text, amount.start, amount.end)  # 吊水一瓶四十元
    for found in (before, after, one):
        if found:
            unit = next((u for u in (found.group("u"), found.group("u")[:1]) if u in UNITS), None)
            if unit:
                return UNITS[unit]
    return None


def _agreed_product(case: Case) -> tuple[Decimal, int, str, Said, str] | None:
    """The unit price, the quantity agreed, as said, the sentence of the agreement saying both and the unit
    (约定购买空调140台，单价为每台2350元); None when no sentence says both, or sentences give
    different products."""
    from engine.text.quantities import find_quantities

    found = []
    for said in joined_sentences(case):
        if not _AGREED_GOODS.search(said.text):
            continue
        for amount in find_amounts(said.text):
            unit = _price_unit(said.text, amount) if per_piece(said.text, amount.start, amount.end) or \
                re.search(r"单价(?:为|是)?(?:每[\u4e00-\u9fff])?$", said.text[max(0, amount.start - 5):amount.start]) else None
            counts = [q for q in find_quantities(said.text) if unit and q.meta["unit"] == unit and not q.meta.get("each")
                      and not q.meta.get("approx")]
            if unit and len({q.value for q in counts}) == 1:
                found.append((Decimal(str(amount.value)), int(counts[0].value), counts[0].text, said, unit))
    if not found or len({(p, n) for p, n, *_ in found}) != 1:
        return None
    return found[0]


def answer_contract_by_price(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """合同总价是多少 with no such sum told: the quantity agreed times the unit price (_agreed_product)."""
    agreed = _agreed_product(case)
    if agreed is None:
        return False
    price, count, count_said, said, _ = agreed
    cited = case.cite(said.anchor(0, len(said.text)))
    result = price * count
    outcome.calculations.append(Calculation(f"{plain_number(price)} * {count}", result, None, True, [cited],
                                            "约定数量乘以单价", factors=[{"value": count, "unit": "quantity",
                                                                   "text": count_said}]))
    outcome.add(Part("合同价款", f"按约定数量乘以单价计算为{money(result)}（{cited}）", Fill.FILLED, [cited]))
    return True


def answer_price_balance(case: Case, outcome: Outcome, sums: list = ()) -> bool:
    """还差多少货款没付: the quantity agreed times the unit price (_agreed_product) less every payment
    told; a payment told again later (实际是30000元，起诉状误写为31000元) gives the balance under each
    version, each attributed to who tells it, as a conflict — never a sum across versions, never a
    negative balance. With the contract sum told (``sums``, the rows of it), only when the product is
    that sum and the other side of a hearing counts the goods differently (the balance over the sum
    told is the stated-sum answers'). False (the other answers look) when no agreement gives the
    product, no payment is told, or a payment is one the other side denies."""
    from itertools import product

    from engine.answer.casefile.disputes import side_of
    from engine.ingest.chunkers.turns import HEARING_SIDES
    from engine.answer.casefile.facts import versions_of

    agreed = _agreed_product(case)
    paid = [e for e in case.ledger.money if e.role == "event" and e.kind == "pay" and not e.corrects
            and e.amount is not None and e.measure not in ("loan",) and e.currency in (None, "CNY")]
    if agreed is None or not paid or any(e.disputed for e in paid):
        return False
    price, count, count_said, said, unit = agreed
    cited = case.cite(said.anchor(0, len(said.text)))
    chains = [[v for v in versions_of(case.ledger, e) if v.amount is not None] for e in paid]
    # the goods as the other side of a hearing counts them (第一批我只收到42吨，不是54吨): what is owed
    # for them is another version of the balance
    counts: list[tuple[Decimal, str | None, str | None, Any]] = [(Decimal(count), None, None, None)]
    for c in case.ledger.corrections:
        side = case.ledger.statements[c.statement].party
        if c.field == "quantity" and not c.clerical and c.unit == unit and c.old is not None and c.new is not None \
                and c.sentence is not None and side in HEARING_SIDES and c.old.value <= count:
            counts.append((count - c.old.value + c.new.value, side, case.cite(c.sentence), c))
    if sums and (len(counts) == 1 or any(e.amount is None or e.amount.value != price * count for e in sums)):
        return False
    varies = len(counts) > 1 or any(len(c) > 1 for c in chains)
    lines, ids, results = [], [cited], []
    for (goods, side, where, fix), *combo in list(product(counts, *chains))[:4]:
        result = price * goods - sum((v.amount.value for v in combo), Decimal(0))
        if result < 0 or goods <= 0:
            continue  # never composed: more paid than the goods cost is no balance
        at = list(dict.fromkeys(case.cite_event(v, "completion") for v in combo))
        factors = [{"value": count, "unit": "quantity", "text": count_said}]
        whole = f"{plain_number(price)} * {count}"
        if fix is not None:  # every term as said: the count agreed, the part disputed and the other side's
            whole = f"{plain_number(price)} * ({count} - {plain_number(fix.old.value)} + {plain_number(fix.new.value)})"
            factors += [{"value": v.value, "unit": "quantity", "text": v.text} for v in (fix.old, fix.new)]
        expression = f"{whole} - " + " - ".join(plain_number(v.amount.value) for v in combo)
        evidence = [cited, *([where] if where else []), *at]
        outcome.calculations.append(Calculation(expression, result, None, True, evidence, "约定货款减去已付款项",
                                                factors=factors))
        later = [v for v in combo if v.corrects]
        who = "、".join(dict.fromkeys(side_of(case, v) or "" for v in later)) if later else ""
        told = f"{side}所述数量" if side else f"{who}更正后所述" if who else "更正后所述" if later else EARLIEST
        lines.append((f"按{told}（{'、'.join([*([where] if where else []), *at])}）" if varies else "")
                     + f"尚欠{money(result)}")
        ids += [*([where] if where else []), *at]
        results.append(result)
    if not results:
        return False
    stated = [e.amount.value for e in case.ledger.money if e.role == "balance" and not e.corrects and e.amount]
    if any(v not in results for v in stated):
        return False  # a balance a side states that no version gives: the answers over stated sums look
    ids = list(dict.fromkeys(ids))
    if len(results) == 1:
        outcome.add(Part("未付货款", f"按约定数量乘以单价（{cited}）减去已付款项（{'、'.join(ids[1:])}）计算，"
                                   f"{lines[0]}（见计算）", Fill.FILLED, ids))
        return True
    text = "；".join(lines)
    what = "所收货物数量" if len(counts) > 1 and not any(len(c) > 1 for c in chains) else \
        "已付款项" if len(counts) == 1 else "货物数量和已付款项"
    outcome.conflicts.append(Conflict("testimony", f"{what}说法不一，未付货款随之不同：{text}", ids))
    outcome.add(Part("未付货款", f"按约定数量乘以单价（{cited}）减去已付款项计算，{what}说法不一：{text}，需人工核实",
                     Fill.CONFLICT, ids))
    return True
