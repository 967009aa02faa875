"""Hybrid search: BM25 top-K1 ∪ vector top-K2 → RRF → rerank → top-k, with per-stage timings.

Filters (document, kind, and the statute versions not in force on the as-of date) apply inside
both channels — as a document mask in BM25 and as a Chroma ``where`` — so a filtered query never
loses its top-k to other documents. Articles the query names (《刑法》第二百六十四条) are fetched
directly and put first (engine/statutes/lookup.py).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import date
from enum import Enum
from typing import Any

import numpy as np

from engine.config import Settings
from engine.ingest.pipeline import embedding_text
from engine.retrieve.fusion import reciprocal_rank_fusion
from engine.retrieve.learned import Candidate, build_candidates, candidate_features
from engine.retrieve.query import ParsedQuery, parse_query
from engine.retrieve.rerank import RerankerChoice
from engine.statutes.hierarchy import rank_of_article
from engine.statutes.lookup import DirectHit, LawNames, direct_lookup
from engine.statutes.versions import VersionPlan, parse_as_of, plan_versions
from engine.store.index import Index
from engine.timing import Stopwatch
from engine.types import Chunk


# Vector candidates fetched per wanted one when superseded statute versions must be dropped.
VECTOR_OVERFETCH = 2


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
    parsed: ParsedQuery
    mode: SearchMode
    reranker: str
    results: list[SearchHit]
    candidates: dict[str, list[tuple[str, float]]]  # per channel, for the audit trail
    timings_ms: dict[str, float]
    versions: VersionPlan | None = None
    direct: list[DirectHit] = field(default_factory=list)

    @property
    def as_of(self) -> date | None:
        return self.versions.as_of if self.versions else None

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "mode": self.mode.value, "reranker": self.reranker,
                "as_of": self.as_of.isoformat() if self.as_of else None,
                "direct": [d.to_dict() for d in self.direct],
                "results": [h.to_dict() for h in self.results],
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}


@dataclass
class LearnedPool:
    """The fused candidate pool at the learned ranker's depth, with its feature rows."""
    candidates: list[Candidate]
    chunks: dict[str, Chunk]
    features: np.ndarray
    channels: dict[str, list[tuple[str, float]]]


class Searcher:
    def __init__(self, index: Index, settings: Settings, reranker: RerankerChoice):
        self.index = index
        self.settings = settings
        self.reranker = reranker
        self._plans: dict[tuple[int, date], tuple[VersionPlan, LawNames]] = {}
        self._plans_lock = threading.Lock()

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
               as_of: date | str | None = None) -> SearchResponse:
        if k <= 0:
            raise ValueError("k must be greater than 0")
        mode = SearchMode(mode)
        watch = Stopwatch()
        lap = watch.lap
        parsed = parse_query(query)
        plan, names = self.versions(as_of)
        allowed = self._allowed_docs(doc_id, kind)
        excluded = plan.excluded
        if allowed is not None:
            allowed -= excluded
        direct = direct_lookup(parsed.article_refs, self.index.catalog, plan, names, doc_id=doc_id,
                               text=parsed.text) \
            if parsed.article_refs else []
        direct_ids = [c for d in direct for c in d.chunk_ids
                      if allowed is None or c.rsplit(":", 1)[0] in allowed]
        lap("parse")
        conf = self.settings.retrieval
        learned = self.reranker.learned if rerank and mode is SearchMode.HYBRID else None
        if learned is not None and self._statute_pool(allowed):
            pool = self.learned_pool(query, max(learned.pool_depth, conf.k_bm25, conf.k_vector),
                                     parsed=parsed, allowed=allowed, excluded=excluded)
            lap("recall")
            scores = learned.score(pool.features)
            lap("rerank")
            order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
            ranked = [(pool.candidates[i].chunk_id, float(scores[i])) for i in order]
            fused = [(c.chunk_id, c.rrf) for c in pool.candidates]
            return self._respond(query, parsed, mode, learned.name, ranked, fused, pool.channels,
                                 pool.chunks, direct, direct_ids, plan, k, watch, reranked=True)
        candidates: dict[str, list[tuple[str, float]]] = {}
        if mode in (SearchMode.HYBRID, SearchMode.BM25):
            lexical = self.index.lexical_index()
            candidates["bm25"] = lexical.search(parsed.tokens, conf.k_bm25 if mode is SearchMode.HYBRID
                                                else max(k, conf.k_bm25), doc_ids=allowed,
                                                exclude=excluded)
            lap("bm25")
        if mode in (SearchMode.HYBRID, SearchMode.VECTOR):
            vector = self.index.embedder.embed_query(parsed.text)
            if allowed == set():
                hits = []
            elif allowed is not None:
                hits = self.index.vectors.query(vector, conf.k_vector, where={"doc_id": {"$in": sorted(allowed)}})
            else:
                hits = self._vector_hits_outside(vector, conf.k_vector, excluded)
            candidates["vector"] = [(h.chunk_id, h.similarity) for h in hits]
            lap("vector")

        if mode is SearchMode.HYBRID:
            fused = reciprocal_rank_fusion({ch: [cid for cid, _ in lst] for ch, lst in candidates.items()},
                                           k=conf.rrf_k)
        else:
            fused = candidates[mode.value]
        lap("fuse")

        reranked: list[tuple[str, float]] | None = None
        use_reranker = rerank and self.reranker.reranker is not None and fused
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
        return self._respond(query, parsed, mode, self.reranker.name if reranked is not None else "none",
                             final, fused, candidates, chunks, direct, direct_ids, plan, k, watch,
                             reranked=reranked is not None)

    def _respond(self, query: str, parsed: ParsedQuery, mode: SearchMode, reranker: str,
                 final: list[tuple[str, float]], fused: list[tuple[str, float]],
                 candidates: dict[str, list[tuple[str, float]]], chunks: dict[str, Chunk],
                 direct: list[DirectHit], direct_ids: list[str], plan: VersionPlan, k: int,
                 watch: Stopwatch, *, reranked: bool) -> SearchResponse:
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
            status = plan.of(chunk.doc_id)
            results.append(SearchHit(rank, chunk, doc_names.get(chunk.doc_id, chunk.doc_id), score,
                                     channels, status.value if status else None))
        timings = {**watch.laps, "total": watch.total()}
        return SearchResponse(query=query, parsed=parsed, mode=mode, reranker=reranker,
                              results=results, candidates=candidates, timings_ms=timings,
                              versions=plan, direct=direct)

    def learned_pool(self, query: str, depth: int, *, parsed: ParsedQuery | None = None,
                     query_vector: np.ndarray | None = None, allowed: set[str] | None = None,
                     excluded: set[str] | None = None) -> LearnedPool:
        """BM25 top-``depth`` ∪ vector top-``depth``, fused, with the learned ranker's features.
        Also what scripts/train_ranker.py trains on, so training and search see the same rows."""
        parsed = parsed or parse_query(query)
        if excluded is None:
            excluded = self.versions(None)[0].excluded
        channels = {"bm25": self.index.lexical_index().search(parsed.tokens, depth, doc_ids=allowed,
                                                              exclude=excluded)}
        vector = query_vector if query_vector is not None else self.index.embedder.embed_query(parsed.text)
        if allowed == set():
            hits = []
        elif allowed is not None:
            hits = self.index.vectors.query(vector, depth, where={"doc_id": {"$in": sorted(allowed)}})
        else:
            hits = self._vector_hits_outside(vector, depth, excluded)
        channels["vector"] = [(h.chunk_id, h.similarity) for h in hits]
        fused = reciprocal_rank_fusion({ch: [cid for cid, _ in lst] for ch, lst in channels.items()},
                                       k=self.settings.retrieval.rrf_k)
        chunks = {c.chunk_id: c for c in self.index.catalog.get_chunks([cid for cid, _ in fused])}
        candidates = [c for c in build_candidates(channels, fused) if c.chunk_id in chunks]
        cosine = dict(channels["vector"])
        missing = [c.chunk_id for c in candidates if c.chunk_id not in cosine]
        if missing:  # BM25-only candidates: their vectors come from the embedding cache
            context = self.settings.embedding.statute_context
            vectors = np.asarray(self.index.embedder.embed_passages(
                [embedding_text(chunks[cid], context) for cid in missing]), dtype=np.float64)
            q = np.asarray(vector, dtype=np.float64).reshape(-1)
            norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(q) or 1.0)
            sims = np.divide(vectors @ q, norms, out=np.zeros(len(missing)), where=norms > 0)
            cosine.update(zip(missing, sims.tolist()))
        features = candidate_features(parsed.text, parsed.tokens, candidates, chunks,
                                      [cosine[c.chunk_id] for c in candidates], depth)
        return LearnedPool(candidates, chunks, features, channels)

    def _vector_hits_outside(self, vector, k: int, excluded: set[str]):
        """Top-k vector hits outside ``excluded`` (statute versions not in force). Chroma's own
        ``$nin`` filter scans metadata first: +180 ms per query on 68k chunks (measured). Over-
        fetching and dropping is exact whenever k hits survive — the first k allowed hits of the
        full ranking are the top-k allowed — so the filter runs only when they do not."""
        if not excluded:
            return self.index.vectors.query(vector, k)
        hits = [h for h in self.index.vectors.query(vector, VECTOR_OVERFETCH * k) if h.doc_id not in excluded]
        if len(hits) >= k:
            return hits[:k]
        return self.index.vectors.query(vector, k, where={"doc_id": {"$nin": sorted(excluded)}})

    def _statute_pool(self, allowed: set[str] | None) -> bool:
        """Whether the candidates will be statute articles, the only pool the learned ranker
        knows: every allowed document is a statute, or, unfiltered, the home is mostly statutes."""
        kinds = [kind for doc_id, kind in self._doc_kinds().items() if allowed is None or doc_id in allowed]
        return bool(kinds) and sum(k == "statute" for k in kinds) >= 0.9 * len(kinds)

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
