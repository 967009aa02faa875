"""The data LexTrace passes between its layers.

Three layers (see docs/architecture.md):
  1. raw evidence: the original bytes plus per-page text with positions (PageText, Line);
  2. evidence chunks: citable units with anchors back to layer 1 (ChunkDraft / Chunk, Span, BBox);
  3. derived facts: normalised values pointing at a chunk and a char span (Fact).

Coordinates are PDF points with a top-left origin (pdfplumber's ``x0/top``), which is also
what streamlit-pdf-viewer annotations use, so a stored box can be drawn without conversion.
Pages are numbered from 1. Character spans are half-open ``[start, end)``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

# Chunk text that runs across page segments joins them with this separator. One place, because
# offset arithmetic in chunkers, anchors and quotes all depend on it.
SEGMENT_JOINER = "\n"


class DocKind(str, Enum):
    AUTO = "auto"
    TRANSCRIPT = "transcript"
    STATUTE = "statute"
    CONTRACT = "contract"
    JUDGMENT = "judgment"
    GENERIC = "generic"


class IngestStatus(str, Enum):
    INGESTED = "ingested"
    UNCHANGED = "unchanged"
    FAILED = "failed"


class IngestError(Exception):
    """Bad input a user must hear about (empty, encrypted, corrupt, too large, unsupported...).

    The message is shown to the user verbatim, so it must say what is wrong and what to do.
    """


@dataclass(frozen=True)
class BBox:
    page: int
    x0: float
    top: float
    x1: float
    bottom: float

    def to_dict(self) -> dict[str, float | int]:
        return {"page": self.page, "x0": round(self.x0, 2), "top": round(self.top, 2),
                "x1": round(self.x1, 2), "bottom": round(self.bottom, 2)}


@dataclass(frozen=True)
class Line:
    """One visual line of a page: its text occupies ``page.text[start:end]``."""

    start: int
    end: int
    bbox: BBox | None  # None for sources without geometry (TXT, Markdown, DOCX)
    # x boundaries of the line's characters (len == end - start + 1: each char's x0, then the last
    # x1), so a quote covering part of a line gets a box around just that part. None without geometry.
    char_x: tuple[float, ...] | None = None


@dataclass
class PageQuality:
    page: int
    char_count: int
    garbled_rate: float  # share of characters that are replacement/private-use/control/unmapped
    pattern_hits: int  # expected legal patterns found (问：/答：, 第X页 共Y页, dates, amounts, 第X条)
    needs_ocr: bool
    ocr_used: bool = False
    reasons: list[str] = field(default_factory=list)
    # The gate's measurements (engine/ingest/quality.py): invisible_text, image_coverage,
    # garbled_rate, common_cjk_share, dictionary_coverage (None: too little Chinese), pattern_hits.
    signals: dict[str, Any] = field(default_factory=dict)
    # trusted | verified (checked against OCR, kept) | ocr (replaced or read by OCR) |
    # unverified (suspect, OCR could not run)
    decision: str = "trusted"
    agreement: float | None = None  # text layer vs OCR (character bigrams), where measured
    # Numbers a kept scan layer and OCR of its image read differently (engine/ingest/crosscheck.py):
    # {"line", "start", "end" (in the page text as kept), "layer", "ocr", "confidence", "sure"}.
    readings: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"page": self.page, "garbled_rate": round(self.garbled_rate, 4),
                "needs_ocr": self.needs_ocr, "ocr_used": self.ocr_used,
                "char_count": self.char_count, "pattern_hits": self.pattern_hits,
                "reasons": list(self.reasons), "signals": dict(self.signals),
                "decision": self.decision,
                "agreement": None if self.agreement is None else round(self.agreement, 4),
                "readings": [{**r, "layer": _report_number(r.get("layer", "")),
                              "ocr": _report_number(r.get("ocr", ""))} for r in self.readings]}


def _report_number(value: str) -> str:
    """A number as reports show it: a long one (an ID, a phone, a card) with its middle digits
    hidden — reports and the document's metadata are not masked later (the page text is)."""
    digits = [i for i, ch in enumerate(value) if ch.isdigit()]
    if len(digits) < 7:
        return value
    hidden = set(digits[3:-2])
    return "".join("*" if i in hidden else ch for i, ch in enumerate(value))


@dataclass
class PageText:
    """Layer 1: the text of one page and where each line sits."""

    number: int  # 1-based
    text: str
    lines: list[Line]
    width: float = 0.0  # PDF points; 0 for sources without pages
    height: float = 0.0
    source: str = "text"  # "text" (text layer / plain file) or "ocr"
    quality: PageQuality | None = None
    # OCR's confidence in each character, per line (None for a text layer). Used while loading (the
    # scan gate's cross-check of numbers), not stored.
    confidence: list[tuple[float, ...] | None] | None = None


@dataclass
class LoadedDocument:
    """What a loader returns: pages of text with positions, and format-level metadata."""

    name: str
    media_type: str  # "pdf", "docx", "markdown", "text"
    pages: list[PageText]
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Span:
    """A run of one page's text: ``pages[page-1].text[start:end]``."""

    page: int
    start: int
    end: int


@dataclass
class ChunkDraft:
    """A citable unit as a chunker produces it (before ids and storage).

    Invariant: ``text == SEGMENT_JOINER.join(page_text(s) for s in spans)``: the chunk is made of
    verbatim page runs, so any quote inside it maps back to page offsets and line boxes.
    Runs may skip page footers or signatures, which is why a chunk is a list of spans and not one.
    """

    text: str
    spans: list[Span]
    chunk_type: str  # header | qa | qa_part | article | clause | recital | signature | section | paragraph
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def page_start(self) -> int:
        return self.spans[0].page

    @property
    def page_end(self) -> int:
        return self.spans[-1].page


@dataclass
class Fact:
    """Layer 3: a normalised value found in a chunk, with the span it came from.

    ``start``/``end`` index the chunk text. ``value`` is the normalised form (int yuan for amounts,
    ISO date string for dates, article label for references, raw string for PII and names).
    """

    kind: str  # amount | date | statute_ref | person | org | pii
    text: str  # the verbatim surface form, == chunk.text[start:end]
    start: int
    end: int
    value: Any
    meta: dict[str, Any] = field(default_factory=dict)  # date precision, pii type, ref law, unit...

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Chunk:
    """A stored chunk: a ChunkDraft with identity, anchors and enrichment."""

    chunk_id: str
    doc_id: str
    seq: int
    kind: str  # the document kind
    chunk_type: str
    text: str
    spans: list[Span]
    bboxes: list[BBox]
    meta: dict[str, Any]
    pii_level: str = "none"  # none | low | high
    facts: list[Fact] = field(default_factory=list)

    @property
    def page_start(self) -> int:
        return self.spans[0].page if self.spans else 0

    @property
    def page_end(self) -> int:
        return self.spans[-1].page if self.spans else 0


@dataclass
class DocumentRecord:
    doc_id: str
    name: str
    sha256: str
    kind: str
    media_type: str
    pages: int
    chunks: int
    size_bytes: int
    status: str  # "ready" once every store agrees; "pending" only while an ingest is in flight
    created_at: str
    meta: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class IngestReport:
    """One entry of ``python -m engine ingest --json``'s ``documents`` list (contract: ARCHITECTURE.md)."""

    name: str
    status: IngestStatus
    doc_id: str | None = None
    sha256: str | None = None
    kind: str | None = None
    pages: int = 0
    chunks: int = 0
    error: str | None = None
    quality: list[PageQuality] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    # unchanged: the stored document's name when the same bytes were given under another name
    duplicate_of: str | None = None
    # derived again from the stored original (engine/ingest/derivation.py): the version it had
    rederived_from: int | None = None
    note: str | None = None  # what a person is told besides the status (Chinese)

    def to_dict(self) -> dict[str, Any]:
        return {"doc_id": self.doc_id, "name": self.name, "sha256": self.sha256, "kind": self.kind,
                "pages": self.pages, "chunks": self.chunks, "status": self.status.value,
                "error": self.error, "duplicate_of": self.duplicate_of,
                "rederived_from": self.rederived_from, "note": self.note,
                "quality": [q.to_dict() for q in self.quality],
                "timings_ms": {k: round(v, 1) for k, v in self.timings_ms.items()}}


@dataclass
class PreparedDocument:
    """A document read, checked, chunked and enriched, with nothing stored yet: what ingest
    (engine/ingest/pipeline.py) hands the store step (engine/store/index.py)."""

    record: DocumentRecord
    pages: list[PageText]
    chunks: list[Chunk]
    tokens: list[list[str]]  # BM25 tokens, one list per chunk
    embed_texts: list[str]  # what the embedder sees, one per chunk
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def quality(self) -> list[PageQuality]:
        return [p.quality for p in self.pages if p.quality is not None]
