"""``Engine(home)``: the public face. Load once, call many times (Streamlit keeps one per home).

Each method returns an object whose ``to_dict()`` is exactly what the CLI prints with ``--json``.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, TypeVar

import numpy as np

from engine.audit.postgres import audit_log_for
from engine.config import Settings
from engine.ingest.derivation import current_version, derivation_of, is_stale
from engine.ingest.pipeline import doc_id_for, prepare_document, sha256_hex
from engine.inputs import InputError, UnknownDocument, check_question
from engine.statutes.graph import ReferenceGraph
from engine.store.index import Consistency, Index
from engine.timing import Stopwatch
from engine.types import (DocKind, DocumentRecord, IngestError, IngestReport, IngestStatus,
                          PageQuality, PreparedDocument)

log = logging.getLogger(__name__)
ANSWER_UNMASKED = "answer_unmasked"  # audit kind: an answer shown unmasked after it was asked
T = TypeVar("T")

# What a directory given to ingest contributes; single files of any name are sniffed by content.
DIRECTORY_SUFFIXES = (".pdf", ".docx", ".md", ".markdown", ".txt")

# progress(file name, stage, fraction 0..1) — stages: read, parse, embed, store, done
ProgressFn = Callable[[str, str, float], None]


@dataclass
class IngestResult:
    documents: list[IngestReport] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(d.status is not IngestStatus.FAILED for d in self.documents)

    def to_dict(self) -> dict:
        return {"documents": [d.to_dict() for d in self.documents]}


@dataclass
class Catalogue:
    documents: list[DocumentRecord]

    def to_dict(self) -> dict:
        return {"documents": [
            {"doc_id": d.doc_id, "name": d.name, "sha256": d.sha256, "kind": d.kind,
             "media_type": d.media_type, "pages": d.pages, "chunks": d.chunks,
             "size_bytes": d.size_bytes, "created_at": d.created_at,
             "ocr_pages": [q["page"] for q in d.meta.get("quality", []) if q.get("ocr_used")],
             # read by an older release's chunkers (engine/ingest/derivation.py): Engine.reindex
             "derivation": derivation_of(d), "stale": is_stale(d)}
            for d in self.documents], "derivation_version": current_version()}

    @property
    def stale(self) -> list[DocumentRecord]:
        return [d for d in self.documents if is_stale(d)]


@dataclass
class ReindexResult(IngestResult):
    """``Engine.reindex``: one ingest report per document derived again (or failing to be)."""

    def to_dict(self) -> dict:
        return {**super().to_dict(), "derivation_version": current_version()}


def _reporter(name: str, progress: ProgressFn | None) -> Callable[[str, float], None]:
    def report(stage: str, fraction: float) -> None:
        if progress is not None:
            progress(name, stage, fraction)
    return report


def _expand(paths: Iterable[Path | str]) -> Iterable[Path]:
    for path in map(Path, paths):
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*")
                              if p.is_file() and p.suffix.lower() in DIRECTORY_SUFFIXES
                              and not any(part.startswith(".") for part in p.relative_to(path).parts))
        else:
            yield path


class Engine:
    def __init__(self, home: Path | str | None = None, settings: Settings | None = None):
        self.settings = settings or Settings.load(home)
        if home is not None:
            self.settings = self.settings.model_copy(update={"home": Path(home)})
        self.home = Path(self.settings.home)
        self.index = Index(self.settings)
        self._ocr_engine = None
        self._searcher = None
        self._answerer = None
        self._lazy = threading.Lock()  # Streamlit sessions call in from many threads
        self._clause_cache: dict[tuple[int, str], dict[str, set[str]]] = {}
        self.audit = audit_log_for(self.settings,  # called per record: the model id, not the model
                                   embedding_model=lambda: self.index.embedder.model_id)

    # -- ingest --------------------------------------------------------------------------------
    def run_benchmark(self, suite: str, *, limit: int | None = None, full: bool = False, llm: bool = False,
                      bench_dir: Path | None = None, progress=None):
        """Run one answer suite in a separate process (engine/benchmarks.py), its report written
        under this home's ``bench/``; ``progress(suite, done, total)`` per question."""
        from engine.benchmarks import run_benchmark

        return run_benchmark(self.home, suite, limit=limit, full=full, llm=llm, bench_dir=bench_dir,
                             progress=progress)

    def ingest(self, paths: Iterable[Path | str], kind: DocKind | str = DocKind.AUTO,
               progress: ProgressFn | None = None) -> IngestResult:
        """Ingest files one by one; a bad file fails alone and never disturbs stored ones.

        A directory stands for the supported files below it (hidden ones skipped), in name order.
        """
        result = IngestResult()
        for path in _expand(paths):
            try:
                data = self._read(path)
            except IngestError as exc:
                result.documents.append(IngestReport(name=path.name, status=IngestStatus.FAILED,
                                                     error=str(exc)))
                continue
            result.documents.append(self.ingest_bytes(path.name, data, kind, progress))
        return result

    def ingest_bytes(self, name: str, data: bytes, kind: DocKind | str = DocKind.AUTO,
                     progress: ProgressFn | None = None) -> IngestReport:
        watch = Stopwatch()
        report = _reporter(name, progress)
        sha = sha256_hex(data)
        existing = self.index.catalog.find_by_sha256(sha)
        if existing is not None:
            if self.index.stored_whole(existing):
                if is_stale(existing):  # the same bytes, read by older chunkers: read them again
                    return self._rederive(existing, data, name, progress)
                report("done", 1.0)
                return self._unchanged(existing, watch.total(), name)
            # Not stored whole: a live writer's (add_document waits for it, then says unchanged),
            # or what a dead one left, which is rolled back now if nobody holds the write lock.
            self.index.recover()
        if _doc_kind(kind) is None:
            return IngestReport(name=name, status=IngestStatus.FAILED, sha256=sha, error=_unknown_kind(kind))
        try:
            prepared, vectors = self._prepare(name, data, _doc_kind(kind), report, watch)
            stored = self.index.add_document(prepared, vectors, data,
                                             before_ready=lambda doc_id: self._derive(prepared.record.kind, doc_id))
            prepared.timings_ms["store"] = watch.lap("store")
        except IngestError as exc:
            return IngestReport(name=name, status=IngestStatus.FAILED, sha256=sha, error=str(exc),
                                doc_id=doc_id_for(sha))
        except Exception as exc:  # a bug or a store failure: the file fails, the batch goes on
            log.exception("ingest of %s failed", name)
            return IngestReport(name=name, status=IngestStatus.FAILED, sha256=sha,
                                error=f"内部错误 (internal error): {type(exc).__name__}: {exc}")
        if not stored:  # stored whole by another ingest meanwhile (the same bytes: the same document)
            return self._unchanged(self.index.catalog.find_by_sha256(sha) or prepared.record,
                                   watch.total(), name)
        report("done", 1.0)
        return self._ingested(name, prepared, watch)

    def _prepare(self, name: str, data: bytes, kind: DocKind | str, report: Callable[[str, float], None],
                 watch: Stopwatch) -> tuple[PreparedDocument, np.ndarray]:
        """Parse, chunk and embed (unchanged chunks' vectors come from the content-hash cache)."""
        report("parse", 0.0)
        prepared = prepare_document(name, data, kind=kind, settings=self.settings.ingest,
                                    ocr_engine=self._ocr(),
                                    statute_context=self.settings.embedding.statute_context,
                                    max_bytes=self.settings.limits.file_bytes)
        report("embed", 0.0)
        watch.skip()
        vectors = self.index.embedder.embed_passages(
            prepared.embed_texts, progress=lambda done, total: report("embed", done / total))
        prepared.timings_ms["embed"] = watch.lap("embed")
        report("store", 0.0)
        return prepared, vectors

    @staticmethod
    def _ingested(name: str, prepared: PreparedDocument, watch: Stopwatch, **extra) -> IngestReport:
        record = prepared.record
        prepared.timings_ms["total"] = watch.total()
        return IngestReport(name=name, status=IngestStatus.INGESTED, doc_id=record.doc_id,
                            sha256=record.sha256, kind=record.kind, pages=record.pages,
                            chunks=record.chunks, quality=prepared.quality,
                            timings_ms=prepared.timings_ms, **extra)

    # -- deriving stored documents again (engine/ingest/derivation.py) -------------------------
    def reindex(self, doc_ids: Iterable[str] | None = None, *, stale_only: bool = True,
                progress: ProgressFn | None = None) -> ReindexResult:
        """Derive documents again from their stored originals with the current loaders and
        chunkers, each keeping its id, name, kind and ingest time: ``doc_ids`` (whatever their
        version), else every stale document (``stale_only``) or every one. A document whose
        new reading fails keeps its old one whole. Raises UnknownDocument for an unknown id."""
        if doc_ids is not None:
            records = []
            for doc_id in doc_ids:
                record = self.index.catalog.get_document(doc_id)
                if record is None or record.status != "ready":
                    raise UnknownDocument(doc_id)
                records.append(record)
        else:
            catalogue = self.docs()
            records = catalogue.stale if stale_only else catalogue.documents
        return ReindexResult(documents=[self._rederive_stored(record, None, progress) for record in records])

    def rederive(self, doc_id: str, kind: DocKind | str | None = None,
                 progress: ProgressFn | None = None) -> IngestReport:
        """One stored document read again from its stored original as ``kind`` (default: its own
        kind), keeping its id, name and ingest time. The new reading takes the old one's place in
        every store at once; when it fails — or the process dies midway — the old reading stays
        whole (never deleted first). Raises UnknownDocument for an unknown id."""
        record = self.index.catalog.get_document(doc_id)
        if record is None or record.status != "ready":
            raise UnknownDocument(doc_id)
        if kind is not None and _doc_kind(kind) is None:
            return IngestReport(name=record.name, status=IngestStatus.FAILED, doc_id=doc_id, sha256=record.sha256,
                                kind=record.kind, error=_unknown_kind(kind))
        return self._rederive_stored(record, kind, progress)

    def _rederive_stored(self, record: DocumentRecord, kind: DocKind | str | None,
                         progress: ProgressFn | None) -> IngestReport:
        try:
            data = self.index.blobs.get(record.sha256)
        except Exception:  # a lost original: nothing to derive from, the stored reading stays
            log.warning("original of %s is missing", record.doc_id, exc_info=True)
            return IngestReport(
                name=record.name, status=IngestStatus.FAILED, doc_id=record.doc_id, sha256=record.sha256,
                error="原始文件缺失，无法重新解析；请重新上传该文件 (the stored original is missing)")
        return self._rederive(record, data, record.name, progress, kind)

    def _rederive(self, existing: DocumentRecord, data: bytes, name: str,
                  progress: ProgressFn | None, kind: DocKind | str | None = None) -> IngestReport:
        """One stored document derived again from ``data`` (its original), as ``kind`` or its own,
        reported as an ingest under ``name``; a failure leaves the stored reading as it was."""
        watch = Stopwatch()
        report = _reporter(name, progress)
        before = derivation_of(existing)
        try:
            prepared, vectors = self._prepare(existing.name, data, kind or existing.kind, report, watch)
            prepared.record.created_at = existing.created_at  # the same document, read again

            def derive(doc_id: str) -> None:
                self._derive(prepared.record.kind, doc_id)

            if not self.index.rederive_document(prepared, vectors, before_ready=derive):
                # Not stored whole (any more): stored afresh, as a first ingest of these bytes.
                self.index.add_document(prepared, vectors, data, before_ready=derive)
            prepared.timings_ms["store"] = watch.lap("store")
        except Exception as exc:  # IngestError too: the new reading failed, the stored one stays
            if not isinstance(exc, IngestError):
                log.exception("deriving %s again failed", existing.doc_id)
            detail = str(exc) if isinstance(exc, IngestError) else f"{type(exc).__name__}: {exc}"
            return IngestReport(name=name, status=IngestStatus.FAILED, doc_id=existing.doc_id,
                                sha256=existing.sha256, kind=existing.kind, pages=existing.pages,
                                chunks=existing.chunks, rederived_from=before,
                                error=f"重新解析失败，文件仍按原解析保留 (deriving it again failed; "
                                      f"the stored reading is kept): {detail}")
        report("done", 1.0)
        now = derivation_of(prepared.record)
        if prepared.record.kind != existing.kind:
            note = (f"已按类型 {prepared.record.kind}（原为 {existing.kind}）重新解析，共 {prepared.record.chunks} "
                    f"个片段 (read again as another kind)")
        else:
            note = (f"内容未变，但此前按旧版本解析（解析版本 {before}），已按当前版本（{now}）重新解析"
                    f"，共 {prepared.record.chunks} 个片段 (read again with the current chunkers)")
        return self._ingested(name, prepared, watch, rederived_from=before, note=note)

    def _derive(self, kind: str, doc_id: str) -> None:
        """What is built from a document's stored chunks, in the catalog's file, before the
        document turns ready (engine/store/index.py): a process that sees it sees these too."""
        if kind == DocKind.STATUTE.value:
            # References resolve against every law ingested so far, and this law may be
            # the one earlier edges were waiting for (engine/statutes/graph.py).
            ReferenceGraph.for_catalog(self.index.catalog).build_for_document(doc_id)
        if kind == DocKind.TRANSCRIPT.value:
            # The case ledger (engine/answer/casefile/facts): money and time events, corrections, per statement.
            from engine.answer.casefile.facts.store import LedgerStore

            LedgerStore.for_catalog(self.index.catalog).build(doc_id)

    def _read(self, path: Path) -> bytes:
        limit = self.settings.limits.file_bytes
        try:
            size = path.stat().st_size
        except FileNotFoundError:
            raise IngestError(f"文件不存在 (no such file): {path}") from None
        except OSError as exc:
            raise IngestError(f"无法读取文件 (cannot read file): {exc.strerror}") from None
        if not path.is_file():
            raise IngestError(f"不是文件 (not a regular file): {path}")
        if size > limit:  # refuse before reading a huge file into memory
            from engine.ingest.loaders import file_too_large

            raise file_too_large(size, limit)
        try:
            return path.read_bytes()
        except OSError as exc:
            raise IngestError(f"无法读取文件 (cannot read file): {exc.strerror}") from None

    @staticmethod
    def _unchanged(record: DocumentRecord, elapsed_ms: float, name: str) -> IngestReport:
        """The same bytes are stored already; under another name, the report says which."""
        return IngestReport(name=name, status=IngestStatus.UNCHANGED, doc_id=record.doc_id,
                            duplicate_of=record.name if record.name != name else None,
                            sha256=record.sha256, kind=record.kind, pages=record.pages,
                            chunks=record.chunks,
                            quality=[PageQuality(**q) for q in record.meta.get("quality", [])],
                            timings_ms={"total": elapsed_ms})

    def _ocr(self):
        if self.settings.ingest.ocr == "off":
            return None
        if self._ocr_engine is None:
            from engine.ingest.ocr import OcrEngine

            self._ocr_engine = OcrEngine(dpi=self.settings.ingest.ocr_dpi)
        return self._ocr_engine

    # -- search --------------------------------------------------------------------------------
    @property
    def searcher(self):
        with self._lazy:
            if self._searcher is None:
                from engine.retrieve.rerank import choose_reranker
                from engine.retrieve.search import Searcher

                choice = choose_reranker(self.settings.rerank, self.home, self.index.embedder)
                self._searcher = Searcher(self.index, self.settings, choice)
            return self._searcher

    def search(self, query: str, k: int = 10, mode: str = "hybrid", rerank: bool = True,
               doc_id: str | None = None, kind: str | None = None, as_of=None):
        """``as_of`` (date or YYYY-MM-DD, default today): statute versions in force that day.
        Raises ``engine.inputs.InputError`` for an empty or over-long query or an unknown document."""
        query = check_question(query, self.settings.limits)

        def search():
            self._check_scope(doc_id)
            return self.searcher.search(query, k=k, mode=mode, rerank=rerank, doc_id=doc_id, kind=kind,
                                        as_of=as_of)
        return self._once_more_if_moved("search", search)

    def _once_more_if_moved(self, what: str, read: Callable[[], T]) -> T:
        """A read across the stores while other processes may write them: each part follows the
        catalog generation, but a document deleted or stored between two parts can still trip a
        later one. Such a failure — the generation moved while it ran — is retried once, on the
        new state; a failure on an unchanged catalog, or bad input, is raised as it is."""
        generation = self.index.catalog.generation()
        try:
            return read()
        except InputError:
            raise
        except Exception as exc:
            if self.index.catalog.generation() == generation:
                raise
            log.warning("%s failed while another process changed the documents (%s: %s); once more",
                        what, type(exc).__name__, exc)
            return read()

    def _check_scope(self, doc_id: str | None) -> None:
        if doc_id is not None and self.document(doc_id) is None:
            raise UnknownDocument(doc_id)

    @property
    def answerer(self):
        searcher = self.searcher
        with self._lazy:
            if self._answerer is None:
                from engine.answer.pipeline import Answerer
                from engine.faithfulness.conclusion import ConclusionCheck

                self._answerer = Answerer(searcher, self.settings, audit=self.audit,
                                          check_statements=ConclusionCheck(self.index.embedder))
                self._answerer.clause_types = self._clause_types
            return self._answerer

    def _clause_types(self, doc_id: str) -> dict[str, set[str]]:
        """Contract clause kinds by chunk (engine/contract_facts), per catalog state: the answer pipeline
        reads a clause question's clause through them (engine/answer/subject.py)."""
        from engine.contract_facts.service import clause_types

        key = (self.index.catalog.generation(), doc_id)
        with self._lazy:
            cached = self._clause_cache.get(key)
        if cached is None:
            cached = clause_types(self, doc_id)
            with self._lazy:
                if len(self._clause_cache) > 64:
                    self._clause_cache.clear()
                self._clause_cache[key] = cached
        return cached

    def ask(self, question: str, doc_id: str | None = None, llm: bool | None = None,
            unmask: bool = False, user: str | None = None, as_of=None):
        """A verifiable Answer; ``llm=None`` uses the LLM when one is configured; ``as_of`` picks
        the statute versions in force on that date (default today) and the answer states it.
        Raises ``engine.inputs.InputError`` for an empty or over-long question or an unknown
        document.

        A corpus question over all documents ("how many contracts are governed by Delaware law")
        is answered from the contract-fact table instead of by search (engine/contract_facts/)."""
        question = check_question(question, self.settings.limits)
        from engine.question import read_question

        plan = read_question(question)

        def ask():
            self._check_scope(doc_id)
            if doc_id is None and plan.corpus is not None:
                from engine.contract_facts import answer_fact_question

                answer = answer_fact_question(self.index.catalog, plan.corpus, question, unmask=unmask)
                answer.audit_id = self.audit.record_ask(answer, None, user=user, unmasked=unmask,
                                                        fact_query=plan.corpus.to_dict())
                return answer
            return self.answerer.ask(question, doc_id=doc_id, llm=llm, unmask=unmask, user=user,
                                     as_of=as_of, plan=plan)
        return self._once_more_if_moved("ask", ask)

    def reveal_answer(self, answer, user):
        """The unmasked form of an answer already computed masked, for ``user`` (an
        engine.auth.User whose role may see personal data) — no new ask. Audited as one
        ``answer_unmasked`` record naming who and which answer (the ask's record id); returns
        (the unmasked Answer, that record's id). Raises PermissionDenied for other roles and
        ValueError for an answer that keeps no unmasked form."""
        from engine.auth import Permission

        user.ensure(Permission.UNMASK_PII)
        if not answer.pii_masked:
            return answer, None
        if answer.unmasked is None:
            raise ValueError("this answer keeps no unmasked form; ask again")
        record = self.audit.record_event(
            ANSWER_UNMASKED, {"answer": answer.audit_id, "question": answer.question,
                              "status": answer.status.value}, user=user.name)
        shown = answer.unmasked
        shown.audit_id = answer.audit_id  # the same answer: the ask's record
        return shown, record

    def summarize(self, doc_id: str, llm: bool | None = None, unmask: bool = False):
        """Key points of one document, each citing the blocks it came from (engine/summary/)."""
        from engine.summary import summarize

        return summarize(self, doc_id, llm=llm, unmask=unmask)

    def facts(self, query=None, doc_id: str | None = None, unmask: bool = False):
        """Contract facts (each with value, page, char span, alignment), optionally filtered and
        aggregated by a typed ``engine.contract_facts.FactQuery`` (engine/contract_facts/)."""
        from engine.contract_facts.cli import facts_report

        return facts_report(self, query, doc_id, unmask=unmask)

    def fact_filters(self) -> tuple[list[str], list[str]]:
        """The governing laws and the contract types the contract facts name (what a filter can
        choose from), contract facts extracted first where missing."""
        from engine.contract_facts import ensure_facts, fact_store

        ensure_facts(self)
        store = fact_store(self)
        return store.jurisdictions(), store.contract_types()

    def query_facts(self, query=None):
        """The contracts a typed ``FactQuery`` selects, with its sums or groups (a
        ``FactQueryResult``); contract facts extracted first where missing."""
        from engine.contract_facts import ensure_facts, fact_store, run_fact_query
        from engine.contract_facts.query import FactQuery

        ensure_facts(self)
        return run_fact_query(fact_store(self), query or FactQuery())

    def contract_facts(self, doc_id: str):
        """The stored ``ContractFacts`` of one contract, or None."""
        from engine.contract_facts import load_contract_facts

        return load_contract_facts(self, doc_id)

    def faithfulness(self, answer: str, context, question: str | None = None, llm: bool | None = None):
        """Share of the answer's statements the context supports (engine/faithfulness/)."""
        from engine.faithfulness import faithfulness_for

        return faithfulness_for(self, answer, context, question=question, llm=llm)

    # -- catalogue -----------------------------------------------------------------------------
    def docs(self) -> Catalogue:
        return Catalogue(self.index.catalog.documents("ready"))

    def document(self, doc_id: str) -> DocumentRecord | None:
        return self.index.catalog.get_document(doc_id)

    def document_bytes(self, doc_id: str) -> bytes:
        record = self.document(doc_id)
        if record is None:
            raise KeyError(doc_id)
        return self.index.blobs.get(record.sha256)

    def pages(self, doc_id: str):
        return self.index.catalog.pages(doc_id)

    def chunks(self, doc_id: str | None = None, *, with_facts: bool = False):
        return self.index.catalog.chunks(doc_id, with_facts=with_facts)

    def delete(self, doc_id: str, user: str | None = None) -> bool:
        record = self.document(doc_id)
        deleted = self.index.delete_document(doc_id)
        if deleted and record is not None:
            self.audit.record_event("delete", {"doc_id": doc_id, "name": record.name,
                                               "sha256": record.sha256}, user=user)
        return deleted

    def consistency(self) -> Consistency:
        return self.index.consistency()

    def status(self) -> dict:
        """What the sidebar shows: corpus size and the models in use."""
        catalog = self.index.catalog
        choice = self.searcher.reranker
        return {"documents": len(catalog.documents("ready")), "chunks": catalog.chunk_count(),
                "embedding_model": self.index.embedder.model_id,
                "reranker": choice.name, "reranker_fallback_reason": choice.fallback_reason,
                "vector_mode": "pgvector" if self.index.shared else self.settings.vectors.mode,
                "profile": "shared" if self.index.shared else "embedded",
                "llm": self.settings.llm.model if self.settings.llm.configured else None}


def _doc_kind(kind: DocKind | str) -> DocKind | None:
    """``kind`` as a DocKind; None when it names none."""
    try:
        return DocKind(kind)
    except ValueError:
        return None


def _unknown_kind(kind: object) -> str:
    return f"unknown kind {kind!r}; use one of {', '.join(k.value for k in DocKind)}"
