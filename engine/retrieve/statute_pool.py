"""Candidates for the learned statute ranker, and their features, computed over whole-corpus arrays.

Recall channels (each an exact, deterministic top list over the BM25/dense rows; ties by row):
  * ``bm25``: BM25 of the question's words plus the expansion lexicon's (engine/retrieve/memory.py);
  * ``vector``: exact cosine of the e5 query vector with every chunk (engine/store/dense.py);
  * ``memory``: the articles whose training-question profile is nearest to the question;
  * ``law_vote``: both scores again, restricted to the laws the nearest profiles belong to;
  * ``law_named``: both scores restricted to a law the question names (劳动合同法, 《民法典》);
  * ``crime``: the 刑法 articles the corpus ties to a crime the question names, and BM25 of the
    crime's name within the criminal-law texts.
Measured on STARD dev (docs/benchmarks.md): the two plain channels at K=300 hold 85 % of the gold
articles, the pool with every channel about 95 %.

Features: one row of FEATURES per candidate — what each channel said, the profile similarity, the
law vote, named laws and crimes, question words in the article / title / chapter path, the
article's own facts (law rank, number, length, citations by other articles) and aggregates of the
candidate's law and chapter over the pool. Training (scripts/train_ranker.py) and search call the
same ``recall_pool``, so the model sees at run time exactly what it was trained on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from engine.retrieve.memory import StatuteMemory, article_key
from engine.retrieve.names import CRIMINAL_LAW, CrimeMention
from engine.retrieve.statute_view import StatuteView
from engine.store.dense import DenseIndex, top_rows
from engine.store.lexical import LexicalIndex
from engine.text.tokenize import tokenize

RRF_K = 60

FEATURES: tuple[str, ...] = (
    "bm25", "bm25_rel", "bm25_logrank", "bm25_plain_rel", "vec", "vec_gap", "vec_logrank",
    "rrf", "rrf_logrank", "in_both",
    "profile", "profile_gap", "profile_logcount", "law_vote", "law_vote_rank",
    "law_named", "crime_article", "crime_law",
    "q_in_text", "q_in_title", "q_in_path",
    "law_rank", "article_logno", "logchars", "cited_log",
    "law_share_rrf", "law_count", "law_best_rrf_logrank", "law_max_vec_gap",
    "chapter_share_rrf", "chapter_count", "q_tokens", "expansion_terms",
)

# Feature groups for the ablation table (docs/benchmarks.md): which signals carry the gain.
FEATURE_GROUPS: dict[str, tuple[str, ...]] = {
    "channels (bm25, vector, rrf scores and ranks)": (
        "bm25", "bm25_rel", "bm25_logrank", "bm25_plain_rel", "vec", "vec_gap", "vec_logrank",
        "rrf", "rrf_logrank", "in_both"),
    "memory (profiles, law vote)": ("profile", "profile_gap", "profile_logcount", "law_vote",
                                    "law_vote_rank"),
    "names (law named, crime named)": ("law_named", "crime_article", "crime_law"),
    "query words in text / title / path": ("q_in_text", "q_in_title", "q_in_path"),
    "article (rank, number, length, citations)": ("law_rank", "article_logno", "logchars", "cited_log"),
    "law and chapter aggregates of the pool": ("law_share_rrf", "law_count", "law_best_rrf_logrank",
                                               "law_max_vec_gap", "chapter_share_rrf", "chapter_count"),
}


@dataclass(frozen=True)
class PoolDepths:
    """How many candidates each channel contributes (part of the model card: training and search
    must recall the same way)."""
    channel: int = 300  # K1 = K2: BM25 (expanded) and vector
    profiles: int = 50  # nearest article profiles
    vote_profiles: int = 20  # profiles that vote for laws
    vote_laws: int = 3  # laws the vote restricts to
    restricted: int = 100  # per restricted channel (voted laws)
    named: int = 50  # per channel restricted to a named law
    crime: int = 20  # BM25 of a crime's name within criminal-law texts

    @classmethod
    def from_dict(cls, data: dict | None) -> "PoolDepths":
        return cls(**(data or {}))


@dataclass
class BoundMemory:
    """A memory's profiles resolved to the rows of one view (per catalog state)."""
    memory: StatuteMemory
    profile_of_row: np.ndarray  # int32, the profile of each row's article; -1 none
    profile_law: np.ndarray  # int32, the law of each profile; -1 when its article is not ingested
    profile_rows: list[np.ndarray]

    @classmethod
    def bind(cls, memory: StatuteMemory, view: StatuteView) -> "BoundMemory":
        profile_of_row = np.full(len(view), -1, dtype=np.int32)
        profile_law = np.full(len(memory.profile_keys), -1, dtype=np.int32)
        profile_rows = []
        for i, key in enumerate(memory.profile_keys):
            rows = view.rows_of_article(key)
            profile_rows.append(rows)
            if len(rows):
                profile_of_row[rows] = i
                profile_law[i] = view.law[rows[0]]
        return cls(memory, profile_of_row, profile_law, profile_rows)


@dataclass
class StatutePool:
    rows: np.ndarray  # candidate rows, fused order first, then what other channels added
    features: np.ndarray  # float32 (len(rows), len(FEATURES))
    channels: dict[str, list[tuple[int, float]]]  # row, score per channel (for the audit trail)
    expansion: list[str] = field(default_factory=list)
    laws_voted: list[str] = field(default_factory=list)
    laws_named: list[str] = field(default_factory=list)
    crimes: list[CrimeMention] = field(default_factory=list)


def content_tokens(tokens: Sequence[str]) -> list[str]:
    """Query words worth looking for in titles and headings: two characters or more, deduplicated."""
    return list(dict.fromkeys(t for t in tokens if len(t) >= 2 and not t.isdigit()))


def recall_pool(text: str, tokens: Sequence[str], query_vector: np.ndarray, lexical: LexicalIndex,
                dense: DenseIndex, view: StatuteView, memory: BoundMemory, depths: PoolDepths,
                mask: np.ndarray | None = None,
                lap: Callable[[str], None] | None = None) -> StatutePool:
    """Every channel's candidates for one question and their feature rows. ``mask``: rows a
    document filter and the as-of date allow (None: all); ``lap``: called after each stage
    (bm25, vector, channels, features) for per-stage timings."""
    lap = lap or (lambda _stage: None)
    n = len(view)
    if len(lexical) != n or len(dense) != n:
        raise ValueError("BM25, dense and statute rows disagree (built from different catalog states)")
    plain = lexical.scores(tokens)
    weights = memory.memory.expand(tokens)
    extra = {t: w for t, w in weights.items() if t not in set(tokens)}
    bm25 = plain + lexical.weighted_scores(extra) if extra else plain
    lap("bm25")
    cos = dense.scores(query_vector)
    lap("vector")
    if mask is not None:
        bm25 = np.where(mask, bm25, 0.0)
        plain = np.where(mask, plain, 0.0)

    channels: dict[str, np.ndarray] = {
        "bm25": top_rows(bm25, depths.channel, mask, floor=0.0),
        "vector": top_rows(cos, depths.channel, mask),
    }
    # Article profiles: the memory channel and the law vote.
    profile_cos = memory.memory.profile_scores(query_vector)
    usable = memory.profile_law >= 0
    nearest = top_rows(profile_cos, depths.profiles, usable) if len(profile_cos) else np.zeros(0, np.int64)
    memory_rows = [r for p in nearest for r in memory.profile_rows[p].tolist()
                   if mask is None or mask[r]]
    channels["memory"] = np.asarray(list(dict.fromkeys(memory_rows)), dtype=np.int64)
    vote = np.zeros(len(view.law_titles) + 1, dtype=np.float64)
    for p in nearest[:depths.vote_profiles]:
        # a sharp power: the few nearest profiles decide, a long tail of weak ones does not
        vote[memory.profile_law[p]] += max(float(profile_cos[p]), 0.0) ** 4
    vote = vote / (vote.sum() or 1.0)
    voted = [int(i) for i in np.argsort(-vote[:-1], kind="stable")[:depths.vote_laws] if vote[i] > 0]
    if voted:
        law_mask = _and(mask, np.isin(view.law, voted))
        channels["law_vote"] = _both(bm25, cos, law_mask, depths.restricted)
    named = [i for i in (view.law_index(t) for t in view.names.find_laws(text)) if i is not None] \
        if depths.named > 0 else []
    if named:
        channels["law_named"] = _both(bm25, cos, _and(mask, np.isin(view.law, named)), depths.named)
    crimes = view.names.find_crimes(text) if depths.crime > 0 else []
    crime_rows = np.zeros(0, dtype=np.int64)
    if crimes:
        keys = {article_key(CRIMINAL_LAW, label) for c in crimes for label in c.articles}
        crime_rows = np.asarray(sorted(r for k in keys for r in view.rows_of_article(k).tolist()
                                       if mask is None or mask[r]), dtype=np.int64)
        core = lexical.scores([t for c in crimes for t in tokenize(c.core)])
        found = top_rows(core, depths.crime, _and(mask, view.criminal), floor=0.0)
        channels["crime"] = np.asarray(list(dict.fromkeys([*crime_rows.tolist(), *found.tolist()])),
                                       dtype=np.int64)

    lap("channels")
    # Fused order of the two plain channels first, then what the others add, each once.
    missing = depths.channel + 1
    bm25_rank = np.full(n, missing, dtype=np.float64)
    bm25_rank[channels["bm25"]] = np.arange(1, len(channels["bm25"]) + 1)
    vec_rank = np.full(n, missing, dtype=np.float64)
    vec_rank[channels["vector"]] = np.arange(1, len(channels["vector"]) + 1)
    order = list(dict.fromkeys(np.concatenate([channels[c] for c in channels]).tolist()))
    rows = np.asarray(order, dtype=np.int64)
    if not len(rows):
        return StatutePool(rows, np.zeros((0, len(FEATURES)), dtype=np.float32),
                           _listed(channels, bm25, cos), crimes=crimes)
    rrf = np.where(bm25_rank[rows] < missing, 1.0 / (RRF_K + bm25_rank[rows]), 0.0) \
        + np.where(vec_rank[rows] < missing, 1.0 / (RRF_K + vec_rank[rows]), 0.0)
    fused = np.lexsort((np.arange(len(rows)), -rrf))
    rows, rrf = rows[fused], rrf[fused]
    rrf_rank = np.arange(1, len(rows) + 1, dtype=np.float64)

    words = content_tokens(tokens)
    features = _features(rows, words, bm25, plain, cos, bm25_rank, vec_rank, missing, rrf,
                         rrf_rank, profile_cos, memory, vote, voted, named, crimes, crime_rows,
                         view, lexical, len(extra))
    lap("features")
    return StatutePool(rows, features, _listed(channels, bm25, cos),
                       expansion=[t for t in extra], laws_voted=[view.law_titles[i] for i in voted],
                       laws_named=[view.law_titles[i] for i in named], crimes=crimes)


def _and(mask: np.ndarray | None, other: np.ndarray) -> np.ndarray:
    return other if mask is None else mask & other


def _both(bm25: np.ndarray, cos: np.ndarray, mask: np.ndarray, k: int) -> np.ndarray:
    """BM25 then vector top-k within ``mask``, each row once."""
    lexical = top_rows(bm25, k, mask, floor=0.0)
    dense = top_rows(cos, k, mask)
    return np.asarray(list(dict.fromkeys([*lexical.tolist(), *dense.tolist()])), dtype=np.int64)


def _listed(channels: dict[str, np.ndarray], bm25: np.ndarray, cos: np.ndarray) -> dict[str, list[tuple[int, float]]]:
    listed = {}
    for name, rows in channels.items():
        scores = bm25 if name in ("bm25", "crime") else cos
        listed[name] = [(int(r), float(scores[r])) for r in rows]
    return listed


def _group(keys: np.ndarray) -> tuple[np.ndarray, int]:
    _, inverse = np.unique(keys, return_inverse=True)
    return inverse, int(inverse.max()) + 1 if len(inverse) else 0


def _features(rows: np.ndarray, words: list[str], bm25: np.ndarray, plain: np.ndarray,
              cos: np.ndarray, bm25_rank: np.ndarray, vec_rank: np.ndarray, missing: int,
              rrf: np.ndarray, rrf_rank: np.ndarray, profile_cos: np.ndarray, memory: BoundMemory,
              vote: np.ndarray, voted: list[int], named: list[int], crimes: list[CrimeMention],
              crime_rows: np.ndarray, view: StatuteView, lexical: LexicalIndex,
              expansion_terms: int) -> np.ndarray:
    m = len(rows)
    law = view.law[rows]
    b = bm25[rows]
    p = plain[rows]
    c = cos[rows].astype(np.float64)
    best_cos = float(c.max())
    # profile of each candidate's article (0 and a large gap when it has none)
    profile_index = memory.profile_of_row[rows]
    has_profile = profile_index >= 0
    best_profile = float(profile_cos.max()) if len(profile_cos) else 0.0
    profile = np.where(has_profile, profile_cos[np.maximum(profile_index, 0)] if len(profile_cos) else 0.0, 0.0)
    counts = memory.memory.profile_counts
    profile_logcount = np.where(has_profile, np.log1p(counts[np.maximum(profile_index, 0)]) if len(counts) else 0.0, 0.0)
    vote_rank = np.full(len(view.law_titles) + 1, float(len(voted) + 1))
    vote_rank[voted] = np.arange(len(voted))
    # question words in the article (by BM25 token), the law's title and the chapter path
    in_text = np.zeros(m)
    if words:
        position = np.full(len(view), -1, dtype=np.int64)
        position[rows] = np.arange(m)
        for word in words:
            posting = lexical.postings.get(word)
            if posting is not None:
                hit = position[posting[0]]
                in_text[hit[hit >= 0]] += 1
        in_text /= len(words)
    title_cov = _coverage_by(law, view.law_text, words)
    chapter = view.chapter[rows]
    path_cov = _coverage_by(chapter, view.chapter_text, words)
    # aggregates of the candidate's law and chapter over the pool
    total = float(rrf.sum()) or 1.0
    law_group, laws = _group(law)
    law_rrf = np.bincount(law_group, weights=rrf, minlength=laws)
    law_count = np.bincount(law_group, minlength=laws)
    law_best = np.full(laws, np.inf)
    np.minimum.at(law_best, law_group, rrf_rank)
    law_vec = np.full(laws, -np.inf)
    np.maximum.at(law_vec, law_group, c)
    chapter_key = np.where(chapter >= 0, chapter, -1 - law.astype(np.int64))  # no path: the law
    chapter_group, chapters = _group(chapter_key)
    chapter_rrf = np.bincount(chapter_group, weights=rrf, minlength=chapters)
    chapter_count = np.bincount(chapter_group, minlength=chapters)
    has_crime = bool(crimes)
    columns = {
        "bm25": b, "bm25_rel": b / (float(b.max()) or 1.0),
        "bm25_logrank": np.log1p(bm25_rank[rows]), "bm25_plain_rel": p / (float(p.max()) or 1.0),
        "vec": c, "vec_gap": c - best_cos, "vec_logrank": np.log1p(vec_rank[rows]),
        "rrf": rrf, "rrf_logrank": np.log1p(rrf_rank),
        "in_both": ((bm25_rank[rows] < missing) & (vec_rank[rows] < missing)).astype(np.float64),
        "profile": profile, "profile_gap": np.where(has_profile, profile - best_profile, -1.0),
        "profile_logcount": profile_logcount,
        "law_vote": np.where(law >= 0, vote[law], 0.0), "law_vote_rank": vote_rank[law],
        "law_named": np.isin(law, named).astype(np.float64) if named else np.zeros(m),
        "crime_article": np.isin(rows, crime_rows).astype(np.float64),
        "crime_law": (view.criminal[rows] & has_crime).astype(np.float64),
        "q_in_text": in_text, "q_in_title": title_cov, "q_in_path": path_cov,
        "law_rank": view.rank_order[rows], "article_logno": view.article_logno[rows],
        "logchars": view.logchars[rows], "cited_log": view.cited_log[rows],
        "law_share_rrf": law_rrf[law_group] / total, "law_count": law_count[law_group],
        "law_best_rrf_logrank": np.log1p(law_best[law_group]),
        "law_max_vec_gap": law_vec[law_group] - best_cos,
        "chapter_share_rrf": chapter_rrf[chapter_group] / total,
        "chapter_count": chapter_count[chapter_group],
        "q_tokens": np.full(m, float(len(words))), "expansion_terms": np.full(m, float(expansion_terms)),
    }
    return np.column_stack([np.asarray(columns[f], dtype=np.float32) for f in FEATURES])


def _coverage_by(index: np.ndarray, texts: list[str], words: list[str]) -> np.ndarray:
    """Share of ``words`` found in ``texts[index]`` per candidate (0 where index is -1)."""
    out = np.zeros(len(index))
    if not words:
        return out
    for value in np.unique(index[index >= 0]).tolist():
        target = texts[value]
        out[index == value] = sum(1 for w in words if w in target) / len(words)
    return out
