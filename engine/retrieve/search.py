"""Hybrid search: BM25 top-K1 ∪ vector top-K2 → RRF → rerank → top-k, with per-stage timings.

Filters (document, kind) apply inside both channels — as a document mask in BM25 and as a
Chroma ``where`` — so a filtered query never loses its top-k to other documents.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.config import Settings
from engine.ingest.pipeline import embedding_text
from engine.retrieve.fusion import reciprocal_rank_fusion
from engine.retrieve.query import ParsedQuery, parse_query
from engine.retrieve.rerank import RerankerChoice
from engine.store.index import Index
from engine.timing import Stopwatch
from engine.types import Chunk


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
            "path": meta.get("path", [])}


@dataclass
class SearchHit:
    rank: int
    chunk: Chunk
    doc_name: str
    score: float
    channels: dict[str, dict[str, float]] = field(default_factory=dict)  # bm25/vector/rrf/rerank

    def article(self) -> dict[str, Any] | None:
        return article_of(self.chunk)

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

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "mode": self.mode.value, "reranker": self.reranker,
                "results": [h.to_dict() for h in self.results],
                "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()}}


class Searcher:
    def __init__(self, index: Index, settings: Settings, reranker: RerankerChoice):
        self.index = index
        self.settings = settings
        self.reranker = reranker

    def search(self, query: str, k: int = 10, mode: SearchMode | str = SearchMode.HYBRID,
               rerank: bool = True, doc_id: str | None = None,
               kind: str | None = None) -> SearchResponse:
        if k <= 0:
            raise ValueError("k must be greater than 0")
        mode = SearchMode(mode)
        watch = Stopwatch()
        lap = watch.lap
        parsed = parse_query(query)
        allowed = self._allowed_docs(doc_id, kind)
        lap("parse")
        conf = self.settings.retrieval
        candidates: dict[str, list[tuple[str, float]]] = {}
        if mode in (SearchMode.HYBRID, SearchMode.BM25):
            lexical = self.index.lexical_index()
            candidates["bm25"] = lexical.search(parsed.tokens, conf.k_bm25 if mode is SearchMode.HYBRID
                                                else max(k, conf.k_bm25), doc_ids=allowed)
            lap("bm25")
        if mode in (SearchMode.HYBRID, SearchMode.VECTOR):
            where = None if allowed is None else {"doc_id": {"$in": sorted(allowed)}}
            vector = self.index.embedder.embed_query(parsed.text)
            hits = [] if allowed == set() else self.index.vectors.query(vector, conf.k_vector, where=where)
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
            scores = self.reranker.reranker.score(parsed.text, [embedding_text(chunks[c]) for c in pool_ids])
            order = sorted(range(len(pool_ids)), key=lambda i: (-scores[i], i))
            reranked = [(pool_ids[i], float(scores[i])) for i in order]
            lap("rerank")
        final = reranked if reranked is not None else [(cid, s) for cid, s in fused if cid in chunks]

        per_channel = {ch: {cid: (rank, score) for rank, (cid, score) in enumerate(lst, 1)}
                       for ch, lst in candidates.items()}
        fused_score = dict(fused)
        names = self._doc_names()
        results = []
        for rank, (cid, score) in enumerate(final[:k], start=1):
            channels = {ch: {"rank": got[cid][0], "score": round(got[cid][1], 6)}
                        for ch, got in per_channel.items() if cid in got}
            if mode is SearchMode.HYBRID:
                channels["rrf"] = {"score": round(fused_score[cid], 6)}
            if reranked is not None:
                channels["rerank"] = {"score": round(score, 6)}
            chunk = chunks[cid]
            results.append(SearchHit(rank, chunk, names.get(chunk.doc_id, chunk.doc_id), score, channels))
        timings = {**watch.laps, "total": watch.total()}
        return SearchResponse(query=query, parsed=parsed, mode=mode,
                              reranker=self.reranker.name if reranked is not None else "none",
                              results=results, candidates=candidates, timings_ms=timings)

    def _allowed_docs(self, doc_id: str | None, kind: str | None) -> set[str] | None:
        if doc_id is None and kind is None:
            return None
        docs = self.index.catalog.documents("ready")
        return {d.doc_id for d in docs
                if (doc_id is None or d.doc_id == doc_id) and (kind is None or d.kind == kind)}

    def _doc_names(self) -> dict[str, str]:
        generation = self.index.catalog.generation()
        cached = getattr(self, "_names", None)
        if cached is None or cached[0] != generation:
            self._names = (generation, {d.doc_id: d.name for d in self.index.catalog.documents("ready")})
        return self._names[1]
