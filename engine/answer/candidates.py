"""Candidate values for a question: typed values in the evidence, scored by how well their clause
matches what the question is about (its terms, ordinals and names).

A candidate always points at the exact characters of its value and at the sentence that carries
it, so whatever is concluded from it can be quoted verbatim and boxed on the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from decimal import Decimal
from typing import Any, Iterable

from engine.question import Asks, Reading
from engine.text.names import names_in
from engine.text.ordinals import ORDINAL, ordinals_in
from engine.text.segments import (Segment, clauses, flat, is_uncertain, question_text, sentences,
                                    strip_turn_marker)
from engine.text.numbers import parse_number
from engine.types import Chunk

TOTAL_WORDS = re.compile(r"一共|总共|合计|共计|总计|累计|总额|总价|in total|total", re.I)
NET_WORDS = re.compile(r"实际损失|实际|扣除|扣掉|扣去|减去|余额|剩余|还剩|净|net|balance", re.I)
DEDUCTION_WORDS = re.compile(r"退还|退回|退给|退过|退了|退款|返还|转回|扣除|扣减|refund", re.I)
# Where a date stands in a period: 自2023年3月1日起至2024年2月29日止 (start, then end).
_OPENS_BEFORE = re.compile(r"(?:自|从|由|from|commencing on|beginning on)\s*$", re.I)
_OPENS_AFTER = re.compile(r"^\s*(?:起|开始|始)")
_CLOSES_BEFORE = re.compile(r"(?:至|到|止于|截至|until|through|\bto)\s*$", re.I)
_CLOSES_AFTER = re.compile(r"^\s*(?:止|为止|届满|到期|截止|结束)")
# A count's numeral (三, 12, 两): before a measure word here, and before the one a question asks (几下 → 三下,
# engine/bench/scoring.py).
COUNT_NUMERAL = r"[一二三四五六七八九十两百\d]{1,4}"
COUNT_VALUE = re.compile(rf"({COUNT_NUMERAL})\s*(次|笔|个|份|张|人|起|项|期|回|趟|times?)")
# Measure words that count the same things: 几次 is answered by 两笔, never by 十个(工作日).
_SAME_MEASURE = ({"次", "笔", "回", "趟", "起"},)


def same_measure(asked: str | None, said: str) -> bool:
    if asked is None or asked == said or said.startswith("time"):
        return True
    return any(asked in group and said in group for group in _SAME_MEASURE)


@dataclass
class Source:
    """A chunk as evidence: its relevance rank and the context shared by all its sentences."""

    rank: int
    chunk: Chunk
    doc_name: str
    score: float
    role: str = "hit"
    speaker: str | None = None  # the person answering in a transcript: "我" in its answers

    @property
    def question(self) -> str:
        return question_text(self.chunk)


@dataclass
class Candidate:
    source: Source
    sentence: Segment
    clause: Segment
    value: Any  # int/Decimal yuan, ISO date string, int count
    surface: Segment  # the characters of the value in the chunk
    score: float
    matched: set[str] = field(default_factory=set)  # question terms found around it
    ordinals: set[str] = field(default_factory=set)
    approx: bool = False
    precision: str | None = None  # dates: exact | month | year | approx | no_year
    currency: str | None = None  # amounts: ISO code (CNY, USD ...)

    @property
    def uncertain(self) -> bool:
        return is_uncertain(self.sentence.text)

    @property
    def chunk(self) -> Chunk:
        return self.source.chunk

    def context(self) -> str:
        return f"{self.clause.text}\n{self.sentence.text}\n{self.source.question}"


def numeric(value: Any) -> Decimal | None:
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, str):
        return parse_number(value)
    if isinstance(value, float):
        return Decimal(str(value))
    return None


@lru_cache(maxsize=4096)
def searchable(text: str) -> str:
    """Text as question terms are looked up in it: a word the PDF wrapped (账\n号) is still the
    word, and terms are lower case ("Effective Date"). Cached: a sentence and the question it
    answers are read once for every value they hold."""
    return flat(text).lower()


def relevance(question: Reading, clause: str, sentence: str, asked: str) -> tuple[float, set[str]]:
    """Weighted overlap of the question's terms with a clause (full), its sentence and the
    question it answers (partial)."""
    total, matched = 0.0, set()
    clause, sentence, asked = searchable(clause), searchable(sentence), searchable(asked)
    for term in question.terms:
        weight = max(question.term_weight(term, clause), 0.6 * question.term_weight(term, sentence),
                     0.8 * question.term_weight(term, asked))
        if weight:
            total += weight
            matched.add(term)
    return total, matched


def period_bound(text: str, surface: Segment) -> str | None:
    """"start" or "end" when the words right around a date say which end of a period it is."""
    before, after = text[max(0, surface.start - 14):surface.start], text[surface.end:surface.end + 4]
    if _CLOSES_BEFORE.search(before) or _CLOSES_AFTER.search(after):
        return "end"
    if _OPENS_BEFORE.search(before) or _OPENS_AFTER.search(after):
        return "start"
    return None


def own_words(question: Reading, text: str, since: int, surface: Segment) -> float:
    """How many of the question's terms stand between the previous value of the clause and this
    one: in "a monthly fee of $12,500 and a one-time implementation fee of $30,000" the words that
    introduce a value describe it."""
    own = searchable(text[since:surface.end])
    return sum(question.term_weight(term, own) for term in question.terms)


def _same_person(a: str, b: str) -> bool:
    return a in b or b in a


def names_agree(question: Reading, context: str, speaker: str | None = None) -> bool:
    """False when the context is about someone else: it names a person, but none the question names.
    A context naming nobody (他/她) stays possible; the transcript's speaker is the "我" of every
    answer, so asking about the speaker restricts nothing."""
    asked = [n for n in question.names if not (speaker and _same_person(n, speaker))]
    if not asked or any(name in context for name in asked):
        return True
    others = [n for n in names_in(context)
              if not any(_same_person(n, q) for q in asked) and not (speaker and _same_person(n, speaker))]
    return not others


def _values(chunk: Chunk, clause: Segment, asks: Asks, measure: str | None = None
            ) -> Iterable[tuple[Any, Segment, bool, str | None, str | None]]:
    """(value, surface, approx, date precision, currency) of each value of the asked kind."""
    if asks is Asks.COUNT:
        for m in COUNT_VALUE.finditer(chunk.text, clause.start, clause.end):
            if not same_measure(measure, m.group(2)):
                continue
            value = parse_number(m.group(1))
            if value is not None:
                yield int(value), Segment(m.start(), m.end(), m.group(0)), False, None, None
        return
    kind = "amount" if asks is Asks.AMOUNT else "date"
    seen: list[tuple[Any, int]] = []
    for fact in chunk.facts:
        if fact.kind != kind or fact.start < clause.start or fact.end > clause.end:
            continue
        value = numeric(fact.value) if kind == "amount" else fact.value
        if value is None:
            continue
        # 贰拾万元整（¥200,000.00）: the same value restated in brackets is one value.
        if any(v == value and 0 <= fact.start - end <= 3 for v, end in seen):
            continue
        seen.append((value, fact.end))
        precision = fact.meta.get("precision")
        approx = bool(fact.meta.get("approx")) or precision == "approx"
        yield value, Segment(fact.start, fact.end, fact.text), approx, precision, fact.meta.get("currency")


def _ordinals_for(chunk: Chunk, clause: Segment, sentence: Segment, surface: Segment,
                  asks: Asks) -> set[str]:
    """第N次 in the value's clause, else the nearest one before it in the sentence unless another
    value of the same kind stands between (她第二次转了一万二千元以后…收益有3,200元: 3,200 is not
    the second payment)."""
    own = ordinals_in(clause.text)
    if own:
        return own
    before = list(ORDINAL.finditer(chunk.text, sentence.start, surface.start))
    if not before:
        return set()
    last = before[-1]
    between = Segment(last.end(), surface.start, chunk.text[last.end():surface.start])
    if any(True for _ in _values(chunk, between, asks)):
        return set()
    return ordinals_in(last.group(0))


def find_candidates(question: Reading, sources: Iterable[Source], asks: Asks | None = None,
                    *, need_total: bool | None = None, need_net: bool | None = None,
                    require_match: bool = True) -> list[Candidate]:
    """Every typed value in the answer parts of ``sources``, scored for ``question``.

    Candidates with nothing in common with the question (no term, no ordinal) are dropped unless
    ``require_match`` is off; so are those about another occurrence (第一次 when 第二次 is asked)
    or about another person.
    """
    asks = asks or question.asks
    need_total = question.total if need_total is None else need_total
    need_net = question.net if need_net is None else need_net
    measure = question.measure if asks is Asks.COUNT else None
    found: list[Candidate] = []
    for source in sources:
        asked = source.question
        for sentence in sentences(source.chunk):
            sentence = strip_turn_marker(sentence)
            for clause in clauses(source.chunk, sentence):
                since = clause.start
                for value, surface, approx, precision, currency in _values(source.chunk, clause, asks, measure):
                    score, matched = relevance(question, clause.text, sentence.text, asked)
                    score += 0.5 * own_words(question, source.chunk.text, since, surface)
                    since = surface.end
                    if question.bound:
                        bound = period_bound(source.chunk.text, surface)
                        score += 0.0 if bound is None else 2.5 if bound == question.bound else -2.5
                    ordinals = _ordinals_for(source.chunk, clause, sentence, surface, asks) \
                        or ordinals_in(asked)
                    if question.ordinals:
                        if ordinals & question.ordinals:
                            score += 3.0
                        elif ordinals:
                            continue  # about another occurrence
                        else:
                            score -= 1.0
                    elif ordinals and (need_total or need_net):
                        continue  # 第一次…: a part, not the total asked for
                    if need_total:
                        score += 2.0 if TOTAL_WORDS.search(clause.text) else -2.0
                    if need_net:
                        score += 2.0 if NET_WORDS.search(clause.text) else -2.0
                    # A total or balance clause answers "一共多少钱" even when the question has no
                    # other words in common with it; anything else must share a term or ordinal.
                    marked = (need_total and TOTAL_WORDS.search(clause.text)) or \
                        (need_net and NET_WORDS.search(clause.text))
                    if require_match and not matched and not (ordinals & question.ordinals) and not marked:
                        continue
                    if not names_agree(question, f"{sentence.text}\n{asked}", source.speaker):
                        continue
                    score += 1.0 / (1 + source.rank)
                    found.append(Candidate(source, sentence, clause, value, surface, score,
                                           matched, ordinals, approx, precision, currency))
    found.sort(key=lambda c: (-c.score, c.source.rank, c.surface.start))
    return found
