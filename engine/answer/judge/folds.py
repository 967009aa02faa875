"""The grouped cross-validation split of the judge's training data, and its fold models.

A document's fold is a hash of its dataset id: grouped by document (all questions of a document
share a fold, so no document is in both the training and the test part of a fold), and stable (a
document keeps its fold whichever other documents are present). scripts/train_judge.py trains one
judge per fold on the other folds (``--folds-out DIR``); the answer benchmarks score a question of
those same dev sets with the judge of its document's fold (``--judge-folds DIR``), i.e. with a
model that never saw that document: the out-of-fold end-to-end figures.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable

FOLDS = 5


def fold_of(doc_id: str, folds: int = FOLDS) -> int:
    return int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:8], 16) % folds


def load_fold_judges(folder: Path) -> Callable[[str], object]:
    """doc id → the judge trained without that document's fold (``folder/fold<k>/judge.json``)."""
    from engine.answer.judge.model import Judge

    judges = {}
    for k in range(FOLDS):
        card = Path(folder) / f"fold{k}" / "judge.json"
        if not card.is_file():
            raise FileNotFoundError(f"{card} is missing: run scripts/train_judge.py --folds-out {folder}")
        judges[k] = Judge.load(card)
    return lambda doc_id: judges[fold_of(doc_id)]
