"""The ``honesty`` suite: is 已核验 (answered) only given when the answer answers the question?

``../shared/datasets/probes/demo_honesty.jsonl`` holds statute and contract questions over the demo
corpus, one ``{"id", "question", "expect"}`` per line. ``expect`` keys (all but ``status`` optional):

- ``status``: the accepted statuses (answered | needs_review | not_found);
- ``text``: strings that must all occur in the conclusion or the quotes it cites (whitespace
  ignored); ``text_any``: at least one of them must;
- ``numbers``: amounts the conclusion must state (read with find_amounts);
- ``cites``: a substring of the name of a document the answer cites;
- ``verified_not``: the answer must not be 已核验 (status ``answered``).

The checks of text, numbers and citations apply to answers that give something (answered or
needs_review); a not_found answer is judged by its status alone. The gate: every question passes
except those listed in data/bench/honesty_known_failures.json with a reason (a listed question that
passes fails the gate too). ``verified_wrong_share`` (engine/bench/metrics.py) is the share of
已核验 answers that fail their question — the figure the badge is judged by.

The probes run in the demo suite's home: the same corpus, ingested once.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from engine.bench.common import BenchCorpus
from engine.bench.metrics import verified_wrong
from engine.bench.paths import REPO
from engine.bench.result import Progress, SuiteResult, suite_result
from engine.bench.scoring import cited_quotes, conclusion_values, squash
from engine.bench.transcripts import KnownFailures, question_gate

PROBES = Path("probes") / "demo_honesty.jsonl"  # under the datasets folder
KNOWN_FAILURES = REPO / "data" / "bench" / "honesty_known_failures.json"
STATUSES = ("answered", "needs_review", "not_found")


@dataclass(frozen=True)
class Probe:
    id: str
    question: str
    status: tuple[str, ...]
    text: tuple[str, ...] = ()
    text_any: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    cites: str | None = None
    verified_not: bool = False


def load_probes(path: Path) -> list[Probe]:
    """The probes of ``path``; a bad line is an error naming the file and line."""
    probes = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path.name}:{number}"
        try:
            data = json.loads(line)
            expect = data["expect"]
            status = tuple(expect["status"])
            if not status or any(s not in STATUSES for s in status):
                raise ValueError(f"status must be a list of {STATUSES}")
            unknown = set(expect) - {"status", "text", "text_any", "numbers", "cites", "verified_not"}
            if unknown:
                raise ValueError(f"unknown expectation key(s) {sorted(unknown)}")
            probes.append(Probe(id=str(data["id"]), question=str(data["question"]), status=status,
                                text=tuple(expect.get("text", ())), text_any=tuple(expect.get("text_any", ())),
                                numbers=tuple(int(n) for n in expect.get("numbers", ())),
                                cites=expect.get("cites"), verified_not=bool(expect.get("verified_not"))))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{where}: {exc}") from exc
    return probes


def score_probe(probe: Probe, answer: Mapping[str, Any]) -> dict[str, Any]:
    """One row: which expectations hold, why the others do not."""
    status = answer["status"]
    reasons: list[str] = []
    if status not in probe.status:
        reasons.append(f"status {status}, expected {'/'.join(probe.status)}")
    if probe.verified_not and status == "answered":
        reasons.append("marked 已核验 although it must not be")
    if status != "not_found":
        shown = squash(answer["conclusion"] + " " + cited_quotes(answer))
        missing = [t for t in probe.text if squash(t) not in shown]
        if missing:
            reasons.append("text: " + "、".join(missing) + " not in the conclusion or its quotes")
        if probe.text_any and not any(squash(t) in shown for t in probe.text_any):
            reasons.append("text_any: none of " + "、".join(probe.text_any))
        stated = {int(v) for v in conclusion_values(answer["conclusion"]).amounts if v == int(v)}
        absent = [n for n in probe.numbers if n not in stated]
        if absent:
            reasons.append(f"numbers: {absent} not stated (stated: {sorted(stated) or 'none'})")
        cited = [e["doc_name"] for e in answer.get("evidence", [])]
        if probe.cites and not any(probe.cites in name for name in cited):
            reasons.append(f"cites: no cited document named like {probe.cites!r} (cited: {sorted(set(cited))})")
    return {"id": probe.id, "question": probe.question, "status": status, "expect_status": list(probe.status),
            "conclusion": answer["conclusion"], "cited": sorted({e["doc_name"] for e in answer.get("evidence", [])}),
            "correct": not reasons, "reasons": reasons, "verified": status == "answered"}


def run_honesty(engine, probes: Sequence[Probe], corpus: BenchCorpus, *, known: KnownFailures | None = None,
                llm: bool = False, progress: Progress | None = None) -> SuiteResult:
    known = known or KnownFailures.load(KNOWN_FAILURES)
    rows, latencies = [], []
    engine.search("预热 warm-up", k=1)
    for i, probe in enumerate(probes, start=1):
        started = time.perf_counter()
        answer = engine.ask(probe.question, llm=llm).to_dict()
        latencies.append((time.perf_counter() - started) * 1000)
        row = score_probe(probe, answer)
        row["ms"] = round(latencies[-1], 1)
        row["known_failure"] = known.questions.get(probe.id)
        rows.append(row)
        if progress:
            progress("honesty", i, len(probes))
    passed = sum(r["correct"] for r in rows)
    metrics = {"questions": len(rows), "passed": passed, "accuracy": round(passed / len(rows), 4) if rows else None,
               **verified_wrong(rows)}
    per_status = {}
    for status in STATUSES:
        group = [r for r in rows if status in r["expect_status"] and len(r["expect_status"]) == 1]
        if group:
            per_status[f"expect {status}"] = {"n": len(group), "passed": sum(r["correct"] for r in group)}
    return suite_result(
        "honesty", f"{len(rows)} statute and contract probes over the demo corpus: the badge only where the "
                   f"answer answers ({'LLM' if llm else 'deterministic composer'})",
        engine, llm=llm, rows=rows, latencies_ms=latencies, metrics=metrics, per_category=per_status,
        timings={"ingest_s": corpus.ingest_s}, gate=question_gate(rows, known.questions))
