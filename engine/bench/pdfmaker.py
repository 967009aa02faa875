"""Write real PDFs with an embedded CJK TrueType font, for the demo corpus and for tests.

Never a non-embedded CID font: pdf.js (inside streamlit-pdf-viewer) ships without CJK cMaps and
renders such text blank, and text extraction of non-embedded fonts is unreliable.

Two levels:
  * ``make_pdf(path, pages)`` writes pages of lines; lines longer than the page wrap.
  * ``flow_pages(items)`` typesets a stream of paragraphs into pages the way a word processor
    would (CJK-aware line breaks, paragraphs running across page breaks, space kept for a
    footer) and reports where every character went, so a generator can tell on which page and
    line a value ended up. Its lines fit the width, so ``make_pdf`` draws them unchanged.

Output is byte-for-byte reproducible: the creation date is fixed (override it per call) and the
font subset tag is deterministic, so committed PDFs do not change when regenerated.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Sequence, Union

if TYPE_CHECKING:  # fpdf (half a second) loads when a PDF is written, not with the bench's CLI
    from fpdf import FPDF

# fontTools warns once per font about bitmap tables it cannot subset; the outlines are embedded fine.
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)

CJK_FONT_CANDIDATES = (
    Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
    Path("/usr/share/fonts/truetype/arphic/uming.ttc"),
)

# Written into every PDF unless a caller asks otherwise: a fixed date keeps output reproducible.
FIXED_CREATION_DATE = datetime(2024, 1, 1, tzinfo=timezone.utc)


class FontMissing(RuntimeError):
    pass


def find_cjk_font() -> Path:
    for candidate in CJK_FONT_CANDIDATES:
        if candidate.exists():
            return candidate
    raise FontMissing("No CJK TrueType font found: install Debian's fonts-wqy-zenhei "
                      "(apt-get install fonts-wqy-zenhei).")


@dataclass(frozen=True)
class Styled:
    """A line (or, before ``flow_pages``, a paragraph) with typographic style.

    ``scale`` multiplies the font size and the line height. ``bold`` is drawn as fill+stroke
    (the CJK fonts have no bold face); extracted text is unaffected. ``keep_with_next`` keeps a
    heading on the page of the paragraph after it. ``no_break`` lists ``[start, end)`` runs of
    ``text`` that a line break must not split (amounts, dates, ID numbers); ``break_anywhere``
    runs where a line may break even inside a number, as form text typed into a fixed-width
    field wraps an ID number mid-way.
    """

    text: str
    align: str = "L"  # L | C | R | J
    scale: float = 1.0
    bold: bool = False
    keep_with_next: bool = False
    no_break: tuple[tuple[int, int], ...] = ()
    break_anywhere: tuple[tuple[int, int], ...] = ()


PageLine = Union[str, Styled]


@dataclass
class PageSpec:
    """One page: visible lines of text, or (``scanned``) an image of them.

    ``hidden_text`` is written as an invisible text layer (render mode 3), the way scanners'
    OCR layers are stored; with garbage in it, it imitates a scan whose text layer is useless.
    ``footer`` lines sit at the bottom margin (page numbers, signature lines); on a scanned page
    they are part of the image. ``scan_skew`` rotates a scanned page's image by that many
    degrees, as a sheet fed slightly crooked would be; ``scan_noise`` is the share of pixels
    flipped to dark or light specks (dust, toner), drawn from ``scan_seed``.
    """

    lines: list[PageLine]
    scanned: bool = False
    hidden_text: list[str] = field(default_factory=list)
    footer: list[PageLine] = field(default_factory=list)
    scan_skew: float = 0.0
    scan_noise: float = 0.0
    scan_seed: int = 0
    # Pictures on a text page (a letterhead logo, a signature): (PNG bytes, x, y, width) in points.
    images: list[tuple[bytes, float, float, float]] = field(default_factory=list)


A4 = (595.28, 841.89)
_SCAN_GREY_LEVELS = 8


def _styled(line: PageLine) -> Styled:
    # A plain string keeps multi_cell's default alignment (justified), as make_pdf always drew it.
    return line if isinstance(line, Styled) else Styled(line, align="J")


class _Writer:
    def __init__(self, font: Path, size: float, leading: float, margin: float):
        from fpdf import FPDF

        self.pdf = FPDF(unit="pt", format=A4)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(margin, margin, margin)
        self.pdf.add_font("cjk", fname=str(font))
        self.size, self.leading, self.margin = size, leading, margin

    def line_height(self, line: PageLine) -> float:
        return self.leading * _styled(line).scale

    def write_lines(self, lines: Sequence[PageLine], y: float | None = None) -> None:
        pdf = self.pdf
        pdf.set_xy(self.margin, self.margin if y is None else y)
        width = A4[0] - 2 * self.margin
        for line in lines:
            style = _styled(line)
            pdf.set_font("cjk", size=self.size * style.scale)
            height = self.line_height(style)
            if not style.text:
                pdf.ln(height)
                continue
            if style.bold:
                from fpdf.enums import TextMode

                with pdf.local_context(text_mode=TextMode.FILL_STROKE,
                                       line_width=self.size * style.scale * 0.03):
                    pdf.multi_cell(width, height, style.text, align=style.align,
                                   new_x="LMARGIN", new_y="NEXT")
            else:
                pdf.multi_cell(width, height, style.text, align=style.align,
                               new_x="LMARGIN", new_y="NEXT")

    def write_footer(self, lines: Sequence[PageLine]) -> None:
        if lines:
            height = sum(self.line_height(line) for line in lines)
            self.write_lines(lines, y=A4[1] - self.margin - height)

    def write_page(self, spec: PageSpec) -> None:
        self.write_lines(spec.lines)
        self.write_footer(spec.footer)


def _render_page_image(spec: PageSpec, font: Path, size: float, leading: float, margin: float,
                       dpi: int) -> bytes:
    """Render a page as a greyscale PNG, as a scanner would produce, via a throwaway PDF and PDFium."""
    import pypdfium2 as pdfium
    from PIL import Image

    w = _Writer(font, size, leading, margin)
    w.pdf.add_page()
    w.write_page(spec)
    doc = pdfium.PdfDocument(bytes(w.pdf.output()))
    try:
        image = doc[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        doc.close()
    if spec.scan_skew:
        image = image.rotate(spec.scan_skew, resample=Image.BICUBIC, fillcolor=255)
    if spec.scan_noise:
        image = _speckle(image, spec.scan_noise, spec.scan_seed)
    # Eight grey levels, as office scanners commonly store text pages: a third of the PNG size,
    # and OCR reads it just as well.
    step = 255 / (_SCAN_GREY_LEVELS - 1)
    image = image.point(lambda v: round(round(v / step) * step))
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=True)
    return buf.getvalue()


def _speckle(image, share: float, seed: int):
    """Flip ``share`` of the pixels to a random dark or light grey, reproducibly."""
    import random

    rng = random.Random(seed)
    pixels = image.load()
    width, height = image.size
    for _ in range(int(width * height * share)):
        pixels[rng.randrange(width), rng.randrange(height)] = rng.choice((0, 40, 90, 200, 255))
    return image


def make_pdf(path: Path | str, pages: list[PageSpec | list[PageLine]], *, font: Path | None = None,
             size: float = 12, leading: float = 20, margin: float = 56, scan_dpi: int = 150,
             password: str | None = None, title: str | None = None,
             creation_date: datetime = FIXED_CREATION_DATE) -> Path:
    """Write ``pages`` to ``path`` and return it. Lines longer than the page width wrap.

    Without ``password`` the bytes depend only on the arguments (and the font and library
    versions); encryption draws random salts, so encrypted files differ run to run.
    """
    font = font or find_cjk_font()
    writer = _Writer(font, size, leading, margin)
    pdf = writer.pdf
    pdf.set_creation_date(creation_date)
    if title:
        pdf.set_title(title)
    for spec in pages:
        spec = spec if isinstance(spec, PageSpec) else PageSpec(lines=list(spec))
        pdf.add_page()
        if spec.scanned:
            png = _render_page_image(spec, font, size, leading, margin, scan_dpi)
            pdf.image(io.BytesIO(png), x=0, y=0, w=A4[0], h=A4[1])
        else:
            writer.write_page(spec)
        for png, x, y, width in spec.images:
            pdf.image(io.BytesIO(png), x=x, y=y, w=width)
        if spec.hidden_text:
            from fpdf.enums import TextMode

            with pdf.local_context(text_mode=TextMode.INVISIBLE):
                writer.write_lines(spec.hidden_text)
    if password:
        pdf.set_encryption(owner_password=password + "-owner", user_password=password)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(path))
    return path


# --- typesetting a flow of paragraphs -------------------------------------------------------------

# Chinese line-breaking rules (禁则): these never start a line ...
_NO_LINE_START = set("，。、；：？！）」』》〉】〕”’…—%,.;:?!)]}·～")
# ... and these never end one.
_NO_LINE_END = set("（「『《〈【〔“‘([{¥$")


@dataclass(frozen=True)
class PageBreak:
    """A forced page break in a flow; ``scanned`` marks the page it opens as a scan."""

    scanned: bool = False


@dataclass(frozen=True)
class PlacedLine:
    """One typeset line: ``flow[item].text[start:end]`` drawn as ``line`` on ``page`` (1-based)."""

    page: int
    index: int  # line number on its page, from 0
    item: int  # index of the paragraph in the flow passed to flow_pages
    start: int
    end: int
    line: Styled


@dataclass
class FlowPage:
    number: int
    placed: list[PlacedLine]
    scanned: bool = False

    @property
    def lines(self) -> list[PageLine]:
        return [p.line for p in self.placed]


@lru_cache(maxsize=16)
def _glyph_widths(font: Path, size: float) -> FPDF:
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format=A4)
    pdf.add_font("cjk", fname=str(font))
    pdf.set_font("cjk", size=size)
    return pdf


@lru_cache(maxsize=65536)
def _char_width(font: Path, size: float, ch: str) -> float:
    return _glyph_widths(font, size).get_string_width(ch)


def _break_allowed(text: str, i: int) -> bool:
    """May a line end before ``text[i]``? Between CJK characters yes, inside a Latin word or a
    number no (so 6222021202034567891 or 6,000 never splits), after a space yes, and never
    against the 禁则 above."""
    before, after = text[i - 1], text[i]
    if after in _NO_LINE_START or before in _NO_LINE_END or after.isspace():
        return False
    if before.isspace():
        return True
    return not (before.isascii() and after.isascii())


def wrap_text(text: str, width: float, *, font: Path | None = None, size: float = 12,
              no_break: Sequence[tuple[int, int]] = (),
              break_anywhere: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Split ``text`` into lines no wider than ``width`` points: ``[start, end)`` runs of ``text``.

    Spaces at a break are left out of both lines (a paragraph's leading indent is kept). A run
    too long for any line (a URL, a protected span wider than the page) is cut where it must be."""
    if not text:
        return [(0, 0)]
    char_width = [_char_width(font or find_cjk_font(), size, ch) for ch in text]
    protected = [False] * (len(text) + 1)
    for s, e in no_break:
        for i in range(s + 1, e):
            protected[i] = True
    loose = [False] * (len(text) + 1)
    for s, e in break_anywhere:
        for i in range(s + 1, e):
            loose[i] = True
    lines: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        while start and start < len(text) and text[start].isspace():
            start += 1  # a continuation line starts at its first word; a paragraph keeps its indent
        if start == len(text):
            break
        used, last_break, i = 0.0, None, start
        while i < len(text):
            if i > start and not protected[i] and (loose[i] or _break_allowed(text, i)):
                last_break = i
            if used + char_width[i] > width and i > start:
                break
            used += char_width[i]
            i += 1
        if i < len(text) and last_break is not None:
            i = last_break
        end = i
        while end > start and text[end - 1].isspace():
            end -= 1
        lines.append((start, end))
        start = i
    return lines or [(0, 0)]


def body_width(margin: float) -> float:
    """The width ``flow_pages`` wraps a paragraph to: multi_cell pads each side by the cell margin,
    so lines are measured against what it will really offer."""
    from fpdf import FPDF

    return A4[0] - 2 * margin - 2 * FPDF(unit="pt").c_margin - 0.01


def flow_pages(items: Sequence[PageLine | PageBreak], *, font: Path | None = None,
               size: float = 12, leading: float = 20, margin: float = 56,
               reserve_bottom: float = 0.0) -> list[FlowPage]:
    """Typeset paragraphs into A4 pages of ``make_pdf``'s geometry (same ``size``/``leading``/
    ``margin``), leaving ``reserve_bottom`` points free above the bottom margin for a footer.

    A paragraph that does not fit continues on the next page (split between lines); a
    ``keep_with_next`` paragraph moves to the next page with the first line after it. Empty
    strings are blank lines (dropped at the top of a page)."""
    font = font or find_cjk_font()
    width = body_width(margin)
    body_height = A4[1] - 2 * margin - reserve_bottom

    # Every paragraph as its typeset lines, before pagination.
    typeset: list[tuple[int, Styled, list[tuple[int, int]]] | PageBreak] = []
    for index, item in enumerate(items):
        if isinstance(item, PageBreak):
            typeset.append(item)
            continue
        style = _styled(item)
        runs = wrap_text(style.text, width, font=font, size=size * style.scale,
                         no_break=style.no_break, break_anywhere=style.break_anywhere)
        typeset.append((index, style, runs))

    pages: list[FlowPage] = [FlowPage(1, [])]
    used = 0.0

    def new_page(scanned: bool = False) -> None:
        nonlocal used
        pages.append(FlowPage(len(pages) + 1, [], scanned=scanned))
        used = 0.0

    for position, entry in enumerate(typeset):
        if isinstance(entry, PageBreak):
            if pages[-1].placed:
                new_page(entry.scanned)
            else:
                pages[-1].scanned = entry.scanned
            continue
        index, style, runs = entry
        height = leading * style.scale
        if not style.text and not pages[-1].placed:
            continue  # no blank line at a page top
        if style.keep_with_next and used + height * len(runs) + _first_line_height(
                typeset, position, leading) > body_height and pages[-1].placed:
            new_page()
        for start, end in runs:
            if used + height > body_height and pages[-1].placed:
                new_page()
                if not style.text:
                    break  # a blank line that falls on a page break is not carried over
            page = pages[-1]
            line = replace(style, text=style.text[start:end], no_break=(), break_anywhere=(),
                           keep_with_next=False)
            page.placed.append(PlacedLine(page.number, len(page.placed), index, start, end, line))
            used += height
    if not pages[-1].placed and len(pages) > 1:
        pages.pop()
    return pages


@dataclass
class LaidFlow:
    """A typeset flow: its pages and, for every paragraph, the lines it occupies."""

    pages: list[FlowPage]
    lines_of: dict[int, list[PlacedLine]]

    def page_range(self, item: int) -> tuple[int, int]:
        placed = self.lines_of[item]
        return placed[0].page, placed[-1].page

    def position(self, item: int, offset: int, length: int, what: str) -> PlacedLine:
        """The line holding ``text[offset:offset + length]`` of paragraph ``item``."""
        for placed in self.lines_of[item]:
            if placed.start <= offset and offset + length <= placed.end:
                return placed
        raise ValueError(f"{what} is split across lines or pages; it must stay on one line")


def lay_out(items: Sequence[PageLine | PageBreak], *, font: Path | None = None, size: float = 12,
            leading: float = 20, margin: float = 56, reserve_bottom: float = 0.0) -> LaidFlow:
    """``flow_pages`` with the lines of each paragraph indexed, to find where a value went."""
    pages = flow_pages(items, font=font, size=size, leading=leading, margin=margin,
                       reserve_bottom=reserve_bottom)
    lines_of: dict[int, list[PlacedLine]] = {}
    for page in pages:
        for placed in page.placed:
            lines_of.setdefault(placed.item, []).append(placed)
    return LaidFlow(pages, lines_of)


def _first_line_height(typeset: list, position: int, leading: float) -> float:
    for entry in typeset[position + 1:]:
        if isinstance(entry, PageBreak):
            return 0.0
        return leading * entry[1].scale
    return 0.0


def font_charset(font: Path | None = None) -> frozenset[int]:
    """Code points ``font`` has glyphs for (fpdf2 silently drops the others)."""
    return frozenset(_glyph_widths(font or find_cjk_font(), 12.0).fonts["cjk"].cmap)


def line_height(line: PageLine, leading: float) -> float:
    """Height ``make_pdf`` gives ``line`` on a page typeset with ``leading``."""
    return leading * _styled(line).scale


def raw_pdf(objects: Sequence[bytes], header: bytes = b"%PDF-1.4\n") -> bytes:
    """A PDF written by hand from its object bodies (numbered from 1; object 1 is the catalog),
    with a cross-reference table and trailer — for files fpdf2 cannot make (a font left out, a
    content stream built to stall a parser)."""
    out, offsets = bytearray(header), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)
