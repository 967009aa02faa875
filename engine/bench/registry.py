"""The suite registry: every answer suite by name, the options a run takes, and how each suite is
launched in its own bench home.

Suites (each in its own module, imported only when run):
  demo         data/bench/demo_questions.jsonl over data/demo (engine/bench/demo.py)
  honesty      statute and contract probes over data/demo: 已核验 only where the answer answers
               (../shared/datasets/probes/demo_honesty.jsonl, engine/bench/honesty.py)
  transcripts  the independently written dev case files of ../shared/datasets/transcripts
               (engine/bench/transcripts.py)
  casegen      case files drawn by the case-file generator on fresh seeds, same scorer
               (engine/bench/casegen/suite.py)
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

The report is written by engine/bench/report.py, the command line is engine/bench/cli.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.bench.paths import DEFAULT_BENCH_DIR, DEFAULT_DATASETS, DEMO_DIR, DEMO_QUESTIONS
from engine.bench.result import Progress, SuiteResult


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
    kinds: str = "old"  # casegen: old | new | all (engine/bench/casegen/suite.py)
    act_by_act: bool = False  # casegen: the opt-in variant telling each payment act by act
    # transcripts / casegen: each question made about what its file does not hold
    # (engine/bench/counterfactual.py), the trust score's negatives; measured, not gated
    counterfactual: bool = False
    # Fold models of the answerability judge (scripts/train_judge.py --folds-out): CJRC and
    # ContractNLI questions are then answered by the judge that never saw their document.
    judge_folds: Path | None = None


def bench_engine(home: Path, llm: bool):
    from engine.config import Settings
    from engine.engine import Engine

    # Without --llm the secrets file is not read: the deterministic composer is what is measured.
    settings = Settings.load(home) if llm else Settings.load(home, secrets_file=None)
    return Engine(settings=settings)


def _run_demo(options: BenchOptions) -> SuiteResult:
    from engine.bench.demo import load_questions, prepare_demo_home, run_demo

    engine = bench_engine(options.bench_dir / "demo", options.llm)
    corpus = prepare_demo_home(engine, DEMO_DIR)
    questions = load_questions(DEMO_QUESTIONS)
    if options.limit and not options.full:
        questions = questions[:options.limit]
    return run_demo(engine, questions, corpus, llm=options.llm, progress=options.progress)


def _run_dataset(options: BenchOptions, suite: str, label: str, marker: str, run: Callable[..., SuiteResult],
                 default_limit: int) -> SuiteResult:
    """A dataset suite (one document per question, out-of-fold judges possible): skipped when the
    dataset is absent, else run over its subset (or the whole dev split with ``full``)."""
    folder = options.datasets / suite
    if not (folder / marker).is_file():
        return SuiteResult(suite, label, skipped=f"dataset absent: {folder}")
    engine = bench_engine(options.bench_dir / suite, options.llm)
    limit = None if options.full else (options.limit or default_limit)
    return run(engine, folder, limit=limit, llm=options.llm, progress=options.progress,
               judges=_fold_judges(options))


def _run_cjrc(options: BenchOptions) -> SuiteResult:
    from engine.bench.cjrc import DEFAULT_QUESTIONS, run_cjrc

    return _run_dataset(options, "cjrc", "CJRC dev", "questions_dev.jsonl", run_cjrc, DEFAULT_QUESTIONS)


def _run_contractnli(options: BenchOptions) -> SuiteResult:
    from engine.bench.contractnli import DEFAULT_ITEMS, run_contractnli

    return _run_dataset(options, "contractnli", "ContractNLI dev", "items_dev.jsonl", run_contractnli, DEFAULT_ITEMS)


def _fold_judges(options: BenchOptions):
    if options.judge_folds is None:
        return None
    from engine.answer.judge.folds import load_fold_judges

    return load_fold_judges(options.judge_folds)


def _rewrite(options: BenchOptions):
    """The questions' rewrite the options ask for (``--counterfactual``), or None."""
    if not options.counterfactual:
        return None
    from engine.bench.counterfactual import counterfactual_run

    return counterfactual_run


def _run_transcripts(options: BenchOptions) -> SuiteResult:
    from engine.bench.transcripts import DEV_FOLDER, run_transcripts

    folder = options.datasets / DEV_FOLDER
    if not any(folder.glob("*.questions.jsonl")):
        return SuiteResult("transcripts", "dev case files", skipped=f"dataset absent: {folder}")
    engine = bench_engine(options.bench_dir / "transcripts", options.llm)
    return run_transcripts(engine, folder, llm=options.llm, progress=options.progress,
                           rewrite=_rewrite(options))


def _run_honesty(options: BenchOptions) -> SuiteResult:
    from engine.bench.demo import prepare_demo_home
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
    from engine.bench.casegen.suite import run_casegen

    # Each family has its own home, so switching --kinds does not re-ingest the other's files.
    home = options.bench_dir / ("casegen" if options.kinds == "old" else f"casegen-{options.kinds}")
    if options.act_by_act:  # other texts under the same names: a home of their own
        home = home.with_name(f"{home.name}-act")
    engine = bench_engine(home, options.llm)
    return run_casegen(engine, home / "cases", seeds=options.seeds, seed_base=options.seed_base,
                       kinds=options.kinds, llm=options.llm, progress=options.progress,
                       act_by_act=options.act_by_act, rewrite=_rewrite(options))


SUITES: dict[str, Callable[[BenchOptions], SuiteResult]] = {
    "demo": _run_demo,
    "honesty": _run_honesty,
    "transcripts": _run_transcripts,
    "casegen": _run_casegen,
    "cjrc": _run_cjrc,
    "contractnli": _run_contractnli,
    "statute_lookup": _run_statute_lookup,
}
