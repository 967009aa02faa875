"""Hybrid search: BM25 top-K1 ∪ vector top-K2 → RRF → rerank → top-k, with per-stage timings.

Filters (document, kind, and the statute versions not in force on the as-of date) apply inside
both channels — as a row mask over BM25 scores and over the exact cosine of every chunk
(engine/store/dense.py) — so a filtered query never loses its top-k to other documents. Articles
the query names (《刑法》第二百六十四条) are fetched directly and put first (engine/statutes/lookup.py).

Without a cross-encoder, pools of statute articles take the learned path: a deeper, multi-channel
pool (engine/retrieve/statute_pool.py: expanded BM25, vectors, article profiles, law vote, named
laws and crimes) ranked by the shipped LambdaRank model (engine/retrieve/learned.py).
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Any

import numpy as np

from engine.config import Settings
from engine.text.passages import embedding_text
from engine.store.lexical import section_context
from engine.question import QuestionPlan, read_question
from engine.retrieve.contracts import ContractIdentities, heading_matches, identity_text
from engine.retrieve.fusion import reciprocal_rank_fusion
from engine.retrieve.memory import load_statute_memory
from engine.retrieve.rerank import FUSION_FALLBACK, RerankerChoice
from engine.retrieve.statute_pool import FEATURES, BoundMemory, PoolDepths, StatutePool, recall_pool
from engine.retrieve.statute_view import StatuteView, load_or_build_view
from engine.statutes.hierarchy import rank_of_article
from engine.statutes.lookup import DirectHit, LawNames, direct_lookup
from engine.statutes.versions import VersionPlan, parse_as_of, plan_versions
from engine.store.index import Index
from engine.text.tokenize import tokenize
from engine.timing import Stopwatch
from engine.types import Chunk


_RRF = FEATURES.index("rrf")


class SearchMode(str, Enum):
    HYBRID = "hybrid"
    BM25 = "bm25"
    VECTOR = "vector"


def article_of(chunk: Chunk) -> dict[str, Any] | None:
    """Statute identity of an article chunk (None for everything else)."""
    meta = chunk.meta
    if not meta.get("article_label"):
        return None
    return {"law_title": meta.get("law_title"), "law_short": meta.get("law_short"),
            "article_label": meta["article_label"], "version": meta.get("version"),
            "path": meta.get("path", []), "rank": rank_of_article(meta).value}


@dataclass
class SearchHit:
    rank: int
    chunk: Chunk
    doc_name: str
    score: float
    channels: dict[str, dict[str, float]] = field(default_factory=dict)  # bm25/vector/rrf/rerank/direct
    version_status: str | None = None  # statutes: in_force | later_than_as_of | undated

    def article(self) -> dict[str, Any] | None:
        article = article_of(self.chunk)
        if article is not None:
            article["version_status"] = self.version_status
        return article

    def to_dict(self) -> dict[str, Any]:
        c = self.chunk
        return {"rank": self.rank, "chunk_id": c.chunk_id, "doc_id": c.doc_id,
                "doc_name": self.doc_name, "kind": c.kind, "page_start": c.page_start,
                "page_end": c.page_end, "text": c.text, "score": round(self.score, 6),
                "article": self.article()}


@dataclass
class SearchResponse:
    query: str
    plan: QuestionPlan  # the question as read once (engine/question)
    mode: SearchMode
    reranker: str
    results: list[SearchHit]
    candidates: dict[str, list[tuple[str, float]]]  # per channel, for the audit trail
    timings_ms: dict[str, float]
    versions: VersionPlan | None = None
    direct: list[DirectHit] = field(default_factory=list)
    # What the learned path read into the question: expansion words, laws voted and named, crimes.
    understanding: dict[str, Any] = field(default_factory=dict)

    @property
    def as_of(self) -> date | None:
        return self.versions.as_of if self.versions else None

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "mode": self.mode.value, "reranker": self.reranker,
                "as_of": self.as_of.isoformat() if self.as_of else None,
                "direct": [d.to_dict() for d in self.direct],
                "understanding": self.understanding,
                "results": [h.to_dict() for h in self.results],
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}


@dataclass
class ContractState:
    """Per catalog state: every contract's identity, and each contract chunk's section context."""
    generation: int
    identities: ContractIdentities
    contexts: dict[str, str]  # chunk_id → "12 TERM AND TERMINATION > 12.3 …"
    names: dict[str, str]  # doc_id → document name


@dataclass
class StatuteState:
    """Per catalog state: the statute arrays and the memory bound to them."""
    view: StatuteView
    memory: BoundMemory
    memory_note: str | None  # why the shipped memory is not (fully) used, if it is not


class Searcher:
    def __init__(self, index: Index, settings: Settings, reranker: RerankerChoice):
        self.index = index
        self.settings = settings
        self.reranker = reranker
        self._plans: dict[tuple[int, date], tuple[VersionPlan, LawNames]] = {}
        self._plans_lock = threading.Lock()
        self._statutes: StatuteState | None = None
        self._statutes_lock = threading.Lock()
        self._contracts: ContractState | None = None
        self._contracts_lock = threading.Lock()

    def versions(self, as_of: date | str | None = None) -> tuple[VersionPlan, LawNames]:
        """The statute versions in force on ``as_of`` (default today), cached per catalog state."""
        day = parse_as_of(as_of)
        key = (self.index.catalog.generation(), day)
        with self._plans_lock:
            if key not in self._plans:
                documents = self.index.catalog.statute_documents()
                if len(self._plans) > 32:
                    self._plans.clear()
                self._plans[key] = (plan_versions(documents, day), LawNames.build(documents))
            return self._plans[key]

    def search(self, query: str, k: int = 10, mode: SearchMode | str = SearchMode.HYBRID,
               rerank: bool = True, doc_id: str | None = None, kind: str | None = None,
               as_of: date | str | None = None, plan: QuestionPlan | None = None) -> SearchResponse:
        """``plan``: the question already read (an ask reads it once for every stage)."""
        if k <= 0:
            raise ValueError("k must be greater than 0")
        mode = SearchMode(mode)
        watch = Stopwatch()
        lap = watch.lap
        plan = plan if plan is not None else read_question(query)
        parsed = plan.query
        versions, names = self.versions(as_of)
        allowed = self._allowed_docs(doc_id, kind)
        excluded = versions.excluded
        if allowed is not None:
            allowed -= excluded
        direct = direct_lookup(parsed.article_refs, self.index.catalog, versions, names, doc_id=doc_id,
                               text=parsed.text) \
            if parsed.article_refs else []
        direct_ids = [c for d in direct for c in d.chunk_ids
                      if allowed is None or c.rsplit(":", 1)[0] in allowed]
        lap("parse")
        conf = self.settings.retrieval
        learned = self.reranker.learned if rerank and mode is SearchMode.HYBRID else None
        if learned is not None and self._statute_pool(allowed):
            pool, state = self.statute_pool(plan, learned.depths, allowed=allowed, excluded=excluded,
                                            lap=lap)
            scores = learned.score(pool.features)
            lap("rerank")
            ids = state.view.chunk_ids
            order = np.lexsort((np.arange(len(scores)), -scores))
            ranked = [(ids[pool.rows[i]], float(scores[i])) for i in order]
            fused = [(ids[r], float(pool.features[i, _RRF])) for i, r in enumerate(pool.rows)]
            channels = {name: [(ids[r], score) for r, score in lst] for name, lst in pool.channels.items()}
            chunks = {c.chunk_id: c for c in self.index.catalog.get_chunks([cid for cid, _ in ranked[:k]])}
            ranked = [(cid, s) for cid, s in ranked if cid in chunks]
            understanding = {"expansion": pool.expansion, "laws_voted": pool.laws_voted,
                             "laws_named": pool.laws_named,
                             "crimes": [{"text": c.text, "articles": list(c.articles)} for c in pool.crimes]}
            if state.memory_note:
                understanding["memory_note"] = state.memory_note
            return self._respond(query, plan, mode, learned.name, ranked, fused, channels,
                                 chunks, direct, direct_ids, versions, k, watch, reranked=True,
                                 understanding=understanding)
        understanding: dict[str, Any] = {}
        weights = None
        category = None
        contracts = self._contract_pool(allowed)
        if doc_id is None and contracts:
            allowed, category, understanding = self._contract_focus(plan, allowed)
            if category is not None and mode is not SearchMode.VECTOR:
                weights = dict(Counter(parsed.tokens))
                for word in tokenize(category.words):
                    weights[word] = weights.get(word, 0.0) + conf.category_weight
            lap("contract")
        candidates: dict[str, list[tuple[str, float]]] = {}
        if mode in (SearchMode.HYBRID, SearchMode.BM25):
            lexical = self.index.lexical_index()
            candidates["bm25"] = lexical.search(parsed.tokens, conf.k_bm25 if mode is SearchMode.HYBRID
                                                else max(k, conf.k_bm25), doc_ids=allowed,
                                                exclude=excluded, weights=weights)
            if category is not None and mode is SearchMode.HYBRID:
                contexts = self.contract_state().contexts
                candidates["heading"] = [(cid, score) for cid, score in lexical.search(
                    parsed.tokens, len(lexical), doc_ids=allowed, exclude=excluded, weights=weights)
                    if heading_matches(category, contexts.get(cid, ""))][:conf.k_bm25]
            lap("bm25")
        if mode in (SearchMode.HYBRID, SearchMode.VECTOR):
            vector = self.index.embedder.embed_query(parsed.text)
            dense = self.index.dense_index()
            candidates["vector"] = [] if allowed == set() else dense.search(
                vector, conf.k_vector if mode is SearchMode.HYBRID else max(k, conf.k_vector),
                doc_ids=allowed, exclude=excluded)
            lap("vector")

        if mode is SearchMode.HYBRID:
            fused = reciprocal_rank_fusion({ch: [cid for cid, _ in lst] for ch, lst in candidates.items()},
                                           k=conf.rrf_k)
        else:
            fused = candidates[mode.value]
        lap("fuse")

        reranked: list[tuple[str, float]] | None = None
        # A contract pool keeps the order of its stages unless a real cross-encoder is there:
        # the cosine fallback undid them on CUAD (docs/benchmarks.md).
        use_reranker = rerank and self.reranker.reranker is not None and bool(fused) \
            and not (contracts and self.reranker.fallback_reason is not None)
        pool_ids = [cid for cid, _ in fused[: max(k, self.settings.rerank.candidates)]] \
            if use_reranker else [cid for cid, _ in fused[:k]]
        chunks = {c.chunk_id: c for c in self.index.catalog.get_chunks(pool_ids)}
        pool_ids = [cid for cid in pool_ids if cid in chunks]  # a concurrent delete may drop some
        if use_reranker:
            context = self.settings.embedding.statute_context
            scores = self.reranker.reranker.score(parsed.text, [embedding_text(chunks[c], context) for c in pool_ids])
            order = sorted(range(len(pool_ids)), key=lambda i: (-scores[i], i))
            reranked = [(pool_ids[i], float(scores[i])) for i in order]
            lap("rerank")
        final = reranked if reranked is not None else [(cid, s) for cid, s in fused if cid in chunks]
        # The reranker that ran: a cross-encoder (or the cosine fallback), the fusion-order
        # fallback when no second stage exists, or none when none was asked for.
        ran = self.reranker.name if reranked is not None else \
            FUSION_FALLBACK if rerank and self.reranker.fallback_reason else "none"
        return self._respond(query, plan, mode, ran, final, fused, candidates, chunks, direct,
                             direct_ids, versions, k, watch, reranked=reranked is not None,
                             understanding=understanding)

    def _respond(self, query: str, plan: QuestionPlan, mode: SearchMode, reranker: str,
                 final: list[tuple[str, float]], fused: list[tuple[str, float]],
                 candidates: dict[str, list[tuple[str, float]]], chunks: dict[str, Chunk],
                 direct: list[DirectHit], direct_ids: list[str], versions: VersionPlan, k: int,
                 watch: Stopwatch, *, reranked: bool,
                 understanding: dict[str, Any] | None = None) -> SearchResponse:
        """Named articles first, then the top-k of ``final``, with each channel's rank and score."""
        direct_rank: dict[str, int] = {}
        if direct_ids:  # named articles first, in the order named; the rest keep their order
            for chunk in self.index.catalog.get_chunks([c for c in direct_ids if c not in chunks]):
                chunks[chunk.chunk_id] = chunk
            top = final[0][1] if final else 1.0
            direct_rank = {cid: i for i, cid in enumerate(dict.fromkeys(direct_ids), 1) if cid in chunks}
            final = [(cid, top) for cid in direct_rank] + [(cid, s) for cid, s in final if cid not in direct_rank]

        per_channel = {ch: {cid: (rank, score) for rank, (cid, score) in enumerate(lst, 1)}
                       for ch, lst in candidates.items()}
        fused_score = dict(fused)
        doc_names = self._doc_names()
        results = []
        for rank, (cid, score) in enumerate(final[:k], start=1):
            channels = {ch: {"rank": got[cid][0], "score": round(got[cid][1], 6)}
                        for ch, got in per_channel.items() if cid in got}
            if mode is SearchMode.HYBRID and cid in fused_score:
                channels["rrf"] = {"score": round(fused_score[cid], 6)}
            if cid in direct_rank:
                channels["direct"] = {"rank": direct_rank[cid]}
            elif reranked:
                channels["rerank"] = {"score": round(score, 6)}
            chunk = chunks[cid]
            status = versions.of(chunk.doc_id)
            results.append(SearchHit(rank, chunk, doc_names.get(chunk.doc_id, chunk.doc_id), score,
                                     channels, status.value if status else None))
        timings = {**watch.laps, "total": watch.total()}
        return SearchResponse(query=query, plan=plan, mode=mode, reranker=reranker,
                              results=results, candidates=candidates, timings_ms=timings,
                              versions=versions, direct=direct, understanding=understanding or {})

    def statute_state(self) -> StatuteState:
        """The statute arrays of the current catalog state and the shipped memory bound to them
        (built once per catalog generation and saved in the home)."""
        lexical = self.index.lexical_arrays()
        state = self._statutes
        if state is not None and state.view.generation == lexical.generation:
            return state
        with self._statutes_lock:
            state = self._statutes
            if state is None or state.view.generation != lexical.generation:
                view = load_or_build_view(self.index.catalog, lexical.generation, lexical.chunk_ids,
                                          self.index.home / "statutes.pkl")
                space = self.settings.embedding.space_id(self.index.embedder.model_id)
                memory, note = load_statute_memory(space)
                state = self._statutes = StatuteState(view, BoundMemory.bind(memory, view), note)
            return state

    def statute_pool(self, plan: QuestionPlan, depths: PoolDepths, *, allowed: set[str] | None = None,
                     excluded: set[str] | None = None, memory: BoundMemory | None = None,
                     query_vector: np.ndarray | None = None, lap=None) -> tuple[StatutePool, StatuteState]:
        """The learned ranker's candidates and features for one question (engine/retrieve/
        statute_pool.py). Also what scripts/train_ranker.py trains on — with ``memory`` mined
        without the question's own fold — so training and search see the same rows."""
        if excluded is None:
            excluded = self.versions(None)[0].excluded
        state = self.statute_state()
        lexical, dense = self.index.lexical_arrays(), self.index.dense_arrays()
        if lap:
            lap("load")
        vector = query_vector if query_vector is not None else self.index.embedder.embed_query(plan.text)
        if lap:
            lap("embed")
        mask = dense.doc_mask(allowed, excluded)
        pool = recall_pool(plan.text, plan.tokens, vector, lexical, dense, state.view,
                           memory or state.memory, depths, mask, lap=lap)
        return pool, state

    def contract_state(self) -> ContractState:
        """Contract identities and section contexts of the current catalog state (built once per
        generation from the contract documents' chunks)."""
        generation = self.index.catalog.generation()
        state = self._contracts
        if state is not None and state.generation == generation:
            return state
        with self._contracts_lock:
            state = self._contracts
            if state is None or state.generation != generation:
                identities, contexts = [], {}
                names = self._doc_names()
                for doc_id, kind in sorted(self._doc_kinds().items()):
                    if kind != "contract":
                        continue
                    chunks = self.index.catalog.chunks(doc_id)
                    opening = [c.text for c in chunks if c.chunk_type in ("header", "recital")]
                    identities.append((doc_id, tokenize(identity_text(names.get(doc_id, ""), opening))))
                    contexts.update((c.chunk_id, section_context(c.meta)) for c in chunks)
                state = self._contracts = ContractState(generation, ContractIdentities.build(identities),
                                                        contexts, names)
            return state

    def _contract_focus(self, plan: QuestionPlan, allowed: set[str] | None):
        """(allowed documents, clause category, what was understood) for a contract question: the
        contract it names, if one is named clearly, and the clause category it asks about."""
        conf = self.settings.retrieval
        understanding: dict[str, Any] = {}
        if conf.contract_focus:
            state = self.contract_state()
            named, evidence = state.identities.named(plan.tokens)
            named = [d for d in named if allowed is None or d in allowed]
            if named:
                allowed = set(named)
                understanding["contracts"] = [{"doc_id": d, "name": state.names.get(d, d), "evidence": e}
                                              for d, e in zip(named, evidence)]
        category = plan.clause_category if conf.clause_categories else None
        if category is not None:
            understanding["clause_category"] = category.name
        return allowed, category, understanding

    def _contract_pool(self, allowed: set[str] | None) -> bool:
        """Whether the candidates will be contract clauses: most allowed documents are contracts."""
        kinds = [kind for doc_id, kind in self._doc_kinds().items() if allowed is None or doc_id in allowed]
        return bool(kinds) and sum(k == "contract" for k in kinds) >= 0.5 * len(kinds)

    def _statute_pool(self, allowed: set[str] | None) -> bool:
        """Whether the candidates will be statute articles, the only pool the learned ranker
        knows: every allowed document is a statute, or, unfiltered, the home is mostly statutes."""
        kinds = [kind for doc_id, kind in self._doc_kinds().items() if allowed is None or doc_id in allowed]
        return (bool(kinds) and sum(k == "statute" for k in kinds) >= 0.9 * len(kinds)
                and self.index.arrays_available())  # shared profile: up to a size (engine/store/index.py)

    def _allowed_docs(self, doc_id: str | None, kind: str | None) -> set[str] | None:
        if doc_id is None and kind is None:
            return None
        docs = self.index.catalog.documents("ready")
        return {d.doc_id for d in docs
                if (doc_id is None or d.doc_id == doc_id) and (kind is None or d.kind == kind)}

    def _ready_docs(self) -> dict[str, tuple[str, str]]:
        """doc_id → (name, kind) of the ready documents, read once per catalog generation."""
        generation = self.index.catalog.generation()
        cached = getattr(self, "_docs", None)
        if cached is None or cached[0] != generation:
            self._docs = (generation, {d.doc_id: (d.name, d.kind) for d in self.index.catalog.documents("ready")})
        return self._docs[1]

    def _doc_names(self) -> dict[str, str]:
        return {doc_id: name for doc_id, (name, _) in self._ready_docs().items()}

    def _doc_kinds(self) -> dict[str, str]:
        return {doc_id: kind for doc_id, (_, kind) in self._ready_docs().items()}
