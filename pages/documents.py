"""Documents: the corpus, each file's per-page parse quality and its chunks."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui.state import get_engine

engine = get_engine()
st.header("文件 Documents")

documents = engine.docs().to_dict()["documents"]
if not documents:
    st.info("语料库为空。用 `python -m engine ingest 文件...` 导入文件。 (The corpus is empty.)")
    st.stop()

st.dataframe(pd.DataFrame(documents)[["name", "kind", "pages", "chunks", "ocr_pages", "doc_id"]],
             hide_index=True, use_container_width=True)

choice = st.selectbox("查看文件 Inspect", documents, format_func=lambda d: d["name"])
record = engine.document(choice["doc_id"])
quality = pd.DataFrame(record.meta.get("quality", []))
if not quality.empty:
    st.subheader("逐页解析质量 Parse quality per page")
    st.dataframe(quality[["page", "char_count", "garbled_rate", "pattern_hits", "needs_ocr", "ocr_used",
                          "reasons"]], hide_index=True, use_container_width=True)

st.subheader("片段 Chunks")
chunks = engine.chunks(choice["doc_id"])
st.dataframe(pd.DataFrame([{"seq": c.seq, "type": c.chunk_type, "pages": f"{c.page_start}-{c.page_end}",
                            "pii": c.pii_level, "text": c.text[:120]} for c in chunks]),
             hide_index=True, use_container_width=True)
