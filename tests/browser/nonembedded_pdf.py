"""A PDF whose Chinese font is *not embedded*: the case pdf.js can only draw with its cMaps.

Written by hand (fpdf2 always embeds its fonts): a Type0 font ``STSong-Light`` with the
``UniGB-UCS2-H`` encoding over an Adobe-GB1 CIDFontType0 whose descriptor has no FontFile, so a
viewer must map the two-byte codes through the UniGB-UCS2-H cMap and draw with a font of its own.
"""

from __future__ import annotations

from pathlib import Path

from engine.bench.pdfmaker import raw_pdf

PAGE_WIDTH, PAGE_HEIGHT = 595, 842  # A4 in points
FONT_SIZE = 16
LEFT, FIRST_BASELINE, LEADING = 72, 760, 28


def _ucs2_hex(text: str) -> str:
    if any(ord(ch) > 0xFFFF for ch in text):
        raise ValueError("UniGB-UCS2-H holds the Basic Multilingual Plane only")
    return "".join(f"{ord(ch):04X}" for ch in text)


def nonembedded_cjk_pdf(path: Path, lines: list[str]) -> Path:
    """Write one A4 page showing ``lines`` in a non-embedded Adobe-GB1 font; returns ``path``."""
    ops = ["BT", f"/F1 {FONT_SIZE} Tf", f"{LEADING} TL", f"{LEFT} {FIRST_BASELINE} Td"]
    for i, line in enumerate(lines):
        ops.append(f"<{_ucs2_hex(line)}> Tj" if i == 0 else f"<{_ucs2_hex(line)}> '")
    ops.append("ET")
    content = "\n".join(ops).encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] "
         f"/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>").encode("ascii"),
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        (b"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H "
         b"/DescendantFonts [6 0 R] >>"),
        (b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light "
         b"/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> "
         b"/FontDescriptor 7 0 R /DW 1000 >>"),
        # no /FontFile, /FontFile2 or /FontFile3: the font is not embedded
        (b"<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] "
         b"/ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>"),
    ]
    path.write_bytes(raw_pdf(objects, header=b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"))
    return path
