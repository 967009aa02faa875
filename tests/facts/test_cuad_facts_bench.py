"""The CUAD facts benchmark's scoring of CUAD's normalised answers."""

from __future__ import annotations

import pytest

from engine.bench.cuad_facts import gold_date, gold_jurisdictions, gold_periods, same_period

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("answer, iso", [("11/20/18", "2018-11-20"), ("2/28/23", "2023-02-28"),
                                         ("12/18/98", "1998-12-18"), ("03/24/2006", "2006-03-24"),
                                         ("perpetual", None), ("[]/[]/20[]", None), (None, None),
                                         ("2/30/20", None)])
def test_gold_dates(answer, iso):
    assert gold_date(answer) == iso


def test_periods_compare_in_interchangeable_units_only():
    assert same_period({"months": 12}, gold_periods("1 year")[0])
    assert same_period({"years": 1}, gold_periods("12 Months")[0])
    assert same_period({"days": 14}, {"weeks": 2.0})
    assert not same_period({"days": 180}, gold_periods("6 months")[0])
    assert same_period({"months": 6}, gold_periods("0.5 year")[0])
    assert [p for p in gold_periods("5 years; 2 years")] == [{"years": 5.0}, {"years": 2.0}]


def test_gold_jurisdictions():
    assert gold_jurisdictions("California; Hong Kong") == {"California", "Hong Kong"}
    assert gold_jurisdictions("British Columbia, Canada") == {"British Columbia", "Canada"}
    assert gold_jurisdictions("None") == set()
