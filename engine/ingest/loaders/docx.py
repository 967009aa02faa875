"""DOCX loader: the parse runs in a child process within a budget; the page and its meta are built here.

A DOCX has no reliable pages (pagination happens in the word processor), so the whole document is
page 1. Its text is the body's paragraphs, table cells included, in document order, one per line;
a paragraph's soft line breaks start new lines so every "\\n" of the page text separates lines.
How the text is read (tracked insertions and content controls in, deletions and field codes out)
is in ``engine.ingest.loaders.docx_parse``.

A DOCX is a ZIP archive, and a small one can unpack into gigabytes. The archive's own directory is
checked here first (entry count, declared sizes: the usual zip bomb is refused in milliseconds);
then the child inflates within limits, refuses DTDs and counts paragraphs before python-docx
builds anything, under a wall-clock and memory budget (engine/ingest/loaders/budget.py). Every
refusal is one IngestError line; the rest of the batch is not affected.

Meta: ``title``; ``headings`` ``[(line_index, level, text)]`` (level 0 = Title style, 1-9 from
Heading/标题 styles or the outline level); ``paragraph_styles`` (style name per line);
``tables`` ``[{"index", "first_line", "last_line", "rows"}]``; ``table_cells``
``[(line_index, table, row, column)]``.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import asdict
from typing import Any

from engine.ingest import quality as gate
from engine.ingest.layout import text_lines
from engine.ingest.loaders.archive import DEFAULT_LIMITS, ArchiveLimits, check_declared_sizes, check_entry_count
from engine.ingest.loaders.budget import DEFAULT_BUDGET, ParseBudget, run_bounded
from engine.types import IngestError, LoadedDocument

_PARSER = "engine.ingest.loaders.docx_parse:parse_docx"


def _check_directory(data: bytes, limits: ArchiveLimits) -> None:
    check_entry_count(data, limits)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            check_declared_sizes(archive, limits)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise IngestError(f"DOCX 文件已损坏或格式不受支持，无法解析 (the DOCX file is damaged or not a "
                          f"Word document: {type(exc).__name__}: {exc})") from exc


def load_docx(name: str, data: bytes, *, limits: ArchiveLimits = DEFAULT_LIMITS,
              budget: ParseBudget = DEFAULT_BUDGET) -> LoadedDocument:
    _check_directory(data, limits)
    parsed = run_bounded(_PARSER, data, "DOCX", budget, {"limits": asdict(limits)})
    text = "\n".join(parsed["lines"])
    if not text.strip():
        raise IngestError("DOCX 中没有文字（可能只有图片，请导出为 PDF 后上传以便识别） "
                          "(the DOCX contains no text, perhaps only images: export it as PDF)")
    page = text_lines(1, text)
    page.quality = gate.assess_page(page, ocr_possible=False)

    headings = [tuple(h) for h in parsed["headings"]]
    meta: dict[str, Any] = {"page_count": 1, "headings": headings,
                            "paragraph_styles": parsed["styles"], "tables": parsed["tables"],
                            "table_cells": [tuple(c) for c in parsed["cells"]]}
    title = parsed["title"] or next((h[2] for h in headings if h[1] == 0), "")
    if title:
        meta["title"] = title
    return LoadedDocument(name=name, media_type="docx", pages=[page], meta=meta)
