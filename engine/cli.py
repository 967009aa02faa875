"""``python -m engine``: the command line mirror of ``Engine`` (contracts: ARCHITECTURE.md).

With ``--json`` stdout carries exactly one JSON document; logs and progress go to stderr.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from engine.types import DocKind


def _add_common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--home", type=Path, default=None,
                        help="where the catalog, vectors and caches live "
                             "(default $LEXTRACE_HOME, else ./.lextrace)")
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")


def _as_of_date(value: str):
    from engine.statutes.versions import parse_as_of

    try:
        return parse_as_of(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_as_of(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--as-of", dest="as_of", type=_as_of_date, default=None, metavar="YYYY-MM-DD",
                        help="statute versions in force on this date (default: today)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    ingest = sub.add_parser("ingest", help="ingest files (PDF, DOCX, Markdown, TXT)")
    ingest.add_argument("paths", nargs="+", type=Path)
    ingest.add_argument("--kind", default="auto", choices=[k.value for k in DocKind])
    _add_common(ingest)

    docs = sub.add_parser("docs", help="list the catalog")
    docs.add_argument("--check", action="store_true",
                      help="also verify that catalog, vectors and BM25 agree")
    _add_common(docs)

    search = sub.add_parser("search", help="hybrid search over the corpus")
    search.add_argument("query")
    search.add_argument("--k", type=int, default=10)
    search.add_argument("--mode", default="hybrid", choices=["hybrid", "bm25", "vector"])
    search.add_argument("--rerank", action=argparse.BooleanOptionalAction, default=True)
    search.add_argument("--doc", dest="doc_id", default=None, help="only this document")
    search.add_argument("--kind", default=None, choices=[k.value for k in DocKind if k is not DocKind.AUTO])
    _add_as_of(search)
    _add_common(search)

    ask = sub.add_parser("ask", help="a verifiable answer with evidence, checks and conflicts")
    ask.add_argument("question")
    ask.add_argument("--doc", dest="doc_id", default=None, help="only this document")
    ask.add_argument("--llm", action=argparse.BooleanOptionalAction, default=None,
                     help="use the configured OpenAI-compatible model (default: when configured)")
    _add_as_of(ask)
    _add_common(ask)

    delete = sub.add_parser("delete", help="delete a document from every store")
    delete.add_argument("doc_id")
    _add_common(delete)

    audit = sub.add_parser("audit", help="the tamper-evident audit trail")
    audit_sub = audit.add_subparsers(dest="audit_command", required=True)
    _add_common(audit_sub.add_parser("verify", help="recompute every hash and link; exit 1 if broken"))
    audit_list = audit_sub.add_parser("list", help="newest records first")
    audit_list.add_argument("--limit", type=int, default=20)
    _add_common(audit_list)
    audit_show = audit_sub.add_parser("show", help="replay one record stage by stage")
    audit_show.add_argument("record_id")
    _add_common(audit_show)

    from engine.bench.runner import add_arguments as add_bench_arguments

    bench = sub.add_parser("bench", help="answer benchmarks (demo questions, dev and generated case "
                                         "files, CJRC, ContractNLI)")
    add_bench_arguments(bench)
    _add_common(bench)

    from engine.facts.cli import add_facts_parser
    from engine.faithfulness import add_faithfulness_parser
    from engine.summary import add_summarize_parser

    add_summarize_parser(sub, _add_common)
    add_faithfulness_parser(sub, _add_common)
    add_facts_parser(sub, _add_common)

    from engine.auth import add_users_parser  # users add|passwd|list

    add_users_parser(sub, _add_common)
    return parser


def _emit(args: argparse.Namespace, payload: dict, text: str) -> None:
    if args.json:
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        print(text)


def _ingest_text(payload: dict) -> str:
    lines = []
    for d in payload["documents"]:
        ocr = [q["page"] for q in d["quality"] if q["ocr_used"]]
        detail = d["error"] if d["status"] == "failed" else (
            f"{d['kind']}, {d['pages']} pages, {d['chunks']} chunks"
            + (f", OCR on pages {ocr}" if ocr else ""))
        lines.append(f"{d['status']:<9} {d['name']}  {detail}")
    return "\n".join(lines)


def _docs_text(payload: dict) -> str:
    rows = [f"{d['doc_id']}  {d['kind']:<10} {d['pages']:>4}p {d['chunks']:>6}c  {d['name']}"
            for d in payload["documents"]]
    if "consistency" in payload:
        rows.append("consistency: " + ("ok" if payload["consistency"]["ok"]
                                       else json.dumps(payload["consistency"], ensure_ascii=False)))
    return "\n".join(rows) or "(no documents)"


def _search_text(payload: dict) -> str:
    lines = [f"reranker: {payload['reranker']}  timings: "
             + ", ".join(f"{k} {v:.0f} ms" for k, v in payload["timings_ms"].items())]
    for hit in payload["results"]:
        where = f"p.{hit['page_start']}" + (f"-{hit['page_end']}" if hit["page_end"] != hit["page_start"] else "")
        label = f" {hit['article']['article_label']}" if hit["article"] else ""
        snippet = hit["text"].replace("\n", " ")[:90]
        lines.append(f"{hit['rank']:>3}. {hit['score']:.4f}  {hit['doc_name']} {where}{label}  {snippet}")
    return "\n".join(lines)


def _answer_text(payload: dict) -> str:
    badge = {"answered": "已核验", "needs_review": "需人工复核", "not_found": "未找到"}[payload["status"]]
    lines = [f"[{badge}] {payload['conclusion']}"]
    for e in payload["evidence"]:
        lines.append(f"  {e['id']} {e['doc_name']} 第{e['page']}页: {e['quote']}")
    for c in payload["calculations"]:
        lines.append(f"  计算 {c['expression']} = {c['result']} (所述 {c['stated']}) {'✓' if c['ok'] else '✗'}")
    lines += [f"  冲突 {c['description']}" + (f"  提示 {c['hint']}" if c.get("hint") else "")
              for c in payload["conflicts"]]
    lines += [f"  法条 {s['evidence']} 《{s['law_title']}》{s['article_label']} {s['version'] or '未标版本'}"
              f" ({s['version_status'] or '-'})" for s in payload.get("statutes", [])]
    lines += [f"  缺口 {g['description']}" for g in payload["gaps"]]
    if payload["checks"]["unsupported"]:
        lines += [f"  未通过核验: {u}" for u in payload["checks"]["unsupported"]]
    return "\n".join(lines)


def _audit(args: argparse.Namespace) -> int:
    from engine.audit import AuditLog
    from engine.config import Settings

    log = AuditLog.for_home(Settings.load(args.home).home)
    if args.audit_command == "verify":
        check = log.verify()
        _emit(args, check.to_dict(), f"ok: {check.checked} records, chain intact" if check.ok else
              f"BROKEN at {check.first_broken} after {check.checked} records: {check.reason}")
        return 0 if check.ok else 1
    if args.audit_command == "list":
        if args.limit <= 0:
            print("--limit must be greater than 0", file=sys.stderr)
            return 2
        records = [r.to_dict(with_body=False) for r in log.records(limit=args.limit)]
        _emit(args, {"records": records}, "\n".join(
            f"{r['id']}  {r['created_at']}  {r['user'] or '-'}  {r['status'] or r['kind']}  "
            f"{r['question'] or ''}" for r in records) or "(no audit records)")
        return 0
    record = log.get(args.record_id)
    if record is None:
        _emit(args, {"error": f"no audit record {args.record_id}"}, f"no audit record {args.record_id}")
        return 1
    steps = [s.to_dict() for s in log.replay(args.record_id)]
    _emit(args, {"record": record.to_dict(), "steps": steps}, "\n".join(
        [f"{record.id}  {record.created_at}  {record.user or '-'}  {record.kind}"]
        + [f"{s['order']:>2}. {s['stage']}{'/' + s['channel'] if s['channel'] else ''}: {s['summary']}"
           for s in steps]))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    if args.command == "audit":  # needs only the log, not the index
        return _audit(args)
    if args.command == "users":  # needs only the users file
        from engine.auth import users_command

        return users_command(args)
    if args.command == "faithfulness":  # needs the embedder, not the index
        from engine.faithfulness import run_faithfulness

        return run_faithfulness(args, None)
    if args.command == "bench":  # works in its own bench homes, not in --home
        from engine.bench.runner import run_cli

        return run_cli(args)
    from engine.engine import Engine

    engine = Engine(args.home)
    if args.command == "ingest":
        result = engine.ingest(args.paths, kind=args.kind)
        payload = result.to_dict()
        _emit(args, payload, _ingest_text(payload))
        return 0 if result.ok else 1
    if args.command == "docs":
        payload = engine.docs().to_dict()
        if args.check:
            payload["consistency"] = engine.consistency().to_dict()
        _emit(args, payload, _docs_text(payload))
        return 0 if payload.get("consistency", {"ok": True})["ok"] else 1
    if args.command == "search":
        if args.k <= 0:
            print("--k must be greater than 0", file=sys.stderr)
            return 2
        response = engine.search(args.query, k=args.k, mode=args.mode, rerank=args.rerank,
                                 doc_id=args.doc_id, kind=args.kind, as_of=args.as_of)
        payload = response.to_dict()
        _emit(args, payload, _search_text(payload))
        return 0
    if args.command == "ask":
        answer = engine.ask(args.question, doc_id=args.doc_id, llm=args.llm, as_of=args.as_of)
        payload = answer.to_dict()
        _emit(args, payload, _answer_text(payload))
        return 0
    if args.command == "facts":
        from engine.facts.cli import run_facts

        return run_facts(args, engine)
    if args.command == "summarize":
        from engine.summary import run_summarize

        return run_summarize(args, engine)
    if args.command == "delete":
        deleted = engine.delete(args.doc_id)
        _emit(args, {"doc_id": args.doc_id, "deleted": deleted},
              "deleted" if deleted else f"no document {args.doc_id}")
        return 0 if deleted else 1
    return 2
