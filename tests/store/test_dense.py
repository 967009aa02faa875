"""Exact vector search: the true top-k, ties in row order, filters as masks, rebuilt by generation."""

from __future__ import annotations

import numpy as np
import pytest

from engine.store.dense import DenseStore, build_dense, top_rows

pytestmark = pytest.mark.unit


def _index(vectors: np.ndarray, docs: list[str], generation: int = 1):
    rows = [(f"{doc}:{i:05d}", doc) for i, doc in enumerate(docs)]
    stored = {cid: v for (cid, _), v in zip(rows, vectors)}
    return build_dense(generation, "space", rows, lambda ids: {c: stored[c] for c in ids if c in stored},
                       vectors.shape[1])


def test_search_is_the_exact_top_k_by_cosine():
    rng = np.random.default_rng(7)
    vectors = rng.normal(size=(500, 16)).astype(np.float32)
    index = _index(vectors, [f"d{i % 7}" for i in range(500)])
    query = rng.normal(size=16).astype(np.float32)
    cosines = (vectors @ query) / (np.linalg.norm(vectors, axis=1) * np.linalg.norm(query))
    expected = np.argsort(-cosines, kind="stable")[:25]
    got = index.search(query, 25)
    assert [cid for cid, _ in got] == [index.chunk_ids[i] for i in expected]
    assert [s for _, s in got] == pytest.approx(cosines[expected].tolist(), abs=1e-5)


def test_equal_scores_keep_row_order_and_filters_are_masks():
    vectors = np.tile(np.asarray([[1.0, 0.0]], dtype=np.float32), (6, 1))
    index = _index(vectors, ["a", "b", "a", "b", "c", "c"])
    assert [cid for cid, _ in index.search(np.asarray([1.0, 0.0]), 4)] == index.chunk_ids[:4]
    assert {cid.split(":")[0] for cid, _ in index.search(np.asarray([1.0, 0.0]), 6, doc_ids={"b"})} == {"b"}
    kept = index.search(np.asarray([1.0, 0.0]), 6, exclude={"a", "c"})
    assert [cid for cid, _ in kept] == ["b:00001", "b:00003"]


def test_top_rows_floor_mask_and_ties_at_the_cut():
    scores = np.asarray([0.0, 2.0, 1.0, 2.0, 1.0, 3.0])
    assert top_rows(scores, 3).tolist() == [5, 1, 3]
    assert top_rows(scores, 4).tolist() == [5, 1, 3, 2]  # tie at the cut: the earlier row
    assert top_rows(scores, 10, floor=0.0).tolist() == [5, 1, 3, 2, 4]
    mask = np.asarray([True, False, True, True, False, False])
    assert top_rows(scores, 2, mask).tolist() == [3, 2]
    assert top_rows(scores, 0).tolist() == []


def test_a_chunk_without_a_vector_never_matches_and_the_store_follows_the_generation(tmp_path):
    fetched = []

    def fetch(ids):
        fetched.append(list(ids))
        return {"d:00000": np.asarray([0.0, 2.0], dtype=np.float32)}

    store = DenseStore(tmp_path / "dense.pkl")
    rows = [("d:00000", "d"), ("d:00001", "d")]
    first = store.get(1, "space", lambda: rows, fetch, 2)
    assert first.matrix[0].tolist() == [0.0, 1.0] and first.matrix[1].tolist() == [0.0, 0.0]
    assert store.get(1, "space", lambda: rows, fetch, 2) is first and len(fetched) == 1
    # another process opening the same home reads the saved matrix instead of asking Chroma
    again = DenseStore(tmp_path / "dense.pkl").get(1, "space", lambda: rows, fetch, 2)
    assert len(fetched) == 1 and again.chunk_ids == first.chunk_ids
    store.get(2, "space", lambda: rows, fetch, 2)
    assert len(fetched) == 2  # a new catalog generation rebuilds
