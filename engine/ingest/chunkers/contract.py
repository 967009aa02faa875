"""Contracts, Chinese and English: a preamble (title, parties), recitals, numbered clauses with
their numbers and headings, the signature block, and any exhibits after it.

Clause numbering is read as an outline. Each numbering style (第X条, 一、, （一）, 1., 1.1, 1.1.1,
ARTICLE I, Section 1.1) seen below an open clause becomes a level under it; a numbered line is a
clause heading only when it continues its level (2 after 1, 1.3 after 1.2, a new level starting at
1), so list items, amounts and cross-references at a line start are not taken for clauses. A
clause with its sub-clauses is one chunk when it fits the size bound; otherwise its own text and
each sub-clause are chunks of their own, and a clause too long by itself is cut at sentence ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.ingest.chunkers.base import (DocText, kept_segments, make_bounded_chunks, page_furniture,
                                         paragraphs, text_weight, MAX_CHUNK_CHARS)
from engine.ingest.chunkers.generic import chunk_paragraphs
from engine.ingest.chunkers.statute import cn_number
from engine.types import ChunkDraft, LoadedDocument

_SP = r"[ \t　]*"
_CN = "零〇一二三四五六七八九十百千两"
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}

# (style, pattern); group "num" is the number, group "rest" the text after it on the line.
CLAUSE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("numparen", re.compile(rf"^{_SP}(?P<num>\d{{1,2}})[)）]{_SP}(?P<rest>.*)$")),
    ("zh_chapter", re.compile(rf"^{_SP}第(?P<num>[{_CN}0-9]+)[章部](?:分)?{_SP}(?P<rest>.*)$")),
    ("zh_article", re.compile(rf"^{_SP}第(?P<num>[{_CN}0-9]+)条(?![之款项])[ \t　:：、.]*(?P<rest>.*)$")),
    ("zh_enum", re.compile(rf"^{_SP}(?P<num>[{_CN}]+)[、．.]{_SP}(?P<rest>.*)$")),
    ("zh_paren", re.compile(rf"^{_SP}[（(](?P<num>[{_CN}]+)[）)]{_SP}(?P<rest>.*)$")),
    ("article", re.compile(rf"^{_SP}(?:ARTICLE|Article){_SP}(?P<num>[IVXLC]+|\d{{1,3}})\b[.:]?{_SP}(?P<rest>.*)$")),
    ("section", re.compile(rf"^{_SP}(?:SECTION|Section){_SP}(?P<num>\d{{1,3}}(?:\.\d{{1,3}})*)\.?(?!\d)[:]?{_SP}(?P<rest>.*)$")),
    # 1. / 1、 / 1.1 / 1.1.1 / 1.1"Affiliates" (CUAD text often drops the space after the number)
    ("dec", re.compile(r"^[ \t　]*(?P<num>\d{1,2}(?:[.．]\d{1,3})+|\d{1,2}(?=[.．、]))[.．、]?"
                       r"(?![0-9%％])[ \t　]*(?P<rest>(?=\S).*)$")),
)
RECITAL_LINE = re.compile(r"^[ \t　]*(WHEREAS|Whereas|RECITALS?|Recitals?|BACKGROUND|鉴于)")
SIGNATURE_START = re.compile(
    r"^[ \t　]*(IN WITNESS WHEREOF|In Witness Whereof|IN WITNESS THEREOF|"
    r"[(（]?以下无正文|[(（]?本页无正文|[(（]?此页无正文|"
    r"(甲方|乙方|丙方)[ \t　]*[（(]?(盖章|签章|签字|签名|公章)[^：:]{0,8}[）)]?[ \t　]*[：:]?)")
ANNEX_START = re.compile(r"^[ \t　]*(EXHIBIT|Exhibit|SCHEDULE|Schedule|APPENDIX|Appendix|ANNEX|Annex|附件|附表)"
                         r"[ \t　]*([A-Z0-9一二三四五六七八九十]{1,3}\b|[：:]|$)")
PARTY_LINE = re.compile(rf"^{_SP}(甲方|乙方|丙方|丁方|出租人|承租人|出卖人|买受人|贷款人|借款人|委托人|受托人|"
                        rf"发包人|承包人|转让方|受让方|卖方|买方)[（(]?[^：:）)]{{0,10}}[）)]?{_SP}[：:]{_SP}(?P<name>\S.*)$")
_MAX_HEADING_CHARS = 60
_MAX_JUMP = 2  # a clause number may skip this many (a clause deleted, a line lost in extraction)


# Clause numbers inside a long line (plain-text exports that lost the line breaks): "…follows:
# 1. DEFINITIONS 1.1 "Affiliate" means…". Taken only where the outline expects the number.
INLINE_CLAUSE = re.compile(r"(?<=\s)(?:(?:ARTICLE|SECTION)\s+(?:[IVXLC]+|\d{1,3})\b"
                           r"|\d{1,2}(?:\.\d{1,3})+\.?(?=[ \t]*[\"“A-Z])|\d{1,2}\.(?=[ \t]+[\"“A-Z]))")
_REFERENCE_WORDS = {"section", "sections", "article", "articles", "clause", "clauses", "paragraph",
                    "paragraphs", "schedule", "exhibit", "and", "or", "to", "of", "in", "under", "per",
                    "through", "see", "with", "by", "$", "us$", "usd", "page", "item", "rule", "no."}
_NOT_AFTER_NUMBER = re.compile(r"^[ \t]*(Million|Billion|Thousand|Dollars|Euros|USD|percent|%)", re.I)
_INLINE_MIN_LINE_CHARS = 200
# A table of contents lists clauses at about a line each; real clauses run far longer.
_CONTENTS_CHARS_PER_ENTRY = 120


@dataclass
class _Clause:
    start: int
    style: tuple[str, int]  # (style, depth); depth counts the dots of decimal numbers
    number: tuple[int, ...]
    label: str  # the number as written: "第三条", "1.2", "ARTICLE IV", "（二）"
    heading: str | None
    depth: int = 0
    end: int = 0
    children: list["_Clause"] = field(default_factory=list)


def _roman(text: str) -> int:
    total = 0
    for i, ch in enumerate(text):
        value = _ROMAN[ch]
        total += -value if i + 1 < len(text) and _ROMAN[text[i + 1]] > value else value
    return total


def _number(style: str, raw: str) -> tuple[int, ...]:
    if style in ("dec", "section"):
        return tuple(int(p) for p in re.split(r"[.．]", raw) if p)
    if style == "article" and not raw.isdigit():
        return (_roman(raw),)
    return (cn_number(raw),)


def _heading(rest: str) -> str | None:
    """The clause heading when the numbered text starts with a short title: "DEFINITIONS",
    "Term. This Agreement…" → "Term", "付款方式", a defined term "“Affiliate” means…" → "Affiliate"."""
    rest = rest.strip()
    if not rest:
        return None
    quoted = re.match(r'^["“]([^"”]{1,%d})["”]' % _MAX_HEADING_CHARS, rest)
    if quoted:
        return quoted.group(1).strip()
    titled = re.match(r"^([^.。：:;；,，]{1,%d}?)(?:[.。：:](?:\s|$)|\s{2,})" % _MAX_HEADING_CHARS, rest)
    if titled and (len(titled.group(1).split()) <= 8 or re.search(r"[\u4e00-\u9fff]", titled.group(1))):
        return titled.group(1).strip()
    if len(rest) <= 30 and not re.search(r"[。；;，,]$", rest):
        return rest
    upper = re.match(r"^([A-Z][A-Z0-9 ,;&'/-]{2,%d}?)(?=\s+[A-Z][a-z]|\s*$)" % _MAX_HEADING_CHARS, rest)
    return upper.group(1).strip() if upper else None


def _candidate(start: int, text: str) -> _Clause | None:
    """A clause number at the start of ``text`` (which begins at document offset ``start``)."""
    for style, pattern in CLAUSE_PATTERNS:
        match = pattern.match(text)
        if not match:
            continue
        try:
            number = _number(style, match.group("num"))
        except ValueError:
            return None
        if _NOT_AFTER_NUMBER.match(match.group("rest")):
            return None
        depth = len(number) if style in ("dec", "section") else 1
        lead = len(text) - len(text.lstrip())
        label = text[lead:match.start("rest")].strip().rstrip(" .．、:：")
        return _Clause(start + lead, (style, depth), number, label, _heading(match.group("rest")))
    return None


def _candidates(doctext: DocText, start_line: int, end_line: int) -> list[_Clause]:
    found = []
    for line in doctext.lines[start_line:end_line]:
        if clause := _candidate(line.start, line.text):
            found.append(clause)
        if len(line.text) < _INLINE_MIN_LINE_CHARS:
            continue
        for match in INLINE_CLAUSE.finditer(line.text):
            before = line.text[:match.start()].split()
            if before and before[-1].lower().rstrip(",") in _REFERENCE_WORDS:
                continue
            if clause := _candidate(line.start + match.start(), line.text[match.start():]):
                found.append(clause)
    return found


def _follows(previous: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Whether ``number`` is a plausible next sibling of ``previous`` (same style and depth)."""
    if number[:-1] == previous[:-1]:
        return previous[-1] < number[-1] <= previous[-1] + _MAX_JUMP
    # 2.1 after 1.4: the parent moved on (its own heading line may be missing)
    return number[:-1] > previous[:-1] and number[-2] <= previous[-2] + _MAX_JUMP and number[-1] <= 1


def _starts_level(parent: _Clause | None, clause: _Clause) -> bool:
    """Whether ``clause`` can open a new level (first child of ``parent`` or first clause at all)."""
    if parent is None:
        return all(n <= 1 + _MAX_JUMP for n in clause.number)
    if clause.style[0] in ("dec", "section") and clause.style[1] > 1 and \
            parent.style[0] == clause.style[0] and parent.style[1] == clause.style[1] - 1:
        return clause.number[:-1] == parent.number and clause.number[-1] <= 1
    return clause.number[-1] == 1


def _restarts_after_contents(roots: list[_Clause], clause: _Clause) -> bool:
    """A first clause number seen again after a run of headings that hold almost no text: the run
    was a table of contents ("1.1 Supply of Cartridge 1  1.2 Purchase 1 …")."""
    first = roots[0]
    if len(roots) < 2 or clause.style != first.style or clause.number != first.number:
        return False
    span = clause.start - first.start
    headings = _count(roots)
    return span / headings < _CONTENTS_CHARS_PER_ENTRY


def _count(clauses: list[_Clause]) -> int:
    return sum(1 + _count(c.children) for c in clauses)


def outline(doctext: DocText, start_line: int, end_line: int) -> list[_Clause]:
    """Top-level clauses (with their sub-clauses) among lines ``[start_line, end_line)``."""
    roots: list[_Clause] = []
    stack: list[_Clause] = []
    for clause in _candidates(doctext, start_line, end_line):
        if roots and _restarts_after_contents(roots, clause):
            roots, stack = [], []  # what came before was a table of contents: it joins the preamble
        level = next((k for k, open_clause in enumerate(stack) if open_clause.style == clause.style), None)
        if level is not None:
            if not _follows(stack[level].number, clause.number):
                continue
            del stack[level:]
        elif not _starts_level(stack[-1] if stack else None, clause):
            continue
        clause.depth = len(stack)
        (stack[-1].children if stack else roots).append(clause)
        stack.append(clause)
    return roots


def _set_ends(clauses: list[_Clause], end: int) -> None:
    for i, clause in enumerate(clauses):
        clause.end = clauses[i + 1].start if i + 1 < len(clauses) else end
        _set_ends(clause.children, clause.end)


def chunk_contract(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    lines = doctext.lines
    furniture = page_furniture(doctext)
    total = len(doctext.text)

    # The signature block starts after the last top-level clause has begun; exhibits follow it.
    draft = outline(doctext, 0, len(lines))
    last_root_line = doctext.line_index_at(draft[-1].start) if draft else 0
    signature_line = next((i for i in range(last_root_line, len(lines))
                           if SIGNATURE_START.match(lines[i].text)), None)
    annex_from = signature_line if signature_line is not None else last_root_line
    annex_line = next((i for i in range(annex_from + 1, len(lines)) if ANNEX_START.match(lines[i].text)),
                      None)
    clause_end_line = min(x for x in (signature_line, annex_line, len(lines)) if x is not None)
    clauses = outline(doctext, 0, clause_end_line)

    def at(line_index: int | None) -> int:
        return lines[line_index].start if line_index is not None and line_index < len(lines) else total

    clause_area_end = at(clause_end_line)
    chunks: list[ChunkDraft] = []
    chunks.extend(_preamble(doctext, 0, clauses[0].start if clauses else clause_area_end, furniture))
    _set_ends(clauses, clause_area_end)
    for clause in clauses:
        chunks.extend(_clause_chunks(doctext, clause, [], furniture))
    if signature_line is not None:
        end = at(annex_line) if annex_line is not None and annex_line > signature_line else total
        chunks.extend(make_bounded_chunks(doctext, at(signature_line), end, exclude=furniture,
                                          chunk_type="signature", meta={"section": "signature"}))
    if annex_line is not None:
        chunks.extend(chunk_paragraphs(doctext, paragraphs(doctext, at(annex_line), total, furniture),
                                       exclude=furniture, meta={"section": "annex"}))
    return chunks


def _preamble(doctext: DocText, start: int, end: int, furniture: list[tuple[int, int]]) -> list[ChunkDraft]:
    """Title and parties as a ``header`` chunk; WHEREAS/鉴于 paragraphs as ``recital`` chunks."""
    paras = paragraphs(doctext, start, end, furniture)
    first_recital = next((i for i, (s, e) in enumerate(paras) if RECITAL_LINE.match(doctext.text[s:e])),
                         len(paras))
    parties = {}
    for s, e in paras[:first_recital]:
        for line in doctext.text[s:e].split("\n"):
            if (match := PARTY_LINE.match(line)) and match.group(1) not in parties:
                parties[match.group(1)] = match.group("name").strip()
    chunks = chunk_paragraphs(doctext, paras[:first_recital], exclude=furniture, chunk_type="header",
                              meta={"section": "preamble", "parties": parties})
    for index, (s, e) in enumerate(paras[first_recital:], start=first_recital):
        chunks.extend(make_bounded_chunks(doctext, s, e, exclude=furniture, chunk_type="recital",
                                          meta={"section": "recitals", "paragraph_index": index}))
    return chunks


def _clause_chunks(doctext: DocText, clause: _Clause, path: list[str],
                   furniture: list[tuple[int, int]]) -> list[ChunkDraft]:
    meta: dict[str, Any] = {"clause_no": clause.label, "heading": clause.heading, "path": list(path)}
    whole_weight = sum(text_weight(doctext.text[s:e])
                       for s, e in kept_segments(doctext, clause.start, clause.end, furniture))
    if whole_weight <= MAX_CHUNK_CHARS or not clause.children:
        return make_bounded_chunks(doctext, clause.start, clause.end, exclude=furniture,
                                   chunk_type="clause", meta=meta)
    # Too long with its sub-clauses: its own lead-in text, then each sub-clause under its path.
    chunks = make_bounded_chunks(doctext, clause.start, clause.children[0].start, exclude=furniture,
                                 chunk_type="clause", meta=meta)
    child_path = [*path, clause.label + (f" {clause.heading}" if clause.heading else "")]
    for child in clause.children:
        chunks.extend(_clause_chunks(doctext, child, child_path, furniture))
    return chunks
