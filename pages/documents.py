"""Documents: upload and ingest, the corpus, per-page parse quality, chunks, the original file."""

from __future__ import annotations

import math

import pandas as pd
import streamlit as st
from streamlit_pdf_viewer import pdf_viewer

from engine import DIRECTORY_SUFFIXES, Engine, Permission, Role, User, format_size
from engine.types import DocumentRecord, IngestStatus
from ui.auth import require
from ui.components import badge_markdown, error_boundary, escape_markdown
from ui.documents import (DOC_KINDS, PII_LEVEL_NAMES, STAGE_NAMES, chunk_rows, delete_document,
                          document_rows, duplicate_note, ingest_upload, may_show_pii, masked, masked_meta,
                          quality_rows, record_unmask, reindex_stale, reingest_document, stage_fraction,
                          stale_notice)
from ui.evidence import render_redacted
from ui.labels import CHUNK_TYPE_NAMES, KIND_NAMES, STATUS_NAMES, chinese_text, label, named
from ui.state import get_engine

RESULTS_KEY = "documents_ingest_results"
FLASH_KEY = "documents_flash"
UNMASK_AUDITED_KEY = "documents_unmask_audited"
MiB = 1024 * 1024  # Streamlit's upload sizes are MiB (it multiplies by 1024²)


def upload_limit(engine: Engine) -> int:
    """The size limit (bytes) a person sees and the uploader enforces: the engine's
    (settings.limits.file_bytes), never more than the server's transport cap (config.toml, MiB)."""
    return min(engine.settings.limits.file_bytes, int(st.get_option("server.maxUploadSize")) * MiB)


def uploader_css(limit: int) -> str:
    """Streamlit's drop zone speaks English ("Drag and drop files here", "Limit 50MB per file",
    "Browse files") and counts decimal megabytes: its own words are hidden and ours shown, with
    the limit in MiB as everywhere else."""
    text = label(f"拖入文件，或点右侧按钮选择 · 单个文件不超过 {format_size(limit)}",
                 f"drop files or choose them · at most {format_size(limit)} each")
    return f"""<style>
[data-testid="stFileUploaderDropzoneInstructions"] > div > span,
[data-testid="stFileUploaderDropzoneInstructions"] > div > small {{ display: none; }}
[data-testid="stFileUploaderDropzoneInstructions"] > div::after {{ content: "{text}"; font-size: .9rem; }}
[data-testid="stFileUploaderDropzone"] button {{ font-size: 0; }}
[data-testid="stFileUploaderDropzone"] button::after {{ content: "{label('选择文件', 'Browse')}"; font-size: .9rem; }}
</style>"""


def upload_section(engine: Engine, user: User) -> None:
    limit = upload_limit(engine)
    st.html(uploader_css(limit))
    files = st.file_uploader(
        label("选择文件（可多选）", "Choose files"), accept_multiple_files=True, key="documents_upload",
        type=[s.lstrip(".") for s in DIRECTORY_SUFFIXES], max_upload_size=max(1, math.ceil(limit / MiB)),
        help=label(f"PDF、DOCX、Markdown、TXT；单个文件不超过 {format_size(limit)}",
                   f"PDF, DOCX, Markdown, TXT; at most {format_size(limit)} each"))
    kind = st.selectbox(label("文件类型", "Kind"), DOC_KINDS, format_func=lambda k: named(KIND_NAMES, k),
                        key="documents_kind", help=label("自动识别按内容判断；识别错了可以指定",
                                                         "auto decides by content; choose when it is wrong"))
    if st.button(label("导入", "Ingest"), type="primary", disabled=not files, key="documents_ingest"):
        results = []
        overall = st.progress(0.0, text=f"0 / {len(files)}")
        for i, upload in enumerate(files):
            with st.status(escape_markdown(upload.name), expanded=False) as box:
                bar = st.progress(0.0, text=label("等待", "waiting"))

                def show(_name: str, stage: str, fraction: float) -> None:
                    bar.progress(stage_fraction(stage, fraction),
                                 text=f"{named(STAGE_NAMES, stage)} {fraction:.0%}")

                report = ingest_upload(engine, user, upload.name, upload.getvalue(), kind, show)
                failed = report.status is IngestStatus.FAILED
                box.update(label=f"{escape_markdown(upload.name)} — {named(STATUS_NAMES, report.status.value)}",
                           state="error" if failed else "complete")
            results.append({**report.to_dict(), "duplicate": duplicate_note(report)})
            overall.progress((i + 1) / len(files), text=f"{i + 1} / {len(files)}")
        st.session_state[RESULTS_KEY] = results
        st.rerun()  # the sidebar's corpus figures and the table then count the new files


def upload_results() -> None:
    """What the last upload came to, outside the 导入文件 expander: a rerun may close that, and
    the outcome must stay in view."""
    results = st.session_state.get(RESULTS_KEY, [])
    if results:
        st.markdown(f"**{label('上次导入的结果', 'Last upload')}**")
    for result in results:
        name = escape_markdown(result["name"])  # the uploader's file name: plain text
        if result["status"] == IngestStatus.FAILED.value:
            st.markdown(f"{badge_markdown(result['status'])} **{name}**")
            st.error(f"{name}：{escape_markdown(chinese_text(result['error']))}")
        elif result.get("duplicate"):
            st.markdown(f"{badge_markdown(result['status'])} **{name}**")
            st.info(escape_markdown(result["duplicate"]))
        elif result.get("note"):  # the same bytes, read again with the current chunkers
            st.markdown(f"{badge_markdown(result['status'])} **{name}**")
            st.info(escape_markdown(result["note"]))
        else:
            ocr = [q["page"] for q in result["quality"] if q["ocr_used"]]
            st.markdown(f"{badge_markdown(result['status'])} **{name}** — {named(KIND_NAMES, result['kind'])}，"
                        f"{result['pages']} 页，{result['chunks']} 个片段"
                        + (f"，OCR 页 {ocr}" if ocr else ""))


def quality_tab(record: DocumentRecord) -> None:
    rows = quality_rows(record)
    if not rows:
        st.info(label("没有逐页质量记录", "no per-page quality recorded"))
        return
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    unreadable = [q["page"] for q in record.meta.get("quality", []) if q["needs_ocr"] and not q["ocr_used"]]
    if unreadable:
        st.warning(f"第 {', '.join(map(str, unreadable))} 页文字层不可靠且未做 OCR：这些页的内容可能缺失"
                   + label("", " (pages failing the quality gate were not OCRed)"))


def chunks_tab(engine: Engine, record: DocumentRecord, unmask: bool, admin: bool = False) -> None:
    chunks = engine.chunks(record.doc_id)
    if not chunks:
        st.info(label("没有片段", "no chunks"))
        return
    types = sorted({c.chunk_type for c in chunks})
    left, right = st.columns([1, 2])
    chosen_types = left.multiselect(label("类型", "Type"), types, key=f"chunk_types_{record.doc_id}",
                                    format_func=lambda t: named(CHUNK_TYPE_NAMES, t),
                                    placeholder=label("全部类型", "all types"))
    needle = right.text_input(label("包含文字", "Contains"), key=f"chunk_text_{record.doc_id}")
    shown = [c for c in chunks if (not chosen_types or c.chunk_type in chosen_types)
             and (not needle or needle in c.text)]
    st.caption(f"{len(shown)} / {len(chunks)} 个片段")
    if not shown:
        return
    st.dataframe(pd.DataFrame(chunk_rows(shown, unmask=unmask, ids=admin)), hide_index=True,
                 width="stretch")
    by_seq = {c.seq: c for c in shown}
    seq = st.selectbox(label("片段详情", "Chunk"), list(by_seq), key=f"chunk_seq_{record.doc_id}",
                       format_func=lambda s: f"{label('片段', 'chunk')} {s} · {named(CHUNK_TYPE_NAMES, by_seq[s].chunk_type)} "
                                             f"第{by_seq[s].page_start}页")
    chunk = by_seq[seq]
    st.markdown(f"**{label('片段', 'chunk')} {chunk.seq}** · {named(CHUNK_TYPE_NAMES, chunk.chunk_type)} · 第 {chunk.page_start}"
                + (f"-{chunk.page_end}" if chunk.page_end != chunk.page_start else "")
                + f" 页 · 个人信息 {named(PII_LEVEL_NAMES, chunk.pii_level)}"
                + (f" · `{chunk.chunk_id}`" if admin else ""))
    st.code(chunk.text if unmask else masked(chunk.text), language=None, wrap_lines=True)
    if chunk.meta and admin:  # what the chunker recorded, by its own keys: an admin's view
        st.json(chunk.meta if unmask else masked_meta(chunk.meta, chunk.text), expanded=False)


def original_tab(engine: Engine, record: DocumentRecord, unmask: bool) -> None:
    pages = engine.pages(record.doc_id)
    hidden = not unmask and may_show_pii(record, pages)
    if record.media_type == "pdf" and not hidden:
        pdf_viewer(engine.document_bytes(record.doc_id), height=900, key=f"pdf_{record.doc_id}")
        return
    if record.media_type == "pdf":
        st.info(label("此文件可能含个人信息：原始 PDF 只在显示个人信息时可见，下面是遮盖敏感信息后的页面和文字。",
                      "This file may hold personal data; its redacted pages and masked text are shown."))
        numbers = [page.number for page in pages] or list(range(1, record.pages + 1))
        number = st.selectbox(label("页", "Page"), numbers, key=f"redacted_page_{record.doc_id}",
                              format_func=lambda n: f"第 {n} 页 / 共 {len(numbers)} 页")
        render_redacted(engine, record.doc_id, [number])
        pages = [page for page in pages if page.number == number]
    for page in pages:
        st.markdown(f"**第 {page.number} 页**")
        st.code(masked(page.text) if hidden else page.text, language=None, wrap_lines=True)


def manage_tab(engine: Engine, user: User, record: DocumentRecord) -> None:
    st.markdown(f"**{label('删除', 'Delete')}**")
    confirm = st.checkbox(f"确认删除「{escape_markdown(record.name)}」及其全部片段和向量（不可撤销）",
                          key=f"confirm_delete_{record.doc_id}")
    if st.button(label("删除", "Delete"), type="primary", disabled=not confirm,
                 key=f"delete_{record.doc_id}"):
        deleted = delete_document(engine, user, record.doc_id)
        st.session_state[FLASH_KEY] = (f"{label('已删除', 'deleted')}：{escape_markdown(record.name)}" if deleted
                                       else f"{label('文件已不存在', 'already gone')}：{escape_markdown(record.name)}")
        st.rerun()
    st.divider()
    st.markdown(f"**{label('重新导入', 'Re-ingest')}**")
    kind = st.selectbox(label("按类型", "As kind"), DOC_KINDS, format_func=lambda k: named(KIND_NAMES, k),
                        index=DOC_KINDS.index(record.kind) if record.kind in DOC_KINDS else 0,
                        key=f"reingest_kind_{record.doc_id}")
    if st.button(label("重新导入", "Re-ingest"), key=f"reingest_{record.doc_id}"):
        with st.status(f"{label('重新导入', 'Re-ingesting')} {escape_markdown(record.name)}", expanded=False) as box:
            bar = st.progress(0.0)
            report = reingest_document(
                engine, user, record.doc_id, kind,
                lambda _n, stage, f: bar.progress(stage_fraction(stage, f), text=named(STAGE_NAMES, stage)))
            box.update(state="error" if report.status is IngestStatus.FAILED else "complete")
        if report.status is IngestStatus.FAILED:
            st.error(f"{label('重新导入失败', 're-ingest failed')}：{escape_markdown(chinese_text(report.error))}")
        else:
            st.session_state[FLASH_KEY] = (f"{label('已重新导入', 're-ingested')}：{escape_markdown(record.name)} — "
                                           f"{named(KIND_NAMES, report.kind)}，{report.chunks} 个片段")
            st.rerun()


user = require(Permission.VIEW_DOCUMENTS)
engine = get_engine()
admin = user.role is Role.ADMIN  # internal ids are for admins
st.header(label("文件", "Documents"))
if FLASH_KEY in st.session_state:
    st.success(st.session_state.pop(FLASH_KEY))

documents = engine.docs().to_dict()["documents"]
if user.can(Permission.UPLOAD):
    with st.expander(label("导入文件", "Upload"), expanded=not documents):
        with error_boundary(label("导入", "Ingest")):
            upload_section(engine, user)
        documents = engine.docs().to_dict()["documents"]  # what the upload just added
    upload_results()

if not documents:
    st.info(label("语料库为空：上传文件，或用 `python -m engine ingest 文件...` 导入。", "The corpus is empty."))
    st.stop()

st.subheader(f"{label('语料', 'Corpus')} · {len(documents)} 份文件")
notice = stale_notice(documents)
if notice:  # a stale document still answers; deriving again is the user's call (it may take long)
    left, right = st.columns([4, 1])
    left.info(notice)
    if user.can(Permission.UPLOAD) and right.button(label("重新解析", "Re-derive"), key="documents_reindex"):
        with st.spinner(label("正在按当前版本重新解析…", "deriving again…")):
            st.session_state[RESULTS_KEY] = [r.to_dict() for r in reindex_stale(engine, user)]
        st.rerun()
st.dataframe(pd.DataFrame(document_rows(documents, ids=admin)), hide_index=True, width="stretch")

names = {d["doc_id"]: d["name"] for d in documents}
if st.session_state.get("documents_selected") not in (None, *names):
    del st.session_state["documents_selected"]  # deleted since it was chosen
doc_id = st.selectbox(label("查看文件", "Inspect"), list(names), format_func=names.get, key="documents_selected")
record = engine.document(doc_id)
if record is None:
    st.warning(label("该文件刚被删除", "this document was just deleted"))
    st.stop()

unmask = False
if user.can(Permission.UNMASK_PII):
    unmask = st.toggle(label("显示个人信息（记入审计）", "Show personal data (audited)"), key=f"unmask_{doc_id}")
    audited = st.session_state.setdefault(UNMASK_AUDITED_KEY, set())
    if unmask and doc_id not in audited:
        record_unmask(engine, user, record)
        audited.add(doc_id)

labels = [label("逐页质量", "Quality"), label("片段", "Chunks"), label("原文", "Original")]
if user.can(Permission.DELETE_DOCUMENTS):
    labels.append(label("管理", "Manage"))
tabs = st.tabs(labels)
with tabs[0]:
    quality_tab(record)
with tabs[1]:
    chunks_tab(engine, record, unmask, admin)
with tabs[2]:
    with error_boundary(label("显示原文", "Showing the original")):
        original_tab(engine, record, unmask)
if user.can(Permission.DELETE_DOCUMENTS):
    with tabs[3]:
        with error_boundary(label("管理", "Manage")):
            manage_tab(engine, user, record)
