"""The demo answer suite: questions written from data/demo/ground_truth.json, scored per check.

A question (one line of data/bench/demo_questions.jsonl) states what a correct answer must show:

- ``expect_status``: answered | needs_review | not_found, or a list of acceptable ones;
- ``expect_values``: amounts (numbers, in the currency's unit) and dates (ISO, only as precise
  as the source) that the conclusion must contain, compared after normalising the conclusion
  with engine.text.numbers.find_amounts / engine.text.dates.find_dates. Values of the same kind
  beyond these (and ``allow_values``) make the answer wrong: a date question answered with two
  dates has not been answered. ``allow_other_values`` lifts that for open questions;
  Such a value must be concluded plainly: a conclusion saying the material is unclear
  (UNCLEAR_PHRASE) fails unless the truth records that gap (``expect_gap``: true);
- ``expect_count`` (3 for 分三期), ``expect_yesno`` (yes | no, read from the verdict that opens
  the conclusion), ``expect_text`` (phrases the conclusion must contain);
- ``expect_masked``: personal data the answer must give masked (3301**********1517) in its
  conclusion and never in clear anywhere;
- ``expect_pages`` in ``evidence_doc``: pages the cited evidence must cover (``pages_mode``
  "all", or "any" when the fact is stated on several pages);
- ``expect_conflict`` / ``expect_gap``: whether conflicts / gaps must (true) or must not (false)
  be reported; null when either is acceptable;
- ``expect_calculation``: {"result", "stated"}: a shown calculation with these values;
- ``source_ids``: the ground-truth entries the expectations come from; ``known_failure``: why the
  current composer fails it (excluded from the CI gate until fixed, never silently).

Hallucination is checked twice: the answer's own ``checks`` and an independent recheck here that
every amount (with its currency) and date in the conclusion occurs in the quotes it cites or is
the recomputed result of a shown calculation whose terms are in its cited quotes.

The badge (``verified_wrong_share``, engine/bench/metrics.py): an answered (已核验) answer whose
row is not ``correct`` — any check above failed, or a hallucinated value — over the answered ones.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from engine.answer.model import NOT_FOUND_PHRASE, UNCLEAR_PHRASE, Status
from engine.answer.verify import evaluate
from engine.bench.common import BenchCorpus, prepare_corpus
from engine.bench.metrics import mean, rate, verified_wrong
from engine.bench.result import Progress, SuiteResult, suite_result
from engine.bench.scoring import (Values, decimal_of, cited_pages, conclusion_counts, conclusion_values, detection,
                                  grounding, masked_shown, answer_text, squash, yes_no)

CATEGORIES = ("fact", "evidence", "conflict", "gap", "not_found")
STATUSES = tuple(s.value for s in Status)
EVIDENCE_K = 5  # evidence recall is over the first K cited items, in the order shown
_ISO_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")


# -- questions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DemoQuestion:
    id: str
    category: str
    question: str
    doc: str | None  # ask within this file (None: the whole corpus)
    evidence_doc: str | None  # the file expect_pages refer to
    expect_status: tuple[str, ...]
    expect_values: tuple[int | Decimal | str, ...] = ()
    allow_values: tuple[int | Decimal | str, ...] = ()
    allow_other_values: bool = False
    expect_count: int | None = None
    expect_yesno: str | None = None
    expect_text: tuple[str, ...] = ()
    expect_masked: tuple[str, ...] = ()
    expect_pages: tuple[int, ...] = ()
    pages_mode: str = "all"
    expect_conflict: bool | None = None
    expect_gap: bool | None = None
    expect_calculation: dict[str, Any] | None = None
    source_ids: tuple[str, ...] = ()
    note: str = ""
    known_failure: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "DemoQuestion":
        where = data.get("id", "<no id>")
        for key in ("id", "category", "question", "doc", "expect_status", "expect_values",
                    "expect_pages", "expect_conflict", "expect_gap", "expect_calculation", "source_ids"):
            if key not in data:
                raise ValueError(f"{where}: missing field {key!r}")
        known = set(cls.__dataclass_fields__)
        extra = set(data) - known
        if extra:
            raise ValueError(f"{where}: unknown field(s) {sorted(extra)}")
        if data["category"] not in CATEGORIES:
            raise ValueError(f"{where}: category must be one of {CATEGORIES}")
        status = data["expect_status"]
        status = (status,) if isinstance(status, str) else tuple(status)
        if not status or any(s not in STATUSES for s in status):
            raise ValueError(f"{where}: expect_status must be among {STATUSES}")
        for value in [*data["expect_values"], *data.get("allow_values", [])]:
            if isinstance(value, bool) or not isinstance(value, (int, float, str)) or \
                    (isinstance(value, str) and not _ISO_DATE.match(value)):
                raise ValueError(f"{where}: {value!r} is neither an amount nor an ISO date")
        if data.get("expect_yesno") not in (None, "yes", "no"):
            raise ValueError(f"{where}: expect_yesno must be yes or no")
        if data.get("pages_mode", "all") not in ("all", "any"):
            raise ValueError(f"{where}: pages_mode must be all or any")
        calc = data["expect_calculation"]
        if calc is not None and set(calc) != {"result", "stated"}:
            raise ValueError(f"{where}: expect_calculation needs exactly result and stated")
        if data["expect_pages"] and not data.get("evidence_doc", data["doc"]):
            raise ValueError(f"{where}: expect_pages needs evidence_doc (or doc)")
        return cls(
            id=data["id"], category=data["category"], question=data["question"], doc=data["doc"],
            evidence_doc=data.get("evidence_doc", data["doc"]), expect_status=status,
            expect_values=tuple(_expected(v) for v in data["expect_values"]),
            allow_values=tuple(_expected(v) for v in data.get("allow_values", [])),
            allow_other_values=bool(data.get("allow_other_values", False)),
            expect_count=data.get("expect_count"), expect_yesno=data.get("expect_yesno"),
            expect_text=tuple(data.get("expect_text", [])),
            expect_masked=tuple(data.get("expect_masked", [])),
            expect_pages=tuple(data["expect_pages"]), pages_mode=data.get("pages_mode", "all"),
            expect_conflict=data["expect_conflict"], expect_gap=data["expect_gap"],
            expect_calculation=calc, source_ids=tuple(data["source_ids"]),
            note=data.get("note", ""), known_failure=data.get("known_failure"))


def _expected(value: int | float | str) -> Decimal | str:
    return value if isinstance(value, str) else Decimal(str(value))


def load_questions(path: Path) -> list[DemoQuestion]:
    questions = []
    for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            questions.append(DemoQuestion.from_dict(json.loads(line)))
        except (json.JSONDecodeError, ValueError) as exc:
            raise ValueError(f"{path.name} line {number}: {exc}") from None
    ids = [q.id for q in questions]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"{path.name}: duplicated ids {duplicated}")
    return questions


# -- scoring --------------------------------------------------------------------------------------


def _values_ok(q: DemoQuestion, found: Values) -> bool | None:
    if not q.expect_values:
        return None
    want_amounts = {v for v in q.expect_values if isinstance(v, Decimal)}
    want_dates = {v for v in q.expect_values if isinstance(v, str)}
    if not (want_amounts <= found.amounts and want_dates <= found.dates):
        return False
    if q.allow_other_values:
        return True
    allowed = set(q.expect_values) | set(q.allow_values)
    # Only values of the kind asked for are held against the answer: a date quoted in an
    # amount answer says when, it does not compete with the amount.
    if want_amounts and not found.amounts <= allowed:
        return False
    if want_dates and not found.dates <= allowed:
        return False
    return True


def _calculation_ok(q: DemoQuestion, answer: Mapping[str, Any]) -> bool | None:
    if q.expect_calculation is None:
        return None
    want_result = decimal_of(q.expect_calculation["result"])
    want_stated = decimal_of(q.expect_calculation["stated"])
    for calc in answer.get("calculations", []):
        try:
            recomputed = evaluate(calc["expression"])
        except ValueError:
            continue
        if recomputed == want_result == decimal_of(calc.get("result")) and \
                decimal_of(calc.get("stated")) == want_stated and bool(calc.get("ok")) == (want_result == want_stated):
            return True
    return False


def score_answer(q: DemoQuestion, answer: Mapping[str, Any]) -> dict[str, Any]:
    """One report row: every applicable check (None when the question does not ask for it)."""
    conclusion = answer.get("conclusion", "")
    found = conclusion_values(conclusion)
    status = answer.get("status")
    expected_pairs = [(q.evidence_doc, p) for p in q.expect_pages]
    cited = cited_pages(answer)
    top_k = cited_pages(answer, EVIDENCE_K)
    checks: dict[str, bool | None] = {"status": status in q.expect_status}
    checks["values"] = _values_ok(q, found)
    # A value the truth states plainly must be concluded plainly: quoting it inside "the material
    # is unclear" (UNCLEAR_PHRASE) does not answer. Not so where the truth records the gap.
    asks_value = bool(q.expect_values) or q.expect_count is not None
    checks["definite"] = None if not asks_value or q.expect_gap else \
        not (UNCLEAR_PHRASE in conclusion or NOT_FOUND_PHRASE in conclusion)
    checks["count"] = None if q.expect_count is None else q.expect_count in conclusion_counts(conclusion)
    checks["yesno"] = None if q.expect_yesno is None else yes_no(conclusion) == q.expect_yesno
    checks["text"] = None if not q.expect_text else \
        all(squash(t) in squash(conclusion) for t in q.expect_text)
    shown = answer_text(answer)
    # Personal data asked for must be answered, masked: absent in clear anywhere, shown masked
    # in the conclusion.
    checks["masked"] = None if not q.expect_masked else \
        all(raw not in shown and masked_shown(raw, conclusion) for raw in q.expect_masked)
    if expected_pairs:
        hits = [pair in cited for pair in expected_pairs]
        checks["pages"] = all(hits) if q.pages_mode == "all" else any(hits)
    else:
        checks["pages"] = None
    checks["conflict"] = None if q.expect_conflict is None else bool(answer.get("conflicts")) == q.expect_conflict
    checks["gap"] = None if q.expect_gap is None else bool(answer.get("gaps")) == q.expect_gap
    checks["calculation"] = _calculation_ok(q, answer)

    ungrounded, verifier_flagged, hallucination = grounding(answer)
    failed = [name for name, ok in checks.items() if ok is False]
    if hallucination:
        failed.append("hallucination")

    if expected_pairs:
        wanted = set(expected_pairs)
        recall = (len(wanted & set(top_k)) / len(wanted)) if q.pages_mode == "all" \
            else float(bool(wanted & set(top_k)))
        precision = (sum(pair in wanted for pair in cited) / len(cited)) if cited else 0.0
        page_hit = bool(wanted & set(cited))
    else:
        recall = precision = page_hit = None
    return {
        "id": q.id, "category": q.category, "question": q.question, "doc": q.doc,
        "status": status, "expect_status": list(q.expect_status),
        "conclusion": conclusion,
        "values_expected": [_json_value(v) for v in q.expect_values],
        "values_found": sorted([_json_value(v) for v in found.amounts], key=str)
        + sorted(found.dates),
        "pages_expected": [p for _, p in expected_pairs],
        "pages_cited": [{"doc": d, "page": p} for d, p in cited],
        "page_hit": page_hit, "evidence_recall_at_k": recall, "evidence_precision": precision,
        "checks": checks, "failed": failed, "correct": not failed,
        "ungrounded": ungrounded, "verifier_flagged": verifier_flagged,
        "verifier_unsupported": list(answer.get("checks", {}).get("unsupported", [])),
        "trust": answer.get("checks", {}).get("trust"),  # case-file answers: the trust card (trust.py)
        "hallucination": hallucination,
        "conflicts_reported": len(answer.get("conflicts", [])), "expect_conflict": q.expect_conflict,
        "gaps_reported": len(answer.get("gaps", [])), "expect_gap": q.expect_gap,
        "known_failure": q.known_failure, "source_ids": list(q.source_ids),
    }


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


# -- aggregation ----------------------------------------------------------------------------------


def _share(rows: Iterable[Mapping[str, Any]], check: str) -> float | None:
    return rate(r["checks"][check] for r in rows if r["checks"].get(check) is not None)


def summarise(rows: Sequence[Mapping[str, Any]]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    answered = [r for r in rows if r["status"] != Status.NOT_FOUND.value]
    amount_rows = [r for r in rows if any(isinstance(v, (int, float)) for v in r["values_expected"])]
    date_rows = [r for r in rows if any(isinstance(v, str) for v in r["values_expected"])]
    paged = [r for r in rows if r["page_hit"] is not None]
    abstain = detection([r["status"] == Status.NOT_FOUND.value for r in rows],
                        [r["expect_status"] == [Status.NOT_FOUND.value] for r in rows])
    conflicts = _detection_of(rows, "expect_conflict", "conflicts_reported")
    gaps = _detection_of(rows, "expect_gap", "gaps_reported")
    metrics = {
        "questions": len(rows),
        "accuracy": rate([r["correct"] for r in rows]),
        "status_accuracy": _share(rows, "status"),
        "amount_exact": rate([r["checks"]["values"] is True for r in amount_rows]),
        "date_exact": rate([r["checks"]["values"] is True for r in date_rows]),
        "count_exact": _share(rows, "count"),
        "yesno_accuracy": _share(rows, "yesno"),
        "text_match": _share(rows, "text"),
        "pii_masked": _share(rows, "masked"),
        "calculation_correct": _share(rows, "calculation"),
        "evidence_page_hit": rate([bool(r["page_hit"]) for r in paged]),
        "evidence_pages_ok": _share(rows, "pages"),
        f"evidence_recall@{EVIDENCE_K}": round(mean([r["evidence_recall_at_k"] for r in paged]), 4) if paged else None,
        "evidence_precision": round(mean([r["evidence_precision"] for r in paged]), 4) if paged else None,
        "abstention_precision": abstain["precision"],
        "abstention_recall": abstain["recall"],
        "conflict_detection_precision": conflicts["precision"],
        "conflict_detection_recall": conflicts["recall"],
        "gap_detection_precision": gaps["precision"],
        "gap_detection_recall": gaps["recall"],
        "hallucination_rate": rate([r["hallucination"] for r in answered]),
        "ungrounded_by_recheck": sum(bool(r["ungrounded"]) for r in rows),
        "verifier_flagged_rate": rate([r["verifier_flagged"] for r in answered]),
        "known_failures": sum(r["known_failure"] is not None for r in rows),
        **verified_wrong(rows),
    }
    per_category = {}
    for category in CATEGORIES:
        members = [r for r in rows if r["category"] == category]
        if not members:
            continue
        per_category[category] = {
            "n": len(members), "correct": sum(r["correct"] for r in members),
            "accuracy": rate([r["correct"] for r in members]),
            "status_acc": _share(members, "status"),
            "value_exact": _share(members, "values"),
            "page_hit": rate([bool(r["page_hit"]) for r in members if r["page_hit"] is not None]),
            "hallucinated": sum(r["hallucination"] for r in members),
            "known_fail": sum(r["known_failure"] is not None for r in members),
        }
    return metrics, per_category


def _detection_of(rows: Sequence[Mapping[str, Any]], expected: str, reported: str) -> dict[str, float | None]:
    """Detection over the questions whose truth decides it (expect_conflict / expect_gap not null)."""
    decided = [r for r in rows if r[expected] is not None]
    return detection([r[reported] > 0 for r in decided], [r[expected] for r in decided])


def gate(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The CI gate: every fact question correct and no hallucinated value anywhere, except the
    questions flagged ``known_failure`` (listed, so that a fixed one gets its flag removed)."""
    failures = []
    for r in rows:
        if r["known_failure"] is not None:
            continue
        if r["category"] == "fact" and not r["correct"]:
            failures.append({"id": r["id"], "reason": "fact question wrong: " + ", ".join(r["failed"])})
        elif r["hallucination"]:
            why = r["ungrounded"] or r["verifier_unsupported"]
            failures.append({"id": r["id"], "reason": "ungrounded value: " + "; ".join(why)})
    fixed = [r["id"] for r in rows if r["known_failure"] is not None and r["correct"]]
    return {"ok": not failures, "failures": failures, "fixed_known_failures": fixed}


# -- running --------------------------------------------------------------------------------------


def prepare_demo_home(engine, demo_dir: Path) -> BenchCorpus:
    """Ingest data/demo into the suite's own home (unchanged files are skipped) and remove any
    document that is no longer part of it, so that corpus-wide questions see exactly the demo."""
    return prepare_corpus(engine, [demo_dir], "demo corpus")


def run_demo(engine, questions: Sequence[DemoQuestion], corpus: BenchCorpus, *, llm: bool = False,
             progress: Progress | None = None) -> SuiteResult:
    missing = sorted({q.doc for q in questions if q.doc and q.doc not in corpus.doc_ids})
    if missing:
        raise ValueError(f"questions name files that are not in the demo corpus: {missing}")
    rows, latencies = [], []
    engine.search("预热 warm-up", k=1)  # load indexes and models before timing
    for i, q in enumerate(questions, start=1):
        started = time.perf_counter()
        answer = engine.ask(q.question, doc_id=corpus.doc_ids[q.doc] if q.doc else None, llm=llm)
        latencies.append((time.perf_counter() - started) * 1000)
        row = score_answer(q, answer.to_dict())
        row["ms"] = round(latencies[-1], 1)
        rows.append(row)
        if progress:
            progress("demo", i, len(questions))
    metrics, per_category = summarise(rows)
    return suite_result(
        "demo", f"{len(rows)} questions from data/demo/ground_truth.json over the demo corpus "
                f"({'LLM' if llm else 'deterministic composer'})",
        engine, llm=llm, rows=rows, latencies_ms=latencies, metrics=metrics, per_category=per_category,
        timings={"ingest_s": corpus.ingest_s}, config={"ocr_pages": corpus.ocr_pages, "evidence_k": EVIDENCE_K},
        gate=gate(rows))
