"""Statute checks on a composed answer: versions used, version conflicts, law-rank hints, and
citation consistency.

- Every statute article in the evidence is listed with its version and whether that version is in
  force on the as-of date (``Answer.statutes``); a text only available in a later version than the
  as-of date is a gap, said plainly, and the answer needs review.
- When another ingested version of a cited article reads differently, that version is shown next
  to it and a ``version`` conflict names both dates: the reader sees the change, we do not pick
  silently.
- Conflicts between articles of different laws get a hint — 上位法优于下位法 / 特别法优于一般法 /
  新法优于旧法 — as an explanation for the reader, never as a choice made for them.
- Every 第X条 the conclusion names must be among the evidence. A named article the corpus holds is
  fetched and shown (expanded evidence); one it does not hold makes the answer needs_review.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.answer.model import Answer, Conflict, Evidence, Gap
from engine.text.passages import article_body
from engine.statutes.hierarchy import higher, rank_of_article
from engine.statutes.lookup import LawNames, direct_lookup, name_key
from engine.statutes.versions import VersionPlan, VersionStatus
from engine.store.catalog import Catalog
from engine.text.normalize import to_halfwidth
from engine.text.refs import find_statute_refs
from engine.types import Chunk

MAX_VERSION_CONFLICTS = 2
_QUOTE = re.compile(r"「[^」]*」")
# Codes that state general rules; a same-rank law dealing with a narrower matter is the special
# law (特别法) relative to them.
GENERAL_CODES = {"民法典", "刑法", "行政处罚法", "行政许可法", "行政强制法", "民事诉讼法", "刑事诉讼法",
                 "行政诉讼法", "民法通则", "合同法", "物权法", "侵权责任法"}
HINT_SUFFIX = "（供阅读参考，系统未据此取舍）"


@dataclass
class StatuteUse:
    evidence: str  # E-id
    law_title: str
    article_label: str
    version: str | None
    version_status: str | None
    rank: str

    def to_dict(self) -> dict[str, Any]:
        return {"evidence": self.evidence, "law_title": self.law_title,
                "article_label": self.article_label, "version": self.version,
                "version_status": self.version_status, "rank": self.rank}


def _short(chunk: Chunk) -> str:
    return chunk.meta.get("law_short") or chunk.meta.get("law_title") or "?"


def _is_article(item: Evidence) -> bool:
    return bool(item.chunk.meta.get("article_label") and item.chunk.meta.get("law_title"))


def _wording(chunk: Chunk) -> str:
    """An article's words: full/half-width punctuation and spacing are not a change of law."""
    return "".join(to_halfwidth(article_body(chunk)).split())


def _whole(chunk: Chunk, doc_name: str, role: str, eid: str) -> Evidence:
    return Evidence(id=eid, chunk=chunk, doc_name=doc_name, quote_start=0, quote_end=len(chunk.text),
                    bboxes=list(chunk.bboxes), score=0.0, role=role)


class StatuteReview:
    def __init__(self, catalog: Catalog, plan: VersionPlan, names: LawNames):
        self.catalog, self.plan, self.names = catalog, plan, names

    def apply(self, answer: Answer, source_chunks: list[Chunk]) -> list[str]:
        """Annotates ``answer`` in place; returns the problems that make it needs_review."""
        self.problems: list[str] = []
        answer.as_of = self.plan.as_of.isoformat()
        self._named_articles(answer, source_chunks)
        self._versions(answer)
        self._rank_hints(answer)
        answer.statutes = [self._use(e).to_dict() for e in answer.evidence if _is_article(e)]
        return self.problems

    # -- versions ------------------------------------------------------------------------------
    def _use(self, item: Evidence) -> StatuteUse:
        meta = item.chunk.meta
        status = self.plan.of(item.chunk.doc_id)
        return StatuteUse(item.id, meta["law_title"], meta["article_label"], meta.get("version"),
                          status.value if status else None, rank_of_article(item.chunk.meta).value)

    def _versions(self, answer: Answer) -> None:
        conflicts = 0
        for item in [e for e in answer.evidence if _is_article(e) and e.role != "version"]:
            meta = item.chunk.meta
            status = self.plan.of(item.chunk.doc_id)
            if status is VersionStatus.LATER_THAN_AS_OF:
                answer.gaps.append(Gap(
                    f"《{_short(item.chunk)}》在 {self.plan.as_of.isoformat()} 施行的版本未收录于材料；"
                    f"{item.id} 引用的是 {meta.get('version')} 版，可能与当时的条文不同", [item.id]))
                self.problems.append(
                    f"{item.id}《{_short(item.chunk)}》{meta['article_label']} 的版本晚于指定日期")
            if conflicts >= MAX_VERSION_CONFLICTS or not meta.get("version"):
                continue
            body = _wording(item.chunk)
            for other in self.catalog.get_chunks(
                    self.catalog.article_versions(meta["law_title"], meta["article_label"])):
                if other.chunk_id == item.chunk.chunk_id or not other.meta.get("version") \
                        or other.meta["version"] == meta["version"] or _wording(other) == body:
                    continue
                shown = next((e for e in answer.evidence if e.chunk.chunk_id == other.chunk_id), None)
                if shown is None:
                    shown = _whole(other, self._doc_name(other.doc_id), "version",
                                   f"E{len(answer.evidence) + 1}")
                    answer.evidence.append(shown)
                used = f"{meta['version']} 版（{self._status_text(status)}）"
                answer.conflicts.append(Conflict(
                    "version",
                    f"《{_short(item.chunk)}》{meta['article_label']}在 {other.meta['version']} 版"
                    f"（{shown.id}）与 {meta['version']} 版（{item.id}）中文字不同；本回答依据 "
                    f"{self.plan.as_of.isoformat()} 施行的 {used}",
                    [item.id, shown.id]))
                conflicts += 1
                break

    @staticmethod
    def _status_text(status: VersionStatus | None) -> str:
        return {VersionStatus.IN_FORCE: "当日施行", VersionStatus.LATER_THAN_AS_OF: "晚于指定日期",
                VersionStatus.UNDATED: "未标版本"}.get(status, "版本状态未知")

    # -- law-rank hints ------------------------------------------------------------------------
    def _rank_hints(self, answer: Answer) -> None:
        by_id = {e.id: e for e in answer.evidence}
        for conflict in answer.conflicts:
            if conflict.kind == "version":
                continue
            articles = [by_id[i].chunk for i in conflict.evidence if i in by_id and _is_article(by_id[i])]
            laws = {c.meta["law_title"]: c for c in articles}
            if len(laws) < 2:
                continue
            a, b = list(laws.values())[:2]
            hint = rank_hint(a, b)
            if hint:
                conflict.hint = hint

    # -- citation consistency ------------------------------------------------------------------
    def _named_articles(self, answer: Answer, source_chunks: list[Chunk]) -> None:
        refs = [r for r in find_statute_refs(answer.conclusion) if r.value and not r.meta.get("relative")]
        if not refs:
            return
        pool = {c.chunk_id: c for c in [*source_chunks, *(e.chunk for e in answer.evidence)]}
        quoted = [m.span() for m in _QUOTE.finditer(answer.conclusion)]
        own_numbering = [e.chunk.text for e in answer.evidence if e.chunk.kind != "statute"]
        cited_articles = [e.quote for e in answer.evidence if e.chunk.kind == "statute"]
        for ref in refs:
            law = ref.meta.get("law")
            unnamed = not law or law.startswith("本") or law in ("该法", "同法")
            in_quote = any(s <= ref.start < e for s, e in quoted)
            if unnamed and in_quote and any(ref.text in text for text in own_numbering):
                continue  # 「第九条 适用法律…」 quoted from a contract: its own clause, not a statute
            if any(self._matches(c, ref.value, law) for c in pool.values()):
                self._show(answer, next(c for c in pool.values() if self._matches(c, ref.value, law)))
                continue
            hits = direct_lookup([ref], self.catalog, self.plan, self.names) if law else []
            found = self.catalog.get_chunks([c for h in hits for c in h.chunk_ids][:1])
            if found:
                pool[found[0].chunk_id] = found[0]
                self._show(answer, found[0])
            elif in_quote and any(ref.text in quote for quote in cited_articles):
                # 「…不受本法第一千零九十三条…的限制」, 「依照合同法第一百一十四条…」 quoted from a cited
                # article: that article's own words, not something the answer asserts. Shown when
                # the corpus has it (above), never a reason to doubt the quote.
                continue
            else:
                named = f"《{law}》" if law and law not in ("本法",) else ""
                self.problems.append(
                    f"结论提到的{named}{ref.value}不在检索或扩展的证据中 (article named but not in evidence)")

    def _matches(self, chunk: Chunk, label: str, law: str | None) -> bool:
        meta = chunk.meta
        if meta.get("article_label") != label:
            return False
        if not law or law in ("本法", "该法", "同法") or law.startswith("本"):
            return True
        title = self.names.resolve(law)
        return title == meta.get("law_title") or name_key(law) in (
            name_key(meta.get("law_title") or ""), name_key(meta.get("law_short") or ""))

    def _show(self, answer: Answer, chunk: Chunk) -> None:
        if any(e.chunk.chunk_id == chunk.chunk_id for e in answer.evidence):
            return
        answer.evidence.append(_whole(chunk, self._doc_name(chunk.doc_id), "cited",
                                      f"E{len(answer.evidence) + 1}"))

    def _doc_name(self, doc_id: str) -> str:
        record = self.catalog.get_document(doc_id)
        return record.name if record else doc_id


def rank_hint(a: Chunk, b: Chunk) -> str | None:
    """上位法优于下位法 / 特别法优于一般法 / 新法优于旧法 for two articles of different laws."""
    ra, rb = rank_of_article(a.meta), rank_of_article(b.meta)
    top = higher(ra, rb)
    if top is not None:
        (upper, upper_rank), (lower, lower_rank) = ((a, ra), (b, rb)) if top is ra else ((b, rb), (a, ra))
        return (f"上位法优于下位法：《{_short(upper)}》（{upper_rank.value}）效力高于"
                f"《{_short(lower)}》（{lower_rank.value}）" + HINT_SUFFIX)
    if ra.level != rb.level:
        return None
    general = [c for c in (a, b) if _short(c) in GENERAL_CODES]
    if len(general) == 1:
        special = b if general[0] is a else a
        return (f"特别法优于一般法：《{_short(special)}》就其事项是特别规定，《{_short(general[0])}》"
                f"是一般规定" + HINT_SUFFIX)
    va, vb = a.meta.get("version"), b.meta.get("version")
    if va and vb and va != vb:
        newer, older = (a, b) if va > vb else (b, a)
        return (f"新法优于旧法：《{_short(newer)}》（{newer.meta['version']}）晚于"
                f"《{_short(older)}》（{older.meta['version']}）" + HINT_SUFFIX)
    return None
