"""LexTrace dashboard entry point: navigation and the sidebar status. Pages stay thin."""

from __future__ import annotations

import streamlit as st

from ui.state import get_engine

st.set_page_config(page_title="LexTrace", page_icon="⚖️", layout="wide")

engine = get_engine()
with st.sidebar:
    st.markdown("### LexTrace")
    status = engine.status()
    st.caption(f"语料 Corpus: {status['documents']} 份文件 · {status['chunks']} 个片段")
    st.caption(f"向量模型 Embedding: {status['embedding_model']}")
    st.caption(f"大模型 LLM: {status['llm'] or '未启用 (off)'}")

navigation = st.navigation([
    st.Page("pages/documents.py", title="文件 Documents", icon="📄", default=True),
])
navigation.run()
