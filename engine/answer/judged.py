"""Answers for judgments, contracts and generic documents, decided by the answerability judge.

Between retrieval and composition the judge (engine/answer/judge/) reads every passage of the
retrieved chunks and decides whether the material answers the question at all, which passages
answer it, and — for a yes/no question or a contract hypothesis — whether the text entails or
contradicts it. Then:

  not answerable      not_found, 未在材料中找到 (a yes/no question put to a contract: 合同未约定,
                      reported as a gap, the nearest clause shown for the reader to check);
  yes / no            是 / 否 with the passage that decides it quoted;
  what/who/where/when the conclusion quotes the shortest clause carrying the answer (the span
                      model's choice among the clauses of the best passages), a date or amount
                      in it stated as the value; the passages judged to answer follow as evidence;
  totals, balances,   the deterministic composer (its arithmetic and conflict checks), over the
  counts, 第N次        same sources, once the judge has found the question answerable; when the
                      composer finds no value the span answer stands;
  contracts           open questions: the composer (the span model learned on judgments only);
                      yes/no and hypotheses: the judge's verdict;
  conflicts           the composer, unchanged.

Every answered answer of this path keeps 已核验 only when the judge is sure enough of it: its
confidence (engine/answer/judge/confidence.py) reaches the bar the judge's card sets for that kind
of answer (document kind, language, question form, decision); below it the answer keeps its evidence and goes to
needs_review, 置信度不足，需人工核实.

Every quote is a verbatim range of a chunk with its evidence id, page and boxes (EvidenceSet).
In LLM mode the passages the judge says do not answer are dropped before the model sees them,
and a question the judge finds unanswerable is not sent at all.

Transcripts (the case ledger path) and statutes never come here: ``judged_route``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from engine.answer.candidates import Source
from engine.answer.composer import Composer, Draft, EvidenceSet
from engine.answer.judge.confidence import LOW_CONFIDENCE
from engine.answer.judge.features import ChunkSignal, JudgeInput
from engine.answer.judge.model import (PARTIAL_AT, Decision, Judge, Judgment, cited_passages,
                                       load_judge, supporting)
from engine.answer.judge.slots import Slot
from engine.answer.model import NOT_FOUND_PHRASE, Gap, Status
from engine.question import Asks, Intent, QuestionPlan, Reading
from engine.text.pii import widen_to_pii
from engine.text.segments import Segment, flat

if TYPE_CHECKING:
    from engine.answer.tools import AnswerTools
    from engine.retrieve.search import SearchResponse

JUDGED_KINDS = ("judgment", "contract", "generic")
NOT_PROVIDED_PHRASE = "合同未约定"
MAX_SUPPORT = 4  # passages cited after the answer's own clause
_VALUE_SLOTS = {Slot.DATE: "date", Slot.AMOUNT: "amount"}


def scope_kind(answerer: "AnswerTools", doc_id: str | None, sources: list[Source]) -> str | None:
    """The kind of document a question is answered from: the one asked about; unscoped, the kind
    of the best-ranked evidence (sources come best document first) when all of the evidence is of
    judged kinds — evidence that includes a transcript or a statute keeps the composer's path."""
    if doc_id:
        record = answerer.index.catalog.get_document(doc_id)
        return record.kind if record else None
    if not sources or any(s.chunk.kind not in JUDGED_KINDS for s in sources):
        return None
    return sources[0].chunk.kind


def judged_route(answerer: "AnswerTools", doc_id: str | None, sources: list[Source]) -> "JudgedAnswering | None":
    """The judged path for judgments, contracts and generic documents when a judge is available."""
    kind = scope_kind(answerer, doc_id, sources)
    if kind not in JUDGED_KINDS:
        return None
    judge = getattr(answerer, "judge", None)
    if judge is None:
        judge, _reason = load_judge()
    return JudgedAnswering(answerer, judge, kind) if judge is not None else None


def judge_input(answerer: "AnswerTools", plan: QuestionPlan, response: "SearchResponse",
                sources: list[Source]) -> JudgeInput:
    """What the judge reads: the chunks, and what retrieval said of each (e5 cosine, BM25)."""
    from engine.text.passages import embedding_text

    chunks = [s.chunk for s in sources]
    bm25 = {cid: (rank, score) for rank, (cid, score) in enumerate(response.candidates.get("bm25", []), 1)}
    cosine = dict(response.candidates.get("vector", []))
    missing = [c for c in chunks if c.chunk_id not in cosine]
    if missing:  # brought in by aggregation, or BM25 only: vectors from the embedding cache
        embedder = answerer.index.embedder
        query = np.asarray(embedder.embed_query(plan.text), dtype=np.float64)
        context = answerer.settings.embedding.statute_context
        vectors = np.asarray(embedder.embed_passages([embedding_text(c, context) for c in missing]),
                             dtype=np.float64)
        norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(query) or 1.0)
        sims = np.divide(vectors @ query, norms, out=np.zeros(len(missing)), where=norms > 0)
        cosine.update({c.chunk_id: float(s) for c, s in zip(missing, sims)})
    ranks = {hit.chunk.chunk_id: hit.rank for hit in response.results}
    signals = {s.chunk.chunk_id: ChunkSignal(cosine=float(cosine[s.chunk.chunk_id]),
                                             bm25=bm25.get(s.chunk.chunk_id, (None, 0.0))[1],
                                             bm25_rank=bm25.get(s.chunk.chunk_id, (None, 0.0))[0],
                                             rank=ranks.get(s.chunk.chunk_id), role=s.role)
               for s in sources}
    lexical = answerer.index.lexical_index()
    return JudgeInput(plan=plan, chunks=chunks, signals=signals, idf=lexical.idf.get)


def _quote(text: str) -> str:
    return f"「{flat(text).strip().rstrip('，、：,:;； ')}」"


@dataclass
class JudgedAnswering:
    answerer: "AnswerTools"
    judge: Judge
    kind: str
    used_llm: bool = False

    def compose(self, plan: QuestionPlan, sources: list[Source], response: "SearchResponse",
                composer: Composer, *, use_llm: bool = False) -> tuple[Draft, Judgment | None]:
        if not sources:
            return composer.compose(plan, sources), None
        judgment = self.judge.judge(judge_input(self.answerer, plan, response, sources))
        question = plan.reading
        if self.kind == "contract" and judgment.decision == Decision.NOT_FOUND and question.asks is Asks.YESNO:
            judgment.decision = Decision.NOT_MENTIONED
        if question.intent is Intent.CONFLICT:  # contradictions across the material: the composer's
            return composer.compose(plan, sources), judgment
        draft = self._decided(plan, sources, response, composer, judgment, use_llm)
        if draft.status is Status.ANSWERED:
            # The badge needs the judge to be sure enough of this kind of answer (judge/confidence.py):
            # below the bar the answer keeps its evidence and goes to review.
            confidence, bar = self.judge.badge_bar(judgment, self.kind)
            if bar is not None and confidence < bar:
                draft.unsupported.append(f"{LOW_CONFIDENCE}（判断置信度 {confidence:.2f}，低于此类回答的核验线 {bar:.2f}）")
        return draft, judgment

    def _decided(self, plan: QuestionPlan, sources: list[Source], response: "SearchResponse", composer: Composer,
                 judgment: Judgment, use_llm: bool) -> Draft:
        """The answer the judgment gives (module docstring)."""
        question = plan.reading
        by_chunk = {s.chunk.chunk_id: s for s in sources}
        evidence = EvidenceSet(composer.pages_for)
        if judgment.decision == Decision.NOT_MENTIONED:
            return self._not_provided(question, judgment, by_chunk, evidence, composer)
        if judgment.decision == Decision.NOT_FOUND:
            return _not_found(composer, evidence)
        if use_llm:
            return self._llm(plan, sources, judgment, composer)
        if judgment.decision in (Decision.ENTAILS, Decision.CONTRADICTS):
            return self._verdict(judgment, by_chunk, evidence)
        if self.kind == "contract":
            # Open questions about a contract keep the composer's answer (its clause quote, its
            # arithmetic over payment terms, its corpus-absence rule): the span model learned
            # where answers sit in judgments and has no contract questions to learn from.
            return composer.compose(plan, sources)
        if question.intent is Intent.EVIDENCE and plan.evidence_requested:
            return self._evidence_list(judgment, by_chunk, evidence)
        if _needs_composer(question):
            draft = composer.compose(plan, sources)
            if draft.status is not Status.NOT_FOUND:
                return draft
        return self._span(judgment, by_chunk, evidence)

    # -- the answers ---------------------------------------------------------------------------
    def _span(self, judgment: Judgment, by_chunk: dict[str, Source], evidence: EvidenceSet) -> Draft:
        found = self.judge.answer(judgment)
        if found is None:
            return self._verdict(judgment, by_chunk, evidence)
        passage, span = found.passage, found.segment
        first = evidence.cite(by_chunk[passage.chunk.chunk_id], span)
        value = stated_answer(passage.chunk, span, judgment.slot, found.core)
        if value is not None:
            conclusion = f"材料显示为{flat(value)}（{first}）。"
        else:
            conclusion = f"材料显示：{_quote(span.text)}（{first}）。"
        self._support(judgment, by_chunk, evidence)
        return Draft(Status.ANSWERED, conclusion, evidence)

    def _verdict(self, judgment: Judgment, by_chunk: dict[str, Source], evidence: EvidenceSet) -> Draft:
        top = judgment.passages[0].passage
        first = evidence.cite(by_chunk[top.chunk.chunk_id], top.segment)
        word = "否" if judgment.decision == Decision.CONTRADICTS else "是"
        self._support(judgment, by_chunk, evidence)
        return Draft(Status.ANSWERED, f"{word}（{first}：{_quote(top.segment.text)}）。", evidence)

    def _evidence_list(self, judgment: Judgment, by_chunk: dict[str, Source], evidence: EvidenceSet) -> Draft:
        lines = []
        for verdict in supporting(judgment, limit=MAX_SUPPORT + 1):
            seg = verdict.passage.segment
            lines.append(f"{evidence.cite(by_chunk[verdict.passage.chunk.chunk_id], seg)}：{_quote(seg.text)}")
        return Draft(Status.ANSWERED, "相关证据：" + "；".join(lines) + "。", evidence)

    def _not_provided(self, question: Reading, judgment: Judgment, by_chunk: dict[str, Source],
                      evidence: EvidenceSet, composer: Composer) -> Draft:
        """The contract is silent on the hypothesis: a gap, with the nearest clause to check."""
        top = judgment.passages[0].passage if judgment.passages else None
        cited = [evidence.cite(by_chunk[top.chunk.chunk_id], top.segment, role="context")] if top else []
        nearest = f"；最接近的条款见{cited[0]}，供核对" if cited else ""
        draft = Draft(Status.ANSWERED,
                      f"{NOT_PROVIDED_PHRASE}此事项（检索范围：{composer.scope}{nearest}）。", evidence)
        draft.gaps.append(Gap(f"{NOT_PROVIDED_PHRASE}：{question.text.strip()}", cited))
        return draft

    def _llm(self, plan: QuestionPlan, sources: list[Source], judgment: Judgment, composer: Composer) -> Draft:
        """The model sees only the chunks holding a passage the judge says answers (at least partly)."""
        from engine.answer.llm import LLMComposer

        keep = {v.passage.chunk.chunk_id for v in judgment.passages if v.p >= PARTIAL_AT}
        if not keep:
            keep = {judgment.passages[0].passage.chunk.chunk_id}
        kept = [s for s in sources if s.chunk.chunk_id in keep]
        draft = LLMComposer(self.answerer.settings.llm, composer,
                            self.answerer.check_statements).compose(plan, kept)
        self.used_llm = draft.fallback_reason is None
        return draft

    # -- shared ------------------------------------------------------------------------------------
    def _support(self, judgment: Judgment, by_chunk: dict[str, Source], evidence: EvidenceSet) -> None:
        """After the deciding quote: the passages judged to answer, then the judge's runners-up as
        context, five quotes in all."""
        for verdict, role in cited_passages(judgment, limit=MAX_SUPPORT):
            if len(evidence.items) > MAX_SUPPORT:
                break
            evidence.cite(by_chunk[verdict.passage.chunk.chunk_id], verdict.passage.segment, role=role)


def _needs_composer(question: Reading) -> bool:
    """Questions whose answer is arithmetic or one occurrence among several — a total, a balance,
    the second payment, a count — need the composer's candidates and checks; a plain date or
    amount is the span model's clause, stated as the value it holds."""
    return question.asks is Asks.COUNT or (question.asks in (Asks.AMOUNT, Asks.DATE) and
                                           (question.total or question.net or bool(question.ordinals)))


def _not_found(composer: Composer, evidence: EvidenceSet) -> Draft:
    return Draft(Status.NOT_FOUND, f"{NOT_FOUND_PHRASE}相关内容（检索范围：{composer.scope}）。", evidence)


def stated_answer(chunk, clause: Segment, slot: Slot, core: tuple[int, int]) -> str | None:
    """What a span answer states before citing its clause, verbatim from it: the one date or
    amount the clause holds when that is asked; else ``core``, the part of the clause the judge's
    boundary models find answers; None when that is the whole clause (it is quoted as it stands)."""
    kind = _VALUE_SLOTS.get(slot)
    if kind is not None:
        inside = [f for f in chunk.facts if f.kind == kind and clause.start <= f.start and f.end <= clause.end]
        if len(inside) == 1:
            return inside[0].text
    lo, hi = core
    if hi - lo >= len(clause.text):
        return None
    # The boundary models pick tokens, and a run of digits is cut like any other: never state a
    # piece of an ID or a phone number — a piece is no longer recognisable, so it would not be
    # masked. The whole value is stated instead (and masked as one).
    start, end = widen_to_pii(chunk.text, clause.start + lo, clause.start + hi)
    return chunk.text[start:end]
