"""Calibrating the offline verifier's thresholds on a labelled set of statement/context pairs.

data/bench/faithfulness_labelled.jsonl: one pair per line, ``{"id", "lang", "category", "label":
"supported"|"unsupported", "statement", "context": [passage, ...]}`` and, for an answer that is a
bare value (category ``answer_value``), the ``question`` it answers. A pair's statement goes
through the same splitter the product uses; it counts as supported only when every piece is.

Each piece is either settled by a rule that has no threshold (a name, number or date missing
from the context, a sum that does not recompute) or left to ``decide`` over its span matches,
which are computed once with every eligible cosine; the grid search then only re-runs ``decide``.

The objective is F0.5 of "supported" (precision counts twice: calling an unfaithful statement
faithful is the expensive mistake); ties go to the stricter thresholds. Figures are in-sample,
so a two-fold cross-validation (calibrate on one half, score the other) is reported beside them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from engine.faithfulness.model import Statement
from engine.faithfulness.statements import build_statements
from engine.faithfulness.verify import Context, Match, OfflineVerifier, Thresholds, decide

LABELS = ("supported", "unsupported")
CATEGORIES = ("verbatim", "paraphrase", "value_form", "changed_amount", "changed_date",
              "changed_number", "changed_name", "negation", "invented", "answer_value")


@dataclass(frozen=True)
class Pair:
    id: str
    lang: str
    category: str
    supported: bool
    statement: str
    context: tuple[str, ...]
    question: str | None = None


def load_pairs(path: Path) -> list[Pair]:
    pairs = []
    for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        data = json.loads(line)
        where = f"{Path(path).name} line {number}"
        missing = {"id", "lang", "category", "label", "statement", "context"} - set(data)
        if missing:
            raise ValueError(f"{where}: missing {sorted(missing)}")
        if data["label"] not in LABELS or data["category"] not in CATEGORIES:
            raise ValueError(f"{where}: label must be one of {LABELS}, category one of {CATEGORIES}")
        context = [data["context"]] if isinstance(data["context"], str) else data["context"]
        pairs.append(Pair(data["id"], data["lang"], data["category"], data["label"] == "supported",
                          data["statement"], tuple(context), data.get("question")))
    ids = [p.id for p in pairs]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{Path(path).name}: duplicated ids")
    return pairs


@dataclass
class Piece:
    statement: Statement
    ruled: bool | None  # decided by a rule without thresholds (True/False), else None
    matches: list[Match] = field(default_factory=list)


@dataclass
class Featured:
    pair: Pair
    pieces: list[Piece]


def featurise(pairs: Iterable[Pair], embedder) -> list[Featured]:
    out = []
    for pair in pairs:
        verifier = OfflineVerifier(Context(pair.context), embedder)
        if verifier.note:
            raise ValueError(f"calibrate with the embedder the thresholds are for: {verifier.note}")
        pieces = []
        for statement in build_statements(pair.statement, pair.question):
            ruled = verifier.rule_verdict(statement)
            if ruled is None:  # left to the spans: the thresholds decide
                pieces.append(Piece(statement, None, verifier.matches(statement, all_cosines=True)))
            else:
                pieces.append(Piece(statement, ruled.supported))
        out.append(Featured(pair, pieces))
    return out


def predict(item: Featured, thresholds: Thresholds) -> bool:
    if not item.pieces:
        return False
    return all(p.ruled if p.ruled is not None else decide(p.matches, thresholds) is not None
               for p in item.pieces)


@dataclass
class Scores:
    n: int
    accuracy: float
    precision: float | None  # of "supported"
    recall: float | None
    unsupported_precision: float | None
    unsupported_recall: float | None
    f05: float
    false_supported: list[str]  # ids of unsupported pairs called supported
    false_unsupported: list[str]

    def to_dict(self) -> dict:
        return {k: (round(v, 4) if isinstance(v, float) else v) for k, v in self.__dict__.items()}


def _share(numerator: int, denominator: int) -> float | None:
    return numerator / denominator if denominator else None


def _scores(results: Sequence[tuple[Featured, bool]]) -> Scores:
    gold = [item.pair.supported for item, _ in results]
    predicted = [p for _, p in results]
    tp = sum(p and g for p, g in zip(predicted, gold))
    tn = sum(not p and not g for p, g in zip(predicted, gold))
    precision, recall = _share(tp, sum(predicted)), _share(tp, sum(gold))
    f05 = 1.25 * precision * recall / (0.25 * precision + recall) if precision and recall else 0.0
    return Scores(
        n=len(results), accuracy=(tp + tn) / len(results) if results else 0.0,
        precision=precision, recall=recall,
        unsupported_precision=_share(tn, len(results) - sum(predicted)),
        unsupported_recall=_share(tn, len(results) - sum(gold)), f05=f05,
        false_supported=[i.pair.id for i, p in results if p and not i.pair.supported],
        false_unsupported=[i.pair.id for i, p in results if not p and i.pair.supported])


def score(items: Sequence[Featured], thresholds: Thresholds) -> Scores:
    return _scores([(item, predict(item, thresholds)) for item in items])


def grid() -> list[Thresholds]:
    steps = [round(0.05 * i, 2) for i in range(0, 21)]
    cosines = [None, *(round(0.80 + 0.005 * i, 3) for i in range(0, 35))]
    return [Thresholds(overlap, low, cosine)
            for overlap in steps if overlap >= 0.3
            for low in steps if low < overlap
            for cosine in cosines if cosine is not None or low == 0.0]


def calibrate(items: Sequence[Featured], candidates: Sequence[Thresholds] | None = None
              ) -> tuple[Thresholds, Scores]:
    """The thresholds with the best F0.5 of "supported"; ties to the strictest."""
    best: tuple[tuple, Thresholds, Scores] | None = None
    for thresholds in candidates or grid():
        result = score(items, thresholds)
        strictness = (thresholds.overlap, thresholds.paraphrase_cosine or 2.0, thresholds.paraphrase_overlap)
        key = (round(result.f05, 6), round(result.accuracy, 6), strictness)
        if best is None or key > best[0]:
            best = (key, thresholds, result)
    assert best is not None
    return best[1], best[2]


def cross_validate(items: Sequence[Featured]) -> Scores:
    """Two folds (alternate pairs): the thresholds calibrated on one half score the other half;
    the two test halves are pooled."""
    halves = [list(items[0::2]), list(items[1::2])]
    results: list[tuple[Featured, bool]] = []
    for train, test in ((halves[0], halves[1]), (halves[1], halves[0])):
        thresholds, _ = calibrate(train)
        results += [(item, predict(item, thresholds)) for item in test]
    return _scores(results)


def per_category(items: Sequence[Featured], thresholds: Thresholds) -> dict[str, dict[str, float | int]]:
    table: dict[str, dict[str, float | int]] = {}
    for category in CATEGORIES:
        members = [i for i in items if i.pair.category == category]
        if members:
            right = sum(predict(i, thresholds) == i.pair.supported for i in members)
            table[category] = {"n": len(members), "correct": right, "accuracy": round(right / len(members), 4)}
    return table
