"""Ingest throughput: each stage measured on its own, then whole ingests into a fresh home.

Stages: load (text layer + quality gate, OCR off so that a scanned page does not hide in the
figure), prepare (load, chunk, enrich, tokenize: everything but embedding and storing), OCR per
page (RapidOCR, models loaded beforehand), and embedding (cold: an empty cache, every passage
through the model; warm: the same passages again, all cache hits). End to end: ``Engine.ingest``
of a whole corpus into an empty home, then the same files again (all unchanged).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

from engine.config import EmbeddingSettings, IngestSettings, Settings
from engine.engine import Engine, _expand
from engine.ingest.loaders import load_document, sniff
from engine.ingest.pipeline import prepare_document
from engine.embedding.embedder import make_embedder
from engine.types import IngestStatus


@dataclass
class Measure:
    measure: str
    corpus: str
    value: float
    unit: str  # pages/s | s/page | passages/s | s
    n: int  # items the figure is over (pages, passages, files)
    note: str = ""


@dataclass(frozen=True)
class SourceFile:
    name: str
    data: bytes
    media_type: str  # pdf | docx | markdown | text (as sniffed)


def read_corpus(paths: Iterable[Path | str]) -> list[SourceFile]:
    """The files ``Engine.ingest`` would take from ``paths`` (directories expanded the same way)."""
    files = []
    for path in _expand(paths):
        data = path.read_bytes()
        files.append(SourceFile(path.name, data, sniff(path.name, data)))
    return files


PageRef = tuple[SourceFile, int]  # a file and a 1-based page number


def measure_load(files: Sequence[SourceFile], corpus: str, max_bytes: int,
                 ) -> tuple[Measure, list[PageRef]]:
    """Text-layer PDF loading incl. the quality gate; returns the pages the gate sends to OCR."""
    pages, flagged, seconds = 0, [], 0.0
    for f in files:
        if f.media_type != "pdf":
            continue
        started = time.perf_counter()
        loaded = load_document(f.name, f.data, max_bytes=max_bytes, ocr="off")
        seconds += time.perf_counter() - started
        pages += len(loaded.pages)
        flagged += [(f, p.number) for p in loaded.pages if p.quality and p.quality.needs_ocr]
    note = f"{len(flagged)} page(s) flagged for OCR, not OCRed here" if flagged else ""
    return Measure("load PDF (text layer + quality gate)", corpus, _rate(pages, seconds), "pages/s",
                   pages, note), flagged


@dataclass
class PrepareResult:
    measure: Measure
    stages_ms: dict[str, float]
    embed_texts: list[str]


def measure_prepare(files: Sequence[SourceFile], corpus: str, settings: IngestSettings,
                    kind: str = "auto") -> PrepareResult:
    """Everything before embedding (load, chunk, enrich, tokenize), OCR off. The rate and stage
    times are over the PDFs; the passages (for the embedding figures) come from every file."""
    settings = settings.model_copy(update={"ocr": "off"})
    if files:  # once untimed: the first call loads jieba's dictionary (about a second)
        prepare_document(files[0].name, files[0].data, kind=kind, settings=settings)
    pages, seconds, chunks = 0, 0.0, 0
    stages: dict[str, float] = {}
    texts: list[str] = []
    for f in files:
        started = time.perf_counter()
        prepared = prepare_document(f.name, f.data, kind=kind, settings=settings)
        elapsed = time.perf_counter() - started
        texts += prepared.embed_texts
        if f.media_type != "pdf":
            continue
        seconds += elapsed
        pages += len(prepared.pages)
        chunks += len(prepared.chunks)
        for stage, ms in prepared.timings_ms.items():
            stages[stage] = stages.get(stage, 0.0) + ms
    measure = Measure("prepare PDF, no embedding (load+chunk+enrich+tokenize)", corpus,
                      _rate(pages, seconds), "pages/s", pages, f"{chunks} chunks")
    return PrepareResult(measure, {k: round(v, 1) for k, v in stages.items()}, texts)


def measure_ocr(pages: Sequence[PageRef], corpus: str, label: str, ocr_engine,
                dpi: int) -> Measure:
    """Seconds per page of render + RapidOCR (the models must already be loaded)."""
    started = time.perf_counter()
    chars = 0
    for f, number in pages:
        chars += len(ocr_engine.ocr_pdf_page(f.data, number, dpi=dpi).text)
    seconds = time.perf_counter() - started
    return Measure(f"OCR {label}", corpus, round(seconds / len(pages), 3) if pages else float("nan"),
                   "s/page", len(pages), f"{chars} characters read")


def text_pages(files: Sequence[SourceFile], limit: int, max_bytes: int) -> list[PageRef]:
    """The first ``limit`` PDF pages with a good text layer (for a steady forced-OCR figure)."""
    chosen: list[PageRef] = []
    for f in files:
        if f.media_type != "pdf" or len(chosen) >= limit:
            continue
        loaded = load_document(f.name, f.data, max_bytes=max_bytes, ocr="off")
        chosen += [(f, p.number) for p in loaded.pages
                   if p.text.strip() and not (p.quality and p.quality.needs_ocr)]
    return chosen[:limit]


@dataclass
class EmbeddingResult:
    cold: Measure
    warm: Measure
    model_load_s: float


def measure_embedding(texts: Sequence[str], corpus: str, settings: EmbeddingSettings,
                      workdir: Path) -> EmbeddingResult:
    """Cold: an empty cache, so every passage goes through the model; warm: all cache hits."""
    embedder = make_embedder(settings, workdir / f"embed-cache-{corpus}.sqlite")
    started = time.perf_counter()
    embedder.inner.embed_passages(["warm-up: load the model"])  # not through the cache
    model_load = time.perf_counter() - started
    unique = len(set(texts))
    mean_chars = round(sum(map(len, texts)) / len(texts)) if texts else 0

    started = time.perf_counter()
    embedder.embed_passages(texts)
    cold_s = time.perf_counter() - started
    if embedder.last_misses != unique:
        raise RuntimeError(f"cold run embedded {embedder.last_misses} of {unique} passages")
    started = time.perf_counter()
    embedder.embed_passages(texts)
    warm_s = time.perf_counter() - started
    if embedder.last_misses:
        raise RuntimeError(f"warm run missed the cache {embedder.last_misses} times")
    note = f"{embedder.model_id}, mean {mean_chars} chars/passage"
    return EmbeddingResult(
        Measure("embed, cold (empty cache)", corpus, _rate(unique, cold_s), "passages/s", unique, note),
        Measure("embed, warm (cache hits)", corpus, _rate(len(texts), warm_s), "passages/s",
                len(texts), note),
        model_load)


@dataclass
class EndToEnd:
    corpus: str
    files: int
    failed: list[tuple[str, str]]
    pages: int
    ocr_pages: int
    chunks: int
    embedded: int  # passages that went through the model
    seconds: float  # first ingest into an empty home, model loading included
    unchanged_seconds: float  # the same files again
    stages_ms: dict[str, float] = field(default_factory=dict)  # summed over files

    def measures(self) -> list[Measure]:
        embed_s = self.stages_ms.get("embed", 0.0) / 1000
        return [
            Measure("ingest end to end, empty home", self.corpus, round(self.seconds, 2), "s",
                    self.files, f"{self.pages} pages, {self.chunks} chunks, {self.ocr_pages} OCR pages"),
            Measure("ingest end to end, empty home", self.corpus, _rate(self.pages, self.seconds),
                    "pages/s", self.pages, ""),
            Measure("embed inside ingest", self.corpus, _rate(self.embedded, embed_s), "passages/s",
                    self.embedded, ""),
            Measure("re-ingest, all unchanged", self.corpus, round(self.unchanged_seconds, 3), "s",
                    self.files, "same engine; sha256 lookup only"),
        ]


def measure_end_to_end(paths: Sequence[Path | str], corpus: str, settings: Settings,
                       kind: str = "auto") -> EndToEnd:
    """``Engine.ingest`` into ``settings.home`` (which must be empty), then again unchanged."""
    home = Path(settings.home)
    if home.exists() and any(home.iterdir()):
        raise ValueError(f"{home} is not empty: end-to-end figures need a fresh home")
    engine = Engine(settings=settings)
    try:
        started = time.perf_counter()
        first = engine.ingest(paths, kind=kind)
        seconds = time.perf_counter() - started
        result = EndToEnd(corpus, len(first.documents), [], 0, 0, 0, 0, seconds, 0.0)
        for report in first.documents:
            if report.status is IngestStatus.FAILED:
                result.failed.append((report.name, report.error or ""))
                continue
            result.pages += report.pages
            result.chunks += report.chunks
            result.ocr_pages += sum(q.ocr_used for q in report.quality)
            for stage, ms in report.timings_ms.items():
                result.stages_ms[stage] = round(result.stages_ms.get(stage, 0.0) + ms, 1)
        # Passages embedded = chunks of ingested files, less those whose text an earlier file of
        # the run already put in the cache; the cache knows exactly how many it holds.
        result.embedded = engine.index.embedder.cache.count(engine.index.embedder.model_id)
        started = time.perf_counter()
        again = engine.ingest(paths, kind=kind)
        result.unchanged_seconds = time.perf_counter() - started
        statuses = {d.status for d in again.documents}
        if statuses - {IngestStatus.UNCHANGED, IngestStatus.FAILED}:
            raise RuntimeError(f"re-ingest was not all unchanged: {statuses}")
        return result
    finally:
        engine.index.catalog.close()


def _rate(count: int, seconds: float) -> float:
    return round(count / seconds, 2) if seconds > 0 else float("nan")
