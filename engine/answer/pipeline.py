"""ask(): retrieve → aggregate → compose (deterministic | LLM) → verify → mask PII → audit."""

from __future__ import annotations

import copy
import re
import threading
from collections import OrderedDict
from typing import Mapping

from engine.answer.candidates import Source
from engine.answer.casefile.trust import assess as assess_trust, retrieved_of
from engine.answer.composer import Composer, Draft, EvidenceSet
from engine.answer.defuse import defused, injection_notes
from engine.answer.judged import judged_route
from engine.answer.model import Answer, Mode, Status
from engine.answer.readings import reading_conflicts
from engine.answer.statutes import StatuteReview
from engine.answer.subject import ClauseTypes, SubjectRoute, subject_problems
from engine.answer.verify import verify
from engine.config import Settings
from engine.question import QuestionPlan, read_question
from engine.retrieve.aggregate import aggregate
from engine.retrieve.search import Searcher
from engine.text.lines import join_pdf_lines
from engine.text.pii import find_pii, known_values, mask_known, mask_pii, mask_text, wrapped_pieces
from engine.timing import Stopwatch
from engine.types import PageText

# Fewer than this many fused hits carry on to the composer; aggregation may add chain/cited blocks.
ANSWER_HITS = 10
# Chunks of a case file searched to rank its statements for a question (a record is rarely longer).
CASE_HITS = 80
# A document bigger than this is not scanned whole to complete arithmetic (statute books are).
MAX_DOC_CHUNKS_FOR_COMPLETION = 400


class DocCache:
    """Something loaded per document (pages with their line geometry, the people a case file
    names, a transcript's speaker), for recently used documents of the current catalog state;
    bounded, thread-safe. Keyed by the catalog generation, which every commit of any process
    bumps: a long-lived process never serves what it loaded before another one changed the
    documents (a document deleted and stored again, a new one under a reused id)."""

    def __init__(self, catalog, load, size: int = 16):
        self.catalog, self.load, self.size = catalog, load, size
        self._items: OrderedDict[tuple[int, str], object] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, doc_id: str):
        key = (self.catalog.generation(), doc_id)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = self.load(doc_id)
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return value


class Answerer:
    def __init__(self, searcher: Searcher, settings: Settings, audit=None, check_statements=None):
        self.searcher = searcher
        # LLM conclusions: every statement against its cited evidence (engine/answer/llm.py)
        self.check_statements = check_statements
        self.judge = None  # the answerability judge; None = the shipped one (engine/answer/judge/)
        # contract clause kinds by chunk, from the contract facts (the Engine wires engine.contract_facts in)
        self.clause_types: ClauseTypes | None = None
        self.index = searcher.index
        self.settings = settings
        self.audit = audit
        self.pages = DocCache(self.index.catalog, lambda doc: {p.number: p for p in self.index.catalog.pages(doc)})
        self.people = DocCache(self.index.catalog, lambda doc: tuple(self.ledgers(doc).people), size=64)
        self.speakers = DocCache(self.index.catalog, self._read_speaker, size=64)

    def _doc_sources(self, doc_id: str) -> list[Source]:
        record = self.index.catalog.get_document(doc_id)
        if record is None or record.chunks > MAX_DOC_CHUNKS_FOR_COMPLETION:
            return []
        chunks = self.index.catalog.chunks(doc_id, with_facts=True)
        speaker = self._speaker(doc_id)
        return [Source(rank=50 + i, chunk=defused(c), doc_name=record.name, score=0.0, role="completion",
                       speaker=speaker) for i, c in enumerate(chunks)]

    def _speaker(self, doc_id: str) -> str | None:
        """The interrogated person of a transcript (from its header block), or None."""
        return self.speakers(doc_id)

    def _read_speaker(self, doc_id: str) -> str | None:
        for chunk in self.index.catalog.chunks(doc_id)[:3]:
            fields = chunk.meta.get("fields") or {}
            for label, value in fields.items():
                if re.match(r"被(?:讯|询)问人", label) and isinstance(value, str) and value.strip():
                    name = re.split(r"[\s，,（(]", value.strip())[0]
                    if name:
                        return name
                    break  # an unreadable value: the next chunk may name the person
        return None

    def ask(self, question: str, *, doc_id: str | None = None, llm: bool | None = None,
            unmask: bool = False, user: str | None = None, as_of=None,
            plan: QuestionPlan | None = None) -> Answer:
        """``plan``: the question already read (Engine.ask reads it once)."""
        if not question or not question.strip():
            raise ValueError("question is empty")
        watch = Stopwatch()
        plan = plan if plan is not None else read_question(question)
        record = self.index.catalog.get_document(doc_id) if doc_id else None
        case_file = record is not None and record.kind == "transcript"
        # Asked within a case file: one search of its statements serves both paths.
        response = self.searcher.search(question, k=CASE_HITS if case_file else ANSWER_HITS, doc_id=doc_id,
                                        as_of=as_of, plan=plan)
        watch.lap("recall")
        use_llm = self.settings.llm.configured if llm is None else llm
        case_answer = self._case_file(plan, doc_id, response, as_of)
        if case_answer is not None and not use_llm:
            case_response, draft, intent, _ = case_answer
            watch.lap("compose")
            return self._finish(plan, intent, draft, Mode.EXTRACTIVE, None, case_response, [], [],
                                watch, unmask, user, as_of)
        if case_file:
            response.results = response.results[:ANSWER_HITS]
        blocks, sources = self.sources_of(response)
        watch.lap("aggregate")
        scope = self._scope(doc_id)
        composer = Composer(self.pages, self._doc_sources, scope, idf=self._idf())
        mode, model = Mode.EXTRACTIVE, None
        # A named article, the law on some conduct, a contract clause: answered from that subject
        # or not at all (engine/answer/subject.py). Judgments, contracts and generic documents then
        # go through the answerability judge (engine/answer/judged.py); case files keep their path.
        subject = SubjectRoute(self, composer, plan, response, sources, doc_id, as_of).draft() \
            if case_answer is None else None
        judged = judged_route(self, doc_id, sources) if case_answer is None and subject is None else None
        judgment = None
        if subject is not None:
            draft = subject
        elif judged is not None:
            draft, judgment = judged.compose(plan, sources, response, composer, use_llm=use_llm)
            if judged.used_llm:
                mode, model = Mode.LLM, self.settings.llm.model
        elif use_llm:
            from engine.answer.llm import LLMComposer
            from engine.answer.llm_case import CaseContext

            # A case file: the model sees the ledger's answer (rows, plan, panels) as evidence too.
            case = CaseContext(case_answer[1], case_answer[3]) if case_answer is not None else None
            draft = LLMComposer(self.settings.llm, composer, self.check_statements).compose(plan, sources, case)
            if draft.fallback_reason is None:  # else the draft is the deterministic one
                mode, model = Mode.LLM, self.settings.llm.model
            elif case_answer is not None:  # the deterministic answer of a case file is the ledger's
                reason = draft.fallback_reason
                response, draft, _, _ = case_answer
                draft.fallback_reason = reason
                blocks, sources = [], []
        else:
            draft = composer.compose(plan, sources)
        watch.lap("compose")
        return self._finish(plan, plan.intent.value, draft, mode, model, response, blocks,
                            sources, watch, unmask, user, as_of, judgment, record.kind if record else None)

    def _finish(self, plan: QuestionPlan, intent, draft: Draft, mode, model, response, blocks, sources, watch,
                unmask, user, as_of, judgment=None, scope_kind: str | None = None) -> Answer:
        answer = self._assemble(plan.text, intent, draft, mode, model, response.reranker)
        answer.ledger, answer.plan = list(draft.ledger), draft.plan
        if draft.fallback_reason:
            answer.notes.append(draft.fallback_reason)
        shown = {e.chunk.chunk_id for e in answer.evidence}
        answer.notes.extend(dict.fromkeys(b.note for b in blocks if b.note and b.chunk.chunk_id in shown))
        # sentences of the evidence that addressed the reader were left out (engine/answer/defuse.py)
        answer.notes.extend(injection_notes([(e.doc_name, e.chunk) for e in answer.evidence]
                                            + [(b.doc_name, defused(b.chunk)) for b in blocks]))
        versions, names = self.searcher.versions(as_of)
        statute_problems = StatuteReview(self.index.catalog, versions, names).apply(
            answer, [s.chunk for s in sources])
        doubtful = reading_conflicts(answer, self.pages)
        answer.conflicts.extend(doubtful)
        if doubtful and answer.status is Status.ANSWERED:
            answer.status = Status.NEEDS_REVIEW
        answer.checks = verify(answer)
        # The one badge rule (every path): the evidence is about what was asked, the asked value given.
        off_subject = subject_problems(plan, answer, self.clause_types, case_file=draft.plan is not None,
                                       scope_kind=scope_kind)
        answer.checks.unsupported.extend(draft.unsupported + statute_problems + off_subject)
        if judgment is not None:
            answer.checks.answerability = judgment.to_dict()
        if not answer.checks.ok and answer.status is Status.ANSWERED:
            answer.status = Status.NEEDS_REVIEW
        mask_answer(answer, unmask)
        if draft.plan is not None:  # after masking: the card keeps the conclusion as shown
            self._weigh_trust(answer, retrieved_of(response.results), draft.document)
        watch.lap("verify")
        answer.timings_ms = {**{f"search_{k}": v for k, v in response.timings_ms.items() if k != "total"},
                             **watch.laps, "rerank": response.timings_ms.get("rerank", 0.0),
                             "total": watch.total()}
        if self.audit is not None:
            answer.audit_id = self.audit.record_ask(answer, response, user=user, unmasked=unmask)
        return answer

    def _weigh_trust(self, answer: Answer, retrieved: list[list], document: str | None) -> None:
        """A case-file answer the learned trust score does not trust is not 已核验 (trust.py);
        ``retrieved``: what its search of the file found, best first (trust.retrieved_of);
        ``document``: the file's stored text when the case path read it (else read here)."""
        doc_ids = {e.chunk.doc_id for e in answer.evidence}
        if not doc_ids:
            document = ""
        elif document is None:  # a draft that did not come from the case path's own reading
            document = "".join(c.text for d in sorted(doc_ids) for c in self.index.catalog.chunks(d))
        answer.checks.trust = card = assess_trust(answer, document, retrieved,
                                                  keep=self.settings.badge.case_trust_keep)
        if answer.unmasked is not None:
            answer.unmasked.checks.trust = card
        if answer.status is Status.ANSWERED and card.get("trusted") is False:
            card["demoted"] = True  # it was 已核验 before the score: training reads it as answered
            answer.status = Status.NEEDS_REVIEW
            answer.notes.append(card["note"])
            if answer.unmasked is not None:
                answer.unmasked.status = Status.NEEDS_REVIEW
                answer.unmasked.notes.append(card["note"])

    def sources_of(self, response):
        """Aggregated evidence blocks of a search and the sources (with their facts) built on them."""
        blocks = aggregate(response.results, self.index.catalog)
        with_facts = {c.chunk_id: defused(c) for c in self.index.catalog.get_chunks(
            [b.chunk.chunk_id for b in blocks], with_facts=True)}
        sources = [Source(rank=i, chunk=with_facts.get(b.chunk.chunk_id) or defused(b.chunk), doc_name=b.doc_name,
                          score=b.score, role=b.role, speaker=self._speaker(b.chunk.doc_id))
                   for i, b in enumerate(blocks)]
        # a chunk that was nothing but instructions to its reader has nothing left to quote
        return blocks, [s for s in sources if s.chunk.text.strip()]

    def retrieve(self, question: str, *, doc_id: str | None = None, as_of=None):
        """What a question outside a case file is answered from: the search and its sources (the
        answerability judge's training rows are built from exactly this, scripts/train_judge.py);
        the question's plan is ``response.plan``."""
        response = self.searcher.search(question, k=ANSWER_HITS, doc_id=doc_id, as_of=as_of)
        return response, *self.sources_of(response)

    def _case_file_asked(self, plan: QuestionPlan, response) -> str | None:
        """The case file an unscoped question is about: among the transcripts of the best hits, the
        one naming a person the question names (赵秀英还有多少本金没有拿回来), else the first."""
        files = list(dict.fromkeys(h.chunk.doc_id for h in response.results[:10] if h.chunk.kind == "transcript"))
        if len(files) > 1:  # the people each file names (its stored ledger keeps them)
            for doc in files:
                if any(len(person) >= 2 and person in plan.text for person in self.people(doc)):
                    return doc
        return next((h.chunk.doc_id for h in response.results[:3] if h.chunk.kind == "transcript"), None)

    def _case_file(self, plan: QuestionPlan, doc_id: str | None, response, as_of):
        """A question about one case file, answered from its ledger: (the document's own search
        response, the draft, the intent, the case plan), or None when the question is not about a
        case file (or about law)."""
        from engine.answer.casefile import Case, compose_case

        target = doc_id
        if target is None:  # the case file the best hits come from, if a transcript leads
            if response.results and response.results[0].chunk.kind == "statute":
                return None  # the law answers it best (传唤持续的时间不得超过多少小时)
            target = self._case_file_asked(plan, response)
        record = self.index.catalog.get_document(target) if target else None
        if record is None or record.kind != "transcript":
            return None
        if plan.case.law and not plan.case.asker_said:
            return None
        stored = self.index.catalog.chunks(target, with_facts=True)
        chunks = [defused(c) for c in stored]
        scoped = response if doc_id == target else self.searcher.search(
            plan.text, k=min(len(chunks), CASE_HITS), doc_id=target, as_of=as_of, plan=plan)
        speaker = self._speaker(target)
        sources = {c.chunk_id: Source(rank=i, chunk=c, doc_name=record.name, score=0.0, role="hit",
                                      speaker=speaker) for i, c in enumerate(chunks)}
        scores = [h.score for h in scoped.results]
        low, high = (min(scores), max(scores)) if scores else (0.0, 1.0)
        retrieval = {h.chunk.chunk_id: (h.score - low) / (high - low) if high > low else 1.0
                     for h in scoped.results}
        for hit in scoped.results:
            if hit.chunk.chunk_id in sources:
                sources[hit.chunk.chunk_id].score = hit.score
        case = Case(self.ledgers(target, chunks), record.name, sources,
                    EvidenceSet(self.pages), retrieval, join_pdf_lines("\n".join(c.text for c in chunks)))
        draft = compose_case(case, plan)
        if draft is None:
            return None
        draft.document = "".join(c.text for c in stored)
        return scoped, draft, plan.intent.value, plan.case

    def ledgers(self, doc_id: str, chunks=None):
        """The case file's ledger, as stored in the catalog (built there at ingest)."""
        from engine.answer.casefile.facts.store import LedgerStore

        return LedgerStore.for_catalog(self.index.catalog).get(doc_id, chunks)

    def _idf(self):
        """idf of a word in the corpus (the smallest of its BM25 tokens'), None when unknown."""
        from engine.text.tokenize import tokenize

        index = self.index.lexical_index()

        def idf(word: str) -> float | None:
            tokens = tokenize(word)
            if not tokens:
                return 0.0  # only stopwords (以前, 的): says nothing, but is not missing either
            if any(t not in index.idf for t in tokens):
                return None
            return min(index.idf[t] for t in tokens)
        return idf

    def _scope(self, doc_id: str | None) -> str:
        if doc_id:
            record = self.index.catalog.get_document(doc_id)
            return f"文件《{record.name}》" if record else f"文件 {doc_id}（不存在）"
        return f"全部 {len(self.index.catalog.documents())} 份文件"

    @staticmethod
    def _assemble(question, intent, draft: Draft, mode, model, reranker) -> Answer:
        return Answer(question=question, intent=intent, status=draft.status,
                      conclusion=draft.conclusion, evidence=draft.evidence.items,
                      calculations=draft.calculations, conflicts=draft.conflicts, gaps=draft.gaps,
                      mode=mode, model=model, reranker=reranker)



def mask_answer(answer: Answer, unmask: bool) -> None:
    """PII masked in conclusions, quotes and panel texts unless an allowed role unmasked it."""
    answer.pii_masked = not unmask
    if unmask:
        return
    # Kept unmasked for Engine.reveal_answer; the chunks (the documents' own text) are shared.
    answer.unmasked = copy.deepcopy(answer, {id(item.chunk): item.chunk for item in answer.evidence})
    answer.unmasked.pii_masked = False
    chunks = {item.chunk.chunk_id: item.chunk.text for item in answer.evidence}
    found = {chunk_id: find_pii(text) for chunk_id, text in chunks.items()}
    # Quotes are masked as part of their whole chunk, so a quote holding one line of a wrapped
    # ID is masked as that ID; texts built from quotes are checked for such line pieces too, and
    # for any value of the evidence they repeat, which on its own (no label, regrouped, a number
    # failing its checksum) the detector would not know.
    pieces = wrapped_pieces(chunks.values())
    known = known_values(fact for facts in found.values() for fact in facts)

    def masked(text: str) -> str:
        return mask_pii(text, pieces, known)

    answer.conclusion = masked(answer.conclusion)
    chunks_masked = {chunk_id: mask_known(mask_text(text, found[chunk_id]), known)
                     for chunk_id, text in chunks.items()}
    for item in answer.evidence:
        item.display_quote = chunks_masked[item.chunk.chunk_id][item.quote_start:item.quote_end]
    for part in (*answer.conflicts, *answer.gaps, *answer.calculations):
        part.description = masked(part.description)
    # what failed a check quotes the failing value, which may be a piece of an ID
    answer.checks.unsupported = [masked(text) for text in answer.checks.unsupported]
    answer.notes = [masked(text) for text in answer.notes]
    answer.ledger = [{k: masked(v) if isinstance(v, str) else v for k, v in row.items()} for row in answer.ledger]
