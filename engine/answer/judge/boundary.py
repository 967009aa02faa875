"""Where a span answer starts and ends inside the clause that carries it: learned boundaries.

The span model picks the clause; what the conclusion states is the part of it that answers —
被害人受伤程度？ is answered by 重伤二级, not by 经鉴定属重伤二级. Two logistic regressions over
hashed sparse features of each token of the clause (engine/answer/judge/lexical.py's fitting)
score it as the answer's first and as its last token:

  the token, its neighbours (two either side), their kinds (digit, Han, Latin, punctuation)
  whether the token and its neighbours are words of the question        (the answer is what the
  the asked slot, alone and with the neighbour before / after            question does not say)
  whether a filler of the asked slot starts / ends at the token
  the token's distance from the clause's edges (capped)

The span is the pair start ≤ end (at most MAX_TOKENS apart) with the largest product of the two
probabilities. Person names of the question are masked and digits folded, so the models learn
roles and shapes, not people or amounts. Trained by scripts/train_judge.py on CJRC span
questions whose gold span lies inside a candidate clause.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from engine.answer.judge.features import QuestionInfo, _norm
from engine.answer.judge.lexical import DIGITS, NAME, LexicalModel, hashed
from engine.answer.judge.slots import Slot, filler_spans

BOUNDARY_PARTS = ("span_start", "span_end")
MAX_TOKENS = 40
_EDGE = 4  # distances from the clause's edges beyond this are one bucket


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str


def tokens(text: str) -> list[Token]:
    """The clause's words with their offsets (jieba's search-free tokenizer; spaces dropped)."""
    import jieba

    return [Token(s, e, w) for w, s, e in jieba.tokenize(text) if w.strip()]


def _kind(word: str) -> str:
    if not word:
        return "edge"
    if word == NAME:
        return "name"
    if any(ch.isdigit() for ch in word):
        return "digit"
    if re.search(r"[\u4e00-\u9fff]", word):
        return "han"
    if word.isascii() and word.isalpha():
        return "latin"
    return "punct"


def _shape(word: str, names: list[str]) -> str:
    """A normalised word as the models see it: a question's person is NAME, digits fold to 0."""
    return NAME if word in names else DIGITS.sub("0", word)


def _rows(words: list[Token], clause: str, info: "_Asked") -> tuple[list[list[str]], list[list[str]]]:
    asked = _norm(info.text)
    names = [_norm(n) for n in info.names]
    normed = [_norm(t.text) for t in words]
    shape = [_shape(w, names) for w in normed]
    in_q = [int(w in asked) for w in normed]
    kind = [_kind(s) for s in shape]
    fills = filler_spans(clause, info.slot) if info.slot not in (Slot.YESNO, Slot.WHAT) else []
    starts = {s for s, _ in fills}
    ends = {e for _, e in fills}
    slot = info.slot.value
    n = len(words)

    def at(seq, i, edge=""):
        return seq[i] if 0 <= i < n else edge

    def side(i: int, d: int) -> list[str]:
        """Features of token i as an answer's edge facing direction d (-1: its first token, the
        context before it; +1: its last, the context after)."""
        outer = f"w{d:+d}"
        return [
            f"k0:{kind[i]}", f"q0:{in_q[i]}", f"slot:{slot}", f"slot:{slot}|w0:{shape[i]}",
            f"w0:{shape[i]}", f"{outer}:{at(shape, i + d)}", f"w{2 * d:+d}:{at(shape, i + 2 * d)}",
            f"w{-d:+d}:{at(shape, i - d)}",
            f"w-1w0:{at(shape, i - 1)}|{shape[i]}" if d < 0 else f"w0w+1:{shape[i]}|{at(shape, i + 1)}",
            f"k{d:+d}:{at(kind, i + d, 'edge')}", f"q{d:+d}:{at(in_q, i + d, 2)}",
            f"q{2 * d:+d}:{at(in_q, i + 2 * d, 2)}",
            f"slot:{slot}|{outer}:{at(shape, i + d)}", f"slot:{slot}|q{d:+d}:{at(in_q, i + d, 2)}",
            f"fill:{int(edge[d][i])}", f"slot:{slot}|fill:{int(edge[d][i])}",
            f"pos:{min(i if d < 0 else n - 1 - i, _EDGE)}"]

    edge = {-1: [t.start in starts for t in words], 1: [t.end in ends for t in words]}
    start_rows = [side(i, -1) for i in range(n)]
    end_rows = [side(i, 1) for i in range(n)]
    return start_rows, end_rows


def boundary_rows(clause: str, info: QuestionInfo) -> tuple[list[Token], list[np.ndarray], list[np.ndarray]]:
    """The clause's tokens and the hashed start / end features of each."""
    return _boundary_rows(clause, info.text, tuple(info.names), info.slot)


@lru_cache(maxsize=4096)
def _boundary_rows(clause: str, question: str, names: tuple[str, ...], slot: Slot
                   ) -> tuple[list[Token], list[np.ndarray], list[np.ndarray]]:
    # Cached: the reader reads the same clauses for the question's row and for its answer, and
    # training reads each clause once per fold. The rows depend on nothing but these four.
    info = _Asked(question, list(names), slot)
    words = tokens(clause)
    starts, ends = _rows(words, clause, info)
    return words, [hashed(r) for r in starts], [hashed(r) for r in ends]


@dataclass(frozen=True)
class _Asked:
    """What of the question the boundary features read."""
    text: str
    names: list[str]
    slot: Slot


def token_labels(words: list[Token], gold: tuple[int, int]) -> tuple[int, int] | None:
    """Indices of the tokens holding the gold span's first and last character (clause offsets)."""
    first = next((i for i, t in enumerate(words) if t.start <= gold[0] < t.end), None)
    last = next((i for i, t in enumerate(words) if t.start < gold[1] <= t.end), None)
    if first is None or last is None or last < first:
        return None
    return first, last


def best_span(models: dict[str, LexicalModel], clause: str, info: QuestionInfo
              ) -> tuple[int, int, float] | None:
    """``[start, end)`` in the clause of the most likely answer and the product of its two
    boundary probabilities, or None for a clause without words."""
    words, starts, ends = boundary_rows(clause, info)
    if not words:
        return None
    p_start = np.asarray([models["span_start"].score(r) for r in starts])
    p_end = np.asarray([models["span_end"].score(r) for r in ends])
    best, pair = -1.0, (0, len(words) - 1)
    for i in range(len(words)):
        j_max = min(len(words), i + MAX_TOKENS)
        j = i + int(np.argmax(p_end[i:j_max]))
        if p_start[i] * p_end[j] > best:
            best, pair = p_start[i] * p_end[j], (i, j)
    return words[pair[0]].start, words[pair[1]].end, float(best)
