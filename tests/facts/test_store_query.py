"""Stored facts and the typed query tool over the two demo contracts: each filter, each
aggregation, the "could not judge" list, parameterised values, lazy re-extraction, cascade."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from engine.contract_facts import (Aggregation, AmountFilter, Comparison, DateRange, FactQuery, GroupBy, ensure_facts,
                          fact_store, load_contract_facts, run_fact_query)
from engine.contract_facts import service
from tests.facts.conftest import EN_CONTRACT, ZH_CONTRACT, doc_id_of

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def store(contracts_engine):
    ensure_facts(contracts_engine)
    return fact_store(contracts_engine)


def names(result) -> set[str]:
    return {r.doc_name for r in result.rows}


def test_facts_round_trip_through_the_store(contracts_engine, store):
    facts = load_contract_facts(contracts_engine, doc_id_of(contracts_engine, ZH_CONTRACT))
    assert facts.value("total_amount") == {"value": 200000, "currency": "CNY"}
    assert facts.value("termination_date") == "2024-02-29"
    assert facts.to_dict()["fields"]["total_amount"]["char_span"] == [facts.fields["total_amount"].start,
                                                                      facts.fields["total_amount"].end]
    assert [p.name for p in facts.parties] == ["江州市恒远贸易有限公司", "江州云启信息技术有限公司"]
    assert all(p.entity_id and p.merge["method"] == "own" for p in facts.parties)
    assert facts.to_dict()["fields"]["governing_law"]["alignment"] == "exact"


def test_ensure_facts_is_lazy_and_re_extracts_for_a_newer_extractor(contracts_engine, store, monkeypatch):
    assert ensure_facts(contracts_engine) == []  # current: nothing to do
    monkeypatch.setattr(service, "EXTRACTOR_VERSION", "facts/999")
    assert len(ensure_facts(contracts_engine)) == 2  # the stored ones are older: extracted again
    monkeypatch.setattr("engine.contract_facts.extract.EXTRACTOR_VERSION", "facts/999")
    ensure_facts(contracts_engine)  # stored now as facts/999 and current
    assert ensure_facts(contracts_engine) == []


def test_governing_law_filter_in_any_spelling(store):
    for spelling in ("Delaware", "the State of Delaware", "DELAWARE", "delaware law"):
        assert names(run_fact_query(store, FactQuery(governing_law=spelling))) == {EN_CONTRACT}
    for spelling in ("China", "中国", "中华人民共和国", "PRC"):
        assert names(run_fact_query(store, FactQuery(governing_law=spelling))) == {ZH_CONTRACT}
    assert run_fact_query(store, FactQuery(governing_law="New York")).rows == []


def test_party_filter_through_entities(store):
    assert names(run_fact_query(store, FactQuery(party="Northwind Analytics Inc"))) == {EN_CONTRACT}
    assert names(run_fact_query(store, FactQuery(party="Northwind"))) == {EN_CONTRACT}
    assert names(run_fact_query(store, FactQuery(party="云启信息技术公司"))) == {ZH_CONTRACT}
    assert run_fact_query(store, FactQuery(party="Nobody Ltd")).rows == []


def test_type_and_date_range_filters(store):
    assert names(run_fact_query(store, FactQuery(contract_type="service"))) == {EN_CONTRACT, ZH_CONTRACT}
    assert run_fact_query(store, FactQuery(contract_type="lease")).rows == []
    march = DateRange(date(2023, 3, 1), date(2023, 3, 31))
    assert names(run_fact_query(store, FactQuery(effective=march))) == {EN_CONTRACT}
    assert names(run_fact_query(store, FactQuery(effective=DateRange(end=date(2023, 2, 20))))) == {ZH_CONTRACT}
    # the end of term: stated for the Chinese contract, effective date + 24 months for the English one
    assert names(run_fact_query(store, FactQuery(ends=DateRange(end=date(2024, 2, 29))))) == {ZH_CONTRACT}
    in_2025 = run_fact_query(store, FactQuery(ends=DateRange(date(2025, 1, 1), date(2025, 12, 31))))
    assert names(in_2025) == {EN_CONTRACT}
    assert (in_2025.rows[0].end_date, in_2025.rows[0].end_basis) == ("2025-03-14", "derived")


def test_amount_comparisons_are_exact_and_keep_currencies_apart(store):
    def q(op, value, currency=None):
        return names(run_fact_query(store, FactQuery(amount=AmountFilter(op, Decimal(value), currency))))

    assert q(Comparison.EQ, "200000") == {ZH_CONTRACT}
    assert q(Comparison.GE, "200000") == {ZH_CONTRACT}
    assert q(Comparison.GT, "200000") == set()  # no rounding: 200000 is not > 200000
    assert q(Comparison.GT, "199999.99") == {ZH_CONTRACT}
    assert q(Comparison.LT, "200000.01", "CNY") == {ZH_CONTRACT}
    assert q(Comparison.GT, "1", "USD") == set()
    result = run_fact_query(store, FactQuery(amount=AmountFilter(Comparison.GT, Decimal(1))))
    assert [(r.doc_name, why) for r, why in result.unknown] == [
        (EN_CONTRACT, "未定位到合同总额 (total amount not located)")]


def test_active_on_a_date(store):
    both = run_fact_query(store, FactQuery(active_on=date(2023, 6, 1)))
    assert names(both) == {EN_CONTRACT, ZH_CONTRACT}
    assert names(run_fact_query(store, FactQuery(active_on=date(2023, 3, 10)))) == {ZH_CONTRACT}
    later = run_fact_query(store, FactQuery(active_on=date(2025, 6, 1)))
    assert later.rows == []
    # the English agreement's first term is over but it renews automatically: undecidable, said so
    assert [(r.doc_name, "自动续期" in why) for r, why in later.unknown] == [(EN_CONTRACT, True)]


def test_count_sum_and_group_by(store):
    assert run_fact_query(store, FactQuery(aggregation=Aggregation.COUNT)).count == 2
    assert run_fact_query(store, FactQuery(governing_law="Delaware", aggregation=Aggregation.COUNT)).count == 1
    summed = run_fact_query(store, FactQuery(aggregation=Aggregation.SUM))
    assert summed.sums == {"CNY": Decimal(200000)}
    assert [r.doc_name for r, _ in summed.unknown] == [EN_CONTRACT]
    laws = run_fact_query(store, FactQuery(aggregation=Aggregation.GROUP, group_by=GroupBy.GOVERNING_LAW))
    assert sorted(laws.groups) == [("China", 1), ("Delaware", 1)]
    types = run_fact_query(store, FactQuery(aggregation=Aggregation.GROUP, group_by=GroupBy.CONTRACT_TYPE))
    assert types.groups == [("service", 2)]
    parties = run_fact_query(store, FactQuery(aggregation=Aggregation.GROUP, group_by=GroupBy.PARTY))
    assert len(parties.groups) == 4 and all(n == 1 for _, n in parties.groups)
    years = run_fact_query(store, FactQuery(aggregation=Aggregation.GROUP, group_by=GroupBy.YEAR))
    assert years.groups == [("2023", 2)]
    with pytest.raises(ValueError):
        FactQuery(aggregation=Aggregation.GROUP)


@pytest.mark.parametrize("evil", ["Delaware' OR '1'='1", "x'); DROP TABLE contract_facts; --",
                                  "%", "_", "Delaware\" OR 1=1 --"])
def test_filter_values_are_parameters_not_sql(store, evil):
    for query in (FactQuery(governing_law=evil), FactQuery(party=evil), FactQuery(contract_type=evil)):
        result = run_fact_query(store, query)
        assert result.rows == []
        if len(evil) > 1:  # "%" and "_" are characters of the SQL text itself
            assert evil not in result.sql  # the value went in as a parameter (or matched no party)
    assert run_fact_query(store, FactQuery(aggregation=Aggregation.COUNT)).count == 2  # tables intact


def test_deleting_a_document_deletes_its_facts(tiny_contract_engine):
    engine = tiny_contract_engine
    doc_id = engine.docs().documents[0].doc_id
    assert ensure_facts(engine) == [doc_id]
    facts = load_contract_facts(engine, doc_id)
    assert facts.value("total_amount") == {"value": 50000, "currency": "CNY"}
    assert facts.value("term_start") == "2024-01-01" and facts.value("termination_date") == "2024-12-31"
    assert [p.role for p in facts.parties] == ["甲方", "乙方"]
    store = fact_store(engine)
    assert engine.delete(doc_id)
    for table in ("contract_facts", "contract_fields", "contract_parties", "contract_clauses",
                  "contract_jurisdictions"):
        assert store.execute(f"SELECT COUNT(*) AS n FROM {table}", [])[0]["n"] == 0
    assert load_contract_facts(engine, doc_id) is None
