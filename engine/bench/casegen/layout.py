"""Pages of a generated record: typesetting, footers and signature lines, scanned pages of three
kinds, and where every value went."""

from __future__ import annotations

import itertools
import random
import unicodedata
from dataclasses import dataclass, replace
from pathlib import Path

from engine.bench.casegen.model import SCAN_KINDS, CaseParams
from engine.bench.casegen.narrative import Choice, Key, Para, Script, SessionBreak, surfaces_of
from engine.bench.pdfmaker import (LaidFlow, PageBreak, PageLine, PageSpec, Styled, body_width, find_cjk_font,
                                     lay_out, line_height, make_pdf, wrap_text)
from engine.bench.pdfmaker import _NO_LINE_START

MARGIN = 64.0
SCAN_DPI = 200  # what an office scanner stores for OCR; 150 loses small CJK strokes

_FOOTERS = (
    lambda role, name, p, n: [Styled(f"{role}签名：{name}", align="R"), Styled(f"第 {p} 页 共 {n} 页", align="C")],
    lambda role, name, p, n: [Styled(f"{role}：{name}（签名）", align="R"), Styled(f"第{p}页/共{n}页", align="C")],
    lambda role, name, p, n: [Styled(f"签名：{name}", align="R"), Styled(f"共{n}页 第{p}页", align="C")],
    lambda role, name, p, n: [Styled(f"第{p}页（共{n}页）", align="C"),
                              Styled(f"{role}（签名捺印）：{name}", align="R")],
)


@dataclass
class Rendered:
    pdf: Path
    pages: int
    page_of: dict[Key, int]  # where each recorded value was printed
    page_lines: list[list[str]]  # what each page shows: body lines, then footer lines
    scans: dict[int, str]  # page -> scan kind
    hidden_layers: dict[int, list[str]]  # page -> its invisible text layer (scans that have one)
    across_pages: int  # paragraphs (answers, mostly) that run across a page break
    wrapped: list[Key]  # values printed across a line break (an ID in a running header sentence)


def footer_lines(case: CaseParams, page: int, pages: int) -> list[PageLine]:
    role, name = case.signer
    return _FOOTERS[case.layout.footer_style](role, name, page, pages)


def _styled(para: Para) -> Styled:
    protected = tuple(span for key, span in para.spans.items() if key not in para.wrap_keys)
    loose = tuple(para.spans[key] for key in para.wrap_keys)
    if para.role == "title":
        return Styled(para.text, align="C", scale=1.5, bold=True, keep_with_next=True)
    if para.role == "signature":
        return Styled(para.text, align="R", no_break=protected)
    return Styled(para.text, no_break=protected, break_anywhere=loose)


def wrong_layer(lines: list[str], rng: random.Random) -> list[str]:
    """An invisible layer of plausible but wrong characters: the page's own lines with about a
    third of the Chinese characters swapped for other characters of the same page and most
    digits changed, as a poor OCR engine would have read it. Punctuation and layout stay."""
    pool = [ch for line in lines for ch in line if unicodedata.category(ch) == "Lo"]
    out = []
    for line in lines:
        chars = []
        for ch in line:
            if ch.isdigit() and rng.random() < 0.7:
                chars.append(str((int(ch) + rng.randint(1, 9)) % 10))
            elif unicodedata.category(ch) == "Lo" and pool and rng.random() < 0.35:
                chars.append(rng.choice(pool))
            else:
                chars.append(ch)
        out.append("".join(chars))
    return out


@dataclass
class Typeset:
    laid: LaidFlow
    index_of: dict[int, Para]  # flow item -> its paragraph
    page_of: dict[Key, int]
    wrapped: list[Key]
    torn: list[Para]  # paragraphs whose wrapping value runs across a page break (only when not strict)


def typeset(case: CaseParams, script: Script, font: Path | None = None, *, strict: bool = True) -> Typeset:
    """Lay the record out on pages (no PDF yet) and find where every recorded value went; a
    value allowed to wrap that runs across a page break is an error (``strict``) or listed."""
    items: list[Styled | PageBreak] = []
    index_of: dict[int, Para] = {}
    for element in script.paragraphs:
        if isinstance(element, SessionBreak):
            items.append(PageBreak())
            continue
        index_of[len(items)] = element
        items.append(_styled(element))
    leading = case.layout.leading
    reserve = sum(line_height(line, leading) for line in footer_lines(case, 99, 99)) + leading
    laid = lay_out(items, font=font or find_cjk_font(), size=case.layout.size, leading=leading, margin=MARGIN,
                   reserve_bottom=reserve)
    page_of: dict[Key, int] = {}
    wrapped: list[Key] = []
    torn: list[Para] = []
    for item, para in index_of.items():
        for key, (start, end) in para.spans.items():
            if key in para.wrap_keys:
                first = laid.position(item, start, 1, str(key))
                last = laid.position(item, end - 1, 1, str(key))
                if last.page != first.page:
                    if strict:
                        raise ValueError(f"{key} runs across a page break")
                    torn.append(para)
                if last.index != first.index:
                    wrapped.append(key)
                page_of[key] = first.page
            else:
                page_of[key] = laid.position(item, start, end - start, str(key)).page
    return Typeset(laid, index_of, page_of, wrapped, torn)


def _cut(para: Para, width: float, font: Path, size: float) -> bool:
    """Does a line break fall inside every value of ``para`` that may wrap?"""
    style = _styled(para)
    runs = wrap_text(style.text, width, font=font, size=size * style.scale, no_break=style.no_break,
                     break_anywhere=style.break_anywhere)
    # Even a word processor breaking anywhere keeps a comma or a full stop off a line's start.
    ends = [end for _, end in runs[:-1] if style.text[end] not in _NO_LINE_START]
    return all(any(para.spans[key][0] < end < para.spans[key][1] for end in ends) for key in para.wrap_keys)


def settle(case: CaseParams, script: Script, font: Path | None = None) -> Script:
    """Pick one telling of every Choice: the first whose values meant to wrap are cut by a line
    break, on one page. When no telling does, the first is printed with its values whole."""
    font = font or find_cjk_font()
    width = body_width(MARGIN)
    ranked: dict[int, list[Para]] = {}
    for index, element in enumerate(script.paragraphs):
        if isinstance(element, Choice):
            good = list(itertools.islice((p for p in element.options if _cut(p, width, font, case.layout.size)), 8))
            ranked[index] = good or [replace(element.options[0], wrap_keys=())]
    picked = dict.fromkeys(ranked, 0)
    # A paragraph that changes its line count moves every page break after it, so a value that
    # now runs across one takes its paragraph's next telling; a few rounds settle it.
    for _ in range(40):
        paragraphs = [ranked[i][picked[i]] if i in ranked else e for i, e in enumerate(script.paragraphs)]
        torn = typeset(case, Script(paragraphs, script.surfaces), font, strict=False).torn
        if not torn:
            return Script(paragraphs, surfaces_of(paragraphs))
        for index in ranked:
            if any(paragraphs[index] is para for para in torn):
                picked[index] += 1
                # A paragraph that starts on a page's last line keeps its cut there whatever the
                # lead-in: after a few tellings it is printed whole.
                if picked[index] == len(ranked[index]):
                    ranked[index], picked[index] = [replace(ranked[index][0], wrap_keys=())], 0
    raise RuntimeError("values meant to wrap keep running across page breaks")


def render(case: CaseParams, script: Script, out: Path, rng: random.Random, *, max_scans: int,
           font: Path | None = None) -> Rendered:
    font = font or find_cjk_font()
    size, leading = case.layout.size, case.layout.leading
    set_ = typeset(case, script, font)
    laid, index_of, page_of, wrapped = set_.laid, set_.index_of, set_.page_of, set_.wrapped
    pages = len(laid.pages)

    # Scans: never page 1 (the header is typed), at most ``max_scans`` pages, kinds at random.
    candidates = list(range(2, pages + 1))
    count = min(len(candidates), max_scans, rng.choice((0, 1, 1, 1, 2)))
    scans = {page: rng.choice(SCAN_KINDS) for page in sorted(rng.sample(candidates, count))}
    case.layout.scans = dict(scans)

    specs, page_lines, hidden = [], [], {}
    for page in laid.pages:
        footer = footer_lines(case, page.number, pages)
        body = [p.line.text for p in page.placed]
        shown = body + [line.text for line in footer]
        page_lines.append(shown)
        spec = PageSpec(lines=page.lines, footer=footer)
        kind = scans.get(page.number)
        if kind:
            spec.scanned = True
            spec.scan_skew = round(rng.uniform(-1.2, 1.2), 2)
            spec.scan_noise = round(rng.uniform(0.0005, 0.002), 4)
            spec.scan_seed = rng.randrange(1 << 30)
            if kind == "image_text":
                spec.hidden_text = list(shown)
            elif kind == "image_wrong_text":
                spec.hidden_text = wrong_layer(shown, rng)
            if spec.hidden_text:
                hidden[page.number] = spec.hidden_text
        specs.append(spec)
    path = make_pdf(out, specs, font=font, size=size, leading=leading, margin=MARGIN, scan_dpi=SCAN_DPI,
                    title=case.document_title)
    across = sum(laid.page_range(item)[0] != laid.page_range(item)[1] for item in index_of if item in laid.lines_of)
    return Rendered(path, pages, page_of, page_lines, scans, hidden, across, wrapped)
