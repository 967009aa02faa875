"""Fusion of ranked candidate lists (BM25, vectors) into one ranking."""

from __future__ import annotations

from enum import Enum
from typing import Mapping, Sequence


class FusionMode(str, Enum):
    RECIPROCAL_RANK_FUSION = "rrf"


def reciprocal_rank_fusion(ranked: Mapping[str, Sequence[str]], k: int = 60,
                           weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]:
    """score(d) = sum over lists of weight / (k + rank), rank from 1 (Cormack et al., 2009).

    Ties keep the order in which ids were first seen, so the result is deterministic.
    """
    if k <= 0:
        raise ValueError("k must be greater than 0")
    scores: dict[str, float] = {}
    for channel, ids in ranked.items():
        weight = 1.0 if weights is None else weights.get(channel, 1.0)
        for rank, item in enumerate(ids, start=1):
            scores[item] = scores.get(item, 0.0) + weight / (k + rank)
    order = {item: i for i, item in enumerate(scores)}
    return sorted(scores.items(), key=lambda kv: (-kv[1], order[kv[0]]))
