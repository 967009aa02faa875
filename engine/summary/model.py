"""The Summary and its parts; ``Summary.to_dict()`` is the JSON of ``python -m engine summarize``.

Contract (ARCHITECTURE.md): ``{"doc_id", "points": [{"text", "sources": [{"chunk_id", "page",
"method", "score"}]}]}``. Everything else here (mode, dropped tags, rejected points, the
calibration used) is added beside those keys, never instead of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.answer.model import Mode
from engine.types import Chunk

Range = tuple[int, int]  # [start, end) in a chunk's text


class Method(str, Enum):
    """How a point came to cite a block."""

    LLM = "llm"  # the model tagged it [来源: n] and the embedding did not confirm it
    SEMANTIC = "semantic"  # only the calibrated embedding match found it
    HYBRID = "hybrid"  # the model tagged it and the embedding match confirms it
    EXTRACTIVE = "extractive"  # the offline summariser quoted it: a source by construction


@dataclass
class SummarySource:
    chunk_id: str
    page: int
    page_end: int
    method: Method
    score: float  # cosine of the point and the block (e5), whatever the method
    z: float | None = None  # that cosine as a robust z-score over the document's blocks
    # [start, end) ranges of the chunk text the point quotes (extractive sources only), so the
    # viewer can box the quoted words rather than the whole block
    quote_spans: list[tuple[int, int]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"chunk_id": self.chunk_id, "page": self.page, "page_end": self.page_end,
                "method": self.method.value, "score": round(self.score, 4),
                "z": None if self.z is None else round(self.z, 2),
                "quote_spans": [list(s) for s in self.quote_spans]}


@dataclass
class SummaryPoint:
    id: str  # P1, P2 … in the order shown
    aspect: str  # who | time_place | conduct | amount | refund | admission | open_point | parties ...
    text: str  # as built or written: every number and date in it is in its sources
    sources: list[SummarySource] = field(default_factory=list)
    display_text: str | None = None  # the text after PII masking

    @property
    def shown_text(self) -> str:
        return self.display_text if self.display_text is not None else self.text

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "aspect": self.aspect, "text": self.shown_text,
                "sources": [s.to_dict() for s in self.sources]}


@dataclass
class DraftPoint:
    """What a generator hands to fusion: a point and the blocks it names itself."""

    aspect: str
    text: str
    # chunk_id -> quoted ranges of that chunk's text: the very words an offline point quotes, or
    # an empty list for a block the model tagged as a whole
    cited: dict[str, list[Range]] = field(default_factory=dict)
    dropped_tags: list[tuple[str, str]] = field(default_factory=list)  # (tag as written, reason)

    def cite(self, chunk: Chunk, ranges: list[Range] | None = None) -> "DraftPoint":
        self.cited.setdefault(chunk.chunk_id, []).extend(ranges or [])
        return self


@dataclass(frozen=True)
class DroppedTag:
    """A generator tag that names no block: dropped from the point, reported here."""

    point: str  # the point id it was found on (or "—" for a point that was itself rejected)
    tag: str  # as written by the model
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"point": self.point, "tag": self.tag, "reason": self.reason}


@dataclass(frozen=True)
class RejectedPoint:
    """A generated point left out of the summary, with the reason (e.g. an ungrounded amount)."""

    text: str
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "reason": self.reason}


@dataclass
class Summary:
    doc_id: str
    doc_name: str
    kind: str
    points: list[SummaryPoint] = field(default_factory=list)
    mode: Mode = Mode.EXTRACTIVE
    model: str | None = None  # the LLM's model id in LLM mode
    fallback_reason: str | None = None  # why the LLM was asked for but not used
    dropped_tags: list[DroppedTag] = field(default_factory=list)
    rejected_points: list[RejectedPoint] = field(default_factory=list)
    calibration: dict[str, Any] = field(default_factory=dict)
    pii_masked: bool = True
    timings_ms: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "doc_name": self.doc_name, "kind": self.kind,
                "mode": self.mode.value, "model": self.model,
                "fallback_reason": self.fallback_reason,
                "points": [p.to_dict() for p in self.points],
                "dropped_tags": [t.to_dict() for t in self.dropped_tags],
                "rejected_points": [r.to_dict() for r in self.rejected_points],
                "calibration": dict(self.calibration), "pii_masked": self.pii_masked,
                "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()}}
