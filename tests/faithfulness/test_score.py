"""score_faithfulness on real demo text with the real embedder: a faithful summary scores 1.0, one
changed amount or one invented claim brings it below 1 and names the failing statement; the
offline verifier's span, negation and question rules; the empty cases."""

from __future__ import annotations

import json
import math

import pytest

from engine.faithfulness import score_faithfulness
from engine.faithfulness.model import Statement
from engine.faithfulness.verify import Context, OfflineVerifier

pytestmark = pytest.mark.integration

FAITHFUL_SUMMARY = (
    "李志强在网上以投资外汇为名骗了陈晓梅的钱。"
    "陈晓梅第一次于2022年10月15日用手机银行转了17000元。"
    "第二次是2022年11月2日，又转了壹万叁仟元追加投资。"
    "陈晓梅前后一共转给李志强四万二千元。"
    "2023年1月6日李志强用工商银行卡转回给陈晓梅一万零五百元。"
    "扣除退还的部分，陈晓梅实际损失三万一千五百元。"
    "李志强不知道阿杰的真实姓名。")


def unsupported(result) -> list[str]:
    return [v.text for v in result.statements if not v.supported]


def test_a_faithful_summary_of_the_transcript_scores_one(transcript, embedder):
    result = score_faithfulness(FAITHFUL_SUMMARY, transcript, embedder=embedder)
    assert unsupported(result) == [], [(v.text, v.reason) for v in result.statements]
    assert result.score == 1.0 and len(result.statements) >= 7
    for verdict in result.statements:  # evidence is the supporting span, verbatim from the context
        assert verdict.evidence and any(verdict.evidence in passage for passage in transcript)


def test_one_changed_amount_is_named(transcript, embedder):
    changed = FAITHFUL_SUMMARY.replace("转回给陈晓梅一万零五百元", "转回给陈晓梅一万一千五百元")
    result = score_faithfulness(changed, transcript, embedder=embedder)
    assert result.score < 1.0
    (failing,) = result.unsupported
    assert failing.text == "2023年1月6日李志强用工商银行卡转回给陈晓梅一万一千五百元"
    assert "一万一千五百元" in failing.reason and failing.evidence is None


def test_one_invented_claim_is_named(transcript, embedder):
    invented = FAITHFUL_SUMMARY + "李志强还用同样的方法骗过群里的其他客户。"
    result = score_faithfulness(invented, transcript, embedder=embedder)
    assert unsupported(result) == ["李志强还用同样的方法骗过群里的其他客户"]
    assert result.score == pytest.approx(len(result.statements[:-1]) / len(result.statements))


def test_a_negated_claim_is_named(transcript, embedder):
    negated = FAITHFUL_SUMMARY.replace("李志强不知道阿杰的真实姓名", "李志强知道阿杰的真实姓名")
    result = score_faithfulness(negated, transcript, embedder=embedder)
    (failing,) = result.unsupported
    assert failing.text == "李志强知道阿杰的真实姓名" and "否定" in failing.reason


def test_a_bare_answer_is_checked_as_the_answer_to_its_question(transcript, embedder):
    right = score_faithfulness("材料显示为2022年11月2日（E1）。", transcript, embedder=embedder,
                               question="陈晓梅第二次转账是哪天？")
    assert right.score == 1.0 and "2022年11月2日" in right.statements[0].evidence
    wrong = score_faithfulness("材料显示为2023年1月6日（E1）。", transcript, embedder=embedder,
                               question="陈晓梅第二次转账是哪天？")
    assert wrong.score == 0.0


def test_english_contract_statements(embedder):
    clause = ("4.1 Fees. Customer shall pay Provider a monthly service fee of $12,500.00 and a one-time\n"
              "implementation fee of $30,000.00.")
    result = score_faithfulness("The monthly service fee is $12,500.00. The implementation fee is $35,000.00.",
                                [clause], embedder=embedder)
    assert [v.supported for v in result.statements] == [True, False]


def test_a_question_alone_supports_nothing(embedder):
    context = ["问：你是否申请侦查人员回避？\n答：我看过了，清楚。我不申请回避。"]
    verifier = OfflineVerifier(Context(context), embedder)
    assert verifier.verify(Statement("李志强申请侦查人员回避", "李志强申请侦查人员回避")).supported is False
    assert verifier.verify(Statement("李志强不申请侦查人员回避", "李志强不申请侦查人员回避")).supported is True


def test_another_embedding_model_turns_the_paraphrase_rule_off(embedder):
    class Other:
        model_id = "some-other-model"

        def embed_passages(self, texts):
            return embedder.embed_passages(texts)

    verifier = OfflineVerifier(Context(["甲方应按约定支付服务费用。"]), Other())
    assert verifier.thresholds.paraphrase_cosine is None and "未经校准" in verifier.note


def test_no_statements_is_no_score_with_a_reason(embedder):
    result = score_faithfulness("未在材料中找到相关内容（检索范围：全部 5 份文件）。", ["任何上下文"],
                                embedder=embedder)
    assert math.isnan(result.score) and result.statements == [] and "没有可核验的陈述" in result.reason
    payload = result.to_dict()
    assert payload["score"] is None and json.loads(json.dumps(payload))["score"] is None


@pytest.mark.parametrize("context", [[], ["  ", "\n"], ""])
def test_an_empty_context_is_an_error(context):
    with pytest.raises(ValueError, match="context is empty"):
        score_faithfulness("陈晓梅转了17000元。", context)


def test_missing_inputs_are_errors():
    with pytest.raises(ValueError):
        score_faithfulness(None, ["上下文"])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        score_faithfulness("陈晓梅转了17000元。", None)  # type: ignore[arg-type]
