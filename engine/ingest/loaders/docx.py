"""DOCX loader (python-docx for the package and styles; paragraph text read from the XML).

A DOCX has no reliable pages (pagination happens in the word processor), so the whole document is
page 1. Its text is the body's paragraphs, table cells included, in document order, one per line;
a paragraph's soft line breaks start new lines so every "\\n" of the page text separates lines.

Paragraph text is read from the XML rather than ``Paragraph.text`` because the latter drops text
inside tracked insertions and content controls, which contracts and court templates use a lot.
Deleted (tracked) text, field instructions and text boxes are left out: none of them is the
visible running text of the document.

Meta: ``title``; ``headings`` ``[(line_index, level, text)]`` (level 0 = Title style, 1-9 from
Heading/标题 styles or the outline level); ``paragraph_styles`` (style name per line);
``tables`` ``[{"index", "first_line", "last_line", "rows"}]``; ``table_cells``
``[(line_index, table, row, column)]``.
"""

from __future__ import annotations

import io
import re
from typing import Any
from collections.abc import Iterator

from docx import Document
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

from engine.ingest import quality as gate
from engine.ingest.layout import text_lines
from engine.types import IngestError, LoadedDocument

_HEADING_STYLE = re.compile(r"(?:heading|标题)\s*(\d)", re.IGNORECASE)
_BODY_TEXT_OUTLINE_LEVEL = 9  # w:outlineLvl 9 means "body text", 0-8 are heading levels 1-9

_P, _TBL, _SDT, _SDT_CONTENT = qn("w:p"), qn("w:tbl"), qn("w:sdt"), qn("w:sdtContent")
_TR, _TC = qn("w:tr"), qn("w:tc")
_T, _TAB, _BR, _CR, _NB_HYPHEN = qn("w:t"), qn("w:tab"), qn("w:br"), qn("w:cr"), \
    qn("w:noBreakHyphen")
# Subtrees that are not running text: deletions, field codes, text boxes and drawings (whose
# mc:AlternateContent would also repeat the same text twice), paragraph/run properties.
_SKIP = {qn("w:del"), qn("w:delText"), qn("w:instrText"), qn("w:txbxContent"), qn("w:drawing"),
         qn("w:pict"), qn("w:pPr"), qn("w:rPr"), qn("w:footnoteReference"),
         "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"}


def _paragraph_text(element: Any) -> str:
    parts: list[str] = []

    def walk(node: Any) -> None:
        for child in node:
            tag = child.tag
            if tag in _SKIP:
                continue
            if tag == _T:
                parts.append(child.text or "")
            elif tag == _TAB:
                parts.append("\t")
            elif tag in (_BR, _CR):
                parts.append("\n")
            elif tag == _NB_HYPHEN:
                parts.append("-")
            else:
                walk(child)

    walk(element)
    return "".join(parts)


def _blocks(container: Any) -> Iterator[tuple[str, Any]]:
    """("p", element) and ("tbl", element) in document order, content controls unwrapped."""
    for child in container:
        if child.tag == _P:
            yield "p", child
        elif child.tag == _TBL:
            yield "tbl", child
        elif child.tag == _SDT:
            content = child.find(_SDT_CONTENT)
            if content is not None:
                yield from _blocks(content)


def _heading_level(paragraph: Paragraph, element: Any) -> int | None:
    style = paragraph.style
    name = style.name if style is not None else ""
    if name and name.lower() in ("title", "标题"):
        return 0
    match = _HEADING_STYLE.search(name or "")
    if match:
        return int(match.group(1))
    for source in (element, style.element if style is not None else None):
        p_pr = source.find(qn("w:pPr")) if source is not None else None
        outline = p_pr.find(qn("w:outlineLvl")) if p_pr is not None else None
        if outline is not None:
            level = int(outline.get(qn("w:val"), _BODY_TEXT_OUTLINE_LEVEL))
            return level + 1 if level < _BODY_TEXT_OUTLINE_LEVEL else None
    return None


class _Collector:
    def __init__(self, document: Any):
        self.document = document
        self.lines: list[str] = []
        self.styles: list[str] = []
        self.headings: list[tuple[int, int, str]] = []
        self.tables: list[dict[str, int]] = []
        self.cells: list[tuple[int, int, int, int]] = []

    def paragraph(self, element: Any, cell: tuple[int, int, int] | None = None) -> None:
        paragraph = Paragraph(element, self.document)
        style = paragraph.style.name if paragraph.style is not None else ""
        text = _paragraph_text(element)
        first = len(self.lines)
        for part in text.split("\n"):
            if cell is not None:
                self.cells.append((len(self.lines), *cell))
            self.lines.append(part)
            self.styles.append(style or "")
        level = _heading_level(paragraph, element)
        if level is not None and text.strip():
            self.headings.append((first, level, text.replace("\n", " ").strip()))

    def table(self, element: Any) -> None:
        index = len(self.tables)
        record = {"index": index, "first_line": len(self.lines), "last_line": len(self.lines),
                  "rows": 0}
        self.tables.append(record)
        for row_number, row in enumerate(element.iter(_TR)):
            if row.getparent() is not element:  # rows of nested tables are read with their table
                continue
            record["rows"] += 1
            for column, cell in enumerate(c for c in row if c.tag == _TC):
                self.container(cell, (index, row_number, column))
        record["last_line"] = len(self.lines) - 1

    def container(self, element: Any, cell: tuple[int, int, int] | None = None) -> None:
        for kind, block in _blocks(element):
            if kind == "p":
                self.paragraph(block, cell)
            else:
                self.table(block)


def _open(data: bytes) -> Any:
    try:
        return Document(io.BytesIO(data))
    except Exception as exc:  # BadZipFile, KeyError (missing part), XML and content-type errors
        raise IngestError(f"DOCX 文件已损坏或格式不受支持，无法解析 (the DOCX file is damaged or not a "
                          f"Word document: {type(exc).__name__}: {exc})") from exc


def load_docx(name: str, data: bytes) -> LoadedDocument:
    document = _open(data)
    collector = _Collector(document)
    collector.container(document.element.body)
    text = "\n".join(collector.lines)
    if not text.strip():
        raise IngestError("DOCX 中没有文字（可能只有图片，请导出为 PDF 后上传以便识别） "
                          "(the DOCX contains no text, perhaps only images: export it as PDF)")
    page = text_lines(1, text)
    page.quality = gate.assess_page(page, ocr_possible=False)

    meta: dict[str, Any] = {"page_count": 1, "headings": collector.headings,
                            "paragraph_styles": collector.styles, "tables": collector.tables,
                            "table_cells": collector.cells}
    title = (document.core_properties.title or "").strip()
    if not title:
        title = next((h[2] for h in collector.headings if h[1] == 0), "")
    if title:
        meta["title"] = title
    return LoadedDocument(name=name, media_type="docx", pages=[page], meta=meta)
