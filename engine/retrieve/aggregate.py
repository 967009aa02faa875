"""Evidence aggregation: turn ranked hits into a bounded, ordered, complete evidence set.

- duplicates and overlapping chunks are dropped (the better-scored one stays);
- a part of a long answer brings its whole 问/答 chain (same ``chain_id``);
- a statute article brings the articles it cites (本法第X条 → same law; 《X法》第Y条 → that law);
  its 编/章/节 path travels in the block as context;
- the result is ordered by document (best document first) and then by position in it, and capped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from engine.retrieve.search import SearchHit
from engine.store.catalog import Catalog
from engine.types import Chunk


@dataclass
class EvidenceBlock:
    chunk: Chunk
    doc_name: str
    score: float
    role: str  # hit | chain | cited
    via: str | None = None  # the chunk that brought a chain/cited block in

    @property
    def context(self) -> str:
        return " / ".join(self.chunk.meta.get("path") or [])


def _overlaps(a: Chunk, b: Chunk) -> bool:
    if a.doc_id != b.doc_id:
        return False
    return any(sa.page == sb.page and sa.start < sb.end and sb.start < sa.end
               for sa in a.spans for sb in b.spans)


def aggregate(hits: Sequence[SearchHit], catalog: Catalog, *, max_blocks: int = 12,
              max_cited: int = 4, max_chain: int = 6) -> list[EvidenceBlock]:
    if max_blocks <= 0:
        raise ValueError("max_blocks must be greater than 0")
    blocks: list[EvidenceBlock] = []
    seen: set[str] = set()

    def add(chunk: Chunk, doc_name: str, score: float, role: str, via: str | None = None) -> bool:
        if chunk.chunk_id in seen or any(_overlaps(chunk, b.chunk) for b in blocks):
            return False
        seen.add(chunk.chunk_id)
        blocks.append(EvidenceBlock(chunk, doc_name, score, role, via))
        return True

    for hit in hits:
        if len(blocks) >= max_blocks:
            break
        add(hit.chunk, hit.doc_name, hit.score, "hit")

    names = {b.chunk.doc_id: b.doc_name for b in blocks}
    best = {b.chunk.chunk_id: b.score for b in blocks}
    # Chains first: a transcript answer cut in parts is only evidence when read whole.
    for block in list(blocks):
        chain = block.chunk.meta.get("chain_id")
        if block.role != "hit" or chain is None:
            continue
        ids = catalog.chunk_ids_with_meta(block.chunk.doc_id, "chain_id", chain)[:max_chain]
        for chunk in catalog.get_chunks([i for i in ids if i not in seen]):
            if len(blocks) >= max_blocks:
                break
            add(chunk, names[chunk.doc_id], best[block.chunk.chunk_id], "chain", block.chunk.chunk_id)

    cited = 0
    hit_articles = [b for b in blocks if b.role == "hit" and b.chunk.meta.get("article_label")]
    with_facts = {c.chunk_id: c for c in catalog.get_chunks([b.chunk.chunk_id for b in hit_articles],
                                                             with_facts=True)}
    for block in hit_articles:
        for fact in with_facts[block.chunk.chunk_id].facts:
            if cited >= max_cited or len(blocks) >= max_blocks:
                break
            if fact.kind != "statute_ref" or fact.meta.get("relative"):
                continue
            law = fact.meta.get("law")
            if law in (None, "本法"):
                ids = catalog.find_articles(fact.value, doc_id=block.chunk.doc_id)
            else:
                ids = catalog.find_articles(fact.value, law=law.strip("《》"))
            for chunk in catalog.get_chunks(ids[:1]):
                doc_name = names.get(chunk.doc_id) or _doc_name(catalog, chunk.doc_id)
                if add(chunk, doc_name, block.score, "cited", block.chunk.chunk_id):
                    cited += 1

    doc_rank: dict[str, int] = {}
    for b in blocks:
        doc_rank.setdefault(b.chunk.doc_id, len(doc_rank))
    blocks.sort(key=lambda b: (doc_rank[b.chunk.doc_id], b.chunk.page_start, b.chunk.seq))
    return blocks


def _doc_name(catalog: Catalog, doc_id: str) -> str:
    record = catalog.get_document(doc_id)
    return record.name if record else doc_id
