"""Write real PDFs with an embedded CJK TrueType font, for the demo corpus and for tests.

Never a non-embedded CID font: pdf.js (inside streamlit-pdf-viewer) ships without CJK cMaps and
renders such text blank, and text extraction of non-embedded fonts is unreliable.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import TextMode

# fontTools warns once per font about bitmap tables it cannot subset; the outlines are embedded fine.
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)

CJK_FONT_CANDIDATES = (
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    Path("/usr/share/fonts/truetype/arphic/uming.ttc"),
)


class FontMissing(RuntimeError):
    pass


def find_cjk_font() -> Path:
    for candidate in CJK_FONT_CANDIDATES:
        if candidate.exists():
            return candidate
    raise FontMissing("No CJK TrueType font found: install Debian's fonts-wqy-zenhei "
                      "(apt-get install fonts-wqy-zenhei).")


@dataclass
class PageSpec:
    """One page: visible lines of text, or (``scanned``) an image of them.

    ``hidden_text`` is written as an invisible text layer (render mode 3), the way scanners'
    OCR layers are stored; with garbage in it, it imitates a scan whose text layer is useless.
    """

    lines: list[str]
    scanned: bool = False
    hidden_text: list[str] = field(default_factory=list)


A4 = (595.28, 841.89)


class _Writer:
    def __init__(self, font: Path, size: float, leading: float, margin: float):
        self.pdf = FPDF(unit="pt", format=A4)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(margin, margin, margin)
        self.pdf.add_font("cjk", fname=str(font))
        self.size, self.leading, self.margin = size, leading, margin

    def write_lines(self, lines: list[str]) -> None:
        pdf = self.pdf
        pdf.set_font("cjk", size=self.size)
        pdf.set_xy(self.margin, self.margin)
        width = A4[0] - 2 * self.margin
        for line in lines:
            if not line:
                pdf.ln(self.leading)
                continue
            pdf.multi_cell(width, self.leading, line, new_x="LMARGIN", new_y="NEXT")


def _render_page_image(lines: list[str], font: Path, size: float, leading: float, margin: float,
                       dpi: int) -> bytes:
    """Render lines as a PNG, as a scanner would produce, via a throwaway PDF and PDFium."""
    import pypdfium2 as pdfium

    w = _Writer(font, size, leading, margin)
    w.pdf.add_page()
    w.write_lines(lines)
    doc = pdfium.PdfDocument(bytes(w.pdf.output()))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def make_pdf(path: Path | str, pages: list[PageSpec | list[str]], *, font: Path | None = None,
             size: float = 12, leading: float = 20, margin: float = 56, scan_dpi: int = 150,
             password: str | None = None, title: str | None = None) -> Path:
    """Write ``pages`` to ``path`` and return it. Lines longer than the page width wrap."""
    font = font or find_cjk_font()
    writer = _Writer(font, size, leading, margin)
    pdf = writer.pdf
    if title:
        pdf.set_title(title)
    for spec in pages:
        spec = spec if isinstance(spec, PageSpec) else PageSpec(lines=list(spec))
        pdf.add_page()
        if spec.scanned:
            png = _render_page_image(spec.lines, font, size, leading, margin, scan_dpi)
            pdf.image(io.BytesIO(png), x=0, y=0, w=A4[0], h=A4[1])
        else:
            writer.write_lines(spec.lines)
        if spec.hidden_text:
            with pdf.local_context(text_mode=TextMode.INVISIBLE):
                writer.write_lines(spec.hidden_text)
    if password:
        pdf.set_encryption(owner_password=password + "-owner", user_password=password)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))
    return path
