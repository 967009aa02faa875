"""Law names and crime names in a lay question, resolved against the ingested statutes.

A question that names a law (劳动合同法, 《民法典》, 旅游法) is about that law's articles even
when it names no article (that case is direct lookup, engine/statutes/lookup.py); a question that
names a crime (非法行医罪, 诈骗罪) is about the 刑法 article defining it and the interpretations
applying it. Both become recall channels restricted to those articles and ranking features.

Crime names are not listed by hand: the corpus says which article defines which crime, in the
judicial interpretations' standard sentence "依照刑法第X条的规定，以Y罪定罪处罚" (and its
variants 追究刑事责任 / 论处). Mined once per catalog state from the ingested texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

from engine.statutes.lookup import name_key

_N = "[零〇一二三四五六七八九十百千两]+"
# 刑法第二百六十四条（之一）（第二款）[、或者 第…条]… 的规定，以 XX罪（、YY罪）定罪处罚
_CRIME_SENTENCE = re.compile(
    rf"刑法》?(?P<articles>(?:第{_N}条(?:之{_N})?(?:第{_N}款)?(?:的规定)?[、和或者及，,]*)+)"
    r"(?:的)?(?:规定)?[，,]?(?:分别)?(?:以|按照?|依照?)“?(?P<crimes>[\u4e00-\u9fff、“”]{2,40}?罪)”?"
    r"(?:定罪|追究|论处|处罚)")
_ARTICLE = re.compile(rf"第({_N})条(?:之({_N}))?")
# Several crimes in one sentence: 贪污罪、职务侵占罪 / 故意杀人罪或者故意伤害罪. A 、 inside one
# crime's name (生产、销售假药罪) is not a boundary: only one right after 罪 is.
_CRIME_SPLIT = re.compile(r"(?<=罪)(?:、|或者|以及|和|及)")
# A 罪 that ends no crime's name: 犯罪, 无罪, 定罪, 什么罪 … (the character(s) before it), or that
# starts another word (罪名, 罪犯, 罪行, 罪责).
_NOT_A_CRIME_END = ("犯", "无", "有", "定", "获", "认", "死", "何", "几", "数", "重", "轻", "此", "彼", "本", "该",
                    "什么", "哪种", "哪个", "一种", "种")
_NOT_A_CRIME_NEXT = ("名", "犯", "行", "责", "过", "恶", "状")
# Verbs a question puts before a crime's name: everything up to the last of them is not the name.
_LEAD_VERBS = re.compile(r"^.*(?:构成|涉嫌|属于|成立|认定为|认定|定为|是否|判处|还是|或者)")
_MAX_CRIME_CHARS = 12
# A law's name must be at least this long to be matched inside free text (刑法 and 宪法 are two).
_MIN_NAME_CHARS = 2
# The law that defines crimes; a question naming one is about it and its interpretations.
CRIMINAL_LAW = "中华人民共和国刑法"


@dataclass(frozen=True)
class CrimeMention:
    text: str  # the crime as the question writes it (盗窃罪)
    core: str  # without 罪 and without the verb before it (盗窃)
    articles: tuple[str, ...]  # 刑法 article labels the corpus ties to this crime (may be empty)


@dataclass
class StatuteNames:
    """Law names (every ingested full and short title) and crime names (mined, see above)."""

    laws: dict[str, str] = field(default_factory=dict)  # name_key → law_title
    crimes: dict[str, tuple[str, ...]] = field(default_factory=dict)  # 盗窃罪 → (第二百六十四条,)

    @classmethod
    def build(cls, law_titles: Iterable[tuple[str, str | None]],
              crime_texts: Iterable[str]) -> "StatuteNames":
        """``law_titles``: (law_title, law_short) of the ingested laws; ``crime_texts``: article
        texts that may hold crime sentences (those mentioning 刑法 and 罪)."""
        laws: dict[str, str] = {}
        for title, short in law_titles:
            for name in (title, short):
                key = name_key(name or "")
                if len(key) >= _MIN_NAME_CHARS:
                    laws.setdefault(key, title)
        crimes: dict[str, dict[str, None]] = {}
        for text in crime_texts:
            for crime, label in mine_crime_articles(text):
                crimes.setdefault(crime, {})[label] = None
        return cls(laws, {c: tuple(labels) for c, labels in sorted(crimes.items())})

    def find_laws(self, text: str) -> list[str]:
        """Titles of the laws the text names, longest name first, no two names overlapping
        (劳动合同法实施条例 is one name, not also 劳动合同法)."""
        found: list[tuple[int, int, str]] = []
        for key, title in self.laws.items():
            start = text.find(key)
            while start >= 0:
                found.append((start, start + len(key), title))
                start = text.find(key, start + 1)
        taken: list[tuple[int, int]] = []
        titles: dict[str, None] = {}
        for start, end, title in sorted(found, key=lambda f: (-(f[1] - f[0]), f[0])):
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            titles[title] = None
        return list(titles)

    def find_crimes(self, text: str) -> list[CrimeMention]:
        """Crimes the text names: known names (mined) first, then any other "…罪" it writes."""
        mentions: dict[str, CrimeMention] = {}
        covered: list[tuple[int, int]] = []
        for crime in sorted(self.crimes, key=len, reverse=True):
            start = text.find(crime)
            if start >= 0 and not any(start < e and s < start + len(crime) for s, e in covered):
                covered.append((start, start + len(crime)))
                mentions[crime] = CrimeMention(crime, crime[:-1], self.crimes[crime])
        for pos, char in enumerate(text):
            if char != "罪" or text[pos + 1:pos + 2] in _NOT_A_CRIME_NEXT \
                    or any(s <= pos < e for s, e in covered):
                continue
            start = pos
            while start > 0 and pos - start < _MAX_CRIME_CHARS and "\u4e00" <= text[start - 1] <= "\u9fff":
                start -= 1
            span = text[start:pos]
            if not span or span.endswith(_NOT_A_CRIME_END):
                continue
            core = _LEAD_VERBS.sub("", span)
            if len(core) >= 2:
                mentions.setdefault(core + "罪", CrimeMention(core + "罪", core, self.crimes.get(core + "罪", ())))
        return list(mentions.values())


def mine_crime_articles(text: str) -> list[tuple[str, str]]:
    """(crime name, 刑法 article label) pairs stated by one text (see the module docstring)."""
    pairs: list[tuple[str, str]] = []
    for match in _CRIME_SENTENCE.finditer(text):
        labels = [f"第{num}条" + (f"之{sub}" if sub else "") for num, sub in _ARTICLE.findall(match.group("articles"))]
        for crime in _CRIME_SPLIT.split(match.group("crimes").replace("“", "").replace("”", "")):
            crime = crime.strip("、")
            if len(crime) >= 3 and crime.endswith("罪") and not crime.endswith("等罪"):
                pairs.extend((crime, label) for label in labels)
    return pairs
