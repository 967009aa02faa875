"""The learned statute ranker: features, the shipped model file, its use in search, training."""

from __future__ import annotations

import importlib.util
import json
import math

import numpy as np
import pytest

from engine.config import RerankSettings
from engine.retrieve import learned
from engine.retrieve.learned import (FEATURES, Candidate, LearnedRanker, build_candidates,
                                     candidate_features, load_statute_ranker)
from engine.retrieve.rerank import choose_reranker
from engine.types import Chunk
from tests.conftest import REPO


def _article(cid: str, law: str, label: str, text: str, path: list[str]) -> Chunk:
    return Chunk(chunk_id=cid, doc_id=cid.split(":")[0], seq=0, kind="statute", chunk_type="article",
                 text=text, spans=[], bboxes=[], meta={"law_title": f"中华人民共和国{law}", "law_short": law, "article_label": label,
                       "path": path, "version": "2020-01-01"})


@pytest.mark.unit
def test_candidates_keep_each_channels_rank_and_score_in_fused_order():
    channels = {"bm25": [("a:1", 9.0), ("b:1", 4.0)], "vector": [("b:1", 0.9), ("c:1", 0.8)]}
    fused = [("b:1", 0.03), ("a:1", 0.016), ("c:1", 0.015)]
    got = build_candidates(channels, fused)
    assert got == [Candidate("b:1", 2, 4.0, 1, 0.03, 1), Candidate("a:1", 1, 9.0, None, 0.016, 2),
                   Candidate("c:1", None, 0.0, 2, 0.015, 3)]


@pytest.mark.unit
def test_features_describe_channels_words_and_the_law_each_candidate_belongs_to():
    chunks = {"a:1": _article("a:1", "刑法", "第二百六十六条", "诈骗公私财物，数额较大的，处三年以下有期徒刑",
                              ["分则", "侵犯财产罪"]),
              "b:1": _article("b:1", "民法典", "第五百八十四条", "当事人一方不履行合同义务，赔偿损失",
                              ["合同"]),
              "a:2": _article("a:2", "刑法", "第二百六十四条", "盗窃公私财物，数额较大的", ["分则", "侵犯财产罪"])}
    candidates = [Candidate("a:1", 1, 10.0, 3, 0.03, 1), Candidate("b:1", None, 0.0, 1, 0.016, 2),
                  Candidate("a:2", 2, 5.0, None, 0.015, 3)]
    rows = candidate_features("刑法 诈骗 数额较大 怎么处罚", ["刑法", "诈骗", "数额较大", "怎么", "处罚"],
                              candidates, chunks, [0.8, 0.9, 0.7], pool_depth=300)
    assert rows.shape == (3, len(FEATURES)) and rows.dtype == np.float32
    f = {name: rows[:, i] for i, name in enumerate(FEATURES)}
    assert f["bm25_rel"].tolist() == [1.0, 0.0, 0.5]
    assert f["bm25_logrank"][1] == pytest.approx(math.log1p(301))  # BM25 did not recall it
    assert f["vec_logrank"][2] == pytest.approx(math.log1p(301))
    assert f["in_both"].tolist() == [1.0, 0.0, 0.0]
    assert f["vec_gap"][1] == 0.0 and f["vec_gap"][0] == pytest.approx(-0.1)
    assert f["law_named"].tolist() == [1.0, 0.0, 1.0]  # 刑法 is named in the question
    assert f["law_count"].tolist() == [2, 1, 2]
    assert f["law_share_rrf"][0] == pytest.approx((0.03 + 0.015) / 0.061)
    assert f["q_in_text"][0] > f["q_in_text"][1]  # 诈骗, 数额较大 are in the first article
    assert f["article_logno"][0] == pytest.approx(math.log1p(266))
    assert candidate_features("x", [], [], {}, [], 300).shape == (0, len(FEATURES))


@pytest.mark.unit
def test_the_shipped_model_card_says_what_trained_it_and_how_well_it_did():
    card = json.loads(learned.STATUTE_MODEL_CARD.read_text("utf-8"))
    assert tuple(card["features"]) == FEATURES
    assert card["trained_on"]["file"] == "stard/train.jsonl" and len(card["trained_on"]["sha256"]) == 64
    assert card["selected_on"]["file"] == "stard/dev.jsonl"
    assert card["command"].startswith("python scripts/train_ranker.py")
    for split in ("cv_train", "dev"):
        assert set(card[split]) == {"R@10", "R@100", "hit@10", "MRR@10"}
    # The learned order must beat the fused order it starts from, on dev, on every metric.
    for metric, value in card["dev"].items():
        assert value >= card["fusion_baseline"]["dev"][metric], metric
    import hashlib
    assert hashlib.sha256(learned.STATUTE_MODEL.read_bytes()).hexdigest() == card["model_sha256"]


@pytest.mark.unit
def test_the_shipped_ranker_loads_and_scores_deterministically():
    ranker, why_not = load_statute_ranker()
    assert why_not is None and ranker.name.startswith("learned:statute-")
    rows = np.random.default_rng(0).random((40, len(FEATURES)), dtype=np.float32)
    first, second = ranker.score(rows), ranker.score(rows.copy())
    assert first.shape == (40,) and np.array_equal(first, second)
    assert ranker.score(np.zeros((0, len(FEATURES)), np.float32)).shape == (0,)


@pytest.mark.unit
def test_a_model_trained_on_other_features_is_refused_with_a_reason(tmp_path, monkeypatch):
    card = json.loads(learned.STATUTE_MODEL_CARD.read_text("utf-8"))
    card["features"] = card["features"][:-1]
    (tmp_path / "statute_ranker.json").write_text(json.dumps(card), "utf-8")
    (tmp_path / "statute_ranker.txt").write_bytes(learned.STATUTE_MODEL.read_bytes())
    monkeypatch.setattr(learned, "STATUTE_MODEL", tmp_path / "statute_ranker.txt")
    monkeypatch.setattr(learned, "STATUTE_MODEL_CARD", tmp_path / "statute_ranker.json")
    ranker, why_not = load_statute_ranker()
    assert ranker is None and "trained on other features" in why_not
    monkeypatch.setattr(learned, "STATUTE_MODEL", tmp_path / "absent.txt")
    assert load_statute_ranker() == (None, f"learned ranker file {tmp_path / 'absent.txt'} not found")


@pytest.mark.unit
def test_without_flashrank_the_choice_carries_the_learned_ranker_and_names_both(tmp_path):
    class Table:
        model_id = "table"

    choice = choose_reranker(RerankSettings(cache_dir=tmp_path / "none"), tmp_path, Table())
    assert isinstance(choice.learned, LearnedRanker)
    assert choice.fallback_reason.endswith(f"using {choice.learned.name} for statute articles, "
                                           "cosine:table (fallback) otherwise")
    off = choose_reranker(RerankSettings(cache_dir=tmp_path / "none", learned=False), tmp_path, Table())
    assert off.learned is None and off.fallback_reason.endswith("using cosine:table (fallback)")


@pytest.mark.integration
def test_search_ranks_statute_pools_with_the_learned_ranker_and_other_pools_as_before(demo_engine):
    choice = demo_engine.searcher.reranker
    assert choice.learned is not None
    statutes = demo_engine.search("以非法占有为目的骗取公私财物数额较大怎么处罚", k=5, kind="statute")
    assert statutes.reranker == choice.learned.name
    top = statutes.results[0]
    assert top.article()["article_label"] == "第二百六十六条" and "rerank" in top.channels
    scores = [h.score for h in statutes.results]
    assert scores == sorted(scores, reverse=True)
    pool = demo_engine.searcher.learned_pool("诈骗罪怎么处罚", choice.learned.pool_depth,
                                             allowed={top.chunk.doc_id})
    assert pool.features.shape == (len(pool.candidates), len(FEATURES))
    assert {c.chunk_id.rsplit(":", 1)[0] for c in pool.candidates} == {top.chunk.doc_id}
    # A transcript is not what the ranker was trained on: its pool keeps the configured reranker.
    transcript = next(d for d in demo_engine.docs().documents if d.kind == "transcript")
    case = demo_engine.search("一共转了多少钱", k=5, doc_id=transcript.doc_id)
    assert case.reranker == choice.name and case.reranker != choice.learned.name
    assert demo_engine.search("诈骗罪怎么处罚", k=5, kind="statute", rerank=False).reranker == "none"


def _train_module():
    spec = importlib.util.spec_from_file_location("train_ranker", REPO / "scripts" / "train_ranker.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.unit
def test_training_is_deterministic_and_learns_a_planted_signal():
    train = _train_module()
    rng = np.random.default_rng(1)
    data = []
    for q in range(60):
        x = rng.random((30, len(FEATURES)), dtype=np.float32)
        y = np.zeros(30, dtype=np.int32)
        gold = rng.integers(0, 30)
        y[gold] = 1
        x[gold, FEATURES.index("q_in_title")] += 1.0  # the planted signal
        ids = [f"{q}-{i}" for i in range(30)]
        data.append((x, y, ids, {ids[gold]}))
    params = {"num_leaves": 7, "learning_rate": 0.1, "rounds": 30, "min_data_in_leaf": 5}
    first, second = train.fit(data[:40], params), train.fit(data[:40], params)
    assert first.model_to_string() == second.model_to_string()
    held_out = train.metrics(train.ranked(data[40:], train.predict(first, data[40:])))
    assert held_out["hit@10"] == 1.0 and held_out["MRR@10"] > 0.9
