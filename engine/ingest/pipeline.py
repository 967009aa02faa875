"""From bytes to a fully prepared document (layers 1-3), with no writes anywhere.

Everything that can fail on bad input happens here, before the stores are touched, so a failed
file costs nothing and the store step (engine/store/index.py) has only storage to worry about.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timezone

from engine.config import IngestSettings, LimitSettings
from engine.ingest.anchors import spans_bboxes
from engine.ingest.derivation import derivation_meta
from engine.statutes.hierarchy import LawRank
from engine.store.lexical import lexical_text
from engine.text.passages import embedding_text
from engine.timing import Stopwatch
from engine.types import (Chunk, ChunkDraft, DocKind, DocumentRecord, IngestError, PageText,
                          PreparedDocument)


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def doc_id_for(sha256: str) -> str:
    # Identity is the content: the same bytes are the same document whatever their file name.
    return "d" + sha256[:15]


def prepare_document(name: str, data: bytes, *, kind: DocKind | str = DocKind.AUTO,
                     settings: IngestSettings, ocr_engine=None, statute_context: bool = False,
                     max_bytes: int = LimitSettings().file_bytes) -> PreparedDocument:
    from engine.ingest.chunkers import chunk_document
    from engine.ingest.chunkers.detect import detect_kind
    from engine.ingest.enrich import enrich
    from engine.ingest.loaders import load_document
    from engine.text.tokenize import tokenize

    watch = Stopwatch()
    lap = watch.lap
    sha = sha256_hex(data)
    loaded = load_document(name, data, max_bytes=max_bytes, ocr=settings.ocr,
                           ocr_engine=ocr_engine)
    lap("load")
    kind = DocKind(kind)
    if kind is DocKind.AUTO:
        kind = detect_kind(loaded)
    drafts: list[ChunkDraft] = chunk_document(loaded, kind)
    drafts = [d for d in drafts if d.text.strip()]
    if not drafts:
        raise IngestError("未从文件中提取到任何文字 (no text could be extracted; "
                          "is it a blank or unreadable scan?)")
    lap("chunk")

    doc_id = doc_id_for(sha)
    pages_by_number = {p.number: p for p in loaded.pages}
    chunks: list[Chunk] = []
    for seq, draft in enumerate(drafts):
        if draft.meta.get("law_title") in settings.statute_rank_overrides:
            draft.meta["rank"] = LawRank(settings.statute_rank_overrides[draft.meta["law_title"]]).value
        enrichment = enrich(draft.text)
        chunks.append(Chunk(chunk_id=f"{doc_id}:{seq:05d}", doc_id=doc_id, seq=seq,
                            kind=kind.value, chunk_type=draft.chunk_type, text=draft.text,
                            spans=list(draft.spans), bboxes=spans_bboxes(pages_by_number, draft.spans),
                            meta=dict(draft.meta), pii_level=enrichment.pii_level,
                            facts=enrichment.facts))
    lap("enrich")
    tokens = [tokenize(lexical_text(c)) for c in chunks]
    lap("tokenize")

    quality = [p.quality.to_dict() for p in loaded.pages if p.quality is not None]
    record = DocumentRecord(
        doc_id=doc_id, name=name, sha256=sha, kind=kind.value, media_type=loaded.media_type,
        pages=len(loaded.pages), chunks=len(chunks), size_bytes=len(data), status="pending",
        created_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        meta={**{k: v for k, v in loaded.meta.items() if _jsonable(v)}, "quality": quality,
              **derivation_meta()})
    return PreparedDocument(record=record, pages=loaded.pages, chunks=chunks, tokens=tokens,
                            embed_texts=[embedding_text(c, statute_context) for c in chunks], timings_ms=watch.laps)


def _jsonable(value) -> bool:
    return isinstance(value, (str, int, float, bool, list, dict, type(None)))
