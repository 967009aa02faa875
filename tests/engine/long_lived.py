"""A process that keeps a home open and obeys commands, one JSON object per line on stdin, each
answered by one JSON line on stdout — a stand-in for a dashboard in tests that need a process
opened before something else happens (tests/engine/test_crash_reingest.py).

    python -m tests.engine.long_lived HOME
    {"op": "ask", "question": "..."}      -> {"status": "answered"}
    {"op": "ingest", "path": "..."}       -> the ingest report
    {"op": "stores", "doc_id": "...", "marker": "..."} -> presence(...)
    a command that raised                 -> {"failure": "...", "traceback": "..."}
"""

from __future__ import annotations

import json
import sys
import traceback

import numpy as np


def presence(engine, doc_id: str, marker: str) -> dict:
    """Where one document is, as this process sees it: catalog, BM25, dense matrix, Chroma, and
    whether a BM25-only and a vector-only search for ``marker`` find it."""
    record = engine.document(doc_id)
    prefix = f"{doc_id}:"
    lexical = engine.index.lexical_index()
    dense = engine.index.dense_index()
    rows = [i for i, cid in enumerate(dense.chunk_ids) if cid.startswith(prefix)]

    def found(mode: str) -> bool:
        return any(h.chunk.doc_id == doc_id for h in engine.search(marker, k=5, mode=mode, rerank=False).results)

    return {"status": record.status if record else None, "chunks": record.chunks if record else 0,
            "bm25": sum(cid.startswith(prefix) for cid in lexical.chunk_ids),
            "dense": int(sum(bool(np.any(dense.matrix[i])) for i in rows)),
            "vectors": len(engine.index.current_vectors().ids_for_doc(doc_id)),
            "blob": record is not None and engine.index.blobs.exists(record.sha256),
            "found_bm25": found("bm25"), "found_vector": found("vector")}


def main(home: str) -> int:
    from engine import Engine

    engine = Engine(home)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        try:
            if command["op"] == "ask":
                reply = {"status": engine.ask(command["question"], llm=False).status.value}
            elif command["op"] == "ingest":
                reply = engine.ingest([command["path"]]).documents[0].to_dict()
            elif command["op"] == "stores":
                reply = presence(engine, command["doc_id"], command["marker"])
            else:
                reply = {"failure": f"unknown op {command['op']!r}"}
        except Exception as exc:  # noqa: BLE001 - the test reads the failure
            reply = {"failure": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()}
        print(json.dumps(reply, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
