"""Query parsing: intent and entities, normalised exactly as the index normalises them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from engine.types import Fact


class Intent(str, Enum):
    FACT = "fact"  # one value: an amount, a date, a place, a count, yes/no
    EVIDENCE = "evidence"  # a set of evidence: what shows X
    CONFLICT = "conflict"  # contradictions, inconsistencies, gaps


_CONFLICT = re.compile(r"矛盾|不一致|冲突|出入|前后(?:说法|陈述)?不|说法不同|是否一致|有无差异|记不清|不确定|"
                       r"缺口|空白|遗漏|contradict|inconsisten|conflict", re.I)
# 矛盾/冲突 someone had with someone (双方为何发生矛盾, 甲与乙有何矛盾, 二人的矛盾是什么) is a fact of
# the case, asked like any other; contradictions in the material are the conflict question, and a
# question speaking of statements, records or values is always that (前后供述有哪些矛盾).
_QUARREL = re.compile(r"(?:发生|产生|引发|结下|闹)(?:了|过)?(?:什么|何)?(?:矛盾|冲突)|"
                      r"(?:与|和|同|跟)[^，。？?]{1,12}?(?:有|存在)(?:了|过)?(?:什么|何|哪些)?(?:矛盾|冲突)|"
                      r"(?:之间|二人|两人|双方)[^，。？?]{0,4}(?:矛盾|冲突)|的(?:主要)?(?:矛盾|冲突)(?:点|是|为)")
_STATEMENTS = re.compile(r"供述|陈述|说法|证言|口供|笔录|证据|材料|记录|前后|翻供|改口|金额|日期|数额")
_EVIDENCE = re.compile(r"哪些证据|什么证据|证据|证明|依据|列出|列举|全部|所有|哪几|哪些|"
                       r"evidence|which documents|list (?:all|the)", re.I)
# An explicit request for the evidence of something (哪些证据证明…), as opposed to a list of facts.
EVIDENCE_REQUEST = re.compile(r"哪些证据|什么证据|证据有|证明|evidence", re.I)
# 《中华人民共和国刑法》 or a bare short title before 第X条 (刑法第六十七条, 民法典第五百八十四条)
_LAW_TITLE = re.compile(r"《([^》]{2,40})》|([\u4e00-\u9fff]{1,12}(?:法典|法|条例|规定|解释|办法))(?=第)")


@dataclass
class ParsedQuery:
    text: str
    intent: Intent
    tokens: list[str]
    amounts: list[Fact] = field(default_factory=list)
    dates: list[Fact] = field(default_factory=list)
    article_refs: list[Fact] = field(default_factory=list)
    laws: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"intent": self.intent.value, "tokens": self.tokens,
                "amounts": [f.value for f in self.amounts], "dates": [f.value for f in self.dates],
                "articles": [f.value for f in self.article_refs], "laws": self.laws}


def is_quarrel(text: str) -> bool:
    """Whether the question's 矛盾/冲突 is one between people, not within the material (_QUARREL)."""
    return bool(_QUARREL.search(text)) and not _STATEMENTS.search(text)


def classify_intent(text: str) -> Intent:
    if _CONFLICT.search(text) and not is_quarrel(text):
        return Intent.CONFLICT
    if _EVIDENCE.search(text):
        return Intent.EVIDENCE
    return Intent.FACT


def parse_query(text: str) -> ParsedQuery:
    from engine.text.dates import find_dates
    from engine.text.numbers import find_amounts
    from engine.text.refs import find_statute_refs
    from engine.text.tokenize import tokenize

    text = text.strip()
    laws = [m.group(1) or m.group(2) for m in _LAW_TITLE.finditer(text)]
    return ParsedQuery(text=text, intent=classify_intent(text), tokens=tokenize(text),
                       amounts=find_amounts(text), dates=find_dates(text),
                       article_refs=find_statute_refs(text), laws=list(dict.fromkeys(laws)))
