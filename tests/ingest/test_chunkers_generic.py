"""Generic chunking: short paragraphs merged, long ones split, every chunk within the bound."""

from __future__ import annotations

import pytest

from engine.ingest.chunkers import chunk_document
from engine.ingest.chunkers.base import (MAX_CHUNK_CHARS, TARGET_CHUNK_CHARS, assert_invariant,
                                         document_from_text, text_weight)
from engine.ingest.chunkers.generic import chunk_generic
from engine.types import DocKind

pytestmark = pytest.mark.unit


def test_short_paragraphs_are_merged_and_long_ones_split():
    short = [f"第{i}段很短。" for i in range(12)]
    long = "这一段很长，" * 150 + "结束。"
    doc = document_from_text("notes.txt", "\n".join(short + ["", long, "", "尾声。"]))
    chunks = chunk_generic(doc)
    assert_invariant(doc, chunks)
    assert chunks[0].text.startswith("第0段很短。\n第1段很短。")  # merged
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    pieces = [c for c in chunks if "chain_id" in c.meta]
    assert len(pieces) >= 2 and "".join(p.text for p in pieces) == long
    assert chunks[-1].text == "尾声。" or chunks[-1].text.endswith("尾声。")
    assert all(c.chunk_type == "paragraph" for c in chunks)


def test_merged_groups_stay_under_the_target():
    paras = ["一二三四五六七八九十" * 5 + "。" for _ in range(30)]
    doc = document_from_text("p.txt", "\n\n".join(paras))
    chunks = chunk_document(doc, DocKind.GENERIC)
    assert_invariant(doc, chunks)
    assert len(chunks) > 1
    assert all(text_weight(c.text) <= TARGET_CHUNK_CHARS for c in chunks)
    assert "".join(c.text for c in chunks).replace("\n", "") == "".join(paras)


def test_empty_and_blank_documents_give_no_chunks():
    assert chunk_generic(document_from_text("e.txt", "")) == []
    assert chunk_generic(document_from_text("b.txt", "\n \n\t\n")) == []
