"""The typed query tool over stored contract facts.

A ``FactQuery`` holds filters (type, party, governing law, date ranges, an amount comparison,
"active on a date") and one aggregation (list, count, sum, group by), each chosen from an enum.
The SQL is assembled here from fixed fragments — column names and operators come from the enums'
own tables, never from a question or a model — and every value travels as a parameter.

A contract whose facts cannot decide a filter (no governing law located, no end of term known)
is neither counted in nor silently dropped: it is reported in ``unknown`` with the reason, so an
answer can say which contracts it could not judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from engine.question import (Aggregation, AmountFilter, Comparison, DateRange, FactQuery,  # noqa: F401
                             GroupBy)
from engine.text.jurisdiction import canonical_jurisdiction
from engine.contract_facts.parties import matches_query
from engine.contract_facts.store import FactStore


_OPERATORS = {Comparison.GT: ">", Comparison.GE: ">=", Comparison.LT: "<", Comparison.LE: "<=",
              Comparison.EQ: "="}
_GROUP_SQL = {  # (key expression, extra join) per GroupBy
    GroupBy.GOVERNING_LAW: ("j.jurisdiction", "LEFT JOIN contract_jurisdictions j ON j.doc_id = f.doc_id"),
    GroupBy.CONTRACT_TYPE: ("f.contract_type", ""),
    GroupBy.CURRENCY: ("f.currency", ""),
    GroupBy.PARTY: ("p.canonical", "LEFT JOIN contract_parties p ON p.doc_id = f.doc_id"),
    GroupBy.YEAR: ("substr(f.start_date, 1, 4)", ""),
}
_COLUMNS = ("f.doc_id, d.name AS doc_name, f.title, f.contract_type, f.agreement_date, f.effective_date,"
            " f.start_date, f.end_date, f.end_basis, f.auto_renew, f.total_amount, f.currency, f.language")


@dataclass
class ContractRow:
    doc_id: str
    doc_name: str
    title: str | None
    contract_type: str | None
    agreement_date: str | None
    effective_date: str | None
    start_date: str | None
    end_date: str | None
    end_basis: str | None
    auto_renew: bool | None
    total_amount: Decimal | None
    currency: str | None
    language: str
    parties: list[str] = field(default_factory=list)
    jurisdictions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out = dict(self.__dict__)
        out["total_amount"] = None if self.total_amount is None else _plain_decimal(self.total_amount)
        return out


@dataclass
class FactQueryResult:
    query: FactQuery
    rows: list[ContractRow]  # the matching contracts
    unknown: list[tuple[ContractRow, str]]  # contracts the facts could not judge, and why
    count: int
    sums: dict[str, Decimal] = field(default_factory=dict)  # currency → sum (SUM)
    groups: list[tuple[str | None, int]] = field(default_factory=list)  # (key, count) (GROUP)
    sql: str = ""
    params: list[Any] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query.to_dict(), "count": self.count,
                "contracts": [r.to_dict() for r in self.rows],
                "unknown": [{**r.to_dict(), "reason": why} for r, why in self.unknown],
                "sums": {c: _plain_decimal(v) for c, v in self.sums.items()},
                "groups": [{"key": k, "count": n} for k, n in self.groups],
                "sql": self.sql, "params": [str(p) for p in self.params]}


def _plain_decimal(value: Decimal) -> int | str:
    return int(value) if value == value.to_integral_value() else str(value)


def party_entities(store: FactStore, name: str) -> list[str]:
    """Entity ids whose parties match a name typed in a question."""
    return sorted({r["entity_id"] for r in store.party_rows()
                   if r["entity_id"] and max(matches_query(name, r["norm"]),
                                             matches_query(name, r["canonical"] or "")) > 0})


def _where(store: FactStore, query: FactQuery) -> tuple[list[str], list[Any]]:
    """Fixed SQL fragments and their parameters, one group per filter."""
    parts: list[str] = ["d.status = 'ready'"]
    params: list[Any] = []
    if query.contract_type is not None:
        parts.append("f.contract_type = ?")
        params.append(query.contract_type)
    if query.governing_law is not None:
        parts.append("f.doc_id IN (SELECT doc_id FROM contract_jurisdictions WHERE jurisdiction = ? COLLATE NOCASE)")
        params.append(canonical_jurisdiction(query.governing_law))
    if query.party is not None:
        entities = party_entities(store, query.party)
        if entities:
            parts.append(f"f.doc_id IN (SELECT doc_id FROM contract_parties WHERE entity_id IN "
                         f"({','.join('?' * len(entities))}))")
            params.extend(entities)
        else:
            parts.append("0")  # nobody of that name: no contract matches
    for column, span in (("f.effective_date", query.effective), ("f.end_date", query.ends)):
        if span is not None and span.start is not None:
            parts.append(f"{column} >= ?")
            params.append(span.start.isoformat())
        if span is not None and span.end is not None:
            parts.append(f"{column} <= ?")
            params.append(span.end.isoformat())
    if query.amount is not None:
        cents = query.amount.value * 100
        parts.append(f"f.total_amount_cents {_OPERATORS[query.amount.op]} ?")
        params.append(int(cents) if cents == cents.to_integral_value() else float(cents))
        if query.amount.currency:
            parts.append("f.currency = ?")
            params.append(query.amount.currency)
    if query.active_on is not None:
        parts.append("f.start_date <= ? AND f.end_date >= ?")
        params.extend([query.active_on.isoformat()] * 2)
    if query.active_during is not None:  # the term overlaps the range
        during = query.active_during
        parts.append("f.start_date <= ? AND f.end_date >= ?")
        params.extend([(during.end or date.max).isoformat(), (during.start or date.min).isoformat()])
    return parts, params


def _unknown_reason(row: dict, query: FactQuery, has_law: bool, has_party: bool) -> str | None:
    """Why a contract outside the result could not be judged (None: it was judged and fails)."""
    reasons = []
    if query.contract_type is not None and row["contract_type"] is None:
        reasons.append("合同类型未能确定 (type unknown)")
    if query.governing_law is not None and not has_law:
        reasons.append("未定位到适用法律 (governing law not located)")
    if query.party is not None and not has_party:
        reasons.append("未定位到当事人 (parties not located)")
    if query.effective is not None and row["effective_date"] is None:
        reasons.append("未定位到生效日期 (effective date not located)")
    if query.ends is not None and row["end_date"] is None:
        reasons.append("未定位到终止日期或期限 (end of term not located)")
    if query.amount is not None and row["total_amount"] is None:
        reasons.append("未定位到合同总额 (total amount not located)")
    active_from = query.active_on or (query.active_during.start if query.active_during else None)
    if query.active_on is not None or query.active_during is not None:
        if row["start_date"] is None or row["end_date"] is None:
            reasons.append("未定位到合同期限 (term not located)")
        elif row["auto_renew"] == 1 and active_from and row["end_date"] < active_from.isoformat():
            reasons.append("初始期限已届满但合同约定自动续期，是否仍有效取决于是否发出不续期通知 "
                           "(auto-renews: in force unless a non-renewal notice was given)")
    return "；".join(reasons) or None


def run_fact_query(store: FactStore, query: FactQuery) -> FactQueryResult:
    parts, params = _where(store, query)
    where = " AND ".join(parts)
    sql = (f"SELECT {_COLUMNS} FROM contract_facts f JOIN documents d ON d.doc_id = f.doc_id"
           f" WHERE {where} ORDER BY d.created_at, d.name")
    rows = [dict(r) for r in store.execute(sql, params)]
    matched = {r["doc_id"] for r in rows}

    every = [dict(r) for r in store.execute(
        f"SELECT {_COLUMNS} FROM contract_facts f JOIN documents d ON d.doc_id = f.doc_id"
        " WHERE d.status = 'ready' ORDER BY d.created_at, d.name", [])]
    laws = {r["doc_id"] for r in store.execute("SELECT DISTINCT doc_id FROM contract_jurisdictions", [])}
    parties = {r["doc_id"] for r in store.execute("SELECT DISTINCT doc_id FROM contract_parties", [])}
    unknown = []
    for row in every:
        if row["doc_id"] in matched:
            continue
        reason = _unknown_reason(row, query, row["doc_id"] in laws, row["doc_id"] in parties)
        if reason:
            unknown.append((row, reason))

    details = _details(store, [r["doc_id"] for r in rows] + [r["doc_id"] for r, _ in unknown])
    result = FactQueryResult(query=query, rows=[_row(r, details) for r in rows],
                             unknown=[(_row(r, details), why) for r, why in unknown],
                             count=len(rows), sql=sql, params=params)
    if query.aggregation is Aggregation.COUNT:
        result.count = store.execute(f"SELECT COUNT(*) AS n FROM contract_facts f JOIN documents d"
                                     f" ON d.doc_id = f.doc_id WHERE {where}", params)[0]["n"]
    elif query.aggregation is Aggregation.SUM:
        for row in result.rows:
            if row.total_amount is not None:
                key = row.currency or "?"
                result.sums[key] = result.sums.get(key, Decimal(0)) + row.total_amount
            else:
                result.unknown.append((row, "未定位到合同总额，未计入合计 (total amount not located)"))
    elif query.aggregation is Aggregation.GROUP:
        key, join = _GROUP_SQL[query.group_by]
        result.groups = [(r["k"], r["n"]) for r in store.execute(
            f"SELECT {key} AS k, COUNT(DISTINCT f.doc_id) AS n FROM contract_facts f JOIN documents d"
            f" ON d.doc_id = f.doc_id {join} WHERE {where} GROUP BY {key} ORDER BY n DESC, k", params)]
    return result


def _details(store: FactStore, doc_ids: list[str]) -> dict[str, tuple[list[str], list[str]]]:
    parties: dict[str, list[str]] = {}
    for r in store.party_rows(doc_ids):
        parties.setdefault(r["doc_id"], []).append(r["name"])
    laws: dict[str, list[str]] = {}
    if doc_ids:
        for r in store.execute(f"SELECT doc_id, jurisdiction FROM contract_jurisdictions WHERE doc_id IN"
                               f" ({','.join('?' * len(doc_ids))}) ORDER BY rowid", doc_ids):
            laws.setdefault(r["doc_id"], []).append(r["jurisdiction"])
    return {d: (parties.get(d, []), laws.get(d, [])) for d in doc_ids}


def _row(r: dict, details: dict[str, tuple[list[str], list[str]]]) -> ContractRow:
    parties, laws = details.get(r["doc_id"], ([], []))
    return ContractRow(doc_id=r["doc_id"], doc_name=r["doc_name"], title=r["title"],
                       contract_type=r["contract_type"], agreement_date=r["agreement_date"],
                       effective_date=r["effective_date"], start_date=r["start_date"], end_date=r["end_date"],
                       end_basis=r["end_basis"], auto_renew=None if r["auto_renew"] is None else bool(r["auto_renew"]),
                       total_amount=None if r["total_amount"] is None else Decimal(r["total_amount"]),
                       currency=r["currency"], language=r["language"], parties=parties, jurisdictions=laws)
