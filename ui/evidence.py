"""The answer as fixed panels, evidence cards, and the source viewer behind each card.

Pure helpers (marks, annotations, HTML) come first and are tested without Streamlit; the
``render_*`` functions only lay them out. Highlights are drawn from the stored boxes, never by
searching the quote inside pdf.js (that drifts on Chinese text).

Box convention: an Evidence's ``bboxes`` are PDF points with a top-left origin on the visible page
(crop box, rotation applied) — see engine/ingest/loaders/pdf.py. streamlit-pdf-viewer places an
annotation at ``left = x * scale, top = y * scale`` inside a page ``<div>`` the size of pdf.js's
viewport, whose scale-1 unit is one PDF point over the same visible page. So the box goes in as
``x=x0, y=top, width=x1-x0, height=bottom-top`` unchanged, and stays on the text at any zoom.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import streamlit as st

from engine.answer.model import Answer, Calculation, Evidence
from engine.redact import UNREAD_NOTE, redacted_pages
from engine.text.dates import find_dates
from engine.text.lines import join_pdf_lines
from engine.text.numbers import find_amounts, find_numbers, format_decimal
from engine.text.pii import find_pii, mask_text
from engine.types import BBox
from ui.components import badge_markdown

log = logging.getLogger(__name__)

HIGHLIGHT_COLOR = "#e8590c"  # the viewer draws an outline in this colour around each box
BOX_PAD_PT = 2.0  # the outline sits just outside the glyphs instead of cutting through them
VIEWER_HEIGHT = 820
OUTLINE_PX = 3  # at scale 1; the viewer scales it with the page (2 px looked faint at 75 %)
# Longer PDFs render only a window of pages around the evidence: pdf.js draws every page it is
# given, and a 500-page statute book would stall the browser for a single highlight.
FULL_RENDER_MAX_PAGES = 30
WINDOW_PAGES = 2
REDACT_SCALE = 2.0  # pixels per PDF point of a redacted page image: sharp at column width
REDACTED_CAPTION = "已遮盖敏感信息 (personal data redacted)"
CONTEXT_CHUNKS = 2  # neighbours shown on each side of a non-PDF evidence chunk
NEIGHBOUR_CHARS = 160  # of each neighbour, the end next to the evidence
NEIGHBOUR_STYLE = "color:#868e96;font-size:0.85em"

ROLE_LABELS = {"hit": "检索命中", "chain": "同一问答", "cited": "引用条文", "citing": "援引本条",
               "context": "同章条文", "version": "其他版本", "completion": "补全计算",
               "fact": "合同事实"}
CONFLICT_LABELS = {"fact": "事实", "testimony": "供述", "version": "版本"}
VALUE_MARK_STYLE = "background:#ffd43b;padding:0 2px;border-radius:3px;font-weight:600"
QUOTE_MARK_STYLE = "background:#fff3bf;padding:0 1px;border-radius:3px"


# --- which parts of a quote to mark -----------------------------------------------------------


@dataclass(frozen=True)
class UsedValues:
    """Normalised values the answer relies on: amounts/numbers (Decimal) and ISO dates."""

    numbers: frozenset[Decimal] = frozenset()
    dates: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Mark:
    start: int
    end: int
    kind: str  # amount | date | quote (the whole quote: no value stood out) | evidence (in context)
    approx: bool = False  # the text hedges the value (大概, 左右): shown under 不确定


def _number(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value)) if value is not None else None
    except ArithmeticError:
        return None


def used_values(answer: Answer) -> UsedValues:
    """Values stated in the conclusion, the calculations and the conflict descriptions."""
    numbers: set[Decimal] = set()
    dates: set[str] = set()
    for text in (answer.conclusion, *(c.description for c in answer.conflicts)):
        numbers.update(n for n in (_number(f.value) for f in find_amounts(text)) if n is not None)
        dates.update(str(f.value) for f in find_dates(text))
    for calc in answer.calculations:
        numbers.update(n for n in (_number(f.value) for f in find_numbers(calc.expression))
                       if n is not None)
        numbers.update(n for n in (_number(calc.result), _number(calc.stated)) if n is not None)
    return UsedValues(frozenset(numbers), frozenset(dates))


def value_marks(text: str, used: UsedValues) -> list[Mark]:
    """Amounts and dates in ``text`` whose normalised value the answer uses, in text order."""
    marks = [Mark(f.start, f.end, "amount", bool(f.meta.get("approx")))
             for f in find_amounts(text) if _number(f.value) in used.numbers]
    marks += [Mark(f.start, f.end, "date", bool(f.meta.get("approx")))
              for f in find_dates(text) if str(f.value) in used.dates]
    marks.sort(key=lambda m: (m.start, -m.end))
    kept: list[Mark] = []
    for mark in marks:  # an amount inside a longer date match (or the reverse) is marked once
        if not kept or mark.start >= kept[-1].end:
            kept.append(mark)
    return kept


def quote_marks(quote: str, used: UsedValues) -> list[Mark]:
    """The values the answer uses, or else the whole quote: it is the evidence as a whole."""
    return value_marks(quote, used) or ([Mark(0, len(quote), "quote")] if quote else [])


_MARKDOWN_ENTITIES = {ord(ch): f"&#{ord(ch)};" for ch in "\\`*_[]$~|#"}


def escape_markdown(text: str) -> str:
    """Plain text for st.markdown: HTML-escaped, and no character Markdown or KaTeX would act on."""
    return html.escape(text, quote=False).translate(_MARKDOWN_ENTITIES)


def marked_html(text: str, marks: Iterable[Mark], *, keep_lines: bool = False) -> str:
    """``text`` escaped for st.markdown with each mark wrapped in a ``<mark>``.

    keep_lines: show the source's line breaks (a chunk in context) instead of joining them (a quote).
    """
    def plain(piece: str) -> str:
        if keep_lines:
            return escape_markdown(piece).replace("\n", "<br>")
        return escape_markdown(join_pdf_lines(piece))

    pieces, at = [], 0
    for mark in sorted(marks, key=lambda m: m.start):
        if mark.start < at or mark.end > len(text) or mark.start >= mark.end:
            continue
        pieces.append(plain(text[at:mark.start]))
        style = QUOTE_MARK_STYLE if mark.kind == "quote" else VALUE_MARK_STYLE
        pieces.append(f'<mark style="{style}">{plain(text[mark.start:mark.end])}</mark>')
        at = mark.end
    pieces.append(plain(text[at:]))
    return "".join(pieces)


def display_quote(item: Evidence) -> str:
    """The quote as the user may see it (masked unless the answer was unmasked)."""
    return item.display_quote if item.display_quote is not None else item.quote


# --- the viewer target ------------------------------------------------------------------------


def pdf_annotations(bboxes: Iterable[BBox], color: str = HIGHLIGHT_COLOR,
                    pad: float = BOX_PAD_PT) -> list[dict[str, Any]]:
    """streamlit-pdf-viewer annotations for evidence boxes (see the module docstring for units)."""
    annotations = []
    for box in sorted(bboxes, key=lambda b: (b.page, b.top, b.x0)):
        x, y = max(0.0, box.x0 - pad), max(0.0, box.top - pad)
        annotations.append({"page": int(box.page), "x": round(x, 2), "y": round(y, 2),
                            "width": round(box.x1 + pad - x, 2),
                            "height": round(box.bottom + pad - y, 2),
                            "color": color, "border": "solid"})
    return annotations


def pages_to_render(page: int, page_end: int, total: int) -> list[int]:
    """Pages the viewer draws: all of a short document (``[]`` means all), else a window."""
    if total <= FULL_RENDER_MAX_PAGES:
        return []
    first, last = max(1, page - WINDOW_PAGES), min(total, max(page, page_end) + WINDOW_PAGES)
    return list(range(first, last + 1))


@dataclass(frozen=True)
class ViewerTarget:
    """What the viewer shows: one evidence item's source, page and boxes."""

    evidence_id: str
    doc_id: str
    chunk_id: str
    page: int
    page_end: int
    quote_start: int
    quote_end: int
    annotations: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, item: Evidence) -> ViewerTarget:
        return cls(evidence_id=item.id, doc_id=item.chunk.doc_id, chunk_id=item.chunk.chunk_id,
                   page=item.page, page_end=item.page_end, quote_start=item.quote_start,
                   quote_end=item.quote_end, annotations=pdf_annotations(item.bboxes))


# --- panels -----------------------------------------------------------------------------------


def _format_value(value: Any) -> str:
    if isinstance(value, Decimal):
        return format_decimal(value)
    return "—" if value is None else str(value)


def calculation_line(calc: Calculation) -> str:
    """``✓ 17000 + 13000 = 30000 · 所述 30000 · 依据 E2、E3`` (plain text, not yet escaped)."""
    mark = "✓" if calc.ok else "✗"
    line = f"{mark} {calc.expression} = {_format_value(calc.result)}"
    if calc.stated is None:
        line += " · 材料未给出总数"
    elif calc.ok:
        line += f" · 所述 {_format_value(calc.stated)}，一致"
    else:
        line += f" · 所述 {_format_value(calc.stated)}，与复算不符"
    if calc.evidence:
        line += f" · 依据 {'、'.join(calc.evidence)}"
    return line


def uncertain_values(answer: Answer, used: UsedValues) -> list[tuple[str, str]]:
    """(evidence id, surface) for used values the material itself hedges (大概, 左右, 年底)."""
    found = []
    for item in answer.evidence:
        quote = display_quote(item)
        found += [(item.id, quote[m.start:m.end]) for m in value_marks(quote, used) if m.approx]
    return found


def _panel(title: str):
    box = st.container(border=True)
    box.markdown(f"**{title}**")
    return box


def statutes_line(answer: Answer) -> str:
    """Which version of each cited law the answer used, on which date."""
    status = {"in_force": "当日施行", "later_than_as_of": "晚于该日期", "undated": "未标版本",
              "superseded": "已被取代", "not_yet": "尚未施行"}
    seen = dict.fromkeys(
        f"《{s['law_title']}》{s['version'] or ''}版（{status.get(s['version_status'], '—')}）"
        for s in answer.statutes if s.get("version_status") not in ("superseded", "not_yet"))
    return f"法条版本（以 {answer.as_of} 为准）：" + "；".join(seen)


def render_answer(answer: Answer, *, viewer_key: str, button_prefix: str) -> None:
    """The fixed panels: 结论, 证据, 计算, 冲突 / 不确定, 材料缺口 (+ unsupported checks)."""
    used = used_values(answer)
    with _panel("结论 Conclusion"):
        st.markdown(badge_markdown(answer.status.value))
        st.markdown(escape_markdown(answer.conclusion))
        if not answer.pii_masked:
            st.caption("敏感信息已显示（本次查询已记入审计）")
        if answer.statutes:
            st.caption(statutes_line(answer))

    problems = list(answer.checks.unsupported)
    if not answer.checks.numbers_grounded:
        problems.insert(0, "结论中有数字或日期未在引用原文中找到")
    if not answer.checks.citations_valid:
        problems.insert(0, "结论引用了不存在的证据编号")
    if problems:
        st.warning("核验未通过，需人工复核：\n" + "\n".join(f"- {escape_markdown(p)}" for p in problems))

    with _panel(f"证据 Evidence（{len(answer.evidence)}）"):
        if not answer.evidence:
            st.caption("无")
        selected = st.session_state.get(viewer_key)
        for item in answer.evidence:
            _evidence_card(item, used, viewer_key, button_prefix,
                           is_open=isinstance(selected, ViewerTarget)
                           and selected.evidence_id == item.id)

    with _panel("计算 Calculations"):
        if not answer.calculations:
            st.caption("无")
        for calc in answer.calculations:
            st.markdown(escape_markdown(calculation_line(calc)))
            if calc.description:
                st.caption(calc.description)

    with _panel("冲突 / 不确定 Conflicts / uncertainty"):
        uncertain = uncertain_values(answer, used)
        if not answer.conflicts and not uncertain:
            st.caption("无")
        for conflict in answer.conflicts:
            kind = CONFLICT_LABELS.get(conflict.kind, conflict.kind)
            st.markdown(f"⚠️ **{kind}冲突**：{escape_markdown(conflict.description)}")
            if conflict.hint:
                st.caption(f"💡 {conflict.hint}")
        for evidence_id, surface in uncertain:
            st.markdown(f"≈ {evidence_id}「{escape_markdown(surface)}」是约数，材料未给出确切值")

    with _panel("材料缺口 Gaps"):
        if not answer.gaps:
            st.caption("无")
        for gap in answer.gaps:
            refs = f"（{'、'.join(gap.evidence)}）" if gap.evidence else ""
            st.markdown(f"◌ {escape_markdown(gap.description)}{refs}")

    reranker = answer.reranker + (f" · 模型 {answer.model}" if answer.model else "")
    total = answer.timings_ms.get("total")
    st.caption(f"模式 {answer.mode.value} · 重排 {reranker}"
               + (f" · 用时 {total / 1000:.1f} s" if total is not None else "")
               + (f" · 审计 {answer.audit_id}" if answer.audit_id else ""))


def _evidence_card(item: Evidence, used: UsedValues, viewer_key: str, button_prefix: str,
                   is_open: bool) -> None:
    quote = display_quote(item)
    pages = f"第{item.page}页" if item.page == item.page_end else f"第{item.page}–{item.page_end}页"
    role = ROLE_LABELS.get(item.role, item.role)
    score = f"相关度 {item.score:.2f}" if item.role == "hit" else role
    with st.container(border=True):
        st.markdown(f"**{item.id}** · {escape_markdown(item.doc_name)} · {pages} · {score}")
        st.markdown(marked_html(quote, quote_marks(quote, used)), unsafe_allow_html=True)
        st.button(f"{'▶ 正在查看' if is_open else '查看原文'} {item.id}",
                  key=f"{button_prefix}{item.id}", type="primary" if is_open else "secondary",
                  on_click=_open, args=(viewer_key, ViewerTarget.of(item)))


def _open(viewer_key: str, target: ViewerTarget) -> None:
    st.session_state[viewer_key] = target


# --- the source viewer ------------------------------------------------------------------------


def render_viewer(engine, target: ViewerTarget, *, masked: bool) -> None:
    """The cited source: the PDF at its page with boxes drawn, else the chunk in its context.

    masked: a PDF is shown as redacted page images, never as the original file."""
    record = engine.document(target.doc_id)
    if record is None:
        st.warning("该文件已不在语料库中。 (The document has been removed.)")
        return
    pages = (f"第{target.page}页" if target.page == target.page_end
             else f"第{target.page}–{target.page_end}页")
    st.markdown(f"**{target.evidence_id}** · {escape_markdown(record.name)} · {pages}")
    if record.media_type == "pdf" and masked:
        _redacted_pdf(engine, target)
    elif record.media_type == "pdf":
        _pdf(engine, record, target)
    else:
        _context(engine, target, masked=masked)


def _pdf(engine, record, target: ViewerTarget) -> None:
    from streamlit_pdf_viewer import pdf_viewer

    try:
        data = engine.document_bytes(target.doc_id)
    except (KeyError, OSError) as exc:
        log.exception("cannot read the original of %s", target.doc_id)
        st.error(f"无法读取原件 (cannot read the original): {exc}")
        return
    window = pages_to_render(target.page, target.page_end, record.pages)
    if window:
        st.caption(f"显示第{window[0]}–{window[-1]}页（共{record.pages}页）")
    if not target.annotations:
        st.caption("该证据没有定位框，已跳到所在页。 (No boxes stored for this evidence.)")
    pdf_viewer(data, height=VIEWER_HEIGHT, annotations=target.annotations,
               annotation_outline_size=OUTLINE_PX, pages_to_render=window, render_text=True,
               scroll_to_annotation=1 if target.annotations else None,
               scroll_to_page=None if target.annotations else target.page,
               # a new key per evidence: the viewer redraws only when its PDF changes, so the
               # same document with other boxes needs a fresh component
               key=f"pdf-{target.doc_id}-{target.evidence_id}-{target.chunk_id}")


def annotation_boxes(annotations: Iterable[dict[str, Any]]) -> list[BBox]:
    """The evidence boxes back from viewer annotations (already padded), for a rendered page."""
    return [BBox(int(a["page"]), float(a["x"]), float(a["y"]), float(a["x"]) + float(a["width"]),
                 float(a["y"]) + float(a["height"])) for a in annotations]


def render_redacted(engine, doc_id: str, page_numbers: Iterable[int],
                    highlights: Iterable[BBox] = ()) -> None:
    """Stored PDF pages rendered with personal data painted black (engine.redact): what a role
    without UNMASK_PII sees instead of the original, whose page image shows the raw numbers."""
    try:
        pages = redacted_pages(engine, doc_id, page_numbers, highlights, scale=REDACT_SCALE)
    except (KeyError, OSError, ValueError) as exc:
        log.exception("cannot render a redacted page of %s", doc_id)
        st.error(f"无法显示原件 (cannot render the original): {exc}")
        return
    st.caption(REDACTED_CAPTION)
    for page in pages:
        st.image(page.image, caption=f"第{page.number}页" + (f" · {UNREAD_NOTE}" if page.blanked
                                                            else ""), width="stretch")


def _redacted_pdf(engine, target: ViewerTarget) -> None:
    if not target.annotations:
        st.caption("该证据没有定位框，显示所在页。 (No boxes stored for this evidence.)")
    render_redacted(engine, target.doc_id, range(target.page, max(target.page, target.page_end) + 1),
                    annotation_boxes(target.annotations))


def _context(engine, target: ViewerTarget, *, masked: bool) -> None:
    chunks = engine.chunks(target.doc_id)
    index = next((i for i, c in enumerate(chunks) if c.chunk_id == target.chunk_id), None)
    if index is None:
        st.warning("找不到该片段（文件可能已重新导入）。 (The chunk is gone.)")
        return
    st.caption("非 PDF 原件：显示该片段及前后片段，引文已标出。")
    for chunk in chunks[max(0, index - CONTEXT_CHUNKS): index + CONTEXT_CHUNKS + 1]:
        text = mask_text(chunk.text, find_pii(chunk.text)) if masked else chunk.text
        label = chunk.meta.get("article_label") or chunk.meta.get("clause_no") or chunk.chunk_type
        caption = f"片段 {chunk.seq} · {label} · 第{chunk.page_start}页"
        if chunk.chunk_id == target.chunk_id:
            with st.container(border=True):
                st.caption(caption)
                marks = [Mark(target.quote_start, target.quote_end, "evidence")]
                st.markdown(marked_html(text, marks, keep_lines=True), unsafe_allow_html=True)
            continue
        # neighbours in small grey type, cut to the part next to the evidence, so the evidence
        # chunk stays near the top of the column
        if len(text) > NEIGHBOUR_CHARS:
            text = ("…" + text[-NEIGHBOUR_CHARS:]) if chunk.seq < chunks[index].seq else (
                text[:NEIGHBOUR_CHARS] + "…")
        st.caption(caption)
        st.markdown(f'<div style="{NEIGHBOUR_STYLE}">{marked_html(text, [], keep_lines=True)}</div>',
                    unsafe_allow_html=True)
