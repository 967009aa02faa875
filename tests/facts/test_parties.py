"""Party names normalised and resolved into entities, merges kept with their provenance."""

from __future__ import annotations

import pytest

from engine.contract_facts.parties import PartyRef, matches_query, normalise_party_name, resolve_entities

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("name, norm", [
    ("ACME Inc.", "acme"), ("ACME Corporation", "acme"), ("The Acme Corp.", "acme"),
    ("Northwind Analytics, Inc.", "northwind analytics"), ("Harbor Lane Logistics LLC", "harbor lane logistics"),
    ("Smaaash Entertainment Private Limited", "smaaash entertainment"),
    ("北京某某科技有限公司", "某某科技"), ("某某科技公司", "某某科技"), ("江州市恒远贸易有限公司", "恒远贸易"),
    ("上海某某（中国）有限公司", "某某"),
])
def test_normalised_names(name, norm):
    assert normalise_party_name(name) == norm


def _refs(*names):
    return [PartyRef((f"d{i}", 0), n, normalise_party_name(n)) for i, n in enumerate(names)]


def test_same_normalised_names_merge_and_say_with_whom():
    resolved = resolve_entities(_refs("ACME Inc.", "ACME Corporation", "北京某某科技有限公司", "某某科技公司"))
    acme, acme2, cn, cn2 = (resolved[(f"d{i}", 0)] for i in range(4))
    assert acme.entity_id == acme2.entity_id != cn.entity_id == cn2.entity_id
    assert (acme.method, acme.merged_with) == ("own", None)
    assert (acme2.method, acme2.merged_with, acme2.score) == ("same_normalised_name", "ACME Inc.", 1.0)
    assert (cn2.method, cn2.merged_with) == ("same_normalised_name", "北京某某科技有限公司")


def test_near_identical_spellings_merge_with_their_score_but_different_companies_do_not():
    resolved = resolve_entities(_refs("Northwind Analytics, Inc.", "Northwind Analytcs Inc",
                                      "Northwind Logistics LLC", "恒远贸易有限公司", "恒达贸易有限公司"))
    a, b, c, d, e = (resolved[(f"d{i}", 0)] for i in range(5))
    assert a.entity_id == b.entity_id
    similar = a if a.method == "similar_name" else b
    assert similar.method == "similar_name" and 0.9 <= similar.score < 1.0 and similar.merged_with
    assert c.entity_id != a.entity_id
    assert d.entity_id != e.entity_id  # 恒远 and 恒达 are different companies


def test_a_name_typed_in_a_question_matches_inside_longer_names():
    assert matches_query("Northwind", "northwind analytics") > 0
    assert matches_query("ACME Corporation", "acme") == 1.0
    assert matches_query("云启", "江州云启信息技术") > 0
    assert matches_query("Harbor", "northwind analytics") == 0
    assert matches_query("某某", "northwind analytics") == 0  # languages never cross
