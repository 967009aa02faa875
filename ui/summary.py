"""The Summary page's parts: points with source badges, and the blocks behind a chosen point.

A point's blocks open in the same viewer as the Ask page's evidence (ui/evidence.py): a PDF at
the point's page with a box around every source (around the quoted words for the offline
summariser's own sources, around the whole block otherwise; redacted page images for roles that
may not see personal data), or, for documents without pages, the source blocks listed with the
quoted words marked. Pure helpers come first and are tested without Streamlit.
"""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from engine import (Summary, SummaryMethod, SummaryPoint, SummarySource, User, chunk_range_to_spans, find_pii,
                    mask_text, spans_bboxes)
from engine.types import BBox, Chunk
from ui.auth import record_unmask
from ui.evidence import Mark, ViewerTarget, escape_markdown, marked_html, pdf_annotations, render_viewer
from ui.labels import CHUNK_TYPE_NAMES, MODE_NAMES, chinese_text, label, named

SELECTED_KEY = "summary.selected"  # id of the point whose blocks are shown
BUTTON_PREFIX = "summary.open."

METHOD_BADGES: dict[SummaryMethod, tuple[str, tuple[str, str]]] = {
    SummaryMethod.EXTRACTIVE: ("green", ("抽取", "extractive")),
    SummaryMethod.HYBRID: ("violet", ("双重", "hybrid")),
    SummaryMethod.LLM: ("orange", ("模型", "LLM")),
    SummaryMethod.SEMANTIC: ("blue", ("语义", "semantic")),
}
ASPECT_NAMES: dict[str, tuple[str, str]] = {
    "who": ("人员", "who"), "time_place": ("时间地点", "time and place"), "arrival": ("到案", "arrival"),
    "conduct": ("涉案行为", "conduct"), "amount": ("金额", "amount"), "total": ("合计", "total"),
    "net": ("扣除后", "net"), "refund": ("退还", "refund"), "admission": ("承认", "admission"),
    "timeline": ("时间", "timeline"), "open_point": ("未说清", "open point"), "parties": ("当事人", "parties"),
    "effective": ("日期", "date"), "term": ("期限", "term"), "signed": ("签署", "signed"),
    "money": ("价款", "money"), "governing_law": ("适用法律", "governing law"),
    "disputes": ("争议解决", "disputes"), "title": ("标题", "title"), "version": ("版本", "version"),
    "article": ("条文", "article"), "chapter": ("章节", "chapter"), "llm": ("要点", "point"),
    "opening": ("段首", "opening"),
}
_HEADER = re.compile(r"^(?P<header>[^：:。；;\n]{1,24})[：:]")


# -- pure helpers --------------------------------------------------------------------------------
def source_badge(source: SummarySource) -> str:
    """``:green-badge[第4页 · 抽取 · 0.96]`` for one source."""
    color, name = METHOD_BADGES[source.method]
    pages = f"第{source.page}页" if source.page == source.page_end else f"第{source.page}–{source.page_end}页"
    return f":{color}-badge[{pages} · {label(*name)} · {source.score:.2f}]"


def point_parts(point: SummaryPoint) -> tuple[str, str]:
    """(the point's label, its text) as shown: the aspect named once. The summariser writes its
    own label before a colon ("期限 Term：…", "Parties 当事人：…"); that label is dropped when it
    only repeats the aspect, so the card never reads 期限 期限 Term."""
    text = point.shown_text
    name = named(ASPECT_NAMES, point.aspect) if point.aspect in ASPECT_NAMES else label("要点", "point")
    match = _HEADER.match(text)
    if match:
        header = match.group("header").strip()
        chinese = re.sub(r"[A-Za-z][A-Za-z ]*", "", header).strip()
        if re.search(r"[A-Za-z]", header) or chinese == ASPECT_NAMES.get(point.aspect, ("",))[0]:
            return (named(ASPECT_NAMES, point.aspect) if point.aspect in ASPECT_NAMES else chinese or name,
                    text[match.end():].strip())
    return name, text


def source_boxes(chunk: Chunk, source: SummarySource, pages: dict[int, Any]) -> list[BBox]:
    """The quoted words' boxes when the source names them, else the whole block's."""
    if source.quote_spans:
        spans = [s for start, end in source.quote_spans for s in chunk_range_to_spans(chunk.spans, start, end)]
        boxes = spans_bboxes(pages, spans)
        if boxes:
            return boxes
    return list(chunk.bboxes)


def point_target(engine, summary: Summary, point: SummaryPoint) -> ViewerTarget:
    """A viewer target holding every source block of a point, from its first page to its last."""
    chunks = {c.chunk_id: c for c in engine.index.catalog.get_chunks([s.chunk_id for s in point.sources])}
    pages = {p.number: p for p in engine.pages(summary.doc_id)}
    boxes = [b for s in point.sources if s.chunk_id in chunks
             for b in source_boxes(chunks[s.chunk_id], s, pages)]
    first = point.sources[0]
    return ViewerTarget(evidence_id=point.id, doc_id=summary.doc_id, chunk_id=first.chunk_id,
                        page=min(s.page for s in point.sources),
                        page_end=max(s.page_end for s in point.sources),
                        quote_start=0, quote_end=0, annotations=pdf_annotations(boxes))


def record_summary_unmask(engine, user: User, doc_id: str, name: str) -> None:
    """Audit that ``user`` chose to see a summary's personal data unmasked."""
    record_unmask(engine, user, "summary", {"doc_id": doc_id, "name": name})


# -- rendering -----------------------------------------------------------------------------------
def _select(point_id: str) -> None:
    st.session_state[SELECTED_KEY] = point_id


def render_points(summary: Summary) -> None:
    if summary.fallback_reason:
        st.warning(escape_markdown(chinese_text(summary.fallback_reason)))
    selected = st.session_state.get(SELECTED_KEY)
    if not summary.points:
        st.info(label("没有生成任何要点：文件中没有可摘录的文字。", "No points: the document has no text to quote."))
    for point in summary.points:
        is_open = point.id == selected
        with st.container(border=True):
            name, text = point_parts(point)
            st.markdown(f"**{point.id}** · {escape_markdown(name)}　{escape_markdown(text)}")
            st.markdown(" ".join(source_badge(s) for s in point.sources))
            st.button(f"{'▶ 正在查看' if is_open else '查看来源'} {point.id}", key=f"{BUTTON_PREFIX}{point.id}",
                      type="primary" if is_open else "secondary", on_click=_select, args=(point.id,))
    if summary.dropped_tags:
        st.warning("模型引用了不存在的片段，已删除这些标注：\n" + "\n".join(
            f"- {escape_markdown(t.point)}：[来源: {escape_markdown(t.tag)}] — {escape_markdown(chinese_text(t.reason))}"
            for t in summary.dropped_tags))
    if summary.rejected_points:
        with st.expander(f"{label('未采用的要点', 'Rejected points')}（{len(summary.rejected_points)}）"):
            for rejected in summary.rejected_points:  # masked by the engine unless unmasked
                st.markdown(f"- {escape_markdown(rejected.text)} — {escape_markdown(chinese_text(rejected.reason))}")
    total = summary.timings_ms.get("total")
    st.caption(f"{label('模式', 'mode')} {named(MODE_NAMES, summary.mode.value)}"
               + (f" · {label('模型', 'model')} {summary.model}" if summary.model else "")
               + f" · {len(summary.points)} 条要点" + (f" · 用时 {total / 1000:.1f} s" if total is not None else ""))


def render_sources(engine, summary: Summary, point: SummaryPoint | None) -> None:
    if point is None or not point.sources:
        st.caption("点要点下的「查看来源」，它依据的片段会在这里打开并高亮。")
        return
    record = engine.document(summary.doc_id)
    if record is None:
        st.warning(label("该文件已不在语料库中。", "The document has been removed."))
        return
    if record.media_type == "pdf":
        render_viewer(engine, point_target(engine, summary, point), masked=summary.pii_masked,
                      reader_key="summary.reader")
        return
    _block_list(engine, point, masked=summary.pii_masked)


def _block_list(engine, point: SummaryPoint, *, masked: bool) -> None:
    """Documents without pages: each source block in full, the quoted words marked."""
    st.markdown(f"**{point.id}** · {label('来源片段', 'Source blocks')}")
    chunks = {c.chunk_id: c for c in engine.index.catalog.get_chunks([s.chunk_id for s in point.sources])}
    for source in point.sources:
        chunk = chunks.get(source.chunk_id)
        if chunk is None:
            st.warning(f"找不到片段 {source.chunk_id}（文件可能已重新导入）。")
            continue
        text = mask_text(chunk.text, find_pii(chunk.text)) if masked else chunk.text  # same length
        marks = [Mark(s, e, "evidence") for s, e in source.quote_spans] or [Mark(0, len(text), "quote")]
        block = chunk.meta.get("article_label") or chunk.meta.get("clause_no") or \
            named(CHUNK_TYPE_NAMES, chunk.chunk_type)
        with st.container(border=True):
            st.caption(f"片段 {chunk.seq} · {block} · 第{chunk.page_start}页")
            st.markdown(source_badge(source))
            st.markdown(marked_html(text, marks, keep_lines=True), unsafe_allow_html=True)
