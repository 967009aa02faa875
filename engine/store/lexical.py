"""BM25 over jieba tokens (numbers normalised), persisted and rebuilt from the catalog.

Corpus statistics come from rank-bm25's ``BM25Okapi`` (idf with its epsilon floor, k1, b,
average length), so scores are exactly rank-bm25's. Its ``get_scores`` walks a Python dict per
document for every query term (~350 ms per query on 58k articles); we score over inverted
postings instead, touching only the documents that contain a query term. tests/store/
test_lexical.py checks the two agree on real statute text.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

import numpy as np

from engine.store.pickled import SavedFields
from engine.types import Chunk, DocKind
from rank_bm25 import BM25Okapi


# -- what BM25 indexes of a chunk (at ingest, and when a home is re-tokenized) ----------------
def lexical_text(chunk: Chunk) -> str:
    """Text BM25 indexes: the chunk, plus the identity a user types for a statute article, or the
    section numbers and headings a contract clause sits under."""
    if chunk.kind == DocKind.STATUTE.value and chunk.meta.get("article_label"):
        return " ".join(filter(None, (chunk.meta.get("law_short"), chunk.meta.get("article_label"),
                                      chunk.text)))
    if chunk.kind == DocKind.CONTRACT.value and chunk.meta.get("clause_no"):
        return f"{section_context(chunk.meta)}\n{chunk.text}"
    return chunk.text


def section_context(meta: dict[str, Any]) -> str:
    """Where a clause chunk sits in the outline, as a reader would cite it: its parents' numbers
    and headings, then its own ("12 TERM AND TERMINATION > 12.3 Termination for Convenience").
    BM25 indexes it with the chunk (lexical_text), so a sub-clause or the second part
    of a long clause is still found by its section's heading; search reads it to match clause
    categories to headings (engine/retrieve/contracts.py). Empty for chunks outside the clauses."""
    own = " ".join(str(x) for x in (meta.get("clause_no"), meta.get("heading")) if x)
    return " > ".join([*(meta.get("path") or []), *([own] if own else [])])


EPSILON = 0.25  # rank-bm25's floor for terms in more than half of the chunks, × the mean idf


def raw_idf(df: int, n: int) -> float:
    """rank-bm25's BM25Okapi idf of a term in ``df`` of ``n`` chunks (before the floor)."""
    return math.log(n - df + 0.5) - math.log(df + 0.5)


def floored_idf(dfs: Mapping[str, int], n: int) -> dict[str, float]:
    """rank-bm25's idf of every term, the negative ones floored at EPSILON × the mean idf. The mean
    is summed with ``math.fsum`` (exactly rounded, so independent of the order of the terms) where
    rank-bm25 adds in the order the terms first appear: the floor then differs from rank-bm25's in
    the last bit at most, and is the same wherever the frequencies are kept (the shared profile's
    server, engine/store/pg_retrieval.py, sums them in another order)."""
    raw = {term: raw_idf(df, n) for term, df in dfs.items()}
    if not raw:
        return {}
    floor = EPSILON * (math.fsum(raw.values()) / len(raw))
    return {term: value if value >= 0 else floor for term, value in raw.items()}


@dataclass
class LexicalIndex(SavedFields):
    generation: int
    chunk_ids: list[str]
    doc_ids: np.ndarray  # int index into doc_names, one per chunk
    doc_names: list[str]
    idf: dict[str, float]
    k1: float
    postings: dict[str, tuple[np.ndarray, np.ndarray]]  # term -> (chunk indices, term freqs)
    norm: np.ndarray  # k1 * (1 - b + b * len / avgdl), one per chunk
    _doc_index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._doc_index = {name: i for i, name in enumerate(self.doc_names)}

    @classmethod
    def build(cls, rows: Iterable[tuple[str, str, Sequence[str]]], generation: int = 0,
              k1: float = 1.5, b: float = 0.75) -> "LexicalIndex":
        """rows: (chunk_id, doc_id, tokens) for every searchable chunk."""
        chunk_ids, doc_of, corpus = [], [], []
        doc_names: dict[str, int] = {}
        for chunk_id, doc_id, tokens in rows:
            chunk_ids.append(chunk_id)
            doc_of.append(doc_names.setdefault(doc_id, len(doc_names)))
            corpus.append(list(tokens))
        if not corpus:
            return cls(generation, [], np.zeros(0, np.int32), [], {}, k1, {}, np.zeros(0))
        # rank-bm25 divides by zero on an all-empty corpus; an empty chunk is harmless otherwise.
        reference = BM25Okapi([doc or [""] for doc in corpus], k1=k1, b=b)
        lengths = np.asarray(reference.doc_len, dtype=np.float64)
        norm = k1 * (1 - b + b * lengths / reference.avgdl)
        collected: dict[str, tuple[list[int], list[int]]] = {}
        for index, freqs in enumerate(reference.doc_freqs):
            for term, tf in freqs.items():
                docs, tfs = collected.setdefault(term, ([], []))
                docs.append(index)
                tfs.append(tf)
        postings = {t: (np.asarray(d, dtype=np.int32), np.asarray(f, dtype=np.float64))
                    for t, (d, f) in collected.items()}
        idf = floored_idf({t: len(d) for t, (d, _) in collected.items()}, len(corpus))
        return cls(generation, chunk_ids, np.asarray(doc_of, dtype=np.int32), list(doc_names),
                   idf, k1, postings, norm)

    def __len__(self) -> int:
        return len(self.chunk_ids)

    def scores(self, query_tokens: Sequence[str]) -> np.ndarray:
        """BM25Okapi.get_scores, computed from postings (repeated query terms count again)."""
        scores = np.zeros(len(self.chunk_ids), dtype=np.float64)
        for term in query_tokens:
            self._add_term(scores, term, 1.0)
        return scores

    def weighted_scores(self, weights: Mapping[str, float]) -> np.ndarray:
        """BM25 with a weight per query term (query expansion: an added word counts less than
        the question's own); weights of 1 per occurrence give ``scores``."""
        scores = np.zeros(len(self.chunk_ids), dtype=np.float64)
        for term, weight in weights.items():
            self._add_term(scores, term, weight)
        return scores

    def _add_term(self, scores: np.ndarray, term: str, weight: float) -> None:
        posting = self.postings.get(term)
        if posting is not None:
            docs, tfs = posting
            scores[docs] += weight * self.idf[term] * (tfs * (self.k1 + 1) / (tfs + self.norm[docs]))

    def search(self, query_tokens: Sequence[str], k: int,
               doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None,
               weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]:
        """Top-k (chunk_id, score) with score > 0, optionally only within ``doc_ids`` and never
        in ``exclude`` (statute versions not in force); ``weights`` (per term) replace the
        tokens when given (an expanded query)."""
        if not self.chunk_ids or k <= 0:
            return []
        scores = self.weighted_scores(weights) if weights is not None else self.scores(query_tokens)
        if doc_ids is not None:
            wanted = [self._doc_index[d] for d in doc_ids if d in self._doc_index]
            scores[~np.isin(self.doc_ids, wanted)] = 0.0
        if exclude:
            unwanted = [self._doc_index[d] for d in exclude if d in self._doc_index]
            scores[np.isin(self.doc_ids, unwanted)] = 0.0
        candidates = np.flatnonzero(scores > 0)
        if candidates.size > k:
            candidates = candidates[np.argpartition(-scores[candidates], k - 1)[:k]]
        order = candidates[np.lexsort((candidates, -scores[candidates]))]
        return [(self.chunk_ids[i], float(scores[i])) for i in order]


class LexicalStore:
    """Keeps the in-memory index in step with the catalog's generation; rebuilds lazily."""

    def __init__(self, path: Path):
        self.path = path
        self._index: LexicalIndex | None = None
        self._lock = threading.Lock()

    def get(self, generation: int,
            snapshot: Callable[[], tuple[int, Iterable[tuple[str, str, str]]]]) -> LexicalIndex:
        """The index of ``generation`` (the catalog's now) or, when another process committed
        since, of the generation ``snapshot`` reads together with its rows — never rows of one
        generation labelled with another."""
        index = self._index
        if index is not None and index.generation == generation:
            return index
        with self._lock:
            if self._index is None or self._index.generation != generation:
                loaded = LexicalIndex.load(self.path) if self._index is None else None
                if loaded is not None and loaded.generation == generation:
                    self._index = loaded
                else:
                    at, rows = snapshot()
                    self._index = LexicalIndex.build(
                        ((cid, did, toks.split()) for cid, did, toks in rows), at)
                    self._index.save(self.path)
            return self._index
