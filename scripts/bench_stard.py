"""STARD dev retrieval over the whole statute corpus: quality per mode, latency, memory, build.

    python scripts/bench_stard.py --home .bench/statutes            # builds the index first time
    python scripts/bench_stard.py --home .bench/statutes --limit 50 # quick look

Prints one summary table and writes docs/bench/stard.json (charted by the Benchmark page).
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import sys
import time
from dataclasses import asdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.statutes import build_statute_index, run_stard  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402

CONFIGS = {
    "bm25": {"mode": "bm25", "rerank": False},
    "vector": {"mode": "vector", "rerank": False},
    "hybrid": {"mode": "hybrid", "rerank": False},
    "hybrid+rerank": {"mode": "hybrid", "rerank": True},
    # retrieve → expand cited articles → chapter context (engine/retrieve/aggregate.py)
    "hybrid+expand": {"mode": "hybrid", "rerank": False, "expand": 10},
}


def reranker_name(engine: Engine) -> str:
    """The second stage statute pools get: the learned ranker when it was loaded."""
    choice = engine.searcher.reranker
    return choice.learned.name if choice.learned is not None else choice.name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "statutes")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--limit", type=int, default=None, help="first N questions only")
    parser.add_argument("--build-limit", type=int, default=None, help="first N law files only")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "stard.json")
    parser.add_argument("--statute-context", action="store_true",
                        help="embed articles with law, rank and chapter (use its own --home)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    statutes = args.datasets / "statutes"
    settings = Settings.load(args.home, secrets_file=None)
    if args.statute_context:
        settings.embedding.statute_context = True
    engine = Engine(settings=settings)
    build = None
    if not engine.docs().documents:
        print("building the statute index (once)…", file=sys.stderr)
        build = build_statute_index(engine, statutes, limit=args.build_limit,
                                    progress=lambda i, n: print(f"\r  {i}/{n} files", end="",
                                                                file=sys.stderr, flush=True))
        print(file=sys.stderr)
    started = time.perf_counter()
    engine.search("预热 warm-up", k=10)  # load BM25, Chroma and the model before timing
    warmup_s = time.perf_counter() - started
    runs = run_stard(engine, args.datasets / "stard" / "dev.jsonl", CONFIGS, limit=args.limit)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"\nSTARD dev ({runs[0].metrics['questions']} questions), "
          f"{engine.index.catalog.chunk_count()} chunks, reranker: {reranker_name(engine)}")
    print(f"{'config':<15}{'R@10':>8}{'R@100':>8}{'hit@10':>8}{'MRR@10':>8}{'p50 ms':>9}{'p95 ms':>9}")
    for run in runs:
        m, lat = run.metrics, run.latency_ms["total"]
        print(f"{run.name:<15}{m['R@10']:>8.3f}{m['R@100']:>8.3f}{m['hit@10']:>8.3f}{m['MRR@10']:>8.3f}"
              f"{lat['p50']:>9.1f}{lat['p95']:>9.1f}")
    for run in runs:
        extra = {m: v for m, v in run.metrics.items() if "exp" in m or "same size" in m}
        if extra:
            print(f"{run.name}: " + ", ".join(f"{m} {v:.3f}" for m, v in extra.items()))
    reranked = next(r for r in runs if r.name == "hybrid+rerank")
    print("\nstage latency (hybrid+rerank), ms: " + ", ".join(
        f"{s} p50 {v['p50']:.1f} / p95 {v['p95']:.1f}" for s, v in reranked.latency_ms.items()))
    print(f"peak RSS {rss_mb:.0f} MB; first query (loads indexes) {warmup_s:.1f} s")
    if build:
        print(f"build: {build.ingested}/{build.files} files, {build.chunks} chunks, "
              f"{build.embedded} embedded (cache misses), {build.seconds:.0f} s, "
              f"{build.home_bytes / 1e6:.0f} MB on disk; failed: {build.failed[:5]}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "suite": "stard-dev", "reranker": reranker_name(engine),
        "chunks": engine.index.catalog.chunk_count(), "peak_rss_mb": round(rss_mb),
        "build": asdict(build) if build else None,
        "runs": [asdict(r) for r in runs]}, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
