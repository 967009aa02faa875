"""Hybrid search on the real demo corpus, against an embedded Chroma and a real `chroma run`."""

from __future__ import annotations

import pytest

from engine.inputs import UnknownDocument

pytestmark = pytest.mark.integration

RESULT_KEYS = {"rank", "chunk_id", "doc_id", "doc_name", "kind", "page_start", "page_end", "text",
               "score", "article"}


def _doc(engine, kind: str, name_part: str = ""):
    return next(d for d in engine.docs().documents if d.kind == kind and name_part in d.name)


def test_json_contract_and_reported_reranker(demo_engine):
    payload = demo_engine.search("陈晓梅一共转了多少钱", k=5).to_dict()
    assert set(payload) >= {"query", "results", "timings_ms", "reranker"}
    assert [r["rank"] for r in payload["results"]] == [1, 2, 3, 4, 5]
    assert all(RESULT_KEYS <= set(r) for r in payload["results"])
    scores = [r["score"] for r in payload["results"]]
    assert scores == sorted(scores, reverse=True)
    assert "fallback" in payload["reranker"]  # no FlashRank weights here: the fallback says so
    assert {"parse", "bm25", "vector", "fuse", "rerank", "total"} <= set(payload["timings_ms"])
    plain = demo_engine.search("陈晓梅一共转了多少钱", k=5, rerank=False).to_dict()
    assert plain["reranker"] == "none" and "rerank" not in plain["timings_ms"]


def test_statute_results_carry_article_identity(demo_engine):
    results = demo_engine.search("以非法占有为目的骗取公私财物数额较大怎么处罚", k=5).results
    top = results[0]
    article = top.article()
    assert top.chunk.kind == "statute"
    assert article["law_title"] == "中华人民共和国刑法" and article["article_label"] == "第二百六十六条"
    assert article["version"] == "2023-12-29" and article["path"]


def test_chinese_numerals_find_arabic_amounts_in_bm25(demo_engine):
    hits = demo_engine.search("一万七千元", k=3, mode="bm25", rerank=False).results
    assert hits and "17000元" in hits[0].chunk.text
    hits = demo_engine.search("13000元", k=3, mode="bm25", rerank=False).results  # 壹万叁仟元 in text
    assert hits and "壹万叁仟元" in hits[0].chunk.text


def test_each_mode_returns_results_and_filters_apply_in_every_channel(demo_engine):
    contract = _doc(demo_engine, "contract", "技术服务")
    for mode in ("bm25", "vector", "hybrid"):
        hits = demo_engine.search("违约责任", k=5, mode=mode, rerank=False, doc_id=contract.doc_id).results
        assert hits, mode
        assert {h.chunk.doc_id for h in hits} == {contract.doc_id}, mode
    statutes = demo_engine.search("讯问犯罪嫌疑人", k=10, kind="statute").results
    assert statutes and {h.chunk.kind for h in statutes} == {"statute"}
    with pytest.raises(UnknownDocument):  # a filter naming no document is the caller's mistake
        demo_engine.search("讯问", k=3, doc_id="d-no-such-doc")
    assert demo_engine.searcher.search("讯问", k=3, doc_id="d-no-such-doc").results == []
    with pytest.raises(ValueError):
        demo_engine.search("讯问", k=0)


def test_vector_channel_finds_paraphrases(demo_engine):
    hits = demo_engine.search("嫌疑人把钱退给受害人了吗", k=5, mode="vector", rerank=False).results
    assert any("一万零五百" in h.chunk.text or "退" in h.chunk.text for h in hits[:3])
