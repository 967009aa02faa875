"""摘要 Summary: choose a document, read its key points, open the blocks each point rests on.

A summary is computed once per (document, LLM on/off, unmask, user) and kept in the session, so
opening a point's sources reruns this script without summarising again.
"""

from __future__ import annotations

import streamlit as st

from engine import Permission
from ui.auth import require
from ui.components import show_error
from ui.labels import KIND_NAMES, label, named
from ui.state import get_engine
from ui.evidence import side_panel_css
from ui.summary import SELECTED_KEY, record_summary_unmask, render_points, render_sources

DOCUMENT_KEY = "summary.document"
LLM_KEY = "summary.llm"
UNMASK_KEY = "summary.unmask"
RESULT_KEY = "summary.result"  # ((doc_id, llm, unmask, user), Summary) last computed
UNMASK_AUDITED_KEY = "summary.unmask_audited"
VIEWER_CONTAINER = "summary-viewer"

user = require(Permission.VIEW_DOCUMENTS)
engine = get_engine()
st.header(label("摘要", "Summary"))
documents = {d.doc_id: d for d in engine.docs().documents}
if not documents:
    st.info(label("还没有文件：请先在「文件」页导入。", "No documents yet."))
    st.stop()
if st.session_state.get(DOCUMENT_KEY) not in documents:
    st.session_state.pop(DOCUMENT_KEY, None)  # deleted since it was chosen
doc_id = st.selectbox(label("文件", "Document"), list(documents), key=DOCUMENT_KEY,
                      format_func=lambda d: documents[d].name)
record = documents[doc_id]
st.caption(f"{named(KIND_NAMES, record.kind)} · {record.pages} 页 · {record.chunks} 个片段")

use_llm = False
if engine.settings.llm.configured:
    use_llm = st.toggle(f"{label('使用大模型', 'Use the LLM')}（{engine.settings.llm.model}）", value=True, key=LLM_KEY,
                        help="关闭时用离线抽取式摘要；模型失败时自动改用离线摘要。")
unmask = False
if user.can(Permission.UNMASK_PII):  # decided from the role on every run, like the Ask page
    unmask = st.toggle(label("显示敏感信息（记入审计）", "Show personal data (audited)"), key=UNMASK_KEY) is True
    audited = st.session_state.setdefault(UNMASK_AUDITED_KEY, set())
    if unmask and doc_id not in audited:
        record_summary_unmask(engine, user, doc_id, record.name)
        audited.add(doc_id)

query = (doc_id, use_llm, unmask, user.name)
cached = st.session_state.get(RESULT_KEY)
if cached is not None and cached[0] == query:
    summary = cached[1]
else:
    try:
        with st.spinner(label("生成摘要中…", "summarising…")):
            summary = engine.summarize(doc_id, llm=use_llm, unmask=unmask)
    except Exception as exc:  # noqa: BLE001 — shown as a message and logged by show_error
        show_error(exc, label("生成摘要", "Summarising"))
        st.stop()
    st.session_state[RESULT_KEY] = (query, summary)
    st.session_state.pop(SELECTED_KEY, None)

selected = next((p for p in summary.points if p.id == st.session_state.get(SELECTED_KEY)), None)
st.html(side_panel_css(VIEWER_CONTAINER))  # the sources stay beside the point that opened them
points, sources = st.columns([1, 1], gap="medium")
with points:
    st.subheader(label("要点", "Points"))
    render_points(summary)
with sources, st.container(key=VIEWER_CONTAINER):
    st.subheader(label("来源", "Sources"))
    render_sources(engine, summary, selected)
