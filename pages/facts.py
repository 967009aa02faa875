"""事实 Facts — contract facts across the corpus: filter, aggregate, and open each fact's source.

Filters and aggregations are the typed query tool's enums (engine/contract_facts/query.py); the table lists
the matching contracts, the cards show every field with its page, character span and alignment
(exact / fuzzy / none), and 查看原文 opens the span's page with the highlight on the right.
Facts of contracts ingested before this page existed are extracted on first view.
"""

from __future__ import annotations

import streamlit as st

from engine import Aggregation, GroupBy, Permission, Role
from ui.auth import record_unmask, require
from ui.components import escape_markdown, show_error
from ui.evidence import ViewerTarget, render_viewer, side_panel_css
from ui.facts import (AGGREGATION_NAMES, COMPARISONS, GROUP_NAMES, QueryError, build_query, contract_rows,
                      display_value, render_aggregate, render_fact_card, render_unknown)
from ui.labels import chinese_text, label, named
from ui.state import get_engine

VIEWER_KEY = "facts.viewer"
VIEWER_CONTAINER = "facts-viewer"
UNMASK_KEY = "facts.unmask"
BUTTON_PREFIX = "facts.open."


def any_or(value, shown: str | None = None) -> str:
    return label("全部", "any") if value is None else (shown if shown is not None else str(value))


user = require(Permission.VIEW_DOCUMENTS)
engine = get_engine()
st.header(label("事实", "Facts"))
# Masked by default; the toggle exists only for roles that may unmask, decided on every run.
unmask = user.can(Permission.UNMASK_PII) and st.toggle(
    label("显示个人信息（记入审计）", "Show personal data (audited)"), key=UNMASK_KEY, value=False) is True
if not any(d.kind == "contract" for d in engine.docs().documents):
    st.info(label("还没有合同：请先在「文件」页导入合同。", "No contracts yet."))
    st.stop()
try:
    with st.spinner(label("抽取合同事实…", "extracting contract facts…")):
        laws, kinds = engine.fact_filters()
except Exception as exc:  # noqa: BLE001 — shown as a message and logged by show_error
    show_error(exc, label("读取合同事实", "Reading contract facts"))
    st.stop()

with st.expander(label("筛选与汇总", "Filters and aggregation"), expanded=True):
    a, b, c = st.columns(3)
    contract_type = a.selectbox(label("类型", "Type"), [None, *kinds], key="facts.type",
                                format_func=lambda k: any_or(k, display_value("contract_type", k)))
    party = b.text_input(label("当事人", "Party"), key="facts.party", placeholder="如 Northwind / 某某科技")
    law = c.selectbox(label("适用法律", "Governing law"), [None, *laws], key="facts.law", format_func=any_or)
    d, e, f, g = st.columns(4)
    effective_from = d.date_input(label("生效日期起", "Effective from"), value=None, key="facts.effective_from")
    effective_to = e.date_input(label("生效日期止", "Effective to"), value=None, key="facts.effective_to")
    ends_from = f.date_input(label("终止日期起", "Ends from"), value=None, key="facts.ends_from")
    ends_to = g.date_input(label("终止日期止", "Ends to"), value=None, key="facts.ends_to")
    h, i, j, k = st.columns(4)
    amount_op = h.selectbox(label("总额", "Total"), [None, *COMPARISONS], key="facts.amount_op",
                            format_func=lambda o: label("不限", "any") if o is None else o)
    amount = i.text_input(label("金额", "Amount"), key="facts.amount", placeholder="200000")
    currency = j.selectbox(label("币种", "Currency"), [None, "CNY", "USD", "EUR", "HKD", "GBP", "JPY"],
                           key="facts.currency", format_func=any_or)
    active_on = k.date_input(label("在此日有效", "Active on"), value=None, key="facts.active_on")
    m, n = st.columns(2)
    aggregation = m.radio(label("汇总", "Aggregation"), list(Aggregation), key="facts.aggregation",
                          horizontal=True, format_func=lambda a: named(AGGREGATION_NAMES, a))
    group_by = n.selectbox(label("分组", "Group by"), [None, *GroupBy], key="facts.group_by",
                           format_func=lambda gb: "—" if gb is None else named(GROUP_NAMES, gb),
                           disabled=aggregation is not Aggregation.GROUP)

try:
    query = build_query(contract_type=contract_type, party=party, governing_law=law,
                        effective_from=effective_from, effective_to=effective_to, ends_from=ends_from,
                        ends_to=ends_to, amount_op=amount_op, amount=amount, currency=currency,
                        active_on=active_on, aggregation=aggregation, group_by=group_by)
except QueryError as exc:
    st.warning(escape_markdown(chinese_text(str(exc))))
    st.stop()
result = engine.query_facts(query)
target = st.session_state.get(VIEWER_KEY)
if not (isinstance(target, ViewerTarget) and engine.document(target.doc_id) is not None):
    target = None
if unmask:  # before anything is drawn: what is about to be shown unmasked is on the record
    shown = {row.doc_id for row in result.rows} | ({target.doc_id} if target else set())
    if shown:
        record_unmask(engine, user, "facts", {"doc_ids": sorted(shown)})

st.html(side_panel_css(VIEWER_CONTAINER))  # the source stays beside the fact that opened it
facts_column, source_column = st.columns([1, 1], gap="medium")
with facts_column:
    st.subheader(label("汇总", "Aggregation"))
    render_aggregate(result)
    st.subheader(f"{label('合同', 'Contracts')}（{len(result.rows)}）")
    if result.rows:
        st.dataframe(contract_rows(result, unmask=unmask), hide_index=True, width="stretch")
    else:
        st.info(label("没有符合条件的合同。", "No contract matches."))
    render_unknown(result)
    st.subheader(label("事实卡片", "Fact cards"))
    for row in result.rows:
        facts = engine.contract_facts(row.doc_id)
        if facts is None:
            continue
        with st.expander(f"{escape_markdown(row.title or row.doc_name)} — {escape_markdown(row.doc_name)}"):
            render_fact_card(engine, facts, unmask=unmask, viewer_key=VIEWER_KEY, button_prefix=BUTTON_PREFIX,
                             internals=user.role is Role.ADMIN)

with source_column, st.container(key=VIEWER_CONTAINER):
    st.subheader(label("原文", "Source"))
    if target is not None:
        render_viewer(engine, target, masked=not unmask, reader_key="facts.reader")
    else:
        st.caption(label("点事实卡片上的「查看原文」，原件会在这里打开并高亮该事实的位置。",
                         "Open a fact's source to see its page here."))
