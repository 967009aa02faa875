"""``python -m engine faithfulness --answer TEXT --context FILE [--context FILE…] [--json]``.

engine/cli.py wires it: ``add_faithfulness_parser(sub, _add_common)`` while building the parser,
and ``run_faithfulness(args, engine)`` for the command. ``engine`` may be None: the command needs
no catalog or vector store, only the settings of ``--home`` (the LLM) and the embedder, which is
then built exactly as the engine builds it, on the same embedding cache file.

A context file is UTF-8 text; blank lines separate its passages. Exit code 0 when scored (the
score is the output, whatever it is), 2 when an input is missing or unreadable.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Callable, TextIO

from engine.faithfulness.metric import score_faithfulness
from engine.faithfulness.model import FaithfulnessResult

_BLANK_LINE = re.compile(r"\n[ \t\u3000]*\n")


def add_faithfulness_parser(sub: "argparse._SubParsersAction",
                            add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    parser = sub.add_parser("faithfulness", help="how much of an answer or summary its context supports")
    parser.add_argument("--answer", required=True, help="the answer or summary to check ('-': stdin)")
    parser.add_argument("--context", required=True, action="append", type=Path, metavar="FILE",
                        help="context text file (repeatable; blank lines separate passages)")
    parser.add_argument("--question", default=None,
                        help="the question answered: a bare value is then checked as its answer")
    parser.add_argument("--llm", action=argparse.BooleanOptionalAction, default=None,
                        help="judge with the configured OpenAI-compatible model (default: when configured)")
    add_common(parser)


def read_passages(paths: list[Path]) -> list[str]:
    passages: list[str] = []
    for path in paths:
        text = path.read_text("utf-8")
        passages += [p.strip("\n") for p in _BLANK_LINE.split(text) if p.strip()]
    return passages


def faithfulness_for(engine, answer: str, context, *, question: str | None = None,
                     llm: bool | None = None, home: Path | None = None) -> FaithfulnessResult:
    """``score_faithfulness`` with an engine's embedder and LLM settings (``engine`` None: those
    of ``home``'s settings). ``llm``: None uses the model when configured, False never does."""
    if engine is not None:
        settings, embedder = engine.settings, engine.index.embedder
    else:
        from engine.config import Settings
        from engine.embedding.embedder import make_embedder

        settings = Settings.load(home)
        embedder = make_embedder(settings.embedding, Path(settings.home) / "cache" / "embeddings.sqlite",
                                 base_url=settings.llm.base_url, api_key=settings.llm.api_key)
    llm_settings = None if llm is False or (llm is None and not settings.llm.configured) else settings.llm
    return score_faithfulness(answer, context, embedder=embedder, llm_settings=llm_settings,
                              question=question)


def _text(result: FaithfulnessResult) -> str:
    score = "—" if result.to_dict()["score"] is None else f"{result.score:.3f}"
    lines = [f"faithfulness {score} ({result.supported}/{len(result.statements)} supported, {result.method})"]
    if result.reason:
        lines.append(f"  {result.reason}")
    for verdict in result.statements:
        lines.append(f"  {'✓' if verdict.supported else '✗'} {verdict.text}  — {verdict.reason}")
    return "\n".join(lines)


def run_faithfulness(args: argparse.Namespace, engine, *, stdin: TextIO | None = None,
                     stdout: TextIO | None = None) -> int:
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    answer = stdin.read() if args.answer == "-" else args.answer
    try:
        passages = read_passages(args.context)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"无法读取上下文文件 (cannot read the context file): {exc}", file=sys.stderr)
        return 2
    try:
        result = faithfulness_for(engine, answer, passages, question=args.question, llm=args.llm,
                                  home=getattr(args, "home", None))
    except ValueError as exc:  # an empty context
        print(str(exc), file=sys.stderr)
        return 2
    if args.json:
        json.dump(result.to_dict(), stdout, ensure_ascii=False, indent=2)
        stdout.write("\n")
    else:
        print(_text(result), file=stdout)
    return 0
