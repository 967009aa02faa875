"""Party names normalised, and parties of many contracts resolved into entities.

ACME Inc. / ACME Corporation / The Acme Corp. → "acme"; 北京某某科技有限公司 / 某某科技公司 →
"某某科技": legal-form suffixes, a leading "the", punctuation, case and (for Chinese names) a
leading administrative region are dropped. Names with equal normalised forms are one entity;
names whose forms are nearly equal (SequenceMatcher ratio ≥ ``MERGE_RATIO``, which catches
spelling variants and OCR slips, not different companies) join too. Every merge keeps its
provenance: the method, the score and the name it was merged with.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Iterable

from engine.text.normalize import to_halfwidth

MERGE_RATIO = 0.9  # entity resolution across contracts: near-identical names only
QUERY_RATIO = 0.85  # a name typed in a question: a little more forgiving
MIN_CONTAINED = {"zh": 2, "en": 4}  # a query name this long may match inside a longer party name

_EN_FORMS = ("incorporated", "inc", "corporation", "corp", "company", "co", "llc", "lc", "ltd",
             "limited", "plc", "lp", "llp", "gmbh", "ag", "sa", "nv", "bv", "srl", "spa", "pty",
             "pte", "sarl", "kk", "pvt", "private")
_ZH_FORMS = ("股份有限公司", "有限责任公司", "集团有限公司", "集团股份有限公司", "有限公司", "股份公司",
             "集团公司", "公司", "集团")
# Province-level names and the biggest cities, which Chinese company names start with without
# 省/市 (北京某某科技有限公司); "XX市 / XX省 / XX区" prefixes are cut by pattern.
_ZH_PLACES = ("北京", "上海", "天津", "重庆", "河北", "山西", "辽宁", "吉林", "黑龙江", "江苏", "浙江",
              "安徽", "福建", "江西", "山东", "河南", "湖北", "湖南", "广东", "海南", "四川", "贵州",
              "云南", "陕西", "甘肃", "青海", "台湾", "内蒙古", "广西", "西藏", "宁夏", "新疆", "香港",
              "澳门", "深圳", "广州", "杭州", "南京", "武汉", "成都", "西安", "苏州", "厦门", "青岛")
_ZH_REGION = re.compile(r"^(?:[\u4e00-\u9fff]{2,4}?(?:省|自治区|特别行政区|市|区|县))+")
_ZH_PAREN_PLACE = re.compile(r"[(（](?:中国|中华人民共和国|北京|上海|深圳)[)）]")


def language_of(name: str) -> str:
    return "zh" if re.search(r"[\u4e00-\u9fff]", name) else "en"


def normalise_party_name(name: str) -> str:
    text = to_halfwidth(name).strip()
    if language_of(text) == "zh":
        text = _ZH_PAREN_PLACE.sub("", re.sub(r"\s+", "", text))
        for form in sorted(_ZH_FORMS, key=len, reverse=True):
            if text.endswith(form) and len(text) > len(form) + 1:
                text = text[:-len(form)]
                break
        stripped = _ZH_REGION.sub("", text)
        if len(stripped) >= 2:
            text = stripped
        for place in sorted(_ZH_PLACES, key=len, reverse=True):
            if text.startswith(place) and len(text) - len(place) >= 2:
                text = text[len(place):]
                break
        return text
    text = text.casefold().replace("&", " and ")
    text = re.sub(r"[^\w\s]", " ", text.replace("'s ", "s "))
    words = text.split()
    if words and words[0] == "the":
        words = words[1:]
    while len(words) > 1 and words[-1] in _EN_FORMS:
        words = words[:-1]
    return " ".join(words)


def name_similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


@dataclass(frozen=True)
class PartyRef:
    key: tuple[str, int]  # (doc_id, seq) of a stored party
    name: str
    norm: str


@dataclass(frozen=True)
class Resolution:
    entity_id: str
    canonical: str  # the name the entity is shown by: the longest name, most often seen
    method: str  # own | same_normalised_name | similar_name
    score: float
    merged_with: str | None  # the name whose entity this one joined


def entity_id_for(norm: str) -> str:
    return "P" + hashlib.sha1(norm.encode("utf-8")).hexdigest()[:12]


def resolve_entities(parties: Iterable[PartyRef]) -> dict[tuple[str, int], Resolution]:
    """Group parties into entities; union-find over equal or near-equal normalised names."""
    refs = [p for p in parties if p.norm]
    groups: dict[str, list[PartyRef]] = {}
    for ref in refs:
        groups.setdefault(ref.norm, []).append(ref)
    norms = sorted(groups)
    parent = {n: n for n in norms}

    def root(n: str) -> str:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    joined: dict[str, tuple[str, float]] = {}  # norm → (norm it joined, score)
    for i, a in enumerate(norms):
        for b in norms[i + 1:]:
            if language_of(a) != language_of(b) or min(len(a), len(b)) < 4:
                continue
            score = name_similarity(a, b)
            if score >= MERGE_RATIO and root(a) != root(b):
                parent[root(b)] = root(a)
                joined.setdefault(b, (a, score))
    clusters: dict[str, list[str]] = {}
    for n in norms:
        clusters.setdefault(root(n), []).append(n)
    result: dict[tuple[str, int], Resolution] = {}
    for members in clusters.values():
        entity = entity_id_for(min(members))
        names = [r.name for n in members for r in groups[n]]
        canonical = max(set(names), key=lambda s: (names.count(s), len(s), s))
        for n in members:
            for i, ref in enumerate(groups[n]):
                if n in joined:
                    other, score = joined[n]
                    res = Resolution(entity, canonical, "similar_name", round(score, 3), groups[other][0].name)
                elif i > 0:
                    res = Resolution(entity, canonical, "same_normalised_name", 1.0, groups[n][0].name)
                else:
                    res = Resolution(entity, canonical, "own", 1.0, None)
                result[ref.key] = res
    return result


def matches_query(query_name: str, norm: str) -> float:
    """How well a name typed in a question matches a stored normalised name (0 = not at all)."""
    wanted = normalise_party_name(query_name)
    if not wanted or not norm or language_of(wanted) != language_of(norm):
        return 0.0
    if wanted == norm:
        return 1.0
    if len(wanted) >= MIN_CONTAINED[language_of(wanted)] and _contains(norm, wanted):
        return 0.95
    score = name_similarity(wanted, norm)
    return score if score >= QUERY_RATIO else 0.0


def _contains(haystack: str, needle: str) -> bool:
    if language_of(needle) == "zh":
        return needle in haystack
    return re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", haystack) is not None
