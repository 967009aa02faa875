"""The mediation part of a hearing (调解 / 和解, in court, arbitration or a 调解 session): what each side
offers in it (the plaintiff's or applicant's least, the defendant's or respondent's most — never added
together), the gap between the two offers with its equation (调解时双方差了多少), and one side's yes or no
to the other's proposal (申请人同意被申请人提出的调解方案吗 — 不同意。三万太少了…), and how it ended as the
bench records it (庭上调解成了吗 — 本次调解不成). A sum a side names only
to refuse it (五万元公司不能接受, 三万太少了) is the other side's, never this side's offer.
The hearing's opening notice of rights (…请求调解和最后陈述的权利) is no mediation."""

from __future__ import annotations

import re
from itertools import takewhile
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Anchor
from engine.answer.casefile.parts import Fill, Outcome, Part, Reading
from engine.answer.model import Calculation
from engine.answer.wording import plain_number, quoted
from engine.ingest.chunkers.turns import COURT_ROLES, HEARING_SIDES
from engine.question import CasePlan
from engine.text.case_lexicon import ASSENT_WORDS, GRANT_WORDS, REFUSAL_WORDS
from engine.text.numbers import find_amounts

_MEDIATION = re.compile(r"调解|和解|协商|调处")
# 当事人有申请回避、举证、辩论、请求调解和最后陈述的权利: the rights every hearing reads out at its start
_RIGHTS = re.compile(r"权利|权力")
_OFFER_SAID = re.compile(r"接受|同意|愿意|最多|最少|最低|至少|只能|可以|一次性|让步|放弃")
_AFTER_ASKED = 4  # turns after the mediation is put to the sides that still answer it
# a sum the side offers or asks for itself: an offering word just before it in its clause
_OWN_BEFORE = re.compile(r"(?:可以|愿意|同意|接受|最多|最少|最低|至少|只能|一次性|要|给|付|支付|赔|补偿|退|不能少于|不少于|不低于|"
                         r"增加|再加)[^，,。；;]{0,6}$")
# …named to be refused (五万元公司不能接受 / 三万太少了): the other side's figure
_REFUSED_AFTER = re.compile(r"^[^，,。；;]{0,4}?(?:不能接受|不接受|不同意|太少|太多|太高|太低|不行|不可能|做不到)")
# a side's answer to a proposal, by its opening words (refusals first: 不同意 holds 同意)
_REFUSES = re.compile(rf"^(?:我们?|公司|本人)?(?:不同意|不接受|不能接受|不愿意|不行|拒绝|{REFUSAL_WORDS})")
_LABEL = re.compile(r"[：:]")  # 申请人：某某 — a page's signature line, no part of the reply
_CONSENTS = re.compile(rf"^(?:我们?|公司|本人)?(?:同意|接受|愿意|{GRANT_WORDS}|{ASSENT_WORDS})")


def _side(said: Said) -> str | None:
    return said.statement.party if said.statement.party in HEARING_SIDES else None


def _mediates(words: str) -> bool:
    """Whether a sentence speaks of mediation itself, not of the right to ask for it."""
    return any(_MEDIATION.search(s) and not _RIGHTS.search(s) for s in re.split(r"[。？?！!；;]", words))


def _mediation_turns(case: Case) -> set[int]:
    """The statements answering the mediation: those whose question puts it, and the few after."""
    asked = {s.index for s in case.ledger.statements if _mediates(s.question)}
    return {i + k for i in asked for k in range(_AFTER_ASKED + 1)}


def _mediation_said(case: Case) -> list[Said]:
    near = _mediation_turns(case)
    return [s for s in joined_sentences(case)
            if _side(s) is not None and (s.statement.index in near or _mediates(s.text))]


@dataclass(frozen=True)
class _Offer:
    side: str
    value: Decimal
    text: str
    said: Said


# 再增加三千元，也就是总共两万三千八百元 / 在四千五百元的基础上再加一点，最多六千元: the sum the offer comes
# to, said after its step or its base
_RESTATED_SUM = re.compile(r"(?:也就是|就是|即|总共|一共|合计|共计|最多|至多|顶多|最高)[^，,。；;]{0,4}$")


def _own_offer(said: Said) -> _Offer | None:
    """The sum a side offers or asks for itself in a sentence, None when it names only the other's; a
    sum the sentence goes on to say the offer comes to (…再增加三千元，也就是总共两万三千八百元) is it."""
    amounts = find_amounts(said.text)
    for at, amount in enumerate(amounts):
        if _REFUSED_AFTER.match(said.text[amount.end:]):
            continue
        if _OWN_BEFORE.search(said.text[:amount.start]):
            whole = next((a for a in amounts[at + 1:] if _RESTATED_SUM.search(said.text[:a.start])), amount)
            return _Offer(_side(said) or "", Decimal(str(whole.value)), whole.text, said)
    return None


def answer_offers(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """调解时原告愿意接受多少 / 被告最多能给多少: each side's offer with an amount, as that side said it
    in the mediation part of the hearing, one part per side — never a sum of the sides' figures. With
    the gap asked (双方差了多少): the larger offer less the smaller, each side's own sum, with the equation."""
    offers: dict[str, list[Said]] = {}
    for said in _mediation_said(case):
        if find_amounts(said.text) and _OFFER_SAID.search(said.text):
            offers.setdefault(_side(said), []).append(said)
    if plan.differ:
        return _gap(case, offers, outcome)
    asked = [p for p in plan.parties if p in HEARING_SIDES] or list(offers)
    if not offers or not any(side in offers for side in asked):
        return False
    for side in asked:
        if side not in offers:
            outcome.add(Part(f"{side}的调解意见", "", Fill.MISSING))
            continue
        told = offers[side]
        own = next((o for o in map(_own_offer, told) if o is not None), None)
        if own is not None:  # the side's own sum, stated as the figure; its words are the evidence cited
            cited = case.cite(own.said.anchor(0, len(own.said.text)))
            outcome.add(Part(f"{side}的调解意见", f"{side}提出的数额为{own.text}（{cited}）", Fill.FILLED, [cited]))
            continue
        cited = [case.cite(s.anchor(0, len(s.text))) for s in told]
        said = "；".join(f"{quoted(s.text)}（{c}）" for s, c in zip(told, cited))
        outcome.add(Part(f"{side}的调解意见", f"{side}称{said}", Fill.FILLED, cited))
    return True


def _gap(case: Case, offers: dict[str, list[Said]], outcome: Outcome) -> bool:
    own: dict[str, _Offer] = {}
    for side, told in offers.items():
        found = next((o for o in map(_own_offer, told) if o is not None), None)
        if found is not None:
            own[side] = found
    if len(own) != 2:
        return False  # the gap is between two sides' own sums: one, or three, is no gap
    high, low = sorted(own.values(), key=lambda o: -o.value)
    cites = {o.side: case.cite(o.said.anchor(0, len(o.said.text))) for o in own.values()}
    result = high.value - low.value
    expression = f"{plain_number(high.value)} - {plain_number(low.value)}"
    ids = [cites[high.side], cites[low.side]]
    outcome.calculations.append(Calculation(expression, result, None, True, ids, "调解中双方所提数额之差"))
    said = "；".join(f"{o.side}称{quoted(o.said.text)}（{cites[o.side]}），即{o.text}" for o in own.values())
    outcome.add(Part("调解差额", f"{said}；双方相差{plain_number(result)}元（{expression} = {plain_number(result)}，见计算）",
                     Fill.FILLED, ids))
    return True


def answer_consent(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """申请人同意被申请人提出的调解方案吗: the side's own reply in the mediation, by its opening words —
    否 on 不同意 / 不接受, 是 on 同意 / 接受 — quoted with the rest of that reply. False when none of that
    side's replies opens with either."""
    side = plan.consent_by
    told = _mediation_said(case)
    # a reply to the other side's proposal comes after it (同意调解 before any figure is put is no answer)
    proposed = next((s.statement.index for s in told if _side(s) != side and _own_offer(s) is not None), None)
    if proposed is None:
        return False
    said = [s for s in told if _side(s) == side and s.statement.index > proposed]
    for k, opening in enumerate(said):
        if opening.statement.answer[:opening.start].strip():
            continue  # not the opening of the reply
        head = opening.text.strip()
        verdict = "否" if _REFUSES.match(head) else "是" if _CONSENTS.match(head) else None
        if verdict is None:
            continue
        # the reply's other sentences say why (三万太少了，我最低要五万元) — up to a page's signature line
        rest = [s for s in said[k + 1:] if s.statement is opening.statement]
        reply = [opening] + list(takewhile(lambda s: not _LABEL.search(s.text), rest))
        cites = [case.cite(s.anchor(0, len(s.text))) for s in reply]
        words = "".join(s.text.strip() for s in reply)
        outcome.add(Part(f"{side}是否同意", f"{verdict}，{side}称{quoted(words)}（{'、'.join(dict.fromkeys(cites))}）",
                         Fill.FILLED, list(dict.fromkeys(cites))))
        return True
    return False


# What the bench records of how the mediation ended: failed (本次调解不成, 调解未能达成协议, 本庭不再主持
# 调解) or made (双方达成调解协议). 调解不成将依法判决 / 如调解不成 says what happens if it fails.
_MEDIATION_FAILED = re.compile(r"调解(?:不成|未成|失败|无果)(?![将的则就])|(?:调解|和解)[^，,。；;]{0,4}(?:未能|无法|没有|未)达成"
                               r"|(?:未能|无法|没有|未)达成(?:调解|和解)|不再(?:当庭)?(?:主持|组织|进行)?(?:当庭)?调解")
_MEDIATION_MADE = re.compile(r"(?:达成|签订|签署)了?(?:调解|和解)协议|调解成功|自愿达成(?:如下)?协议")
_IF = re.compile(r"如果|如|若|假如|倘若")
# a turn's speaker label at a line's start (审判员：/ 仲裁员：/ 原告代理人：)
_LABEL_AT = re.compile(r"(?:^|\n)[ \t　]*([^\s：:\n]{1,12})[：:]")
_BENCH = re.compile(rf"^{COURT_ROLES}")
_SENTENCE_END = re.compile(r"[。！？!?]")


def answer_mediation_outcome(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """庭上调解成了吗: the bench's own words on how the mediation ended — 否 on 调解不成 / 不再主持调解,
    是 on 达成调解协议 — the last said in the record, quoted (a closing turn no one answers is the bench's
    too: 仲裁员：调解不成，庭审结束。); when the bench says neither, the part is missing (a side's
    愿意调解 or its offers do not tell whether it ended in agreement). True when the bench said."""
    found = None
    for chunk_id, source in sorted(case.sources.items(), key=lambda kv: kv[1].chunk.seq):
        text = source.chunk.text
        ends = [(m, "否") for m in _MEDIATION_FAILED.finditer(text)] + [(m, "是") for m in _MEDIATION_MADE.finditer(text)]
        for said, verdict in sorted(ends, key=lambda e: e[0].start()):
            labels = list(_LABEL_AT.finditer(text, 0, said.start()))
            if not labels or not _BENCH.match(labels[-1].group(1)):
                continue  # not in the bench's words
            start = max([labels[-1].end(), *(m.end() for m in _SENTENCE_END.finditer(text, 0, said.start()))])
            end = next((m.end() for m in _SENTENCE_END.finditer(text, said.end())), len(text))
            if _IF.search(text[start:said.start()]) or re.search(r"[？?]$", text[start:end]):
                continue  # only what follows if it fails, or the bench asking
            found = (verdict, Anchor(chunk_id, start, end))
    if found is None:
        outcome.add(Part("调解结果", "", Fill.MISSING))
        return False
    verdict, said = found
    cited = case.cite(said)
    # (the bench's words say how it ended in so many words: a verdict, not a reading of what a side said)
    outcome.add(Part("调解结果", f"{verdict}（{cited}：{quoted(case.text_of(said))}）", Fill.FILLED, [cited],
                     reading=Reading.VERDICT))
    return True
