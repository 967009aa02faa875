"""摘要 Summary — the page's frame: choose a document; its traceable summary points will be listed
here, each with badges naming the passages it rests on (chunk, page, method).

The points themselves arrive with the summaries feature (``python -m engine summarize DOC_ID``);
until it exists the page says so plainly and shows nothing generated.
"""

from __future__ import annotations

import streamlit as st

from engine.auth import Permission
from ui.auth import require
from ui.state import get_engine

COMING_SOON = ("即将推出 (arrives with the summaries feature)：可溯源摘要尚未上线，"
               "这里暂不显示任何摘要内容。")

require(Permission.VIEW_DOCUMENTS)
engine = get_engine()
st.header("摘要 Summary")
documents = {d.doc_id: d for d in engine.docs().documents}
if not documents:
    st.info("还没有文件：请先在「文件 Documents」页导入。(No documents yet.)")
    st.stop()
if st.session_state.get("summary.document") not in documents:
    st.session_state.pop("summary.document", None)  # deleted since it was chosen
doc_id = st.selectbox("文件 Document", list(documents), key="summary.document",
                      format_func=lambda d: documents[d].name)
record = documents[doc_id]
st.caption(f"{record.kind} · {record.pages} 页 pages · {record.chunks} 个片段 chunks")

points, sources = st.columns([3, 2], gap="large")
with points:
    st.subheader("要点 Points")
    st.info(COMING_SOON)
with sources:
    st.subheader("来源 Sources")
    st.caption("每条要点将标出它依据的片段与页码，以及生成方式（llm / semantic / hybrid / "
               "extractive），点开可查看原文。(Each point will carry badges for its sources.)")
