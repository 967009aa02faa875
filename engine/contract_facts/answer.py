"""A corpus-level facts question answered from the fact tables, as a real ``Answer``.

Each listed contract is cited by the stored spans of the facts that decided it (its governing
law clause, its party line, its term, its total): evidence quotes are verbatim chunk text with
their page boxes, so the Ask page shows and highlights them like any other answer. Counts are
written in Chinese numerals and the filter values of the question are not repeated in the
conclusion, so every Arabic numeral and date in it comes from the cited quotes (the verifier
checks exactly that); a sum is shown as a calculation over the cited totals.
"""

from __future__ import annotations

from typing import Any

from engine.answer.model import (NOT_FOUND_PHRASE, Answer, Calculation, Evidence, Gap, Mode, Status)
from engine.answer.verify import verify
from engine.text.jurisdiction import display_jurisdiction
from engine.contract_facts.model import CONTRACT_TYPES
from engine.contract_facts.query import Aggregation, ContractRow, FactQuery, FactQueryResult, GroupBy, run_fact_query
from engine.answer.wording import CURRENCY_UNITS
from engine.contract_facts.service import catalog_of, ensure_facts, fact_store
from engine.ingest.anchors import chunk_range_to_spans, spans_bboxes
from engine.text.numbers import format_decimal, to_chinese
from engine.timing import Stopwatch

MAX_LISTED = 20  # contracts named in a conclusion; the rest are counted
GROUP_LABELS = {GroupBy.GOVERNING_LAW: "适用法律", GroupBy.CONTRACT_TYPE: "合同类型", GroupBy.CURRENCY: "币种",
                GroupBy.PARTY: "当事人", GroupBy.YEAR: "起始年份"}
EVIDENCE_ROLE = "fact"


def _cn(n: int) -> str:
    return to_chinese(n)


_START_FIELDS = ("term_start", "effective_date", "agreement_date")  # the order start_date is taken in


def _fields_for(query: FactQuery, row: ContractRow, available: set[str]) -> list[str]:
    """The facts that decided this contract for this query, in citing order."""
    names: list[str] = []
    if query.governing_law is not None or query.group_by is GroupBy.GOVERNING_LAW:
        names.append("governing_law")
    if query.contract_type is not None or query.group_by is GroupBy.CONTRACT_TYPE:
        names.append("title")
    if query.effective is not None:
        names.append("effective_date")
    start = next((n for n in _START_FIELDS if n in available), None)
    if (_asks_active(query) or query.group_by is GroupBy.YEAR) and start:
        names.append(start)
    if _asks_active(query) or query.ends is not None:
        names.append("termination_date" if row.end_basis == "stated" else "duration")
    if query.amount is not None or query.aggregation is Aggregation.SUM or query.group_by is GroupBy.CURRENCY:
        names.append("total_amount")
    if not names and query.party is None:
        names.append("title")
    return list(dict.fromkeys(names))


class _Citer:
    """Evidence E1…En from stored fact rows, one item per quote."""

    def __init__(self, catalog):
        self.catalog = catalog
        self.items: list[Evidence] = []
        self._pages: dict[str, dict] = {}
        self._chunks: dict[str, Any] = {}

    def cite(self, row: Any, doc_name: str) -> str | None:
        chunk_id = row["chunk_id"]
        if chunk_id not in self._chunks:
            found = self.catalog.get_chunks([chunk_id])
            self._chunks[chunk_id] = found[0] if found else None
        chunk = self._chunks[chunk_id]
        if chunk is None:
            return None
        start, end = row["quote_start"], row["quote_end"]
        for item in self.items:
            if item.chunk.chunk_id == chunk_id and item.quote_start <= start and end <= item.quote_end:
                return item.id
        if chunk.doc_id not in self._pages:
            self._pages[chunk.doc_id] = {p.number: p for p in self.catalog.pages(chunk.doc_id)}
        boxes = spans_bboxes(self._pages[chunk.doc_id], chunk_range_to_spans(chunk.spans, start, end))
        item = Evidence(id=f"E{len(self.items) + 1}", chunk=chunk, doc_name=doc_name, quote_start=start,
                        quote_end=end, bboxes=boxes, score=1.0, role=EVIDENCE_ROLE)
        self.items.append(item)
        return item.id


def _display_name(row: ContractRow) -> str:
    if row.title:
        return row.title
    name = row.doc_name
    return name.rsplit(".", 1)[0] if "." in name else name


def _asks_active(query: FactQuery) -> bool:
    return query.active_on is not None or query.active_during is not None


def _describe(query: FactQuery) -> str:
    """The filters in words, without the question's own numbers and dates (see module doc)."""
    parts = []
    if query.governing_law is not None:
        parts.append(f"适用{display_jurisdiction(query.governing_law, True)}法律")
    if query.party is not None:
        parts.append(f"当事人包括「{query.party}」")
    if query.contract_type is not None:
        parts.append(f"类型为{CONTRACT_TYPES.get(query.contract_type, query.contract_type).split()[0]}")
    if query.effective is not None:
        parts.append("生效日期在所问范围内")
    if query.ends is not None:
        parts.append("期限届满日在所问范围内")
    if query.amount is not None:
        parts.append("合同总额符合所问条件")
    if query.active_on is not None:
        parts.append("在所问日期处于合同期限内")
    if query.active_during is not None:
        parts.append("在所问期间内处于合同期限内")
    return "、".join(parts)


def _value_words(query: FactQuery, row: ContractRow) -> str:
    """What the listed contract shows for the filter (values as stored: quoted evidence has them)."""
    bits = []
    if query.governing_law is not None and row.jurisdictions:
        bits.append("适用" + "、".join(display_jurisdiction(j, True) for j in row.jurisdictions) + "法律")
    if query.party is not None and row.parties:
        bits.append("当事人：" + "、".join(row.parties))
    if (query.amount is not None or query.aggregation is Aggregation.SUM) and row.total_amount is not None:
        bits.append(f"总额 {format_decimal(row.total_amount)}{CURRENCY_UNITS.get(row.currency or '', '')}")
    if _asks_active(query) or query.ends is not None:
        if row.end_basis == "stated" and row.start_date and row.end_date:
            bits.append(f"期限 {row.start_date} 至 {row.end_date}")
        elif row.end_basis == "derived":
            bits.append("期限按起始日加约定期限推算")
    return "，".join(bits)


def answer_fact_question(engine_or_store, query: FactQuery, question: str, *, unmask: bool = False) -> Answer:
    """Run ``query`` over the stored facts (extracting missing ones first) and build the Answer."""
    watch = Stopwatch()
    catalog = catalog_of(engine_or_store)
    ensure_facts(catalog)
    watch.lap("extract")
    result = run_fact_query(fact_store(catalog), query)
    watch.lap("query")
    answer = _compose(catalog, query, question, result)
    watch.lap("compose")
    answer.checks = verify(answer)
    if not answer.checks.ok and answer.status is Status.ANSWERED:
        answer.status = Status.NEEDS_REVIEW
    from engine.answer.pipeline import mask_answer  # the one masking routine of answers

    mask_answer(answer, unmask)
    answer.timings_ms = {**watch.laps, "total": watch.total()}
    return answer


def _compose(catalog, query: FactQuery, question: str, result: FactQueryResult) -> Answer:
    store = fact_store(catalog)
    citer = _Citer(catalog)
    rows = result.rows
    cited: dict[str, list[str]] = {}
    wanted = {"governing_law", "title", "effective_date", "termination_date", "duration", "total_amount",
              *_START_FIELDS}
    field_rows = store.field_rows([r.doc_id for r in rows], wanted)
    by_doc: dict[str, dict[str, list]] = {}
    for fr in field_rows:
        by_doc.setdefault(fr["doc_id"], {}).setdefault(fr["field"], []).append(fr)
    party_rows = store.party_rows([r.doc_id for r in rows]) if query.party is not None or \
        query.group_by is GroupBy.PARTY else []
    for row in rows:
        ids: list[str] = []
        for name in _fields_for(query, row, set(by_doc.get(row.doc_id, {}))):
            for fr in by_doc.get(row.doc_id, {}).get(name, []):
                ids.append(citer.cite(fr, row.doc_name))
        for pr in party_rows:
            if pr["doc_id"] == row.doc_id:
                ids.append(citer.cite(pr, row.doc_name))
        cited[row.doc_id] = [i for i in dict.fromkeys(ids) if i]

    def refs(doc_id: str) -> str:
        return f"（{'、'.join(cited[doc_id])}）" if cited.get(doc_id) else ""

    answer = Answer(question=question, intent="fact", status=Status.ANSWERED, conclusion="", mode=Mode.EXTRACTIVE,
                    reranker="none")
    answer.notes.append("合同事实查询 (contract facts query): "
                        + ", ".join(f"{k}={v}" for k, v in result.query.to_dict().items() if v is not None))
    description = _describe(query)
    subject = f"{description}的合同" if description else "合同"
    listed = [f"《{_display_name(r)}》" + (f"（{_value_words(query, r)}）" if _value_words(query, r) else "")
              + refs(r.doc_id) for r in rows[:MAX_LISTED]]
    more = f"等{_cn(len(rows))}份" if len(rows) > MAX_LISTED else ""

    if query.aggregation is Aggregation.GROUP:
        label = GROUP_LABELS[query.group_by]
        groups = "；".join(f"{_group_key(query.group_by, k)}：{_cn(n)}份" for k, n in result.groups)
        answer.conclusion = (f"按{label}统计{subject}：{groups}。" if result.groups else "")
        if listed:
            answer.conclusion += "涉及：" + "、".join(listed) + more + "。"
    elif query.aggregation is Aggregation.SUM:
        sums = []
        for currency, total in result.sums.items():
            terms = [r for r in rows if r.currency == currency and r.total_amount is not None]
            unit = CURRENCY_UNITS.get(currency, currency)
            answer.calculations.append(Calculation(
                expression=" + ".join(format_decimal(r.total_amount) for r in terms), result=total, stated=None,
                ok=False, evidence=[i for r in terms for i in cited.get(r.doc_id, [])],
                description=f"各合同总额相加（{currency}）；材料本身没有给出合计数，无可核对的所述总数"))
            sums.append(f"{format_decimal(total)}{unit}")
        if sums:
            with_total = [item for item, r in zip(listed, rows) if r.total_amount is not None]
            answer.conclusion = (f"{subject}中定位到总额的共{_cn(sum(1 for r in rows if r.total_amount is not None))}"
                                 f"份，合计 {'；'.join(sums)}（按币种分别相加）：" + "、".join(with_total) + more + "。")
    elif query.aggregation is Aggregation.COUNT:
        answer.conclusion = f"共{_cn(result.count)}份{subject}" + ("：" + "、".join(listed) + more if listed else "") + "。"
    elif rows:
        answer.conclusion = f"{subject}共{_cn(len(rows))}份：" + "、".join(listed) + more + "。"

    if result.unknown:
        names = "、".join(f"《{_display_name(r)}》（{why}）" for r, why in result.unknown[:MAX_LISTED])
        answer.gaps.append(Gap(description=f"以下{_cn(len(result.unknown))}份合同无法据已定位的事实判断，未计入：{names}",
                               evidence=[]))
    if not rows or not answer.conclusion:
        if result.unknown:
            answer.status = Status.NEEDS_REVIEW
            answer.conclusion = (f"未能确认任何{subject}：{_cn(len(result.unknown))}份合同的相关事实未能定位，"
                                 "需人工查看原文。")
        else:
            answer.status = Status.NOT_FOUND
            answer.conclusion = f"{NOT_FOUND_PHRASE}{subject}（已检查全部合同的事实）。"
            answer.calculations = []
    elif result.unknown:
        answer.status = Status.NEEDS_REVIEW  # the list may be incomplete: some contracts could not be judged
    answer.evidence = citer.items
    return answer


def _group_key(group_by: GroupBy, key: Any) -> str:
    if key is None:
        return "未定位"
    if group_by is GroupBy.GOVERNING_LAW:
        return display_jurisdiction(str(key), True)
    if group_by is GroupBy.CONTRACT_TYPE:
        return CONTRACT_TYPES.get(str(key), str(key)).split()[0]
    return str(key)
