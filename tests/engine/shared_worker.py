"""A dashboard process on the shared profile, for tests: it holds what a Streamlit server holds —
one Engine and one Authenticator (ui/state.py, ui/auth.py build them the same way) — and obeys
commands, one JSON object per line on stdin, each answered by one JSON line on stdout.

    python -m tests.engine.shared_worker HOME         (the shared URLs and key file in the environment)
    {"op": "ingest", "path": P}                    -> the ingest report
    {"op": "find", "query": Q}                     -> {"docs": [doc ids of the top hits], "chunks": [...]}
    {"op": "ask", "question": Q, "doc_id": D}      -> {"status", "conclusion", "evidence": [chunk ids]}
    {"op": "delete", "doc_id": D}                  -> {"deleted": bool}
    {"op": "docs"}                                 -> {"docs": [...], "consistent": bool}
    {"op": "bytes", "doc_id": D}                   -> {"size": n} or a failure
    {"op": "audit", "count": N, "threads": T}      -> {"ids": [...]} (N events from T threads at once)
    {"op": "verify"}                               -> ChainCheck.to_dict()
    {"op": "logins", "name": U, "password": P, "count": N}  -> {"messages": [...]} (N tries at once)
"""

from __future__ import annotations

import json
import sys
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor


def main(home: str) -> int:
    from engine import Engine
    from engine.auth import Authenticator, UserStore

    engine = Engine(home)
    store = UserStore.for_home(home)
    authenticator = Authenticator(store, audit=engine.audit)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        command = json.loads(line)
        op = command["op"]
        try:
            if op == "ingest":
                reply = engine.ingest([command["path"]]).documents[0].to_dict()
            elif op == "find":
                hits = engine.search(command["query"], k=5, rerank=False).results
                reply = {"docs": [h.chunk.doc_id for h in hits], "chunks": [h.chunk.chunk_id for h in hits]}
            elif op == "ask":
                answer = engine.ask(command["question"], doc_id=command.get("doc_id"), llm=False)
                reply = {"status": answer.status.value, "conclusion": answer.conclusion,
                         "evidence": [e.chunk.chunk_id for e in answer.evidence]}
            elif op == "delete":
                reply = {"deleted": engine.delete(command["doc_id"], user="worker")}
            elif op == "docs":
                reply = {"docs": [d.doc_id for d in engine.docs().documents],
                         "consistent": engine.consistency().ok}
            elif op == "bytes":
                reply = {"size": len(engine.document_bytes(command["doc_id"]))}
            elif op == "audit":
                start = threading.Barrier(command["threads"])

                def append(i: int) -> str:
                    if i < command["threads"]:
                        start.wait()
                    return engine.audit.record_event("test", {"n": i, "pid": home}, user="worker")
                with ThreadPoolExecutor(command["threads"]) as pool:
                    reply = {"ids": list(pool.map(append, range(command["count"])))}
            elif op == "verify":
                reply = engine.audit.verify().to_dict()
            elif op == "logins":
                start = threading.Barrier(command["count"])

                def login(_: int) -> str:
                    start.wait()
                    return authenticator.login(command["name"], command["password"], "10.9.8.7").message
                with ThreadPoolExecutor(command["count"]) as pool:
                    reply = {"messages": list(pool.map(login, range(command["count"])))}
            else:
                reply = {"failure": f"unknown op {op!r}"}
        except Exception as exc:  # noqa: BLE001 - the test reads the failure
            reply = {"failure": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()}
        print(json.dumps(reply, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
