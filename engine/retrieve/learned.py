"""The learned second stage: a gradient-boosted ranker over cheap features of (query, candidate).

Why: without a cross-encoder (FlashRank's weights cannot be had on these machines) the only
second stage was the e5 cosine, which gives back the vector channel's order and scored below
plain fusion on STARD. The signals that tell a gold article apart are already at hand after
recall — both channels' scores and ranks, whether the question's words sit in the law's title,
its chapter headings or the article, which laws dominate the candidate pool, the law's rank —
and a LambdaRank model learns how to weigh them from STARD's train split
(``scripts/train_ranker.py``; the model file, its data hash and its cross-validated figures ship
in ``engine/retrieve/models/``).

The same ``candidate_features`` serves training and search, so the model sees at run time exactly
what it was trained on. The ranker is only used on pools of statute articles (what it was trained
on); any other pool keeps the order it had.
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np

from engine.statutes.hierarchy import LawRank, rank_of_article
from engine.types import Chunk

MODEL_DIR = Path(__file__).resolve().parent / "models"
STATUTE_MODEL = MODEL_DIR / "statute_ranker.txt"
STATUTE_MODEL_CARD = MODEL_DIR / "statute_ranker.json"

# 宪法 first, unknown last: an ordinal the trees can split on (法律 > 行政法规 > 司法解释 …).
_RANK_ORDER = {rank: i for i, rank in enumerate((
    LawRank.CONSTITUTION, LawRank.LAW, LawRank.JUDICIAL_INTERPRETATION,
    LawRank.ADMINISTRATIVE_REGULATION, LawRank.SUPERVISORY_REGULATION, LawRank.LOCAL_REGULATION,
    LawRank.DEPARTMENTAL_RULE, LawRank.LOCAL_GOVERNMENT_RULE, LawRank.UNKNOWN))}

FEATURES: tuple[str, ...] = (
    "bm25", "bm25_rel", "bm25_logrank", "vec", "vec_gap", "vec_logrank", "rrf", "rrf_logrank",
    "in_both", "q_in_text", "q_in_title", "q_in_path", "law_rank", "article_logno", "logchars",
    "law_share_rrf", "law_count_top50", "law_named", "q_tokens",
    "law_count", "law_best_rrf_logrank", "law_max_vec_gap", "chapter_share_rrf", "chapter_count",
)


@dataclass(frozen=True)
class Candidate:
    """One recalled chunk with what each channel said of it (rank from 1; None = not recalled)."""
    chunk_id: str
    bm25_rank: int | None
    bm25_score: float
    vector_rank: int | None
    rrf: float
    rrf_rank: int


def _law_key(chunk: Chunk) -> str:
    return chunk.meta.get("law_title") or chunk.doc_id


def _coverage(tokens: Sequence[str], text: str) -> float:
    return sum(1 for t in tokens if t in text) / len(tokens) if tokens else 0.0


def _article_number(label: str | None) -> int:
    from engine.statutes.graph import article_key

    key = article_key(label) if label else None
    return key // 1000 if key else 0  # article_key packs 之X into the last three digits


def content_tokens(tokens: Sequence[str]) -> list[str]:
    """Query words worth looking for in titles and headings: two characters or more, deduplicated."""
    return list(dict.fromkeys(t for t in tokens if len(t) >= 2 and not t.isdigit()))


def candidate_features(query_text: str, query_tokens: Sequence[str], candidates: Sequence[Candidate],
                       chunks: Mapping[str, Chunk], cosines: Sequence[float],
                       pool_depth: int) -> np.ndarray:
    """One row of FEATURES per candidate, in the candidates' order.

    ``cosines``: query–passage cosine for every candidate (also those only BM25 recalled);
    ``pool_depth``: the per-channel depth K, the rank given to a channel that missed a candidate.
    """
    n = len(candidates)
    out = np.zeros((n, len(FEATURES)), dtype=np.float32)
    if n == 0:
        return out
    words = content_tokens(query_tokens)
    missing_rank = math.log1p(pool_depth + 1)
    bm25_max = max((c.bm25_score for c in candidates), default=0.0) or 1.0
    vec_max = max(cosines)
    # How much of the pool's fused weight each law holds: gold articles cluster in one or two laws.
    law_rrf: dict[str, float] = {}
    law_top: dict[str, int] = {}
    law_count: dict[str, int] = {}
    law_best: dict[str, int] = {}
    law_vec: dict[str, float] = {}
    chapter_rrf: dict[tuple[str, str], float] = {}
    chapter_count: dict[tuple[str, str], int] = {}
    for c, cos in zip(candidates, cosines):
        chunk = chunks[c.chunk_id]
        law = _law_key(chunk)
        chapter = (law, "/".join(chunk.meta.get("path") or []))
        law_rrf[law] = law_rrf.get(law, 0.0) + c.rrf
        law_count[law] = law_count.get(law, 0) + 1
        law_best[law] = min(law_best.get(law, c.rrf_rank), c.rrf_rank)
        law_vec[law] = max(law_vec.get(law, -1.0), cos)
        chapter_rrf[chapter] = chapter_rrf.get(chapter, 0.0) + c.rrf
        chapter_count[chapter] = chapter_count.get(chapter, 0) + 1
        if c.rrf_rank <= 50:
            law_top[law] = law_top.get(law, 0) + 1
    total_rrf = sum(law_rrf.values()) or 1.0
    for i, (c, cos) in enumerate(zip(candidates, cosines)):
        chunk = chunks[c.chunk_id]
        meta = chunk.meta
        law = _law_key(chunk)
        title = f"{meta.get('law_title') or ''}{meta.get('law_short') or ''}"
        path = "".join(meta.get("path") or [])
        chapter = (law, "/".join(meta.get("path") or []))
        short = meta.get("law_short") or ""
        out[i] = (
            c.bm25_score, c.bm25_score / bm25_max,
            math.log1p(c.bm25_rank) if c.bm25_rank else missing_rank,
            cos, cos - vec_max,
            math.log1p(c.vector_rank) if c.vector_rank else missing_rank,
            c.rrf, math.log1p(c.rrf_rank),
            float(c.bm25_rank is not None and c.vector_rank is not None),
            _coverage(words, chunk.text), _coverage(words, title), _coverage(words, path),
            _RANK_ORDER.get(rank_of_article(meta), len(_RANK_ORDER)),
            math.log1p(_article_number(meta.get("article_label"))),
            math.log1p(len(chunk.text)),
            law_rrf[law] / total_rrf, law_top.get(law, 0),
            float(bool(short) and short in query_text),
            len(words),
            law_count[law], math.log1p(law_best[law]), law_vec[law] - vec_max,
            chapter_rrf[chapter] / total_rrf, chapter_count[chapter],
        )
    return out


class LearnedRanker:
    """A LightGBM ranking model read from its text file (no pickle: the file is reviewable)."""

    def __init__(self, model_file: Path = STATUTE_MODEL, card_file: Path = STATUTE_MODEL_CARD):
        import lightgbm

        card = json.loads(Path(card_file).read_text("utf-8"))
        if tuple(card["features"]) != FEATURES:
            raise ValueError(f"{model_file.name} was trained on other features; retrain it "
                             "(scripts/train_ranker.py)")
        self.booster = lightgbm.Booster(model_file=str(model_file))
        self.card = card
        self.pool_depth = int(card["pool_depth"])
        self.name = f"learned:{card['name']}"
        self._lock = threading.Lock()  # Booster.predict is not documented as thread-safe

    def score(self, features: np.ndarray) -> np.ndarray:
        if len(features) == 0:
            return np.zeros(0)
        with self._lock:
            return np.asarray(self.booster.predict(features, num_threads=1), dtype=np.float64)


def load_statute_ranker() -> tuple[LearnedRanker | None, str | None]:
    """The shipped statute ranker, or None and the reason it cannot be used."""
    if not STATUTE_MODEL.is_file() or not STATUTE_MODEL_CARD.is_file():
        return None, f"learned ranker file {STATUTE_MODEL} not found"
    try:
        return LearnedRanker(STATUTE_MODEL, STATUTE_MODEL_CARD), None
    except ImportError:
        return None, "lightgbm is not installed"
    except (ValueError, KeyError, OSError) as exc:  # a stale or damaged model file is reported
        return None, f"learned ranker unusable ({exc})"


def build_candidates(channels: Mapping[str, Sequence[tuple[str, float]]],
                     fused: Sequence[tuple[str, float]]) -> list[Candidate]:
    """Candidates in fused order from the channels' ranked (chunk_id, score) lists."""
    bm25 = {cid: (rank, score) for rank, (cid, score) in enumerate(channels.get("bm25", []), 1)}
    vector = {cid: rank for rank, (cid, _) in enumerate(channels.get("vector", []), 1)}
    return [Candidate(cid, bm25.get(cid, (None, 0.0))[0], bm25.get(cid, (None, 0.0))[1],
                      vector.get(cid), score, rank)
            for rank, (cid, score) in enumerate(fused, 1)]
