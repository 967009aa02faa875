"""Extraction of one contract: the language's rules, the contract type, the clause types; in LLM
mode the model's span-checked values first and the rules for whatever the model left out."""

from __future__ import annotations

import logging
import re
from datetime import datetime, timezone

from engine.facts import extract_en, extract_zh
from engine.facts.clauses import classify
from engine.facts.document import ContractText
from engine.facts.model import EXTRACTOR_VERSION, ContractFacts, ExtractionMode, FieldValue
from engine.types import Chunk

log = logging.getLogger(__name__)

# Title words → contract type, most specific first (a "Software License and Services Agreement"
# is a licence). English words are matched as words, Chinese ones as substrings.
TYPE_KEYWORDS: tuple[tuple[str, str], ...] = (
    ("nda", r"non-?disclosure|confidentiality agreement|保密协议"),
    ("franchise", r"franchise|特许经营"), ("sponsorship", r"sponsorship|赞助"),
    ("endorsement", r"endorsement|代言"), ("joint_venture", r"joint venture|合资|合营"),
    ("license", r"licen[cs]e|licensing|许可"), ("reseller", r"reseller|resale"),
    ("distribution", r"distribut\w*|dealer|经销|分销"), ("supply", r"supply|供货|供应"),
    ("manufacturing", r"manufactur\w*|加工|制造|OEM"), ("development", r"development|开发"),
    ("maintenance", r"maintenance|support agreement|维护|运维"), ("hosting", r"hosting|托管"),
    ("outsourcing", r"outsourc\w*|外包"), ("consulting", r"consult\w*|advisory|咨询|顾问"),
    ("marketing", r"marketing|promotion|advertis\w*|营销|推广|广告"),
    ("collaboration", r"collaboration|cooperation|co-?branding|strategic alliance|alliance|合作"),
    ("agency", r"agency|agent|委托|代理"), ("transportation", r"transport\w*|shipping|logistics|运输|物流"),
    ("employment", r"employment|劳动|聘用"), ("lease", r"lease|rental|租赁"),
    ("loan", r"loan|credit agreement|借款|贷款"), ("construction", r"construction|建设工程|施工"),
    ("purchase", r"purchase|sale|买卖|采购|购销"), ("service", r"services?|servicing|服务"),
)


def classify_type(title: str) -> str | None:
    for key, pattern in TYPE_KEYWORDS:
        if re.search(pattern if not pattern.isascii() else rf"\b(?:{pattern})\b", title, re.I):
            return key
    return None


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
