"""Direct lookup: a question naming 《X法》第Y条 (民法典第五百八十四条, 刑法第264条) gets that article.

Ranking can bury an article the user named exactly (a short article shares few words with the
question), so named articles are fetched by identity and put first. The law name is resolved
against the laws actually ingested — full title, short title (without 中华人民共和国), a common
abbreviation (刑诉法), or the longest ingested short title the name ends with (LawBench writes
"民法商法农民专业合作社法": a category, then the law). A name that matches nothing is reported,
never guessed; so is an article number the law does not have.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from engine.statutes.versions import VersionPlan
from engine.types import Fact

# Short forms lawyers write; only for laws whose short title is otherwise not a suffix.
ABBREVIATIONS = {
    "刑诉法": "刑事诉讼法", "民诉法": "民事诉讼法", "行诉法": "行政诉讼法",
    "刑诉法解释": "最高人民法院关于适用《中华人民共和国刑事诉讼法》的解释",
    "民诉法解释": "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释",
}
_THIS_LAW = {"本法", "本条例", "本规定", "本办法", "本细则", "本解释", "本决定", "本规则", "该法", "同法"}
_MIN_SUFFIX = 2


def name_key(name: str) -> str:
    """Compare law names without brackets, spaces and the 中华人民共和国 prefix."""
    key = re.sub(r"[《》〈〉()（）\s　]", "", name)
    return key[len("中华人民共和国"):] if key.startswith("中华人民共和国") else key


@dataclass
class LawNames:
    """The ingested laws by every name a question may use for them."""

    titles: dict[str, str] = field(default_factory=dict)  # name_key → law_title

    @classmethod
    def build(cls, documents: Iterable[tuple[str, str, str | None, str | None]]) -> "LawNames":
        names = cls()
        for _doc_id, title, short, _version in documents:
            for name in (title, short):
                if name:
                    names.titles.setdefault(name_key(name), title)
        return names

    def resolve(self, named: str) -> str | None:
        key = name_key(named)
        if not key:
            return None
        key = name_key(ABBREVIATIONS.get(key, key))
        if key in self.titles:
            return self.titles[key]
        # The longest ingested name the written one ends with: 民法商法公司法 → 公司法.
        ends = [k for k in self.titles if len(k) >= _MIN_SUFFIX and key.endswith(k)
                and len(k) > len(key) // 3]
        return self.titles[max(ends, key=len)] if ends else None

    def resolve_before(self, text: str) -> str | None:
        """The law whose name the text ends with (the words right before 第X条). Needed because a
        name is not always cut right by the reference finder: 全国年节及纪念日放假办法 has 及 in it."""
        key = name_key(text.rstrip(" 　的之"))[-60:]
        ends = [k for k in self.titles if len(k) >= _MIN_SUFFIX and key.endswith(k)]
        return self.titles[max(ends, key=len)] if ends else None


@dataclass
class DirectHit:
    text: str  # as written in the question
    law_named: str | None
    law_title: str | None  # resolved, None when the corpus has no such law
    article_label: str
    chunk_ids: list[str]  # the version(s) that apply on the as-of date, best first
    reason: str | None = None  # why nothing was fetched

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "law_named": self.law_named, "law_title": self.law_title,
                "article_label": self.article_label, "chunk_ids": list(self.chunk_ids),
                "reason": self.reason}


def direct_lookup(refs: list[Fact], catalog, plan: VersionPlan, names: LawNames,
                  doc_id: str | None = None, text: str | None = None) -> list[DirectHit]:
    """Named articles in ``refs`` (find_statute_refs of ``text``), resolved to chunks in force on
    ``plan.as_of``. Without a law name only a search scoped to one document resolves them."""
    found: list[DirectHit] = []
    seen: set[tuple[str | None, str]] = set()
    for ref in refs:
        label = ref.value
        law = written = ref.meta.get("law")
        if not label or ref.meta.get("relative"):
            continue
        if law is None and text:
            # The finder cuts a name at words such as 据/适用 (票据法, 法律适用法) or misses one
            # ending in a year (宪法修正案2004年): an ingested title right before 第Y条 names it.
            law = names.resolve_before(text[:ref.start])
        if law in (None, *_THIS_LAW) and doc_id is None:
            continue  # "第十条" alone names no law: ranking decides
        title = None
        if law not in (None, *_THIS_LAW):
            title = (names.resolve_before(text[:ref.start]) if text else None) or names.resolve(law)
        key = (title, label)
        if key in seen:
            continue
        seen.add(key)
        if law not in (None, *_THIS_LAW) and title is None:
            found.append(DirectHit(ref.text, written or law, None, label, [], f"材料中没有《{law}》"))
            continue
        ids = catalog.find_articles(label, law=title, doc_id=doc_id)
        usable = [c for c in ids if c.rsplit(":", 1)[0] not in plan.excluded]
        hit = DirectHit(ref.text, written or law, title, label, usable)
        if not ids:
            hit.reason = f"《{title or '该文件'}》中没有{label}"
        elif not usable:
            hit.reason = f"{label}在 {plan.as_of.isoformat()} 施行的版本中不存在"
        found.append(hit)
    return found
