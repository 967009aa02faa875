"""Evidence aggregation: turn ranked hits into a bounded, ordered, complete evidence set.

retrieve (hits) → complete chains → expand cited articles → [citing articles] → chapter context:
- duplicates and overlapping chunks are dropped (the better-placed one stays);
- a part of a long answer (or of a long article) brings its whole chain (same ``chain_id``);
- a statute article brings the articles it cites, followed through the reference graph
  (engine/statutes/graph.py: 本法第X条, 《X法》第Y条, ranges, 前条), in the version the citation
  means: the same document first, the same edition of the law, the version in force when the
  citing text was issued, else the newest — then marked as newer than the citing text;
- optionally the articles that cite a hit (off by default, see ``aggregate``);
- then its neighbours under the same 编/章/节 heading, as context;
- every block says why it is there (``role``) and which chunk brought it in (``via``);
- the result is ordered by document (best document first) and then by position in it, and capped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.retrieve.search import SearchHit
from engine.statutes.graph import Edge, ReferenceGraph
from engine.store.catalog import Catalog
from engine.types import Chunk

ROLES = ("hit", "chain", "cited", "citing", "context")


@dataclass
class EvidenceBlock:
    chunk: Chunk
    doc_name: str
    score: float
    role: str  # hit | chain | cited | citing | context
    via: str | None = None  # the chunk that brought a chain/cited/citing/context block in
    note: str | None = None  # a caveat a reader must see (a cited version newer than the citation)

    @property
    def context(self) -> str:
        return " / ".join(self.chunk.meta.get("path") or [])


def _overlaps(a: Chunk, b: Chunk) -> bool:
    if a.doc_id != b.doc_id:
        return False
    return any(sa.page == sb.page and sa.start < sb.end and sb.start < sa.end
               for sa in a.spans for sb in b.spans)


def _version_note(edge: Edge) -> str | None:
    if not edge.newer_than_source:
        return None
    return (f"所引条文为 {edge.targets[0].version} 版本，晚于引用它的文本（{edge.src_version}），"
            f"条文序号或内容可能已变 (the cited version is newer than the citing text; "
            f"article numbers or wording may have changed)")


def aggregate(hits: Sequence[SearchHit], catalog: Catalog, *, max_blocks: int = 12,
              max_cited: int = 4, max_chain: int = 6, max_context: int = 2, context_window: int = 1,
              include_citing: bool = False, max_citing: int = 3,
              graph: ReferenceGraph | None = None) -> list[EvidenceBlock]:
    """``max_cited``/``max_citing``/``max_context`` count articles (an article split in parts is
    one), ``max_blocks`` counts chunks and bounds everything.

    ``include_citing`` is off by default: the articles that cite a hit interpret or apply it —
    they do not complete it — and a central article (刑法第六十七条) is cited by dozens of texts,
    which would crowd the bounded evidence set with material the question did not ask for. It is
    for "what refers to this article" views and explicit follow-ups.
    """
    if max_blocks <= 0:
        raise ValueError("max_blocks must be greater than 0")
    for name, value in (("max_cited", max_cited), ("max_chain", max_chain),
                        ("max_context", max_context), ("context_window", context_window),
                        ("max_citing", max_citing)):
        if value < 0:
            raise ValueError(f"{name} must not be negative")
    blocks: list[EvidenceBlock] = []
    seen: set[str] = set()
    names: dict[str, str] = {}

    def doc_name(doc_id: str) -> str:
        if doc_id not in names:
            record = catalog.get_document(doc_id)
            names[doc_id] = record.name if record else doc_id
        return names[doc_id]

    def add(chunk: Chunk, score: float, role: str, via: str | None = None,
            note: str | None = None) -> bool:
        if len(blocks) >= max_blocks or chunk.chunk_id in seen \
                or any(_overlaps(chunk, b.chunk) for b in blocks):
            return False
        seen.add(chunk.chunk_id)
        blocks.append(EvidenceBlock(chunk, doc_name(chunk.doc_id), score, role, via, note))
        return True

    def add_article(chunk_ids: list[str], score: float, role: str, via: str,
                    note: str | None = None) -> bool:
        """All parts of one article; True when any of them was new."""
        return any([add(c, score, role, via, note) for c in catalog.get_chunks(chunk_ids)])

    for hit in hits:
        names.setdefault(hit.chunk.doc_id, hit.doc_name)
        add(hit.chunk, hit.score, "hit")

    # Chains first: a transcript answer (or an article) cut in parts is only evidence when read whole.
    for block in list(blocks):
        chain = block.chunk.meta.get("chain_id")
        if block.role != "hit" or chain is None:
            continue
        ids = catalog.chunk_ids_with_meta(block.chunk.doc_id, "chain_id", chain)[:max_chain]
        for chunk in catalog.get_chunks([i for i in ids if i not in seen]):
            add(chunk, block.score, "chain", block.chunk.chunk_id)

    articles = [b for b in blocks if b.role in ("hit", "chain") and b.chunk.meta.get("article_label")]
    if not articles or len(blocks) >= max_blocks:
        return _in_document_order(blocks)
    graph = graph or ReferenceGraph.for_catalog(catalog)
    # Only the hits' documents must be read for refers_to; referred_by needs every document.
    graph.ensure_built(None if include_citing else {b.chunk.doc_id for b in articles})

    cited = 0
    for block in articles:
        for edge in graph.refers_to(block.chunk.chunk_id):
            if cited >= max_cited or len(blocks) >= max_blocks:
                break
            if edge.cross_article and edge.targets and add_article(
                    [t.chunk_id for t in edge.preferred()], block.score, "cited",
                    block.chunk.chunk_id, _version_note(edge)):
                cited += 1

    hit_articles = [b for b in articles if b.role == "hit"]
    if include_citing:
        citing = 0
        for block in hit_articles:
            for edge in graph.referred_by(block.chunk.chunk_id):
                if citing >= max_citing or len(blocks) >= max_blocks:
                    break
                if add_article([edge.src_chunk_id], block.score, "citing", block.chunk.chunk_id):
                    citing += 1

    context = 0
    for block in hit_articles:
        for neighbour in graph.chapter_neighbours(block.chunk.chunk_id, context_window):
            if context >= max_context or len(blocks) >= max_blocks:
                break
            if add_article(neighbour, block.score, "context", block.chunk.chunk_id):
                context += 1
    return _in_document_order(blocks)


def _in_document_order(blocks: list[EvidenceBlock]) -> list[EvidenceBlock]:
    doc_rank: dict[str, int] = {}
    for b in blocks:
        doc_rank.setdefault(b.chunk.doc_id, len(doc_rank))
    return sorted(blocks, key=lambda b: (doc_rank[b.chunk.doc_id], b.chunk.page_start, b.chunk.seq))
