"""A total whose own sentence names its make-up (twelve monthly fees plus a one-time fee) is
recomputed from the amounts the contract states for each named fee (engine/answer/arithmetic.py,
makeup_check), in English and Chinese; a make-up only half read is not checked."""

from __future__ import annotations

import pytest

from engine.answer.candidates import Source
from engine.answer.composer import Composer
from engine.answer.model import Answer, Status
from engine.answer.pipeline import Answerer
from engine.answer.verify import verify
from engine.ingest.enrich import enrich
from engine.question import read_question
from engine.types import Chunk, Span

pytestmark = pytest.mark.unit


def clause(seq: int, text: str, doc: str = "c1") -> Chunk:
    return Chunk(chunk_id=f"{doc}:{seq:05d}", doc_id=doc, seq=seq, kind="contract", chunk_type="clause",
                 text=text, spans=[Span(1, 0, len(text))], bboxes=[], meta={}, facts=enrich(text).facts)


def run(question: str, chunks: list[Chunk]) -> Answer:
    sources = [Source(rank=i, chunk=c, doc_name="合同.pdf", score=1.0 - i / 100) for i, c in enumerate(chunks)]
    composer = Composer(lambda doc: {}, lambda doc: [Source(50 + i, c, "合同.pdf", 0.0, "completion")
                                                     for i, c in enumerate(chunks)], "全部 1 份文件")
    draft = composer.compose(read_question(question), sources)
    answer = Answerer._assemble(question, "fact", draft, "extractive", None, "none")
    answer.checks = verify(answer)
    return answer


ENGLISH = [
    clause(0, "5.1 Charges. Client shall pay Vendor a quarterly maintenance charge of $4,000.00 and a "
              "one-time setup charge of $6,500.00."),
    # the PDF wraps lines anywhere, also between the total and its make-up
    clause(1, "5.2 Year One. The charges payable in the first year total $22,500.00,\nbeing four quarterly "
              "maintenance\ncharges plus the setup charge."),
]
CHINESE = [
    clause(0, "第四条 费用：甲方每月支付乙方托\n管费8,000元，另支付一次性部署费15,000元。", "c2"),
    clause(1, "第五条 首年费用合计111,000元，即十二个月的托管费加上部署费。", "c2"),
]


def test_an_english_total_is_recomputed_from_the_fees_it_names():
    answer = run("How much do the charges payable in the first year total?", ENGLISH)
    (calc,) = answer.calculations
    assert calc.expression == "4 * 4000 + 6500" and calc.result == 22500 and calc.stated == 22500 and calc.ok
    assert calc.factors == [{"value": 4, "unit": "stated", "text": "four"}]
    assert "复算 4 * 4000 + 6500" in answer.conclusion and answer.checks.ok, answer.checks.unsupported


def test_a_chinese_total_is_recomputed_and_a_wrong_one_flagged():
    answer = run("首年费用合计多少？", CHINESE)
    (calc,) = answer.calculations
    assert calc.expression == "12 * 8000 + 15000" and calc.ok and answer.checks.ok, answer.checks.unsupported
    wrong = [CHINESE[0], clause(1, "第五条 首年费用合计110,000元，即十二个月的托管费加上部署费。", "c2")]
    answer = run("首年费用合计多少？", wrong)
    (calc,) = answer.calculations
    assert calc.result == 111000 and calc.stated == 110000 and not calc.ok
    assert answer.status is Status.NEEDS_REVIEW and "不符" in answer.conclusion


def test_a_make_up_naming_a_fee_the_contract_does_not_price_is_not_checked():
    unpriced = [ENGLISH[0], clause(1, "5.2 Year One. The charges payable in the first year total $22,500.00, "
                                      "being four quarterly maintenance charges plus the training charge.")]
    answer = run("How much do the charges payable in the first year total?", unpriced)
    assert answer.calculations == [] and "22,500" in answer.conclusion
