"""Statutes: one chunk per article (第X条, 第X条之一), with the law's identity and 编/章/节 path.

Reads LawRefBook's Markdown layout (``# title``, ``# 编`` for a 民法典 part, promulgation lines,
``<!-- INFO END -->``, ``##``/``###`` headings, one paragraph per article with later paragraphs of
the same article as plain lines) and statute text from PDFs/DOCX/TXT, where headings are lines
such as ``第一章 总则``.

An article heading is a line that starts with 第X条, is followed by whitespace (or ends there), and
continues the article sequence. The last test is what tells a heading from a reference that a
line wrap or a quote put at a line start ("第四十五条 规定的…" in a quoted provision): numbers
never go back, and a jump forward is taken only when the expected next article does not appear
later (sources do skip numbers, e.g. when two articles were merged into one paragraph).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.ingest.chunkers.base import DocLine, DocText, make_bounded_chunks, page_furniture
from engine.statutes.hierarchy import infer_rank
from engine.text.numbers import parse_number, to_chinese
from engine.types import ChunkDraft, LoadedDocument

_CN_DIGITS = "零〇一二三四五六七八九十百千两"
ARTICLE_HEAD = re.compile(
    rf"^[ \t　]*第[ \t]?([{_CN_DIGITS}]+|[0-9０-９]+)[ \t]?条(?:之([{_CN_DIGITS}]+))?(?=[ \t　]|$)")
MARKDOWN_HEADING = re.compile(r"^(#{1,6})[ \t]+(\S.*?)[ \t]*$")
PLAIN_HEADING = re.compile(
    rf"^[ \t　]*(第[{_CN_DIGITS}0-9]+(分编|编|章|节))(?:[ \t　]+\S.*)?$")
INFO_END = "<!-- INFO END -->"
# Plain headings rank 编 > 分编 > 章 > 节; offset so they sort below a Markdown title (level 1).
_PLAIN_LEVEL = {"编": 2, "分编": 3, "章": 4, "节": 5}
_MAX_HEADING_CHARS = 40
_VERSION_IN_NAME = re.compile(r"(\d{4})[-_.年](\d{1,2})[-_.月](\d{1,2})")
_ISO_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
LAW_TITLE_PREFIX = "中华人民共和国"

ArticleKey = tuple[int, int]  # (article number, 之N sub-number or 0)


@dataclass
class LawIdentity:
    law_title: str
    law_short: str
    version: str | None
    part: str | None
    rank: str  # engine.statutes.hierarchy.LawRank value

    def meta(self) -> dict[str, Any]:
        return {"law_title": self.law_title, "law_short": self.law_short,
                "version": self.version, "part": self.part, "rank": self.rank}


@dataclass
class _Heading:
    level: int
    text: str


@dataclass
class _Candidate:
    line_index: int
    key: ArticleKey
    label: str


@dataclass
class _Unit:
    start: int
    chunk_type: str
    meta: dict[str, Any] = field(default_factory=dict)


def cn_number(text: str) -> int:
    """A label's numeral → int (一百零四 → 104, ５ → 5); ValueError when it is not a whole number."""
    value = parse_number(text)
    if value is None or value != int(value):
        raise ValueError(f"not an article number: {text!r}")
    return int(value)


def article_label(key: ArticleKey) -> str:
    """Canonical label: 第五百八十四条, 第一百二十条之一 (Chinese numerals, as laws print them)."""
    number, sub = key
    return f"第{to_chinese(number)}条" + (f"之{to_chinese(sub)}" if sub else "")


def law_short(title: str) -> str:
    return title[len(LAW_TITLE_PREFIX):] if title.startswith(LAW_TITLE_PREFIX) else title


def _iso_version(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    if _ISO_DATE.match(text):
        return text
    match = _VERSION_IN_NAME.search(text)
    if match:
        year, month, day = (int(g) for g in match.groups())
        return f"{year:04d}-{month:02d}-{day:02d}"
    return None


def _version_from_name(name: str) -> str | None:
    # LawRefBook names carry the date in the last parentheses: 刑法(2023-12-29).md
    dated = re.findall(r"\((\d{4}-\d{2}-\d{2})\)", name)
    return dated[-1] if dated else _iso_version(name)


def _title_from_name(name: str) -> str:
    stem = re.sub(r"\.(md|markdown|txt|pdf|docx?)$", "", name, flags=re.I)
    stem = re.sub(r"\(\d{4}-\d{2}-\d{2}\)(_.*)?$", "", stem)
    return stem.strip()


def _is_markdown(doc: LoadedDocument, doctext: DocText) -> bool:
    return doc.media_type == "markdown" or INFO_END in doctext.text \
        or any(MARKDOWN_HEADING.match(ln.text) for ln in doctext.lines[:5])


def _plain_heading(text: str) -> _Heading | None:
    match = PLAIN_HEADING.match(text)
    if not match or len(text.strip()) > _MAX_HEADING_CHARS or re.search(r"[。；;，,]", text):
        return None
    return _Heading(level=_PLAIN_LEVEL[match.group(2)], text=" ".join(text.split()))


def article_candidate(index: int, text: str) -> _Candidate | None:
    match = ARTICLE_HEAD.match(text)
    if not match:
        return None
    try:
        key = (cn_number(match.group(1)), cn_number(match.group(2)) if match.group(2) else 0)
    except ValueError:  # a malformed numeral such as 十十
        return None
    return _Candidate(index, key, article_label(key))


def _continuations(key: ArticleKey) -> set[ArticleKey]:
    number, sub = key
    return {(number + 1, 0), (number, sub + 1)}


def accept_articles(candidates: list[_Candidate]) -> list[_Candidate]:
    """Keep the candidates that continue the article sequence (see the module docstring)."""
    positions: dict[ArticleKey, list[int]] = {}
    for i, cand in enumerate(candidates):
        positions.setdefault(cand.key, []).append(i)
    accepted: list[_Candidate] = []
    for i, cand in enumerate(candidates):
        if not accepted:
            accepted.append(cand)
            continue
        last = accepted[-1].key
        if cand.key <= last:
            continue
        expected = _continuations(last)
        if cand.key not in expected and any(
                p > i for key in expected for p in positions.get(key, ())):
            continue  # a jump ahead while the true next article is still to come: a reference
        accepted.append(cand)
    return accepted


# 《中华人民共和国刑法》（节选）: an excerpt is still that law, and is cited by the law's name.
EXCERPT_MARK = re.compile(r"\s*[（(](?:节选|摘录|摘编|部分条文|excerpts?)[)）]\s*$", re.I)


def law_identity(doc: LoadedDocument, doctext: DocText, header_end: int) -> LawIdentity:
    """Title, short name, version and 民法典-style part, from the text first, then doc meta/name."""
    h1 = [m.group(2) for ln in doctext.lines if ln.start < header_end
          if (m := MARKDOWN_HEADING.match(ln.text)) and len(m.group(1)) == 1]
    title = h1[0] if h1 else str(doc.meta.get("title") or "").strip()
    part = h1[1] if len(h1) > 1 else doc.meta.get("part")
    if not title:
        first = next((ln.text.strip() for ln in doctext.lines if ln.text.strip()), "")
        title = first if first and not ARTICLE_HEAD.match(first) and len(first) <= 60 \
            else _title_from_name(doc.name)
    version = _iso_version(doc.meta.get("version")) or _version_from_name(doc.name)
    title = EXCERPT_MARK.sub("", title).strip()
    rank = infer_rank(title, doctext.text[:header_end]).value
    return LawIdentity(law_title=title, law_short=law_short(title), version=version, part=part, rank=rank)


def chunk_statute(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    markdown = _is_markdown(doc, doctext)
    furniture = page_furniture(doctext)
    lines = doctext.lines

    # Classify lines: headings and article candidates.
    headings: dict[int, _Heading] = {}
    candidates: list[_Candidate] = []
    info_end_index = next((i for i, ln in enumerate(lines) if ln.text.strip() == INFO_END), None)
    body_from = 0 if info_end_index is None else info_end_index + 1
    for i in range(body_from, len(lines)):
        text = lines[i].text
        if markdown:
            match = MARKDOWN_HEADING.match(text)
            heading = _Heading(len(match.group(1)), match.group(2)) if match else None
        else:
            heading = _plain_heading(text)
        if heading:
            headings[i] = heading
        elif cand := article_candidate(i, text):
            candidates.append(cand)
    articles = {c.line_index: c for c in accept_articles(candidates)}

    # The header block (title, promulgation and amendment lines) runs to INFO END or to the
    # first structural line; it is a chunk of its own, since amendment dates get asked about.
    if info_end_index is not None:
        header_end = lines[info_end_index].start
        excluded = furniture + [(lines[info_end_index].start, lines[info_end_index].end)]
    else:
        first_structural = min([*headings, *articles], default=len(lines))
        header_end = lines[first_structural].start if first_structural < len(lines) else len(doctext.text)
        body_from = first_structural
        excluded = list(furniture)
    identity = law_identity(doc, doctext, header_end)
    base_meta = identity.meta()

    chunks: list[ChunkDraft] = []
    chunks.extend(make_bounded_chunks(doctext, 0, header_end, exclude=excluded, chunk_type="header",
                                      meta={**base_meta, "path": []}))

    path: list[_Heading] = []
    unit: _Unit | None = None

    def close(end: int) -> None:
        nonlocal unit
        if unit is not None:
            chunks.extend(make_bounded_chunks(doctext, unit.start, end, exclude=excluded,
                                              chunk_type=unit.chunk_type, meta=unit.meta))
        unit = None

    for i in range(body_from, len(lines)):
        line: DocLine = lines[i]
        if i in headings:
            close(line.start)
            heading = headings[i]
            if heading.level == 1:  # a Markdown H1 in the body: the title or part, not a path step
                continue
            while path and path[-1].level >= heading.level:
                path.pop()
            path.append(heading)
        elif i in articles:
            close(line.start)
            cand = articles[i]
            unit = _Unit(line.start, "article", {
                **base_meta, "article_label": cand.label, "article_no": list(cand.key),
                "path": [h.text for h in path]})
        elif unit is None and line.text.strip() and not any(s <= line.start < e for s, e in excluded):
            # Text under a heading before any article (a preamble, 序言, an annex).
            unit = _Unit(line.start, "paragraph", {**base_meta, "path": [h.text for h in path]})
    close(len(doctext.text))
    return chunks
