"""A case file's ledger read from text written in a test: the real text loader and transcript
chunker, then ``build_ledger`` — no engine, no index (fast enough for one case per test)."""

from __future__ import annotations

from engine.ingest.chunkers.transcript import chunk_transcript
from engine.ingest.loaders.text import load_text
from engine.answer.casefile.facts import Anchor, CaseLedger, build_ledger
from engine.types import Chunk


def chunks_of(text: str, doc_id: str = "doc") -> list[Chunk]:
    loaded = load_text("笔录.txt", text.encode("utf-8"))
    drafts = [d for d in chunk_transcript(loaded) if d.text.strip()]
    return [Chunk(chunk_id=f"{doc_id}:{seq:05d}", doc_id=doc_id, seq=seq, kind="transcript",
                  chunk_type=d.chunk_type, text=d.text, spans=list(d.spans), bboxes=[], meta=dict(d.meta))
            for seq, d in enumerate(drafts)]


class TextLedger:
    """The ledger of ``text`` and the chunks it was read from (to read anchors back)."""

    def __init__(self, text: str):
        self.chunks = {c.chunk_id: c for c in chunks_of(text)}
        self.ledger: CaseLedger = build_ledger("doc", self.chunks.values())

    def quote(self, anchor: Anchor) -> str:
        return self.chunks[anchor.chunk_id].text[anchor.start:anchor.end]

    def rows(self, role: str = "event", kind: str | None = None, with_versions: bool = False):
        return [e for e in self.ledger.events if e.role == role and (kind is None or e.kind == kind)
                and (with_versions or not e.corrects)]
