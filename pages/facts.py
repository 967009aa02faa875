"""事实 Facts — the page's frame: choose documents, filter the fact table, aggregate it.

Contract facts (each field with its value, page, character span and alignment exact / fuzzy /
none) arrive with the facts feature (``python -m engine facts``); until it exists the controls
are drawn disabled and the page says so, showing no values.
"""

from __future__ import annotations

import streamlit as st

from engine.auth import Permission
from ui.auth import require
from ui.state import get_engine

COMING_SOON = ("即将推出 (arrives with the facts feature)：合同事实抽取尚未上线，"
               "这里暂不显示任何事实。")
ALL_DOCUMENTS = "全部文件 all documents"
ALIGNMENTS = ("exact", "fuzzy", "none")  # how a fact's text was located in its source

require(Permission.VIEW_DOCUMENTS)
engine = get_engine()
st.header("事实 Facts")
documents = {d.doc_id: d.name for d in engine.docs().documents}
if not documents:
    st.info("还没有文件：请先在「文件 Documents」页导入。(No documents yet.)")
    st.stop()
if st.session_state.get("facts.document") not in (None, *documents):
    st.session_state.pop("facts.document", None)  # deleted since it was chosen
st.selectbox("文件 Documents", [None, *documents], key="facts.document",
             format_func=lambda d: ALL_DOCUMENTS if d is None else documents[d])

st.subheader("事实表 Fact table")
field, alignment, contains = st.columns(3)
field.text_input("字段 Field", key="facts.field", disabled=True)
alignment.multiselect("对齐 Alignment", ALIGNMENTS, key="facts.alignment", disabled=True,
                      placeholder="exact / fuzzy / none",
                      help="exact：原文逐字找到；fuzzy：近似定位；none：未能定位（不给出位置）")
contains.text_input("包含文字 Contains", key="facts.contains", disabled=True)
st.info(COMING_SOON)

st.subheader("汇总 Aggregation")
st.caption("按字段、当事人或文件汇总事实（如金额合计、期限），每个汇总值都能追溯到原文。"
           "筛选与汇总随事实功能一同启用。(Filters and aggregation switch on with the facts feature.)")
