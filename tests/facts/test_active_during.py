"""A year or month in an "active" question is a period, never replaced by today: "2024年仍然有效"
lists the contracts whose term overlaps 2024."""

from __future__ import annotations

from datetime import date

import pytest

from engine.contract_facts import DateRange, FactQuery, ensure_facts, fact_store
from engine.question import read_question
from engine.contract_facts.query import run_fact_query
from tests.facts.conftest import ZH_CONTRACT

pytestmark = pytest.mark.integration
TODAY = date(2026, 11, 22)


@pytest.mark.parametrize("question, expected", [
    ("2024年仍然有效的合同有哪些？", {"active_during": DateRange(date(2024, 1, 1), date(2024, 12, 31))}),
    ("2024年5月仍有效的合同有哪些？", {"active_during": DateRange(date(2024, 5, 1), date(2024, 5, 31))}),
    ("截至2024年5月1日仍有效的合同有哪些？", {"active_on": date(2024, 5, 1)}),
    ("which agreements were active in 2023?", {"active_during": DateRange(date(2023, 1, 1), date(2023, 12, 31))}),
    ("目前仍然有效的合同有哪些？", {"active_on": TODAY}),
])
def test_the_period_asked_is_the_period_used(question, expected):
    query = read_question(question, today=TODAY).corpus
    assert query is not None
    assert {k: getattr(query, k) for k in ("active_on", "active_during") if getattr(query, k)} == expected


def test_a_term_overlapping_the_period_is_active_in_it(contracts_engine):
    ensure_facts(contracts_engine)
    store = fact_store(contracts_engine)
    names = lambda q: {r.doc_name for r in run_fact_query(store, q).rows}  # noqa: E731
    # the Chinese service contract runs 2023-03-01 … 2024-02-29
    assert ZH_CONTRACT in names(FactQuery(active_during=DateRange(date(2024, 1, 1), date(2024, 12, 31))))
    assert ZH_CONTRACT not in names(FactQuery(active_during=DateRange(date(2023, 1, 1), date(2023, 1, 31))))
    assert ZH_CONTRACT not in names(FactQuery(active_during=DateRange(date(2024, 3, 1), date(2024, 12, 31))))
