"""What the Documents page does, apart from laying out widgets: ingest an upload, delete,
re-ingest, mask personal data, and the rows of its tables. No streamlit here, so each action
is tested directly; every action checks the user's permission itself."""

from __future__ import annotations

from typing import Any

from engine import (Engine, Permission, ProgressFn, UnknownDocument, User, find_pii, format_size, mask_fragments,
                    mask_text, mask_value, wrapped_pieces)
from engine.types import (Chunk, DocKind, DocumentRecord, IngestReport, IngestStatus,
                          PageText)
from ui.components import local_time
from ui.labels import CHUNK_TYPE_NAMES, KIND_NAMES, label, named

# Share of a file's progress bar each ingest stage covers (embedding dominates on CPU).
STAGE_SPANS: dict[str, tuple[float, float]] = {
    "read": (0.0, 0.05), "parse": (0.05, 0.15), "embed": (0.15, 0.9), "store": (0.9, 0.99),
    "done": (1.0, 1.0)}
STAGE_NAMES: dict[str, tuple[str, str]] = {
    "read": ("读取", "read"), "parse": ("解析", "parse"), "embed": ("向量化", "embed"),
    "store": ("写入", "store"), "done": ("完成", "done")}
DOC_KINDS = [k.value for k in DocKind]  # the choices of the kind selectors, auto first
PII_LEVEL_NAMES = {"none": ("无", "none"), "low": ("一般", "low"), "high": ("敏感", "high")}


def stage_fraction(stage: str, fraction: float) -> float:
    """A file's overall progress (0..1) from the engine's (stage, fraction-within-stage)."""
    low, high = STAGE_SPANS.get(stage, (0.0, 0.0))
    return min(1.0, max(0.0, low + (high - low) * min(1.0, max(0.0, fraction))))


def _audit(engine: Engine, kind: str, payload: dict[str, Any], user: User) -> None:
    audit = getattr(engine, "audit", None)
    if audit is not None:
        audit.record_event(kind, payload, user=user.name)


def _doc_payload(record: DocumentRecord | IngestReport) -> dict[str, Any]:
    return {"doc_id": record.doc_id, "name": record.name, "sha256": record.sha256,
            "kind": record.kind, "pages": record.pages, "chunks": record.chunks}


# -- actions ---------------------------------------------------------------------------------
def ingest_upload(engine: Engine, user: User, name: str, data: bytes,
                  kind: DocKind | str = DocKind.AUTO,
                  progress: ProgressFn | None = None) -> IngestReport:
    """Ingest one uploaded file; bad input comes back as a failed report with its message."""
    user.ensure(Permission.UPLOAD)
    report = engine.ingest_bytes(name, data, kind, progress)
    if report.status is IngestStatus.INGESTED:
        _audit(engine, "document_ingested", _doc_payload(report), user)
    return report


def delete_document(engine: Engine, user: User, doc_id: str) -> DocumentRecord | None:
    """Delete a document from every store (Engine.delete audits it); the deleted record, or
    None when there was none."""
    user.ensure(Permission.DELETE_DOCUMENTS)
    record = engine.document(doc_id)
    if record is None or not engine.delete(doc_id, user=user.name):
        return None
    return record


def reingest_document(engine: Engine, user: User, doc_id: str, kind: DocKind | str,
                      progress: ProgressFn | None = None) -> IngestReport:
    """Parse a stored document again (e.g. as another kind, or after a parser change), from its
    stored original: the new reading replaces the old one in every store at once, and when it
    fails the old one stays as it was (Engine.rederive) — nothing is deleted first."""
    user.ensure(Permission.DELETE_DOCUMENTS)
    user.ensure(Permission.UPLOAD)
    record = engine.document(doc_id)
    try:
        report = engine.rederive(doc_id, kind, progress)
    except UnknownDocument:  # never stored, or deleted by another session meanwhile
        return IngestReport(name=record.name if record else doc_id, status=IngestStatus.FAILED,
                            error=f"文件不存在 (no such document): {doc_id}")
    _audit(engine, "document_reingested",
           {**_doc_payload(record), "kind_before": record.kind,
            "kind_requested": kind.value if isinstance(kind, DocKind) else str(kind),
            "kind_after": report.kind, "status": report.status.value, "error": report.error},
           user)
    return report


def stale_notice(documents: list[dict[str, Any]]) -> str | None:
    """The one line said when documents were read by older chunkers (``Engine.docs()`` rows)."""
    stale = sum(1 for d in documents if d.get("stale"))
    return f"{stale} 份文件按旧版本解析，可重新解析" if stale else None


def reindex_stale(engine: Engine, user: User, progress: ProgressFn | None = None) -> list[IngestReport]:
    """Derive every stale document again from its stored original (``Engine.reindex``). What
    uploading the same files again does (and nothing is lost when it fails): who may upload may."""
    user.ensure(Permission.UPLOAD)
    reports = engine.reindex(progress=progress).documents
    for report in reports:  # one flat record per document, as every document event
        _audit(engine, "document_rederived",
               {**_doc_payload(report), "status": report.status.value, "derivation_before": report.rederived_from,
                **({"error": report.error} if report.error else {})}, user)
    return reports


def record_unmask(engine: Engine, user: User, record: DocumentRecord) -> None:
    """Audit that ``user`` chose to see a document's personal data unmasked."""
    user.ensure(Permission.UNMASK_PII)
    _audit(engine, "pii_unmasked", {"doc_id": record.doc_id, "name": record.name,
                                    "view": "documents"}, user)


# -- masking ---------------------------------------------------------------------------------
def masked(text: str) -> str:
    return mask_text(text, find_pii(text))


def masked_meta(value: Any, source_text: str = "") -> Any:
    """Chunk metadata with personal data masked. Meta values are cut from the chunk text, where
    labels (住址：…) make PII findable; a bare value like "浙江省杭州市…401室" is not, so every
    PII string found in ``source_text`` is masked wherever it appears, plus what each value
    shows on its own."""
    known = {f.text: mask_value(f.text, str(f.meta.get("type"))) for f in find_pii(source_text)}
    pieces = wrapped_pieces([source_text])  # one line of an ID the PDF wrapped, cut out as a value

    def walk(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [walk(x) for x in v]
        if not isinstance(v, str):
            return v
        out = masked(v)
        for raw in sorted(known, key=len, reverse=True):  # longest first: a number inside an address
            out = out.replace(raw, known[raw])
        return mask_fragments(out, pieces)

    return walk(value)


def may_show_pii(record: DocumentRecord, pages: list[PageText]) -> bool:
    """Whether the original file may show personal data: some page text holds PII, or some page
    could not be read (failed the quality gate without OCR), so its image is unchecked."""
    unread = any(q["needs_ocr"] and not q["ocr_used"] for q in record.meta.get("quality", []))
    return unread or any(find_pii(page.text) for page in pages)


# -- table rows ------------------------------------------------------------------------------
def document_rows(documents: list[dict[str, Any]], *, ids: bool = False) -> list[dict[str, Any]]:
    """``Engine.docs().to_dict()["documents"]`` as the documents table shows it (``ids``: with the
    internal document id, for admins)."""
    return [{label("名称", "name"): d["name"], label("类型", "kind"): named(KIND_NAMES, d["kind"]),
             label("页数", "pages"): d["pages"], label("片段", "chunks"): d["chunks"],
             label("OCR 页", "OCR pages"): ", ".join(map(str, d["ocr_pages"])) or "—",
             label("大小", "size"): format_size(d["size_bytes"]),  # KiB / MiB, like the upload limit
             label("导入时间", "ingested"): local_time(d["created_at"]),
             **({label("编号", "doc_id"): d["doc_id"]} if ids else {})} for d in documents]


QUALITY_DECISIONS = {"trusted": ("文字层可信", "text layer trusted"),
                     "verified": ("已用 OCR 核对并保留", "checked against OCR, kept"),
                     "ocr": ("OCR 识别", "read by OCR"), "unverified": ("可疑，未能核对", "suspect, unchecked")}
QUALITY_REASONS = {  # engine/ingest/quality.py and loaders/pdf.py
    "empty_text_layer": ("无文字层", "no text layer"), "near_empty": ("文字极少", "near empty"),
    "garbled": ("乱码", "garbled"), "implausible_cjk": ("汉字不成文", "implausible CJK"),
    "image_page_without_expected_patterns": ("图像页且无常见法律用语", "image page without legal patterns"),
    "text_layer_unreadable": ("文字层无法读取", "text layer unreadable"),
    "invisible_text_layer": ("隐形文字层", "invisible text layer"),
    "text_over_scanned_image": ("扫描图上的文字层", "text over a scan"),
    "does_not_read_as_language": ("不成语句", "does not read as language"),
    "ocr_forced": ("强制 OCR", "OCR forced"), "ocr_disabled": ("OCR 已关闭", "OCR off"),
    "ocr_unavailable": ("OCR 不可用", "OCR unavailable"), "ocr_failed": ("OCR 失败", "OCR failed"),
    "ocr_preferred": ("采用 OCR", "OCR preferred"), "ocr_found_no_text": ("OCR 未识别出文字", "OCR found no text"),
    "text_layer_confirmed_by_ocr": ("文字层经 OCR 核对", "text layer confirmed by OCR"),
    "text_layer_kept": ("保留文字层", "text layer kept"),
    "numbers_read_by_ocr": ("数字以 OCR 识读为准", "numbers read by OCR"),
    "numbers_unsure": ("数字识读存疑", "numbers unsure")}


def _shown(value: Any) -> Any:
    """A table cell: no None on screen (a dash), numbers and text as they are."""
    return "—" if value is None else value


def _readings(readings: list[dict[str, Any]]) -> str:
    """Numbers of a scan's layer OCR read otherwise: how many, how many OCR was unsure of."""
    if not readings:
        return "—"
    unsure = sum(1 for r in readings if not r.get("sure"))
    return f"{len(readings)}" + (label(f"（{unsure} 处存疑）", f" ({unsure} unsure)") if unsure else "")


def quality_rows(record: DocumentRecord) -> list[dict[str, Any]]:
    def yes(flag: Any) -> str:
        return label("是", "yes") if flag else label("否", "no")

    return [{label("页", "page"): q["page"], label("字符", "chars"): _shown(q.get("char_count")),
             label("乱码率", "garbled"): q["garbled_rate"],
             label("模式命中", "pattern hits"): _shown(q.get("pattern_hits")),
             label("需 OCR", "needs OCR"): yes(q["needs_ocr"]), label("已 OCR", "OCR used"): yes(q["ocr_used"]),
             label("判定", "decision"): named(QUALITY_DECISIONS, q.get("decision", "trusted")),
             label("与 OCR 一致度", "agreement"): _shown(q.get("agreement")),
             label("隐形文字", "invisible"): _shown((q.get("signals") or {}).get("invisible_text")),
             label("图像覆盖", "image"): _shown((q.get("signals") or {}).get("image_coverage")),
             label("成词率", "dictionary"): _shown((q.get("signals") or {}).get("dictionary_coverage")),
             label("数字改读", "numbers re-read"): _readings(q.get("readings") or []),
             label("原因", "reasons"): "；".join(named(QUALITY_REASONS, r) for r in q.get("reasons") or [])
             or "—"}
            for q in record.meta.get("quality", [])]


def chunk_rows(chunks: list[Chunk], *, unmask: bool, preview: int = 120, ids: bool = False) -> list[dict[str, Any]]:
    """The chunk browser's rows (``ids``: with the internal chunk id, for admins)."""
    rows = []
    for c in chunks:
        text = c.text if unmask else masked(c.text)
        pages = f"{c.page_start}" if c.page_start == c.page_end else f"{c.page_start}-{c.page_end}"
        rows.append({label("序号", "seq"): c.seq, label("类型", "type"): named(CHUNK_TYPE_NAMES, c.chunk_type),
                     label("页", "pages"): pages, label("个人信息", "personal data"): named(PII_LEVEL_NAMES, c.pii_level),
                     label("文本", "text"): text[:preview].replace("\n", " "),
                     **({label("编号", "chunk_id"): c.chunk_id} if ids else {})})
    return rows


def duplicate_note(report: IngestReport) -> str | None:
    """What to say when an upload's bytes are a document already stored under another name."""
    if report.status is not IngestStatus.UNCHANGED or not report.duplicate_of:
        return None
    return (f"「{report.name}」与已有文件「{report.duplicate_of}」内容完全相同（同一份文件），未重复导入；"
            f"语料库中仍以「{report.duplicate_of}」列出。"
            + label("", f" (same bytes as {report.duplicate_of}: not ingested again)"))
