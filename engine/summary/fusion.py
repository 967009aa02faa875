"""Fusing a point's two source channels: the generator's own citations and semantic matching.

- offline summariser: its quoted blocks are sources by construction (``extractive``), whatever
  the embedding says; blocks the calibrated matcher adds beside them are ``semantic``;
- LLM: a tagged block the matcher also finds is ``hybrid``, a tagged block it does not find is
  ``llm``, a block only the matcher finds is ``semantic``.

Order: construction/confirmed sources first (extractive or hybrid, then llm), then semantic ones,
each group best score first; capped at ``max_sources``. An extractive source is never cut by the
cap: it is where the point's words come from.
"""

from __future__ import annotations

from engine.ingest.anchors import chunk_range_to_spans
from engine.summary.model import DraftPoint, Method, SummarySource
from engine.summary.semantic import PointScores, SemanticMatcher
from engine.types import Chunk

_RANK = {Method.EXTRACTIVE: 0, Method.HYBRID: 0, Method.LLM: 1, Method.SEMANTIC: 2}


def _pages(chunk: Chunk, ranges: list[tuple[int, int]]) -> tuple[int, int]:
    """Pages of the quoted words when known (a 问/答 pair may run over a page break), else of
    the block."""
    pages = [span.page for s, e in ranges for span in chunk_range_to_spans(chunk.spans, s, e)]
    return (min(pages), max(pages)) if pages else (chunk.page_start, chunk.page_end)


def fuse(draft: DraftPoint, scores: PointScores, matcher: SemanticMatcher, generator: Method,
         max_sources: int) -> list[SummarySource]:
    if max_sources <= 0:
        raise ValueError(f"max_sources must be greater than 0, not {max_sources}")
    matched = [matcher.chunks[i].chunk_id for i in scores.matches(matcher.calibration)]
    sources = []
    for chunk_id, ranges in draft.cited.items():
        index = matcher.position[chunk_id]
        if generator is Method.EXTRACTIVE:
            method = Method.EXTRACTIVE
        else:
            method = Method.HYBRID if chunk_id in matched else Method.LLM
        page, page_end = _pages(matcher.chunks[index], ranges)
        sources.append(SummarySource(chunk_id, page, page_end, method, float(scores.cosine[index]),
                                     scores.z(index), quote_spans=sorted(set(ranges))))
    for chunk_id in matched:
        if chunk_id not in draft.cited:
            index = matcher.position[chunk_id]
            chunk = matcher.chunks[index]
            sources.append(SummarySource(chunk_id, chunk.page_start, chunk.page_end, Method.SEMANTIC,
                                         float(scores.cosine[index]), scores.z(index)))
    sources.sort(key=lambda s: (_RANK[s.method], -s.score))
    kept = [s for s in sources if s.method is Method.EXTRACTIVE]
    kept += [s for s in sources if s.method is not Method.EXTRACTIVE][:max(max_sources - len(kept), 0)]
    kept.sort(key=lambda s: (_RANK[s.method], -s.score))
    return kept
