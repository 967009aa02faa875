"""Arithmetic stated in the evidence, recomputed: totals from their parts, balances from a total
and its deductions. Exact decimal arithmetic; a check that cannot be assembled is not guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from engine.answer.candidates import (DEDUCTION_WORDS, NET_WORDS, TOTAL_WORDS, Candidate, Source,
                                      find_candidates, numeric)
from engine.question import Asks, Reading


# The last part of an enumeration named as such (尾款, 最后一期): it follows the numbered parts.
FINAL_PART = re.compile(r"尾款|尾期|末期|最后一(?:期|笔|次)")
LAST = "#last"


@dataclass
class Term:
    sign: int  # +1 or -1
    candidate: Candidate


@dataclass
class Check:
    kind: str  # sum | net
    description: str
    stated: Candidate
    terms: list[Term]
    # other values the evidence gives for the same part (第二次: 壹万叁仟元 vs 一万二千元)
    alternatives: list[tuple[Candidate, Candidate]] = field(default_factory=list)

    @property
    def result(self) -> Decimal:
        return sum((t.sign * numeric(t.candidate.value) for t in self.terms), Decimal(0))

    @property
    def ok(self) -> bool:
        return self.result == numeric(self.stated.value)

    @property
    def expression(self) -> str:
        parts = []
        for i, term in enumerate(self.terms):
            text = _fmt(numeric(term.candidate.value))
            parts.append(text if i == 0 else f"{'+' if term.sign > 0 else '-'} {text}")
        return " ".join(parts)


def _fmt(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")


def _amounts(question: Reading, sources: list[Source]) -> list[Candidate]:
    relaxed = replace(question, terms=[], ordinals=set(), total=False, net=False)
    return find_candidates(relaxed, sources, Asks.AMOUNT, need_total=False, need_net=False,
                           require_match=False)


def sum_check(question: Reading, total: Candidate, sources: list[Source]) -> Check | None:
    """The stated total against its enumerated parts (第一次…, 第二次…, 首期…尾款) about the same
    action: each part's clause shares a term with the total's — or, when none does, the parts
    enumerated in the total's own passage (3.1 总价款…; 3.2 首期款…第二期款…尾款…)."""
    action = total.matched or set(question.terms)
    parts = _parts(question, total, sources, action)
    if parts is None:
        parts = _parts(question, total, [s for s in sources if s.chunk.chunk_id == total.chunk.chunk_id], set())
    if parts is None:
        return None
    terms, alternatives = [], []
    for ranked in parts:
        best = ranked[0]
        terms.append(Term(+1, best))
        for other in ranked[1:]:
            if numeric(other.value) != numeric(best.value) and \
                    all(numeric(a.value) != numeric(other.value) for _, a in alternatives):
                alternatives.append((best, other))
    return Check("sum", "各笔金额之和与所述总额核对", total, terms, alternatives)


def _parts(question: Reading, total: Candidate, sources: list[Source], action: set[str]
           ) -> list[list[Candidate]] | None:
    """The candidates of each part 1..N, best first; None unless they enumerate from the first on."""
    by_ordinal: dict[str, list[Candidate]] = {}
    # With no words to match (一共多少钱？), the enumeration itself (第一次…第N次) identifies parts.
    for cand in find_candidates(replace(question, ordinals=set(), total=False, net=False), sources,
                                Asks.AMOUNT, need_total=False, need_net=False,
                                require_match=bool(action)):
        final = not cand.ordinals and FINAL_PART.search(cand.sentence.text[:cand.surface.start - cand.sentence.start])
        if (len(cand.ordinals) != 1 and not final) or cand.sentence == total.sentence or cand.approx:
            continue
        if (cand.currency or "CNY") != (total.currency or "CNY"):
            continue  # dollars do not add up to a yuan total
        if action and not (cand.matched & action):
            continue
        if DEDUCTION_WORDS.search(cand.clause.text):
            continue
        by_ordinal.setdefault(next(iter(cand.ordinals)) if cand.ordinals else LAST, []).append(cand)
    last = by_ordinal.pop(LAST, None)
    numbers = sorted(int(k[1:]) for k in by_ordinal)
    if last and numbers:  # 首期款…第二期款…尾款: the final part comes after the numbered ones
        numbers.append(numbers[-1] + 1)
        by_ordinal[f"#{numbers[-1]}"] = last
    if len(numbers) < 2 or numbers != list(range(1, len(numbers) + 1)):
        return None  # not a complete enumeration from the first part on
    return [sorted(by_ordinal[f"#{n}"], key=lambda c: (-c.score, c.source.rank)) for n in numbers]


def net_check(question: Reading, net: Candidate, sources: list[Source]) -> Check | None:
    """A stated balance (实际损失 / 余额 …) against the stated total minus the deductions."""
    amounts = [c for c in _amounts(question, sources) if c.sentence != net.sentence and not c.approx
               and (c.currency or "CNY") == (net.currency or "CNY")]
    totals = [c for c in amounts if TOTAL_WORDS.search(c.clause.text) and not c.ordinals
              and not NET_WORDS.search(c.clause.text)]
    deductions = [c for c in amounts
                  if DEDUCTION_WORDS.search(f"{c.clause.text}\n{c.sentence.text}\n{c.source.question}")
                  and not TOTAL_WORDS.search(c.clause.text) and not NET_WORDS.search(c.clause.text)]
    if not totals or not deductions:
        return None
    total = min(totals, key=lambda c: (c.source.rank, c.surface.start))
    seen: set[tuple[str, int]] = set()
    terms = [Term(+1, total)]
    for cand in sorted(deductions, key=lambda c: (c.source.rank, c.surface.start)):
        key = (cand.chunk.chunk_id, cand.surface.start)
        if key not in seen:
            seen.add(key)
            terms.append(Term(-1, cand))
    return Check("net", "所述总额减去退还/扣除部分，与所述余额核对", net, terms)
