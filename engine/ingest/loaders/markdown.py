"""Markdown loader: the text as-is (newlines normalised), plus the structure chunkers need.

Meta:
  ``title``        text of the first ``# `` heading;
  ``headings``     ``[(line_index, level, text), ...]`` for ATX headings outside code fences;
  ``version``      the ``(YYYY-MM-DD)`` date in the file name;
and for LawRefBook statute files (``../shared/datasets/statutes``):
  ``info_end_line`` index of the ``<!-- INFO END -->`` line that closes the header block;
  ``promulgation``  ``[(line_index, text), ...]``: the header's non-heading lines (通过/修订/施行...);
  ``part``          a second level-1 heading in the header (民法典 files: ``# 人格权编``).
"""

from __future__ import annotations

import re
from typing import Any

from engine.ingest import quality as gate
from engine.ingest.layout import text_lines
from engine.ingest.loaders.text import decode_document_text, version_from_name
from engine.types import LoadedDocument

_ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
INFO_END_MARKER = "<!-- INFO END -->"


def markdown_structure(lines: list[str]) -> dict[str, Any]:
    headings: list[tuple[int, int, str]] = []
    fence: str | None = None
    info_end: int | None = None
    for index, line in enumerate(lines):
        fence_match = _FENCE.match(line)
        if fence_match:
            marker = fence_match.group(1)
            if fence is None:
                fence = marker[0] * 3
            elif marker.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        if info_end is None and line.strip() == INFO_END_MARKER:
            info_end = index
            continue
        heading = _ATX_HEADING.match(line)
        if heading:
            headings.append((index, len(heading.group(1)), (heading.group(2) or "").strip()))

    meta: dict[str, Any] = {"headings": headings}
    level_one = [h for h in headings if h[1] == 1]
    if level_one:
        meta["title"] = level_one[0][2]
    if info_end is not None:
        meta["info_end_line"] = info_end
        heading_lines = {h[0] for h in headings}
        meta["promulgation"] = [(i, lines[i].strip()) for i in range(info_end)
                                if lines[i].strip() and i not in heading_lines]
        header_parts = [h for h in level_one[1:] if h[0] < info_end]
        if header_parts:
            meta["part"] = header_parts[0][2]
    return meta


def load_markdown(name: str, data: bytes) -> LoadedDocument:
    text, encoding = decode_document_text(data)
    page = text_lines(1, text)
    page.quality = gate.assess_page(page, ocr_possible=False)
    meta = markdown_structure(text.split("\n"))
    meta.update({"encoding": encoding, "page_count": 1})
    version = version_from_name(name)
    if version:
        meta["version"] = version
    return LoadedDocument(name=name, media_type="markdown", pages=[page], meta=meta)
