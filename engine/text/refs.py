"""Statute references in legal text: 本法第四十五条, 《中华人民共和国刑法》第二百六十六条,
刑法第六十七条第一款, 第十条至第十五条, 前款.

A reference fact's value is the canonical article label, the style of the statute corpus's
``article_label``: Chinese numerals, 第十条 (not 第一十条), 第一百一十条, 第一百零一条,
第一千零一十条, with 之一 kept (第一百二十条之一). meta always has:
  law        "本法"/"本条例"/"该法"... as written, the title inside 《…》, a short name written before
             the article (刑法, 民事诉讼法, 中华人民共和国刑法), or None when the text names no law.
  paragraph  "第二款" | None;  item  "第三项" | None (canonical numerals as well).
and when relevant:
  range      {"from": "第十条", "to": "第十五条"} on both ends of 第十条至第十五条.
  relative   "前款" | "前两款" | "本条" | "前项"...: a reference that only the enclosing article can
             resolve. Its value is None (we do not know the label), never a guessed one.

The article heading itself (a line starting 第一条 followed by a space: the statute's own layout)
is not a reference and is skipped. An unbracketed law name is found by a heuristic (the CJK run
ending in 法/条例/规定/办法/... before 第, cut after the verb or preposition that introduces it:
依照, 根据, 违反, 认定为...): it can be wrong on unusual phrasing, so a consumer resolving it against
a catalogue of titles should treat it as a hint.
"""

from __future__ import annotations

import re

from engine.text import SpanSet
from engine.text.normalize import to_halfwidth
from engine.text.numbers import parse_number, to_chinese
from engine.types import Fact

_SP = r"[ \t]?"
_NUM = r"[零〇一二两三四五六七八九十百千]+|\d+"
_SMALL_NUM = r"[一二三四五六七八九十]+|\d+"
_PARA = rf"(?:{_SP}第{_SP}(?P<para>{_SMALL_NUM}){_SP}款)"
_ITEM = rf"(?:{_SP}(?:第{_SP}\(?(?P<item>{_SMALL_NUM})\)?|\((?P<item2>{_SMALL_NUM})\)){_SP}项)"
_TAIL = rf"(?P<sub>之[一二三四五六七八九十]+)?{_PARA}?{_ITEM}?"
_ARTICLE_RE = re.compile(rf"第{_SP}(?P<num>{_NUM}){_SP}条(?!件){_TAIL}")
# 第十条至十五条 / 第10至15条: the first end has no 条 of its own.
_COMPACT_RANGE_RE = re.compile(
    rf"第{_SP}(?P<a>{_NUM}){_SP}(?:至|到|-|—|~){_SP}(?P<second>第?{_SP}(?P<b>{_NUM}){_SP}条(?!件))")
# After a reference: 、第十一条 / 至第十五条 / 和第八条 / 至十五条 (the 第 is sometimes dropped).
_CONTINUATION_RE = re.compile(
    rf"{_SP}(?P<conn>至|到|-|—|~|、|,|和|及|与|或|以及){_SP}(?P<ref>第?{_SP}(?P<num>{_NUM}){_SP}条(?!件){_TAIL})")
_RANGE_CONNECTORS = {"至", "到", "-", "—", "~"}
_RELATIVE_RE = re.compile(
    rf"(?P<rel>前[两二三四五六七八九十]?款|前[两二三四五六七八九十]?项|前条|本条(?!例)|本款){_PARA}?{_ITEM}?")
_BARE_PARAGRAPH_RE = re.compile(rf"第{_SP}(?P<para>{_SMALL_NUM}){_SP}款{_ITEM}?")

_THIS_LAW = ("本法", "本条例", "本规定", "本办法", "本细则", "本解释", "本决定", "本规则", "本通则",
             "本准则", "本章程", "本公约", "本协定", "该法", "同法")
_LAW_SUFFIX_RE = re.compile(r"(?:法典|法|条例|规定|办法|细则|解释|决定|规则|通则)$")
_HAN_RUN_RE = re.compile(r"[\u4e00-\u9fff]{1,24}$")
# Words that introduce a law name in running text; the name starts after the last of them.
# 共和国/国有 contain 和/有 but are part of names (中华人民共和国刑法, 企业国有资产法).
_NAME_INTRODUCER_RE = re.compile(
    r"认定为|依照|依据|根据|按照|违反|适用|援用|援引|引用|参照|触犯|构成|符合|具有|具备|属于|实施|执行|遵守|"
    r"结合|确定|审理|审查|达到|超过|采取|产生|不影响|关于|基于|因|未|无|不受|受|从事|提交|行使|履行|要求|承担|"
    r"主张|认定|落入|提起|高于|低于|计入|使用|制造|出现|支付|取得|提供|考虑|将|对(?!外贸易)|就|但|仍|已经|又|从|"
    r"视同|界定|擅自|藏匿|包括|超出|收到|办理|处理|计算|出售|隐瞒|虚开|告知|拨付|保存|邮寄|引进|其|于|除|以及|分别|同时|可以|应当|修正后|修正前|修改后|"
    r"修改前|我国|现行|新|旧|即|指|是|为|以|犯(?!罪)|(?<!国)有|(?<!共)和|与|及|或者|或|的|了|在|对于|由|并|按|依|据|照")


def article_label(n: int, suffix: str = "") -> str:
    """45 → 第四十五条; (120, "之一") → 第一百二十条之一."""
    if n <= 0:
        raise ValueError(f"article numbers start at 1, got {n}")
    if suffix and not re.fullmatch(r"之[一二三四五六七八九十]+", suffix):
        raise ValueError(f"article suffix must look like 之一, got {suffix!r}")
    return f"第{to_chinese(n)}条{suffix}"


_LABEL_RE = re.compile(rf"第(?P<num>{_NUM})条(?P<sub>之[一二三四五六七八九十]+)?")


def article_number(label: str) -> int:
    """第一百二十条之一 → 120, 第45条 → 45. ValueError when it is not an article label."""
    m = _LABEL_RE.fullmatch(to_halfwidth(label).strip())
    value = parse_number(m.group("num")) if m else None
    if value is None or value != int(value) or value <= 0:
        raise ValueError(f"not an article label: {label!r}")
    return int(value)


def article_key(label: str | None) -> int | None:
    """Order of an article in its law: 第十条 → 10000, 第十条之一 → 10001; None if not a label."""
    m = _LABEL_RE.fullmatch(to_halfwidth(label or "").strip())
    number = _int(m.group("num")) if m else None
    sub = (_int(m.group("sub")[1:]) if m.group("sub") else 0) if m else None
    if number is None or sub is None:
        return None
    return number * 1000 + sub


def _int(raw: str) -> int | None:
    value = parse_number(raw)
    if value is None or value != int(value) or value <= 0:
        return None
    return int(value)


def _ordinal(raw: str | None, unit: str) -> str | None:
    n = _int(raw) if raw else None
    return f"第{to_chinese(n)}{unit}" if n else None


def _law_before(norm: str, start: int) -> str | None:
    """The law named right before a reference starting at ``start``, if any."""
    end = start
    while end > 0 and norm[end - 1] in " \t":
        end -= 1
    if end and norm[end - 1] == "》":
        depth, i = 0, end - 1
        while i >= max(0, end - 120):
            if norm[i] == "》":
                depth += 1
            elif norm[i] == "《":
                depth -= 1
                if depth == 0:
                    return norm[i + 1:end - 1] or None
            i -= 1
        return None
    for word in _THIS_LAW:
        # 劳动合同法 ends in 同法 but is a name, not "the same law"
        if norm.endswith(word, 0, end) and not (word == "同法" and norm.endswith("合同法", 0, end)):
            return word
    run = _HAN_RUN_RE.search(norm, max(0, end - 24), end)
    if not run or not _LAW_SUFFIX_RE.search(run.group()):
        return None
    name = run.group()
    cut = 0
    for m in _NAME_INTRODUCER_RE.finditer(name):
        if m.end() < len(name):
            cut = m.end()
    name = name[cut:]
    if len(name) < 2 or _LAW_SUFFIX_RE.fullmatch(name) or name.startswith("本"):
        return None  # 法/规定 alone, 依法: no law named
    return name


def _is_heading(norm: str, start: int, end: int) -> bool:
    """第一条 at the start of a line and followed by a space: the article's own heading."""
    if end >= len(norm) or norm[end] not in " \t":
        return False
    line_start = norm.rfind("\n", 0, start) + 1
    return all(ch in " \t#*>-" for ch in norm[line_start:start])


def _fact(text: str, start: int, end: int, label: str | None, law: str | None,
          paragraph: str | None = None, item: str | None = None, **extra: object) -> Fact:
    meta: dict[str, object] = {"law": law, "paragraph": paragraph, "item": item}
    meta.update(extra)
    return Fact(kind="statute_ref", text=text[start:end], start=start, end=end, value=label, meta=meta)


def _item(m: re.Match[str]) -> str | None:
    return _ordinal(m.group("item") or m.group("item2"), "项")


def find_statute_refs(text: str) -> list[Fact]:
    """Every statute reference in ``text`` with its exact span (see the module docstring)."""
    norm = to_halfwidth(text)
    facts: list[Fact] = []
    taken = SpanSet()

    def free(s: int, e: int) -> bool:
        return not taken.overlaps(s, e)

    def add(fact: Fact) -> None:
        facts.append(fact)
        taken.add(fact.start, fact.end)

    for m in _COMPACT_RANGE_RE.finditer(norm):
        a, b = _int(m.group("a")), _int(m.group("b"))
        if not a or not b or b <= a:
            continue
        law = _law_before(norm, m.start())
        span = {"from": article_label(a), "to": article_label(b)}
        add(_fact(text, m.start(), m.end("a"), article_label(a), law, range=span))
        add(_fact(text, m.start("second"), m.end(), article_label(b), law, range=span))

    for m in _ARTICLE_RE.finditer(norm):
        label_end = m.end("sub") if m.group("sub") else norm.index("条", m.end("num")) + 1
        if not free(m.start(), m.end()) or _is_heading(norm, m.start(), label_end):
            continue
        n = _int(m.group("num"))
        if not n:
            continue
        law = _law_before(norm, m.start())
        label = article_label(n, m.group("sub") or "")
        first = _fact(text, m.start(), m.end(), label, law, _ordinal(m.group("para"), "款"), _item(m))
        add(first)
        # 、第十一条 / 至第十五条 right after: same law; 至/到 make a range.
        prev, pos = first, m.end()
        while (c := _CONTINUATION_RE.match(norm, pos)) and free(c.start("ref"), c.end("ref")):
            n2 = _int(c.group("num"))
            if not n2:
                break
            label2 = article_label(n2, c.group("sub") or "")
            nxt = _fact(text, c.start("ref"), c.end("ref"), label2, law,
                        _ordinal(c.group("para"), "款"), _item(c))
            if c.group("conn") in _RANGE_CONNECTORS:
                span = {"from": prev.value, "to": label2}
                prev.meta["range"] = span
                nxt.meta["range"] = span
            add(nxt)
            prev, pos = nxt, c.end()

    for m in _RELATIVE_RE.finditer(norm):
        if free(m.start(), m.end()):
            add(_fact(text, m.start(), m.end(), None, None, _ordinal(m.group("para"), "款"), _item(m),
                      relative=m.group("rel")))
    for m in _BARE_PARAGRAPH_RE.finditer(norm):
        if free(m.start(), m.end()):
            add(_fact(text, m.start(), m.end(), None, None, _ordinal(m.group("para"), "款"), _item(m),
                      relative="本条"))
    return sorted(facts, key=lambda f: f.start)
