"""The DOCX parser proper, run in a child process within a budget (engine/ingest/loaders/budget.py).

python-docx opens the package and resolves styles; paragraph text is read from the XML rather than
``Paragraph.text`` because the latter drops text inside tracked insertions and content controls,
which contracts and court templates use a lot. Deleted (tracked) text, field instructions and text
boxes are left out: none of them is the visible running text of the document.

Before python-docx sees the file, every entry is inflated within the limits of
``engine.ingest.loaders.archive`` and every XML part read once by ``xmlguard`` (no DTD, bounded
elements and paragraphs), so the tree python-docx builds is bounded too. The result is plain data
(lists, dicts, strings) for the parent to turn into a LoadedDocument.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Any
from collections.abc import Iterator

from docx import Document
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

from engine.ingest.loaders.archive import (DEFAULT_LIMITS, ArchiveLimits, CappedReader, check_declared_sizes,
                                           drain, is_xml_part)
from engine.ingest.loaders.xmlguard import scan_xml
from engine.types import IngestError

_HEADING_STYLE = re.compile(r"(?:heading|标题)\s*(\d)", re.IGNORECASE)
_BODY_TEXT_OUTLINE_LEVEL = 9  # w:outlineLvl 9 means "body text", 0-8 are heading levels 1-9

_P, _TBL, _SDT, _SDT_CONTENT = qn("w:p"), qn("w:tbl"), qn("w:sdt"), qn("w:sdtContent")
_TR, _TC = qn("w:tr"), qn("w:tc")
_P_PR, _P_STYLE, _VAL = qn("w:pPr"), qn("w:pStyle"), qn("w:val")
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


def _heading_level(style: Any, element: Any) -> int | None:
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
        # python-docx looks a paragraph's style up by a search of styles.xml on every access
        # (a quarter of a millisecond): once per style id is enough.
        self._styles: dict[str | None, Any] = {}

    def _style(self, element: Any) -> Any:
        p_pr = element.find(_P_PR)
        named = p_pr.find(_P_STYLE) if p_pr is not None else None
        style_id = named.get(_VAL) if named is not None else None
        if style_id not in self._styles:
            self._styles[style_id] = Paragraph(element, self.document).style
        return self._styles[style_id]

    def paragraph(self, element: Any, cell: tuple[int, int, int] | None = None) -> None:
        style = self._style(element)
        name = style.name if style is not None else ""
        text = _paragraph_text(element)
        first = len(self.lines)
        for part in text.split("\n"):
            if cell is not None:
                self.cells.append((len(self.lines), *cell))
            self.lines.append(part)
            self.styles.append(name or "")
        level = _heading_level(style, element)
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


def _inflate_within_limits(data: bytes, limits: ArchiveLimits) -> None:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise _damaged(exc) from exc
    with archive:
        check_declared_sizes(archive, limits)
        budget = [limits.unpacked_bytes]  # what all entries together may still inflate to
        for info in archive.infolist():
            try:
                if is_xml_part(info.filename):
                    # the first read counts against the archive's total, the second re-reads it
                    reads = iter((budget, [limits.part_bytes]))
                    scan_xml(lambda: io.BufferedReader(CappedReader(archive, info, limits.part_bytes, next(reads))),
                             info.filename, limits)
                else:
                    drain(archive, info, limits.unpacked_bytes, budget)
            except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
                raise _damaged(exc) from exc


def _damaged(exc: BaseException) -> IngestError:
    return IngestError(f"DOCX 文件已损坏或格式不受支持，无法解析 (the DOCX file is damaged or not a "
                       f"Word document: {type(exc).__name__}: {exc})")


def parse_docx(data: bytes, limits: dict[str, int] | None = None) -> dict[str, Any]:
    """Lines, styles, headings, tables, table cells and title of a DOCX (see docx.py for their form)."""
    bounds = ArchiveLimits(**limits) if limits else DEFAULT_LIMITS
    _inflate_within_limits(data, bounds)
    try:
        document = Document(io.BytesIO(data))
    except MemoryError:
        raise
    except Exception as exc:  # KeyError (missing part), XML and content-type errors
        raise _damaged(exc) from exc
    collector = _Collector(document)
    collector.container(document.element.body)
    return {"lines": collector.lines, "styles": collector.styles, "headings": collector.headings,
            "tables": collector.tables, "cells": collector.cells,
            "title": (document.core_properties.title or "").strip()}
