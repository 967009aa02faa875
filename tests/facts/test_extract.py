"""Rule-based extraction on the two real demo contracts, checked against ground_truth.json.

Zero tolerance: dates, amounts and periods must equal the known values exactly; every located
field's span must be the verbatim surface in its chunk, on the page the ground truth gives; a
field the contract does not state stays empty.
"""

from __future__ import annotations

import pytest

from engine.contract_facts import Alignment, FIELD_NAMES, extract_contract_facts
from tests.facts.conftest import EN_CONTRACT, ZH_CONTRACT, doc_id_of

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def zh(contracts_engine):
    return extract_contract_facts(contracts_engine, doc_id_of(contracts_engine, ZH_CONTRACT))


@pytest.fixture(scope="module")
def en(contracts_engine):
    return extract_contract_facts(contracts_engine, doc_id_of(contracts_engine, EN_CONTRACT))


def _assert_spans_verbatim(engine, facts):
    chunks = {c.chunk_id: c for c in engine.chunks(facts.doc_id)}
    fields = [*facts.fields.values(), *(f for items in facts.lists.values() for f in items)]
    assert fields and facts.parties and facts.clauses
    for item in [*fields, *facts.parties, *facts.clauses]:
        assert item.alignment is Alignment.EXACT
        chunk = chunks[item.chunk_id]
        assert chunk.page_start <= item.page <= chunk.page_end
        assert item.quote_start <= item.start < item.end <= item.quote_end <= len(chunk.text)
    for item in fields:
        assert chunk_text(chunks, item) == item.text
    for party in facts.parties:
        assert chunk_text(chunks, party) == party.name


def chunk_text(chunks, item) -> str:
    return chunks[item.chunk_id].text[item.start:item.end]


def test_chinese_contract_fields_equal_the_ground_truth(zh, demo_truth):
    truth = demo_truth[ZH_CONTRACT]
    assert zh.language == "zh"
    assert zh.value("title") == truth["title"]
    assert zh.value("contract_type") == "service"
    dates = {d["role"]: d for d in truth["dates"]}
    assert zh.value("agreement_date") == dates["signing_date"]["value"] == "2023-02-20"
    assert zh.value("effective_date") == truth["effective_date"]["value"]
    assert zh.fields["effective_date"].meta["basis"] == "agreement_date"  # 签字并加盖公章之日起生效
    assert truth["effective_rules"][0]["surface"].endswith(zh.fields["effective_date"].meta["basis_text"])
    assert zh.value("term_start") == dates["term_start"]["value"]
    assert zh.value("termination_date") == dates["term_end"]["value"] == "2024-02-29"
    assert zh.value("duration") == {"months": 12}
    total = next(a for a in truth["amounts"] if a["id"] == "cn_total_words")
    assert zh.value("total_amount") == {"value": total["value"], "currency": "CNY"}
    assert zh.fields["total_amount"].text == total["surface"]
    assert zh.fields["total_amount"].page == total["page"]
    assert zh.fields["governing_law"].text == truth["governing_law"]["surface"]
    assert zh.fields["governing_law"].page == truth["governing_law"]["page"]
    assert zh.value("governing_law")["jurisdictions"] == ["China"]


def test_chinese_contract_parties_with_roles_and_addresses(zh, demo_truth):
    truth = demo_truth[ZH_CONTRACT]
    assert [(p.name, p.role, p.page) for p in zh.parties] == [(p["name"], p["role"], p["page"])
                                                            for p in truth["parties"]]
    assert zh.parties[0].meta["role_note"] == "委托方"
    assert zh.parties[0].location == "江州市滨江区江南大道1288号恒远大厦15层"


def test_english_contract_fields_equal_the_ground_truth(en, demo_truth):
    truth = demo_truth[EN_CONTRACT]
    assert en.language == "en"
    assert en.value("title") == truth["title"]
    assert en.value("effective_date") == truth["effective_date"]["value"] == "2023-03-15"
    assert en.fields["effective_date"].text == truth["effective_date"]["surface"]
    assert en.value("agreement_date") == "2023-03-15"
    durations = {d["id"]: d for d in truth["durations"]}
    assert en.value("duration") == durations["en_initial_term"]["value"]
    assert en.fields["duration"].text == durations["en_initial_term"]["surface"]
    assert en.value("renewal_term") == {"automatic": True, "period": durations["en_renewal_term"]["value"]}
    assert en.value("renewal_notice") == durations["en_nonrenewal_notice"]["value"]
    law = truth["governing_law"]
    assert en.value("governing_law") == {"text": law["value"], "jurisdictions": ["Delaware"]}
    assert en.fields["governing_law"].page == law["page"]
    terms = {t.value["kind"]: t.value for t in en.lists["termination_terms"]}
    assert terms["convenience"]["notice"] == durations["en_convenience_notice"]["value"]


def test_english_contract_parties(en, demo_truth):
    truth = demo_truth[EN_CONTRACT]
    assert [(p.name, p.role) for p in en.parties] == [(p["name"], p["role"]) for p in truth["parties"]]
    assert [p.location for p in en.parties] == ["Delaware", "New Jersey"]
    assert [p.norm for p in en.parties] == ["northwind analytics", "harbor lane logistics"]


def test_fields_the_contracts_do_not_state_stay_empty(zh, en):
    # The English agreement states monthly and first-year fees but no contract total, and no end
    # date (only a 24-month term): nothing is computed into those fields.
    assert en.value("total_amount") is None and en.value("termination_date") is None
    assert "total_amount" not in en.fields
    # The Chinese contract has no renewal clause.
    assert zh.value("renewal_term") is None and zh.value("renewal_notice") is None
    empty = en.to_dict()["fields"]["total_amount"]
    assert empty == {"value": None, "text": "", "page": None, "char_span": None, "chunk_id": None,
                     "quote_span": None, "alignment": "none", "source": "rules", "meta": {}}
    assert set(en.to_dict()["fields"]) == set(FIELD_NAMES)


def test_every_located_value_is_its_verbatim_chunk_text(contracts_engine, zh, en):
    _assert_spans_verbatim(contracts_engine, zh)
    _assert_spans_verbatim(contracts_engine, en)


def test_key_clauses_are_typed_with_their_sentences(zh, en):
    zh_types = {c.clause_type for c in zh.clauses}
    assert {"confidentiality", "liquidated_damages", "dispute_resolution", "acceptance",
            "termination_for_cause"} <= zh_types
    en_types = {c.clause_type for c in en.clauses}
    assert {"confidentiality", "cap_on_liability", "termination_for_convenience", "dispute_resolution"} <= en_types
    assert "exclusivity" not in en_types  # "exclusive jurisdiction" is not an exclusivity clause
    confidentiality = next(c for c in zh.clauses if c.clause_type == "confidentiality")
    assert "保密" in confidentiality.summary
