"""Faithfulness of the demo answers and of the demo documents' summaries (the Benchmark page's
faithfulness chart reads what this writes: docs/bench/faithfulness.json).

Answers: every question of the demo suite (data/bench/demo_questions.jsonl) is asked in the
suite's own bench home (the same ``.bench/demo`` the demo suite uses, so the corpus is ingested
once); the conclusion is scored against the quotes of its evidence, each after the question it
answers in its 问/答 pair (engine.faithfulness.metric.answer_passages), and with the user's
question (a bare "材料显示为2022年10月15日" claims its value as the answer to it). A not-found
answer asserts nothing about the material and gets no score.

Summaries: each demo document is summarised (engine.summary.summarize) and each point is scored
against the texts of the chunks it names as its sources; a point without sources has none of its
statements supported. When engine.summary cannot be imported this part is skipped with the reason.
"""

from __future__ import annotations

import math
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Sequence

from engine.bench.common import BenchCorpus
from engine.bench.demo import DemoQuestion, load_questions, prepare_demo_home
from engine.bench.common import machine
from engine.bench.metrics import mean
from engine.bench.paths import DEFAULT_BENCH_DIR, DEMO_DIR, DEMO_QUESTIONS, REPO
from engine.bench.registry import bench_engine
from engine.bench.report import code_version
from engine.bench.result import json_safe
from engine.faithfulness import FaithfulnessResult, StatementVerdict, split_statements
from engine.faithfulness.cli import faithfulness_for
from engine.faithfulness.metric import answer_passages
from engine.faithfulness.model import ratio
from engine.faithfulness.verify import CALIBRATED_EMBEDDING_MODEL, DEFAULT_THRESHOLDS

PUBLISHED = REPO / "docs" / "bench" / "faithfulness.json"
NO_SOURCES = "要点没有标注来源 (the point names no source)"

Progress = Callable[[str, int, int], None]  # (part, done, total)


def _round(value: float | None) -> float | None:
    return None if value is None or math.isnan(value) else round(value, 4)


def _statements(verdicts: Sequence[StatementVerdict]) -> list[dict[str, Any]]:
    return [v.to_dict() for v in verdicts]


def _aggregate(results: Sequence[FaithfulnessResult]) -> dict[str, Any]:
    """Mean score over the scored items, statement-level support, share fully faithful."""
    scored = [r for r in results if not math.isnan(r.score)]
    verdicts = [v for r in results for v in r.statements]
    return {"items": len(results), "scored": len(scored),
            "mean_score": _round(mean([r.score for r in scored])) if scored else None,
            "statement_support": _round(ratio(verdicts)),
            "fully_faithful": _round(sum(r.score == 1.0 for r in scored) / len(scored)) if scored else None,
            "statements": len(verdicts), "unsupported": sum(not v.supported for v in verdicts)}


# -- answers -------------------------------------------------------------------------------------
def score_answers(engine, questions: Sequence[DemoQuestion], corpus: BenchCorpus, *, llm: bool = False,
                  progress: Progress | None = None) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    results: list[tuple[DemoQuestion, FaithfulnessResult]] = []
    for i, q in enumerate(questions, start=1):
        asked = engine.ask(q.question, doc_id=corpus.doc_ids[q.doc] if q.doc else None, llm=llm)
        answer = asked.to_dict()
        if answer["status"] == "not_found" or not asked.evidence:
            result = FaithfulnessResult(math.nan, [], reason="未找到答案：结论不涉及材料内容 (not found: "
                                                             "the conclusion asserts nothing)")
        else:
            result = faithfulness_for(engine, answer["conclusion"], answer_passages(asked),
                                      question=q.question, llm=llm)
        results.append((q, result))
        rows.append({"id": q.id, "category": q.category, "question": q.question,
                     "status": answer["status"], "conclusion": answer["conclusion"],
                     "score": _round(result.score), "method": result.method, "reason": result.reason,
                     "statements": _statements(result.statements)})
        if progress:
            progress("answers", i, len(questions))
    per_category = {}
    for category in dict.fromkeys(q.category for q, _ in results):
        members = [r for q, r in results if q.category == category]
        per_category[category] = _aggregate(members)
    return {"description": f"{len(rows)} demo questions: each conclusion against its evidence quotes "
                           f"({'LLM' if llm else 'deterministic composer'} answers)",
            "metrics": _aggregate([r for _, r in results]), "per_category": per_category, "rows": rows}


# -- summaries -----------------------------------------------------------------------------------
def _summarizer():
    """engine.summary.summarize, or the reason it is not available."""
    try:
        from engine.summary import summarize
    except ImportError as exc:
        return None, f"engine.summary 不可用 (not importable): {exc}"
    return summarize, None


def score_summaries(engine, corpus: BenchCorpus, *, llm: bool = False,
                    progress: Progress | None = None) -> dict[str, Any]:
    summarize, unavailable = _summarizer()
    if summarize is None:
        return {"skipped": unavailable}
    rows: list[dict[str, Any]] = []
    per_document: dict[str, Any] = {}
    all_results: list[FaithfulnessResult] = []
    for i, (name, doc_id) in enumerate(sorted(corpus.doc_ids.items()), start=1):
        summary = summarize(engine, doc_id, llm=llm)
        texts = {c.chunk_id: c.text for c in engine.chunks(doc_id)}
        results = []
        for point in summary.points:
            context = [texts[s.chunk_id] for s in point.sources if s.chunk_id in texts]
            if context:
                result = faithfulness_for(engine, point.text, context, llm=llm)
            else:
                verdicts = [StatementVerdict(t, False, NO_SOURCES, None) for t in split_statements(point.text)]
                result = FaithfulnessResult(ratio(verdicts), verdicts, reason=NO_SOURCES)
            results.append(result)
            rows.append({"doc": name, "point": getattr(point, "id", None), "text": point.text,
                         "sources": [s.chunk_id for s in point.sources], "score": _round(result.score),
                         "method": result.method, "reason": result.reason,
                         "statements": _statements(result.statements)})
        per_document[name] = {**_aggregate(results), "points": len(summary.points)}
        all_results += results
        if progress:
            progress("summaries", i, len(corpus.doc_ids))
    return {"description": f"summaries of the {len(corpus.doc_ids)} demo documents: each point against "
                           f"the chunks it cites ({'LLM' if llm else 'offline'} summaries)",
            "metrics": _aggregate(all_results), "per_document": per_document, "rows": rows}


# -- the report ----------------------------------------------------------------------------------
def run(bench_dir: Path = DEFAULT_BENCH_DIR, *, limit: int | None = None, llm: bool = False,
        summaries: bool = True, progress: Progress | None = None) -> dict[str, Any]:
    engine = bench_engine(Path(bench_dir) / "demo", llm)
    corpus = prepare_demo_home(engine, DEMO_DIR)
    questions = load_questions(DEMO_QUESTIONS)[:limit] if limit else load_questions(DEMO_QUESTIONS)
    timings: dict[str, float] = {"ingest_s": corpus.ingest_s}
    started = time.perf_counter()
    answers = score_answers(engine, questions, corpus, llm=llm, progress=progress)
    timings["answers_s"] = round(time.perf_counter() - started, 1)
    started = time.perf_counter()
    summary_part = score_summaries(engine, corpus, llm=llm, progress=progress) if summaries else \
        {"skipped": "--no-summaries"}
    timings["summaries_s"] = round(time.perf_counter() - started, 1)
    thresholds = DEFAULT_THRESHOLDS
    return json_safe({
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(), "code_version": code_version(),
        "config": {"llm": llm, "embedding_model": engine.index.embedder.model_id,
                   "calibrated_embedding_model": CALIBRATED_EMBEDDING_MODEL,
                   "thresholds": {"support_overlap": thresholds.overlap,
                                  "paraphrase_overlap": thresholds.paraphrase_overlap,
                                  "paraphrase_cosine": thresholds.paraphrase_cosine}},
        "answers": answers, "summaries": summary_part, "timings": timings})


def summary_text(report: dict[str, Any]) -> str:
    lines = []
    for part in ("answers", "summaries"):
        body = report.get(part) or {}
        if body.get("skipped"):
            lines.append(f"== {part}: skipped ({body['skipped']})")
            continue
        metrics = body.get("metrics", {})
        lines.append(f"== {part}: {body.get('description', '')}")
        lines += [f"  {k:<20}{'-' if v is None else v}" for k, v in metrics.items()]
        table = body.get("per_category") or body.get("per_document") or {}
        for name, row in table.items():
            lines.append(f"  {name:<34} mean {row.get('mean_score')}  statements {row.get('statements')}"
                         f"  unsupported {row.get('unsupported')}")
    lines.append("timings: " + ", ".join(f"{k} {v}" for k, v in report.get("timings", {}).items()))
    return "\n".join(lines)
