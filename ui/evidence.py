"""The answer as fixed panels, evidence cards, and the source viewer behind each card.

Pure helpers (marks, annotations, HTML, the focus region of a page) come first and are tested
without Streamlit; the ``render_*`` functions only lay them out. Highlights are drawn from the
stored boxes, never by searching the quote inside pdf.js (that drifts on Chinese text).

The viewer shows the cited page zoomed to the evidence: the page is rendered by PDFium with the
boxes outlined (personal data painted over for a view that must not show it, engine/redact.py)
and cut to the text block's width and the boxed lines with some lines of context, so the boxed
quote is legible at a glance. A role that may see the original can open the PDF itself in the
reader (streamlit-pdf-viewer, text selectable).

Box convention: an Evidence's ``bboxes`` are PDF points with a top-left origin on the visible page
(crop box, rotation applied) — see engine/ingest/loaders/pdf.py. streamlit-pdf-viewer places an
annotation at ``left = x * scale, top = y * scale`` inside a page ``<div>`` the size of pdf.js's
viewport, whose scale-1 unit is one PDF point over the same visible page. So the box goes in as
``x=x0, y=top, width=x1-x0, height=bottom-top`` unchanged, and stays on the text at any zoom.
PDFium renders that same visible page, so a point maps to a pixel by the render scale alone.
"""

from __future__ import annotations

import html
import io
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

import streamlit as st

from engine import (CITATION, UNREAD_NOTE, Answer, Calculation, Evidence, find_amounts, find_dates,
                    find_numbers, format_decimal, join_pdf_lines, mask_pii, page_image, redacted_pages,
                    wrapped_pieces)
from engine.types import BBox, PageText
from ui.components import EVIDENCE_MARK_CLASS, STATUS_COLOURS, escape_markdown, evidence_mark_html
from ui.review import CHECKS, CONFLICTS, GAPS, check_problems, conflict_summary, review_reason
from ui.labels import CHUNK_TYPE_NAMES, CONFLICT_NAMES, MODE_NAMES, STATUS_NAMES, label, named
from ui.ledger import (
    StoredEvents,
    Version,
    calc_mark,
    conflict_versions,
    correction_note,
    masker,
    result_line,
    row_views,
    side_names,
    stored_events,
    table_html,
    version_value,
)

log = logging.getLogger(__name__)

HIGHLIGHT_COLOR = "#e8590c"  # the viewer draws an outline in this colour around each box
BOX_PAD_PT = 2.0  # the outline sits just outside the glyphs instead of cutting through them
VIEWER_HEIGHT = 680  # the reader, below the zoomed page: fits a 900-pixel-high window
# Above and below the zoomed page image in the side panel: the sticky offset, the evidence's
# header line, the image caption, the notes and the 显示整页 switch.
VIEWER_CHROME_REM = 13
# The reader opens fitted to the panel's width, on the box: at a fixed 125 % a page is wider than
# the panel at 1280 px and a quote near the right margin was cut off.
READER_ZOOM = "auto"
OUTLINE_PX = 3  # at scale 1; the viewer scales it with the page (2 px looked faint at 75 %)
FOCUS_SCALE = 3.0  # pixels per PDF point of the zoomed page image: sharp at twice the column width
FOCUS_CONTEXT_PT = 120.0  # of page above and below the boxed lines
FOCUS_MIN_HEIGHT_PT = 300.0  # the window lines are taken from, before trimming
FOCUS_MARGIN_PT = 12.0  # beside the text block
# Longer PDFs render only a window of pages around the evidence: pdf.js draws every page it is
# given, and a 500-page statute book would stall the browser for a single highlight.
FULL_RENDER_MAX_PAGES = 30
WINDOW_PAGES = 2
REDACT_SCALE = 2.0  # pixels per PDF point of a redacted page image: sharp at column width
CONTEXT_CHUNKS = 2  # neighbours shown on each side of a non-PDF evidence chunk
NEIGHBOUR_CHARS = 160  # of each neighbour, the end next to the evidence
NEIGHBOUR_STYLE = "color:#868e96;font-size:0.85em"

ROLE_NAMES = {"hit": ("检索命中", "search hit"), "chain": ("同一问答", "same Q/A"),
              "cited": ("引用条文", "cited article"), "citing": ("援引本条", "citing article"),
              "context": ("同章条文", "same chapter"), "version": ("其他版本", "other version"),
              "completion": ("补全计算", "completes the sum"), "fact": ("合同事实", "contract fact")}
QUESTION_CHUNK_TYPES = ("qa", "qa_part")  # transcript chunks: a 问 line and its answer
QUESTION_LINE_CHARS = 80
# The [E1] marks of a conclusion open their evidence: a click finds the card's own button (its
# key gives it the class st-key-<key>) and clicks it. The script is static; the conclusion it
# works on is drawn separately, HTML-escaped, without JavaScript.
JUMP_CLASS = "lx-jump"  # a status line's link to the panel that explains it
EVIDENCE_MARK_SCRIPT = f"""<script>
(() => {{
  if (window.__lxEvidenceMarks) return;
  window.__lxEvidenceMarks = true;
  document.addEventListener("click", (event) => {{
    const jump = event.target.closest("a.{JUMP_CLASS}");
    if (jump) {{
      event.preventDefault();
      const panel = document.querySelector(`.st-key-${{jump.dataset.target}}`);
      if (panel) panel.scrollIntoView({{behavior: "smooth", block: "start"}});
      return;
    }}
    const mark = event.target.closest("a.{EVIDENCE_MARK_CLASS}");
    if (!mark) return;
    event.preventDefault();
    const button = document.querySelector(`.st-key-${{mark.dataset.button}} button`);
    if (button) button.click();
  }}, true);
}})();
</script>"""
# The answer's own classes: the conclusion, the E-id marks (conclusion, ledger table, conflict
# versions), the ledger table and the versions of a conflict. Drawn once with each answer.
ANSWER_CSS = """<style>
[class*="st-key-answer-panel-"], [class*="st-key-evidence-card-"] { gap: .4rem !important;
  padding: .7rem .8rem !important; }
.st-key-ask-answer { gap: .6rem !important; }
.lx-status { line-height: 1.6; }
.lx-badge { display: inline-block; padding: 0 .45em; margin: 0 .3em; border-radius: .35em; font-size: .88rem; font-weight: 600; }
.lx-badge-green { background: #ebfbee; color: #2b8a3e; } .lx-badge-orange { background: #fff4e6; color: #d9480f; }
.lx-badge-gray { background: #f1f3f5; color: #495057; } .lx-badge-red { background: #fff5f5; color: #c92a2a; }
.lx-reason { color: #495057; }
.lx-asked-line { color: #868e96; font-size: .82rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lx-conclusion { font-size: .97rem; line-height: 1.55; margin-top: .3rem; }
a.lx-ev { padding: 0 .25em; margin: 0 .05em; border-radius: .3em; font-size: .9em;
  background: #fff4e6; color: #d9480f; font-weight: 600; text-decoration: none; border: 1px solid #ffc078; }
.lx-card-asked { color: #868e96; font-size: .82rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lx-card-quote { display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden;
  line-height: 1.55; }
a.lx-ev:hover { background: #ffe8cc; }
.lx-ledger-wrap { overflow-x: auto; max-width: 100%; }
.lx-ledger { width: 100%; border-collapse: collapse; font-size: .78rem; line-height: 1.45; margin-top: .2rem; }
.lx-ledger th { text-align: left; font-weight: 600; color: #495057; border-bottom: 1px solid #ced4da;
  padding: .2rem .2rem; white-space: nowrap; }
.lx-ledger td { border-bottom: 1px solid #f1f3f5; padding: .25rem .2rem; vertical-align: top; }
.lx-ledger td:nth-child(7) { white-space: nowrap; }
.lx-ledger td.lx-num { text-align: right; font-variant-numeric: tabular-nums; }
.lx-ledger .lx-value, .lx-ledger a.lx-ev { white-space: nowrap; }
.lx-ledger tr.lx-disputed td { background: #fff9db; }
.lx-note { display: inline-block; margin-left: .25em; padding: 0 .3em; border-radius: .25em;
  background: #f1f3f5; color: #495057; font-size: .78rem; white-space: nowrap; }
.lx-panel-note { margin-left: .6em; color: #868e96; font-size: .85rem; font-weight: 400; }
a.lx-jump { margin-left: .2em; font-size: .85rem; color: #d9480f; text-decoration: none; white-space: nowrap; }
.lx-version { font-size: .85rem; line-height: 1.5; }
.lx-version .lx-asked { color: #868e96; font-size: .8rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lx-version .lx-quote { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.lx-version .lx-result-ok { color: #2b8a3e; }
.lx-version .lx-result-bad { color: #c92a2a; }
</style>"""
VALUE_MARK_STYLE = "background:#ffd43b;padding:0 2px;border-radius:3px;font-weight:600"
QUOTE_MARK_STYLE = "background:#fff3bf;padding:0 1px;border-radius:3px"


def side_panel_css(container_key: str) -> str:
    """The source viewer beside what opened it: the column holding ``container_key`` stays in
    view (sticky) while the other column scrolls, and a page image there is never taller than
    the window, so the whole zoomed region — the boxed quote with it — is on screen at once."""
    return f"""<style>
[data-testid="stColumn"]:has(.st-key-{container_key}) {{ position: sticky; top: 3.6rem;
  align-self: flex-start; max-height: calc(100vh - 4.2rem); overflow-y: auto; }}
.st-key-{container_key} [data-testid="stImage"] img {{ max-height: calc(100vh - {VIEWER_CHROME_REM}rem);
  width: auto !important; max-width: 100%; object-fit: contain; }}
</style>"""


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


def _panel(title: str, *, key: str | None = None, heading: bool = True):
    """A bordered panel with its bold title (``heading=False``: the panel draws its own)."""
    box = st.container(border=True, key=key)
    if heading:
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


def conclusion_html(text: str, evidence_ids: Iterable[str], button_prefix: str) -> str:
    """The conclusion, HTML-escaped, each E-id that names an evidence item made a mark that
    opens it (EVIDENCE_MARK_SCRIPT); an id with no evidence stays plain text."""
    known = set(evidence_ids)
    pieces, at = [], 0
    for match in CITATION.finditer(text):
        eid = f"E{match.group(1)}"
        if eid not in known:
            continue
        pieces.append(html.escape(join_pdf_lines(text[at:match.start()])))
        pieces.append(evidence_mark_html(eid, button_prefix))
        at = match.end()
    pieces.append(html.escape(join_pdf_lines(text[at:])))
    return f'<div class="lx-conclusion">{"".join(pieces)}</div>'


def question_line(item: Evidence, *, masked: bool) -> str | None:
    """The 问 line a transcript quote answers ("问：陈晓梅前后一共转给你多少钱？"), as context, or
    None when the quote is not an answer in a Q/A pair or already shows its question."""
    chunk = item.chunk
    question = chunk.meta.get("question") if chunk.chunk_type in QUESTION_CHUNK_TYPES else None
    if not isinstance(question, str) or not question.strip():
        return None
    answer_start = chunk.meta.get("answer_start")
    if isinstance(answer_start, int) and item.quote_start < answer_start:
        return None  # the quote holds (part of) the question itself
    if masked:
        question = mask_pii(question, wrapped_pieces([question, chunk.text]))
    line = " ".join(join_pdf_lines(question).split())
    return line if len(line) <= QUESTION_LINE_CHARS else line[:QUESTION_LINE_CHARS - 1] + "…"


# --- the answer -------------------------------------------------------------------------------


def render_answer(answer: Answer, *, viewer_key: str, button_prefix: str, engine=None,
                  asked: str | None = None, internals: bool = False, audit_visible: bool = False) -> None:
    """The fixed panels, what explains a review first: 结论 (badge, why it needs review in one
    sentence with a link to the panel that explains it, the conclusion), the failed checks, 冲突 /
    不确定 (each conflict's versions side by side), 证据, 计算 (with the ledger rows behind it),
    材料缺口. ``engine``: read the stored ledger for the rows' date precision and exact amounts;
    ``asked``: the question as shown in the conclusion's header; ``internals``: name the reranker
    and model (admins); ``audit_visible``: give the audit record's id (roles that can look it up)."""
    used = used_values(answer)
    st.html(ANSWER_CSS)
    st.sidebar.html(EVIDENCE_MARK_SCRIPT, unsafe_allow_javascript=True)  # no room taken in the answer
    events = stored_events(engine, answer) if engine is not None and answer.ledger else None
    _conclusion_panel(answer, button_prefix, asked)
    _checks_warning(answer)
    conflicts_panel(answer, used, events=events, button_prefix=button_prefix)
    with _panel(f"{label('证据', 'Evidence')}（{len(answer.evidence)}）", key=PANEL_KEY_PREFIX + "evidence"):
        if not answer.evidence:
            st.caption(label("无", "none"))
        selected = st.session_state.get(viewer_key)
        for item in answer.evidence:
            _evidence_card(item, used, viewer_key, button_prefix, masked=answer.pii_masked,
                           is_open=isinstance(selected, ViewerTarget)
                           and selected.evidence_id == item.id)
    calculations_panel(answer, events=events, button_prefix=button_prefix)
    gaps_panel(answer)
    parts = [named(MODE_NAMES, answer.mode)]
    if internals:
        parts.append(f"{label('重排', 'reranker')} {escape_markdown(answer.reranker)}"
                     + (f" · {label('模型', 'model')} {escape_markdown(answer.model)}" if answer.model else ""))
    total = answer.timings_ms.get("total")
    if total is not None:
        parts.append(f"{label('用时', 'time')} {total / 1000:.1f} {label('秒', 's')}")
    if audit_visible and answer.audit_id:
        parts.append(f"{label('审计记录', 'audit record')} {answer.audit_id}")
    st.caption(" · ".join(parts))


def _conclusion_panel(answer: Answer, button_prefix: str, asked: str | None) -> None:
    """The badge and, for an answer to review, why — in one line with a link to the panel that
    explains it —, the question asked, then the conclusion: one block, no gaps between."""
    with _panel(label("结论", "Conclusion"), key=CONCLUSION_KEY, heading=False):
        st.html(status_html(answer, asked) + conclusion_html(
            answer.conclusion, [e.id for e in answer.evidence], button_prefix))
        if not answer.pii_masked:
            st.caption(label("敏感信息已显示（本次查看已记入审计）", "personal data shown (audited)"))
        if answer.statutes:
            st.caption(escape_markdown(statutes_line(answer)))


def status_html(answer: Answer, asked: str | None) -> str:
    """``结论 [需人工复核] 供述冲突：第2笔 13000 元 vs 12000 元 … 看原因 ↓`` and the question below it
    (``asked`` is already escaped)."""
    reason = review_reason(answer)
    colour = STATUS_COLOURS.get(answer.status.value, "gray")
    parts = [f"<b>{html.escape(label('结论', 'Conclusion'))}</b>",
             f'<span class="lx-badge lx-badge-{colour}">{html.escape(named(STATUS_NAMES, answer.status.value))}</span>']
    if reason is not None:
        parts.append(f'<span class="lx-reason">{html.escape(reason.text)}</span>')
        parts.append(jump_html(reason.target, label("看原因 ↓", "why ↓")))
    asked_line = f'<div class="lx-asked-line">{asked}</div>' if asked else ""
    return f'<div class="lx-status">{" ".join(parts)}</div>{asked_line}'


PANEL_KEY_PREFIX = "answer-panel-"  # + review target: the container a status line's link scrolls to
CONCLUSION_KEY = PANEL_KEY_PREFIX + "conclusion"


def jump_html(target: str, text: str) -> str:
    """A link that scrolls the panel ``target`` into view (EVIDENCE_MARK_SCRIPT does it)."""
    return (f'<a href="#" class="{JUMP_CLASS}" data-target="{html.escape(PANEL_KEY_PREFIX + target)}">'
            f"{html.escape(text)}</a>")


def _checks_warning(answer: Answer) -> None:
    problems = check_problems(answer)
    if problems:
        with st.container(key=PANEL_KEY_PREFIX + CHECKS):
            st.warning(label("核验未通过，需人工复核：", "checks failed, review needed:") + "\n"
                       + "\n".join(f"- {escape_markdown(p)}" for p in problems))


def calculations_panel(answer: Answer, *, events: StoredEvents | None = None,
                       button_prefix: str = "") -> None:
    """计算: each recomputed expression (numbered ①② when a disputed term gives several), and
    under them the ledger rows the answer rests on: date, payer → payee, amount, means, page,
    each row's E-id opening its quote and page like the conclusion's marks."""
    with _panel(label("计算", "Calculations")):
        numbered = len(answer.calculations) > 1
        if not answer.calculations:
            st.caption(label("无", "none"))
        for n, calc in enumerate(answer.calculations, start=1):
            st.markdown((f"{calc_mark(n)} " if numbered else "") + escape_markdown(calculation_line(calc)))
            if calc.description:
                st.caption(escape_markdown(calc.description))
        if answer.ledger:
            rows = row_views(answer, events)
            st.caption(f"{label('所依据的账目', 'ledger rows')}（{len(rows)}）"
                       + label("：点出处编号查看原文", ": open a row's source by its E-id"))
            st.html(table_html(rows, button_prefix))
            if events is not None and not all(r.stored for r in rows):
                st.caption(label("部分账目未能从存档账本读取，日期精度与约数标记缺失，以原文为准。",
                                 "some rows could not be read from the stored ledger: no precision notes"))


def conflicts_panel(answer: Answer, used: UsedValues, *, events: StoredEvents | None = None,
                    button_prefix: str = "") -> None:
    """冲突 / 不确定: each conflict named in a line, its versions side by side (page, the quote
    with its 问 line, what the version says and the results computed under it); the engine's
    full wording of the conflict is the line's tooltip when the versions show it. Then the used
    values the material hedges."""
    with _panel(label("冲突 / 不确定", "Conflicts / uncertainty"), key=PANEL_KEY_PREFIX + CONFLICTS):
        uncertain = uncertain_values(answer, used)
        if not answer.conflicts and not uncertain:
            st.caption(label("无", "none"))
        for conflict in answer.conflicts:
            versions = [v for v in conflict_versions(answer, conflict) if v.item is not None]
            title = f"⚠️ **{named(CONFLICT_NAMES, conflict.kind)}{label('冲突', ' conflict')}**："
            if len(versions) > 1:
                st.markdown(title + escape_markdown(conflict_summary(answer, conflict, totals=False)),
                            help=escape_markdown(conflict.description))
            else:
                st.markdown(title + escape_markdown(conflict.description))
            if conflict.hint:
                st.caption(f"💡 {escape_markdown(conflict.hint)}")
            if len(versions) > 1:
                _versions_side_by_side(answer, versions, used, events or {}, button_prefix)
        for evidence_id, surface in uncertain:
            st.markdown(f"≈ {evidence_id}「{escape_markdown(surface)}」{label('是约数，材料未给出确切值', ' is approximate')}")


VERSIONS_PER_ROW = 2  # the answer column is narrow: two versions side by side, more wrap


def _versions_side_by_side(answer: Answer, versions: list[Version], used: UsedValues,
                           events: StoredEvents, button_prefix: str) -> None:
    names = side_names(len(versions))
    for first in range(0, len(versions), VERSIONS_PER_ROW):
        columns = st.columns(VERSIONS_PER_ROW, gap="small")
        for column, version, name in zip(columns, versions[first:first + VERSIONS_PER_ROW],
                                         names[first:first + VERSIONS_PER_ROW]):
            with column, st.container(border=True):
                st.html(version_html(answer, version, name, used, events, button_prefix))


def version_html(answer: Answer, version: Version, name: str, used: UsedValues,
                 events: StoredEvents, button_prefix: str) -> str:
    """One side of a conflict: name, E-id mark, page; its 问 line; the quote with the used values
    marked; what it says (amount, date); the results computed under it."""
    item = version.item
    mask = masker(answer)
    pages = f"第{item.page}页" if item.page == item.page_end else f"第{item.page}–{item.page_end}页"
    head = [f"<b>{html.escape(name)}</b>", evidence_mark_html(item.id, button_prefix), pages]
    if version.row is not None and version.row.get("corrects"):
        head.append(html.escape(correction_note(version.corrects)))
    parts = [f"<div>{' · '.join(head)}</div>"]
    asked = question_line(item, masked=answer.pii_masked)
    quote = display_quote(item)
    # the 问 line and the whole quote as the tooltip; the box shows the quote's first lines
    tooltip = ((asked + "\n") if asked else "") + join_pdf_lines(quote)
    parts.append(f'<div class="lx-quote" title="{html.escape(tooltip)}">'
                 f"「{marked_html(quote, quote_marks(quote, used))}」</div>")
    said = version_value(version, events, mask)
    if said:
        parts.append(f"<div>{html.escape(said)}</div>")
    for number, calc in version.results:
        text, agrees = result_line(number, calc)
        css = "lx-result-ok" if agrees else "lx-result-bad"
        parts.append(f'<div class="{css}">{"✓" if agrees else "✗"} {html.escape(text)}</div>')
    return f'<div class="lx-version">{"".join(parts)}</div>'


def gaps_panel(answer: Answer) -> None:
    with _panel(label("材料缺口", "Gaps"), key=PANEL_KEY_PREFIX + GAPS):
        if not answer.gaps:
            st.caption(label("无", "none"))
        for gap in answer.gaps:
            refs = f"（{'、'.join(gap.evidence)}）" if gap.evidence else ""
            st.markdown(f"◌ {escape_markdown(gap.description)}{refs}")


def _evidence_card(item: Evidence, used: UsedValues, viewer_key: str, button_prefix: str, *,
                   masked: bool, is_open: bool) -> None:
    """One evidence item: what and where (its button beside that), the 问 line it answers, the
    quote with the used values marked (a few lines; the whole quote as its tooltip and in the
    viewer)."""
    quote = display_quote(item)
    pages = f"第{item.page}页" if item.page == item.page_end else f"第{item.page}–{item.page_end}页"
    score = (f"{label('相关度', 'relevance')} {item.score:.2f}" if item.role == "hit"
             else named(ROLE_NAMES, item.role))
    with st.container(border=True, key=f"{CARD_KEY_PREFIX}{item.id}"):
        head, button = st.columns([5, 2], vertical_alignment="center", gap="small")
        head.markdown(f"**{item.id}** · {escape_markdown(item.doc_name)} · {pages} · {score}")
        button.button(f"{'▶ 正在查看' if is_open else '查看原文'} {item.id}",
                      key=f"{button_prefix}{item.id}", type="primary" if is_open else "secondary",
                      on_click=_open, args=(viewer_key, ViewerTarget.of(item)), width="stretch")
        asked = question_line(item, masked=masked)
        body = (f'<div class="lx-card-asked">{escape_markdown(asked)}</div>' if asked else "") + \
            f'<div class="lx-card-quote" title="{html.escape(join_pdf_lines(quote))}">' \
            f"{marked_html(quote, quote_marks(quote, used))}</div>"
        st.markdown(body, unsafe_allow_html=True)


CARD_KEY_PREFIX = "evidence-card-"


def _open(viewer_key: str, target: ViewerTarget) -> None:
    st.session_state[viewer_key] = target


# --- the source viewer ------------------------------------------------------------------------


def focus_region(page: PageText, highlights: Sequence[BBox], *, context: float = FOCUS_CONTEXT_PT,
                 min_height: float = FOCUS_MIN_HEIGHT_PT, margin: float = FOCUS_MARGIN_PT) -> BBox:
    """The part of a page the viewer shows: as wide as the page's text block (plus a margin), and
    the lines around the highlights — within ``context`` points above and below them (a window
    at least ``min_height`` tall), whole lines, stopping at a gap (a signature or footer further
    down is not context, and no blank band is shown). The whole page when it has no highlight or
    no size."""
    width, height = page.width or 0.0, page.height or 0.0
    boxes = [b for b in highlights if b.page == page.number]
    lines = [line.bbox for line in page.lines if line.bbox is not None]
    if not boxes or width <= 0 or height <= 0:
        return BBox(page.number, 0.0, 0.0, width, height)
    left = min([b.x0 for b in lines + boxes]) - margin
    right = max([b.x1 for b in lines + boxes]) + margin
    top = min(b.top for b in boxes) - context
    bottom = max(b.bottom for b in boxes) + context
    if bottom - top < min_height:
        grow = (min_height - (bottom - top)) / 2
        top, bottom = top - grow, bottom + grow
    near = sorted([b for b in lines if b.bottom > top and b.top < bottom] + boxes, key=lambda b: b.top)
    heights = sorted(b.bottom - b.top for b in near)
    gap = 2.5 * heights[len(heights) // 2]
    first = min(i for i, b in enumerate(near) if b in boxes)
    last = max(i for i, b in enumerate(near) if b in boxes)
    while first > 0 and near[first].top - near[first - 1].bottom <= gap:
        first -= 1
    while last + 1 < len(near) and near[last + 1].top - near[last].bottom <= gap:
        last += 1
    shown = near[first:last + 1]
    top, bottom = min(b.top for b in shown), max(b.bottom for b in shown)
    # the margin stops halfway to the next line outside, so no sliver of it shows
    above = [b.bottom for b in lines if b.bottom <= top]
    below = [b.top for b in lines if b.top >= bottom]
    top = max(0.0, top - margin, (top + max(above)) / 2 if above else 0.0)
    bottom = min(height, bottom + margin, (bottom + min(below)) / 2 if below else height)
    return BBox(page.number, max(0.0, left), top, min(width, right), bottom)


@st.cache_data(max_entries=64, show_spinner=False)
def _focused_png(home: str, doc_id: str, number: int, masked: bool,
                 highlights: tuple[tuple[float, float, float, float], ...], whole: bool) -> tuple[bytes, bool]:
    """PNG of one page, zoomed to its highlights unless ``whole`` (cached: the documents are
    content-addressed, so a doc_id always means the same bytes)."""
    from ui.state import engine_for_home

    engine = engine_for_home(home)
    boxes = [BBox(number, *box) for box in highlights]
    page = page_image(engine, doc_id, number, boxes, redact=masked, scale=FOCUS_SCALE)
    image = page.image
    if not whole and not page.blanked:
        text_page = next((p for p in engine.pages(doc_id) if p.number == number), None)
        if text_page is not None:
            region = focus_region(text_page, boxes)
            image = image.crop(tuple(int(round(v * FOCUS_SCALE))
                                     for v in (region.x0, region.top, region.x1, region.bottom)))
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue(), page.blanked


def render_viewer(engine, target: ViewerTarget, *, masked: bool, reader_key: str | None = None) -> None:
    """The cited source: a PDF page zoomed to the boxes (redacted when ``masked``), else the
    chunk in its context. ``reader_key``: offer the original PDF in the reader (unmasked only)."""
    record = engine.document(target.doc_id)
    if record is None:
        st.warning(label("该文件已不在语料库中。", "The document has been removed."))
        return
    pages = (f"第{target.page}页" if target.page == target.page_end
             else f"第{target.page}–{target.page_end}页")
    st.markdown(f"**{target.evidence_id}** · {escape_markdown(record.name)} · {pages}"
                f"（{label('共', 'of')} {record.pages} {label('页', 'pages')}）")
    if record.media_type != "pdf":
        _context(engine, target, masked=masked)
        return
    reader = (not masked and reader_key is not None
              and st.toggle(label("在阅读器中打开原件（可选中文字）", "open the original in the reader"),
                            key=reader_key))
    if reader:
        _pdf(engine, record, target)
    else:
        _focused_pages(engine, target, masked=masked)


def _focused_pages(engine, target: ViewerTarget, *, masked: bool) -> None:
    boxes = annotation_boxes(target.annotations)
    if not boxes:
        st.caption(label("该证据没有定位框，显示所在页。", "No boxes stored for this evidence."))
    whole = st.session_state.get(WHOLE_PAGE_KEY) is True
    for number in range(target.page, max(target.page, target.page_end) + 1):
        mine = tuple((b.x0, b.top, b.x1, b.bottom) for b in boxes if b.page == number)
        try:
            png, blanked = _focused_png(str(engine.home), target.doc_id, number, masked, mine,
                                        whole or not mine)
        except (KeyError, OSError, ValueError) as exc:
            log.exception("cannot render page %s of %s", number, target.doc_id)
            st.error(f"{label('无法显示原件', 'cannot render the original')}：{escape_markdown(exc)}")
            return
        caption = f"第{number}页" + (f" · {UNREAD_NOTE}" if blanked else "")
        st.image(png, caption=caption, width="stretch")
    notes = [label("已遮盖敏感信息", "personal data redacted")] if masked else []
    st.caption(" · ".join([*notes, label("橙框为引文位置", "the orange box is the quote")]))
    st.toggle(label("显示整页", "whole page"), key=WHOLE_PAGE_KEY)


WHOLE_PAGE_KEY = "viewer.whole_page"
REDACTED_CAPTION = "已遮盖敏感信息"


def _pdf(engine, record, target: ViewerTarget) -> None:
    from streamlit_pdf_viewer import pdf_viewer

    try:
        data = engine.document_bytes(target.doc_id)
    except (KeyError, OSError) as exc:
        log.exception("cannot read the original of %s", target.doc_id)
        st.error(f"{label('无法读取原件', 'cannot read the original')}：{escape_markdown(exc)}")
        return
    window = pages_to_render(target.page, target.page_end, record.pages)
    if window:
        st.caption(f"显示第{window[0]}–{window[-1]}页（共{record.pages}页）")
    if not target.annotations:
        st.caption(label("该证据没有定位框，已跳到所在页。", "No boxes stored for this evidence."))
    pdf_viewer(data, height=VIEWER_HEIGHT, annotations=target.annotations, zoom_level=READER_ZOOM,
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
        st.error(f"{label('无法显示原件', 'cannot render the original')}：{escape_markdown(exc)}")
        return
    st.caption(label(REDACTED_CAPTION, "personal data redacted"))
    for page in pages:
        st.image(page.image, caption=f"第{page.number}页" + (f" · {UNREAD_NOTE}" if page.blanked
                                                            else ""), width="stretch")


def _context(engine, target: ViewerTarget, *, masked: bool) -> None:
    chunks = engine.chunks(target.doc_id)
    index = next((i for i, c in enumerate(chunks) if c.chunk_id == target.chunk_id), None)
    if index is None:
        st.warning(label("找不到该片段（文件可能已重新导入）。", "The chunk is gone."))
        return
    st.caption(label("非 PDF 原件：显示该片段及前后片段，引文已标出。",
                     "not a PDF: the chunk and its neighbours, the quote marked"))
    for chunk in chunks[max(0, index - CONTEXT_CHUNKS): index + CONTEXT_CHUNKS + 1]:
        text = mask_pii(chunk.text) if masked else chunk.text
        chunk_label = chunk.meta.get("article_label") or chunk.meta.get("clause_no") or \
            named(CHUNK_TYPE_NAMES, chunk.chunk_type)
        caption = f"片段 {chunk.seq} · {chunk_label} · 第{chunk.page_start}页"
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


