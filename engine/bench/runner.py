"""Answer benchmarks: the suite registry, the JSON report and ``python -m engine bench``.

Suites (each in its own module, imported only when run):
  demo         data/bench/demo_questions.jsonl over data/demo (engine/bench/answers.py)
  honesty      statute and contract probes over data/demo: 已核验 only where the answer answers
               (../shared/datasets/probes/demo_honesty.jsonl, engine/bench/honesty.py)
  transcripts  the independently written dev case files of ../shared/datasets/transcripts
               (engine/bench/transcripts.py)
  casegen      case files drawn by the case-file generator on fresh seeds, same scorer
               (engine/bench/casegen.py)
  cjrc         CJRC dev reading comprehension, one judgment per question (engine/bench/cjrc.py)
  contractnli  ContractNLI dev hypotheses over NDAs (engine/bench/contractnli.py)
  statute_lookup  random articles of the statute corpus asked by law and number, and numbers past
               a law's last article, over the whole corpus (engine/bench/statute_lookup.py)

Every suite reports ``verified``, ``verified_wrong``, ``verified_wrong_share`` and
``verified_coverage`` (engine/bench/metrics.py): how often 已核验 sits on an answer its own scorer
marks wrong.

Every suite works in its own bench home (``<bench-dir>/<suite>``, default ``.bench/<suite>``):
its corpus is ingested there once and reused (unchanged files are not re-read), and nothing a
user ingested into their own home can change a benchmark figure.

The report is one JSON document: ``{"generated_at", "machine", "suites": {name: SuiteResult}}``,
written to ``<home>/bench/report-<timestamp>.json`` (or ``--out``) and, with ``--publish``, also to
docs/bench/answers.json, which the Benchmark page charts, and appended (one line per suite) to
docs/bench/history.jsonl, the page's trends (engine/bench/history.py).
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from engine.bench.common import machine

REPO = Path(__file__).resolve().parents[2]
DEMO_DIR = REPO / "data" / "demo"
DEMO_QUESTIONS = REPO / "data" / "bench" / "demo_questions.jsonl"
PUBLISHED_REPORT = REPO / "docs" / "bench" / "answers.json"
DEFAULT_BENCH_DIR = REPO / ".bench"
DEFAULT_DATASETS = Path(os.environ.get("LEXTRACE_DATASETS", REPO.parent / "shared" / "datasets"))

Progress = Callable[[str, int, int], None]  # (suite, done, total)


@dataclass
class SuiteResult:
    """What one suite produced: headline metrics, a per-category table, one row per question."""

    suite: str
    description: str  # what was run, in words (subset, how answers are read)
    metrics: dict[str, Any] = field(default_factory=dict)
    per_category: dict[str, dict[str, Any]] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)
    timings: dict[str, Any] = field(default_factory=dict)
    config: dict[str, Any] = field(default_factory=dict)
    # The suites that guard CI: {"ok", "failures": [{"id", "reason"}], "fixed_known_failures"}.
    gate: dict[str, Any] | None = None
    skipped: str | None = None  # why the suite did not run (dataset absent)
    # Further tables beside per_category, by name (per_file, per_kind), in the same shape.
    tables: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return json_safe(asdict(self))


@dataclass
class BenchOptions:
    bench_dir: Path = DEFAULT_BENCH_DIR
    datasets: Path = DEFAULT_DATASETS
    limit: int | None = None  # questions; None = the suite's documented default subset
    full: bool = False  # the whole dev split
    llm: bool = False
    progress: Progress | None = None
    seeds: int | None = None  # casegen: how many fresh seeds (None: its default)
    seed_base: int | None = None  # casegen: the first seed (None: drawn at random, recorded)
    kinds: str = "old"  # casegen: old | new | all (engine/bench/casegen.py)
    # Fold models of the answerability judge (scripts/train_judge.py --folds-out): CJRC and
    # ContractNLI questions are then answered by the judge that never saw their document.
    judge_folds: Path | None = None


def json_safe(value: Any) -> Any:
    """NaN/inf are not JSON: an undefined metric is written as null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return value


def bench_engine(home: Path, llm: bool):
    from engine.config import Settings
    from engine.engine import Engine

    # Without --llm the secrets file is not read: the deterministic composer is what is measured.
    settings = Settings.load(home) if llm else Settings.load(home, secrets_file=None)
    return Engine(settings=settings)


def _run_demo(options: BenchOptions) -> SuiteResult:
    from engine.bench.answers import load_questions, prepare_demo_home, run_demo

    engine = bench_engine(options.bench_dir / "demo", options.llm)
    corpus = prepare_demo_home(engine, DEMO_DIR)
    questions = load_questions(DEMO_QUESTIONS)
    if options.limit and not options.full:
        questions = questions[:options.limit]
    return run_demo(engine, questions, corpus, llm=options.llm, progress=options.progress)


def _run_cjrc(options: BenchOptions) -> SuiteResult:
    from engine.bench.cjrc import DEFAULT_QUESTIONS, run_cjrc

    folder = options.datasets / "cjrc"
    if not (folder / "questions_dev.jsonl").is_file():
        return SuiteResult("cjrc", "CJRC dev", skipped=f"dataset absent: {folder}")
    engine = bench_engine(options.bench_dir / "cjrc", options.llm)
    limit = None if options.full else (options.limit or DEFAULT_QUESTIONS)
    return run_cjrc(engine, folder, limit=limit, llm=options.llm, progress=options.progress,
                    judges=_fold_judges(options))


def _run_contractnli(options: BenchOptions) -> SuiteResult:
    from engine.bench.contractnli import DEFAULT_ITEMS, run_contractnli

    folder = options.datasets / "contractnli"
    if not (folder / "items_dev.jsonl").is_file():
        return SuiteResult("contractnli", "ContractNLI dev", skipped=f"dataset absent: {folder}")
    engine = bench_engine(options.bench_dir / "contractnli", options.llm)
    limit = None if options.full else (options.limit or DEFAULT_ITEMS)
    return run_contractnli(engine, folder, limit=limit, llm=options.llm, progress=options.progress,
                           judges=_fold_judges(options))


def _fold_judges(options: BenchOptions):
    if options.judge_folds is None:
        return None
    from engine.answer.judge.folds import load_fold_judges

    return load_fold_judges(options.judge_folds)


def _run_transcripts(options: BenchOptions) -> SuiteResult:
    from engine.bench.transcripts import DEV_FOLDER, run_transcripts

    folder = options.datasets / DEV_FOLDER
    if not any(folder.glob("*.questions.jsonl")):
        return SuiteResult("transcripts", "dev case files", skipped=f"dataset absent: {folder}")
    engine = bench_engine(options.bench_dir / "transcripts", options.llm)
    return run_transcripts(engine, folder, llm=options.llm, progress=options.progress)


def _run_honesty(options: BenchOptions) -> SuiteResult:
    from engine.bench.answers import prepare_demo_home
    from engine.bench.honesty import PROBES, load_probes, run_honesty

    path = options.datasets / PROBES
    if not path.is_file():
        return SuiteResult("honesty", "statute and contract probes", skipped=f"dataset absent: {path}")
    engine = bench_engine(options.bench_dir / "demo", options.llm)  # the demo corpus, ingested once
    return run_honesty(engine, load_probes(path), prepare_demo_home(engine, DEMO_DIR), llm=options.llm,
                       progress=options.progress)


def _run_statute_lookup(options: BenchOptions) -> SuiteResult:
    from engine.bench.statute_lookup import run_statute_lookup

    statutes = options.datasets / "statutes"
    if not (statutes / "articles_latest.jsonl.gz").is_file():
        return SuiteResult("statute_lookup", "statute article lookup", skipped=f"dataset absent: {statutes}")
    # The home scripts/bench_stard.py builds (the whole corpus), shared rather than built twice.
    engine = bench_engine(options.bench_dir / "statutes", options.llm)
    return run_statute_lookup(engine, statutes, limit=None if options.full else options.limit,
                              llm=options.llm, progress=options.progress)


def _run_casegen(options: BenchOptions) -> SuiteResult:
    from engine.bench.casegen import run_casegen

    # Each family has its own home, so switching --kinds does not re-ingest the other's files.
    home = options.bench_dir / ("casegen" if options.kinds == "old" else f"casegen-{options.kinds}")
    engine = bench_engine(home, options.llm)
    return run_casegen(engine, home / "cases", seeds=options.seeds, seed_base=options.seed_base,
                       kinds=options.kinds, llm=options.llm, progress=options.progress)


SUITES: dict[str, Callable[[BenchOptions], SuiteResult]] = {
    "demo": _run_demo,
    "honesty": _run_honesty,
    "transcripts": _run_transcripts,
    "casegen": _run_casegen,
    "cjrc": _run_cjrc,
    "contractnli": _run_contractnli,
    "statute_lookup": _run_statute_lookup,
}


def code_version() -> str | None:
    """The commit the figures belong to (``+dirty`` when the working tree has changes)."""
    import subprocess

    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True,
                                text=True, timeout=5, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=REPO,
                               capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return commit + ("+dirty" if dirty else "")


def run_suites(names: list[str], options: BenchOptions) -> dict[str, Any]:
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        raise ValueError(f"unknown suite(s) {unknown}; choose from {sorted(SUITES)} or 'all'")
    suites = {}
    version = code_version()
    for name in names:
        started = time.perf_counter()
        result = SUITES[name](options)
        result.timings.setdefault("suite_s", round(time.perf_counter() - started, 1))
        suites[name] = {**result.to_dict(), "run": {"finished_at": _now(), "code_version": version}}
    return {"generated_at": _now(), "machine": machine(), "code_version": version, "suites": suites}


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def merged_with_published(report: dict[str, Any], published: Path) -> dict[str, Any]:
    """The report to publish: its suites replace those of the published report, the others stay
    (each suite keeps its own ``run``: when and on which code it ran), so publishing a long
    dataset run does not drop the demo figures the Benchmark page shows, and vice versa."""
    try:
        previous = json.loads(published.read_text("utf-8"))
    except (OSError, ValueError):
        return report
    kept = {name: {**suite, "run": suite.get("run") or {"finished_at": previous.get("generated_at"),
                                                          "code_version": previous.get("code_version")}}
            for name, suite in (previous.get("suites") or {}).items() if name not in report["suites"]}
    return {**report, "suites": {**kept, **report["suites"]}}


def write_report(report: dict[str, Any], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(report, ensure_ascii=False, indent=1), "utf-8")
    tmp.replace(path)  # a reader (the Benchmark page) never sees half a report
    return path


def default_report_path(home: Path) -> Path:
    return home / "bench" / f"report-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json"


# -- text summary ---------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def summary_text(report: dict[str, Any]) -> str:
    lines = []
    for name, suite in report["suites"].items():
        if suite.get("skipped"):
            lines.append(f"== {name}: skipped ({suite['skipped']})")
            continue
        lines.append(f"== {name}: {suite['description']}")
        lines += [f"  {k:<34}{_cell(v)}" for k, v in suite["metrics"].items()]
        for title, table in [("", suite.get("per_category") or {}), *(suite.get("tables") or {}).items()]:
            lines += _table_lines(title, table)
        lines += _failing_lines(suite.get("rows") or [])
        timings = suite.get("timings") or {}
        if timings:
            lines.append("  timings: " + ", ".join(f"{k} {_cell(v)}" for k, v in timings.items()))
        gate = suite.get("gate")
        if gate:
            lines.append(f"  gate: {'ok' if gate['ok'] else 'FAILED'}")
            lines += [f"    ✗ {f['id']}: {f['reason']}" for f in gate["failures"]]
            lines += [f"    known failure now passes, remove its flag: {i}" for i in gate["fixed_known_failures"]]
            lines += [f"    listed as a known failure but no such question: {i}"
                      for i in gate.get("unknown_known_failures", [])]
    return "\n".join(lines)


FAILING_LISTED = 80  # beyond this many, the text summary points at the JSON report instead


def _failing_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Suites whose rows say why they failed (``reasons``): each failing question and why."""
    failing = [r for r in rows if "reasons" in r and not r.get("correct")]
    if not failing:
        return []
    if len(failing) > FAILING_LISTED:
        return [f"  {len(failing)} failing questions; each with its reasons in the JSON report (rows[].reasons)"]
    lines = ["  failing questions:"]
    for r in failing:
        known = " [known failure]" if r.get("known_failure") else ""
        lines.append(f"    {r['id']}{known}: {r['question']} — " + "; ".join(r["reasons"]))
    return lines


TABLE_ROWS_SHOWN = 40  # a longer table (per file of 100 generated files) stays in the JSON report


def _table_lines(title: str, table: dict[str, dict[str, Any]]) -> list[str]:
    if not table:
        return []
    if len(table) > TABLE_ROWS_SHOWN:
        return [f"  {title}: {len(table)} rows in the JSON report"]
    columns = list(dict.fromkeys(k for row in table.values() for k in row))
    widths = [max(len(c) + 2, 9) for c in columns]
    first = max([14, *(len(name) + 2 for name in table)])
    lines = [f"  {title}:"] if title else []
    lines.append("  " + f"{'':<{first}}" + "".join(f"{c:>{w}}" for c, w in zip(columns, widths)))
    for category, row in table.items():
        lines.append("  " + f"{category:<{first}}" + "".join(f"{_cell(row.get(c)):>{w}}"
                                                             for c, w in zip(columns, widths)))
    return lines


# -- CLI ------------------------------------------------------------------------------------------


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
    parser.add_argument("--seeds", type=int, default=None,
                        help="casegen: how many generated case files (default 100)")
    parser.add_argument("--seed-base", type=int, default=None,
                        help="casegen: the first seed (default: a fresh block drawn at random, recorded)")
    from engine.bench.casegen import KINDS

    parser.add_argument("--kinds", choices=KINDS, default="old",
                        help="casegen: the old kinds (money between two parties, default), the new kinds of "
                             "#26 (goods, quantities × prices, wages, hearings, every layout), or all")
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
        if sys.stderr.isatty():
            print(f"\r{suite}: {done}/{total}", end="" if done < total else "\n", file=sys.stderr, flush=True)
        elif done == total or done % 50 == 0:  # a log file gets a line now and then, not a \r soup
            print(f"{suite}: {done}/{total}", file=sys.stderr, flush=True)

    options = BenchOptions(bench_dir=args.bench_dir, datasets=args.datasets, limit=args.limit,
                           full=args.full, llm=args.llm, progress=progress, seeds=args.seeds,
                           seed_base=args.seed_base, kinds=args.kinds, judge_folds=args.judge_folds)
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
