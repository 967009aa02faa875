"""summarize(): generate points (offline reader | LLM) → fuse sources → check values → mask PII.

Both modes share everything after generation: each point is matched against every block of the
document (calibrated e5 cosines, semantic.py), its sources are fused and capped (fusion.py), and
a point whose amounts, dates or numbers are not in its sources is rejected, never shown
(grounding.py). Any failure of the LLM path falls back to the offline summary, reason attached.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from engine.answer.model import Mode
from engine.summary.extractive import MAX_POINTS, summarize_chunks
from engine.summary.fusion import fuse
from engine.summary.grounding import ungrounded_values
from engine.summary.llm import LLMUnavailable, ask_model, number_blocks
from engine.summary.model import (DraftPoint, DroppedTag, Method, RejectedPoint, Summary,
                                  SummaryPoint)
from engine.summary.semantic import Calibration, SemanticMatcher
from engine.text.pii import mask_pii, wrapped_pieces
from engine.timing import Stopwatch

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SummaryOptions:
    max_sources: int = 3  # per point, after fusion (an extractive source is never cut)
    max_points: int = MAX_POINTS  # of the offline summary
    llm_points: int = 8  # asked of the model; its reply must fit the client's token limit
    llm_blocks: int = 40  # numbered blocks shown to the model
    llm_block_chars: int = 300  # of each block
    calibration: Calibration = field(default_factory=Calibration)

    def __post_init__(self) -> None:
        for name in ("max_sources", "max_points", "llm_points", "llm_blocks", "llm_block_chars"):
            if getattr(self, name) <= 0:
                raise ValueError(f"{name} must be greater than 0, not {getattr(self, name)}")


@dataclass
class _Built:
    points: list[SummaryPoint] = field(default_factory=list)
    rejected: list[RejectedPoint] = field(default_factory=list)
    dropped: list[DroppedTag] = field(default_factory=list)


# Structural labels stored with a chunk are the document's own headings (第二编 … 第十一节, 第三条,
# 服务期限): a point naming them quotes the document, though not the chunk's body text.
_LABEL_KEYS = ("law_title", "article_label", "clause_no", "heading", "title")


def grounding_text(chunk) -> str:
    labels = [str(chunk.meta[k]) for k in _LABEL_KEYS if chunk.meta.get(k)]
    labels += [str(p) for p in chunk.meta.get("path") or ()]
    return "\n".join([chunk.text, *labels])


def _build(drafts: list[DraftPoint], generator: Method, matcher: SemanticMatcher,
           options: SummaryOptions) -> _Built:
    built = _Built()
    texts = {c.chunk_id: grounding_text(c) for c in matcher.chunks}
    for draft, scores in zip(drafts, matcher.score([d.text for d in drafts])):
        sources = fuse(draft, scores, matcher, generator, options.max_sources)
        problems = ungrounded_values(draft.text, [texts[s.chunk_id] for s in sources])
        if not sources:
            problems = ["没有任何片段支持这条要点 (no block supports it)"]
        point_id = "-"
        if problems:
            built.rejected.append(RejectedPoint(draft.text, "；".join(problems)))
            log.warning("summary point rejected (%s): %s", problems, draft.text)
        else:
            point_id = f"P{len(built.points) + 1}"
            built.points.append(SummaryPoint(point_id, draft.aspect, draft.text, sources))
        built.dropped += [DroppedTag(point_id, tag, reason) for tag, reason in draft.dropped_tags]
    return built




def summarize(engine, doc_id: str, *, llm: bool | None = None, options: SummaryOptions | None = None,
              unmask: bool = False) -> Summary:
    """Key points of one document, each mapped to the blocks it came from.

    ``llm=None`` uses the LLM when one is configured; ``unmask`` shows personal data in point
    texts (callers check the permission). Raises KeyError for a document not in the catalogue.
    """
    options = options or SummaryOptions()
    record = engine.document(doc_id)
    if record is None or record.status != "ready":
        raise KeyError(doc_id)
    watch = Stopwatch()
    chunks = engine.chunks(doc_id, with_facts=True)
    summary = Summary(doc_id=doc_id, doc_name=record.name, kind=record.kind,
                      calibration=options.calibration.to_dict(), pii_masked=not unmask)
    drafts = summarize_chunks(record.kind, chunks, options.max_points)
    watch.lap("extract")
    matcher = SemanticMatcher(engine.index.embedder, chunks, options.calibration)
    watch.lap("embed_blocks")

    settings = engine.settings.llm
    built = None
    if llm or (llm is None and settings.configured):
        try:
            if not settings.configured:
                raise LLMUnavailable("LLM 未配置 (no base_url/model in settings)")
            blocks = number_blocks(chunks, first=[c for d in drafts for c in d.cited],
                                   limit=options.llm_blocks, chars=options.llm_block_chars)
            generated = ask_model(settings, record.name, record.kind, blocks, options.llm_points)
            watch.lap("llm")
            built = _build(generated, Method.LLM, matcher, options)
            if not built.points:
                raise LLMUnavailable("模型的要点都未通过核验 (no point of the reply passed the checks): "
                                     + "；".join(r.reason for r in built.rejected)[:300])
            summary.mode, summary.model = Mode.LLM, settings.model
        except LLMUnavailable as exc:
            log.warning("LLM summary not used (%s); summarising offline", exc)
            summary.fallback_reason = f"LLM 未使用，已改用抽取式摘要 (LLM not used, extractive summary): {exc}"
            # what the model got wrong stays visible: its rejected points and dropped tags
            keep = built or _Built()
            built = _build(drafts, Method.EXTRACTIVE, matcher, options)
            built.rejected[:0], built.dropped[:0] = keep.rejected, keep.dropped
    if built is None:
        built = _build(drafts, Method.EXTRACTIVE, matcher, options)
    watch.lap("fuse")
    summary.points, summary.rejected_points, summary.dropped_tags = built.points, built.rejected, built.dropped
    if not unmask:
        pieces = wrapped_pieces(c.text for c in chunks)
        for point in summary.points:
            point.display_text = mask_pii(point.text, pieces)
        # a rejection reason quotes the failing value, which may itself be a card or phone number
        summary.rejected_points = [RejectedPoint(mask_pii(r.text, pieces), mask_pii(r.reason, pieces))
                                   for r in summary.rejected_points]
        if summary.fallback_reason:
            summary.fallback_reason = mask_pii(summary.fallback_reason)
    summary.timings_ms = {**watch.laps, "total": watch.total()}
    return summary
