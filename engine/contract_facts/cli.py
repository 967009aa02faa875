"""``python -m engine facts [filters] [--count|--sum|--group-by G] [--json]``.

engine/cli.py wires it: ``add_facts_parser(sub, _add_common)`` in ``build_parser`` and
``run_facts(args, engine)`` for ``args.command == "facts"``. With ``--json`` stdout carries one
JSON document: the query, the matching contracts with every field as ``{value, text, page,
char_span, chunk_id, quote_span, alignment, source}``, parties, clauses, and the contracts the
facts could not judge. Personal data in quotes and addresses is masked unless ``--unmask``.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Callable

from engine.contract_facts.model import CONTRACT_TYPES, FIELD_NAMES, masked
from engine.contract_facts.query import Aggregation, AmountFilter, Comparison, DateRange, FactQuery, GroupBy, run_fact_query
from engine.contract_facts.service import ensure_facts, extract_contract_facts, fact_store, load_contract_facts

_AMOUNT_FLAGS = {"amount_gt": Comparison.GT, "amount_ge": Comparison.GE, "amount_lt": Comparison.LT,
                 "amount_le": Comparison.LE, "amount_eq": Comparison.EQ}


def _day(text: str) -> date:
    if text == "today":
        return date.today()
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date (YYYY-MM-DD or 'today'): {text!r}") from None


def _amount(text: str) -> Decimal:
    try:
        return Decimal(text.replace(",", ""))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not an amount: {text!r}") from None


def add_facts_parser(sub: "argparse._SubParsersAction",
                     add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    facts = sub.add_parser("facts", help="contract facts with their sources; filters and aggregations")
    facts.add_argument("--doc", dest="doc_id", default=None, help="only this document")
    facts.add_argument("--type", dest="contract_type", choices=sorted(CONTRACT_TYPES), default=None)
    facts.add_argument("--party", default=None, help="a party name (matched through party entities)")
    facts.add_argument("--law", dest="governing_law", default=None, help="governing law, e.g. Delaware, China, 中国")
    facts.add_argument("--effective-from", type=_day, default=None)
    facts.add_argument("--effective-to", type=_day, default=None)
    facts.add_argument("--ends-from", type=_day, default=None, help="end of term on or after")
    facts.add_argument("--ends-to", type=_day, default=None, help="end of term on or before")
    amounts = facts.add_mutually_exclusive_group()
    for flag in _AMOUNT_FLAGS:
        amounts.add_argument("--" + flag.replace("_", "-"), dest=flag, type=_amount, default=None,
                             metavar="AMOUNT", help=f"total amount {flag.split('_')[1]} AMOUNT")
    facts.add_argument("--currency", default=None, help="ISO code for the amount filter (CNY, USD ...)")
    facts.add_argument("--active-on", type=_day, default=None, help="in its term on this day (YYYY-MM-DD | today)")
    aggregate = facts.add_mutually_exclusive_group()
    aggregate.add_argument("--count", action="store_true")
    aggregate.add_argument("--sum", action="store_true", help="sum of total amounts, per currency")
    aggregate.add_argument("--group-by", choices=[g.value for g in GroupBy], default=None)
    facts.add_argument("--re-extract", action="store_true", help="extract again even when facts are current")
    facts.add_argument("--llm", action="store_true",
                       help="extract with the configured LLM (values still span-checked); implies --re-extract")
    facts.add_argument("--unmask", action="store_true", help="show personal data in quotes and addresses")
    add_common(facts)


def query_from_args(args: argparse.Namespace) -> FactQuery:
    amount = next(((op, getattr(args, flag)) for flag, op in _AMOUNT_FLAGS.items()
                   if getattr(args, flag, None) is not None), None)
    effective = DateRange(args.effective_from, args.effective_to) if (args.effective_from or args.effective_to) else None
    ends = DateRange(args.ends_from, args.ends_to) if (args.ends_from or args.ends_to) else None
    aggregation = (Aggregation.COUNT if args.count else Aggregation.SUM if args.sum
                   else Aggregation.GROUP if args.group_by else Aggregation.LIST)
    return FactQuery(contract_type=args.contract_type, party=args.party, governing_law=args.governing_law,
                     effective=effective, ends=ends,
                     amount=AmountFilter(amount[0], amount[1], args.currency) if amount else None,
                     active_on=args.active_on, aggregation=aggregation,
                     group_by=GroupBy(args.group_by) if args.group_by else None)


@dataclass
class FactsReport:
    """What ``facts --json`` prints; ``Engine.facts(...)`` can return it (``to_dict()`` is the JSON)."""

    query: FactQuery
    contracts: list[dict]  # ContractFacts.to_dict() of each matching contract
    unknown: list[dict]  # contracts the facts could not judge, with the reason
    count: int
    sums: dict[str, Decimal] = field(default_factory=dict)
    groups: list[tuple[str | None, int]] = field(default_factory=list)
    pii_masked: bool = True

    def to_dict(self) -> dict:
        payload = {"query": self.query.to_dict(), "count": self.count, "contracts": self.contracts,
                   "unknown": self.unknown,
                   "sums": {c: (int(v) if v == v.to_integral_value() else str(v)) for c, v in self.sums.items()},
                   "groups": [{"key": k, "count": n} for k, n in self.groups], "pii_masked": self.pii_masked}
        return masked(payload) if self.pii_masked else payload


def facts_report(engine, query: FactQuery | None = None, doc_id: str | None = None, *,
                 unmask: bool = False) -> FactsReport:
    """Facts of the contracts matching ``query`` (all of them by default), extracting missing ones."""
    query = query or FactQuery()
    ensure_facts(engine)
    result = run_fact_query(fact_store(engine), query)
    rows = [r for r in result.rows if doc_id is None or r.doc_id == doc_id]
    contracts = [facts.to_dict() for facts in (load_contract_facts(engine, r.doc_id) for r in rows)
                 if facts is not None]
    return FactsReport(query=query, contracts=contracts,
                       unknown=[{"doc_id": r.doc_id, "doc_name": r.doc_name, "reason": why}
                                for r, why in result.unknown if doc_id is None or r.doc_id == doc_id],
                       count=len(rows) if doc_id else result.count, sums=result.sums, groups=result.groups,
                       pii_masked=not unmask)


def _text(payload: dict) -> str:
    lines = []
    for c in payload["contracts"]:
        lines.append(f"{c['doc_id']}  {c['doc_name']}  ({c['language']}, {c['mode']})")
        for name in FIELD_NAMES:
            f = c["fields"][name]
            if f["value"] is not None:
                lines.append(f"    {name:<17} {json.dumps(f['value'], ensure_ascii=False)}  "
                             f"p.{f['page']} {f['char_span']} {f['alignment']}  「{f['text']}」")
        for p in c["parties"]:
            lines.append(f"    party             {p['name']} ({p['role'] or '-'}) {p['location'] or ''}  "
                         f"p.{p['page']} {p['char_span']} entity {p['entity_id']}")
        if c["clauses"]:
            lines.append("    clauses           " + ", ".join(cl["type"] for cl in c["clauses"]))
    for u in payload["unknown"]:
        lines.append(f"? {u['doc_name']}: {u['reason']}")
    if payload["query"]["aggregation"] == "count":
        lines.append(f"count: {payload['count']}")
    for currency, total in payload["sums"].items():
        lines.append(f"sum {currency}: {total}")
    for g in payload["groups"]:
        lines.append(f"{g['key'] or '(unknown)'}: {g['count']}")
    return "\n".join(lines) or "(no contracts)"


def run_facts(args: argparse.Namespace, engine) -> int:
    if args.llm and not engine.settings.llm.configured:
        print("--llm needs an LLM in the settings (base_url and model)", file=sys.stderr)
        return 2
    if args.doc_id is not None and engine.document(args.doc_id) is None:
        print(f"no document {args.doc_id}", file=sys.stderr)
        return 1
    if args.re_extract or args.llm:
        targets = [args.doc_id] if args.doc_id else [
            d.doc_id for d in engine.index.catalog.documents("ready") if d.kind == "contract"]
        for doc_id in targets:
            extract_contract_facts(engine, doc_id, llm=engine.settings.llm if args.llm else None)
    payload = facts_report(engine, query_from_args(args), args.doc_id, unmask=args.unmask).to_dict()
    if args.json:
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        print(_text(payload))
    return 0
