"""Learned lexical evidence for the judge: which words of a question the retrieved text has.

The boosted models see the question through counts and shares (how much of it the passages cover,
idf-weighted); they cannot learn that a *particular kind* of missing word matters more than
another — that a fact section which never says 判处 cannot tell the sentence, while one that
never repeats 具体 still can. This module gives them that as two stacked scores: a logistic
regression over hashed sparse features of

  the question's own words     q:<bigram>, qt:<token>, slot:<slot>   (what is asked, names masked)
  each word against the text   in:<bigram> / out:<bigram>, in3:<trigram> / out3:<trigram>,
                               tin:<token> / tout:<token>
                               (the question's word is / is not in the retrieved passages)

trained by scripts/train_judge.py out of fold (stacked like the passage scores) for two targets:
``answerable`` and ``polarity``, on Chinese questions only. English questions get MISSING: the
only English training data are ContractNLI's 17 fixed hypotheses, on which word weights learn
those hypotheses' base rates rather than English (unseen contract questions — a security deposit
the contract never mentions — came out answerable when English was included). Prediction needs only numpy: the sum of the weights of the
features present, through the logistic function. Hashing is crc32 (stable across runs and
machines; Python's ``hash`` is salted).
"""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

import numpy as np

from engine.answer.judge.features import PassageTable, _norm

DIM = 1 << 18
LEXICAL_PARTS = ("lex_answerable", "lex_polarity")
NAME = "\u24c3"  # Ⓝ: stands for a person's name, so the model learns roles, not people
DIGITS = re.compile(r"\d+(?:\.\d+)?")
_HAN_RUN = re.compile(r"[\u4e00-\u9fff\u24c3]+")
MISSING = -1.0


def _masked(text: str, names: list[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(_norm(name), NAME)
    return DIGITS.sub("0", text)


def feature_names(table: PassageTable) -> list[str]:
    """The sparse features of one question over its retrieved passages (deduplicated, ordered)."""
    info = table.info
    if info.english:
        return []
    question = _masked(_norm(info.text), info.names)
    retrieved = _norm("\n".join(p.segment.text for p in table.passages))
    out = [f"slot:{info.slot.value}"]
    grams = [run[i:i + 2] for run in _HAN_RUN.findall(question) for i in range(len(run) - 1)]
    out += [f"q:{g}" for g in grams]
    out += [f"{'in' if g in retrieved else 'out'}:{g}" for g in grams if NAME not in g]
    # three characters tell more than two whether the text says it: 被判处 / 判处刑 against 判处
    trigrams = [run[i:i + 3] for run in _HAN_RUN.findall(question) for i in range(len(run) - 2)]
    out += [f"{'in3' if g in retrieved else 'out3'}:{g}" for g in trigrams if NAME not in g]
    for term in info.terms:
        token = _masked(term, info.names)
        if token == NAME:
            continue
        out += [f"qt:{token}", f"{'tin' if term in retrieved else 'tout'}:{token}"]
    return list(dict.fromkeys(out))


def lexical_scores(models: Mapping[str, "LexicalModel"], table: PassageTable,
                   features: np.ndarray | None = None) -> tuple[float, ...]:
    """The stacked scores of one question (``features``: its hashed features, if already known)."""
    if table.info.english:
        return (MISSING,) * len(LEXICAL_PARTS)
    if features is None:
        features = hashed(feature_names(table))
    return tuple(models[part].score(features) for part in LEXICAL_PARTS)


def hashed(names: list[str]) -> np.ndarray:
    return np.unique(np.asarray([zlib.crc32(n.encode("utf-8")) % DIM for n in names], dtype=np.int64))


@dataclass(frozen=True)
class LexicalModel:
    """Weights over the hashed features and a bias (logistic regression)."""
    index: np.ndarray  # sorted feature indices with a weight
    weight: np.ndarray  # their weights
    bias: float

    def score(self, features: np.ndarray) -> float:
        at = np.searchsorted(self.index, features)
        at = np.minimum(at, len(self.index) - 1) if len(self.index) else at
        found = self.index[at] == features if len(self.index) else np.zeros(len(features), bool)
        z = self.bias + float(self.weight[at[found]].sum())
        return float(1.0 / (1.0 + np.exp(-z)))

    def save(self, path: Path) -> None:
        with open(path, "wb") as fh:  # np.savez on a path would append .npz to any other name
            np.savez(fh, index=self.index.astype(np.int32), weight=self.weight.astype(np.float32),
                     bias=np.asarray([self.bias], dtype=np.float64))

    @classmethod
    def load(cls, path: Path) -> "LexicalModel":
        with np.load(path) as data:
            return cls(data["index"].astype(np.int64), data["weight"].astype(np.float64),
                       float(data["bias"][0]))


def fit(rows: list[np.ndarray], y: np.ndarray, l2: float = 1.0) -> LexicalModel:
    """L2-regularised logistic regression (L-BFGS, deterministic) over the hashed features."""
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    used = np.unique(np.concatenate(rows)) if rows else np.zeros(0, dtype=np.int64)
    col = {int(c): i for i, c in enumerate(used)}
    indptr = np.cumsum([0] + [len(r) for r in rows])
    indices = np.asarray([col[int(c)] for r in rows for c in r], dtype=np.int64)
    x = csr_matrix((np.ones(len(indices)), indices, indptr), shape=(len(rows), len(used)))
    y = np.asarray(y, dtype=np.float64)

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:-1], theta[-1]
        z = x @ w + b
        p = 1.0 / (1.0 + np.exp(-z))
        # log(1 + e^z) - y z, computed without overflow
        value = float(np.sum(np.logaddexp(0.0, z) - y * z) + 0.5 * l2 * w @ w)
        g = p - y
        return value, np.concatenate([x.T @ g + l2 * w, [g.sum()]])

    result = minimize(loss, np.zeros(len(used) + 1), jac=True, method="L-BFGS-B",
                      options={"maxiter": 500})
    return LexicalModel(used.astype(np.int64), result.x[:-1], float(result.x[-1]))
