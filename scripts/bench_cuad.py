"""CUAD retrieval, LegalBench-RAG style: character precision/recall at k = 1, 4, 16, 64 over the
whole 30-contract corpus, ingested from the PDFs.

    python scripts/bench_cuad.py                 # ingests into .bench/cuad the first time
    python scripts/bench_cuad.py --limit 40      # first 40 tests only
    python scripts/bench_cuad.py --rebuild       # drop the cached home (after chunker changes)

Gold spans index ../shared/datasets/cuad/contracts_txt; every retrieved chunk is mapped from its
PDF page text to txt offsets (engine/bench/cuad.py) and the mapping's coverage is reported.
Prints one summary table and writes docs/bench/cuad.json.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
import time
from dataclasses import asdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.cuad import KS, ingest_contracts, load_tests, map_corpus, run_cuad  # noqa: E402
from engine.bench.common import machine  # noqa: E402
from engine.bench.metrics import mean  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402

# Each stage on and off (engine/retrieve/contracts.py): the named contract, the clause category.
_PLAIN = {"contract_focus": False, "clause_categories": False}
CONFIGS = {
    "bm25 (plain)": {"mode": "bm25", "rerank": False, "retrieval": _PLAIN},
    "vector (plain)": {"mode": "vector", "rerank": False, "retrieval": _PLAIN},
    "hybrid (plain fusion)": {"mode": "hybrid", "rerank": False, "retrieval": _PLAIN},
    "hybrid+rerank (plain)": {"mode": "hybrid", "rerank": True, "retrieval": _PLAIN},
    "bm25 + contract": {"mode": "bm25", "rerank": False, "retrieval": {"clause_categories": False}},
    "vector + contract": {"mode": "vector", "rerank": False, "retrieval": {"clause_categories": False}},
    "hybrid + contract": {"mode": "hybrid", "rerank": False, "retrieval": {"clause_categories": False}},
    "hybrid + contract + category": {"mode": "hybrid", "rerank": False},
    "default (+ rerank)": {"mode": "hybrid", "rerank": True},
}

# ../shared/datasets/README.md: naive 500-character chunks of the txt, same 285 tests.
REFERENCES = {
    "naive 500-char, word BM25": {"P@1": 0.002, "R@64": 0.405},
    "naive 500-char, e5": {"P@1": 0.023, "R@4": 0.166, "R@16": 0.344, "R@64": 0.585},
    "naive 500-char, RRF hybrid": {"P@1": 0.007, "R@64": 0.586},
    "LegalBench-RAG paper, best": {"P@1": 0.02, "R@64": 0.747},
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "cuad")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--kind", default="contract", help="document kind the PDFs are ingested as")
    parser.add_argument("--limit", type=int, default=None, help="first N tests only")
    parser.add_argument("--rebuild", action="store_true", help="start from an empty home")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "cuad.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    info = machine()
    cuad = args.datasets / "cuad"
    if not (cuad / "legalbenchrag_style_benchmark.json").is_file():
        print(f"CUAD benchmark not found under {cuad}: nothing to do", file=sys.stderr)
        return 0
    if args.rebuild and args.home.exists():
        shutil.rmtree(args.home)
    engine = Engine(settings=Settings.load(args.home, secrets_file=None))
    print("ingesting the contract PDFs (unchanged ones are skipped)…", file=sys.stderr)
    ingest, txt_of = ingest_contracts(engine, cuad, kind=args.kind, progress=lambda i, n: print(
        f"\r  {i}/{n} contracts", end="", file=sys.stderr, flush=True))
    print(file=sys.stderr)
    corpus = map_corpus(engine, cuad, txt_of)
    tests = load_tests(cuad)[:args.limit]
    started = time.perf_counter()
    engine.search("warm-up", k=4)  # load BM25, Chroma and the model before timing
    warmup_s = time.perf_counter() - started
    runs = run_cuad(engine, tests, corpus, CONFIGS, progress=lambda name, i, n: print(
        f"\r  {name}: {i}/{n} tests", end="", file=sys.stderr, flush=True))
    print(file=sys.stderr)

    chunks = engine.index.catalog.chunk_count()
    info["loadavg_1m_at_end"] = round(os.getloadavg()[0], 2)
    # Characters a chunk puts in front of the scorer against those a test asks for: the ceiling
    # on precision at k=1.
    chunk_chars = mean([sum(e - s for s, e in m.spans) + m.unmapped_len for m in corpus.chunks.values()])
    gold_chars = mean([sum(g.span[1] - g.span[0] for g in t.snippets) for t in tests])
    print(f"\nCUAD (LegalBench-RAG style, {len(tests)} tests, whole corpus), {len(txt_of)} contracts, "
          f"{chunks} chunks from the PDFs, reranker: {engine.searcher.reranker.name}")
    print(f"chunk→txt mapping: {corpus.coverage:.2%} of chunk characters located; page runs "
          f"{corpus.methods}; worst contract {min(corpus.coverage_by_file.values()):.2%}; "
          f"mean chunk {chunk_chars:.0f} txt chars, mean gold {gold_chars:.0f} chars per test")
    metrics = [f"{m}@{k}" for m in ("P", "R") for k in KS]
    print(f"{'config':<30}" + "".join(f"{m:>7}" for m in metrics) + f"{'own@4':>7}{'hdr@1':>7}{'p50 ms':>8}"
          + f"{'miss@64 contract/passage':>26}")
    for run in runs:
        miss = run.misses[f"k={max(KS)}"]
        print(f"{run.name:<30}" + "".join(f"{run.metrics[m]:>7.3f}" for m in metrics)
              + f"{run.metrics['own_contract_top4']:>7.3f}{run.metrics['top1_header']:>7.3f}"
              + f"{run.latency_ms['p50']:>8.1f}"
              + f"{miss['wrong_contract']:>17}/{miss['wrong_passage']}")
    for name, ref in REFERENCES.items():
        print(f"{name:<30}" + "".join(f"{ref[m]:>7.3f}" if m in ref else f"{'':>7}" for m in metrics))
    print("own@4: share of top-4 chunks from the queried contract; hdr@1: share of rank-1 chunks that "
          "are a contract's header (title and parties); miss@64: tests with no gold character in "
          "the top 64, by whether the queried contract was among them")
    print(f"ingest: {ingest.ingested} ingested, {ingest.unchanged} unchanged, {ingest.pages} pages, "
          f"{ingest.ocr_pages} OCR pages, {ingest.embedded} embedded, {ingest.seconds:.0f} s; "
          f"mapping {corpus.seconds:.1f} s; first query {warmup_s:.1f} s; load average "
          f"{info['loadavg_1m_at_start']} → {info['loadavg_1m_at_end']}"
          + (f"; failed: {ingest.failed}" if ingest.failed else ""))

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "suite": "cuad-legalbenchrag", "tests": len(tests), "contracts": len(txt_of),
        "chunks": chunks, "kind": args.kind, "reranker": engine.searcher.reranker.name,
        "mean_chunk_chars": round(chunk_chars), "mean_gold_chars": round(gold_chars),
        "machine": info, "command": " ".join(["python", "scripts/bench_cuad.py", *sys.argv[1:]]),
        "mapping": {"coverage": round(corpus.coverage, 4), "page_runs": corpus.methods,
                    "coverage_by_file": {k: round(v, 4) for k, v in corpus.coverage_by_file.items()}},
        "ingest": asdict(ingest), "references": REFERENCES,
        "runs": [asdict(r) for r in runs]}, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
