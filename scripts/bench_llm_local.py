"""The LLM answer mode against a real local model, next to the deterministic mode, on the dev case files.

    nice python scripts/local_llm.py serve --threads 1 &          # the model on 127.0.0.1:8090
    nice python scripts/bench_llm_local.py --sample 20 --seed 14   # a documented random subset
    nice python scripts/bench_llm_local.py                         # all 60 questions

Every question of ``../shared/datasets/transcripts`` (or a random subset of ``--sample`` of them,
drawn with ``--seed``) is asked twice within its own file: by the deterministic composer and in
LLM mode against the OpenAI-compatible endpoint at ``--base-url``. Both answers are scored by the
transcripts suite's scorer (engine/bench/transcripts.py: values, dates, pages, conflicts, gaps,
wrong values, grounding), and for the LLM mode the report also counts how often it fell back to
the deterministic answer (and why, from the answer's note) and how often its conclusion was
flagged against the ledger (engine/answer/llm_case.py). Seconds per answer are wall-clock times of
``Engine.ask``. The engine works in its own bench home (``<bench-dir>/llm_local``), the case files
ingested there once. The report (JSON) goes to ``--out``; figures: docs/benchmarks.md ("LLM mode
with a local model").
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from engine.bench.common import prepare_corpus  # noqa: E402
from engine.bench.common import machine  # noqa: E402
from engine.bench.metrics import percentile  # noqa: E402
from engine.bench.paths import DEFAULT_BENCH_DIR, DEFAULT_DATASETS  # noqa: E402
from engine.bench.report import code_version, write_report  # noqa: E402
from engine.bench.transcripts import DEV_FOLDER, case_files, score_case_answer, summarise_cases  # noqa: E402
from engine.config import Settings  # noqa: E402
from engine.engine import Engine  # noqa: E402

DEFAULT_OUT = REPO / "docs" / "bench" / "llm_local.json"
_FALLBACK = re.compile(r"LLM 未使用，已改用抽取式回答 \(LLM not used, extractive answer\): (.*)")
# The problems engine/answer/llm_case.py names (a total, an amount or a date against the ledger's).
_LEDGER_FLAG = re.compile(r"按账目重新计算的结果不符|与账目不符|按账目和笔录未找到")


def fallback_reason(answer: dict[str, Any]) -> str | None:
    for note in answer.get("notes", []):
        match = _FALLBACK.match(note)
        if match:
            return match.group(1)
    return None


def reason_kind(reason: str) -> str:
    """A fallback's reason without its particulars (the seconds, the HTTP body)."""
    return re.sub(r"\d[\d.,]*", "N", reason.split(":")[0])[:80]


def mode_summary(rows: list[dict[str, Any]], seconds: list[float]) -> dict[str, Any]:
    summary = summarise_cases(rows, [s * 1000 for s in seconds])
    metrics = summary["metrics"]
    metrics.pop("ask_ms_p50"), metrics.pop("ask_ms_p95")
    metrics.update({"s_per_answer_mean": round(sum(seconds) / len(seconds), 2) if seconds else None,
                    "s_per_answer_p50": round(percentile(seconds, 50), 2) if seconds else None,
                    "s_per_answer_p95": round(percentile(seconds, 95), 2) if seconds else None,
                    "s_per_answer_max": round(max(seconds), 2) if seconds else None,
                    "status": dict(Counter(r["status"] for r in rows))})
    return {"metrics": metrics, "per_type": summary["per_category"]}


def run(args) -> dict[str, Any]:
    folder = args.datasets / DEV_FOLDER
    files = case_files(folder)
    questions = [q for f in files for q in f.questions]
    if args.sample and args.sample < len(questions):
        questions = sorted(random.Random(args.seed).sample(questions, args.sample), key=lambda q: q.id)
    settings = Settings.load(args.bench_dir / "llm_local", secrets_file=None)
    settings.llm.base_url, settings.llm.model = args.base_url, args.model
    settings.llm.api_key, settings.llm.timeout_s = "local", args.timeout
    engine = Engine(settings=settings)
    corpus = prepare_corpus(engine, [f.pdf for f in files], "dev case files")
    engine.search("预热 warm-up", k=1)  # indexes and models loaded before timing
    rows: dict[str, list[dict[str, Any]]] = {"deterministic": [], "llm": []}
    seconds: dict[str, list[float]] = {"deterministic": [], "llm": []}
    for number, q in enumerate(questions, start=1):
        for mode in ("deterministic", "llm"):
            started = time.perf_counter()
            answer = engine.ask(q.question, doc_id=corpus.doc_ids[q.file], llm=mode == "llm").to_dict()
            seconds[mode].append(time.perf_counter() - started)
            row = score_case_answer(q, answer)
            row.update(seconds=round(seconds[mode][-1], 2), mode=answer["mode"],
                       fallback=fallback_reason(answer), unsupported=answer["checks"]["unsupported"],
                       ledger_flagged=any(_LEDGER_FLAG.search(p) for p in answer["checks"]["unsupported"]))
            rows[mode].append(row)
        llm = rows["llm"][-1]
        print(f"{number}/{len(questions)} {q.id} det {'✓' if rows['deterministic'][-1]['correct'] else '✗'} "
              f"llm {'✓' if llm['correct'] else '✗'} {llm['status']} {llm['seconds']:.0f}s"
              + (f" fallback: {llm['fallback']}" if llm["fallback"] else ""), file=sys.stderr, flush=True)
    fell_back = [r for r in rows["llm"] if r["fallback"]]
    by_model = [r for r in rows["llm"] if r["mode"] == "llm"]  # the model's own conclusions
    report = {
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "machine": machine(),
        "code_version": code_version(),
        "config": {"dataset": str(folder), "questions_total": sum(len(f.questions) for f in files),
                   "sample": len(questions), "seed": args.seed if args.sample else None,
                   "question_ids": [q.id for q in questions], "base_url": args.base_url,
                   "model": args.model, "timeout_s": args.timeout, "note": args.note},
        "modes": {mode: mode_summary(rows[mode], seconds[mode]) for mode in rows},
        "llm": {"answered_by_model": len(by_model),
                "model_answers_passed": sum(r["correct"] for r in by_model),
                "fell_back": len(fell_back),
                "fallback_reasons": dict(Counter(reason_kind(r["fallback"]) for r in fell_back)),
                "flagged_against_ledger": sum(r["ledger_flagged"] for r in rows["llm"])},
        "rows": rows,
    }
    return report


def summary_lines(report: dict[str, Any]) -> list[str]:
    lines = [f"{report['config']['sample']} of {report['config']['questions_total']} questions "
             f"(seed {report['config']['seed']}), model {report['config']['model']}"]
    for mode, data in report["modes"].items():
        m = data["metrics"]
        lines.append(f"  {mode:<14} passed {m['passed']}/{m['questions']} ({m['accuracy']:.3f}), "
                     f"{m['s_per_answer_mean']} s/answer (p50 {m['s_per_answer_p50']}, p95 {m['s_per_answer_p95']}), "
                     f"wrong values {m['questions_with_wrong_values']}, ungrounded "
                     f"{m['questions_with_ungrounded_values']}, status {m['status']}")
    llm = report["llm"]
    lines.append(f"  llm: {llm['answered_by_model']} answered by the model ({llm['model_answers_passed']} passed), "
                 f"{llm['fell_back']} fell back "
                 f"{llm['fallback_reasons']}, {llm['flagged_against_ledger']} flagged against the ledger")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:8090/v1")
    parser.add_argument("--model", default="qwen2.5-coder-1.5b")
    parser.add_argument("--timeout", type=float, default=900.0, help="deadline of one model call, s")
    parser.add_argument("--sample", type=int, default=None, help="a random subset of N questions")
    parser.add_argument("--seed", type=int, default=14, help="the subset's random seed")
    parser.add_argument("--bench-dir", type=Path, default=DEFAULT_BENCH_DIR)
    parser.add_argument("--datasets", type=Path, default=DEFAULT_DATASETS)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--note", default="", help="recorded in the report (load, threads …)")
    args = parser.parse_args(argv)
    if not (args.datasets / DEV_FOLDER).is_dir():
        print(f"dataset absent: {args.datasets / DEV_FOLDER}", file=sys.stderr)
        return 1
    report = run(args)
    write_report(report, args.out)
    print("\n".join(summary_lines(report)))
    print(f"report: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
