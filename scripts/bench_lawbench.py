"""LawBench 1-1 (article recitation → direct lookup) and 3-1 (facts → 刑法 articles) on the statute index.

    python scripts/bench_lawbench.py --home .bench/statutes        # the index bench_stard.py builds
    python scripts/bench_lawbench.py --home .bench/statutes --limit 50
    python scripts/bench_lawbench.py --home .bench/statutes_versions --tasks 1-1 --as-of 2022-06-30 \
        --out docs/bench/lawbench_versions.json   # a corpus that also holds the older versions

Prints both tables and every 1-1 miss with its reason; writes docs/bench/lawbench.json.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import machine  # noqa: E402
from engine.bench.lawbench import run_prediction, run_recitation  # noqa: E402
from engine.bench.statutes import build_statute_index  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--home", type=Path, default=REPO / ".bench" / "statutes")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--limit", type=int, default=None, help="first N questions of each task")
    parser.add_argument("--as-of", dest="as_of", default=None,
                        help="1-1 also run with the versions in force on this date")
    parser.add_argument("--tasks", default="1-1,3-1", help="comma-separated: 1-1, 3-1")
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "lawbench.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)
    lawbench = args.datasets / "lawbench"
    if not lawbench.exists():
        print(f"no LawBench data at {lawbench}", file=sys.stderr)
        return 1

    engine = Engine(settings=Settings.load(args.home, secrets_file=None))
    if not engine.docs().documents:
        print("building the statute index (once)…", file=sys.stderr)
        build_statute_index(engine, args.datasets / "statutes")
    engine.search("预热 warm-up", k=1)

    recitation = run_recitation(engine, lawbench / "task1-1_article_recitation.jsonl", args.limit)
    rec = recitation.to_dict()
    print(f"LawBench 1-1 ({rec['questions']} questions): exact article first {rec['exact_article_rate']:.3f}"
          f" (via direct lookup {rec['direct_lookup_rate']:.3f}), same version as gold "
          f"{rec['same_version_rate']:.3f}; p50 {rec['p50_ms']:.0f} ms, p95 {rec['p95_ms']:.0f} ms")
    for miss in rec["misses"]:
        print(f"  miss {miss['id']}: {miss['question']} → {miss['got']}  ({miss['why']})")
    dated = None
    if args.as_of:
        dated = run_recitation(engine, lawbench / "task1-1_article_recitation.jsonl", args.limit,
                               as_of=args.as_of).to_dict()
        print(f"  as of {args.as_of}: exact {dated['exact_article_rate']:.3f}, "
              f"same version {dated['same_version_rate']:.3f}")

    tasks = {t.strip() for t in args.tasks.split(",")}
    prediction = [r.to_dict() for r in run_prediction(
        engine, lawbench / "task3-1_fact_to_criminal_articles.jsonl", args.limit)] if "3-1" in tasks else []
    if prediction:
        print("\nLawBench 3-1 (facts → 刑法 articles)")
        print(f"{'search':<14}" + "".join(f"{k:>8}" for k in ("R@1", "R@5", "R@10", "R@20", "R@50", "R@100", "hit@10")))
    for r in prediction:
        print(f"{r['name']:<14}" + "".join(f"{r[k]:>8.3f}" for k in
                                          ("R@1", "R@5", "R@10", "R@20", "R@50", "R@100", "hit@10")))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"suite": "lawbench", "machine": machine(),
                                    "chunks": engine.index.catalog.chunk_count(),
                                    "recitation": rec, "recitation_as_of": dated and {"as_of": args.as_of, **dated},
                                    "prediction": prediction}, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
