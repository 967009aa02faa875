"""The router: corpus-level facts questions become typed queries; everything else is left alone."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from engine.contract_facts import Aggregation, AmountFilter, Comparison, DateRange, GroupBy
from engine.question import read_question

pytestmark = pytest.mark.unit
TODAY = date(2026, 1, 15)


def route(question):
    return read_question(question, today=TODAY).corpus


@pytest.mark.parametrize("question, expected", [
    ("How many contracts are governed by Delaware law?",
     {"governing_law": "Delaware", "aggregation": Aggregation.COUNT}),
    ("Which agreements are governed by the laws of the State of New York?", {"governing_law": "New York"}),
    ("哪些合同适用中国法律？", {"governing_law": "China", "aggregation": Aggregation.LIST}),
    ("哪些合同受中华人民共和国法律管辖", {"governing_law": "China"}),
    ("Which agreements with Northwind Analytics are active?", {"party": "Northwind Analytics", "active_on": TODAY}),
    ("Which agreements with Acme are in force as of March 1, 2024?", {"party": "Acme", "active_on": date(2024, 3, 1)}),
    ("截至2023年6月1日仍有效的合同有哪些？", {"active_on": date(2023, 6, 1)}),
    ("与江州云启信息技术有限公司签订的合同有哪些？", {"party": "江州云启信息技术有限公司"}),
    ("How many service agreements were signed in 2023?",
     {"contract_type": "service", "aggregation": Aggregation.COUNT,
      "effective": DateRange(date(2023, 1, 1), date(2023, 12, 31))}),
    ("Which contracts expire before 2025?", {"ends": DateRange(end=date(2024, 12, 31))}),
    ("哪些合同在2024年到期？", {"ends": DateRange(date(2024, 1, 1), date(2024, 12, 31))}),
    ("List all contracts with a total value over $100,000",
     {"amount": AmountFilter(Comparison.GT, Decimal(100000), "USD"), "aggregation": Aggregation.LIST}),
    ("合同总额超过10万元的合同有哪些？", {"amount": AmountFilter(Comparison.GT, Decimal(100000), "CNY"),
                                "party": None, "aggregation": Aggregation.LIST}),
    ("金额在5万元以上的合同有几份？", {"amount": AmountFilter(Comparison.GE, Decimal(50000), "CNY"),
                             "aggregation": Aggregation.COUNT}),
    ("What is the total value of all agreements?", {"aggregation": Aggregation.SUM}),
    ("所有合同的总金额合计多少？", {"aggregation": Aggregation.SUM}),
    ("按适用法律统计合同数量", {"aggregation": Aggregation.GROUP, "group_by": GroupBy.GOVERNING_LAW}),
    ("Count the agreements by governing law", {"aggregation": Aggregation.GROUP, "group_by": GroupBy.GOVERNING_LAW,
                                               "governing_law": None}),
    ("哪些租赁合同还在履行中？", {"contract_type": "lease", "active_on": TODAY}),
])
def test_corpus_questions_become_typed_queries(question, expected):
    query = route(question)
    assert query is not None, question
    for name, value in expected.items():
        assert getattr(query, name) == value, (question, name, getattr(query, name))


@pytest.mark.parametrize("question", [
    "What is the governing law of this agreement?",
    "本合同的总价款是多少？",
    "这份合同什么时候到期？",
    "陈晓梅前后一共转给你多少钱？",
    "李志强是什么时候出生的？",
    "刑法第二百六十六条规定了什么？",
    "When does the Initial Term end?",
    "Which law governs the agreement?",
    "承揽合同和买卖合同有哪些区别？",  # the law of contracts, not the contracts here
    "被告是否按照协议支付抚养费？",
    "",
    "   ",
])
def test_other_questions_are_not_routed(question):
    assert route(question) is None


def test_values_are_never_invented():
    query = route("Which contracts are active?")
    assert query.active_on == TODAY  # "active" without a date means today, said in the answer's notes
    query = route("How many contracts are there?")
    assert query.filters == [] and query.aggregation is Aggregation.COUNT
    query = route("Which contracts have a value over 100000?")  # no currency word: not an amount
    assert query.amount is None
