"""``python -m engine``: the command line mirror of ``Engine`` (contracts: ARCHITECTURE.md).

With ``--json`` stdout carries exactly one JSON document; logs and progress go to stderr. An
error is one line on stderr and, with ``--json``, the document ``{"error": …, "exit_code": …}``.
"""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import sys
import tempfile
import tomllib
import traceback
from contextlib import redirect_stdout
from datetime import datetime
from pathlib import Path
from typing import NoReturn

from pydantic import ValidationError

from engine.inputs import InputError
from engine.types import DocKind


AS_OF_COMMANDS = ("search", "ask")  # the commands that read statutes as of a date
EXIT_FAILED = 1  # the command's own failure: a file failed to ingest, a broken or damaged audit log
EXIT_USAGE = 2  # bad input: a usage error, an empty or over-long question, an unknown document
EXIT_INTERNAL = 70  # an unexpected error (sysexits EX_SOFTWARE): one line, traceback in a log file
LOG_DIR = "logs"  # under the home: tracebacks of unexpected errors


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line on stderr, exit 2 (argparse's default repeats the whole usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see --help)\n")


def _add_common(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """The global options, defined once: on the top-level parser with their defaults, and on every
    subcommand with no default, so that ``--home DIR`` before the subcommand is not reset by the
    subcommand's parser and works after it as well."""

    def default(value):
        return value if top_level else argparse.SUPPRESS

    parser.add_argument("--home", type=Path, default=default(None),
                        help="where the catalog, vectors and caches live "
                             "(default $LEXTRACE_HOME, else ./.lextrace)")
    parser.add_argument("--json", action="store_true", default=default(False),
                        help="print one JSON document on stdout")
    parser.add_argument("-v", "--verbose", action="count", default=default(0),
                        help="more log output; print every configuration warning every time")


def _as_of_date(value: str):
    from engine.statutes.versions import parse_as_of

    try:
        return parse_as_of(value)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_as_of(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    parser.add_argument("--as-of", dest="as_of", type=_as_of_date,
                        default=None if top_level else argparse.SUPPRESS, metavar="YYYY-MM-DD",
                        help="statute versions in force on this date (default: today); "
                             + ", ".join(AS_OF_COMMANDS) + " only")


def build_parser() -> argparse.ArgumentParser:
    from engine import __version__

    parser = _Parser(prog="python -m engine", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=f"LexTrace {__version__}")
    _add_common(parser, top_level=True)
    _add_as_of(parser, top_level=True)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    ingest = sub.add_parser("ingest", help="ingest files (PDF, DOCX, Markdown, TXT)")
    ingest.add_argument("paths", nargs="+", type=Path)
    ingest.add_argument("--kind", default="auto", choices=[k.value for k in DocKind])
    _add_common(ingest)

    docs = sub.add_parser("docs", help="list the catalog")
    docs.add_argument("--check", action="store_true",
                      help="also verify that catalog, vectors and BM25 agree")
    _add_common(docs)

    reindex = sub.add_parser("reindex", help="derive stored documents again from their originals "
                                             "with the current chunkers (default: the stale ones)")
    which = reindex.add_mutually_exclusive_group()
    which.add_argument("--stale", action="store_true", help="every document read by older chunkers (default)")
    which.add_argument("--all", action="store_true", help="every document")
    which.add_argument("doc_ids", nargs="*", default=[], metavar="DOC", help="these documents, whatever their version")
    _add_common(reindex)

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
    _add_common(audit)
    audit_sub = audit.add_subparsers(dest="audit_command", required=True)
    verify = audit_sub.add_parser("verify", help="recompute every hash and link and hold the chain "
                                                 "against its signed checkpoint; exit 1 if broken")
    verify.add_argument("--against", type=Path, default=None, metavar="EXPORT",
                        help="also check that the log still extends this export (audit export)")
    _add_common(verify)
    export = audit_sub.add_parser("export", help="write the chain and its signed checkpoint to a "
                                                 "file for keeping elsewhere")
    export.add_argument("path", type=Path, metavar="FILE", help="the export file (JSON Lines)")
    _add_common(export)
    audit_list = audit_sub.add_parser("list", help="newest records first")
    audit_list.add_argument("--limit", type=int, default=20)
    _add_common(audit_list)
    audit_show = audit_sub.add_parser("show", help="replay one record stage by stage")
    audit_show.add_argument("record_id")
    _add_common(audit_show)

    from engine.bench.cli import add_arguments as add_bench_arguments

    bench = sub.add_parser("bench", help="answer benchmarks (demo questions, dev and generated case "
                                         "files, CJRC, ContractNLI)")
    add_bench_arguments(bench)
    _add_common(bench)

    from engine.contract_facts.cli import add_facts_parser
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
            + (f", OCR on pages {ocr}" if ocr else "")
            + (f"; same content as {d['duplicate_of']} ({d['doc_id']}), not ingested again"
               if d.get("duplicate_of") else "")
            + (f"; {d['note']}" if d.get("note") else ""))
        lines.append(f"{d['status']:<9} {d['name']}  {detail}")
    return "\n".join(lines)


def _docs_text(payload: dict) -> str:
    rows = [f"{d['doc_id']}  {d['kind']:<10} {d['pages']:>4}p {d['chunks']:>6}c  {d['name']}"
            + (f"  [stale: derivation {d['derivation']} < {payload['derivation_version']}]" if d["stale"] else "")
            for d in payload["documents"]]
    stale = sum(d["stale"] for d in payload["documents"])
    if stale:
        rows.append(f"{stale} 份文件按旧版本解析，可重新解析: python -m engine reindex --stale")
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
    from engine.audit import AuditLogDamaged, ChainCheck
    from engine.audit.postgres import audit_log_for
    from engine.config import Settings

    settings = Settings.load(args.home)
    if args.audit_command == "verify" and args.against is not None and not args.against.is_file():
        raise InputError(f"no such export file: {args.against}")
    try:
        log = audit_log_for(settings)
    except AuditLogDamaged as exc:
        if args.audit_command != "verify":
            raise
        check = ChainCheck(ok=False, checked=0, reason=str(exc))  # a failed check, said in one line
        _emit(args, check.to_dict(), f"BROKEN: {exc}")
        return EXIT_FAILED
    if args.audit_command == "verify":
        check = log.verify(against=args.against)
        where = f"seq {check.first_bad_seq}" if check.first_bad_seq else (check.first_broken or "the checkpoint")
        text = (f"ok: {check.checked} records, chain intact, checkpoint signed" if check.ok else
                f"BROKEN at {where} after {check.checked} records: {check.reason}")
        _emit(args, check.to_dict(), "\n".join([text, *(f"  note: {n}" for n in check.notes)]))
        return 0 if check.ok else 1
    if args.audit_command == "export":
        summary = log.export(args.path)
        _emit(args, summary.to_dict(), f"exported {summary.count} records and the signed checkpoint "
                                       f"to {summary.path} (head {summary.head[:16]}…)")
        return 0
    if args.audit_command == "list":
        if args.limit <= 0:
            raise InputError("--limit must be greater than 0")
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


def _run(args: argparse.Namespace) -> int:
    if args.command == "audit":  # needs only the log, not the index
        return _audit(args)
    if args.command == "users":  # needs only the users file
        from engine.auth import users_command

        return users_command(args)
    if args.command == "faithfulness":  # needs the embedder, not the index
        from engine.faithfulness import run_faithfulness

        return run_faithfulness(args, None)
    if args.command == "bench":  # works in its own bench homes, not in --home
        from engine.bench.cli import run_cli

        return run_cli(args)
    from engine.engine import Engine

    engine = Engine(args.home)
    if args.command == "ingest":
        result = engine.ingest(args.paths, kind=args.kind)
        payload = result.to_dict()
        _emit(args, payload, _ingest_text(payload))
        return 0 if result.ok else 1
    if args.command == "reindex":
        result = engine.reindex(args.doc_ids or None, stale_only=not args.all)
        payload = result.to_dict()
        _emit(args, payload, _ingest_text(payload) or "nothing to derive again: every document is current")
        return 0 if result.ok else EXIT_FAILED
    if args.command == "docs":
        payload = engine.docs().to_dict()
        if args.check:
            payload["consistency"] = engine.consistency().to_dict()
        _emit(args, payload, _docs_text(payload))
        return 0 if payload.get("consistency", {"ok": True})["ok"] else 1
    if args.command == "search":
        if args.k <= 0:
            raise InputError("--k must be greater than 0")
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
        from engine.contract_facts.cli import run_facts

        return run_facts(args, engine)
    if args.command == "summarize":
        from engine.summary import run_summarize

        return run_summarize(args, engine)
    if args.command == "delete":
        deleted = engine.delete(args.doc_id)
        _emit(args, {"doc_id": args.doc_id, "deleted": deleted},
              "deleted" if deleted else f"no document {args.doc_id}")
        return 0 if deleted else 1
    return EXIT_USAGE


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def _crash_log(home: Path | None, argv: list[str]) -> Path:
    """Write the current exception's traceback to a new file under ``<home>/logs`` (the temp
    directory when the home cannot be written) and return its path."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    text = (f"python -m engine {' '.join(argv)}\n{datetime.now().astimezone().isoformat()}\n\n"
            + traceback.format_exc())
    for directory in ([home / LOG_DIR] if home is not None else []) + [Path(tempfile.gettempdir())]:
        try:
            directory.mkdir(parents=True, exist_ok=True)
            path = directory / f"lextrace-error-{stamp}-{os.getpid()}.log"
            path.write_text(text, "utf-8", errors="backslashreplace")
            return path
        except OSError:
            continue
    raise OSError("no writable directory for the error log")


def _home_of(args: argparse.Namespace) -> Path | None:
    from engine.config import Settings

    try:
        return Path(Settings.load(args.home).home)
    except Exception:  # noqa: BLE001 — the settings themselves may be what is broken
        return Path(args.home) if args.home is not None else None


def _print_warnings(args: argparse.Namespace, home: Path | None) -> None:
    """Configuration warnings on stderr: all of them with -v, else each at most once per home per
    day (engine/notices.py)."""
    from engine.notices import DailyGate, noted

    warnings = noted()
    if not args.verbose and home is not None:
        warnings = DailyGate(home).due(warnings)
    for warning in warnings:
        print(f"warning: {warning.message}", file=sys.stderr)


def _with_warnings(output: str) -> str:
    """The command's JSON document with the run's configuration warnings added as "warnings"."""
    from engine.notices import noted

    try:
        payload = json.loads(output)
    except ValueError:
        return output
    if not isinstance(payload, dict):
        return output
    payload["warnings"] = [w.to_dict() for w in noted()]
    return json.dumps(payload, ensure_ascii=False, indent=2) + "\n"


def _undecodable(argv: list[str]) -> str | None:
    """The first argument that is not valid UTF-8 text, as the error names it; None if all are.
    Python hands such bytes over as lone surrogates, which no later step can encode."""
    for position, arg in enumerate(argv, 1):
        if any("\ud800" <= ch <= "\udfff" for ch in arg):
            shown = arg.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
            return (f"参数 {position} 不是有效的 UTF-8 文本 (argument {position} is not valid UTF-8: "
                    f"'{shown}')")
    return None


def _fail(as_json: bool, message: str, code: int) -> int:
    """One line on stderr; with --json also the error as stdout's one document."""
    print(f"error: {message}", file=sys.stderr)
    if as_json:
        json.dump({"error": message, "exit_code": code}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    return code


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit code: 0 ok, 1 the command's own failure (a file failed to
    ingest, a broken or damaged audit log, nothing found), 2 bad input, 70 an unexpected error."""
    from engine.audit import AuditLogDamaged
    from engine.store.interfaces import SharedStoreError

    argv = sys.argv[1:] if argv is None else list(argv)
    undecodable = _undecodable(argv)
    if undecodable is not None:  # before parsing: argparse would echo it, the engine would crash
        return _fail("--json" in argv, undecodable, EXIT_USAGE)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.as_of is not None and args.command not in AS_OF_COMMANDS:
        parser.error(f"--as-of applies to {' and '.join(AS_OF_COMMANDS)} only, not {args.command}")
    logging.basicConfig(level={0: logging.WARNING, 1: logging.INFO}.get(args.verbose, logging.DEBUG),
                        stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s")
    home = _home_of(args)
    captured = io.StringIO()
    try:
        if args.json:  # stdout gets one document, once the warnings of the run are known
            with redirect_stdout(captured):
                code = _run(args)
            sys.stdout.write(_with_warnings(captured.getvalue()))
        else:
            code = _run(args)
    except InputError as exc:
        code = _fail(args.json, _one_line(exc), EXIT_USAGE)
    except AuditLogDamaged as exc:  # the log is not there as it must be: never a fresh start
        code = _fail(args.json, _one_line(exc), EXIT_FAILED)
    except SharedStoreError as exc:  # the shared profile's server is unreachable or not set up
        code = _fail(args.json, _one_line(exc), EXIT_FAILED)
    except (ValidationError, tomllib.TOMLDecodeError) as exc:  # the settings or a secrets file
        errors = exc.errors() if isinstance(exc, ValidationError) else []
        detail = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in errors[:3])
        code = _fail(args.json, f"bad configuration: {detail or _one_line(exc)}", EXIT_USAGE)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 — one line for the user, the traceback in a file
        path = _crash_log(home, argv)
        code = _fail(args.json, f"内部错误 (internal error): {type(exc).__name__}: {_one_line(exc)} — "
                                f"traceback: {path}", EXIT_INTERNAL)
    _print_warnings(args, home)
    return code
