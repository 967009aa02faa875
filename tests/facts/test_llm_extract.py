"""LLM mode against a scripted OpenAI-compatible server: values are kept only where their quote is
in the contract and states them; anything else is rejected with no position and never stored."""

from __future__ import annotations

import json

import pytest

from engine.config import LLMSettings
from engine.contract_facts import Alignment, ExtractionMode, extract_contract_facts, load_contract_facts
from engine.contract_facts.llm_extract import extract_with_llm
from tests.answer.fake_openai_server import FakeOpenAIServer, Scripted
from tests.facts.conftest import EN_CONTRACT, doc_id_of

pytestmark = pytest.mark.integration

FIELDS_REPLY = {
    "title": {"value": "MASTER SERVICES AGREEMENT", "quote": "MASTER SERVICES AGREEMENT"},
    "effective_date": {"value": "2023-03-15", "quote": "is entered into as of March 15, 2023"},
    # made up: no such sentence in the contract
    "termination_date": {"value": "2025-03-14", "quote": "This Agreement terminates on March 14, 2025."},
    # a real quote that does not say the value
    "duration": {"value": "36 months", "quote": "continues for twenty-four (24) months"},
    # the real sentence, but lower case and without its line break: located after normalising
    "governing_law": {"value": "State of Delaware",
                      "quote": "this agreement is governed by the laws of the state of delaware"},
    "renewal_notice": {"value": "60 days", "quote": "at least sixty (60) days before the end of the then-current term"},
}
PARTIES_REPLY = {
    "parties": [{"name": "Northwind Analytics, Inc.", "role": "Provider", "quote": "Northwind Analytics, Inc."},
                {"name": "Fabricated Holdings LLC", "role": "Guarantor", "quote": "Fabricated Holdings LLC"}],
    "clauses": [{"type": "post_termination_services", "summary": "Fees accrued up to termination are paid.",
                 "quote": "On termination, Customer shall pay all fees accrued up to the effective date of termination"},
                {"type": "exclusivity", "summary": "Provider is exclusive.",
                 "quote": "Provider shall be the exclusive provider of analytics services"}],
}


@pytest.fixture
def server():
    with FakeOpenAIServer(model="scripted") as running:
        yield running


def settings_for(server) -> LLMSettings:
    return LLMSettings(base_url=server.base_url, api_key="test", model="scripted", timeout_s=10)


def test_only_values_stated_in_located_quotes_are_kept(contracts_engine, server):
    doc_id = doc_id_of(contracts_engine, EN_CONTRACT)
    server.script(json.dumps(FIELDS_REPLY), "```json\n" + json.dumps(PARTIES_REPLY) + "\n```")
    facts = extract_with_llm(doc_id, EN_CONTRACT, contracts_engine.chunks(doc_id), settings_for(server))
    assert server.pending == 0 and len(server.requests) == 2
    assert server.requests[0]["temperature"] == 0
    assert (facts.mode, facts.model) == (ExtractionMode.LLM, "scripted")

    effective = facts.fields["effective_date"]
    assert (effective.value, effective.source, effective.alignment) == ("2023-03-15", ExtractionMode.LLM,
                                                                       Alignment.EXACT)
    law = facts.fields["governing_law"]
    assert law.alignment is Alignment.FUZZY and law.source is ExtractionMode.LLM
    assert law.value == {"text": "State of Delaware", "jurisdictions": ["Delaware"]}
    chunk = next(c for c in contracts_engine.chunks(doc_id) if c.chunk_id == law.chunk_id)
    assert chunk.text[law.start:law.end] == "State of Delaware"

    # the invented end date and the misquoted period: rejected, no position, not in the fields
    assert "termination_date" not in facts.fields
    assert facts.value("duration") == {"months": 24}  # the rules' reading stays
    rejected = {r.name: r for r in facts.rejected}
    assert rejected["termination_date"].meta["reason"] == "quote not found in the contract"
    assert rejected["duration"].meta["reason"] == "value not stated in its quote"
    for item in facts.rejected:
        assert item.alignment is Alignment.NONE and item.chunk_id is None and item.start is None
        assert item.to_dict()["char_span"] is None

    assert "Fabricated Holdings LLC" not in [p.name for p in facts.parties]
    assert any(r.value == "Fabricated Holdings LLC" for r in facts.rejected)
    types = {c.clause_type: c for c in facts.clauses}
    assert types["post_termination_services"].source is ExtractionMode.LLM
    assert "exclusivity" not in types


def test_rejected_values_are_never_stored(tiny_contract_engine, server):
    engine = tiny_contract_engine
    doc_id = engine.docs().documents[0].doc_id
    server.script(json.dumps({
        "total_amount": {"value": "80000", "currency": "CNY", "quote": "本合同总价款为人民币捌万元整"},
        "termination_date": {"value": "2024-12-31", "quote": "2024年12月31日"},
    }), json.dumps({"parties": [], "clauses": []}))
    facts = extract_contract_facts(engine, doc_id, llm=settings_for(server))
    assert [r.name for r in facts.rejected] == ["total_amount"]
    stored = load_contract_facts(engine, doc_id)
    assert stored.mode is ExtractionMode.LLM
    assert stored.value("total_amount") == {"value": 50000, "currency": "CNY"}  # the rules' value, not 80000
    assert stored.fields["termination_date"].source is ExtractionMode.LLM
    assert stored.rejected == []


def test_a_failing_model_falls_back_to_the_rules_with_the_reason(contracts_engine, server):
    doc_id = doc_id_of(contracts_engine, EN_CONTRACT)
    server.script(Scripted(status=500))
    facts = extract_with_llm(doc_id, EN_CONTRACT, contracts_engine.chunks(doc_id), settings_for(server))
    assert facts.mode is ExtractionMode.RULES
    assert facts.value("governing_law")["jurisdictions"] == ["Delaware"]
    assert any("LLM 未使用" in n for n in facts.notes)
    server.script("not json at all", json.dumps({"parties": []}))
    facts = extract_with_llm(doc_id, EN_CONTRACT, contracts_engine.chunks(doc_id), settings_for(server))
    assert facts.mode is ExtractionMode.RULES and any("no JSON object" in n for n in facts.notes)
