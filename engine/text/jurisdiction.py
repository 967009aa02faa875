"""Jurisdictions: one canonical name per place, so "the State of Delaware", "Delaware law" and
"DELAWARE" are one filter value, and 中华人民共和国 / 中国 / PRC / People's Republic of China are
another. Canonical names are English (CUAD's and most filters' spelling); Chinese surfaces map
onto them, and ``display_jurisdiction`` gives the Chinese label back for Chinese answers.
"""

from __future__ import annotations

import re

# Aliases → canonical name (keys compared case-insensitively, after the prefixes below are cut).
_ALIASES: dict[str, str] = {
    "中华人民共和国": "China", "中国": "China", "中国大陆": "China", "中华人民共和国大陆": "China",
    "prc": "China", "p.r.c.": "China", "people's republic of china": "China", "china": "China",
    "the people's republic of china": "China", "mainland china": "China",
    "香港": "Hong Kong", "香港特别行政区": "Hong Kong", "中华人民共和国香港特别行政区": "Hong Kong",
    "hong kong": "Hong Kong", "hong kong sar": "Hong Kong",
    "澳门": "Macau", "澳门特别行政区": "Macau", "macau": "Macau", "macao": "Macau",
    "台湾": "Taiwan", "taiwan": "Taiwan",
    "united states": "United States", "united states of america": "United States",
    "u.s.": "United States", "u.s.a.": "United States", "usa": "United States", "us": "United States",
    "美国": "United States", "england": "England", "england and wales": "England and Wales",
    "英国": "United Kingdom", "united kingdom": "United Kingdom", "uk": "United Kingdom",
    "新加坡": "Singapore", "日本": "Japan", "德国": "Germany", "法国": "France",
    "federal republic of germany": "Germany",
    # US states as Chinese questions name them
    "特拉华": "Delaware", "特拉华州": "Delaware", "纽约": "New York", "纽约州": "New York",
    "加州": "California", "加利福尼亚": "California", "加利福尼亚州": "California",
    "德克萨斯": "Texas", "德克萨斯州": "Texas", "得克萨斯州": "Texas", "英格兰": "England",
}
_CHINESE_LABELS = {"China": "中华人民共和国", "Hong Kong": "香港", "Macau": "澳门", "Taiwan": "台湾",
                   "United States": "美国", "United Kingdom": "英国", "Singapore": "新加坡",
                   "Japan": "日本", "Germany": "德国", "France": "法国", "Delaware": "特拉华州",
                   "New York": "纽约州", "California": "加利福尼亚州", "Texas": "德克萨斯州"}
_PREFIX = re.compile(r"^(?:the\s+)?(?:(?:state|commonwealth|province|district|territory|canton|"
                     r"kingdom|republic|emirate)\s+of\s+(?:the\s+)?)?", re.I)
_SUFFIX = re.compile(r"[\s,.;:]+$|\s+(?:law|laws)$", re.I)


def canonical_jurisdiction(text: str) -> str:
    """"the State of New York" → "New York"; "中华人民共和国" → "China"; "DELAWARE" → "Delaware"."""
    cleaned = _SUFFIX.sub("", re.sub(r"\s+", " ", text.strip()))
    if cleaned.lower() in _ALIASES or cleaned in _ALIASES:
        return _ALIASES.get(cleaned, _ALIASES.get(cleaned.lower(), cleaned))
    cleaned = _PREFIX.sub("", cleaned).strip()
    if cleaned.lower() in _ALIASES or cleaned in _ALIASES:
        return _ALIASES.get(cleaned, _ALIASES.get(cleaned.lower(), cleaned))
    if not cleaned.isascii():
        return cleaned
    # Title case for upper-case contracts (THE STATE OF GEORGIA), as written otherwise.
    return cleaned.title() if cleaned.isupper() or cleaned.islower() else cleaned


def display_jurisdiction(canonical: str, chinese: bool) -> str:
    return _CHINESE_LABELS.get(canonical, canonical) if chinese else canonical
