"""What a faithfulness score is made of; ``FaithfulnessResult.to_dict()`` is the JSON of
``python -m engine faithfulness --json``.

The score is RAGAS's: supported statements / all statements. An answer without a single
checkable statement has no score (NaN, written as JSON null) and says why — never a silent 1.0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

NO_STATEMENTS = "回答中没有可核验的陈述 (no statements to verify)"


class Method:
    OFFLINE = "offline"  # overlap + values + embedding similarity (engine/faithfulness/verify.py)
    LLM = "llm"  # an OpenAI-compatible judge, values still checked offline (llm_verifier.py)


@dataclass(frozen=True)
class Statement:
    """One atomic claim of the answer.

    ``text`` is the answer's own words (what the user sees, and the only part whose numbers,
    dates and names are held against the context). ``claim`` is what is compared with the
    context: the same text, or — for a bare value such as "材料显示为2022年10月15日" — the
    question with the value put in ("王芳第一次转账是2022年10月15日"), because a bare value
    only claims something as the answer to its question.
    """

    text: str
    claim: str

    @property
    def fused(self) -> bool:
        return self.claim != self.text


@dataclass
class StatementVerdict:
    text: str
    supported: bool
    reason: str
    evidence: str | None  # the supporting context span, verbatim; None when unsupported

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "supported": self.supported, "reason": self.reason,
                "evidence": self.evidence}


@dataclass
class FaithfulnessResult:
    score: float  # supported / total; NaN when there are no statements
    statements: list[StatementVerdict] = field(default_factory=list)
    reason: str | None = None  # why there is no score, or why the LLM judge was not used
    method: str = Method.OFFLINE

    @property
    def supported(self) -> int:
        return sum(v.supported for v in self.statements)

    @property
    def unsupported(self) -> list[StatementVerdict]:
        return [v for v in self.statements if not v.supported]

    def to_dict(self) -> dict[str, Any]:
        return {"score": None if math.isnan(self.score) else round(self.score, 4),
                "statements": [v.to_dict() for v in self.statements],
                "supported": self.supported, "total": len(self.statements),
                "method": self.method, "reason": self.reason}


def ratio(verdicts: list[StatementVerdict]) -> float:
    """supported / total, NaN for no statements (one definition for results and aggregates)."""
    return sum(v.supported for v in verdicts) / len(verdicts) if verdicts else math.nan
