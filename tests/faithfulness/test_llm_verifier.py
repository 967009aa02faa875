"""The LLM judge against a real OpenAI-compatible HTTP server on loopback (scripted replies):
statements and verdicts parsed defensively, numbers re-checked offline, every failure a fallback
to the offline verifier with the reason."""

from __future__ import annotations

import json
import math

import pytest

from engine.answer.llm import LLMUnavailable
from engine.config import LLMSettings
from engine.faithfulness import score_faithfulness
from engine.faithfulness.llm_verifier import parse_json, parse_statements, parse_verdicts
from tests.answer.fake_openai_server import FakeOpenAIServer, Scripted

pytestmark = pytest.mark.integration

CONTEXT = ["问：第一次转账是什么时间，转了多少钱？\n答：第一次是2022年10月15日，她用手机银行给我转了17000元。",
           "问：你有没有给陈晓梅退过钱？\n答：退过一次。2023年1月6日我用工商银行卡转回给她一万零五百元。"]
ANSWER = "陈晓梅第一次于2022年10月15日转了17000元。李志强退过一次钱。"


@pytest.fixture
def server():
    with FakeOpenAIServer() as running:
        yield running


def settings(server: FakeOpenAIServer, timeout_s: float = 10.0) -> LLMSettings:
    return LLMSettings(base_url=server.base_url, api_key="test", model="scripted", timeout_s=timeout_s)


def statements_reply(*texts: str) -> str:
    return json.dumps({"statements": list(texts)}, ensure_ascii=False)


def verdicts_reply(*verdicts: tuple[bool, str, str]) -> str:
    return json.dumps({"verdicts": [{"id": f"S{i}", "supported": s, "reason": r, "quote": q}
                                    for i, (s, r, q) in enumerate(verdicts, start=1)]}, ensure_ascii=False)


def test_statements_and_verdicts_come_from_the_model(server, embedder):
    server.script(
        "```json\n" + statements_reply("陈晓梅第一次于2022年10月15日转了17000元", "李志强退过一次钱") + "\n```",
        "<think>逐条核对</think>" + verdicts_reply(
            (True, "日期金额一致", "第一次是2022年10月15日，她用手机银行给我转了17000元"),
            (False, "上下文未说明", "")))
    result = score_faithfulness(ANSWER, CONTEXT, embedder=embedder, llm_settings=settings(server))
    assert result.method == "llm" and result.score == 0.5
    first, second = result.statements
    assert first.supported and first.reason == "LLM: 日期金额一致"
    # the quote, located in the context and returned as the context writes it
    assert first.evidence == "第一次是2022年10月15日，她用手机银行给我转了17000元"
    assert not second.supported and second.reason == "LLM: 上下文未说明" and second.evidence is None
    # both calls reached the server at temperature 0, the context as delimited data
    extract, judge = server.requests
    assert extract["temperature"] == 0 and ANSWER in extract["messages"][1]["content"]
    assert '<evidence id="C1">' in judge["messages"][1]["content"]
    assert "S2：李志强退过一次钱" in judge["messages"][1]["content"]


def test_a_changed_number_is_unsupported_whatever_the_model_says(server, embedder):
    server.script(statements_reply("陈晓梅第一次转了18000元"),
                  verdicts_reply((True, "一致", "她用手机银行给我转了17000元")))
    result = score_faithfulness("陈晓梅第一次转了18000元。", CONTEXT, embedder=embedder,
                                llm_settings=settings(server))
    (verdict,) = result.statements
    assert result.method == "llm" and not verdict.supported
    assert "18000元" in verdict.reason and "已否决" in verdict.reason


def test_a_quote_not_in_the_context_is_not_shown_as_evidence(server, embedder):
    server.script(statements_reply("陈晓梅第一次于2022年10月15日转了17000元"),
                  verdicts_reply((True, "一致", "她于2022年10月15日通过支付宝转了17000元")))
    (verdict,) = score_faithfulness(ANSWER.split("。")[0], CONTEXT, embedder=embedder,
                                    llm_settings=settings(server)).statements
    assert verdict.supported
    assert verdict.evidence is None or verdict.evidence in CONTEXT[0]  # the offline span, if any
    assert verdict.evidence != "她于2022年10月15日通过支付宝转了17000元"


# Statements: split by rule when the extraction failed (2), the model's own when only the verdicts did (1).
@pytest.mark.parametrize("scripted, reason, statements", [
    ([Scripted(status=500)], "HTTP 500", 2),
    (["我认为这个回答基本正确。"], "不是 JSON", 2),
    ([statements_reply("陈晓梅第一次转了17000元", "她还转了99999元")], "回答中没有的数值", 2),
    ([Scripted(content='{"statements": ["x"', finish_reason="length")], "截断", 2),
    ([statements_reply("陈晓梅第一次转了17000元"), json.dumps({"verdicts": []})], "缺少 S1", 1),
    ([statements_reply("陈晓梅第一次转了17000元"), json.dumps({"verdicts": [{"id": "S1", "supported": "maybe"}]})],
     "无法识别", 1),
])
def test_any_failure_falls_back_to_the_offline_verifier_with_the_reason(server, embedder, scripted, reason,
                                                                        statements):
    server.script(*scripted)
    result = score_faithfulness(ANSWER, CONTEXT, embedder=embedder, llm_settings=settings(server))
    assert result.method == "offline"
    assert "LLM 未使用" in result.reason and reason in result.reason, result.reason
    assert len(result.statements) == statements
    assert all(v.reason and not v.reason.startswith("LLM:") for v in result.statements)
    assert server.pending == 0


def test_a_timeout_falls_back(server, embedder):
    server.script(Scripted(content=statements_reply("x"), delay_s=2.0))
    result = score_faithfulness(ANSWER, CONTEXT, embedder=embedder,
                                llm_settings=settings(server, timeout_s=0.5))
    assert result.method == "offline" and "no complete reply within 0.5 s" in result.reason


def test_no_statements_from_the_model_is_no_score(server, embedder):
    server.script(statements_reply())
    result = score_faithfulness("好的。", CONTEXT, embedder=embedder, llm_settings=settings(server))
    assert math.isnan(result.score) and result.method == "llm" and result.to_dict()["score"] is None


def test_an_unconfigured_llm_means_offline_with_a_note(embedder):
    result = score_faithfulness(ANSWER, CONTEXT, embedder=embedder, llm_settings=LLMSettings())
    assert result.method == "offline" and "LLM 未配置" in result.reason


@pytest.mark.parametrize("content, expected", [
    ('{"statements": ["a"]}', {"statements": ["a"]}),
    ('<think>hmm</think>\n```json\n["a", "b"]\n```', ["a", "b"]),
    ('结果如下：{"verdicts": []} 以上。', {"verdicts": []}),
])
def test_json_is_found_in_what_models_actually_send(content, expected):
    assert parse_json(content) == expected


def test_verdicts_by_position_when_ids_are_left_out_and_words_for_booleans():
    reply = json.dumps({"verdicts": [{"supported": "是", "reason": "r1"}, {"supported": "no"}]})
    assert parse_verdicts(reply, 2) == [(True, "r1", ""), (False, "", "")]
    with pytest.raises(LLMUnavailable):
        parse_statements('{"statements": [1, 2]}')
