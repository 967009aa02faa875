"""XML parts of an uploaded file read as a stream within limits, before any parser builds a tree.

The parsers behind python-docx already leave entities unexpanded (``resolve_entities=False``) and
libxml2 stops a billion-laughs expansion on its own ("Maximum entity amplification factor
exceeded"); what they do not stop is a well-formed part that is simply enormous — millions of
empty paragraphs inflate from a few hundred kilobytes and build a tree of gigabytes. This pass
reads each part twice, refusing as early as it can:
1. the raw bytes, inflated and counted without parsing (C speed: a part of 64 MiB in a fraction
   of a second): any DTD or entity declaration — Office Open XML never has one, so it is there for
   a bomb — and more tags than ``ArchiveLimits.xml_tags``;
2. the parser, for more paragraphs (w:p) than ``ArchiveLimits.paragraphs`` (namespace-aware, so
   any prefix counts); each paragraph is dropped once counted, so the pass holds little more than
   the skeleton around them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

from lxml import etree

from engine.ingest.loaders.archive import ArchiveLimits
from engine.types import IngestError

W_P = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}p"
# "<!DOCTYPE" and "<!ENTITY" as UTF-8 and as UTF-16 (both byte orders): OOXML parts may be either.
_DECLARATIONS = tuple(marker.encode(codec) for marker in ("<!DOCTYPE", "<!ENTITY")
                      for codec in ("utf-8", "utf-16-le", "utf-16-be"))
_TAG_OPENERS = (b"<", "<".encode("utf-16-le"), "<".encode("utf-16-be"))


def _has_dtd(part: str) -> IngestError:
    return IngestError(f"DOCX 的 {part} 含有文档类型定义（DTD/实体声明），Word 文件不会有，可能是实体炸弹，"
                       f"已拒绝 ({part} declares a DTD or entities: refused)")


_PIECE = 1 << 20


def _count_raw(stream: BinaryIO, part: str, limits: ArchiveLimits) -> None:
    tags, tail = 0, b""
    while piece := stream.read(_PIECE):
        seen = tail + piece  # a marker may straddle two pieces
        if any(marker in seen for marker in _DECLARATIONS):
            raise _has_dtd(part)
        tail = piece[-32:]
        tags += max(piece.count(opener) for opener in _TAG_OPENERS)
        if tags > limits.xml_tags:
            raise IngestError(f"DOCX 的 {part} 标记过多：超过 {limits.xml_tags} 个，已拒绝 "
                              f"(more than {limits.xml_tags} XML tags)")


def scan_xml(open_part: Callable[[], BinaryIO], part: str, limits: ArchiveLimits) -> int:
    """Read one XML part (``open_part`` gives a fresh stream of its bytes) within ``limits``; the
    number of paragraphs it holds."""
    with open_part() as stream:
        _count_raw(stream, part, limits)
    with open_part() as stream:
        return _count_paragraphs(stream, part, limits)


def _count_paragraphs(stream: BinaryIO, part: str, limits: ArchiveLimits) -> int:
    paragraphs = 0
    events = etree.iterparse(stream, events=("end",), tag=W_P, resolve_entities=False, load_dtd=False,
                             no_network=True, huge_tree=False)
    try:
        for _, paragraph in events:
            paragraphs += 1
            if paragraphs > limits.paragraphs:
                raise IngestError(f"DOCX 段落过多：超过 {limits.paragraphs} 段，已拒绝 (more than "
                                  f"{limits.paragraphs} paragraphs)")
            paragraph.clear(keep_tail=False)  # counted: its runs are no longer needed
            parent = paragraph.getparent()
            while parent is not None and paragraph.getprevious() is not None:
                del parent[0]
    except etree.XMLSyntaxError as exc:
        raise IngestError(f"DOCX 的 {part} 不是有效的 XML，文件已损坏 (the DOCX part {part} is not "
                          f"well-formed XML: {exc})") from exc
    root = events.root
    if root is not None and root.getroottree().docinfo.doctype:  # a DOCTYPE the byte check missed
        raise _has_dtd(part)
    return paragraphs
