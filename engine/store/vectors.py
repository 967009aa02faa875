"""Chroma vectors: an embedded PersistentClient by default, a Chroma server by URL in settings.

We always pass our own vectors (``embedding_function=None``): Chroma's default embedder would
download a model and knows no Chinese. One collection per embedding model id, so switching models
never mixes vector spaces. Every vector carries its ``doc_id`` so a document's vectors can be
removed as a unit.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence
from urllib.parse import urlparse

import numpy as np

from engine.config import VectorSettings

_clients: dict[str, Any] = {}
_clients_lock = threading.Lock()


def chroma_client(settings: VectorSettings, path: Path):
    """One client per path or URL per process: two PersistentClients on one path corrupt it."""
    import chromadb

    key = settings.url if settings.mode == "server" else str(Path(path).resolve())
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            chroma_settings = chromadb.Settings(anonymized_telemetry=False)
            if settings.mode == "server":
                url = urlparse(settings.url)
                client = chromadb.HttpClient(host=url.hostname or "127.0.0.1",
                                             port=url.port or 8000, ssl=url.scheme == "https",
                                             settings=chroma_settings)
            else:
                Path(path).mkdir(parents=True, exist_ok=True)
                client = chromadb.PersistentClient(path=str(path), settings=chroma_settings)
            _clients[key] = client
        return client


def collection_name(model_id: str, namespace: str = "lextrace") -> str:
    # Chroma names: 3-512 chars of [a-zA-Z0-9._-], starting and ending alphanumeric.
    return re.sub(r"[^a-zA-Z0-9._-]+", "-", f"{namespace}-chunks-{model_id}").strip("-._")


@dataclass
class VectorHit:
    chunk_id: str
    doc_id: str
    similarity: float  # cosine similarity, 1 - Chroma's cosine distance


class VectorStore:
    # Chroma's add() rejects batches above its max_batch_size (~5k on SQLite); stay well below.
    BATCH = 2000

    def __init__(self, settings: VectorSettings, path: Path, model_id: str):
        self.settings = settings
        self.client = chroma_client(settings, path)
        self.collection = self.client.get_or_create_collection(
            collection_name(model_id, settings.namespace), embedding_function=None,
            configuration={"hnsw": {"space": "cosine", "ef_search": settings.ef_search,
                                    "ef_construction": settings.ef_construction}},
            metadata={"model_id": model_id})

    def add(self, ids: Sequence[str], vectors: np.ndarray, metadatas: Sequence[dict[str, Any]]) -> None:
        for start in range(0, len(ids), self.BATCH):
            end = start + self.BATCH
            self.collection.upsert(ids=list(ids[start:end]), embeddings=vectors[start:end],
                                   metadatas=list(metadatas[start:end]))

    def delete_doc(self, doc_id: str) -> None:
        self.collection.delete(where={"doc_id": doc_id})

    def count(self) -> int:
        return self.collection.count()

    def ids_for_doc(self, doc_id: str) -> list[str]:
        return self.collection.get(where={"doc_id": doc_id}, include=[])["ids"]

    def doc_ids(self) -> set[str]:
        """Every doc_id that has vectors (a full scan: for consistency checks, not hot paths)."""
        seen: set[str] = set()
        total, offset, page = self.count(), 0, 5000
        while offset < total:
            got = self.collection.get(include=["metadatas"], limit=page, offset=offset)
            seen.update(m["doc_id"] for m in got["metadatas"])
            offset += page
        return seen

    def vectors_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of ``ids`` (those that have one), for the exact index
        (engine/store/dense.py)."""
        if not ids:
            return {}
        got = self.collection.get(ids=list(ids), include=["embeddings"])
        return {cid: np.asarray(vec, dtype=np.float32) for cid, vec in zip(got["ids"], got["embeddings"])}

    def query(self, vector: np.ndarray, k: int, where: dict[str, Any] | None = None) -> list[VectorHit]:
        if k <= 0 or self.count() == 0:
            return []
        # Distances only: fetching metadatas costs ~15 ms per query on 60k vectors, and the
        # document is part of the chunk id (<doc_id>:<seq>) anyway.
        result = self.collection.query(query_embeddings=[np.asarray(vector, dtype=np.float32)],
                                       n_results=k, where=where, include=["distances"])
        return [VectorHit(cid, cid.rsplit(":", 1)[0], 1.0 - float(dist))
                for cid, dist in zip(result["ids"][0], result["distances"][0])]
