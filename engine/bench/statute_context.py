"""Bare vs context-enriched article embeddings, compared on the same corpus and questions.

The enriched index (``embedding.statute_context``: 法律：…；层级：…；章节：…；条文：…) needs every
article embedded again — about 45 min on a quiet 2-core machine, much longer on a shared one.
When the enriched home holds only part of the corpus, the comparison is made on exactly that part:
the same chunks, each with its bare vector (from the bare home: same chunk ids, since ids come
from the file's bytes) and its enriched vector, the same BM25 candidates (the enriched home's own
index, which is the bare one's on those documents), exact nearest neighbours for both vector sets
(no HNSW difference), RRF k = 60 as in search. Questions count when at least one gold article is in
that part; recall is over the gold articles that are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.bench.common import read_jsonl
from engine.bench.metrics import hit_at, mean, mrr_at, recall_at
from engine.bench.statutes import article_id
from engine.engine import Engine
from engine.retrieve.fusion import reciprocal_rank_fusion
from engine.question import read_question
from engine.retrieve.search import article_of

K = 100


@dataclass
class SpaceReport:
    name: str
    per_q: dict[str, list[float]] = field(default_factory=lambda: {
        m: [] for m in ("R@10", "R@100", "hit@10", "MRR@10")})

    def add(self, ranked: list[str], gold: set[str]) -> None:
        self.per_q["R@10"].append(recall_at(ranked, gold, 10))
        self.per_q["R@100"].append(recall_at(ranked, gold, 100))
        self.per_q["hit@10"].append(hit_at(ranked, gold, 10))
        self.per_q["MRR@10"].append(mrr_at(ranked, gold, 10))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, **{m: round(mean(v), 4) for m, v in self.per_q.items()}}


GET_BATCH = 5000  # Chroma's SQLite refuses a query with too many variables


def _vectors(engine: Engine, ids: list[str]) -> np.ndarray:
    by_id = {}
    for start in range(0, len(ids), GET_BATCH):
        got = engine.index.vectors.collection.get(ids=ids[start:start + GET_BATCH], include=["embeddings"])
        by_id.update(zip(got["ids"], got["embeddings"]))
    missing = [i for i in ids if i not in by_id]
    if missing:
        raise ValueError(f"{len(missing)} chunks have no vector in {engine.home} (e.g. {missing[0]})")
    return np.asarray([by_id[i] for i in ids], dtype=np.float32)


def compare(bare: Engine, enriched: Engine, stard_file: Path, limit: int | None = None) -> dict[str, Any]:
    chunks = enriched.index.catalog.chunks()
    ids = [c.chunk_id for c in chunks]
    article = [article_id(article_of(c)) for c in chunks]
    corpus = {a for a in article if a}
    spaces = {"bare": _vectors(bare, ids), "enriched": _vectors(enriched, ids)}
    lexical = enriched.index.lexical_index()
    reports = {f"{mode} {space}": SpaceReport(f"{mode} {space}")
               for mode in ("vector", "hybrid") for space in spaces}
    asked = 0
    for q in read_jsonl(stard_file)[:limit]:
        gold = {g["lawrefbook_id"] for g in q["gold_articles"] if g.get("lawrefbook_id")} & corpus
        if not gold:
            continue
        asked += 1
        parsed = read_question(q["question"]).query
        query = enriched.index.embedder.embed_query(parsed.text)
        bm25 = [cid for cid, _ in lexical.search(parsed.tokens, K)]
        position = {cid: i for i, cid in enumerate(ids)}
        for space, matrix in spaces.items():
            scores = matrix @ query
            top = np.argsort(-scores, kind="stable")[:K]
            vector = [ids[i] for i in top]
            fused = [cid for cid, _ in reciprocal_rank_fusion({"bm25": bm25, "vector": vector})]
            for mode, ranked in (("vector", vector), ("hybrid", fused)):
                labels = [article[position[c]] for c in ranked[:K]]
                reports[f"{mode} {space}"].add([a for a in labels if a], gold)
    return {"chunks": len(ids), "documents": len({c.doc_id for c in chunks}), "articles": len(corpus),
            "questions": asked, "runs": [r.to_dict() for r in reports.values()]}
