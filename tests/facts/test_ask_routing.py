"""``ask`` sends corpus-level contract questions to the typed fact query, audits what ran, and
leaves every other question (and any question scoped to one document) to search."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.facts.conftest import EN_CONTRACT, ZH_CONTRACT, doc_id_of

pytestmark = pytest.mark.integration


def test_a_governing_law_count_is_answered_from_the_fact_table_and_audited(contracts_engine):
    answer = contracts_engine.ask("How many contracts are governed by Delaware law?")
    assert answer.status is Status.ANSWERED and answer.checks.ok
    assert [e.doc_name for e in answer.evidence] == [EN_CONTRACT]
    assert all(e.role == "fact" for e in answer.evidence)
    assert "Delaware" in answer.evidence[0].quote  # the clause itself, verbatim
    steps = contracts_engine.audit.replay(answer.audit_id)
    assert steps[0].channel == "facts" and steps[0].data["fact_query"]
    assert contracts_engine.audit.verify().ok


def test_chinese_corpus_questions_route_too(contracts_engine):
    answer = contracts_engine.ask("哪些合同适用中华人民共和国法律？")
    assert {e.doc_name for e in answer.evidence} == {ZH_CONTRACT}
    assert all(e.role == "fact" for e in answer.evidence)


def test_document_questions_and_scoped_asks_still_search(contracts_engine):
    plain = contracts_engine.ask("合同总价款是多少？")
    assert plain.evidence and all(e.role != "fact" for e in plain.evidence)
    scoped = contracts_engine.ask("How many contracts are governed by Delaware law?",
                                  doc_id=doc_id_of(contracts_engine, EN_CONTRACT))
    assert all(e.role != "fact" for e in scoped.evidence)
    steps = contracts_engine.audit.replay(scoped.audit_id)
    assert steps[0].stage.value == "parse"
