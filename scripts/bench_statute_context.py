"""STARD dev: bare vs context-enriched article embeddings on the same corpus (engine/bench/statute_context.py).

    python scripts/bench_stard.py --home .bench/statutes_ctx --statute-context   # builds the enriched index
    python scripts/bench_statute_context.py --bare .bench/statutes --enriched .bench/statutes_ctx

When the enriched home holds only part of the corpus (its build is long), the comparison covers
that part; the output says how much. Writes docs/bench/stard_context.json.
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
from engine.bench.statute_context import compare  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bare", type=Path, default=REPO / ".bench" / "statutes")
    parser.add_argument("--enriched", type=Path, default=REPO / ".bench" / "statutes_ctx")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--out", type=Path, default=REPO / "docs" / "bench" / "stard_context.json")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING)

    bare = Engine(settings=Settings.load(args.bare, secrets_file=None))
    settings = Settings.load(args.enriched, secrets_file=None)
    settings.embedding.statute_context = True
    enriched = Engine(settings=settings)
    result = compare(bare, enriched, args.datasets / "stard" / "dev.jsonl", args.limit)
    print(f"{result['documents']} law files, {result['chunks']} chunks, {result['articles']} articles; "
          f"{result['questions']} STARD dev questions with a gold article among them")
    print(f"{'run':<18}{'R@10':>8}{'R@100':>8}{'hit@10':>8}{'MRR@10':>8}")
    for run in result["runs"]:
        print(f"{run['name']:<18}{run['R@10']:>8.3f}{run['R@100']:>8.3f}{run['hit@10']:>8.3f}{run['MRR@10']:>8.3f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"suite": "stard-statute-context", "machine": machine(), **result},
                                   ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
