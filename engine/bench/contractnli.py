"""ContractNLI dev: does the answer find the clause a hypothesis rests on, and abstain when the
NDA never mentions it?

Each NDA is ingested once as a ``contract`` text document (``<doc id>.txt``, the dataset's text
verbatim, so page offsets are the offsets of the gold evidence spans). Each hypothesis is asked
of its own NDA as a yes/no question: "Does the agreement provide that <hypothesis>?".

Scored per label:
  NotMentioned   abstain_or_gap: status not_found, or a gap reported (the text says nothing);
  Entailment     evidence_overlap: a cited quote (first 5) overlaps a gold evidence span;
                 char precision / recall of the cited quotes against the gold spans
                 (LegalBench-RAG's character metrics); false abstentions; verdict "yes";
  Contradiction  the same evidence figures; verdict "no".
Headline: NotMentioned → abstain_or_gap (recall), entailment_to_gap (Entailment items answered
not_found or with a gap), accuracy_3way (the label an answer gives, ``predicted_label``: a gap or
not_found → NotMentioned, 否 → Contradiction, 是 → Entailment, anything else wrong).
The badge (``verified_wrong_share``, engine/bench/metrics.py): an answer is wrong (``correct``
false) when the label it gives (``predicted``) is not the item's — 是 on a Contradiction, 合同未约定
on an Entailment, a verdict on a NotMentioned hypothesis, or no label at all; the share is of the
answered (已核验) answers.
Out of fold with ``judges`` as in engine/bench/cjrc.py.
Subset: whole NDAs in file order until ``limit`` hypotheses; the default 170 is the first 10 NDAs
(17 hypotheses each). ``limit=None`` runs all 1,037.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from engine.answer.model import Status
from engine.bench.common import ingest_texts, load_dev_split, run_per_document, whole_documents
from engine.bench.metrics import char_overlap, mean, rate, verified_wrong
from engine.bench.result import Progress, SuiteResult
from engine.bench.scoring import yes_no
from engine.ingest.anchors import chunk_range_to_spans

DEFAULT_ITEMS = 170
TOP_K = 5


def load_contractnli(folder: Path) -> tuple[dict[str, dict], list[dict]]:
    return load_dev_split(folder, "items_dev.jsonl")


def select_items(docs: dict[str, dict], items: Sequence[dict], limit: int | None) -> list[dict]:
    """Whole documents in file order until ``limit`` items."""
    return whole_documents(docs, items, limit)


def as_question(hypothesis: str) -> str:
    return f"Does the agreement provide that {hypothesis.strip().rstrip('.')}?"


def run_contractnli(engine, folder: Path, *, limit: int | None = DEFAULT_ITEMS, llm: bool = False,
                    progress: Progress | None = None, judges: Callable[[str], Any] | None = None) -> SuiteResult:
    """``judges``: as in run_cjrc (out-of-fold judges by dataset doc id; None = the shipped one)."""
    docs, all_items = load_contractnli(folder)
    items = select_items(docs, all_items, limit)
    corpus = ingest_texts(engine, {i: d["text"] for i, d in docs.items()}, [i["doc_id"] for i in items],
                          kind="contract")

    def row(item: dict, answer, doc_id: str) -> dict[str, Any]:
        cited = [(s.start, s.end) for e in answer.evidence[:TOP_K]
                 for s in chunk_range_to_spans(e.chunk.spans, e.quote_start, e.quote_end)]
        gold = [(g["start"], g["end"]) for g in item["evidence"]]
        got, want, overlap = char_overlap(cited, gold)
        verdict = yes_no(answer.conclusion)
        predicted = predicted_label(answer.status.value, len(answer.gaps), verdict)
        return {
            "id": item["id"], "label": item["label"], "hypothesis_id": item["hypothesis_id"],
            "status": answer.status.value, "verdict": verdict,
            "predicted": predicted, "correct": predicted == item["label"],
            "gaps": len(answer.gaps), "evidence_overlap": overlap > 0 if gold else None,
            "char_precision": round(overlap / got, 4) if gold and got else (0.0 if gold else None),
            "char_recall": round(overlap / want, 4) if want else None,
            "conclusion": answer.conclusion[:300],
        }

    return run_per_document(
        engine, "contractnli", f"ContractNLI dev, {len(items)} hypotheses over {len(corpus.doc_ids)} NDAs "
                               f"({'full dev split' if limit is None else 'first NDAs in file order'}), "
                               f"asked as yes/no questions per document",
        items, corpus, question=lambda item: as_question(item["hypothesis"]), row=row,
        summarise=summarise_contractnli, warm_up="warm-up", top_k=TOP_K, limit=limit, llm=llm, judges=judges,
        progress=progress)


def predicted_label(status: str, gaps: int, verdict: str | None) -> str | None:
    """The 3-way label an answer gives: abstaining or reporting a gap says NotMentioned, a verdict
    否 Contradiction, 是 Entailment; an answer with neither has no label (counted wrong)."""
    if status == Status.NOT_FOUND.value or gaps:
        return "NotMentioned"
    return {"yes": "Entailment", "no": "Contradiction"}.get(verdict or "")


def summarise_contractnli(rows: Sequence[dict]) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    def block(members: Sequence[dict], right_verdict: str | None) -> dict[str, Any]:
        evidenced = [r for r in members if r["evidence_overlap"] is not None]
        return {"n": len(members),
                "not_found": rate([r["status"] == Status.NOT_FOUND.value for r in members]),
                "abstain_or_gap": rate([r["status"] == Status.NOT_FOUND.value or r["gaps"] > 0 for r in members]),
                "evidence_overlap": rate([r["evidence_overlap"] for r in evidenced]),
                "char_precision": round(mean([r["char_precision"] for r in evidenced]), 4) if evidenced else None,
                "char_recall": round(mean([r["char_recall"] for r in evidenced]), 4) if evidenced else None,
                "verdict_right": rate([r["verdict"] == right_verdict for r in members]) if right_verdict else None}

    table = {"Entailment": block([r for r in rows if r["label"] == "Entailment"], "yes"),
             "Contradiction": block([r for r in rows if r["label"] == "Contradiction"], "no"),
             "NotMentioned": block([r for r in rows if r["label"] == "NotMentioned"], None)}
    table = {k: v for k, v in table.items() if v["n"]}
    metrics = {
        "hypotheses": len(rows),
        "notmentioned_abstain_or_gap": table.get("NotMentioned", {}).get("abstain_or_gap"),
        "entailment_evidence_overlap": table.get("Entailment", {}).get("evidence_overlap"),
        "entailment_char_recall": table.get("Entailment", {}).get("char_recall"),
        "entailment_char_precision": table.get("Entailment", {}).get("char_precision"),
        "entailment_false_abstention": table.get("Entailment", {}).get("not_found"),
        "entailment_to_gap": table.get("Entailment", {}).get("abstain_or_gap"),
        "accuracy_3way": rate([r["predicted"] == r["label"] for r in rows]),
        "contradiction_evidence_overlap": table.get("Contradiction", {}).get("evidence_overlap"),
        **verified_wrong(rows),
    }
    return metrics, table
