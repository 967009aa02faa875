"""The badge bars of the judged path (engine/answer/judge/confidence.py), picked and measured out of fold.

    python scripts/train_judge.py --rows-cache .bench/judge_rows.pkl --folds-out .bench/judge-folds --cv-only
    python scripts/bench_judge_confidence.py --rows-cache .bench/judge_rows.pkl --folds .bench/judge-folds
    python scripts/bench_judge_confidence.py ... --write-cards    # also put the bars into the cards

Every question of the judge's training sets (CJRC dev, ContractNLI dev, CUAD's open questions:
the rows scripts/train_judge.py caches) is answered by the fold model that never saw its document
(``--folds``, grouped 5-fold CV by document). Each answer that would carry 已核验 gets its
confidence and whether it is right, by the suite's own notion:

  CJRC         answered on an unanswerable question, wrong yes/no, or a span with character F1 <
               0.5 against the best gold answer (engine/bench/cjrc.py ``answer_right``) is wrong;
  ContractNLI  the label the answer gives (合同未约定 → NotMentioned, 是 / 否) is not the item's;
  CUAD open    answered on an absent clause, or the answer's first cited passage does not overlap a
               gold span (the judge's reading of the answer; the engine answers these with the
               composer's clause quote, which this does not reproduce).

The bars (one per kind of answer, ``bar_key``) are then measured **nested by fold**: the bar
applied to fold k is picked (``pick_bar``, at ``--pick-at``, below the 0.02 of #25 for a margin)
on the out-of-fold answers of the other four folds only, so no figure for fold k rests on a bar
that saw fold k's answers. (The other folds' answers come from fold models trained on data that
includes fold k — as training data, never as the answers the bar is picked on.)
Reported per suite: coverage (answers keeping the badge / questions) and verified_wrong_share,
before and after. ``--write-cards``: fold k's card gets its fold's bars (so the end-to-end
benchmarks with ``--judge-folds`` are out of fold too) and the shipped card the bars picked on
all five folds' answers. Results: docs/bench/judge_confidence.json.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from argparse import Namespace
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.answer.judge.confidence import bar_key, pick_bar  # noqa: E402
from engine.answer.judge.folds import FOLDS, fold_of, load_fold_judges  # noqa: E402
from engine.answer.judge.model import CARD, Decision  # noqa: E402
from engine.bench.cjrc import answer_right, load_official_scorer  # noqa: E402
from scripts.train_judge import (SHIPPED_DATASETS, _overlap, data_hashes, load_rows,  # noqa: E402
                                 predict_example)

TARGET = 0.02  # issue #25: at most this share of 已核验 answers wrong, on each suite
PICK_AT = 0.015  # the share the bars are picked at: a margin below TARGET for a new fold's noise
DOCUMENT_KIND = {"cjrc": "judgment", "contractnli": "contract", "cuad": "contract"}
LABEL = {Decision.NOT_MENTIONED: "NotMentioned", Decision.ENTAILS: "Entailment",
         Decision.CONTRADICTS: "Contradiction", Decision.ANSWERS: "Entailment"}
PUBLISHED = REPO / "docs" / "bench" / "judge_confidence.json"


def answered(judge, e, scorer) -> dict[str, Any]:
    """What the judged path would answer (its decision as Engine.ask turns it), its confidence,
    whether it carries the badge and whether it is right (module docstring)."""
    judgment = judge.decide(e.table)
    pred = predict_example(judge, e)
    decision = judgment.decision
    if e.dataset == "contractnli" and decision == Decision.NOT_FOUND:
        decision = Decision.NOT_MENTIONED  # a yes/no question put to a contract: 合同未约定, answered
    judgment.decision = decision
    badge = decision != Decision.NOT_FOUND
    if e.dataset == "cjrc":
        right = answer_right({"answer_type": e.kind, "gold_answers": e.gold_answers},
                             "answered" if badge else "not_found", pred.span_text, scorer)
    elif e.dataset == "contractnli":
        right = LABEL.get(decision) == e.kind
    elif badge:
        right = bool(e.answerable and pred.cited and any(_overlap(pred.cited[0], g) > 0 for g in e.gold_spans))
    else:
        right = not e.answerable
    return {"id": e.qid, "dataset": e.dataset, "doc": e.doc, "fold": fold_of(e.doc), "kind": e.kind,
            "decision": decision, "badge": badge, "right": bool(right),
            "confidence": judgment.answer_confidence() if badge else None,
            "key": bar_key(DOCUMENT_KIND[e.dataset], judgment.group, decision) if badge else None}


def bars_on(rows: list[dict[str, Any]], pick_at: float) -> dict[str, Any]:
    keys = sorted({r["key"] for r in rows if r["badge"]})
    return {k: pick_bar([r["confidence"] for r in rows if r["key"] == k],
                        [r["right"] for r in rows if r["key"] == k], pick_at) for k in keys}


def figures(rows: list[dict[str, Any]], keeps) -> dict[str, Any]:
    """Coverage and the badge's wrong share when ``keeps(row)`` says which answers keep 已核验."""
    kept = [r for r in rows if r["badge"] and keeps(r)]
    wrong = sum(not r["right"] for r in kept)
    return {"questions": len(rows), "verified": len(kept), "verified_wrong": wrong,
            "verified_coverage": round(len(kept) / len(rows), 4) if rows else None,
            "verified_wrong_share": round(wrong / len(kept), 4) if kept else None}


def nested(rows: list[dict[str, Any]], pick_at: float) -> tuple[dict[int, dict[str, Any]], dict[str, bool]]:
    """Fold k's bars picked on the other folds' answers, and for every answer whether it keeps
    the badge under its own fold's bars."""
    per_fold, keeps = {}, {}
    for k in range(FOLDS):
        bars = bars_on([r for r in rows if r["fold"] != k], pick_at)
        per_fold[k] = bars
        for r in rows:
            if r["fold"] == k and r["badge"]:
                bar = bars.get(r["key"])
                keeps[r["id"]] = bar is None or r["confidence"] >= bar.bar
    return per_fold, keeps


def report(rows: list[dict[str, Any]], keeps: dict[str, bool]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for dataset in dict.fromkeys(r["dataset"] for r in rows):
        members = [r for r in rows if r["dataset"] == dataset]
        by_key = defaultdict(list)
        for r in members:
            if r["badge"]:
                by_key[r["key"]].append(r)
        out[dataset] = {
            "before": figures(members, lambda r: True),
            "after": figures(members, lambda r: keeps.get(r["id"], True)),
            # each fold under the bars picked without it: the spread a new set of documents may see
            "after_by_fold": {k: figures([r for r in members if r["fold"] == k], lambda r: keeps.get(r["id"], True))
                              for k in range(FOLDS)},
            "per_kind": {k: {"answers": len(v),
                             "wrong_before": round(sum(not r["right"] for r in v) / len(v), 4),
                             "kept_after": sum(keeps.get(r["id"], True) for r in v),
                             "wrong_after": sum(not r["right"] for r in v if keeps.get(r["id"], True))}
                         for k, v in sorted(by_key.items())},
        }
    return out


def fold_models_hash(folds_dir: Path) -> str:
    """One sha256 over the fold models whose answers the bars were picked on (their cards'
    model hashes, fold by fold): a bar goes with the models that produced its confidences."""
    digest = hashlib.sha256()
    for k in range(FOLDS):
        card = json.loads((folds_dir / f"fold{k}" / "judge.json").read_text("utf-8"))
        digest.update(json.dumps(card["model_sha256"], sort_keys=True).encode("utf-8"))
    return digest.hexdigest()


def write_cards(folds_dir: Path, per_fold: dict[int, dict[str, Any]], shipped: dict[str, Any], pick_at: float,
                record: dict[str, Any]) -> None:
    """``record``: what the bars were picked on (data hashes, fold models) and their nested
    out-of-fold figures, kept beside the bars in every card."""
    how = {"target": TARGET, "picked_at": pick_at, "command": "python scripts/bench_judge_confidence.py --write-cards",
           **record}
    for k, bars in per_fold.items():
        card_file = folds_dir / f"fold{k}" / "judge.json"
        card = json.loads(card_file.read_text("utf-8"))
        card["confidence_bars"] = {key: bar.to_dict() for key, bar in bars.items()}
        card["confidence_bars_how"] = {**how, "picked_on": f"out-of-fold answers of the folds other than {k}"}
        card_file.write_text(json.dumps(card, ensure_ascii=False, indent=1) + "\n", "utf-8")
    card = json.loads(CARD.read_text("utf-8"))
    card["confidence_bars"] = {key: bar.to_dict() for key, bar in shipped.items()}
    card["confidence_bars_how"] = {**how, "picked_on": "out-of-fold answers of all five folds (fold models)"}
    CARD.write_text(json.dumps(card, ensure_ascii=False, indent=1) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows-cache", type=Path, required=True, help="scripts/train_judge.py --rows-cache")
    parser.add_argument("--folds", type=Path, required=True, help="scripts/train_judge.py --folds-out")
    parser.add_argument("--datasets", type=Path, default=REPO.parent / "shared" / "datasets")
    parser.add_argument("--bench-dir", type=Path, default=REPO / ".bench")
    parser.add_argument("--train-on", nargs="+", choices=SHIPPED_DATASETS, default=list(SHIPPED_DATASETS),
                        help="the datasets the fold models were trained on (scripts/train_judge.py --train-on); "
                             "their answers are the ones the bars are picked on")
    parser.add_argument("--pick-at", type=float, default=PICK_AT)
    parser.add_argument("--write-cards", action="store_true", help="write the bars into the fold and shipped cards")
    parser.add_argument("--out", type=Path, default=PUBLISHED)
    parser.add_argument("--dump", type=Path, default=None, help="every answer's row (JSON lines)")
    args = parser.parse_args()

    started = time.perf_counter()
    examples = load_rows(Namespace(rows_cache=args.rows_cache, train_on=args.train_on, cuad_forms="open",
                                   datasets=args.datasets, bench_dir=args.bench_dir, limit_docs=None))
    judge_of_doc = load_fold_judges(args.folds)
    scorer = load_official_scorer(args.datasets / "cjrc").CJRCEvaluator
    rows = [answered(judge_of_doc(e.doc), e, scorer) for e in examples]
    per_fold, keeps = nested(rows, args.pick_at)
    shipped = bars_on(rows, args.pick_at)
    result = {
        "command": " ".join(["python scripts/bench_judge_confidence.py", *sys.argv[1:]]), "target": TARGET, "picked_at": args.pick_at,
        "how": "out of fold: each answer by the fold model that never saw its document; the bars applied "
               "to fold k picked on the other folds' answers (nested)",
        "data": data_hashes(args.datasets, examples, "open"),
        "fold_models_sha256": fold_models_hash(args.folds),
        "suites": report(rows, keeps),
        "bars_per_fold": {k: {key: b.to_dict() for key, b in bars.items()} for k, bars in per_fold.items()},
        "bars_shipped": {key: b.to_dict() for key, b in shipped.items()},
        "seconds": round(time.perf_counter() - started),
    }
    if args.dump:
        args.dump.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    if args.write_cards:
        write_cards(args.folds, per_fold, shipped, args.pick_at, {
            "picked_on_data": result["data"], "fold_models_sha256": result["fold_models_sha256"],
            "cross_validated": {d: {"before": b["before"], "after": b["after"]} for d, b in result["suites"].items()}})
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", "utf-8")
    for dataset, block in result["suites"].items():
        b, a = block["before"], block["after"]
        print(f"{dataset:<12} coverage {b['verified_coverage']} → {a['verified_coverage']}, "
              f"verified_wrong_share {b['verified_wrong_share']} → {a['verified_wrong_share']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
