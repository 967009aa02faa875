"""问答 Ask: the paralegal's quick form — a question, an optional document, a verifiable answer.

An answer is computed once per (question, document, unmask) and kept in the session, so clicking
an evidence card reruns this script without asking (and auditing) again.
"""

from __future__ import annotations

from datetime import date

import streamlit as st

from engine.auth import Permission
from ui.auth import require
from ui.components import show_error
from ui.evidence import ViewerTarget, escape_markdown, render_answer, render_viewer
from ui.state import get_engine

ALL_DOCUMENTS = "全部文件"
EXAMPLE = "陈晓梅前后一共转给你多少钱？"
QUESTION_KEY = "ask.question"
DOCUMENT_KEY = "ask.document"
UNMASK_KEY = "ask.unmask"
AS_OF_KEY = "ask.as_of"  # statute versions in force on this date
QUERY_KEY = "ask.query"  # (question, doc_id) last submitted
# ((question, doc_id, unmask, user), Answer) last computed. The key is a plain tuple: a class
# defined in this script would be a new class on every run and never equal the stored one.
ANSWER_KEY = "ask.answer"
VIEWER_KEY = "ask.viewer"  # ViewerTarget of the open evidence card
CARD_BUTTON_PREFIX = "ask.open."


user = require(Permission.ASK)
engine = get_engine()
# Decided here on every run from the signed-in role: the toggle is drawn only for roles that may
# unmask, and its session value counts only for them, so a value planted in the session by any
# other means never reaches ask(unmask=True).
may_unmask = user.can(Permission.UNMASK_PII)

st.header("问答 Ask")
documents = {d.doc_id: d.name for d in engine.docs().documents}
if st.session_state.get(DOCUMENT_KEY) not in (None, *documents):
    del st.session_state[DOCUMENT_KEY]  # the chosen file was deleted since

with st.form("ask.form"):
    question = st.text_input("问题 Question", key=QUESTION_KEY, placeholder=f"例如：{EXAMPLE}")
    doc_id = st.selectbox("文件范围 Documents", [None, *documents], key=DOCUMENT_KEY,
                          format_func=lambda d: ALL_DOCUMENTS if d is None else documents[d])
    as_of = st.date_input("法条版本日期 Statutes as of", key=AS_OF_KEY, value=date.today(),
                          min_value=date(1949, 10, 1), max_value=date(2100, 12, 31),
                          help="按该日施行的法律版本检索与回答（默认今天）。")
    submitted = st.form_submit_button("提问 Ask", type="primary")
if may_unmask:
    st.toggle("显示敏感信息 Show personal data", key=UNMASK_KEY,
              help="显示身份证号、银行卡号、手机号等原文；每次查看都记入审计。")
unmask = may_unmask and st.session_state.get(UNMASK_KEY) is True

if submitted:
    if not (question or "").strip():
        st.warning(f"请输入问题，例如：{EXAMPLE} (Please type a question.)")
    else:
        st.session_state[QUERY_KEY] = (question.strip(), doc_id, as_of)
        st.session_state.pop(VIEWER_KEY, None)

if QUERY_KEY not in st.session_state:
    if not submitted:
        st.info("提问后，答案分栏列出结论、原文证据、计算复核、冲突与材料缺口；"
                "点「查看原文」可在原件中看到高亮的位置。")
    st.stop()

question_text, scope, as_of = st.session_state[QUERY_KEY]
query = (question_text, scope, as_of, unmask, user.name)  # another sign-in in this browser asks anew
cached = st.session_state.get(ANSWER_KEY)
if cached is not None and cached[0] == query:
    answer = cached[1]
else:
    try:
        with st.spinner("检索与核验中… (searching and verifying)"):
            answer = engine.ask(question_text, doc_id=scope, unmask=unmask, user=user.name, as_of=as_of)
    except Exception as exc:  # noqa: BLE001 — shown as a message and logged by show_error
        show_error(exc, "提问 Asking")
        st.stop()
    st.session_state[ANSWER_KEY] = (query, answer)

target = st.session_state.get(VIEWER_KEY)
if isinstance(target, ViewerTarget) and (target.evidence_id, target.chunk_id) not in {
        (e.id, e.chunk.chunk_id) for e in answer.evidence}:
    target = None
    del st.session_state[VIEWER_KEY]

scope_name = ALL_DOCUMENTS if scope is None else documents.get(scope, scope)
st.caption(f"问题：{escape_markdown(question_text)} · 范围：{escape_markdown(scope_name)}")
answer_column, source_column = st.columns([1, 1], gap="large")
with answer_column:
    render_answer(answer, viewer_key=VIEWER_KEY, button_prefix=CARD_BUTTON_PREFIX)
with source_column:
    if isinstance(target, ViewerTarget):
        render_viewer(engine, target, masked=answer.pii_masked)
    elif answer.evidence:
        st.caption("点证据卡片上的「查看原文」，原件会在这里打开并高亮引文位置。")
