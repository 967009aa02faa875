"""Extraction of one contract: the language's rules, the contract type, the clause types; in LLM
mode the model's span-checked values first and the rules for whatever the model left out."""

from __future__ import annotations

import logging
import re
from datetime import datetime, timezone

from engine.contract_facts import extract_en, extract_zh
from engine.contract_facts.clauses import classify
from engine.contract_facts.document import ContractText
from engine.text.contract_types import classify_type
from engine.contract_facts.model import EXTRACTOR_VERSION, ContractFacts, ExtractionMode, FieldValue
from engine.types import Chunk

log = logging.getLogger(__name__)

def type_from_title(title: FieldValue | None) -> FieldValue | None:
    """The contract type the title names (技术服务合同 → service), located where the title is."""
    kind = classify_type(str(title.value)) if title is not None else None
    if kind is None:
        return None
    return FieldValue(**{**title.__dict__, "name": "contract_type", "value": kind, "meta": {"from": "title"}})


def extract_rules(doc_id: str, doc_name: str, chunks: list[Chunk]) -> ContractFacts:
    ct = ContractText(doc_id, doc_name, chunks)
    facts = ContractFacts(doc_id=doc_id, doc_name=doc_name, language=ct.language,
                          extractor_version=EXTRACTOR_VERSION, mode=ExtractionMode.RULES,
                          extracted_at=datetime.now(timezone.utc).isoformat(timespec="seconds"))
    if not ct.views:
        facts.notes.append("文件没有可读文本 (no text to read)")
        return facts
    extractor = extract_zh if ct.language == "zh" else extract_en
    fields, lists, parties, notes = extractor.extract(ct)
    contract_type = type_from_title(fields.get("title"))
    if contract_type is not None:
        fields["contract_type"] = contract_type
    facts.fields = fields
    facts.lists = {k: v for k, v in lists.items() if v}
    facts.parties = parties
    facts.clauses = classify(ct)
    facts.notes.extend(notes)
    return facts
