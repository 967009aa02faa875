"""Chroma vectors: an embedded PersistentClient by default, a Chroma server by URL in settings.

We always pass our own vectors (``embedding_function=None``): Chroma's default embedder would
download a model and knows no Chinese. One collection per embedding model id, so switching models
never mixes vector spaces. Every vector carries its ``doc_id`` so a document's vectors can be
removed as a unit.
"""

from __future__ import annotations

import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence
from urllib.parse import urlparse

import numpy as np

from engine.config import VectorSettings

_clients: dict[str, "SharedClient"] = {}
_clients_lock = threading.Lock()


class SharedClient:
    """The one Chroma client of a path (or server URL) in this process, and how fresh it is.

    Embedded Chroma (PersistentClient) loads each collection's vector index into memory and keeps
    it: writes another process makes afterwards are on disk but not in this copy, and reading a
    vector another process wrote through it fails ("Error finding id") until the client is
    reopened. ``seen_generation`` is the catalog generation whose commits this client is known to
    reflect (the generation read just before it was opened, or later ones this process wrote
    itself); ``refresh`` reopens it when that is older than needed. Every call into Chroma holds
    ``lock``, so a reopen never closes the client under a call of another thread. A Chroma server
    holds one state for every client: there a refresh only records the generation.
    """

    def __init__(self, settings: VectorSettings, path: Path, generation: int):
        self.settings, self.path = settings, Path(path)
        self.lock = threading.RLock()
        self.epoch = 0  # counts reopenings: collection handles of an older epoch are stale
        self.seen_generation = generation
        self.client = self._open()

    def _open(self):
        import chromadb

        chroma_settings = chromadb.Settings(anonymized_telemetry=False)
        if self.settings.mode == "server":
            url = urlparse(self.settings.url)
            return chromadb.HttpClient(host=url.hostname or "127.0.0.1", port=url.port or 8000,
                                       ssl=url.scheme == "https", settings=chroma_settings)
        self.path.mkdir(parents=True, exist_ok=True)
        return chromadb.PersistentClient(path=str(self.path), settings=chroma_settings)

    def refresh(self, at_least: int, current: Callable[[], int]) -> None:
        """Make the client reflect every commit up to generation ``at_least``: reopened (from disk
        as it is now) unless it already does; ``current`` reads the catalog's generation, just
        before the reopening, which the new client then reflects."""
        with self.lock:
            if self.seen_generation >= at_least:
                return
            generation = current()
            if self.settings.mode != "server":
                self.client.close()  # the last reference to its System: Chroma stops it
                self.client = self._open()
                self.epoch += 1
            self.seen_generation = generation

    def forget(self) -> None:
        """Another process may have written since this client was opened: reopen at next use."""
        with self.lock:
            self.seen_generation = -1

    def saw(self, generation: int) -> None:
        """This process wrote the commits up to ``generation`` itself, through this client."""
        with self.lock:
            self.seen_generation = max(self.seen_generation, generation)


def shared_client(settings: VectorSettings, path: Path, generation: int = -1) -> SharedClient:
    """One client per path or URL per process: two PersistentClients on one path corrupt it.
    ``generation``: the catalog generation read before this call (what a new client reflects)."""
    key = settings.url if settings.mode == "server" else str(Path(path).resolve())
    with _clients_lock:
        shared = _clients.get(key)
        if shared is None:
            shared = _clients[key] = SharedClient(settings, path, generation)
        return shared


def chroma_client(settings: VectorSettings, path: Path):
    """The process's current Chroma client of a path or URL."""
    return shared_client(settings, path).client


def collection_name(model_id: str, namespace: str = "lextrace") -> str:
    # Chroma names: 3-512 chars of [a-zA-Z0-9._-], starting and ending alphanumeric.
    return re.sub(r"[^a-zA-Z0-9._-]+", "-", f"{namespace}-chunks-{model_id}").strip("-._")


@dataclass
class VectorHit:
    chunk_id: str
    doc_id: str
    similarity: float  # cosine similarity, 1 - Chroma's cosine distance


class VectorStore:
    """One collection. Every call goes through the path's ``SharedClient`` under its lock, and
    takes the collection handle anew after the client was reopened."""

    # Chroma's add() rejects batches above its max_batch_size (~5k on SQLite); stay well below.
    BATCH = 2000

    def __init__(self, settings: VectorSettings, path: Path, model_id: str, generation: int = -1):
        self.settings = settings
        self.model_id = model_id
        self.shared = shared_client(settings, path, generation)
        self._collection = None
        self._epoch = -1

    @property
    def client(self):
        return self.shared.client

    @property
    def seen_generation(self) -> int:
        return self.shared.seen_generation

    def refresh(self, at_least: int, current: Callable[[], int]) -> None:
        self.shared.refresh(at_least, current)

    @contextmanager
    def _open_collection(self) -> Iterator[Any]:
        with self.shared.lock:
            if self._epoch != self.shared.epoch or self._collection is None:
                self._collection = self.shared.client.get_or_create_collection(
                    collection_name(self.model_id, self.settings.namespace), embedding_function=None,
                    configuration={"hnsw": {"space": "cosine", "ef_search": self.settings.ef_search,
                                            "ef_construction": self.settings.ef_construction}},
                    metadata={"model_id": self.model_id})
                self._epoch = self.shared.epoch
            yield self._collection

    @property
    def collection(self):
        """The collection handle of the current client (for direct reads; hold no reference
        across a refresh)."""
        with self._open_collection() as collection:
            return collection

    def add(self, ids: Sequence[str], vectors: np.ndarray, metadatas: Sequence[dict[str, Any]]) -> None:
        with self._open_collection() as collection:
            for start in range(0, len(ids), self.BATCH):
                end = start + self.BATCH
                collection.upsert(ids=list(ids[start:end]), embeddings=vectors[start:end],
                                  metadatas=list(metadatas[start:end]))

    def delete_doc(self, doc_id: str) -> None:
        with self._open_collection() as collection:
            collection.delete(where={"doc_id": doc_id})

    def count(self) -> int:
        with self._open_collection() as collection:
            return collection.count()

    def ids_for_doc(self, doc_id: str) -> list[str]:
        with self._open_collection() as collection:
            return collection.get(where={"doc_id": doc_id}, include=[])["ids"]

    def doc_ids(self) -> set[str]:
        """Every doc_id that has vectors (a full scan: for consistency checks, not hot paths)."""
        seen: set[str] = set()
        with self._open_collection() as collection:
            total, offset, page = collection.count(), 0, 5000
            while offset < total:
                got = collection.get(include=["metadatas"], limit=page, offset=offset)
                seen.update(m["doc_id"] for m in got["metadatas"])
                offset += page
        return seen

    def vectors_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """The stored vectors of ``ids`` (those that have one), for the exact index
        (engine/store/dense.py)."""
        if not ids:
            return {}
        with self._open_collection() as collection:
            got = collection.get(ids=list(ids), include=["embeddings"])
        return {cid: np.asarray(vec, dtype=np.float32) for cid, vec in zip(got["ids"], got["embeddings"])}

    def query(self, vector: np.ndarray, k: int, where: dict[str, Any] | None = None) -> list[VectorHit]:
        if k <= 0:
            return []
        with self._open_collection() as collection:
            if collection.count() == 0:
                return []
            # Distances only: fetching metadatas costs ~15 ms per query on 60k vectors, and the
            # document is part of the chunk id (<doc_id>:<seq>) anyway.
            result = collection.query(query_embeddings=[np.asarray(vector, dtype=np.float32)],
                                      n_results=k, where=where, include=["distances"])
        return [VectorHit(cid, cid.rsplit(":", 1)[0], 1.0 - float(dist))
                for cid, dist in zip(result["ids"][0], result["distances"][0])]
