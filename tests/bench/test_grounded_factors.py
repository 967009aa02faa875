"""The bench's grounding of a computed figure: a count the calculation names as its factor is
grounded when its words, with their unit, are in the calculation's own quotes — not otherwise."""

from __future__ import annotations

import pytest

from engine.bench.scoring import ungrounded_values

pytestmark = pytest.mark.unit


def answer(quote: str, factor_text: str) -> dict:
    return {"status": "answered", "conclusion": "按约定标准计算应得22260元（E1）。",
            "evidence": [{"id": "E1", "quote": quote}],
            "calculations": [{"expression": "7 * 3180", "result": 22260, "evidence": ["E1"],
                              "factors": [{"value": 3180, "unit": "quantity", "text": factor_text}]}]}


def test_a_count_said_with_its_unit_in_the_quote_grounds_the_product():
    assert ungrounded_values(answer("贺一鸣是计件的，缝一件柒元，做了3180件", "3180件")) == []


def test_a_count_not_in_the_quote_grounds_nothing():
    assert ungrounded_values(answer("贺一鸣是计件的，缝一件柒元", "3180件")) != []
    assert ungrounded_values(answer("贺一鸣是计件的，缝一件柒元，做了3100件", "3180件")) != []
