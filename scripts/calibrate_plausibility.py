"""Calibrate the language-plausibility signal of the scan gate (engine/ingest/plausibility.py).

    python scripts/calibrate_plausibility.py        # prints the table for docs/quality_gate.md

Real text: page-sized windows (300 characters) of statute articles (calibration) and of CJRC
judgment fact sections (held apart: measured, never used to choose). Negatives made from the same
windows: characters shuffled (a poor OCR layer's wrong order) and 30 / 50 / 100 % of the Chinese
characters replaced by random common ones (GB2312 level 1: look-alike substitutions). The threshold
is the lowest value that flags at least 99 % of the shuffled and half-substituted calibration
windows, rounded up to the next 0.05: set on statutes alone, then measured on CJRC.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.ingest.plausibility import DICTIONARY_COVERAGE_MIN, dictionary_coverage  # noqa: E402
from engine.ingest.quality import _COMMON_CJK  # noqa: E402

SEED = 11
WINDOW = 300


def windows(texts: list[str], n: int, rng: random.Random) -> list[str]:
    out: list[str] = []
    while len(out) < n:
        text = rng.choice(texts)
        if len(text) >= WINDOW:
            start = rng.randrange(len(text) - WINDOW + 1)
            out.append(text[start:start + WINDOW])
    return out


def variants(rng: random.Random) -> dict:
    common = sorted(_COMMON_CJK)

    def shuffle(text: str) -> str:
        chars = list(text)
        rng.shuffle(chars)
        return "".join(chars)

    def substitute(share: float):
        return lambda text: "".join(rng.choice(common) if "\u4e00" <= ch <= "\u9fff" and rng.random() < share
                                    else ch for ch in text)

    return {"real": lambda t: t, "shuffled": shuffle, "substituted 30%": substitute(0.3),
            "substituted 50%": substitute(0.5), "substituted 100%": substitute(1.0)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--n", type=int, default=1000, help="windows per source")
    args = parser.parse_args()
    rng = random.Random(SEED)
    with gzip.open(args.datasets / "statutes" / "articles_latest.jsonl.gz", "rt", encoding="utf-8") as fh:
        articles = [json.loads(line)["text"] for line in fh]
    # consecutive articles joined: a page of a statute, not one short article
    statute_pages = ["\n".join(articles[i:i + 6]) for i in rng.sample(range(len(articles) - 6), 5000)]
    with open(args.datasets / "cjrc" / "docs_dev.jsonl", encoding="utf-8") as fh:
        judgments = [json.loads(line)["context"] for line in fh]
    sources = {"statutes (calibration)": windows(statute_pages, args.n, rng),
               "CJRC judgments (held apart)": windows(judgments, args.n, rng)}
    scores = {(src, kind): [dictionary_coverage(f(w))[0] for w in ws]
              for src, ws in sources.items() for kind, f in variants(rng).items()}

    calib = "statutes (calibration)"
    negatives = sorted(scores[(calib, "shuffled")] + scores[(calib, "substituted 50%")])
    chosen = math.ceil(negatives[int(0.99 * (len(negatives) - 1))] / 0.05) * 0.05
    print(f"rule: lowest value flagging ≥ 99 % of shuffled + half-substituted statute windows, "
          f"rounded up to 0.05 → {chosen:.2f} (shipped: {DICTIONARY_COVERAGE_MIN:.2f})\n")
    print("| source | text | windows | median coverage | flagged below the shipped threshold |")
    print("|---|---|---|---|---|")
    for (src, kind), values in scores.items():
        values = sorted(values)
        flagged = sum(v < DICTIONARY_COVERAGE_MIN for v in values) / len(values)
        label = "false suspects" if kind == "real" else "caught"
        print(f"| {src} | {kind} | {len(values)} | {values[len(values) // 2]:.3f} | "
              f"{flagged:.3f} ({label}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
