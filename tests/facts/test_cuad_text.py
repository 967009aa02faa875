"""The rules on CUAD's real contract text (read by path from ../shared/datasets; skipped without it)."""

from __future__ import annotations

import pytest

from engine.bench.common import read_jsonl
from engine.bench.cuad_facts import gold_jurisdictions, load_gold
from engine.contract_facts.extract import extract_rules
from tests.conftest import dataset_file
from tests.facts.conftest import make_chunks

pytestmark = pytest.mark.integration


def test_governing_law_rule_on_the_cuad_contract_texts(datasets):
    """The rules read CUAD's txt exports (paragraphs as chunks, no PDF): the governing law must be
    CUAD's own for nearly every contract that has one, and nothing is given where it has none."""
    cuad = dataset_file(datasets, "cuad/questions.jsonl").parent
    gold = load_gold(cuad)
    right = wrong = missing = 0
    for contract in read_jsonl(cuad / "docs.jsonl"):
        text = (cuad / contract["txt"]).read_text("utf-8")
        paragraphs = [p for p in text.split("\n\n") if p.strip()][:400]
        facts = extract_rules("cuad", contract["doc_id"], make_chunks(*paragraphs))
        want = gold_jurisdictions(gold[contract["doc_id"]]["Governing Law"].answer)
        law = facts.value("governing_law")
        if not want:
            continue
        if law is None:
            missing += 1
        elif set(law["jurisdictions"]) == want:
            right += 1
        else:
            wrong += 1
    assert right >= 0.85 * (right + wrong + missing), (right, wrong, missing)
    assert wrong <= 3, (right, wrong, missing)
