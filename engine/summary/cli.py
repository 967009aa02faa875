"""``python -m engine summarize DOC_ID [--llm|--no-llm] [--max-sources N] [--json]``.

engine/cli.py wires these in: ``add_summarize_parser(sub, _add_common)`` in build_parser, and
``return run_summarize(args, engine)`` for ``args.command == "summarize"``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Callable, TextIO

from engine.summary.model import Summary
from engine.summary.pipeline import SummaryOptions, summarize


def add_summarize_parser(sub: "argparse._SubParsersAction",
                         add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("summarize", help="key points of one document, each traced to its blocks")
    parser.add_argument("doc_id")
    parser.add_argument("--llm", action=argparse.BooleanOptionalAction, default=None,
                        help="use the configured OpenAI-compatible model (default: when configured)")
    parser.add_argument("--max-sources", type=int, default=SummaryOptions.max_sources,
                        help="sources kept per point after fusion (default %(default)s)")
    add_common(parser)


def summary_text(summary: Summary) -> str:
    lines = [f"{summary.doc_name} ({summary.kind}) · mode {summary.mode.value}"
             + (f" · {summary.model}" if summary.model else "")]
    if summary.fallback_reason:
        lines.append(f"  {summary.fallback_reason}")
    for point in summary.points:
        lines.append(f"{point.id} [{point.aspect}] {point.shown_text}")
        lines += [f"      p.{s.page} {s.method.value} {s.score:.3f} {s.chunk_id}" for s in point.sources]
    lines += [f"  dropped tag {t.tag} on {t.point}: {t.reason}" for t in summary.dropped_tags]
    lines += [f"  rejected: {r.text} — {r.reason}" for r in summary.rejected_points]
    return "\n".join(lines)


def run_summarize(args: argparse.Namespace, engine, *, stdout: TextIO | None = None) -> int:
    """Exit 0 with the summary, 1 for an unknown document, 2 for a bad option."""
    stdout = stdout or sys.stdout
    if args.max_sources <= 0:
        print("--max-sources must be greater than 0", file=sys.stderr)
        return 2
    try:
        summary = summarize(engine, args.doc_id, llm=args.llm,
                            options=SummaryOptions(max_sources=args.max_sources))
    except KeyError:
        payload, text, code = ({"doc_id": args.doc_id, "error": f"no document {args.doc_id}"},
                               f"no document {args.doc_id}", 1)
    else:
        payload, text, code = summary.to_dict(), summary_text(summary), 0
    if args.json:
        json.dump(payload, stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
    else:
        print(text, file=stdout)
    return code
