"""Arithmetic stated in the evidence, recomputed: totals from their parts, balances from a total
and its deductions. Exact decimal arithmetic; a check that cannot be assembled is not guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal

from engine.answer.candidates import (DEDUCTION_WORDS, NET_WORDS, TOTAL_WORDS, Candidate, Source,
                                      find_candidates, numeric)
from engine.question import Asks, Reading
from engine.text.lines import join_pdf_lines
from engine.text.numbers import NUMBER_WORD, english_number, parse_number


# The last part of an enumeration named as such (尾款, 最后一期): it follows the numbered parts.
FINAL_PART = re.compile(r"尾款|尾期|末期|最后一(?:期|笔|次)")
LAST = "#last"


@dataclass
class Term:
    sign: int  # +1 or -1
    candidate: Candidate
    times: int = 1  # twelve monthly fees: 12 * the monthly fee
    times_said: str = ""  # the count as the evidence says it (twelve, 十二个月)


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
        return sum((t.sign * t.times * numeric(t.candidate.value) for t in self.terms), Decimal(0))

    @property
    def ok(self) -> bool:
        return self.result == numeric(self.stated.value)

    @property
    def factors(self) -> list[dict]:
        """The counts the expression multiplies by, as said (the verifier finds them in the quotes)."""
        return [{"value": t.times, "unit": "stated", "text": t.times_said} for t in self.terms if t.times != 1]

    @property
    def expression(self) -> str:
        parts = []
        for i, term in enumerate(self.terms):
            text = _fmt(numeric(term.candidate.value))
            text = f"{term.times} * {text}" if term.times != 1 else text
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


# A total that names its own make-up right after it: "total $180,000, being twelve monthly
# service fees plus the implementation fee" / "合计18万元，即十二个月的服务费加上实施费".
_MAKEUP = re.compile(r"\b(?:being|consisting of|comprising|made up of)\s+|(?:即为?|包括|其中包括|由)(?=\S)", re.I)
_MAKEUP_END = re.compile(r"[.;。；!?！？]|\n\s*\n")
_PLUS = re.compile(r",?\s+(?:plus|and)\s+|加上|另加|以及|[加及和与、]", re.I)
_EN_ITEM = re.compile(rf"^(?:(?:the|a|an|one)\s+)?(?:(?P<word>{NUMBER_WORD})\s*(?:\((?P<paren>\d{{1,3}})\)\s*)?|"
                      rf"(?P<digits>\d{{1,3}})\s+)?(?P<noun>[a-z][a-z\- ]*?)s?\s*$", re.I)
_ZH_ITEM = re.compile(r"^(?:一次性)?(?:(?P<said>(?P<count>[\d一二三四五六七八九十两百]+)\s*(?:个|期|次|笔|份)?(?:[月年季周天日])?)(?:的)?)?"
                      r"(?P<noun>[\u4e00-\u9fff]{2,8}?)$")
_EN_FILLER = frozenset({"the", "a", "an", "of", "for", "each"})


def makeup_check(question: Reading, total: Candidate, sources: list[Source]) -> Check | None:
    """The stated total against the make-up its own sentence names: each named fee, times its
    count, taken from the one amount the document states for that fee (the words just before the
    amount name it: "a monthly service fee of $12,500.00", "每月服务费12500元"). None unless every
    named item resolves to exactly one value — a make-up only half read is not checked."""
    tail = join_pdf_lines(total.chunk.text[total.surface.end:total.sentence.end])
    opened = _MAKEUP.search(tail)
    if opened is None or tail[:opened.start()].strip(" ,，") != "":
        return None
    body = tail[opened.end():]
    closed = _MAKEUP_END.search(body)
    items = [i.strip(" ,，") for i in _PLUS.split(body[:closed.start()] if closed else body) if i.strip(" ,，")]
    if len(items) < 2:
        return None
    amounts = [c for c in _amounts(question, sources) if c.sentence != total.sentence and not c.approx
               and (c.currency or "CNY") == (total.currency or "CNY")]
    terms = []
    for item in items:
        read = _read_item(item)
        if read is None:
            return None
        times, said, words = read
        values = {numeric(c.value): c for c in amounts if _names(_lead_of(c, amounts), words)}
        if len(values) != 1:
            return None
        terms.append(Term(+1, next(iter(values.values())), times, said))
    return Check("sum", "所述总额与其自述构成（次数乘单项金额之和）核对", total, terms)


def _read_item(item: str) -> tuple[int, str, list[str]] | None:
    """'twelve monthly service fees' → (12, 'twelve', [monthly, service, fee]); '十二个月的服务费' →
    (12, '十二个月', [服务费]): the count, the count as said, the words naming the item."""
    if item.isascii():
        match = _EN_ITEM.match(item)
        if match is None:
            return None
        count = english_number(match["word"]) if match["word"] else int(match["paren"] or match["digits"] or 1)
        said = match["word"] or match["paren"] or match["digits"] or ""
        words = [w for w in re.split(r"[\s\-]+", match["noun"].lower()) if w and w not in _EN_FILLER]
        words = [w[:-1] if w.endswith("s") and len(w) > 3 else w for w in words]
        return (count, said, words) if count and words else None
    match = _ZH_ITEM.match(item)
    if match is None:
        return None
    count = parse_number(match["count"]) if match["count"] else 1
    said = match["said"] or ""
    return (int(count), said, [match["noun"]]) if count and count == int(count) else None


def _lead_of(cand: Candidate, amounts: list[Candidate]) -> str:
    """The words that name an amount: its sentence from the end of the amount before it."""
    start = max([cand.sentence.start, *(c.surface.end for c in amounts
                                        if c.sentence == cand.sentence and c.surface.end <= cand.surface.start)])
    return join_pdf_lines(cand.chunk.text[start:cand.surface.start]).lower()


def _names(lead: str, words: list[str]) -> bool:
    return all(w in lead for w in words)
