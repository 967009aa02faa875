"""What the Documents page does, apart from laying out widgets: ingest an upload, delete,
re-ingest, mask personal data, and the rows of its tables. No streamlit here, so each action
is tested directly; every action checks the user's permission itself."""

from __future__ import annotations

from typing import Any

from engine.auth import Permission, User
from engine.engine import Engine, ProgressFn
from engine.text.pii import find_pii, mask_fragments, mask_text, mask_value, wrapped_pieces
from engine.types import (Chunk, DocKind, DocumentRecord, IngestReport, IngestStatus,
                          PageText)

# Share of a file's progress bar each ingest stage covers (embedding dominates on CPU).
STAGE_SPANS: dict[str, tuple[float, float]] = {
    "read": (0.0, 0.05), "parse": (0.05, 0.15), "embed": (0.15, 0.9), "store": (0.9, 0.99),
    "done": (1.0, 1.0)}
STAGE_LABELS: dict[str, str] = {
    "read": "读取 read", "parse": "解析 parse", "embed": "向量化 embed", "store": "写入 store",
    "done": "完成 done"}
KIND_LABELS: dict[str, str] = {
    DocKind.AUTO.value: "自动识别 auto", DocKind.TRANSCRIPT.value: "讯问笔录 transcript",
    DocKind.STATUTE.value: "法律条文 statute", DocKind.CONTRACT.value: "合同 contract",
    DocKind.JUDGMENT.value: "裁判文书 judgment", DocKind.GENERIC.value: "其他 generic"}


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
    """Parse a stored document again (e.g. as another kind, or after a parser change).

    The stores key a document by its bytes, so the old version is deleted first. When the new
    parse fails, the document is ingested again as it was, so a failed re-ingest loses nothing.
    """
    user.ensure(Permission.DELETE_DOCUMENTS)
    user.ensure(Permission.UPLOAD)
    record = engine.document(doc_id)
    if record is None:
        return IngestReport(name=doc_id, status=IngestStatus.FAILED,
                            error=f"文件不存在 (no such document): {doc_id}")
    data = engine.document_bytes(doc_id)
    engine.delete(doc_id, user=user.name)
    report = engine.ingest_bytes(record.name, data, kind, progress)
    if report.status is IngestStatus.FAILED:
        restored = engine.ingest_bytes(record.name, data, record.kind)
        report.error = (f"{report.error}；" + (
            "已按原方式恢复 (the previous version was restored)"
            if restored.status is not IngestStatus.FAILED else
            f"恢复也失败了 (restoring failed too): {restored.error}"))
    _audit(engine, "document_reingested",
           {**_doc_payload(record), "kind_before": record.kind,
            "kind_requested": kind.value if isinstance(kind, DocKind) else str(kind),
            "kind_after": report.kind, "status": report.status.value, "error": report.error},
           user)
    return report


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
def document_rows(documents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``Engine.docs().to_dict()["documents"]`` as the documents table shows it."""
    return [{"名称 name": d["name"], "类型 kind": d["kind"], "页数 pages": d["pages"],
             "片段 chunks": d["chunks"], "OCR 页 OCR pages": ", ".join(map(str, d["ocr_pages"])),
             "大小 KB": round(d["size_bytes"] / 1024, 1), "导入时间 created": d["created_at"],
             "doc_id": d["doc_id"]} for d in documents]


QUALITY_DECISIONS = {"trusted": "文字层可信", "verified": "已用 OCR 核对并保留", "ocr": "OCR 识别",
                     "unverified": "可疑，未能核对"}


def quality_rows(record: DocumentRecord) -> list[dict[str, Any]]:
    return [{"页 page": q["page"], "字符 chars": q.get("char_count"),
             "乱码率 garbled": q["garbled_rate"], "模式命中 pattern hits": q.get("pattern_hits"),
             "需 OCR needs_ocr": q["needs_ocr"], "已 OCR ocr_used": q["ocr_used"],
             "判定 decision": QUALITY_DECISIONS.get(q.get("decision", "trusted"), q.get("decision")),
             "与 OCR 一致度 agreement": q.get("agreement"),
             "隐形文字 invisible": (q.get("signals") or {}).get("invisible_text"),
             "图像覆盖 image": (q.get("signals") or {}).get("image_coverage"),
             "成词率 dictionary": (q.get("signals") or {}).get("dictionary_coverage"),
             "原因 reasons": "; ".join(q.get("reasons") or [])}
            for q in record.meta.get("quality", [])]


def chunk_rows(chunks: list[Chunk], *, unmask: bool, preview: int = 120) -> list[dict[str, Any]]:
    rows = []
    for c in chunks:
        text = c.text if unmask else masked(c.text)
        pages = f"{c.page_start}" if c.page_start == c.page_end else f"{c.page_start}-{c.page_end}"
        rows.append({"序号 seq": c.seq, "类型 type": c.chunk_type, "页 pages": pages,
                     "个人信息 pii": c.pii_level, "文本 text": text[:preview].replace("\n", " "),
                     "chunk_id": c.chunk_id})
    return rows
