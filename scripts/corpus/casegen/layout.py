"""Pages of a generated record: typesetting, footers and signature lines, scanned pages of three
kinds, and where every value went."""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from scripts.corpus.casegen.model import SCAN_KINDS, CaseParams
from scripts.corpus.casegen.narrative import Key, Para, Script, SessionBreak
from scripts.corpus.pdfmaker import (LaidFlow, PageBreak, PageLine, PageSpec, Styled, find_cjk_font,
                                     lay_out, line_height, make_pdf)

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
    role = "被讯问人" if case.subject_role == "suspect" else "被询问人"
    return _FOOTERS[case.layout.footer_style](role, case.subject.name, page, pages)


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


def typeset(case: CaseParams, script: Script, font: Path | None = None) -> Typeset:
    """Lay the record out on pages (no PDF yet) and find where every recorded value went."""
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
    for item, para in index_of.items():
        for key, (start, end) in para.spans.items():
            if key in para.wrap_keys:
                first = laid.position(item, start, 1, str(key))
                last = laid.position(item, end - 1, 1, str(key))
                if last.page != first.page:
                    raise ValueError(f"{key} runs across a page break")
                if last.index != first.index:
                    wrapped.append(key)
                page_of[key] = first.page
            else:
                page_of[key] = laid.position(item, start, end - start, str(key)).page
    return Typeset(laid, index_of, page_of, wrapped)


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
    title = "讯问笔录" if case.subject_role == "suspect" else "询问笔录"
    path = make_pdf(out, specs, font=font, size=size, leading=leading, margin=MARGIN, scan_dpi=SCAN_DPI,
                    title=f"{title}_{case.subject.name}")
    across = sum(laid.page_range(item)[0] != laid.page_range(item)[1] for item in index_of)
    return Rendered(path, pages, page_of, page_lines, scans, hidden, across, wrapped)
