"""Calibrate the offline faithfulness verifier on data/bench/faithfulness_labelled.jsonl.

    python scripts/calibrate_faithfulness.py            # grid search, prints thresholds and figures
    python scripts/calibrate_faithfulness.py --check    # the thresholds in engine/faithfulness/verify.py only

Prints the chosen thresholds (SUPPORT_OVERLAP, PARAPHRASE_OVERLAP, PARAPHRASE_COSINE), precision
and recall of "supported" and of "unsupported" on the set, per-category accuracy, the pairs it
gets wrong, and a two-fold cross-validation (the in-sample figures flatter a 170-pair set). The
figures go to docs/bench/faithfulness_calibration.md; the constants are set by hand from them.
Embeddings are cached under .bench/faithfulness-calibration (the first run embeds ~1,500 spans).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.config import EmbeddingSettings  # noqa: E402
from engine.faithfulness.calibration import (calibrate, cross_validate, featurise, load_pairs,  # noqa: E402
                                             per_category, score)
from engine.faithfulness.verify import DEFAULT_THRESHOLDS, Thresholds  # noqa: E402
from engine.embedding.embedder import make_embedder  # noqa: E402

LABELLED = REPO / "data" / "bench" / "faithfulness_labelled.jsonl"
CACHE = REPO / ".bench" / "faithfulness-calibration" / "embeddings.sqlite"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _describe(name: str, thresholds: Thresholds, scores) -> list[str]:
    return [f"== {name}: overlap ≥ {thresholds.overlap}, or overlap ≥ {thresholds.paraphrase_overlap} "
            f"and cosine ≥ {thresholds.paraphrase_cosine}",
            f"  pairs {scores.n}  accuracy {_pct(scores.accuracy)}  F0.5 {_pct(scores.f05)}",
            f"  supported:   precision {_pct(scores.precision)}  recall {_pct(scores.recall)}",
            f"  unsupported: precision {_pct(scores.unsupported_precision)}  "
            f"recall {_pct(scores.unsupported_recall)}",
            f"  called supported, labelled unsupported: {', '.join(scores.false_supported) or '-'}",
            f"  called unsupported, labelled supported: {', '.join(scores.false_unsupported) or '-'}"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labelled", type=Path, default=LABELLED)
    parser.add_argument("--cache", type=Path, default=CACHE, help="embedding cache (SQLite)")
    parser.add_argument("--check", action="store_true", help="score the current thresholds only")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)

    pairs = load_pairs(args.labelled)
    started = time.perf_counter()
    items = featurise(pairs, make_embedder(EmbeddingSettings(), args.cache))
    print(f"{len(pairs)} pairs ({sum(p.supported for p in pairs)} supported), features in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)

    current = score(items, DEFAULT_THRESHOLDS)
    lines = _describe("current thresholds (engine/faithfulness/verify.py)", DEFAULT_THRESHOLDS, current)
    figures = {"pairs": len(pairs), "current": {"thresholds": DEFAULT_THRESHOLDS.__dict__,
                                                 "scores": current.to_dict()}}
    if not args.check:
        chosen, best = calibrate(items)
        folds = cross_validate(items)
        lines += _describe("calibrated (in-sample)", chosen, best)
        lines += [f"== two-fold cross-validation: accuracy {_pct(folds.accuracy)}, "
                  f"supported precision {_pct(folds.precision)} recall {_pct(folds.recall)}, "
                  f"unsupported precision {_pct(folds.unsupported_precision)} "
                  f"recall {_pct(folds.unsupported_recall)}"]
        figures["calibrated"] = {"thresholds": chosen.__dict__, "scores": best.to_dict(),
                                 "cross_validation": folds.to_dict()}
    lines.append("== per category (current thresholds)")
    table = per_category(items, DEFAULT_THRESHOLDS)
    lines += [f"  {name:<16}{row['correct']:>4}/{row['n']:<4}{row['accuracy']:.3f}" for name, row in table.items()]
    figures["per_category"] = table
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps(figures, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
