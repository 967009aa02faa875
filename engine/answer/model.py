"""The Answer and its parts; ``Answer.to_dict()`` is the JSON of ``python -m engine ask --json``.

Wording the user sees for the no-answer and uncertainty paths lives here, in one place, shared by
the composer, the LLM prompt, the verifier and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.types import BBox, Chunk

NOT_FOUND_PHRASE = "未在材料中找到"  # the model is told to say exactly this, the verifier looks for it
UNCLEAR_PHRASE = "材料显示记不清"
PUT_OFF_PHRASE = "材料显示当事人未作说明"  # 需要庭后核实 / 这边没有材料: the side put the question off
CONFLICT_PHRASE = "材料中说法不一"
# A value read out of what was said in a record: shown with its quote, never 已核验 (on case files of
# kinds the code was never tuned on, such answers under the badge were wrong about half the time;
# engine/answer/casefile/parts.py, Reading)
STATEMENT_DOUBT = "此项读自笔录中的陈述，须核对所引语句确为所问之事"


class Status(str, Enum):
    ANSWERED = "answered"  # 已核验
    NEEDS_REVIEW = "needs_review"  # 需人工复核
    NOT_FOUND = "not_found"  # 未找到


class Mode(str, Enum):
    EXTRACTIVE = "extractive"
    LLM = "llm"


@dataclass
class Evidence:
    id: str  # E1, E2 ... in the order shown
    chunk: Chunk
    doc_name: str
    quote_start: int  # [start, end) into chunk.text: the quote is always a verbatim substring
    quote_end: int
    bboxes: list[BBox]
    score: float
    # hit | chain | cited | context | completion (brought in to complete arithmetic) |
    # version (another version of a cited article, shown for a version conflict)
    role: str = "hit"
    display_quote: str | None = None  # the quote after PII masking

    @property
    def quote(self) -> str:
        return self.chunk.text[self.quote_start:self.quote_end]

    @property
    def page(self) -> int:
        return min((b.page for b in self.bboxes), default=self.chunk.page_start)

    @property
    def page_end(self) -> int:
        return max((b.page for b in self.bboxes), default=self.chunk.page_end)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "chunk_id": self.chunk.chunk_id, "doc_id": self.chunk.doc_id,
                "doc_name": self.doc_name, "page": self.page, "page_end": self.page_end,
                "quote": self.display_quote if self.display_quote is not None else self.quote,
                "char_span": [self.quote_start, self.quote_end],
                "bboxes": [b.to_dict() for b in self.bboxes], "score": round(self.score, 4),
                "role": self.role}


@dataclass
class Calculation:
    expression: str
    result: Any
    stated: Any
    ok: bool
    evidence: list[str]
    description: str = ""
    # Counts derived from the evidence rather than read as amounts: 每月500元 from 2021-04 to
    # 2022-01 is 500 * 10, and 10 is {"value": 10, "unit": "month", "from": "2021-04", "to": "2022-01"}.
    factors: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"expression": self.expression, "result": _json_number(self.result),
                "stated": _json_number(self.stated), "ok": self.ok, "evidence": self.evidence,
                "description": self.description, "factors": list(self.factors)}


@dataclass
class Conflict:
    kind: str  # fact | testimony | version | reading (a scanned number read two ways)
    description: str
    evidence: list[str]
    # Statutes of different rank/date disagreeing: 上位法优于下位法 … — an explanation for the
    # reader, never a choice made for them (engine/answer/statutes.py).
    hint: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "description": self.description, "evidence": self.evidence,
                "hint": self.hint}


@dataclass
class Gap:
    description: str
    evidence: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"description": self.description, "evidence": self.evidence}


@dataclass
class Checks:
    numbers_grounded: bool = True
    citations_valid: bool = True
    unsupported: list[str] = field(default_factory=list)
    # The answerability judge's verdicts (engine/answer/judge/), for judgments, contracts and
    # generic documents: its decision, probabilities, threshold and the best passages' verdicts.
    answerability: dict[str, Any] | None = None
    # Case files: the trust card of engine/answer/casefile/trust.py (its input, score, threshold).
    trust: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return self.numbers_grounded and self.citations_valid and not self.unsupported

    def to_dict(self) -> dict[str, Any]:
        out = {"numbers_grounded": self.numbers_grounded, "citations_valid": self.citations_valid,
               "unsupported": list(self.unsupported)}
        if self.answerability is not None:
            out["answerability"] = self.answerability
        if self.trust is not None:
            out["trust"] = self.trust
        return out


@dataclass
class Answer:
    question: str
    intent: str
    status: Status
    conclusion: str
    evidence: list[Evidence] = field(default_factory=list)
    calculations: list[Calculation] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    checks: Checks = field(default_factory=Checks)
    pii_masked: bool = True
    mode: Mode = Mode.EXTRACTIVE
    audit_id: str | None = None
    timings_ms: dict[str, float] = field(default_factory=dict)
    reranker: str = "none"
    model: str | None = None  # the LLM's model id in LLM mode
    notes: list[str] = field(default_factory=list)  # e.g. why the LLM was not used
    as_of: str | None = None  # statutes: the date whose versions in force were used
    statutes: list[dict[str, Any]] = field(default_factory=list)  # each article cited and its version
    # Case files: the ledger rows behind the answer (date, payer → payee, amount, means, page, E-id)
    ledger: list[dict[str, Any]] = field(default_factory=list)
    plan: dict[str, Any] | None = None  # case files: what the question was read to ask
    # The same answer before masking (engine/answer/pipeline.py mask_answer), so a role allowed to
    # see personal data can be shown it without asking again (Engine.reveal_answer, audited).
    # Never serialised: to_dict, the CLI and the audit record hold the masked answer only.
    unmasked: Answer | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"question": self.question, "intent": self.intent, "status": self.status.value,
                "conclusion": self.conclusion,
                "evidence": [e.to_dict() for e in self.evidence],
                "calculations": [c.to_dict() for c in self.calculations],
                "conflicts": [c.to_dict() for c in self.conflicts],
                "gaps": [g.to_dict() for g in self.gaps], "checks": self.checks.to_dict(),
                "pii_masked": self.pii_masked, "mode": self.mode.value, "audit_id": self.audit_id,
                "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()},
                "reranker": self.reranker, "model": self.model, "notes": list(self.notes),
                "as_of": self.as_of, "statutes": list(self.statutes), "ledger": list(self.ledger),
                "plan": self.plan}


def _json_number(value: Any) -> Any:
    """Decimals print as numbers; integral values as ints (42000, not 42000.0)."""
    from decimal import Decimal

    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value
