"""问答 Ask: the paralegal's quick form — a question, an optional document, a verifiable answer.

Laid out for one screen (1440×900): the form in one row; below it the answer on the left and, on
the right, the cited page zoomed to the boxed quote, kept in view while the answer scrolls. The
first evidence item opens as soon as an answer arrives; a card's button or an [E1] mark in the
conclusion opens another.

An answer is computed once per (question, document, date, user), always masked, and kept in the
session, so opening evidence reruns this script without asking (and auditing) again. Switching
on 显示敏感信息 shows that same answer unmasked (Engine.reveal_answer): one audit record of the
unmasking, naming who and which answer — never a second ask.
"""

from __future__ import annotations

from datetime import date

import streamlit as st

from engine import InputError, Permission, Role, is_blank
from ui.auth import require
from ui.components import show_error
from ui.evidence import ViewerTarget, escape_markdown, render_answer, render_viewer, side_panel_css
from ui.labels import chinese_text, label
from ui.state import get_engine

EXAMPLE = "陈晓梅前后一共转给你多少钱？"
QUESTION_KEY = "ask.question"
DOCUMENT_KEY = "ask.document"
UNMASK_KEY = "ask.unmask"
AS_OF_KEY = "ask.as_of"  # statute versions in force on this date
QUERY_KEY = "ask.query"  # (question, doc_id, as_of) last submitted
# ((question, doc_id, as_of, user), Answer) last computed, masked. The key is a plain tuple: a
# class defined in this script would be a new class on every run and never equal the stored one.
ANSWER_KEY = "ask.answer"
REVEALED_KEY = "ask.revealed"  # (the same key, the unmasked Answer, its unmasking's audit id)
VIEWER_KEY = "ask.viewer"  # ViewerTarget of the open evidence item
READER_KEY = "ask.reader"  # the original PDF in the reader instead of the zoomed page
CARD_BUTTON_PREFIX = "ask-open-"  # + evidence id; also the class the [E1] marks look for
VIEWER_CONTAINER = "ask-viewer"
# One screen: less padding above the page, and the viewer column stays in view (sticky) while
# the answer column scrolls.
LAYOUT_CSS = """<style>[data-testid="stMainBlockContainer"] { padding-top: 2.2rem; }
.st-key-ask-title h3 { padding: 0 0 .2rem 0; font-size: 1.45rem; }
.st-key-ask-title [data-testid="stColumn"]:first-child { gap: .3rem; }</style>"""


def ask_form(documents: dict[str, str], limit: int) -> bool:
    with st.form("ask.form", border=False):
        question_column, scope_column, date_column, button_column = st.columns(
            [5, 2.6, 2.3, 1.1], vertical_alignment="bottom")
        question_column.text_input(
            label("问题", "Question"), key=QUESTION_KEY, max_chars=limit,
            placeholder=f"例如：{EXAMPLE}",
            help=label(f"最多 {limit} 个字", f"at most {limit} characters"))
        scope_column.selectbox(label("文件范围", "Documents"), [None, *documents], key=DOCUMENT_KEY,
                               format_func=lambda d: label("全部文件", "all documents") if d is None
                               else documents[d])
        date_column.date_input(label("法条版本日期", "Statutes as of"), key=AS_OF_KEY,
                               value=date.today(), min_value=date(1949, 10, 1),
                               max_value=date(2100, 12, 31),
                               help=label("按该日施行的法律版本检索与回答（默认今天）",
                                          "statute versions in force on this day (default today)"))
        return button_column.form_submit_button(label("提问", "Ask"), type="primary", width="stretch")


def answer_for(engine, user, query: tuple):
    """The masked answer to ``query`` (asked once, then kept in the session), or None after an
    error."""
    question_text, scope, as_of = query
    key = (question_text, scope, as_of, user.name)  # another sign-in here asks anew
    cached = st.session_state.get(ANSWER_KEY)
    if cached is not None and cached[0] == key:
        return cached[1]
    try:
        with st.spinner(label("检索与核验中…", "searching and verifying…")):
            answer = engine.ask(question_text, doc_id=scope, user=user.name, as_of=as_of)
    except InputError as exc:  # the engine's own limits: say them, no traceback
        st.warning(escape_markdown(chinese_text(str(exc))))
        return None
    except Exception as exc:  # noqa: BLE001 — shown as a message and logged by show_error
        show_error(exc, label("提问", "Asking"))
        return None
    st.session_state[ANSWER_KEY] = (key, answer)
    st.session_state.pop(REVEALED_KEY, None)
    # a new answer opens its first evidence item, so the boxed page is in view at once
    st.session_state[VIEWER_KEY] = ViewerTarget.of(answer.evidence[0]) if answer.evidence else None
    return answer


def unmasked_view(engine, user, answer):
    """The answer already shown, unmasked: revealed once per answer (one audit record), then
    kept. None when it cannot be (shown as a message)."""
    key = st.session_state[ANSWER_KEY][0]
    revealed = st.session_state.get(REVEALED_KEY)
    if revealed is not None and revealed[0] == key:
        return revealed[1]
    try:
        shown, record_id = engine.reveal_answer(answer, user)
    except Exception as exc:  # noqa: BLE001 — shown as a message and logged by show_error
        show_error(exc, label("显示敏感信息", "Unmasking"))
        return None
    st.session_state[REVEALED_KEY] = (key, shown, record_id)
    return shown


user = require(Permission.ASK)
engine = get_engine()
# Decided here on every run from the signed-in role: the toggle is drawn only for roles that may
# unmask, and its session value counts only for them, so a value planted in the session by any
# other means never reveals anything.
may_unmask = user.can(Permission.UNMASK_PII)
limit = engine.settings.limits.question_chars

st.html(LAYOUT_CSS + side_panel_css(VIEWER_CONTAINER))
documents = {d.doc_id: d.name for d in engine.docs().documents}
if st.session_state.get(DOCUMENT_KEY) not in (None, *documents):
    del st.session_state[DOCUMENT_KEY]  # the chosen file was deleted since

# One row: the title (and, for roles that may, the personal-data switch under it) beside the form.
title_column, form_column = st.container(key="ask-title").columns([1.8, 9.2], vertical_alignment="center")
title_column.subheader(label("问答", "Ask"))
if may_unmask:
    title_column.toggle(label("显示敏感信息", "Show personal data"), key=UNMASK_KEY,
                        help=label("显示身份证号、银行卡号、手机号等原文；每次查看都记入审计。",
                                   "show ID, card and phone numbers in full; every view is audited"))
unmask = may_unmask and st.session_state.get(UNMASK_KEY) is True

with form_column:
    submitted = ask_form(documents, limit)
if submitted:
    question = (st.session_state.get(QUESTION_KEY) or "").strip()
    if is_blank(question):  # zero-width characters alone are no question either
        st.warning(label(f"请输入问题，例如：{EXAMPLE}", "Please type a question."))
    else:
        st.session_state[QUERY_KEY] = (question, st.session_state.get(DOCUMENT_KEY),
                                       st.session_state.get(AS_OF_KEY))

if QUERY_KEY not in st.session_state:
    if not submitted:
        st.info(label("提问后，左侧列出结论、原文证据、计算复核、冲突与材料缺口，右侧显示引文所在页并框出位置；"
                      "点结论中的 E1 或证据卡片上的「查看原文」可切换。",
                      "Ask a question: the answer on the left, the cited page with the quote boxed "
                      "on the right."))
    st.stop()

answer = answer_for(engine, user, st.session_state[QUERY_KEY])
if answer is None:
    st.stop()
if unmask:
    answer = unmasked_view(engine, user, answer) or answer

target = st.session_state.get(VIEWER_KEY)
if isinstance(target, ViewerTarget) and (target.evidence_id, target.chunk_id) not in {
        (e.id, e.chunk.chunk_id) for e in answer.evidence}:
    target = None
    st.session_state[VIEWER_KEY] = None

question_text, scope, _ = st.session_state[QUERY_KEY]
scope_name = label("全部文件", "all documents") if scope is None else documents.get(scope, scope)
# The question answered, when the form no longer shows it (edited since, or another scope).
asked = None if (st.session_state.get(QUESTION_KEY) or "").strip() == question_text and \
    st.session_state.get(DOCUMENT_KEY) == scope else \
    f"{label('问', 'Q')}：{escape_markdown(question_text)}（{escape_markdown(scope_name)}）"
answer_column, source_column = st.columns([1, 1], gap="medium")
with answer_column, st.container(key="ask-answer"):
    render_answer(answer, viewer_key=VIEWER_KEY, button_prefix=CARD_BUTTON_PREFIX, engine=engine, asked=asked,
                  internals=user.role is Role.ADMIN, audit_visible=user.can(Permission.VIEW_AUDIT))
with source_column, st.container(key=VIEWER_CONTAINER):
    if isinstance(target, ViewerTarget):
        render_viewer(engine, target, masked=answer.pii_masked, reader_key=READER_KEY)
    elif answer.evidence:
        st.caption(label("点证据卡片上的「查看原文」，原件会在这里打开并框出引文位置。",
                         "Open an evidence card to see its page here."))
