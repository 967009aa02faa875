"""CUAD retrieval in the LegalBench-RAG manner: ingest the contract PDFs, search the whole corpus,
and score the retrieved characters against gold spans given as offsets into ``contracts_txt``.

The engine stores the *PDF* text; the gold spans index the *txt* export, which differs from it in
whitespace, line breaks, hyphenation and typography (curly vs straight quotes, "20t h" split
words). Every chunk is therefore mapped back to txt offsets before scoring:

1. both sides are normalised to their letters and digits only (NFKC, casefolded; whitespace and
   punctuation dropped), keeping for each normalised character the offset it came from;
2. each page run of a chunk (its ``spans``) is looked up verbatim in the normalised txt, taking
   the occurrence nearest to where the previous run ended (chunks are mapped in document order,
   so repeated boilerplate lands in the right place);
3. a run with no verbatim occurrence is anchored by voting of short exact seeds, and the matching
   blocks of ``difflib.SequenceMatcher`` inside that window give the parts that do match;
4. what cannot be found stays unmapped: it counts as retrieved text (precision's denominator)
   but can never overlap a gold span. Coverage — the share of chunk characters mapped — is
   reported with every run.
"""

from __future__ import annotations

import json
import math
import time
from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path
from typing import Callable, Mapping, Sequence

from engine.bench.common import read_jsonl
from engine.bench.metrics import char_overlap, mean, percentile
from engine.engine import Engine
from engine.text.alnum import normalise
from engine.types import IngestStatus, Span

KS = (1, 4, 16, 64)

# A seed shorter than this matches by chance in a long contract; one this long rarely does.
SEED_CHARS = 16
# Matching blocks shorter than this (normalised characters) are coincidences, not alignment.
MIN_BLOCK_CHARS = 8
# A seed occurring more often than this is boilerplate and says nothing about position.
MAX_SEED_OCCURRENCES = 8


# --- normalisation and alignment ---------------------------------------------------------------


@dataclass
class Location:
    """Where one fragment of PDF text sits in the txt."""

    spans: list[tuple[int, int]]  # [start, end) in the original txt
    chars: int  # normalised characters in the fragment
    mapped: int  # of which were located
    end: int | None  # normalised txt offset after the last located character (the next hint)
    method: str  # exact | partial | none | empty


class TxtAligner:
    """Locates fragments of a document's PDF text in its txt export."""

    def __init__(self, txt: str):
        self.txt = txt
        self.norm = normalise(txt)

    def locate(self, fragment: str, hint: int = 0) -> Location:
        """``hint``: normalised txt offset where the fragment is expected (the previous one's end)."""
        frag = normalise(fragment).text
        if not frag:
            return Location([], 0, 0, None, "empty")
        exact = self._occurrences(frag)
        if exact:
            start = min(exact, key=lambda pos: (abs(pos - hint), pos))
            return Location([self._original(start, start + len(frag))], len(frag), len(frag),
                            start + len(frag), "exact")
        return self._partial(frag, hint)

    def _occurrences(self, needle: str, limit: int | None = None) -> list[int]:
        found, pos = [], self.norm.text.find(needle)
        while pos >= 0:
            found.append(pos)
            if limit is not None and len(found) > limit:
                break
            pos = self.norm.text.find(needle, pos + 1)
        return found

    def _partial(self, frag: str, hint: int) -> Location:
        diagonal = self._anchor(frag, hint)
        if diagonal is None:
            return Location([], len(frag), 0, None, "none")
        slack = 32 + len(frag) // 4  # room for text one side has and the other lacks
        lo = max(0, diagonal - slack)
        hi = min(len(self.norm.text), diagonal + len(frag) + slack)
        matcher = SequenceMatcher(None, frag, self.norm.text[lo:hi], autojunk=False)
        blocks = [(lo + b.b, b.size) for b in matcher.get_matching_blocks()
                  if b.size >= MIN_BLOCK_CHARS]
        if not blocks:
            return Location([], len(frag), 0, None, "none")
        spans = merge_spans([self._original(s, s + n) for s, n in blocks], self.txt)
        return Location(spans, len(frag), sum(n for _, n in blocks), blocks[-1][0] + blocks[-1][1],
                        "partial")

    def _anchor(self, frag: str, hint: int) -> int | None:
        """The txt offset where ``frag`` would start, by votes of its exact seeds."""
        votes: Counter[int] = Counter()
        step = max(1, SEED_CHARS // 2)
        for p in range(0, max(1, len(frag) - SEED_CHARS + 1), step):
            seed = frag[p:p + SEED_CHARS]
            if len(seed) < SEED_CHARS:
                break
            found = self._occurrences(seed, limit=MAX_SEED_OCCURRENCES)
            if len(found) > MAX_SEED_OCCURRENCES:
                continue
            for pos in found:
                votes[pos - p] += 1
        if not votes:
            return None
        best = max(votes.values())
        return min((d for d, v in votes.items() if v == best), key=lambda d: (abs(d - hint), d))

    def _original(self, start: int, end: int) -> tuple[int, int]:
        """Normalised [start, end) → original txt [start, end) (inner whitespace included)."""
        return self.norm.offsets[start], self.norm.offsets[end - 1] + 1


def merge_spans(spans: Sequence[tuple[int, int]], txt: str) -> list[tuple[int, int]]:
    """Sorted spans, joined where they touch or only whitespace lies between them (the words of
    one passage separated by a line break or a page break)."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and (start <= merged[-1][1] or not txt[merged[-1][1]:start].strip()):
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


@dataclass
class ChunkMapping:
    """A chunk's place in the txt: located spans, and what could not be located."""

    spans: list[tuple[int, int]] = field(default_factory=list)
    chars: int = 0  # normalised characters of the chunk
    mapped: int = 0  # of which located
    unmapped_len: int = 0  # original characters not located (estimated pro rata per page run)
    end: int | None = None  # normalised txt offset after the chunk's last located character
    methods: list[str] = field(default_factory=list)

    @property
    def coverage(self) -> float:
        return self.mapped / self.chars if self.chars else math.nan


def map_chunk(aligner: TxtAligner, page_texts: Mapping[int, str], spans: Sequence[Span],
              hint: int = 0) -> ChunkMapping:
    """Map each page run of a chunk (``page_texts[span.page][span.start:span.end]``) to the txt.

    Runs are located separately: a chunk may skip page furniture that the txt keeps.
    """
    result = ChunkMapping(end=None)
    for span in spans:
        fragment = page_texts[span.page][span.start:span.end]
        found = aligner.locate(fragment, hint)
        result.methods.append(found.method)
        result.chars += found.chars
        result.mapped += found.mapped
        result.spans.extend(found.spans)
        if found.chars:
            result.unmapped_len += round(len(fragment) * (1 - found.mapped / found.chars))
        if found.end is not None:
            hint = result.end = found.end
    result.spans = merge_spans(result.spans, aligner.txt)
    return result


# --- the dataset --------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoldSnippet:
    file: str  # "contracts_txt/<name>.txt"
    span: tuple[int, int]


@dataclass(frozen=True)
class CuadTest:
    query: str
    test_id: str
    snippets: tuple[GoldSnippet, ...]

    @property
    def files(self) -> set[str]:
        return {s.file for s in self.snippets}


def load_tests(cuad: Path) -> list[CuadTest]:
    data = json.loads((cuad / "legalbenchrag_style_benchmark.json").read_text("utf-8"))
    return [CuadTest(t["query"], t.get("source_question_id", str(i)),
                     tuple(GoldSnippet(s["file_path"], (s["span"][0], s["span"][1]))
                           for s in t["snippets"]))
            for i, t in enumerate(data["tests"])]


def load_contracts(cuad: Path) -> list[dict]:
    """docs.jsonl: one record per contract with its ``pdf`` and ``txt`` paths (relative to cuad/)."""
    return read_jsonl(cuad / "docs.jsonl")


@dataclass
class IngestSummary:
    files: int
    ingested: int
    unchanged: int
    failed: list[tuple[str, str]]
    pages: int
    ocr_pages: int
    chunks: int
    embedded: int  # passages actually embedded (cache misses)
    seconds: float


def ingest_contracts(engine: Engine, cuad: Path, kind: str = "contract",
                     progress: Callable[[int, int], None] | None = None,
                     ) -> tuple[IngestSummary, dict[str, str]]:
    """Ingest every contract PDF; returns the summary and {engine doc_id: txt file as in the gold}."""
    started = time.perf_counter()
    contracts = load_contracts(cuad)
    txt_of: dict[str, str] = {}
    summary = IngestSummary(len(contracts), 0, 0, [], 0, 0, 0, 0, 0.0)
    for i, contract in enumerate(contracts, start=1):
        report = engine.ingest([cuad / contract["pdf"]], kind=kind).documents[0]
        if report.status is IngestStatus.FAILED:
            summary.failed.append((contract["pdf"], report.error or ""))
        else:
            txt_of[report.doc_id] = contract["txt"]
            summary.pages += report.pages
            summary.chunks += report.chunks
            summary.ocr_pages += sum(q.ocr_used for q in report.quality)
            if report.status is IngestStatus.INGESTED:
                summary.ingested += 1
                summary.embedded += engine.index.embedder.last_misses
            else:
                summary.unchanged += 1
        if progress:
            progress(i, len(contracts))
    summary.seconds = time.perf_counter() - started
    return summary, txt_of


@dataclass
class CorpusMapping:
    chunks: dict[str, ChunkMapping]  # chunk_id → mapping
    file_of: dict[str, str]  # doc_id → txt file (the gold's file_path)
    coverage_by_file: dict[str, float]
    methods: dict[str, int]  # page runs located exactly / partially / not at all
    seconds: float

    @property
    def coverage(self) -> float:
        chars = sum(m.chars for m in self.chunks.values())
        return sum(m.mapped for m in self.chunks.values()) / chars if chars else math.nan


def map_corpus(engine: Engine, cuad: Path, txt_of: Mapping[str, str]) -> CorpusMapping:
    """Map every chunk of every contract to its txt, document by document in reading order."""
    started = time.perf_counter()
    chunks: dict[str, ChunkMapping] = {}
    coverage: dict[str, float] = {}
    methods: Counter[str] = Counter()
    for doc_id, txt_file in txt_of.items():
        aligner = TxtAligner((cuad / txt_file).read_text("utf-8"))
        page_texts = {p.number: p.text for p in engine.pages(doc_id)}
        hint, chars, mapped = 0, 0, 0
        for chunk in engine.chunks(doc_id):
            mapping = map_chunk(aligner, page_texts, chunk.spans, hint)
            if mapping.end is not None:
                hint = mapping.end
            chunks[chunk.chunk_id] = mapping
            methods.update(mapping.methods)
            chars += mapping.chars
            mapped += mapping.mapped
        coverage[txt_file] = mapped / chars if chars else math.nan
    return CorpusMapping(chunks, dict(txt_of), coverage, dict(methods), time.perf_counter() - started)


# --- scoring ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Retrieved:
    file: str | None  # None: a chunk of a document outside the mapped corpus
    mapping: ChunkMapping


def score_test(retrieved: Sequence[Retrieved], gold: Sequence[GoldSnippet]) -> tuple[float, float]:
    """(precision, recall) over characters, LegalBench-RAG style, summed over files.

    Unmapped chunk text counts as retrieved and never as overlap; with nothing retrieved,
    precision is 0.
    """
    got: dict[str | None, list[tuple[int, int]]] = {}
    unmapped = 0
    for item in retrieved:
        got.setdefault(item.file, []).extend(item.mapping.spans)
        unmapped += item.mapping.unmapped_len
    want: dict[str, list[tuple[int, int]]] = {}
    for snippet in gold:
        want.setdefault(snippet.file, []).append(snippet.span)
    retrieved_chars, gold_chars, overlap = unmapped, 0, 0
    for file in set(got) | set(want):
        r, g, o = char_overlap(got.get(file, []), want.get(file, []) if file is not None else [])
        retrieved_chars, gold_chars, overlap = retrieved_chars + r, gold_chars + g, overlap + o
    precision = overlap / retrieved_chars if retrieved_chars else 0.0
    recall = overlap / gold_chars if gold_chars else math.nan
    return precision, recall


@dataclass
class Run:
    name: str
    metrics: dict[str, float] = field(default_factory=dict)
    latency_ms: dict[str, float] = field(default_factory=dict)
    # At k=4 and k=64: tests with no gold character retrieved, split by why.
    misses: dict[str, dict[str, int]] = field(default_factory=dict)
    retrieved_coverage: float = math.nan  # share of retrieved (top-64) chunk characters mapped
    examples: list[dict] = field(default_factory=list)  # a few k=64 misses, for reading


def classify_miss(retrieved: Sequence[Retrieved], test: CuadTest, recall: float) -> str:
    """hit | wrong_contract (nothing from the queried contract) | wrong_passage."""
    if recall > 0:
        return "hit"
    return "wrong_passage" if any(r.file in test.files for r in retrieved) else "wrong_contract"


def run_cuad(engine: Engine, tests: Sequence[CuadTest], corpus: CorpusMapping,
             configs: Mapping[str, Mapping], ks: Sequence[int] = KS,
             progress: Callable[[str, int, int], None] | None = None) -> list[Run]:
    depth = max(ks)
    runs = []
    for name, config in configs.items():
        options = dict(config)
        # stage switches (RetrievalSettings fields) for an ablation: set for this run only
        switches = options.pop("retrieval", {})
        conf = engine.settings.retrieval
        saved = {key: getattr(conf, key) for key in switches}
        for key, value in switches.items():
            setattr(conf, key, value)
        try:
            runs.append(_run(engine, name, options, tests, corpus, ks, depth, progress))
        finally:
            for key, value in saved.items():
                setattr(conf, key, value)
    return runs


def _run(engine: Engine, name: str, options: Mapping, tests: Sequence[CuadTest], corpus: CorpusMapping,
         ks: Sequence[int], depth: int, progress: Callable[[str, int, int], None] | None) -> Run:
    run = Run(name)
    per_k: dict[str, list[float]] = {f"{m}@{k}": [] for k in ks for m in ("P", "R")}
    own_share: list[float] = []
    top1_header: list[float] = []  # the query names the contract and its parties: the
    # preamble chunk, which holds exactly those names, tends to win rank 1
    latencies: list[float] = []
    misses = {f"k={k}": Counter() for k in (4, depth)}
    mapped_chars = total_chars = 0
    for i, test in enumerate(tests, start=1):
        response = engine.search(test.query, k=depth, **options)
        latencies.append(response.timings_ms["total"])
        retrieved = [Retrieved(corpus.file_of.get(h.chunk.doc_id),
                               corpus.chunks.get(h.chunk.chunk_id, ChunkMapping()))
                     for h in response.results]
        for item in retrieved:
            mapped_chars += item.mapping.mapped
            total_chars += item.mapping.chars
        for k in ks:
            precision, recall = score_test(retrieved[:k], test.snippets)
            per_k[f"P@{k}"].append(precision)
            per_k[f"R@{k}"].append(recall)
            if f"k={k}" in misses:
                verdict = classify_miss(retrieved[:k], test, recall)
                misses[f"k={k}"][verdict] += 1
                if k == depth and verdict != "hit" and len(run.examples) < 5:
                    run.examples.append({"id": test.test_id, "query": test.query,
                                         "verdict": verdict,
                                         "top1": retrieved[0].file if retrieved else None})
        if response.results:
            top1_header.append(float(response.results[0].chunk.chunk_type == "header"))
        top4 = retrieved[:4]
        own_share.append(sum(r.file in test.files for r in top4) / len(top4) if top4 else 0.0)
        if progress:
            progress(name, i, len(tests))
    run.metrics = {m: round(mean(v), 4) for m, v in per_k.items()}
    run.metrics["own_contract_top4"] = round(mean(own_share), 4)
    run.metrics["top1_header"] = round(mean(top1_header), 4)
    run.metrics["tests"] = len(tests)
    run.latency_ms = {"p50": round(percentile(latencies, 50), 1),
                      "p95": round(percentile(latencies, 95), 1)}
    run.misses = {k: {v: counts.get(v, 0) for v in ("hit", "wrong_contract", "wrong_passage")}
                  for k, counts in misses.items()}
    run.retrieved_coverage = round(mapped_chars / total_chars, 4) if total_chars else math.nan
    return run
