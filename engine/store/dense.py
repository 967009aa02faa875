"""Exact nearest neighbours: every chunk vector in one matrix, scored by one matrix product.

Why next to Chroma's HNSW: the learned statute ranker is trained on candidate pools, and HNSW
returns slightly different top-300 lists for the same query vector in different processes, which
moved retrained figures by ~0.02 (docs/benchmarks.md). An exact search is deterministic, finds the
true top-k (HNSW at ef=200 misses some at k=300), and on 60k × 384 float32 it is one BLAS call of
a few milliseconds on 2 cores. It also gives the cosine of *every* chunk, so features need no
extra embedding lookups.

Rows follow the catalog's ``lexical_rows`` order — the BM25 index's order — so a BM25 score array
and a cosine array over the corpus share one index. The matrix is read from Chroma (the vectors
of record), persisted next to the BM25 postings and rebuilt lazily when the catalog generation
changes, exactly like the lexical index.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from engine.store.pickled import SavedFields

# Chroma's get() by ids is batched: SQLite limits the number of bound parameters.
_FETCH_BATCH = 4000


@dataclass
class DenseIndex(SavedFields):
    generation: int
    space: str  # the vector space (embedding model id) the rows belong to
    chunk_ids: list[str]
    doc_ids: np.ndarray  # int32 index into doc_names, one per row
    doc_names: list[str]
    matrix: np.ndarray  # float32 (rows, dim), L2-normalised; a chunk without a vector is zeros
    _doc_index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._doc_index = {name: i for i, name in enumerate(self.doc_names)}

    def __len__(self) -> int:
        return len(self.chunk_ids)

    def scores(self, query: np.ndarray) -> np.ndarray:
        """Cosine of the query with every row (the query is normalised here)."""
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        norm = float(np.linalg.norm(q))
        if not len(self.chunk_ids) or norm == 0.0:
            return np.zeros(len(self.chunk_ids), dtype=np.float32)
        return self.matrix @ (q / norm)

    def doc_mask(self, doc_ids: Iterable[str] | None = None,
                 exclude: Iterable[str] | None = None) -> np.ndarray | None:
        """Rows allowed by a document filter (None: all rows)."""
        if doc_ids is None and not exclude:
            return None
        mask = np.ones(len(self.chunk_ids), dtype=bool)
        if doc_ids is not None:
            mask &= np.isin(self.doc_ids, [self._doc_index[d] for d in doc_ids if d in self._doc_index])
        if exclude:
            mask &= ~np.isin(self.doc_ids, [self._doc_index[d] for d in exclude if d in self._doc_index])
        return mask

    def search(self, query: np.ndarray, k: int, doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None) -> list[tuple[str, float]]:
        """Exact top-k (chunk_id, cosine), ties broken by row order (deterministic)."""
        scores = self.scores(query)
        rows = top_rows(scores, k, self.doc_mask(doc_ids, exclude))
        return [(self.chunk_ids[i], float(scores[i])) for i in rows]


def top_rows(scores: np.ndarray, k: int, mask: np.ndarray | None = None,
             floor: float | None = None) -> np.ndarray:
    """Indices of the k highest scores (only where ``mask``; only above ``floor``), best first,
    equal scores in row order — the same answer in every process."""
    candidates = np.flatnonzero(mask) if mask is not None else np.arange(len(scores))
    if floor is not None:
        candidates = candidates[scores[candidates] > floor]
    if k <= 0 or candidates.size == 0:
        return np.zeros(0, dtype=np.int64)
    if candidates.size > k:
        part = scores[candidates]
        # the k-th best value; every candidate at or above it, then an exact stable sort
        kth = np.partition(-part, k - 1)[k - 1]
        candidates = candidates[-part <= kth]
    order = np.lexsort((candidates, -scores[candidates]))
    return candidates[order][:k]


def build_dense(generation: int, space: str, rows: Sequence[tuple[str, str]],
                fetch: Callable[[list[str]], dict[str, np.ndarray]], dim: int) -> DenseIndex:
    """rows: (chunk_id, doc_id) in index order; fetch: chunk ids → their stored vectors."""
    chunk_ids = [cid for cid, _ in rows]
    doc_names: dict[str, int] = {}
    doc_of = np.asarray([doc_names.setdefault(doc, len(doc_names)) for _, doc in rows], dtype=np.int32)
    matrix = np.zeros((len(chunk_ids), dim), dtype=np.float32)
    for start in range(0, len(chunk_ids), _FETCH_BATCH):
        batch = chunk_ids[start:start + _FETCH_BATCH]
        got = fetch(batch)
        for offset, cid in enumerate(batch):
            vector = got.get(cid)
            if vector is not None:
                matrix[start + offset] = vector
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    np.divide(matrix, norms, out=matrix, where=norms > 0)
    return DenseIndex(generation, space, chunk_ids, doc_of, list(doc_names), matrix)


class DenseStore:
    """Keeps the in-memory matrix in step with the catalog's generation; rebuilds lazily."""

    def __init__(self, path: Path):
        self.path = path
        self._index: DenseIndex | None = None
        self._lock = threading.Lock()

    def get(self, generation: int, space: str, rows_fn: Callable[[], Sequence[tuple[str, str]]],
            fetch: Callable[[list[str]], dict[str, np.ndarray]], dim: int,
            still_current: Callable[[], bool] = lambda: True) -> DenseIndex:
        """``still_current`` is asked after a build: a matrix read while another process committed
        may lack vectors of a document deleted meanwhile (zero rows); it serves this process
        until it sees the new generation, but is not saved for others under the old one."""
        index = self._index
        if index is not None and index.generation == generation and index.space == space:
            return index
        with self._lock:
            index = self._index
            if index is None or index.generation != generation or index.space != space:
                loaded = DenseIndex.load(self.path) if index is None else None
                if loaded is not None and loaded.generation == generation and loaded.space == space:
                    self._index = loaded
                else:
                    self._index = build_dense(generation, space, rows_fn(), fetch, dim)
                    if still_current():
                        self._index.save(self.path)
            return self._index
