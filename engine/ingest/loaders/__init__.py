"""Turn an uploaded file into a LoadedDocument, or refuse it with a message a user can act on.

The type is sniffed from the bytes, not trusted from the name: ``%PDF-`` → PDF; a ZIP holding
``word/document.xml`` → DOCX; anything else must decode as text (Markdown when named .md or
.markdown). Every refusal is an IngestError whose message (Chinese, then English) is shown as-is;
no library exception escapes from here.
"""

from __future__ import annotations

import io
import logging
import zipfile
from pathlib import PurePath
from typing import TYPE_CHECKING

from engine.ingest.loaders.archive import check_entry_count
from engine.units import too_large
from engine.types import IngestError, LoadedDocument

if TYPE_CHECKING:
    from engine.ingest.ocr import OcrEngine, OcrMode

# The loaders themselves are imported when a file of their type arrives: a parser child process
# (engine/ingest/loaders/budget.py) imports this package and should not pay for pdfplumber,
# PDFium and the OCR runtime to read a DOCX.

log = logging.getLogger(__name__)

MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})

# The PDF header may follow a little junk (some generators prepend a byte-order mark or an HTTP
# header); readers accept it within the first 1024 bytes. Text that merely mentions "%PDF-" near
# its start is still text: junk before the header counts only for a .pdf name or binary junk.
_PDF_MAGIC, _PDF_HEADER_WINDOW = b"%PDF-", 1024
_ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
_OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .doc, .xls, .ppt (Office 97-2003)
_IMAGE_MAGICS = ((b"\x89PNG\r\n\x1a\n", "PNG"), (b"\xff\xd8\xff", "JPEG"), (b"GIF8", "GIF"),
                 (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"BM", "BMP"))
_OTHER_BINARY_MAGICS = ((b"\x1f\x8b", "gzip"), (b"7z\xbc\xaf\x27\x1c", "7z"), (b"Rar!", "RAR"),
                        (b"\x7fELF", "ELF"), (b"{\\rtf", "RTF"))
_OFFICE_SUFFIXES = frozenset({".doc", ".docx", ".dot", ".xls", ".xlsx", ".ppt", ".pptx", ".wps"})
_SUPPORTED = "支持的格式：PDF、DOCX、Markdown、TXT (supported: PDF, DOCX, Markdown, TXT)"


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB" if n >= 1024 * 1024 else f"{n} bytes"


def file_too_large(size: int, limit: int) -> IngestError:
    """The refusal of a file over the size limit (settings.limits.file_bytes), both sizes in the
    limit's unit (engine/units.py)."""
    return IngestError(f"文件过大 (file too large): {too_large(size, limit)}")


def _unsupported(what: str, hint: str = "") -> IngestError:
    return IngestError(f"不支持的文件类型：{what}。{hint}{_SUPPORTED}")


def sniff(name: str, data: bytes) -> str:
    """"pdf" | "docx" | "markdown" | "text", or IngestError for a type LexTrace cannot read."""
    suffix = PurePath(name).suffix.lower()
    header_at = data.find(_PDF_MAGIC, 0, _PDF_HEADER_WINDOW)
    if header_at == 0 or (header_at > 0 and (suffix == ".pdf" or not _is_text(data[:header_at]))):
        return "pdf"
    if suffix == ".pdf":
        raise IngestError("文件扩展名为 .pdf，但内容不是 PDF；请确认文件没有损坏或被改名 "
                          "(the file is named .pdf but is not a PDF)")
    if data.startswith(_ZIP_MAGICS):
        return _sniff_zip(data, suffix)
    if suffix == ".docx":
        raise IngestError("文件扩展名为 .docx，但内容不是 DOCX (the file is named .docx but is not "
                          "a Word .docx document)")
    if data.startswith(_OLE2_MAGIC):
        raise _unsupported("旧版 Office 文件（.doc/.xls/.ppt）",
                           "请在 Word 中另存为 .docx 或导出为 PDF (old Office format: save as .docx "
                           "or PDF). ")
    for magic, kind in _IMAGE_MAGICS:
        if data.startswith(magic) and (kind != "BMP" or suffix == ".bmp"):
            raise _unsupported(f"{kind} 图片", "请将扫描件合成为 PDF 后上传，系统会自动识别文字 "
                               "(images: put scans into a PDF, pages are OCRed). ")
    for magic, kind in _OTHER_BINARY_MAGICS:
        if data.startswith(magic):
            raise _unsupported(kind)
    if suffix in _OFFICE_SUFFIXES:
        raise _unsupported(f"{suffix} 文件内容无法识别")
    return "markdown" if suffix in MARKDOWN_SUFFIXES else "text"


def _is_text(prefix: bytes) -> bool:
    try:
        prefix.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return b"\x00" not in prefix


def _sniff_zip(data: bytes, suffix: str) -> str:
    check_entry_count(data)  # before zipfile makes an object of every entry
    try:
        names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        if suffix == ".docx":
            raise IngestError(f"DOCX 文件已损坏或不完整 (the DOCX file is damaged: {exc})") from exc
        raise _unsupported("损坏的 ZIP 压缩包 (a damaged ZIP archive)") from exc
    if "word/document.xml" in names:
        return "docx"
    if any(n.startswith("xl/") for n in names):
        raise _unsupported("Excel 表格 (.xlsx)")
    if any(n.startswith("ppt/") for n in names):
        raise _unsupported("PowerPoint 演示文稿 (.pptx)")
    if suffix == ".docx":
        raise IngestError("文件扩展名为 .docx，但压缩包中没有 Word 正文 (word/document.xml)；文件可能"
                          "已损坏 (the .docx file has no word/document.xml: it is damaged)")
    raise _unsupported("ZIP 压缩包 (a ZIP archive)", "请解压后分别上传其中的文件 (unzip it first). ")


def load_document(name: str, data: bytes, *, max_bytes: int, ocr: OcrMode = "auto",
                  ocr_engine: OcrEngine | None = None) -> LoadedDocument:
    """Load ``data`` (the file's bytes; ``name`` is its file name, used for hints and metadata).

    ``ocr``: "auto" lets the quality gate decide per PDF page, "off" never OCRs (pages that need
    it are flagged), "force" OCRs every PDF page. ``ocr_engine`` defaults to the shared engine.
    """
    from engine.ingest.ocr import OCR_MODES

    if ocr not in OCR_MODES:
        raise ValueError(f"ocr must be one of {OCR_MODES}, not {ocr!r}")
    if max_bytes <= 0:
        raise ValueError(f"max_bytes must be positive, not {max_bytes}")
    if not data:
        raise IngestError("文件为空 (empty file)")
    if len(data) > max_bytes:
        raise file_too_large(len(data), max_bytes)

    kind = sniff(name, data)
    try:
        if kind == "pdf":
            from engine.ingest.loaders.pdf import load_pdf

            return load_pdf(name, data, ocr=ocr, ocr_engine=ocr_engine)
        if kind == "docx":
            from engine.ingest.loaders.docx import load_docx

            return load_docx(name, data)
        if kind == "markdown":
            from engine.ingest.loaders.markdown import load_markdown

            return load_markdown(name, data)
        from engine.ingest.loaders.text import load_text

        return load_text(name, data)
    except IngestError:
        raise
    except Exception as exc:  # a parser failure the loaders did not foresee: say so, never raw
        log.exception("loading %r as %s failed", name, kind)
        raise IngestError(f"无法读取该 {kind} 文件 (cannot read this {kind} file: "
                          f"{type(exc).__name__}: {exc})") from exc
