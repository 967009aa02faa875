"""The learned statute ranker: features, the shipped model file, its use in search, training."""

from __future__ import annotations

import importlib.util
import json
import sys
import math

import numpy as np
import pytest

from engine.config import RerankSettings
from engine.retrieve import learned
from engine.retrieve.learned import LearnedRanker, load_statute_ranker
from engine.retrieve.memory import MEMORY_CARD, MEMORY_VECTORS
from engine.question import read_question
from engine.retrieve.statute_pool import FEATURES
from engine.retrieve.rerank import choose_reranker
from tests.conftest import REPO


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
    # the memory it was trained with ships beside it, unchanged since
    assert hashlib.sha256(MEMORY_CARD.read_bytes()).hexdigest() == card["memory"]["sha256"]
    assert hashlib.sha256(MEMORY_VECTORS.read_bytes()).hexdigest() == card["memory"]["vectors_sha256"]
    assert card["pool"]["channel"] >= 100


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
    pool, state = demo_engine.searcher.statute_pool(read_question("诈骗罪怎么处罚"), choice.learned.depths,
                                                    allowed={top.chunk.doc_id})
    assert pool.features.shape == (len(pool.rows), len(FEATURES))
    assert {state.view.chunk_ids[r].rsplit(":", 1)[0] for r in pool.rows} == {top.chunk.doc_id}
    # A transcript is not what the ranker was trained on: its pool keeps the configured reranker.
    transcript = next(d for d in demo_engine.docs().documents if d.kind == "transcript")
    case = demo_engine.search("一共转了多少钱", k=5, doc_id=transcript.doc_id)
    assert case.reranker == choice.name and case.reranker != choice.learned.name
    assert demo_engine.search("诈骗罪怎么处罚", k=5, kind="statute", rerank=False).reranker == "none"


def _train_module():
    spec = importlib.util.spec_from_file_location("train_ranker", REPO / "scripts" / "train_ranker.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
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
        data.append(train.PoolData(x, y, ids, {ids[gold]}))
    params = {"num_leaves": 7, "learning_rate": 0.1, "rounds": 30, "min_data_in_leaf": 5}
    first, second = train.fit(data[:40], params), train.fit(data[:40], params)
    assert first.model_to_string() == second.model_to_string()
    held_out = train.metrics(train.ranked(data[40:], train.predict(first, data[40:])))
    assert held_out["hit@10"] == 1.0 and held_out["MRR@10"] > 0.9
    # the fused order baseline keeps the pool's order; holding the signal constant loses it
    blind = train.fit(train.without(data[:40], ("q_in_title",)), params)
    lost = train.metrics(train.ranked(data[40:], train.predict(blind, train.without(data[40:], ("q_in_title",)))))
    assert lost["MRR@10"] < 0.5
