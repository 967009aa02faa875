"""Small pieces every benchmark shares: reading JSONL datasets, describing the machine, ingesting a
suite's corpus into its own home."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from engine.bench.result import SuiteResult, suite_result


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """One JSON object per non-empty line (the datasets' format)."""
    return [json.loads(line) for line in Path(path).read_text("utf-8").splitlines() if line.strip()]


def load_dev_split(folder: Path, rows_file: str) -> tuple[dict[str, dict], list[dict[str, Any]]]:
    """A dataset folder's dev documents by id (docs_dev.jsonl) and its rows (questions, items)."""
    docs = {doc["doc_id"]: doc for doc in read_jsonl(folder / "docs_dev.jsonl")}
    return docs, read_jsonl(folder / rows_file)


def whole_documents(doc_order: Iterable[str], rows: Sequence[dict], limit: int | None) -> list[dict]:
    """Rows of whole documents, taken in ``doc_order``, until ``limit`` rows (all with no limit): a
    subset asks every question of the documents it ingests, never a stray one."""
    if limit is None:
        return list(rows)
    by_doc: dict[str, list[dict]] = {}
    for row in rows:
        by_doc.setdefault(row["doc_id"], []).append(row)
    chosen: list[dict] = []
    for doc_id in doc_order:
        if len(chosen) >= limit:
            break
        chosen += by_doc.get(doc_id, [])
    return chosen[:limit]


def ask_per_document(engine, question: str, doc_id: str, llm: bool, judges=None, source_doc: str = ""):
    """``engine.ask`` within one document, timed (ms); with ``judges`` (out-of-fold runs) the answer
    comes from the judge fold model that never saw ``source_doc``."""
    if judges is not None:
        engine.answerer.judge = judges(source_doc)
    started = time.perf_counter()
    answer = engine.ask(question, doc_id=doc_id, llm=llm)
    return answer, (time.perf_counter() - started) * 1000


def machine() -> dict[str, str | int | float]:
    # The load average says whether other work shared the cores while the figures were taken.
    info: dict[str, str | int | float] = {"nproc": os.cpu_count() or 0,
                                          "python": sys.version.split()[0],
                                          "platform": platform.platform(),
                                          "loadavg_1m_at_start": round(os.getloadavg()[0], 2)}
    try:
        meminfo = Path("/proc/meminfo").read_text()
        kb = int(next(line.split()[1] for line in meminfo.splitlines() if line.startswith("MemTotal")))
        info["memory_gib"] = round(kb / 1024 / 1024, 1)
        cpu = Path("/proc/cpuinfo").read_text()
        info["cpu"] = next((line.split(":", 1)[1].strip() for line in cpu.splitlines()
                            if line.startswith("model name")), "")
    except (OSError, StopIteration, ValueError):
        pass
    return info


@dataclass
class TextCorpus:
    """Dataset documents ingested from their text into a bench home."""
    doc_ids: dict[str, str]  # dataset doc id -> engine doc_id
    ingested: int
    unchanged: int
    seconds: float
    chunks: int  # in all these documents

    def timings(self) -> dict[str, Any]:
        return {"ingest_s": self.seconds, "ingested": self.ingested, "unchanged": self.unchanged,
                "chunks": self.chunks}


def run_per_document(engine, suite: str, description: str, items: Sequence[dict], corpus: TextCorpus, *,
                     question: Callable[[dict], str], row: Callable[[dict, Any, str], dict[str, Any]],
                     summarise: Callable[[list[dict[str, Any]]], tuple[dict[str, Any], dict[str, dict[str, Any]]]],
                     warm_up: str, top_k: int, limit: int | None, llm: bool, judges, progress) -> SuiteResult:
    """A suite over a dataset's dev split (CJRC, ContractNLI): every item asked within its own
    document, after one warm-up search so the first latency is not the model load. ``row`` makes
    an item's report row from its answer and engine doc id (the ask's latency is added to it);
    ``summarise`` makes the metrics and the per-category table from the rows. The result records
    the corpus's ingest figures and the evidence depth, subset and judge the suite ran with."""
    engine.search(warm_up, k=1)
    rows, latencies = [], []
    for n, item in enumerate(items, start=1):
        doc_id = corpus.doc_ids[item["doc_id"]]
        answer, ms = ask_per_document(engine, question(item), doc_id, llm, judges, item["doc_id"])
        latencies.append(ms)
        rows.append({**row(item, answer, doc_id), "ms": round(ms, 1)})
        if progress:
            progress(suite, n, len(items))
    metrics, per_category = summarise(rows)
    return suite_result(suite, description, engine, llm=llm, rows=rows, latencies_ms=latencies,
                        metrics=metrics, per_category=per_category, timings=corpus.timings(),
                        config={"top_k": top_k, "limit": limit, "judge": judge_config(judges)})


def judge_config(judges) -> str:
    from engine.answer.judge.model import load_judge

    if judges is not None:
        return "out of fold: each document answered by the judge fold model that never saw it"
    judge, reason = load_judge()
    return judge.name if judge is not None else f"none ({reason})"


def ingest_texts(engine, texts: dict[str, str], wanted: Iterable[str], kind: str) -> TextCorpus:
    """Ingest the wanted dataset documents (``<id>.txt``) once; a failure stops the benchmark."""
    started = time.perf_counter()
    ids, counts, chunks = {}, Counter(), 0
    for doc_id in dict.fromkeys(wanted):
        report = engine.ingest_bytes(f"{doc_id}.txt", texts[doc_id].encode("utf-8"), kind=kind)
        if report.status.value == "failed":
            raise RuntimeError(f"{doc_id} did not ingest: {report.error}")
        ids[doc_id] = report.doc_id
        counts[report.status.value] += 1
        chunks += report.chunks
    return TextCorpus(ids, counts["ingested"], counts["unchanged"], round(time.perf_counter() - started, 1),
                      chunks)


@dataclass
class BenchCorpus:
    doc_ids: dict[str, str]  # file name -> doc_id
    ingest_s: float
    ocr_pages: dict[str, list[int]] = field(default_factory=dict)


def prepare_corpus(engine, paths: Sequence[Path], what: str, kind: str = "auto") -> BenchCorpus:
    """Ingest ``paths`` (files or folders) into a suite's own home, skipping unchanged files, and
    delete every other document there: the suite's figures depend on these files alone."""
    started = time.perf_counter()
    result = engine.ingest(paths, kind=kind)
    failed = [f"{d.name}: {d.error}" for d in result.documents if d.status.value == "failed"]
    if failed:
        raise RuntimeError(f"{what} did not ingest: " + "; ".join(failed))
    current = {d.doc_id for d in result.documents}
    for record in engine.docs().documents:
        if record.doc_id not in current:
            engine.delete(record.doc_id)
    return BenchCorpus(doc_ids={d.name: d.doc_id for d in result.documents},
                      ingest_s=round(time.perf_counter() - started, 1),
                      ocr_pages={d.name: [q.page for q in d.quality if q.ocr_used] for d in result.documents
                                 if any(q.ocr_used for q in d.quality)})
