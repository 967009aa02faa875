"""Train the case badge's trust score (engine/answer/casefile/trust.py) from bench reports.

Learns from the rows of ``python -m engine bench --suite transcripts|casegen --json --out R.json``
(each row carries the trust card its answer was given): every answer that was 已核验 before the
score (status answered, or demoted by the score itself), labelled by the suite's own scorer —
right when the row is ``correct``. The negatives come mostly from ``--counterfactual`` runs of the
same suites (engine/bench/counterfactual.py: questions about a word the file never uses, where an
已核验 answer is wrong by construction); the dev files and the generator's files, on which the
answer core was tuned, hold few wrong answers of their own.

Model: a logistic regression over the standardised FEATURES, L2-penalised (``--l2``), fitted by
Newton's method (deterministic). Cross-validation is grouped by case file (fold = sha256(file) mod
5, engine/answer/judge/folds.py): each answer is scored by the model that never saw its file. The
threshold keeps ``--keep`` of the right answers to the real questions (out of fold): the badge
gives up that little on the kinds it was tuned on and holds back whatever scores lower — the
made-up questions and the answers that look like them. The card lists what other choices would
do (``operating_points``). Reports given
with ``--heldout`` are only measured with the final model (never trained or thresholded on); the
card records them beside the training reports' sha256 and the cross-validated figures.

    python scripts/train_case_trust.py --reports x.json xcf.json c777000.json … \
        [--heldout e5.json …] [--out engine/answer/casefile/models/trust.json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.answer.casefile.trust import (FEATURES, MODEL_FILE, TrustInput, TrustModel, features,  # noqa: E402
                                          missing_terms)
from engine.answer.judge.folds import FOLDS, fold_of  # noqa: E402


@dataclass
class Example:
    source: str  # the report's file name
    file: str
    id: str
    counterfactual: bool
    right: bool
    x: list[float]
    lacking: list[str]  # the question's words its quotes lack (only such answers can be held back)

    def kept(self, score: float, threshold: float) -> bool:
        return not TrustModel.held_back(score, threshold, self.lacking)


def examples_of(report: Path) -> list[Example]:
    data = json.loads(report.read_text("utf-8"))
    out = []
    for suite in data["suites"].values():
        counterfactual = bool((suite.get("config") or {}).get("counterfactual"))
        for row in suite.get("rows") or []:
            card = row.get("trust")
            if not card or not (row.get("status") == "answered" or card.get("demoted")):
                continue
            t = TrustInput.from_dict(card["input"])
            row_x = features(t)
            out.append(Example(report.name, row["file"], row["id"], counterfactual, bool(row["correct"]),
                               [row_x[f] for f in FEATURES], missing_terms(t)))
    return out


def fit(x: np.ndarray, y: np.ndarray, l2: float, weights: np.ndarray | None = None,
        iterations: int = 50) -> tuple[np.ndarray, float]:
    """L2-penalised, weighted logistic regression by Newton's method; the bias is not penalised."""
    n, d = x.shape
    sample = np.ones(n) if weights is None else weights
    design = np.hstack([x, np.ones((n, 1))])
    w = np.zeros(d + 1)
    penalty = np.diag([l2] * d + [0.0])
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        gradient = design.T @ (sample * (p - y)) + penalty @ w
        hessian = design.T @ (design * (sample * p * (1 - p))[:, None]) + penalty + 1e-9 * np.eye(d + 1)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w[:d], float(w[d])


def standardise(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    mean, scale = x.mean(axis=0), x.std(axis=0)
    return mean, np.where(scale > 1e-12, scale, 1.0)


def scores(x: np.ndarray, weights: np.ndarray, bias: float, mean: np.ndarray, scale: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-(((x - mean) / scale) @ weights + bias)))


def figures(examples: list[Example], p: np.ndarray, threshold: float) -> dict[str, dict[str, object]]:
    """Per report (real questions and counterfactual ones apart): answers 已核验 before the score,
    wrong among them, kept 已核验 by the score, wrong among the kept, right answers kept."""
    out: dict[str, dict[str, object]] = {}
    for key in sorted({(e.source, e.counterfactual) for e in examples}):
        idx = [i for i, e in enumerate(examples) if (e.source, e.counterfactual) == key]
        kept = [i for i in idx if examples[i].kept(p[i], threshold)]
        right = [i for i in idx if examples[i].right]
        out[key[0] + (" (counterfactual)" if key[1] else "")] = {
            "answered": len(idx), "wrong": len(idx) - len(right), "kept": len(kept),
            "wrong_kept": sum(not examples[i].right for i in kept),
            "wrong_share_kept": round(sum(not examples[i].right for i in kept) / len(kept), 4) if kept else None,
            "right_kept_share": round(sum(examples[i].right for i in kept) / len(right), 4) if right else None}
    return out


def choose_threshold(examples: list[Example], p: np.ndarray, keep: float) -> float:
    """The highest threshold at which the badge still keeps ``keep`` of the right answers to the
    real questions out of fold (an answer is held back below it only when its quotes lack a word
    of the question: TrustModel.held_back)."""
    right = [(s, e) for e, s in zip(examples, p) if e.right and not e.counterfactual]
    # just above each right answer that could be held back: it and whatever scores no higher go
    candidates = sorted({math.floor(float(s) * 1e6 + 1) / 1e6 for s, e in right if e.lacking})
    best = 0.0
    for t in candidates:  # the highest threshold that still keeps ``keep`` of them
        if sum(e.kept(s, t) for s, e in right) >= keep * len(right):
            best = t
    return best


def operating_points(examples: list[Example], p: np.ndarray) -> list[dict[str, object]]:
    """What other choices of ``--keep`` would do, out of fold: for the card and docs/benchmarks.md."""
    points = []
    for keep in (0.99, 0.97, 0.95, 0.9, 0.8, 0.7, 0.5, 0.3):
        t = choose_threshold(examples, p, keep)
        kept = [(e, e.kept(s, t)) for e, s in zip(examples, p)]
        real = [(e, k) for e, k in kept if not e.counterfactual]
        made = [(e, k) for e, k in kept if e.counterfactual and not e.right]
        points.append({"keep": keep, "threshold": t,
                       "real_wrong_kept": sum(k and not e.right for e, k in real),
                       "real_kept": sum(k for _, k in real),
                       "real_wrong": sum(not e.right for e, _ in real),
                       "made_up_wrong_kept": sum(k for _, k in made), "made_up_wrong": len(made)})
    return points


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=Path, nargs="+", required=True)
    parser.add_argument("--heldout", type=Path, nargs="*", default=[])
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    parser.add_argument("--card-out", type=Path, default=None,
                        help="also write the model file here for the Benchmark page (docs/bench/case_trust.json)")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--keep", type=float, default=0.99,
                        help="share of the real questions' right answers the badge keeps (out of fold)")
    args = parser.parse_args()

    examples = [e for r in args.reports for e in examples_of(r)]
    if not any(not e.right for e in examples):
        print("no wrong answers to learn from", file=sys.stderr)
        return 1
    x = np.array([e.x for e in examples])
    y = np.array([1.0 if e.right else 0.0 for e in examples])
    oof = np.zeros(len(examples))
    folds = np.array([fold_of(e.file) for e in examples])
    for k in range(FOLDS):
        train, test = folds != k, folds == k
        if not test.any():
            continue
        mean, scale = standardise(x[train])
        w, b = fit((x[train] - mean) / scale, y[train], args.l2)
        oof[test] = scores(x[test], w, b, mean, scale)
    threshold = choose_threshold(examples, oof, args.keep)
    mean, scale = standardise(x)
    w, b = fit((x - mean) / scale, y, args.l2)
    rows_hash = hashlib.sha256(json.dumps([[e.source, e.file, e.id, e.right, e.x] for e in examples],
                                          ensure_ascii=False).encode("utf-8")).hexdigest()
    card = {
        "name": "case-trust-logistic", "trained_on": {r.name: {"sha256": sha256(r), "answers": sum(
            e.source == r.name for e in examples)} for r in args.reports},
        "rows_sha256": rows_hash, "l2": args.l2, "keep": args.keep, "folds": FOLDS,
        "grouped_by": "case file (fold = sha256(file name) mod 5)",
        "cross_validated": figures(examples, oof, threshold),
        "operating_points": operating_points(examples, oof),
        "heldout": {}, "command": "python scripts/train_case_trust.py " + " ".join(sys.argv[1:]),
    }
    model = TrustModel(weights=[round(float(v), 6) for v in w], bias=round(b, 6),
                       mean=[round(float(v), 6) for v in mean], scale=[round(float(v), 6) for v in scale],
                       threshold=threshold, card=card)
    for report in args.heldout:
        held = examples_of(report)
        if held:
            p = scores(np.array([e.x for e in held]), np.array(model.weights), model.bias,
                       np.array(model.mean), np.array(model.scale))
            card["heldout"].update(figures(held, p, model.threshold))
        card["heldout_sha256"] = {**card.get("heldout_sha256", {}), report.name: sha256(report)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = (json.dumps({"features": list(FEATURES), "weights": model.weights, "bias": model.bias,
                                    "mean": model.mean, "scale": model.scale, "threshold": model.threshold,
                                    "card": card}, ensure_ascii=False, indent=1) + "\n")
    for path in (args.out, args.card_out):
        if path is not None:
            path.write_text(text, encoding="utf-8")
    print(json.dumps({"threshold": model.threshold, "weights": dict(zip(FEATURES, model.weights)),
                      "cross_validated": card["cross_validated"], "heldout": card["heldout"]},
                     ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
