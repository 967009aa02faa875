"""Our postings scorer must give rank-bm25's scores exactly (rank-bm25 is the reference)."""

from __future__ import annotations

import gzip
import json
import random

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from engine.store.lexical import LexicalIndex
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit


def _toy():
    docs = {"c1": "诈骗 公私 财物 数额 较大", "c2": "自首 从轻 处罚", "c3": "诈骗 诈骗 数额 巨大",
            "c4": "合同 违约 责任", "c5": ""}
    rows = [(cid, "dA" if cid in ("c1", "c2") else "dB", text.split()) for cid, text in docs.items()]
    return rows


def test_scores_equal_rank_bm25_on_toy_corpus():
    rows = _toy()
    index = LexicalIndex.build(rows)
    reference = BM25Okapi([r[2] or [""] for r in rows])
    for query in (["诈骗"], ["诈骗", "数额"], ["诈骗", "诈骗"], ["不存在"], []):
        assert np.allclose(index.scores(query), reference.get_scores(query))


def test_search_orders_by_score_and_filters_by_document():
    index = LexicalIndex.build(_toy())
    hits = index.search(["诈骗", "数额"], k=10)
    assert [cid for cid, _ in hits][:2] == ["c3", "c1"]
    assert all(score > 0 for _, score in hits)
    only_a = index.search(["诈骗", "数额"], k=10, doc_ids=["dA"])
    assert [cid for cid, _ in only_a] == ["c1"]
    assert index.search(["诈骗"], k=10, doc_ids=["unknown"]) == []
    assert len(index.search(["诈骗", "数额", "自首"], k=2)) == 2


def test_save_and_load_round_trip(tmp_path):
    index = LexicalIndex.build(_toy(), generation=7)
    index.save(tmp_path / "bm25.pkl")
    loaded = LexicalIndex.load(tmp_path / "bm25.pkl")
    assert loaded.generation == 7
    assert loaded.search(["诈骗"], 3) == index.search(["诈骗"], 3)
    (tmp_path / "broken.pkl").write_bytes(b"not a pickle")
    assert LexicalIndex.load(tmp_path / "broken.pkl") is None


def test_empty_index():
    index = LexicalIndex.build([])
    assert len(index) == 0 and index.search(["x"], 5) == []


@pytest.mark.slow
def test_matches_rank_bm25_on_real_statute_articles(datasets):
    """2,000 real articles, jieba tokens, 30 queries taken from other articles."""
    from engine.text.tokenize import tokenize

    path = dataset_file(datasets, "statutes/articles_latest.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        articles = [json.loads(line) for _, line in zip(range(2000), fh)]
    rows = [(a["id"], a["law_short"], tokenize(a["text"])) for a in articles]
    index = LexicalIndex.build(rows)
    reference = BM25Okapi([r[2] or [""] for r in rows])
    rng = random.Random(0)
    for article in rng.sample(articles, 30):
        query = tokenize(article["text"][:40])
        assert np.allclose(index.scores(query), reference.get_scores(query))
        top = index.search(query, 5)
        assert top[0][1] == pytest.approx(max(reference.get_scores(query)))
