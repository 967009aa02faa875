"""Corpus-level facts questions answered as real Answers: the contracts are listed as evidence,
each quote is verbatim chunk text with its page and boxes, and the verifier passes."""

from __future__ import annotations

from datetime import date

import pytest

from engine.answer.model import NOT_FOUND_PHRASE, Status
from engine.contract_facts import answer_fact_question
from engine.question import read_question
from tests.facts.conftest import EN_CONTRACT, ZH_CONTRACT

pytestmark = pytest.mark.integration


def ask(engine, question, today=date(2023, 6, 1)):
    query = read_question(question, today=today).corpus
    assert query is not None
    return answer_fact_question(engine, query, question)


def _check_evidence(engine, answer):
    assert answer.evidence
    for item in answer.evidence:
        chunk = engine.index.catalog.get_chunks([item.chunk.chunk_id])[0]
        assert chunk.text[item.quote_start:item.quote_end] == item.quote
        assert item.bboxes and all(b.page == item.page for b in item.bboxes[:1])
        assert chunk.page_start <= item.page <= chunk.page_end
    payload = answer.to_dict()
    for e in payload["evidence"]:
        assert set(e) >= {"id", "chunk_id", "doc_id", "doc_name", "page", "quote", "char_span", "bboxes"}


def test_how_many_contracts_are_governed_by_delaware_law(contracts_engine):
    answer = ask(contracts_engine, "How many contracts are governed by Delaware law?")
    assert answer.status is Status.ANSWERED and answer.checks.ok
    assert answer.conclusion.startswith("共一份")
    assert [e.doc_name for e in answer.evidence] == [EN_CONTRACT]
    assert "governed by the laws of the State of Delaware" in answer.evidence[0].quote.replace("\n", " ")
    assert answer.evidence[0].page == 2
    _check_evidence(contracts_engine, answer)


def test_which_contracts_are_governed_by_chinese_law(contracts_engine):
    answer = ask(contracts_engine, "哪些合同适用中国法律？")
    assert answer.status is Status.ANSWERED and answer.checks.ok
    assert "《技术服务合同》" in answer.conclusion and "（E1）" in answer.conclusion
    assert [e.doc_name for e in answer.evidence] == [ZH_CONTRACT]
    assert "均适用中华人民共和国法律" in answer.evidence[0].quote
    _check_evidence(contracts_engine, answer)


def test_which_agreements_with_a_party_are_active(contracts_engine):
    answer = ask(contracts_engine, "Which agreements with Northwind are active as of June 1, 2023?")
    assert answer.status is Status.ANSWERED and answer.checks.ok
    assert {e.doc_name for e in answer.evidence} == {EN_CONTRACT}
    quotes = " ".join(e.quote for e in answer.evidence)
    assert "Northwind Analytics, Inc." in quotes and "twenty-four (24) months" in quotes.replace("\n", " ")
    _check_evidence(contracts_engine, answer)


def test_active_contracts_cite_their_stated_terms(contracts_engine):
    answer = ask(contracts_engine, "截至2023年6月1日仍有效的合同有哪些？")
    assert answer.checks.ok and answer.status is Status.ANSWERED
    assert "期限 2023-03-01 至 2024-02-29" in answer.conclusion  # dates grounded in the cited 第二条
    assert {e.doc_name for e in answer.evidence} == {EN_CONTRACT, ZH_CONTRACT}


def test_sum_is_a_calculation_over_cited_totals_and_missing_totals_are_gaps(contracts_engine):
    answer = ask(contracts_engine, "所有合同的总金额合计多少？")
    assert answer.checks.ok, answer.checks.unsupported
    [calc] = answer.calculations
    assert (calc.expression, calc.result, calc.stated) == ("200000", 200000, None)
    assert "200000元" in answer.conclusion
    assert calc.evidence == [e.id for e in answer.evidence]
    assert "人民币贰拾万元整" in answer.evidence[0].quote
    # the English agreement states no total: named in a gap, and the answer asks for review
    assert answer.status is Status.NEEDS_REVIEW
    assert "MASTER SERVICES AGREEMENT" in answer.gaps[0].description


def test_nothing_matching_is_not_found(contracts_engine):
    answer = ask(contracts_engine, "How many agreements are governed by New York law?")
    assert answer.status is Status.NOT_FOUND and NOT_FOUND_PHRASE in answer.conclusion
    assert answer.evidence == [] and answer.checks.ok


def test_group_by_governing_law(contracts_engine):
    answer = ask(contracts_engine, "按适用法律统计合同数量")
    assert answer.status is Status.ANSWERED and answer.checks.ok
    assert "中华人民共和国：一份" in answer.conclusion and "特拉华州：一份" in answer.conclusion
    assert len(answer.evidence) == 2


def test_answers_are_masked_by_default_like_every_answer(contracts_engine):
    query = read_question("与江州云启信息技术有限公司签订的合同有哪些？").corpus
    assert answer_fact_question(contracts_engine, query, "q").pii_masked
    assert not answer_fact_question(contracts_engine, query, "q", unmask=True).pii_masked
