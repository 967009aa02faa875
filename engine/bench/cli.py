"""``python -m engine bench``: its options and what it prints (engine/cli.py adds --home and --json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.bench.paths import DEFAULT_BENCH_DIR, DEFAULT_DATASETS, PUBLISHED_REPORT, REPO
from engine.bench.registry import SUITES, BenchOptions
from engine.bench.report import merged_with_published, run_suites, summary_text, write_report
from engine.benchmarks import default_report_path


def add_arguments(parser) -> None:
    """The options of ``python -m engine bench`` (engine/cli.py adds --home and --json)."""
    parser.add_argument("--suite", default="demo", choices=[*SUITES, "all"])
    parser.add_argument("--limit", type=int, default=None,
                        help="first N questions (demo) / a subset of N questions (datasets)")
    parser.add_argument("--full", action="store_true", help="the whole dev split of a dataset suite")
    parser.add_argument("--out", type=Path, default=None,
                        help="report path (default <home>/bench/report-<timestamp>.json)")
    parser.add_argument("--publish", action="store_true",
                        help=f"also write {PUBLISHED_REPORT.relative_to(REPO)} for the Benchmark page and "
                             "append the run to docs/bench/history.jsonl")
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR,
                        help="where the suites' own homes live (default .bench/)")
    parser.add_argument("--datasets", type=Path, default=DEFAULT_DATASETS)
    parser.add_argument("--llm", action="store_true", help="answer with the configured LLM")
    parser.add_argument("--progress-lines", action="store_true",
                        help="one 'suite: done/total' line on stderr per question (for a process reading it)")
    parser.add_argument("--seeds", type=int, default=None,
                        help="casegen: how many generated case files (default 100)")
    parser.add_argument("--seed-base", type=int, default=None,
                        help="casegen: the first seed (default: a fresh block drawn at random, recorded)")
    from engine.bench.casegen.params import KINDS

    parser.add_argument("--kinds", choices=KINDS, default="old",
                        help="casegen: the old kinds (money between two parties, default), the new kinds of "
                             "#26 (goods, quantities × prices, wages, hearings, every layout), or all")
    parser.add_argument("--act-by-act", action="store_true",
                        help="casegen, old kinds: each payment told act by act (第三笔是某日。…转给他的。转了X元。), "
                             "in a home of its own; the default keeps every seed's text")
    parser.add_argument("--counterfactual", action="store_true",
                        help="transcripts/casegen: ask each question about a word its file never uses "
                             "(engine/bench/counterfactual.py): the trust score's negatives, not gated")
    parser.add_argument("--judge-folds", type=Path, default=None,
                        help="CJRC/ContractNLI out of fold: answer each question with the judge fold model "
                             "that never saw its document (scripts/train_judge.py --folds-out DIR)")


def run_cli(args) -> int:
    """Exit code 0, or 1 when a suite's gate fails (demo: a fact question wrong or an ungrounded
    value; transcripts: a question outside the known failures fails, or a known one passes)."""
    from engine.config import Settings

    if args.limit is not None and args.limit <= 0:
        print("--limit must be greater than 0", file=sys.stderr)
        return 2
    if args.seeds is not None and args.seeds <= 0:
        print("--seeds must be greater than 0", file=sys.stderr)
        return 2
    names = list(SUITES) if args.suite == "all" else [args.suite]

    def progress(suite: str, done: int, total: int) -> None:
        if args.progress_lines:  # read by engine/benchmarks.py, which ran this process
            print(f"{suite}: {done}/{total}", file=sys.stderr, flush=True)
        elif sys.stderr.isatty():
            print(f"\r{suite}: {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total or done % 50 == 0:  # a log file gets a line now and then, not a \r soup
            print(f"{suite}: {done}/{total}", file=sys.stderr, flush=True)

    options = BenchOptions(bench_dir=args.bench_dir, datasets=args.datasets, limit=args.limit,
                           full=args.full, llm=args.llm, progress=progress, seeds=args.seeds,
                           seed_base=args.seed_base, kinds=args.kinds, judge_folds=args.judge_folds,
                           act_by_act=args.act_by_act, counterfactual=args.counterfactual)
    report = run_suites(names, options)
    out = args.out or default_report_path(Path(Settings.load(args.home, secrets_file=None).home))
    write_report(report, out)
    if args.publish:
        from engine.bench.history import HISTORY, append_history

        write_report(merged_with_published(report, PUBLISHED_REPORT), PUBLISHED_REPORT)
        append_history(report, HISTORY)  # the earlier figures stay, with their date and commit
    if args.json:
        json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        print(summary_text(report))
        print(f"report: {out}" + (f" (and {PUBLISHED_REPORT})" if args.publish else ""))
    gates = [suite.get("gate") for suite in report["suites"].values()]
    return 1 if any(gate and not gate["ok"] for gate in gates) else 0
