"""The statute corpus as arrays, one entry per indexed chunk in the BM25/dense row order.

The learned ranker's features of a candidate — its law, chapter, article number, length, how often
other articles cite it, its law's rank — are fixed per chunk. Reading them from chunk metadata for
each of ~800 candidates per query cost most of the old ranker's 86 ms; as arrays built once per
catalog state they are a fancy-index away, and restricting a channel to some laws is a mask.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from engine.retrieve.memory import article_key
from engine.retrieve.names import CRIMINAL_LAW, StatuteNames
from engine.statutes.graph import ReferenceGraph
from engine.statutes.hierarchy import LawRank, rank_of_article
from engine.store.catalog import Catalog
from engine.store.pickled import load_fields, save_fields
from engine.text.refs import article_key as order_key

# 宪法 first, unknown last: an ordinal the trees can split on (法律 > 司法解释 > 行政法规 …).
RANK_ORDER = {rank: i for i, rank in enumerate((
    LawRank.CONSTITUTION, LawRank.LAW, LawRank.JUDICIAL_INTERPRETATION,
    LawRank.ADMINISTRATIVE_REGULATION, LawRank.SUPERVISORY_REGULATION, LawRank.LOCAL_REGULATION,
    LawRank.DEPARTMENTAL_RULE, LawRank.LOCAL_GOVERNMENT_RULE, LawRank.UNKNOWN))}


@dataclass
class StatuteView:
    generation: int
    chunk_ids: list[str]
    law: np.ndarray  # int32 index into law_titles; -1: not a statute chunk
    law_titles: list[str]
    law_text: list[str]  # title and short title, for "question words in the title"
    chapter: np.ndarray  # int32 index into chapter_text; -1: none
    chapter_text: list[str]  # 编/章/节 path joined
    article: np.ndarray  # int32 index into article_keys; -1: not an article (a law's header)
    article_keys: list[str]  # law_title|article_label
    rank_order: np.ndarray  # float32, RANK_ORDER of the chunk's law
    article_logno: np.ndarray  # float32, log1p(article number)
    logchars: np.ndarray  # float32, log1p(text length)
    cited_log: np.ndarray  # float32, log1p(citations by other articles)
    criminal: np.ndarray  # bool: 刑法 or a text on criminal matters (title says 刑事/刑法/犯罪)
    names: StatuteNames
    _rows_of_law: dict[int, np.ndarray] = field(default_factory=dict, repr=False)
    _rows_of_article: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    _law_index: dict[str, int] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._law_index = {t: i for i, t in enumerate(self.law_titles)}
        order = np.argsort(self.law, kind="stable")
        bounds = np.searchsorted(self.law[order], np.arange(len(self.law_titles) + 1))
        self._rows_of_law = {i: order[bounds[i]:bounds[i + 1]] for i in range(len(self.law_titles))}
        arts = np.flatnonzero(self.article >= 0)
        by_article: dict[int, list[int]] = {}
        for row in arts.tolist():
            by_article.setdefault(int(self.article[row]), []).append(row)
        self._rows_of_article = {self.article_keys[a]: np.asarray(rows) for a, rows in by_article.items()}

    def __len__(self) -> int:
        return len(self.chunk_ids)

    @property
    def statute_share(self) -> float:
        return float(np.mean(self.law >= 0)) if len(self.law) else 0.0

    def law_index(self, title: str) -> int | None:
        return self._law_index.get(title)

    def rows_of_laws(self, laws: list[int]) -> np.ndarray:
        parts = [self._rows_of_law[i] for i in laws if i in self._rows_of_law]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int64)

    def rows_of_article(self, key: str) -> np.ndarray:
        return self._rows_of_article.get(key, np.zeros(0, dtype=np.int64))


def load_or_build_view(catalog: Catalog, generation: int, chunk_ids: list[str], path: Path) -> StatuteView:
    """The view saved in ``path`` when it is of this catalog state, else a new one (saved there):
    building reads every chunk's metadata (seconds on the statute corpus), loading does not."""
    view = load_fields(StatuteView, path)
    if view is not None and view.generation == generation and view.chunk_ids == chunk_ids:
        return view
    view = build_view(catalog, generation, chunk_ids)
    save_fields(view, path)
    return view


def build_view(catalog: Catalog, generation: int, chunk_ids: list[str]) -> StatuteView:
    """Arrays for ``chunk_ids`` (the BM25 index's rows of this generation)."""
    profiles = {cid: (chunk_type, length, meta) for cid, _doc, chunk_type, length, meta
                in catalog.chunk_profiles()}
    n = len(chunk_ids)
    law = np.full(n, -1, dtype=np.int32)
    chapter = np.full(n, -1, dtype=np.int32)
    article = np.full(n, -1, dtype=np.int32)
    rank_order = np.full(n, len(RANK_ORDER), dtype=np.float32)
    article_logno = np.zeros(n, dtype=np.float32)
    logchars = np.zeros(n, dtype=np.float32)
    law_ids: dict[str, int] = {}
    law_text: list[str] = []
    chapter_ids: dict[tuple[int, str], int] = {}
    article_ids: dict[str, int] = {}
    order_keys: list[int | None] = [None] * n
    shorts: dict[str, str | None] = {}
    for row, cid in enumerate(chunk_ids):
        chunk_type, length, meta_json = profiles.get(cid, ("", 0, "{}"))
        logchars[row] = math.log1p(length)
        if '"law_title"' not in meta_json:
            continue
        meta = json.loads(meta_json)
        title = meta.get("law_title")
        if not title:
            continue
        if title not in law_ids:
            law_ids[title] = len(law_ids)
            shorts[title] = meta.get("law_short")
            law_text.append(f"{title}{meta.get('law_short') or ''}")
        law[row] = law_ids[title]
        rank_order[row] = RANK_ORDER.get(rank_of_article(meta), len(RANK_ORDER))
        path = "/".join(meta.get("path") or [])
        if path:
            chapter[row] = chapter_ids.setdefault((law[row], path), len(chapter_ids))
        label = meta.get("article_label")
        if label and chunk_type != "header":
            article[row] = article_ids.setdefault(article_key(title, label), len(article_ids))
            key = order_key(label)
            order_keys[row] = key
            article_logno[row] = math.log1p(key // 1000) if key else 0.0
    titles = list(law_ids)
    exact: dict[tuple[str, int], int] = {}
    ranges: dict[str, list[tuple[int, int, int]]] = {}
    for title, spans in ReferenceGraph.for_catalog(catalog).cited_counts().items():
        for lo, hi, count in spans:
            if lo == hi:
                exact[(title, lo)] = exact.get((title, lo), 0) + count
            else:
                ranges.setdefault(title, []).append((lo, hi, count))
    cited_log = np.zeros(n, dtype=np.float32)
    for row in np.flatnonzero(article >= 0).tolist():
        key, title = order_keys[row], titles[law[row]]
        if key is not None:
            total = exact.get((title, key), 0) + sum(c for lo, hi, c in ranges.get(title, ()) if lo <= key <= hi)
            cited_log[row] = math.log1p(total)
    criminal_laws = np.asarray([t == CRIMINAL_LAW or any(w in t for w in ("刑事", "刑法", "犯罪"))
                                for t in titles] + [False], dtype=bool)
    names = StatuteNames.build(((t, shorts[t]) for t in titles),
                               catalog.article_texts_mentioning("刑法", "罪"))
    chapters = [path for (_law, path), _ in sorted(chapter_ids.items(), key=lambda kv: kv[1])]
    keys = [k for k, _ in sorted(article_ids.items(), key=lambda kv: kv[1])]
    return StatuteView(generation, list(chunk_ids), law, titles, law_text, chapter, chapters, article,
                       keys, rank_order, article_logno, logchars, cited_log,
                       criminal_laws[law], names)
