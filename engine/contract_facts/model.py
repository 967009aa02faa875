"""Contract facts: typed fields that each point back at the chunk and character span they came from.

A field's ``char_span`` indexes its chunk's text (like an Evidence's), ``page`` is where that span
starts, and ``alignment`` says how the value was located (langextract's convention):

- ``exact``: the surface form was found verbatim in the chunk (every rule-based value);
- ``fuzzy``: found after normalising whitespace, punctuation and case (an LLM's quote that
  differs from the PDF text by a line break or a curly quote);
- ``none``: not found. Such a value has no position and is never stored as a fact: a field that
  cannot be located stays empty rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum
from typing import Any

# Bumped whenever the rules change what they extract: stored facts of an older version are
# re-extracted lazily by ensure_facts().
EXTRACTOR_VERSION = "facts/1"


class Alignment(str, Enum):
    EXACT = "exact"
    FUZZY = "fuzzy"
    NONE = "none"


class ExtractionMode(str, Enum):
    RULES = "rules"
    LLM = "llm"


# The single-valued fields of a contract, in display order. Values (normalised):
FIELD_NAMES: tuple[str, ...] = (
    "title",             # str: the heading as written (MASTER SERVICES AGREEMENT, 技术服务合同)
    "contract_type",     # str: a CONTRACT_TYPES key (service, license, ...)
    "agreement_date",    # ISO date: when the contract was made / signed
    "effective_date",    # ISO date: when it takes effect (meta.basis when it rests on a rule)
    "term_start",        # ISO date: first day of the term when stated apart from the effective date
    "termination_date",  # ISO date: the stated last day / expiry
    "duration",          # {"years"|"months"|"weeks"|"days"|"business_days": n}
    "renewal_term",      # {"automatic": bool, "period": duration | None}
    "renewal_notice",    # duration: notice needed to stop a renewal
    "total_amount",      # {"value": int | str decimal, "currency": ISO code}
    "governing_law",     # {"text": as written, "jurisdictions": [canonical names]}
)
# Multi-valued, stored as fields too (seq 0, 1, ...): {"kind": convenience|cause|other,
# "notice": duration | None}
LIST_FIELDS: tuple[str, ...] = ("termination_terms",)

FIELD_LABELS: dict[str, str] = {
    "title": "标题 Title", "contract_type": "类型 Type", "agreement_date": "签订日期 Agreement date",
    "effective_date": "生效日期 Effective date", "term_start": "期限起始 Term start",
    "termination_date": "终止日期 Termination date", "duration": "期限 Duration",
    "renewal_term": "续期 Renewal", "renewal_notice": "不续期通知期 Non-renewal notice",
    "total_amount": "合同总额 Total amount", "governing_law": "适用法律 Governing law",
    "termination_terms": "解除/终止条款 Termination terms",
}

CONTRACT_TYPES: dict[str, str] = {
    "service": "服务合同 services", "license": "许可合同 license", "supply": "供货合同 supply",
    "distribution": "经销合同 distribution", "reseller": "代理销售 reseller", "franchise": "特许经营 franchise",
    "sponsorship": "赞助合同 sponsorship", "development": "开发合同 development",
    "marketing": "营销合同 marketing", "maintenance": "维护合同 maintenance", "hosting": "托管合同 hosting",
    "consulting": "咨询合同 consulting", "outsourcing": "外包合同 outsourcing",
    "manufacturing": "制造合同 manufacturing", "collaboration": "合作合同 collaboration",
    "joint_venture": "合资合同 joint venture", "agency": "委托代理 agency", "endorsement": "代言合同 endorsement",
    "employment": "劳动合同 employment", "lease": "租赁合同 lease", "loan": "借款合同 loan",
    "purchase": "买卖合同 purchase/sale", "nda": "保密协议 NDA", "transportation": "运输合同 transportation",
    "construction": "建设工程 construction", "other": "其他 other",
}


@dataclass
class Located:
    """Where a value sits: ``chunk.text[start:end]`` on ``page``; the quote is the sentence
    around it (what an evidence card shows). All None when the value could not be located."""

    chunk_id: str | None = None
    start: int | None = None
    end: int | None = None
    page: int | None = None
    quote_start: int | None = None
    quote_end: int | None = None
    alignment: Alignment = Alignment.NONE
    source: ExtractionMode = ExtractionMode.RULES

    @property
    def located(self) -> bool:
        return self.alignment is not Alignment.NONE and self.chunk_id is not None

    def position_dict(self) -> dict[str, Any]:
        return {"page": self.page,
                "char_span": None if self.start is None else [self.start, self.end],
                "chunk_id": self.chunk_id,
                "quote_span": None if self.quote_start is None else [self.quote_start, self.quote_end],
                "alignment": self.alignment.value, "source": self.source.value}


@dataclass
class FieldValue(Located):
    name: str = ""
    value: Any = None
    text: str = ""  # the verbatim surface: chunk.text[start:end]
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"value": json_value(self.value), "text": self.text, **self.position_dict(),
                "meta": json_value(self.meta)}


@dataclass
class Party(Located):
    name: str = ""
    role: str | None = None  # the defined term or label: Provider, 甲方 (委托方 in meta)
    location: str | None = None  # state of organisation, or the address as written
    norm: str = ""  # normalised name (engine/contract_facts/parties.py), the key of entity resolution
    entity_id: str | None = None
    merge: dict[str, Any] = field(default_factory=dict)  # how it joined its entity (provenance)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "location": self.location, "norm": self.norm,
                "entity_id": self.entity_id, "merge": self.merge, **self.position_dict(),
                "meta": json_value(self.meta)}


@dataclass
class ClauseFact(Located):
    clause_type: str = ""  # a key of engine/contract_facts/clauses.py CLAUSE_TYPES
    summary: str = ""  # the clause's own sentence (rules) or the model's one line (LLM, quote checked)
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.clause_type, "summary": self.summary, **self.position_dict(),
                "meta": json_value(self.meta)}


@dataclass
class ContractFacts:
    doc_id: str
    doc_name: str
    language: str  # zh | en
    fields: dict[str, FieldValue] = field(default_factory=dict)  # located fields only
    lists: dict[str, list[FieldValue]] = field(default_factory=dict)  # LIST_FIELDS
    parties: list[Party] = field(default_factory=list)
    clauses: list[ClauseFact] = field(default_factory=list)
    extractor_version: str = EXTRACTOR_VERSION
    mode: ExtractionMode = ExtractionMode.RULES
    model: str | None = None
    extracted_at: str | None = None
    notes: list[str] = field(default_factory=list)  # why a field stayed empty, LLM fallbacks...
    # Values an LLM returned that could not be located or did not match their quote: never
    # stored as facts, kept here (alignment none, no position) so the caller can see them.
    rejected: list[FieldValue] = field(default_factory=list)

    def value(self, name: str) -> Any:
        found = self.fields.get(name)
        return found.value if found is not None else None

    def field_or_empty(self, name: str) -> FieldValue:
        return self.fields.get(name) or FieldValue(name=name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc_id, "doc_name": self.doc_name, "language": self.language,
            "extractor_version": self.extractor_version, "mode": self.mode.value, "model": self.model,
            "extracted_at": self.extracted_at,
            "fields": {name: self.field_or_empty(name).to_dict() for name in FIELD_NAMES},
            **{name: [f.to_dict() for f in self.lists.get(name, [])] for name in LIST_FIELDS},
            "parties": [p.to_dict() for p in self.parties],
            "clauses": [c.to_dict() for c in self.clauses],
            "notes": list(self.notes),
            "rejected": [r.to_dict() for r in self.rejected],
        }


_MASKED_KEYS = {"text", "value", "location", "summary", "quote", "basis_text", "also_written"}


def masked(payload: Any, key: str | None = None) -> Any:
    """A facts JSON payload with personal data masked in its text-bearing entries (a party's
    address, an account number in a quote), the way answers are masked for roles that may not
    see it. Ids, names of parties and clause types are left alone."""
    from engine.text.pii import find_pii, mask_text

    if isinstance(payload, str):
        return mask_text(payload, find_pii(payload)) if key in _MASKED_KEYS else payload
    if isinstance(payload, dict):
        return {k: masked(v, k if key not in _MASKED_KEYS else key) for k, v in payload.items()}
    if isinstance(payload, list):
        return [masked(v, key) for v in payload]
    return payload


def json_value(value: Any) -> Any:
    """Decimals as exact strings unless integral (amounts must not pass through float)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else str(value)
    if isinstance(value, dict):
        return {k: json_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_value(v) for v in value]
    return value
