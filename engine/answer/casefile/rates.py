"""A loan's rate, asked per the period the asker wants (年利率是多少 / 换算成一年 / 月息多少): the
rate as said (月利率1.5%, 月息一分五, 2分利, 每月百分之二), of the loan asked (第二笔借款), and —
when asked per year of a rate said per month — the yearly figure as 月利率 × 12 with the equation.
A monthly figure is never given as the yearly one; a rate whose period the record does not say is
shown with that doubt; sides of a hearing stating different rates for one loan are a conflict.
A money answer's rate part (借了多少，利息多少) is ``rate_part``: the rate said with the asked payment.
Every rate is read by engine/text/rates.py."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation, Conflict
from engine.answer.wording import chinese_count
from engine.answer.casefile.facts import Anchor, Event
from engine.question import CasePlan
from engine.text.segments import flat
from engine.text.rates import Rate, percent, read_rates

_PER = {"year": "年利率", "month": "月利率", "day": "日利率"}
_ORDINAL = re.compile(r"第([一二三四五六七八九十\d]+)笔")
MONTHS_IN_YEAR = 12
_AGREED = re.compile(r"说|承诺|约定|答应|保证")


@dataclass
class _Told:
    rate: Rate
    said: Said
    score: float

    @property
    def who(self) -> str | None:
        return self.said.statement.party or self.said.statement.speaker


def _ordinals(said: Said) -> set[str]:
    """The loans (第一笔, 第二笔) the sentence's own statement is about."""
    statement = said.statement
    return set(_ORDINAL.findall(statement.question + said.text)) or set(_ORDINAL.findall(statement.answer))


def _told(case: Case, plan: CasePlan) -> list[_Told]:
    told = [_Told(rate, said, case.retrieval.get(said.statement.chunk_id, 0.0)
                  + (0.3 if _AGREED.search(said.text[max(0, rate.start - 20):rate.start]) else 0.0)
                  # the rate with its period said (月息2分) is better evidence than one by custom (两分利)
                  + (0.5 if rate.explicit else 0.0))
            for said in joined_sentences(case) for rate in read_rates(said.text)]
    if plan.ordinal is None:
        return sorted(told, key=lambda t: -t.score)
    wanted = {chinese_count(plan.ordinal), str(plan.ordinal)}
    named = [t for t in told if _ordinals(t.said) & wanted]
    # 第一笔借款的利率, said where no loan is named (利息怎么约定的？月利率1.5%): only when no rate
    # is told of another loan there, or the loans would be mixed
    unnamed = [t for t in told if not _ordinals(t.said)]
    return sorted(named or unnamed, key=lambda t: -t.score)


def answer_rate(case: Case, plan: CasePlan, outcome: Outcome) -> Part:
    told = _told(case, plan)
    if not told:
        return Part("利率", "", Fill.MISSING)
    best = told[0]
    # one loan's rate told differently by two sides (or two people): each, attributed
    others = [t for t in told if t.rate.period == best.rate.period and t.rate.value != best.rate.value
              and t.who and best.who and t.who != best.who]
    if others:
        versions = [best, *others]
        ids = [case.cite(t.said.anchor(t.rate.start, t.rate.end)) for t in versions]
        said = "；".join(f"{t.who}称{t.rate.text}（{i}）" for t, i in zip(versions, ids))
        outcome.conflicts.append(Conflict("testimony", f"利率说法不一：{said}", ids))
        return Part("利率", f"利率说法不一：{said}，需人工核实", Fill.CONFLICT, ids)
    rate = best.rate
    cited = case.cite(best.said.anchor(0, len(best.said.text)))
    stated = f"{_PER.get(rate.period or '', '')}{percent(rate.value)}" if rate.period else rate.text
    said = f"材料所述为「{rate.text}」（{cited}）"
    asked = plan.rate_basis
    if asked == "year" and rate.period == "month":
        result = rate.value * MONTHS_IN_YEAR
        result = result.quantize(Decimal(1)) if result == result.to_integral() else result.normalize()
        outcome.calculations.append(Calculation(
            f"{format(rate.value, 'f')} * {MONTHS_IN_YEAR}", result, None, True, [cited], "月利率乘以十二个月换算为年利率",
            factors=[{"unit": "rate", "value": float(rate.value), "text": rate.text},
                     {"unit": "months_in_year", "value": MONTHS_IN_YEAR}]))
        return Part("年利率", f"{said}，即{stated}；换算成年利率为{percent(rate.value)}×{MONTHS_IN_YEAR}"
                               f"={percent(result)}（见计算）", Fill.FILLED, [cited])
    # the rate in its own words (一分五 stays 一分五: every figure shown is the quote's)
    part = Part("利率", f"利率/收益为{rate.text}（{cited}）", Fill.FILLED, [cited])
    if asked and rate.period != asked:
        # 年利率是多少 of a rate said per month only the other way round, or with no period at all
        part.doubt = "材料未说明该利率按年还是按月计" if rate.period is None else f"材料所述为{_PER[rate.period]}，不是所问的{_PER[asked]}"
    return part


def rate_part(case: Case, plan: CasePlan, event: Event | None = None) -> Part:
    """约定的利率/收益率 beside a money answer: the rate stated with the asked occurrence, else the
    best-matching one, cited with its sentence."""
    candidates: list[tuple[float, Anchor, str]] = []
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        for rate in read_rates(statement.answer):
            score = case.retrieval.get(statement.chunk_id, 0.0)
            if event is not None and statement.index == event.statement:
                score += 2.0
            if _AGREED.search(statement.answer[max(0, rate.start - 20):rate.start]):
                score += 0.3
            anchor = Anchor(statement.chunk_id, statement.answer_offset + rate.start,
                            statement.answer_offset + rate.end)
            candidates.append((score, anchor, rate.text))
    if not candidates:
        return Part("利率", "", Fill.MISSING)
    candidates.sort(key=lambda c: -c[0])
    _, anchor, text = candidates[0]
    cited = case.cite(_sentence_around(case, anchor))
    return Part("利率", f"利率/收益为{flat(text)}（{cited}）", Fill.FILLED, [cited])


def _sentence_around(case: Case, anchor: Anchor) -> Anchor:
    text = case.sources[anchor.chunk_id].chunk.text
    start = max(text.rfind(ch, 0, anchor.start) for ch in "。！？；:：\n") + 1
    ends = [i for i in (text.find(ch, anchor.end) for ch in "。！？；") if i >= 0]
    end = min(ends) + 1 if ends else len(text)
    return Anchor(anchor.chunk_id, start, end)
