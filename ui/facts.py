"""Helpers of the Facts page: the typed query from the widgets, table rows, fact cards, and the
viewer target of a fact (its span's page with the highlight, drawn by ui/evidence.py's viewer).

Pure functions first (tested without Streamlit); ``render_*`` only lay them out.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

import streamlit as st

from engine import (CLAUSE_TYPES, CONTRACT_TYPES, FIELD_LABELS, FIELD_NAMES, Aggregation, AmountFilter,
                    Comparison, ContractFacts, DateRange, FactQuery, FactQueryResult, GroupBy, Located,
                    chunk_range_to_spans, display_jurisdiction, format_decimal, masked_facts, spans_bboxes)
from ui.evidence import ViewerTarget, escape_markdown, pdf_annotations
from ui.labels import bilingual, chinese_text, label, named

COMPARISONS = {"＞": Comparison.GT, "≥": Comparison.GE, "＜": Comparison.LT, "≤": Comparison.LE, "＝": Comparison.EQ}
# keyed by the enums' values (a str-Enum member does not hash like its value)
AGGREGATION_NAMES = {Aggregation.LIST.value: ("列表", "list"), Aggregation.COUNT.value: ("计数", "count"),
                     Aggregation.SUM.value: ("合计金额", "sum"), Aggregation.GROUP.value: ("分组", "group by")}
GROUP_NAMES = {GroupBy.GOVERNING_LAW.value: ("适用法律", "governing law"),
               GroupBy.CONTRACT_TYPE.value: ("类型", "type"), GroupBy.PARTY.value: ("当事人", "party"),
               GroupBy.CURRENCY.value: ("币种", "currency"), GroupBy.YEAR.value: ("起始年份", "year")}
ALIGNMENT_NAMES = {"exact": ("逐字定位", "exact"), "fuzzy": ("近似定位", "fuzzy"), "none": ("未定位", "none")}
SOURCE_NAMES = {"rules": ("规则", "rules"), "llm": ("大模型", "LLM")}
LANGUAGE_NAMES = {"zh": ("中文", "Chinese"), "en": ("英文", "English")}
UNIT_WORDS = {"years": "年", "months": "个月", "weeks": "周", "days": "天", "business_days": "个工作日"}


MERGE_NAMES = {"same_normalised_name": ("名称相同", "same name"), "similar_name": ("名称相近", "similar name")}


def columns() -> tuple[str, str]:
    """The fact table's field and value columns, in this session's language."""
    return label("字段", "Field"), label("值", "Value")


def clause_name(clause_type: str) -> str:
    return bilingual(CLAUSE_TYPES.get(clause_type)) if clause_type in CLAUSE_TYPES else label("其他条款", "other")


def group_value(group_by: GroupBy, key: str) -> str:
    """A group's key as a person reads it (a contract type's name, not its key)."""
    if group_by is GroupBy.CONTRACT_TYPE:
        return display_value("contract_type", key)
    return str(key)


class QueryError(ValueError):
    """A widget value the query cannot take (shown to the user as a message)."""


def parse_amount(text: str | None) -> Decimal | None:
    """"200,000" / "200000.50" → Decimal; empty → None; anything else → QueryError."""
    if text is None or not text.strip():
        return None
    try:
        value = Decimal(text.strip().replace(",", "").replace("，", ""))
    except InvalidOperation:
        raise QueryError(f"{label('金额应为数字', 'amount must be a number')}：{text}") from None
    if not value.is_finite():
        raise QueryError(f"{label('金额应为数字', 'amount must be a number')}：{text}")
    return value


def build_query(*, contract_type: str | None = None, party: str | None = None, governing_law: str | None = None,
                effective_from: date | None = None, effective_to: date | None = None,
                ends_from: date | None = None, ends_to: date | None = None, amount_op: str | None = None,
                amount: str | None = None, currency: str | None = None, active_on: date | None = None,
                aggregation: Aggregation = Aggregation.LIST, group_by: GroupBy | None = None) -> FactQuery:
    """The FactQuery the filter widgets describe (enum choices only; values stay values)."""
    value = parse_amount(amount)
    if value is not None and amount_op not in COMPARISONS:
        raise QueryError(label("请选择金额比较方式", "choose how to compare the amount"))
    kind = Aggregation(aggregation)
    if kind is Aggregation.GROUP and group_by is None:
        raise QueryError(label("请选择分组字段", "choose what to group by"))
    return FactQuery(
        contract_type=contract_type or None, party=(party or "").strip() or None,
        governing_law=governing_law or None,
        effective=DateRange(effective_from, effective_to) if effective_from or effective_to else None,
        ends=DateRange(ends_from, ends_to) if ends_from or ends_to else None,
        amount=AmountFilter(COMPARISONS[amount_op], value, currency or None) if value is not None else None,
        active_on=active_on, aggregation=kind, group_by=group_by if kind is Aggregation.GROUP else None)


def period_text(period: dict[str, int] | None) -> str:
    if not period:
        return "—"
    return "".join(f"{n}{UNIT_WORDS.get(unit, unit)}" for unit, n in period.items())


def display_value(name: str, value: Any) -> str:
    """A field value as a person reads it (values as extracted: nothing computed here)."""
    if value is None:
        return "—"
    if name in ("duration", "renewal_notice"):
        return period_text(value)
    if name == "renewal_term":
        how = {True: label("自动续期", "automatic"), False: label("需双方同意", "by agreement"),
               None: label("续期方式未说明", "renewal not stated")}[value.get("automatic")]
        return f"{how}，每期 {period_text(value.get('period'))}"
    if name == "total_amount":
        amount = value.get("value")
        number = format_decimal(Decimal(str(amount))) if amount is not None else "—"
        return f"{number} {value.get('currency') or ''}".strip()
    if name == "governing_law":
        return f"{value.get('text')}（{'、'.join(value.get('jurisdictions', []))}）"
    if name == "contract_type":
        return bilingual(CONTRACT_TYPES.get(value)) if value in CONTRACT_TYPES else label("其他", "other")
    if name == "termination_terms":
        kind = named({"convenience": ("任意解除", "for convenience"), "cause": ("违约解除", "for cause")},
                     value.get("kind"))
        return kind + (f"，提前通知 {period_text(value['notice'])}" if value.get("notice") else "")
    return str(value)


def contract_rows(result: FactQueryResult, *, unmask: bool) -> list[dict[str, Any]]:
    """The contracts table: one row per matching contract."""
    rows = []
    for r in result.rows:
        rows.append({label("文件", "Document"): r.doc_name, label("标题", "Title"): r.title or "—",
                     label("类型", "Type"): display_value("contract_type", r.contract_type),
                     label("当事人", "Parties"): "、".join(r.parties) or "—",
                     label("适用法律", "Law"): "、".join(display_jurisdiction(j, r.language == "zh")
                                                        for j in r.jurisdictions) or "—",
                     label("起始", "Start"): r.start_date or "—",
                     label("终止", "End"): (r.end_date + (label("（推算）", " (derived)") if r.end_basis == "derived"
                                                          else "")) if r.end_date else "—",
                     label("总额", "Total"): format_decimal(r.total_amount) if r.total_amount is not None else "—",
                     label("币种", "Currency"): r.currency or "—"})
    return rows if unmask else masked_facts(rows, "text")


def fact_rows(facts: ContractFacts, *, unmask: bool) -> list[dict[str, Any]]:
    """A contract's fields, each with its text, page and how exactly it was located (empty ones
    too); character offsets stay inside (they place the highlight), never on the card."""
    rows = []
    field_column, value_column = columns()
    items = [(f"field:{name}", name, facts.field_or_empty(name)) for name in FIELD_NAMES]
    items += [(f"term:{i}", "termination_terms", f) for i, f in enumerate(facts.lists.get("termination_terms", []))]
    for key, name, f in items:
        rows.append({"key": key, field_column: bilingual(FIELD_LABELS[name]),
                     value_column: display_value(name, f.value),
                     label("原文", "Text"): f.text or "—", label("页", "Page"): "—" if f.page is None else str(f.page),
                     label("对齐", "Alignment"): named(ALIGNMENT_NAMES, f.alignment.value),
                     label("来源", "Source"): named(SOURCE_NAMES, f.source.value), "item": f})
    if not unmask:
        for row in rows:
            row[label("原文", "Text")] = masked_facts(row[label("原文", "Text")], "text")
            row[value_column] = masked_facts(row[value_column], "text")
    return rows


def viewer_target(engine, item: Located, label: str) -> ViewerTarget | None:
    """The viewer target of a located fact: its chunk, its span and the boxes of that span."""
    if not item.located:
        return None
    chunks = engine.index.catalog.get_chunks([item.chunk_id])
    if not chunks:
        return None
    chunk = chunks[0]
    pages = {p.number: p for p in engine.pages(chunk.doc_id)}
    boxes = spans_bboxes(pages, chunk_range_to_spans(chunk.spans, item.start, item.end))
    page_numbers = [b.page for b in boxes] or [item.page or chunk.page_start]
    return ViewerTarget(evidence_id=label, doc_id=chunk.doc_id, chunk_id=chunk.chunk_id, page=min(page_numbers),
                        page_end=max(page_numbers), quote_start=item.start, quote_end=item.end,
                        annotations=pdf_annotations(boxes))


# --- rendering --------------------------------------------------------------------------------


def render_aggregate(result: FactQueryResult) -> None:
    query = result.query
    if query.aggregation is Aggregation.COUNT:
        st.metric(label("合同数", "Contracts"), result.count)
    elif query.aggregation is Aggregation.SUM:
        if not result.sums:
            st.caption(label("没有定位到总额的合同", "no totals located"))
        for currency, total in result.sums.items():
            st.metric(f"{label('合计', 'Sum')}（{currency}）", format_decimal(total))
        if result.sums:
            st.caption("按币种分别相加；未定位到总额的合同不计入（见下方）。")
    elif query.aggregation is Aggregation.GROUP:
        group = named(GROUP_NAMES, query.group_by)
        st.dataframe([{group: (label("未定位", "unknown") if k is None else group_value(query.group_by, k)),
                       label("合同数", "Contracts"): n}
                      for k, n in result.groups], hide_index=True, width="stretch")
    else:
        st.caption(label("列表：下方列出符合条件的合同", "list: the matching contracts below"))


def render_unknown(result: FactQueryResult) -> None:
    if result.unknown:
        st.warning("以下合同无法据已定位的事实判断，未计入：\n" + "\n".join(
            f"- {escape_markdown(r.doc_name)}：{escape_markdown(why)}" for r, why in result.unknown))


def render_fact_card(engine, facts: ContractFacts, *, unmask: bool, viewer_key: str, button_prefix: str,
                     internals: bool = False) -> None:
    """One contract: its fields with sources, parties (with entity merges), key clauses; every
    located item has a button that opens its page in the viewer with the span highlighted.
    ``internals`` (admins): the model and the extractor's version too."""
    st.caption(f"{named(LANGUAGE_NAMES, facts.language)} · {label('抽取方式', 'extracted by')} "
               f"{named(SOURCE_NAMES, facts.mode.value)}"
               + (f" · {escape_markdown(facts.model)}" if facts.model and internals else "")
               + (f" · {label('抽取器版本', 'extractor')} {escape_markdown(facts.extractor_version)}"
                  if internals else ""))
    rows = fact_rows(facts, unmask=unmask)
    field_column, value_column = columns()
    st.dataframe([{k: v for k, v in r.items() if k not in ("key", "item")} for r in rows], hide_index=True,
                 width="stretch")
    for row in rows:
        item = row["item"]
        if item.located:
            _source_button(engine, item, f"{row[field_column]} · {row[value_column]}", f"{facts.doc_id}:{row['key']}",
                           viewer_key, button_prefix)
    if facts.parties:
        st.markdown(f"**{label('当事人', 'Parties')}**")
        for i, party in enumerate(facts.parties):
            location = party.location if unmask else masked_facts(party.location, "location")
            merge = party.merge or {}
            how = ("" if merge.get("method") in (None, "own") else
                   f" · 与「{escape_markdown(str(merge.get('merged_with')))}」视为同一方"
                   f"（{named(MERGE_NAMES, merge.get('method'))}）")
            st.markdown(f"- {escape_markdown(party.name)}（{escape_markdown(party.role or '—')}）"
                        f"{' · ' + escape_markdown(location) if location else ''}{how}")
            _source_button(engine, party, f"{label('当事人', 'party')} {party.name}", f"{facts.doc_id}:party:{i}", viewer_key,
                           button_prefix)
    if facts.clauses:
        st.markdown(f"**{label('关键条款', 'Key clauses')}**")
        for i, clause in enumerate(facts.clauses):
            summary = clause.summary if unmask else masked_facts(clause.summary, "summary")
            st.markdown(f"- **{escape_markdown(clause_name(clause.clause_type))}** · "
                        f"第{clause.page}页：{escape_markdown(summary)}")
            _source_button(engine, clause, clause_name(clause.clause_type),
                           f"{facts.doc_id}:clause:{i}", viewer_key, button_prefix)
    for note in facts.notes:
        st.caption(f"{label('注', 'note')}：{escape_markdown(chinese_text(note))}")


def _source_button(engine, item: Located, label: str, key: str, viewer_key: str, button_prefix: str) -> None:
    selected = st.session_state.get(viewer_key)
    is_open = isinstance(selected, ViewerTarget) and selected.evidence_id == label and \
        selected.chunk_id == item.chunk_id and selected.quote_start == item.start
    st.button(f"{'▶ 正在查看' if is_open else '查看原文'} 第{item.page}页 · {escape_markdown(label[:40])}",
              key=button_prefix + key,
              type="primary" if is_open else "secondary", on_click=_open,
              args=(engine, item, label, viewer_key))


def _open(engine, item: Located, label: str, viewer_key: str) -> None:
    target = viewer_target(engine, item, label)
    if target is not None:
        st.session_state[viewer_key] = target
