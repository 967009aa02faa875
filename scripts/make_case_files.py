"""Generate case files with ground-truth questions: ``python scripts/make_case_files.py --seed N
--out DIR [--count K] [--max-scans M] [--kinds old|new|all] [--case-type TYPE]``.

Each seed gives ``case_<seed>.pdf``, ``case_<seed>.questions.jsonl`` (the schema of
../shared/datasets/transcripts/README.md) and ``case_<seed>.truth.json`` (the parameters behind
it), ``case_n<seed>.*`` for a case of the new kinds (``--kinds``), and is read back and
self-checked: a file whose expectations are not stated where they say is an error. Seeds 0–999 are the tuning range; benchmarks use fresh ones (engine/bench/casegen/suite.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Sequence

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.bench.casegen import Options, SelfCheckError, generate  # noqa: E402
from engine.bench.casegen.casetypes import CASE_TYPES  # noqa: E402
from engine.bench.casegen.params import KINDS  # noqa: E402
from engine.bench.casegen.scenarios import SCENARIOS  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, required=True, help="the first seed")
    parser.add_argument("--out", type=Path, required=True, help="folder for the files")
    parser.add_argument("--count", type=int, default=1, help="how many consecutive seeds (default 1)")
    parser.add_argument("--max-scans", type=int, default=2, help="scanned pages per file at most (default 2)")
    parser.add_argument("--kinds", choices=KINDS, default="old",
                        help="old: money between two parties (default); new: the kinds of #26 (goods and "
                             "valuations, quantities × prices, wages, hearings, every layout); all: either")
    parser.add_argument("--case-type", choices=sorted(CASE_TYPES) + sorted(SCENARIOS), default=None,
                        help="one kind of case only (default: drawn from the seed); "
                             f"new kinds: {', '.join(sorted(SCENARIOS))}")
    args = parser.parse_args(argv)
    if args.count <= 0 or args.seed < 0 or args.max_scans < 0:
        parser.error("--count must be positive, --seed and --max-scans not negative")
    options = Options(case_type=args.case_type, max_scans=args.max_scans, kinds=args.kinds)
    for seed in range(args.seed, args.seed + args.count):
        try:
            case = generate(seed, args.out, options)
        except SelfCheckError as exc:
            print(f"self-check failed: {exc}", file=sys.stderr)
            return 1
        scans = ", ".join(f"p{p} {k}" for p, k in case.rendered.scans.items()) or "no scans"
        kind = case.params.case_type if case.family == "old" else case.params.kind
        print(f"{case.pdf}: {kind}, {case.rendered.pages} pages ({scans}), "
              f"{len(case.records)} questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
