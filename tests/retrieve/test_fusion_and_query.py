from __future__ import annotations

import pytest

from engine.retrieve.fusion import reciprocal_rank_fusion
from engine.question import Intent, read_question

pytestmark = pytest.mark.unit


def test_rrf_rewards_agreement_and_is_deterministic():
    fused = reciprocal_rank_fusion({"bm25": ["a", "b", "c"], "vector": ["c", "a", "d"]}, k=60)
    ids = [i for i, _ in fused]
    assert ids[:2] == ["a", "c"]  # in both lists
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
    assert set(ids) == {"a", "b", "c", "d"}
    tie = reciprocal_rank_fusion({"x": ["p"], "y": ["q"]})
    assert [i for i, _ in tie] == ["p", "q"]  # ties keep first-seen order
    weighted = reciprocal_rank_fusion({"x": ["p"], "y": ["q"]}, weights={"y": 2.0})
    assert weighted[0][0] == "q"
    with pytest.raises(ValueError):
        reciprocal_rank_fusion({"x": ["p"]}, k=0)
    assert reciprocal_rank_fusion({}) == []


@pytest.mark.parametrize("question, intent", [
    ("张某某一共转给刘某多少钱？", Intent.FACT),
    ("第三笔钱是哪天转的？", Intent.FACT),
    ("哪些证据证明张某某收到了退款？", Intent.EVIDENCE),
    ("列出所有转账记录", Intent.EVIDENCE),
    ("张某某前后说法有没有矛盾？", Intent.CONFLICT),
    ("两次供述是否一致", Intent.CONFLICT),
    ("Which documents are governed by Delaware law?", Intent.EVIDENCE),
])
def test_intent(question, intent):
    assert read_question(question).intent is intent


def test_parse_normalises_entities_like_the_index():
    from engine.text.tokenize import tokenize

    parsed = read_question("《中华人民共和国刑法》第二百六十六条规定的数额较大是指四万二千元吗？").query
    assert [f.value for f in parsed.amounts] == [42000]
    assert [f.value for f in parsed.article_refs] == ["第二百六十六条"]
    assert parsed.laws == ["中华人民共和国刑法"]
    assert "42000" in parsed.tokens and parsed.tokens == tokenize(parsed.text)
    short = read_question("民法典第五百八十四条怎么规定的").query
    assert short.laws == ["民法典"] and [f.value for f in short.article_refs] == ["第五百八十四条"]
    assert read_question("2020年1月份左右转了多少").query.dates[0].value == "2020-01"
