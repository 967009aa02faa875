"""Contract chunking: a Chinese contract written here, and real CUAD contracts (English)."""

from __future__ import annotations

import pytest

from engine.ingest.chunkers import chunk_document, detect_kind
from engine.ingest.chunkers.base import MAX_CHUNK_CHARS, DocText, assert_invariant, document_from_text, text_weight
from engine.ingest.chunkers.contract import chunk_contract, outline
from engine.types import DocKind
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit

LOAN_CONTRACT = "\n".join([
    "借款合同",
    "合同编号：JK-2022-0315",
    "甲方（出借人）：刘某",
    "乙方（借款人）：张某",
    "鉴于乙方因经营需要向甲方借款，双方经协商一致，订立本合同。",
    "第一条 借款金额",
    "甲方同意出借人民币肆万贰仟元整（￥42,000.00元）。",
    "第二条 借款期限",
    "借款期限自2022年3月15日起至2023年3月14日止。",
    "第三条 还款方式",
    "（一）乙方应于每月15日前支付利息；",
    "（二）借款到期时一次性归还本金。",
    "1. 逾期还款的，按日万分之五支付违约金。",  # a list item inside 第三条 (its own level)
    "第四条 违约责任",
    "乙方未按约定还款的，应当承担违约责任。" + "甲方有权要求乙方立即清偿全部借款本息，并承担甲方为实现债权支出的律师费、诉讼费、保全费等全部费用。" * 10,
    "第五条 其他",
    "本合同自双方签字之日起生效。依照第二条 约定的期限履行。",
    "（以下无正文）",
    "甲方（签字）：刘某",
    "乙方（签字）：张某",
    "2022年3月15日",
])


def test_chinese_contract_clauses_preamble_and_signature():
    doc = document_from_text("借款合同.txt", LOAN_CONTRACT)
    assert detect_kind(doc) is DocKind.CONTRACT
    chunks = chunk_document(doc, DocKind.AUTO)
    assert_invariant(doc, chunks)
    types = [c.chunk_type for c in chunks]
    assert types[0] == "header" and types[-1] == "signature" and "recital" in types
    header = chunks[0]
    assert header.meta["parties"] == {"甲方": "刘某", "乙方": "张某"}
    assert "借款合同" in header.text and "第一条" not in header.text
    clauses = [c for c in chunks if c.chunk_type == "clause"]
    assert [c.meta["clause_no"] for c in clauses][:3] == ["第一条", "第二条", "第三条"]
    assert [c.meta["heading"] for c in clauses][:3] == ["借款金额", "借款期限", "还款方式"]
    third = clauses[2]
    assert "（二）借款到期时一次性归还本金。" in third.text and "1. 逾期还款" in third.text
    assert third.meta["path"] == []
    fourth = [c for c in clauses if c.meta["clause_no"] == "第四条"]
    assert len(fourth) > 1 and len({c.meta["chain_id"] for c in fourth}) == 1  # over the bound
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    last = [c for c in clauses if c.meta["clause_no"] == "第五条"][0]
    assert "依照第二条 约定" in last.text  # a reference inside a clause is not a clause
    assert chunks[-1].text.startswith("（以下无正文）") and "乙方（签字）：张某" in chunks[-1].text


def test_outline_nests_sub_clauses_and_rejects_out_of_sequence_numbers():
    text = "\n".join(["1. Definitions", "1.1 \"Affiliate\" means any entity.", "1.2 \"Term\" means one year.",
                      "2. Supply", "5. A stray line starting with a number.",
                      "2.1 Supply. Supplier shall supply.", "2.2 Orders. Buyer shall order.", "3. Payment"])
    doctext = DocText(document_from_text("a.txt", text))
    roots = outline(doctext, 0, len(doctext.lines))
    assert [r.label for r in roots] == ["1", "2", "3"]
    assert [c.label for c in roots[0].children] == ["1.1", "1.2"]
    assert [c.heading for c in roots[0].children] == ["Affiliate", "Term"]
    assert [c.label for c in roots[1].children] == ["2.1", "2.2"]
    assert [c.heading for c in roots[1].children] == ["Supply", "Orders"]


def test_table_of_contents_is_not_taken_for_the_clauses():
    text = "\n".join(["SUPPLY AGREEMENT", "1. Definitions 1", "2. Supply 3", "3. Payment 4",
                      "This Agreement is made between A and B.",
                      "1. Definitions. " + "Words have the meanings given here. " * 6,
                      "2. Supply. " + "Supplier shall supply the Products. " * 6,
                      "3. Payment. " + "Buyer shall pay within thirty days. " * 6])
    doc = document_from_text("toc.txt", text)
    clauses = [c for c in chunk_contract(doc) if c.chunk_type == "clause"]
    assert [c.meta["clause_no"] for c in clauses] == ["1", "2", "3"]
    assert clauses[0].text.startswith("1. Definitions. Words")


@pytest.mark.integration
def test_real_cuad_contract_with_line_numbered_clauses(datasets):
    path = dataset_file(datasets, "cuad/contracts_txt/Apollo Endosurgery - Manufacturing and Supply Agreement.txt")
    doc = document_from_text(path.name, path.read_text(encoding="utf-8"))
    assert detect_kind(doc) is DocKind.CONTRACT
    chunks = chunk_contract(doc)
    assert_invariant(doc, chunks)
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    roots = outline(DocText(doc), 0, len(DocText(doc).lines))
    assert [r.label for r in roots] == [str(n) for n in range(1, 11)]
    assert [r.heading for r in roots[:3]] == ["DEFINITIONS", "TERM AND TERMINATION", "MANUFACTURE AND SUPPLY OF PRODUCT"]
    clauses = [c for c in chunks if c.chunk_type == "clause"]
    effective = next(c for c in clauses if c.meta["clause_no"] == "1.5")
    assert effective.meta["heading"] == "Effective Date"
    assert effective.meta["path"] == ["1 DEFINITIONS"]
    assert "December 5, 2014" in effective.text
    assert sum(1 for c in chunks if c.chunk_type == "recital") >= 4  # RECITALS A.–D.
    assert all("-1-" not in c.text for c in chunks)  # page numbers of the text export


@pytest.mark.integration
def test_real_cuad_contract_with_inline_clause_numbers(datasets):
    # This export lost its line breaks: clause numbers sit mid-line ("…as follows: 1. DEFINITIONS 1.1 …").
    path = dataset_file(datasets, "cuad/contracts_txt/NeuroboPharmaceuticalsInc_20190903_S-4_EX-10.36_11802165"
                                  "_EX-10.36_Manufacturing Agreement_ Supply Agreement.txt")
    doc = document_from_text(path.name, path.read_text(encoding="utf-8"))
    chunks = chunk_contract(doc)
    assert_invariant(doc, chunks)
    labels = [c.meta["clause_no"] for c in chunks if c.chunk_type == "clause"]
    assert {"1", "2", "6"} <= set(labels) or {"2.1", "6"} <= set(labels)
    governing = next(c for c in chunks if c.chunk_type == "clause" and c.meta["clause_no"] == "6")
    assert governing.text.startswith("6. GOVERNING LAW")
    assert chunks[-1].meta.get("section") in ("signature", "annex")
    assert any(c.chunk_type == "signature" and c.text.startswith("IN WITNESS WHEREOF") for c in chunks)
