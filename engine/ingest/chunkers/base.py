"""Shared machinery of the chunkers: a document-wide text view, chunk assembly, size bounds.

Every chunker finds its units (articles, Q/A pairs, clauses...) as ranges of one string, the
pages concatenated (``DocText``), and hands those ranges to ``make_chunk`` / ``make_bounded_chunks``,
which cut them back into per-page spans. So the invariant of ``ChunkDraft`` (its text is the
verbatim page runs joined by ``SEGMENT_JOINER``) is kept in one place, never by a chunker itself.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Iterable, Sequence

from engine.text.pii import splits_pii
from engine.types import SEGMENT_JOINER, ChunkDraft, Line, LoadedDocument, PageText, Span

# Pages are joined with a separator no page text contains (a form feed between newlines), so a
# regex can still see line starts at a page top, but a blank-line paragraph rule never fires on it.
PAGE_SEPARATOR = "\n\f\n"

# Size bounds, in CJK-character equivalents. multilingual-e5-small reads at most 512 tokens;
# measured with its tokenizer, statute text runs ~1.5 CJK characters per token and CUAD English
# ~4.2 characters per token. 450 CJK characters (~300 tokens) leaves room for the "passage: "
# prefix and for headings a caller may prepend, and keeps a chunk specific enough to cite.
MAX_CHUNK_CHARS = 450
# Pieces of a split unit aim at this size so that the last piece is not a stub.
TARGET_CHUNK_CHARS = 360
# Paragraphs shorter than this are merged with their neighbours by the paragraph chunkers.
MIN_CHUNK_CHARS = 80
# One CJK character costs about as many tokens as this many Latin characters (4.2 / 1.5).
LATIN_CHARS_PER_CJK = 2.8

_CJK_RANGES = ((0x2E80, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF), (0x20000, 0x2FA1F))


def char_weight(ch: str) -> float:
    """Cost of one character against the bounds above (1 for CJK and full-width forms)."""
    code = ord(ch)
    for low, high in _CJK_RANGES:
        if low <= code <= high:
            return 1.0
    return 1.0 / LATIN_CHARS_PER_CJK


def text_weight(text: str) -> float:
    return sum(char_weight(ch) for ch in text)


@dataclass(frozen=True)
class DocLine:
    """One line of the document text: ``DocText.text[start:end]`` (no newline), on ``page``."""

    start: int
    end: int
    page: int
    text: str
    source: Line | None  # the loader's Line when it lines up with this one (PDF geometry)


class DocText:
    """The pages of a document as one string, with offsets mapped back to (page, offset)."""

    def __init__(self, doc: LoadedDocument):
        self.doc = doc
        parts: list[str] = []
        self.page_starts: list[int] = []
        pos = 0
        for i, page in enumerate(doc.pages):
            if i:
                parts.append(PAGE_SEPARATOR)
                pos += len(PAGE_SEPARATOR)
            self.page_starts.append(pos)
            parts.append(page.text)
            pos += len(page.text)
        self.text = "".join(parts)
        self.lines: list[DocLine] = self._split_lines()
        self._line_starts = [line.start for line in self.lines]
        self._nonblank_starts: dict[int, list[int]] = {n: [] for n in range(1, len(doc.pages) + 1)}
        for line in self.lines:
            if line.text.strip():
                self._nonblank_starts[line.page].append(line.start)
        self._margin_cache: dict[int, tuple[float, float]] = {}

    def _split_lines(self) -> list[DocLine]:
        lines: list[DocLine] = []
        for number, (page, base) in enumerate(zip(self.doc.pages, self.page_starts), start=1):
            by_start = {ln.start: ln for ln in page.lines}
            offset = 0
            for raw in page.text.split("\n"):
                source = by_start.get(offset)
                if source is not None and source.end != offset + len(raw):
                    source = None
                lines.append(DocLine(base + offset, base + offset + len(raw), number, raw, source))
                offset += len(raw) + 1
        return lines

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    def page_of(self, offset: int) -> int:
        """1-based page holding document offset ``offset`` (a separator counts to the page before)."""
        return bisect_right(self.page_starts, offset)

    def page_end(self, page: int) -> int:
        """Document offset just past the text of ``page``."""
        return self.page_starts[page - 1] + len(self.doc.pages[page - 1].text)

    def to_page(self, offset: int) -> tuple[int, int]:
        page = self.page_of(offset)
        return page, offset - self.page_starts[page - 1]

    def to_doc(self, page: int, offset: int) -> int:
        return self.page_starts[page - 1] + offset

    def line_index_at(self, offset: int) -> int:
        """Index in ``lines`` of the line containing (or starting right after) ``offset``."""
        return max(0, bisect_right(self._line_starts, offset) - 1)

    def lines_between(self, start: int, end: int) -> list[DocLine]:
        """Lines overlapping ``[start, end)``, in order."""
        found = []
        for line in self.lines[self.line_index_at(start):]:
            if line.start >= end:
                break
            if line.end >= start:
                found.append(line)
        return found

    def page_left(self, page: int) -> float:
        """Leftmost x0 of the page's text lines (0 without geometry): the paragraph margin."""
        return self._margins(page)[0]

    def page_right(self, page: int) -> float:
        return self._margins(page)[1]

    def _margins(self, page: int) -> tuple[float, float]:
        if page not in self._margin_cache:
            boxes = [ln.bbox for ln in self.doc.pages[page - 1].lines if ln.bbox is not None]
            self._margin_cache[page] = (min((b.x0 for b in boxes), default=0.0),
                                        max((b.x1 for b in boxes), default=0.0))
        return self._margin_cache[page]

    def is_page_bottom(self, line: DocLine, within: int = 4) -> bool:
        """True when ``line`` is among the last ``within`` non-blank lines of a page of a
        multi-page document (where footers and signatures sit)."""
        if self.page_count < 2:
            return False
        starts = self._nonblank_starts[line.page]
        return line.start in starts[-within:]

    def is_page_top(self, line: DocLine, within: int = 2) -> bool:
        if self.page_count < 2:
            return False
        return line.start in self._nonblank_starts[line.page][:within]


# --- chunk assembly -------------------------------------------------------------------------------


def subtract_ranges(start: int, end: int, exclude: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """``[start, end)`` minus the excluded ranges, as sorted disjoint ranges."""
    kept = [(start, end)]
    for ex_start, ex_end in sorted(exclude):
        if ex_end <= start or ex_start >= end:
            continue
        next_kept = []
        for s, e in kept:
            if ex_end <= s or ex_start >= e:
                next_kept.append((s, e))
                continue
            if s < ex_start:
                next_kept.append((s, ex_start))
            if ex_end < e:
                next_kept.append((ex_end, e))
        kept = next_kept
    return kept


def kept_segments(doctext: DocText, start: int, end: int,
                  exclude: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Document ranges that a chunk over ``[start, end)`` is made of: cut at page boundaries,
    excluded ranges dropped, whitespace trimmed at each edge, empty runs dropped."""
    segments: list[tuple[int, int]] = []
    text = doctext.text
    for s, e in subtract_ranges(start, end, exclude):
        page = doctext.page_of(s)
        while s < e:
            page_stop = min(e, doctext.page_end(page))
            a, b = s, page_stop
            while a < b and text[a].isspace():
                a += 1
            while b > a and text[b - 1].isspace():
                b -= 1
            if a < b:
                segments.append((a, b))
            if page >= doctext.page_count:
                break
            page += 1
            s = max(page_stop, doctext.page_starts[page - 1])
    return segments


def make_chunk(doctext: DocText, start: int, end: int, *, exclude: Iterable[tuple[int, int]] = (),
               chunk_type: str, meta: dict[str, Any] | None = None) -> ChunkDraft | None:
    """The chunk covering document range ``[start, end)`` minus ``exclude``; None when only
    whitespace is left. Its spans follow the pages, so the ``ChunkDraft`` invariant holds."""
    segments = kept_segments(doctext, start, end, exclude)
    if not segments:
        return None
    spans = []
    for s, e in segments:
        page, offset = doctext.to_page(s)
        spans.append(Span(page=page, start=offset, end=offset + (e - s)))
    text = SEGMENT_JOINER.join(doctext.text[s:e] for s, e in segments)
    return ChunkDraft(text=text, spans=spans, chunk_type=chunk_type, meta=dict(meta or {}))


def chunk_offset(doctext: DocText, chunk: ChunkDraft, doc_offset: int) -> int | None:
    """Where document offset ``doc_offset`` falls in ``chunk.text``; None when outside its spans."""
    pos = 0
    for span in chunk.spans:
        s = doctext.to_doc(span.page, span.start)
        e = s + (span.end - span.start)
        if s <= doc_offset <= e:
            return pos + (doc_offset - s)
        pos += (span.end - span.start) + len(SEGMENT_JOINER)
    return None


# Sentence ends, strongest first: a piece is cut after one of these when it can be.
SENTENCE_END = re.compile(r"[。！？；!?;]+[”’」』）)\"']*|\.(?=\s)|\n")
CLAUSE_END = re.compile(r"[，、：,:]")
_VALUE_CHAR = re.compile(r"[0-9０-９Xx×@]")


def _cut_points(text: str, start: int, end: int, pattern: re.Pattern[str]) -> list[int]:
    return [m.end() for m in pattern.finditer(text, start, end) if start < m.end() < end]


def split_range(doctext: DocText, start: int, end: int, *, exclude: Sequence[tuple[int, int]] = (),
                max_chars: float = MAX_CHUNK_CHARS,
                target_chars: float = TARGET_CHUNK_CHARS) -> list[tuple[int, int]]:
    """Cut ``[start, end)`` into ranges whose kept text weighs at most ``max_chars``, at sentence
    ends when possible, else at clause punctuation, else (unpunctuated text) at the bound itself."""
    text = doctext.text
    kept = subtract_ranges(start, end, exclude)
    weights = [0.0] * (end - start)
    for s, e in kept:
        for i in range(s, e):
            weights[i - start] = 0.0 if text[i] == "\f" else char_weight(text[i])
    prefix = [0.0, *accumulate(weights)]

    def weight(a: int, b: int) -> float:
        return prefix[b - start] - prefix[a - start]

    if weight(start, end) <= max_chars:
        return [(start, end)]

    def usable(cut: int) -> bool:
        # A line end inside an ID, card or phone number a PDF wrapped is no place to cut: the
        # chunk would hold an unrecognisable half of it, which no detector (and so no mask) would
        # find. Such a break has a digit (or the ID's check letter, an e-mail's @) next to it.
        if text[cut - 1] != "\n":
            return True
        near = text[max(start, cut - 3):cut + 2]
        return not _VALUE_CHAR.search(near) or not splits_pii(text, cut)

    sentence_cuts = _cut_points(text, start, end, SENTENCE_END)
    clause_cuts = _cut_points(text, start, end, CLAUSE_END)
    pieces: list[tuple[int, int]] = []
    piece_start = start
    while weight(piece_start, end) > max_chars:
        remaining = weight(piece_start, end)
        # Aim so the remainder splits evenly: n pieces of about the same size.
        pieces_left = max(2, -(-remaining // target_chars))
        goal = min(max_chars, remaining / pieces_left * 1.15)
        cut = _best_cut(sentence_cuts, piece_start, goal, max_chars, weight, usable)
        if cut is None:
            cut = _best_cut(clause_cuts, piece_start, goal, max_chars, weight, usable)
        if cut is None:
            cut = piece_start + 1
            while cut < end and weight(piece_start, cut + 1) <= max_chars:
                cut += 1
        pieces.append((piece_start, cut))
        piece_start = cut
    pieces.append((piece_start, end))
    return pieces


def _best_cut(cuts: list[int], piece_start: int, goal: float, max_chars: float, weight,
              usable) -> int | None:
    """The usable cut point within the bound whose piece size is closest to ``goal`` (at least
    40% of it)."""
    best, best_gap = None, None
    for cut in cuts:
        if cut <= piece_start:
            continue
        w = weight(piece_start, cut)
        if w > max_chars:
            break
        if w < goal * 0.4:
            continue
        gap = abs(w - goal)
        if (best_gap is None or gap < best_gap) and usable(cut):
            best, best_gap = cut, gap
    return best


def make_bounded_chunks(doctext: DocText, start: int, end: int, *,
                        exclude: Sequence[tuple[int, int]] = (), chunk_type: str,
                        part_type: str | None = None, meta: dict[str, Any] | None = None,
                        max_chars: float = MAX_CHUNK_CHARS) -> list[ChunkDraft]:
    """One chunk for ``[start, end)``, or, when it is over ``max_chars``, a chain of pieces cut at
    sentence ends. Pieces share ``meta["chain_id"]`` and carry ``chain_index``/``chain_size``;
    their type is ``part_type`` (default: ``chunk_type``)."""
    pieces = split_range(doctext, start, end, exclude=exclude, max_chars=max_chars)
    chunks = [c for s, e in pieces
              if (c := make_chunk(doctext, s, e, exclude=exclude, chunk_type=chunk_type, meta=meta))]
    return mark_chain(chunks, f"{chunk_type}@{start}", part_type)


def mark_chain(chunks: list[ChunkDraft], chain_id: str, part_type: str | None = None) -> list[ChunkDraft]:
    """Tie the pieces of one split unit together (a single chunk is left as it is)."""
    if len(chunks) > 1:
        for index, chunk in enumerate(chunks):
            if part_type:
                chunk.chunk_type = part_type
            chunk.meta.update(chain_id=chain_id, chain_index=index, chain_size=len(chunks))
    return chunks


# --- page furniture ---------------------------------------------------------------------------------

# Lines that are page numbering, never content: 第 3 页 共 5 页, 第3页/共5页, - 3 -, Page 3 of 5, 3/5.
PAGE_NUMBER_LINE = re.compile(
    r"^[\s　]*(?:"
    r"第[\s　]*[0-9０-９一二三四五六七八九十百]+[\s　]*页[\s　]*[,，/／]?[\s　]*[（(]?[\s　]*(?:共[\s　]*[0-9０-９一二三四五六七八九十百]+[\s　]*页)?[\s　]*[）)]?"
    r"|共[\s　]*[0-9０-９]+[\s　]*页[\s　]*第[\s　]*[0-9０-９]+[\s　]*页"
    r"|[-－—–][\s　]*[0-9０-９]{1,4}[\s　]*[-－—–]"
    r"|(?:Page|PAGE)[\s]+[0-9]{1,4}(?:[\s]+of[\s]+[0-9]{1,4})?"
    r"|[0-9]{1,4}[\s　]*[/／][\s　]*[0-9]{1,4}"
    r")[\s　]*$")
BARE_NUMBER_LINE = re.compile(r"^[\s　]*[0-9]{1,4}[\s　]*$")


def page_furniture(doctext: DocText) -> list[tuple[int, int]]:
    """Document ranges (whole lines, newline included) of page numbering and running footers.

    A bare number counts only at the top or bottom of a page of a multi-page document; the
    explicit forms (第X页共Y页, -3-) count anywhere, since plain-text exports keep them mid-text."""
    ranges = []
    for line in doctext.lines:
        if PAGE_NUMBER_LINE.match(line.text) or (
                BARE_NUMBER_LINE.match(line.text)
                and (doctext.is_page_bottom(line, 2) or doctext.is_page_top(line, 1))):
            ranges.append((line.start, min(line.end + 1, len(doctext.text))))
    return ranges


def paragraphs(doctext: DocText, start: int = 0, end: int | None = None,
               exclude: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """Paragraph ranges within ``[start, end)``.

    Plain text (no geometry): each non-blank line is a paragraph — TXT/Markdown/DOCX loaders give
    one line per paragraph. PDF text: a visual line continues the paragraph above unless that one
    ended a sentence (。！？：; or .) and this one starts indented or the one above fell short of
    the right margin, which is how typeset paragraphs look. Excluded lines (page furniture) are
    skipped without ending the paragraph, so a paragraph may run across a page break."""
    end = len(doctext.text) if end is None else end
    excluded = sorted(exclude)
    result: list[tuple[int, int]] = []
    current: list[int] | None = None
    previous: DocLine | None = None
    for line in doctext.lines_between(start, end):
        if any(s <= line.start and line.end <= e for s, e in excluded):
            continue
        if not line.text.strip():
            if current:
                result.append((current[0], current[1]))
            current, previous = None, None
            continue
        s, e = max(line.start, start), min(line.end, end)
        if current is not None and previous is not None and _continues(doctext, previous, line):
            current[1] = e
        else:
            if current:
                result.append((current[0], current[1]))
            current = [s, e]
        previous = line
    if current:
        result.append((current[0], current[1]))
    return result


_PARA_END = re.compile(r"[。！？：:；;.!?”\"]\s*$")


def _continues(doctext: DocText, previous: DocLine, line: DocLine) -> bool:
    """Whether PDF line ``line`` carries on the paragraph of ``previous`` (see ``paragraphs``)."""
    if previous.source is None or line.source is None or previous.source.bbox is None \
            or line.source.bbox is None:
        return False
    prev_box, box = previous.source.bbox, line.source.bbox
    if not _PARA_END.search(previous.text):
        return True
    char_width = (box.bottom - box.top) or 10.0
    left_margin = doctext.page_left(line.page)
    if box.x0 - left_margin > char_width * 0.8:  # indented first line of a new paragraph
        return False
    if previous.page != line.page:
        return True
    return prev_box.x1 >= doctext.page_right(previous.page) - char_width * 1.5


def assert_invariant(doc: LoadedDocument, chunks: Iterable[ChunkDraft]) -> None:
    """Raise AssertionError unless every chunk is its spans' page text joined by SEGMENT_JOINER."""
    for i, chunk in enumerate(chunks):
        assert chunk.spans, f"chunk {i} has no spans"
        pieces = []
        for span in chunk.spans:
            assert 1 <= span.page <= len(doc.pages), f"chunk {i}: page {span.page} out of range"
            page_text = doc.pages[span.page - 1].text
            assert 0 <= span.start < span.end <= len(page_text), f"chunk {i}: bad span {span}"
            pieces.append(page_text[span.start:span.end])
        assert chunk.text == SEGMENT_JOINER.join(pieces), f"chunk {i} text differs from its spans"


def document_from_text(name: str, text: str, *, media_type: str = "text",
                       meta: dict[str, Any] | None = None) -> LoadedDocument:
    """A one-page document for text already in hand (dataset records, pasted text), laid out the
    way the text loaders lay out a file: one ``Line`` per text line, no geometry."""
    lines, offset = [], 0
    for raw in text.split("\n"):
        lines.append(Line(start=offset, end=offset + len(raw), bbox=None))
        offset += len(raw) + 1
    return LoadedDocument(name=name, media_type=media_type,
                          pages=[PageText(number=1, text=text, lines=lines)], meta=dict(meta or {}))
