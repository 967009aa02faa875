"""Small builders for loader tests: real files written with the real libraries."""

from __future__ import annotations

import io
from pathlib import Path

from fpdf import FPDF

from engine.bench.pdfmaker import A4, find_cjk_font

# pdfmaker's defaults, which the geometry assertions rely on.
MARGIN, SIZE, LEADING = 56.0, 12.0, 20.0


def minimal_pdf(objects: list[bytes], root: int = 1) -> bytes:
    """A syntactically valid PDF (header, objects, xref with true offsets, trailer) from objects."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, root, xref)
    return bytes(out)


def zero_page_pdf() -> bytes:
    return minimal_pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                        b"<< /Type /Pages /Kids [] /Count 0 >>"])


def mixed_fonts_pdf(path: Path) -> Path:
    """One baseline carrying a CJK font, Helvetica digits, an 18pt word and 7pt small print,
    then the same text drawn twice 0.3pt apart (how PDFs simulate bold)."""
    pdf = FPDF(unit="pt", format=A4)
    pdf.add_page()
    pdf.add_font("cjk", fname=str(find_cjk_font()))
    baseline = 100.0
    for family, size, x, text in (("cjk", 12, 56, "人民币"), ("helvetica", 12, 92, "42,000"),
                                  ("cjk", 12, 128, "元整"), ("cjk", 18, 200, "大字"),
                                  ("helvetica", 7, 240, "small note")):
        pdf.set_font(family, size=size)
        pdf.text(x, baseline, text)
    pdf.set_font("cjk", size=12)
    for dx in (0.0, 0.3):
        pdf.text(56 + dx, 140.0, "加粗标题")
    pdf.output(str(path))
    return path


def transformed_pdf(source: bytes, *, rotation: int = 0,
                    cropbox: tuple[float, float, float, float] | None = None) -> bytes:
    """``source`` with every page's /Rotate and/or CropBox changed (written by PDFium)."""
    import pypdfium2 as pdfium

    from engine.ingest.ocr import PDFIUM_LOCK

    with PDFIUM_LOCK:
        document = pdfium.PdfDocument(source)
        try:
            for index in range(len(document)):
                page = document[index]
                if rotation:
                    page.set_rotation(rotation)
                if cropbox:
                    page.set_cropbox(*cropbox)
            buffer = io.BytesIO()
            document.save(buffer)
        finally:
            document.close()
    return buffer.getvalue()
