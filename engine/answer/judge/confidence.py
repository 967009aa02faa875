"""How sure the judge is of the answer it gives, and the bar below which that answer loses 已核验.

The judge decides whether the material answers (``p_answerable`` against its group's abstention
threshold) and, for a yes/no question, which way (``p_contradicts``); the reader picks the span.
Each of those can be wrong, and a wrong answer under the 已核验 badge is worse than none (#25). An
answer the judged path gives keeps its badge only when its confidence reaches the bar of its kind;
below it the answer keeps its evidence and becomes ``needs_review`` (LOW_CONFIDENCE).

Confidence of an answer (a product of the judge's probabilities that each of its parts is right):

  answers         p_answerable × the reader's probability for the span it gives (clause ×
                  boundaries; Chinese only — the reader has never seen an English clause, so an
                  English open answer is p_answerable alone);
  entails /       p_answerable × max(p_contradicts, 1 − p_contradicts);
  contradicts
  not_mentioned   1 − p_answerable (a contract silent on a hypothesis: 合同未约定, reported as a gap).

The bars are per kind of answer (``bar_key``: the kind of document, the judge's threshold group —
language and question form — and the decision), picked by ``pick_bar`` on out-of-fold predictions of the training
sets (scripts/bench_judge_confidence.py): the lowest bar at which the answers that keep the
badge are wrong at most ``target`` of the time. A kind with no bar in the judge's card keeps its
badge as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np

LOW_CONFIDENCE = "置信度不足，需人工核实"
# Fewer badge answers than this above a bar: a share of a handful says nothing; no bar is kept
# that low, the badge then goes to nothing of that kind (bar above every confidence).
MIN_KEPT = 20
NO_BADGE = 1.01  # a bar no confidence reaches


def answer_confidence(decision: str, p_answerable: float, p_contradicts: float | None,
                      reader_p: float | None) -> float:
    """The confidence of one answer (module docstring); ``reader_p`` None for an English answer."""
    if decision == "not_mentioned":
        return 1.0 - p_answerable
    if decision in ("entails", "contradicts"):
        p = 0.5 if p_contradicts is None else p_contradicts
        return p_answerable * max(p, 1.0 - p)
    if decision == "answers":
        return p_answerable * (reader_p if reader_p is not None else 1.0)
    return 0.0  # not_found: no answer, no badge


def bar_key(document_kind: str, group: str, decision: str) -> str:
    """judgment:zh-open:answers, contract:en-yesno:not_mentioned … (a verdict either way shares
    one bar). The document kind is part of it: a bar holds for the kind of material it was picked
    on (CJRC judgments, ContractNLI and CUAD contracts), never carried over to another."""
    answer = "verdict" if decision in ("entails", "contradicts") else decision
    return f"{document_kind}:{group}:{answer}"


@dataclass(frozen=True)
class Bar:
    bar: float
    kept: int  # badge answers at or above it in the data it was picked on
    wrong: int  # of which wrong
    candidates: int  # badge answers of that kind in the data

    def to_dict(self) -> dict[str, float | int]:
        return {"bar": round(self.bar, 6), "kept": self.kept, "wrong": self.wrong, "candidates": self.candidates}


def pick_bar(confidence: Sequence[float], right: Sequence[bool], target: float,
             min_kept: int = MIN_KEPT) -> Bar:
    """The lowest bar such that the answers at or above it are wrong at most ``target`` of the
    time (the largest such set, read from the most confident down); ``NO_BADGE`` when no set of
    at least ``min_kept`` answers is that reliable."""
    c = np.asarray(confidence, dtype=np.float64)
    ok = np.asarray(right, dtype=bool)
    order = np.argsort(-c, kind="stable")
    wrong = np.cumsum(~ok[order])
    kept = np.arange(1, len(c) + 1)
    # a bar sits on a confidence value: ties go together
    last_of_value = np.r_[c[order][1:] != c[order][:-1], True] if len(c) else np.zeros(0, dtype=bool)
    good = (wrong <= target * kept) & (kept >= min_kept) & last_of_value
    if not good.any():
        return Bar(NO_BADGE, 0, 0, len(c))
    i = int(np.flatnonzero(good)[-1])
    return Bar(float(c[order][i]), int(kept[i]), int(wrong[i]), len(c))
