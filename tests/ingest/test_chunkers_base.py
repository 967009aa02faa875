"""Shared chunker machinery: offsets across pages, exclusions, bounded splitting, the invariant.

Also home of ``pdf_document``, which the other chunker tests use to read the PDFs they write:
pdfplumber lines with boxes, laid out the way the PDF loader lays them out (one text line per
visual line, pages numbered from 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ingest.chunkers.base import (MAX_CHUNK_CHARS, PAGE_SEPARATOR, DocText, assert_invariant,
                                         chunk_offset, document_from_text, make_bounded_chunks,
                                         make_chunk, page_furniture, paragraphs, split_range,
                                         text_weight)
from engine.types import BBox, ChunkDraft, Line, LoadedDocument, PageText, Span

pytestmark = pytest.mark.unit


def pdf_document(path: Path) -> LoadedDocument:
    import pdfplumber

    pages = []
    with pdfplumber.open(path) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            texts, lines, offset = [], [], 0
            for raw in page.extract_text_lines():
                text = raw["text"]
                lines.append(Line(offset, offset + len(text),
                                  BBox(number, raw["x0"], raw["top"], raw["x1"], raw["bottom"])))
                texts.append(text)
                offset += len(text) + 1
            pages.append(PageText(number, "\n".join(texts), lines, page.width, page.height))
    return LoadedDocument(name=path.name, media_type="pdf", pages=pages)


def two_page_doc() -> LoadedDocument:
    first = "第一页的第一行。\n第二行说了一半，"
    second = "接着说完。\n第 1 页 共 2 页"
    pages = []
    for number, text in enumerate((first, second), start=1):
        doc = document_from_text("x", text)
        pages.append(PageText(number, text, doc.pages[0].lines))
    return LoadedDocument("two.txt", "text", pages)


def test_doctext_maps_offsets_both_ways():
    doc = two_page_doc()
    doctext = DocText(doc)
    assert doctext.text == doc.pages[0].text + PAGE_SEPARATOR + doc.pages[1].text
    second_page_start = len(doc.pages[0].text) + len(PAGE_SEPARATOR)
    assert doctext.to_page(second_page_start + 3) == (2, 3)
    assert doctext.to_doc(2, 3) == second_page_start + 3
    assert doctext.to_page(5) == (1, 5)
    assert [ln.page for ln in doctext.lines] == [1, 1, 2, 2]


def test_make_chunk_splits_at_pages_drops_exclusions_and_trims():
    doc = two_page_doc()
    doctext = DocText(doc)
    start = doctext.text.index("第二行")
    footer = page_furniture(doctext)
    assert len(footer) == 1 and "第 1 页" in doctext.text[footer[0][0]:footer[0][1]]
    chunk = make_chunk(doctext, start, len(doctext.text), exclude=footer, chunk_type="paragraph")
    assert chunk is not None
    assert chunk.text == "第二行说了一半，\n接着说完。"
    assert [s.page for s in chunk.spans] == [1, 2]
    assert chunk.spans[1] == Span(2, 0, len("接着说完。"))
    assert_invariant(doc, [chunk])
    assert chunk_offset(doctext, chunk, doctext.to_doc(2, 0)) == len("第二行说了一半，\n")
    assert make_chunk(doctext, *footer[0], chunk_type="paragraph", exclude=footer) is None


def test_split_range_respects_bound_and_prefers_sentence_ends():
    sentence = "当事人一方不履行合同义务或者履行合同义务不符合约定的，应当承担违约责任。"
    text = sentence * 40
    doc = document_from_text("long.txt", text)
    doctext = DocText(doc)
    pieces = split_range(doctext, 0, len(text))
    assert len(pieces) > 1
    assert pieces[0][0] == 0 and pieces[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in zip(pieces, pieces[1:]))
    for start, end in pieces:
        assert text_weight(text[start:end]) <= MAX_CHUNK_CHARS
        assert text[end - 1] == "。"


def test_unpunctuated_text_is_still_bounded():
    text = "甲" * 1000
    doc = document_from_text("flat.txt", text)
    chunks = make_bounded_chunks(DocText(doc), 0, len(text), chunk_type="paragraph")
    assert len(chunks) == 3
    assert all(len(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    assert "".join(c.text for c in chunks) == text
    assert {c.meta["chain_id"] for c in chunks} == {chunks[0].meta["chain_id"]}
    assert [c.meta["chain_index"] for c in chunks] == [0, 1, 2]
    assert_invariant(doc, chunks)


def test_english_text_gets_a_longer_character_budget():
    sentence = "The Supplier shall deliver the Products to the Purchaser within thirty days. "
    text = sentence * 30
    doc = document_from_text("en.txt", text)
    chunks = make_bounded_chunks(DocText(doc), 0, len(text), chunk_type="paragraph")
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    assert max(len(c.text) for c in chunks) > MAX_CHUNK_CHARS * 2  # ~1,260 Latin chars allowed
    assert_invariant(doc, chunks)


def test_assert_invariant_catches_a_chunk_that_is_not_its_spans():
    doc = document_from_text("x.txt", "第一条 本法所称合同是民事主体之间的协议。")
    good = ChunkDraft(text="第一条", spans=[Span(1, 0, 3)], chunk_type="article")
    assert_invariant(doc, [good])
    bad = ChunkDraft(text="第一条 ", spans=[Span(1, 0, 3)], chunk_type="article")
    with pytest.raises(AssertionError):
        assert_invariant(doc, [bad])
    out_of_page = ChunkDraft(text="", spans=[Span(2, 0, 3)], chunk_type="article")
    with pytest.raises(AssertionError):
        assert_invariant(doc, [out_of_page])


def test_pdf_paragraphs_follow_layout(tmp_path, cjk_font):
    from engine.bench.pdfmaker import make_pdf

    long_line = "这是一段很长的说明文字，" * 8 + "到此结束。"
    path = make_pdf(tmp_path / "p.pdf", [[long_line, "第二段开始。", "第三段。"]])
    doc = pdf_document(path)
    doctext = DocText(doc)
    paras = paragraphs(doctext)
    texts = [doctext.text[s:e] for s, e in paras]
    # The wrapped first paragraph stays whole; the short lines ending a sentence stand alone.
    assert len(texts) == 3
    assert texts[0].replace("\n", "") == long_line
    assert texts[1:] == ["第二段开始。", "第三段。"]
