"""Retrieval metrics over ranked id lists and gold id sets, and the badge's figures every answer
suite reports (``verified_wrong``)."""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence


def recall_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return len(set(ranked[:k]) & gold) / len(gold) if gold else math.nan


def hit_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    return float(bool(set(ranked[:k]) & gold)) if gold else math.nan


def mrr_at(ranked: Sequence[str], gold: set[str], k: int) -> float:
    for rank, item in enumerate(ranked[:k], start=1):
        if item in gold:
            return 1.0 / rank
    return 0.0 if gold else math.nan


def mean(values: Iterable[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


def rate(flags: Iterable[bool]) -> float | None:
    """The share of true flags, as reports state it (4 places); None when there are none."""
    flags = list(flags)
    return round(sum(flags) / len(flags), 4) if flags else None


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100), the usual definition for latency reports."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def char_overlap(spans: Sequence[tuple[int, int]], gold: Sequence[tuple[int, int]]) -> tuple[int, int, int]:
    """(retrieved chars, gold chars, overlapping chars) with each side's spans merged first —
    LegalBench-RAG's character precision/recall."""
    got, want = _merge(spans), _merge(gold)
    overlap = sum(max(0, min(a1, b1) - max(a0, b0)) for a0, a1 in got for b0, b1 in want)
    return sum(e - s for s, e in got), sum(e - s for s, e in want), overlap


def _merge(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[list[int]] = []
    for start, end in sorted(s for s in spans if s[1] > s[0]):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def verified_wrong(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """How often the 已核验 badge (status ``answered``) sits on a wrong answer: answered rows whose
    ``correct`` is false, over the answered rows. Each suite sets ``correct`` with its own scorer
    (its module docstring says what a wrong answer is there). ``verified_coverage``: the share of
    all answers that carry the badge."""
    verified = [r for r in rows if r.get("status") == "answered"]
    wrong = [r for r in verified if not r.get("correct")]
    return {"verified": len(verified), "verified_wrong": len(wrong),
            "verified_wrong_share": round(len(wrong) / len(verified), 4) if verified else None,
            "verified_coverage": round(len(verified) / len(rows), 4) if rows else None}
