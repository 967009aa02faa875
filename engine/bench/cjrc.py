"""CJRC dev (CAIL2019 reading comprehension) as per-document question answering.

Each question is asked with ``doc_id`` set to its own judgment, which is ingested once as a
``judgment`` text document into the suite's bench home (``<judgment id>.txt``; the text is the
dataset's ``context`` verbatim, so page offsets are context offsets and gold spans map exactly).

Subset: whole documents, alternating civil and criminal in file order (cjrc-dev-1, -501, -2,
-502 …), until ``limit`` questions; the default 300 is the first 25 civil and the first 25
criminal judgments. ``limit=None`` runs all 6,000.

Answer span taken from a conclusion (the deterministic composer's wording; anything else falls
through to the last rule):
  1. status not_found → "" (abstains: correct exactly on unanswerable questions);
  2. a conclusion opening with a verdict 是/否 → "YES"/"NO";
  3. "材料显示为X（E…": the value X as the source wrote it (a "（即…）" restatement dropped);
  4. otherwise the first 「…」 quote;
  5. otherwise the conclusion without its E-citations.
Answer-bearing evidence (span questions): a gold span inside one of the first 5 cited quotes
(evidence_hit) or inside one of the top-5 chunks of ``search`` on the same document
(retrieval_hit); offsets are compared, not strings.
EM/F1 are the official scorer's (official_evaluate.py: character F1 after dropping everything
but letters and digits; each of the three annotator answers left out in turn).
Abstention: recall = not_found on unanswerable questions; false_abstention = not_found on the
answerable ones (span, yes, no).
The badge (``verified_wrong_share``, engine/bench/metrics.py): an answer is wrong (``correct``
false) when it gives something on an unanswerable question, the wrong polarity (or no verdict) on
a yes/no question, or on a span question a span whose character F1 (the official scorer's
compute_f1) against the best of the gold answers is below 0.5 (SPAN_RIGHT_F1); a not_found answer
is right exactly on the unanswerable questions. The share is of the answered (已核验) answers.
Out of fold (``judges``): the judge was trained on this dev set (scripts/train_judge.py), so its
figures here count only when each question is answered by the fold model that never saw its
document (``python -m engine bench --suite cjrc --full --judge-folds .bench/judge-folds``).
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Sequence

from engine.answer.model import Status
from engine.answer.verify import CITATION
from engine.bench.common import ingest_texts, load_dev_split, run_per_document, whole_documents
from engine.bench.metrics import mean, verified_wrong
from engine.bench.result import Progress, SuiteResult
from engine.bench.scoring import detection, yes_no
from engine.ingest.anchors import chunk_range_to_spans
from engine.types import Span

DEFAULT_QUESTIONS = 300
TOP_K = 5
SPAN_RIGHT_F1 = 0.5  # a span answer at least this close to some gold answer counts as right
_VALUE = re.compile(r"^材料显示为(.+?)（E\d")
_RESTATED = re.compile(r"（即[^（）]*）$")
_QUOTE = re.compile(r"「(.*?)」", re.S)
_EMPTY_BRACKETS = re.compile(r"[（(][\s、,，;；:：]*[)）]")  # what is left of （E1、E2）


def load_cjrc(folder: Path) -> tuple[dict[str, dict], list[dict]]:
    return load_dev_split(folder, "questions_dev.jsonl")


def select_questions(docs: dict[str, dict], questions: Sequence[dict], limit: int | None) -> list[dict]:
    """Whole documents, civil and criminal alternately in file order, until ``limit`` questions."""
    domains: dict[str, list[str]] = {}
    for doc_id, doc in docs.items():
        domains.setdefault(doc["domain"], []).append(doc_id)
    return whole_documents((d for group in _interleave(*domains.values()) for d in group), questions, limit)


def _interleave(*lists: list[str]) -> Iterable[list[str]]:
    for i in range(max((len(x) for x in lists), default=0)):
        yield [x[i] for x in lists if i < len(x)]


def load_official_scorer(folder: Path) -> ModuleType:
    """official_evaluate.py as shipped does not compile (one line is indented with a tab among
    spaces: TabError). It is loaded with tabs expanded to 4 spaces — the only change — so its
    own normalisation and EM/F1 code score our answers."""
    source = (folder / "official_evaluate.py").read_text("utf-8").expandtabs(4)
    module = ModuleType("cjrc_official_evaluate")
    exec(compile(source, str(folder / "official_evaluate.py"), "exec"), module.__dict__)
    return module


def answer_span(answer: dict[str, Any]) -> str:
    """The span a conclusion answers with (rules in the module docstring)."""
    conclusion = answer.get("conclusion", "").strip()
    if answer.get("status") == Status.NOT_FOUND.value:
        return ""
    verdict = yes_no(conclusion)
    if verdict:
        return verdict.upper()
    value = _VALUE.match(conclusion)
    if value:
        return _RESTATED.sub("", value.group(1)).strip()
    quote = _QUOTE.search(conclusion)
    if quote:
        return quote.group(1).strip()
    bare = _EMPTY_BRACKETS.sub("", CITATION.sub("", conclusion))
    return bare.strip(" 。.")


def answer_right(q: dict, status: str, pred: str, scorer) -> bool:
    """The badge's notion of a right answer (module docstring)."""
    if q["answer_type"] == "unanswerable":
        return status == Status.NOT_FOUND.value
    if status == Status.NOT_FOUND.value:
        return False
    if q["answer_type"] in ("yes", "no"):
        return pred == q["answer_type"].upper()
    return max((scorer.compute_f1(g, pred) for g in q["gold_answers"] if g), default=0.0) >= SPAN_RIGHT_F1


def covers(spans: Sequence[Span], start: int, end: int) -> bool:
    """Whether page runs ``spans`` (one page: a text document) cover context[start:end]."""
    covered = start
    for span in sorted(spans, key=lambda s: s.start):
        if span.start <= covered < span.end:
            covered = span.end
        if covered >= end:
            return True
    return covered >= end


def _evidence_spans(evidence) -> list[Span]:
    return chunk_range_to_spans(evidence.chunk.spans, evidence.quote_start, evidence.quote_end)


def run_cjrc(engine, folder: Path, *, limit: int | None = DEFAULT_QUESTIONS, llm: bool = False,
             progress: Progress | None = None, judges: Callable[[str], Any] | None = None) -> SuiteResult:
    """``judges``: dataset doc id → the answerability judge to answer it with (the fold model that
    never saw the document, for out-of-fold figures on the dev set the judge was trained on);
    None = the shipped judge."""
    docs, all_questions = load_cjrc(folder)
    questions = select_questions(docs, all_questions, limit)
    corpus = ingest_texts(engine, {i: d["context"] for i, d in docs.items()}, (q["doc_id"] for q in questions),
                          kind="judgment")
    scorer = load_official_scorer(folder).CJRCEvaluator

    def row(q: dict, answer, doc_id: str) -> dict[str, Any]:
        payload = answer.to_dict()
        hits = engine.search(q["question"], k=TOP_K, doc_id=doc_id).results
        pred = answer_span(payload)
        score = scorer._compute_turn_score(q["gold_answers"], pred)
        # Answer-bearing evidence is measured on span questions only: the few yes/no/unanswerable
        # questions with gold spans are annotator disagreements (one of three wrote a span).
        gold = [tuple(s) for s in q["gold_spans"]] if q["answer_type"] == "span" else []
        quote_spans = [_evidence_spans(e) for e in answer.evidence[:TOP_K]]
        return {
            "id": q["id"], "domain": q["domain"], "answer_type": q["answer_type"],
            "question": q["question"], "gold": q["gold_answers"], "pred": pred,
            "status": payload["status"], "em": score["em"], "f1": round(score["f1"], 4),
            "correct": answer_right(q, payload["status"], pred, scorer),
            "evidence_hit": any(covers(spans, s, e) for spans in quote_spans for s, e in gold) if gold else None,
            "retrieval_hit": any(covers(h.chunk.spans, s, e) for h in hits for s, e in gold) if gold else None,
        }

    return run_per_document(
        engine, "cjrc", f"CJRC dev, {len(questions)} questions over {len(corpus.doc_ids)} judgments "
                        f"({'full dev split' if limit is None else 'civil/criminal alternating subset'}), "
                        f"asked per document; span read from the conclusion (engine/bench/cjrc.py)",
        questions, corpus, question=lambda q: q["question"], row=row, summarise=summarise_cjrc,
        warm_up="预热 warm-up", top_k=TOP_K, limit=limit, llm=llm, judges=judges, progress=progress)


def summarise_cjrc(rows: Sequence[dict]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    def block(members: Sequence[dict]) -> dict[str, Any]:
        spans = [r for r in members if r["evidence_hit"] is not None]
        return {"n": len(members),
                "em": round(100 * mean([r["em"] for r in members]), 1) if members else None,
                "f1": round(100 * mean([r["f1"] for r in members]), 1) if members else None,
                f"evidence_hit@{TOP_K}": round(mean([float(r["evidence_hit"]) for r in spans]), 4) if spans else None,
                f"retrieval_hit@{TOP_K}": round(mean([float(r["retrieval_hit"]) for r in spans]), 4) if spans else None,
                "not_found": round(mean([float(r["status"] == Status.NOT_FOUND.value) for r in members]), 4)
                if members else None}

    yes_no_rows = [r for r in rows if r["answer_type"] in ("yes", "no")]
    answerable = [r for r in rows if r["answer_type"] != "unanswerable"]
    abstain = detection([r["status"] == Status.NOT_FOUND.value for r in rows],
                        [r["answer_type"] == "unanswerable" for r in rows])
    overall = block(rows)
    metrics = {
        "questions": len(rows), "em": overall["em"], "f1": overall["f1"],
        f"evidence_hit@{TOP_K}": overall[f"evidence_hit@{TOP_K}"],
        f"retrieval_hit@{TOP_K}": overall[f"retrieval_hit@{TOP_K}"],
        "yesno_accuracy": round(mean([float(r["pred"] == r["gold"][0]) for r in yes_no_rows]), 4) if yes_no_rows else None,
        "abstention_precision": abstain["precision"], "abstention_recall": abstain["recall"],
        "false_abstention": round(mean([float(r["status"] == Status.NOT_FOUND.value) for r in answerable]), 4)
        if answerable else None,
        **verified_wrong(rows),
    }
    table = {t: block([r for r in rows if r["answer_type"] == t]) for t in ("span", "yes", "no", "unanswerable")}
    table.update({d: block([r for r in rows if r["domain"] == d]) for d in ("civil", "criminal")})
    return metrics, {k: v for k, v in table.items() if v["n"]}
