"""Plain-text loader, and the decoding every text-like loader shares.

The page text is the file's text as decoded, with only newlines normalised to "\\n": every other
character is kept, so character spans found in the page text are spans of the original.
"""

from __future__ import annotations

import codecs
import re
from pathlib import PurePath

from engine.ingest import quality as gate
from engine.ingest.layout import text_lines
from engine.types import IngestError, LoadedDocument

# A decoded file with more junk characters than this share is not text (binary data, or text
# in an encoding that was not recognised). Higher than the PDF gate's threshold: there is no OCR
# to fall back on here, so only refuse what cannot be used at all.
TEXT_GARBLED_MAX = 0.2

# BOMs, longest first (UTF-32 LE starts with the UTF-16 LE BOM).
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))

# LawRefBook and court exports put the version date in the file name: 中华人民共和国刑法(2023-12-29).md
_VERSION_IN_NAME = re.compile(r"[(（](\d{4}-\d{2}-\d{2})[)）]")

_NOT_TEXT = ("无法识别为文本：内容像是二进制数据或乱码，请确认文件格式 "
             "(the file is not readable text: it looks like binary data or garbled characters)")


def decode_text(data: bytes) -> tuple[str, str]:
    """(text, encoding): BOM first, else strict UTF-8, else strict GB18030; refuses binary data."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding), encoding + "-bom"
            except UnicodeDecodeError as exc:
                raise IngestError(f"文件带有 {encoding} 标记但内容无法按此编码解码 (the file has a "
                                  f"{encoding} byte-order mark but does not decode: {exc})") from exc
    if b"\x00" in data:  # never in UTF-8 or GB18030 text; everywhere in binary formats
        raise IngestError(_NOT_TEXT)
    for encoding in ("utf-8", "gb18030"):
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if gate.garbled_rate(text) > TEXT_GARBLED_MAX or gate.is_implausible_cjk(text):
            raise IngestError(_NOT_TEXT)
        return text, encoding
    raise IngestError("无法解码文本：既不是 UTF-8 也不是 GB18030/GBK 编码 "
                      "(the text is neither UTF-8 nor GB18030/GBK; save it as UTF-8)")


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def version_from_name(name: str) -> str | None:
    """The ``(YYYY-MM-DD)`` version date in a file name, if any."""
    match = _VERSION_IN_NAME.search(PurePath(name).name)
    return match.group(1) if match else None


def decode_document_text(data: bytes) -> tuple[str, str]:
    """Decoded, newline-normalised text of a text file; refuses one without any visible text."""
    text, encoding = decode_text(data)
    text = normalise_newlines(text)
    if not text.strip():
        raise IngestError("文件中没有文字内容 (the file contains no text)")
    return text, encoding


def load_text(name: str, data: bytes) -> LoadedDocument:
    text, encoding = decode_document_text(data)
    page = text_lines(1, text)
    page.quality = gate.assess_page(page, ocr_possible=False)
    meta: dict[str, object] = {"encoding": encoding, "page_count": 1}
    version = version_from_name(name)
    if version:
        meta["version"] = version
    return LoadedDocument(name=name, media_type="text", pages=[page], meta=meta)
