"""Ordinals: 第二次 / 第2笔 / 第三期 / 首付 — which occurrence a text names."""

from __future__ import annotations

import re

from engine.text.numbers import parse_number

# 第二次 / 第2笔 / 第三期: the occurrence a question is about. 次, 笔 and 期 count the same events.
ORDINAL = re.compile(r"(?:第([一二三四五六七八九十百两\d]{1,4})|首)(?:次|笔|期|回)|首付")

# One delivery named by its order (第二批, 头一批); 头两批 counts two, it names none.
BATCH_ORDINAL = re.compile(r"(?:第|头(?=一))([一二三四五六七八九十\d]{1,3})批")


def ordinal_key(token: str) -> str | None:
    """'第二次' / '第2笔' -> '#2' (None when it is not an ordinal)."""
    match = ORDINAL.fullmatch(token) or ORDINAL.search(token)
    if not match:
        return None
    if match.group(1) is None:  # 首期 / 首笔 / 首付
        return "#1"
    value = parse_number(match.group(1))
    return None if value is None else f"#{int(value)}"


def ordinals_in(text: str) -> set[str]:
    return {key for key in (ordinal_key(m.group(0)) for m in ORDINAL.finditer(text)) if key}


# The occasion a text names by its order, whatever it counts in (第三次, 第二批, 第4趟, 头一批, 首次), and
# not a session of the record (第二次讯问, 第一次开庭 name the record's own sittings, not an occasion
# told in them), nor one a figure is only compared with (跟第一批重复的, 比第一次多: the figure is of
# another occasion).
_OCCASION = re.compile(r"(?<![跟和与同比像])(?:第([一二三四五六七八九十两\d]{1,3})|首|头(?=一)(一))(?:次|笔|期|回|趟|批)"
                       r"(?!讯问|询问|笔录|开庭|庭审|谈话)")
# Occasions counted together (四批加起来, 两次一共, 三次总共): what follows is of them all, no one occasion.
_COUNTED = re.compile(r"(?<!第)[两二三四五六七八九十\d]+(?:次|批|趟|笔)(?:加起来|一共|总共|合计|共)|加起来|前后一共")


def occasion_at(text: str) -> int | None:
    """The occasion the end of ``text`` is telling: the last one it names by its order (第一次是晚上八点多，
    我…拉了… → 1), unless occasions are counted together after it (…跟第一批重复的…这样算四批一共是 →
    None); None when it names none."""
    found = list(_OCCASION.finditer(text))
    if not found:
        return None
    last = found[-1]
    if _COUNTED.search(text, last.end()):
        return None
    if last.group(1) is None:  # 首次 / 头一批
        return 1
    value = parse_number(last.group(1))
    return int(value) if value is not None else None


# The last occasion named so (最后一次, 末次): an occasion of its own, no number.
_LAST_OCCASION = re.compile(r"最后一(?:次|笔|期|回|趟|批)|末次")
_CLAUSE_BREAK = re.compile(r"[，,；;。、\n]")


def occasions_named(text: str) -> int:
    """How many occasions the text names by their order (第一次…最后一次 → 2)."""
    return len(_OCCASION.findall(text)) + len(_LAST_OCCASION.findall(text))


def occasion_of(text: str, start: int, end: int, others: list[tuple[int, int]]) -> int | None:
    """The occasion the words around ``text[start:end]`` (a date, a figure) name: within its clause and
    not past another value of the text (``others``) — 从10月16日第一次杀，到3月18日最后一次: 1 for the
    first date, the last occasion (-1) for the second; None when its words name none."""
    left = max([m.end() for m in _CLAUSE_BREAK.finditer(text, 0, start)] + [e for _, e in others if e <= start],
               default=0)
    right = min([m.start() for m in _CLAUSE_BREAK.finditer(text, end)] + [b for b, _ in others if b >= end],
                default=len(text))
    clause = text[left:right]
    if _LAST_OCCASION.search(clause):
        return -1
    return occasion_at(clause)


def counts_occasions(text: str) -> bool:
    """The text counts occasions together (四批加起来, 两次一共)."""
    return bool(_COUNTED.search(text))
