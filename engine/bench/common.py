"""Small pieces every benchmark shares: reading JSONL datasets, describing the machine."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """One JSON object per non-empty line (the datasets' format)."""
    return [json.loads(line) for line in Path(path).read_text("utf-8").splitlines() if line.strip()]


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
