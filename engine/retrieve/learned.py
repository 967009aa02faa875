"""The learned second stage: a gradient-boosted ranker over cheap features of (query, candidate).

Why: without a cross-encoder (FlashRank's weights cannot be had on these machines) the only
second stage was the e5 cosine, which gives back the vector channel's order and scored below
plain fusion on STARD. The signals that tell a gold article apart are already at hand after
recall — both channels' scores and ranks, whether the question's words sit in the law's title,
its chapter headings or the article, which laws dominate the candidate pool, the law's rank —
and a LambdaRank model learns how to weigh them from STARD's train split
(``scripts/train_ranker.py``; the model file, its data hash and its cross-validated figures ship
in ``engine/retrieve/models/``).

Candidates and features come from engine/retrieve/statute_pool.py, the same code for training and
search, so the model sees at run time exactly what it was trained on. The ranker is only used on
pools of statute articles (what it was trained on); any other pool keeps the order it had.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np

from engine.retrieve.statute_pool import FEATURES, PoolDepths

MODEL_DIR = Path(__file__).resolve().parent / "models"
STATUTE_MODEL = MODEL_DIR / "statute_ranker.txt"
STATUTE_MODEL_CARD = MODEL_DIR / "statute_ranker.json"


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
        self.depths = PoolDepths.from_dict(card.get("pool"))
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
