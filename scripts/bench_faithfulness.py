"""Faithfulness of the demo answers and summaries → docs/bench/faithfulness.json (Benchmark page).

    python scripts/bench_faithfulness.py                 # every demo question and document
    python scripts/bench_faithfulness.py --limit 10      # first 10 questions only
    python scripts/bench_faithfulness.py --llm           # answers, summaries and the judge by the LLM

Works in the demo suite's bench home (.bench/demo; the corpus is ingested there once). What is
scored and how: engine/bench/faithfulness.py; the verifier's thresholds:
docs/bench/faithfulness_calibration.md.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.faithfulness import PUBLISHED, run, summary_text  # noqa: E402
from engine.bench.paths import DEFAULT_BENCH_DIR  # noqa: E402
from engine.bench.report import write_report  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR,
                        help="where the suites' homes live (default .bench/)")
    parser.add_argument("--limit", type=int, default=None, help="first N demo questions only")
    parser.add_argument("--llm", action="store_true", help="answer, summarise and judge with the configured LLM")
    parser.add_argument("--no-summaries", action="store_true", help="score the answers only")
    parser.add_argument("--out", type=Path, default=PUBLISHED)
    args = parser.parse_args(argv)
    if args.limit is not None and args.limit <= 0:
        parser.error("--limit must be greater than 0")
    logging.basicConfig(level=logging.WARNING)

    def progress(part: str, done: int, total: int) -> None:
        if done == total or done % 10 == 0:
            print(f"{part}: {done}/{total}", file=sys.stderr, flush=True)

    report = run(args.bench_dir, limit=args.limit, llm=args.llm, summaries=not args.no_summaries,
                 progress=progress)
    write_report(report, args.out)
    print(summary_text(report))
    print(f"report: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
