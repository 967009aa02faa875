"""Single rules on small in-memory contracts: what they read, and what they refuse to guess."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.contract_facts.document import ContractText
from engine.contract_facts.extract import extract_rules
from engine.text.contract_types import classify_type
from tests.facts.conftest import make_chunks

pytestmark = pytest.mark.unit


def _facts(*texts):
    return extract_rules("dtest", "test.pdf", make_chunks(*texts))


def test_english_preamble_parties_roles_and_places():
    facts = _facts('SUPPLY AGREEMENT\nThis Supply Agreement is made as of January 5, 2021 by and between '
                   'Acme Widgets, Inc., a Delaware corporation ("Supplier"), and Beta Foods Ltd., a company '
                   'organized under the laws of England ("Buyer").')
    assert [(p.name, p.role, p.location) for p in facts.parties] == [
        ("Acme Widgets, Inc.", "Supplier", "Delaware"), ("Beta Foods Ltd.", "Buyer", "England")]
    assert facts.value("title") == "SUPPLY AGREEMENT" and facts.value("contract_type") == "supply"
    assert facts.value("agreement_date") == "2021-01-05"
    assert facts.value("effective_date") is None  # no effective date is stated apart from it


def test_effective_date_defined_as_the_date_first_written_is_the_agreement_date_with_its_basis():
    facts = _facts('LICENSE AGREEMENT\nThis License Agreement is entered into on March 2, 2020 between '
                   'A Corp. ("Licensor") and B LLC ("Licensee").',
                   '1. "Effective Date" means the date first written above.')
    effective = facts.fields["effective_date"]
    assert effective.value == "2020-03-02" and effective.meta["basis"] == "agreement_date"


def test_term_dates_duration_renewal_and_notice():
    facts = _facts("SERVICES AGREEMENT",
                   "The term of this Agreement shall commence on January 1, 2008 and end on December 31, 2010.",
                   "The initial term shall continue for a period of three (3) years. Thereafter this Agreement "
                   "shall automatically renew for successive one (1) year periods unless either party gives "
                   "notice of non-renewal at least ninety (90) days prior to the end of the then-current term.")
    assert facts.value("term_start") == "2008-01-01"
    assert facts.value("termination_date") == "2010-12-31"
    assert facts.value("duration") == {"years": 3}
    assert facts.value("renewal_term") == {"automatic": True, "period": {"years": 1}}
    assert facts.value("renewal_notice") == {"days": 90}


def test_governing_law_reads_places_and_not_a_state_without_a_name():
    facts = _facts("AGREEMENT", "This Agreement shall be governed by the laws of the State of New York and the "
                                "federal laws of the United States of America, without regard to conflicts of "
                                "laws principles.")
    assert facts.value("governing_law")["jurisdictions"] == ["New York", "United States"]
    assert _facts("AGREEMENT", "This Agreement is governed by the laws of the state in which the Customer "
                               "resides.").value("governing_law") is None
    assert _facts("AGREEMENT", "Acme Inc., a corporation organized under the laws of Delaware, "
                               "shall pay.").value("governing_law") is None


def test_english_total_only_for_the_contract_total():
    total = _facts("AGREEMENT", "The total contract price is $1,250,000.50, payable in two instalments."
                   ).fields["total_amount"]
    assert total.value["value"] == Decimal("1250000.50") and total.value["currency"] == "USD"
    assert total.text == "$1,250,000.50"
    # a liability cap and a monthly fee are no contract total
    assert _facts("AGREEMENT", "The aggregate liability shall not exceed $500,000.").value("total_amount") is None
    assert _facts("AGREEMENT", "Customer shall pay a monthly fee of $12,500.").value("total_amount") is None


def test_chinese_total_written_twice_must_agree_or_stays_empty():
    ok = _facts("采购合同", "本合同总价款为人民币伍万元整（¥50,000.00）。")
    assert ok.value("total_amount") == {"value": 50000, "currency": "CNY"}
    assert ok.fields["total_amount"].meta["also_written"] == "¥50,000.00"
    bad = _facts("采购合同", "本合同总价款为人民币伍万元整（¥60,000.00）。")
    assert bad.value("total_amount") is None
    assert any("大小写不一致" in n for n in bad.notes)


def test_chinese_signing_dates_that_differ_give_no_agreement_date():
    facts = _facts("买卖合同", "本合同自双方签字盖章之日起生效。",
                   "甲方签订日期：2023年5月1日\n乙方签订日期：2023年5月3日")
    assert facts.value("agreement_date") is None and facts.value("effective_date") is None
    assert any("签订日期不一致" in n for n in facts.notes)


def test_chinese_explicit_effective_date_and_renewal():
    facts = _facts("租赁合同", "本合同自2024年1月1日起生效。",
                   "租赁期满后自动续期一年，任何一方不续期的，应于期满前三十日书面通知对方。")
    assert facts.value("effective_date") == "2024-01-01"
    assert facts.value("renewal_term") == {"automatic": True, "period": {"years": 1}}
    assert facts.value("renewal_notice") == {"days": 30}
    assert facts.value("contract_type") == "lease"


def test_clause_typer_tells_exclusivity_from_exclusive_jurisdiction():
    ct = ContractText("d", "d.pdf", make_chunks("AGREEMENT", "Each party submits to the exclusive jurisdiction of "
                                                            "the courts of Delaware."))
    from engine.contract_facts.clauses import classify

    assert {c.clause_type for c in classify(ct)} == {"dispute_resolution"}
    ct = ContractText("d", "d.pdf", make_chunks("AGREEMENT", "Distributor shall be the exclusive distributor of "
                                                            "the Products in the Territory."))
    assert "exclusivity" in {c.clause_type for c in classify(ct)}


def test_clause_typer_third_party_beneficiary_only_when_one_is_named():
    from engine.contract_facts.clauses import classify

    def types(text):
        return {c.clause_type for c in classify(ContractText("d", "d.pdf", make_chunks("AGREEMENT", text)))}

    assert "third_party_beneficiary" not in types("There are no third party beneficiaries of this Agreement.")
    assert "third_party_beneficiary" in types("Each Affiliate of Buyer is an intended third party beneficiary "
                                              "of Section 5.")


@pytest.mark.parametrize("title, kind", [("MASTER SERVICES AGREEMENT", "service"), ("技术服务合同", "service"),
                                         ("Software License and Services Agreement", "license"),
                                         ("房屋租赁合同", "lease"), ("NON-DISCLOSURE AGREEMENT", "nda"),
                                         ("AGREEMENT", None)])
def test_contract_type_from_the_title(title, kind):
    assert classify_type(title) == kind
