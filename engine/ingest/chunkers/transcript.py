"""Interrogation and inquiry transcripts (讯问笔录 / 询问笔录): a header chunk, then one chunk per
问…答 pair.

A pair is a 问 line and everything up to the next 问 (several 答 lines included). Page footers
(第 X 页 共 Y 页) and the signatures written at each page bottom (被讯问人签名, 记录人：…) are cut
out of the pair even when its answer runs across a page break: the chunk then has one span per
page and the answer reads as the person said it. The closing statement (以上笔录我看过…) with its
signatures, when it stands on its own, is a ``signature`` chunk.
"""

from __future__ import annotations

import re
from typing import Any

from engine.ingest.chunkers.base import (DocLine, DocText, chunk_offset, make_bounded_chunks,
                                         make_chunk, mark_chain, page_furniture, split_range)
from engine.types import ChunkDraft, LoadedDocument

_SPACE = r"[ \t　]*"
_COLON = r"[：:]"
QUESTION_LINE = re.compile(
    rf"^{_SPACE}(?:(?:侦查员|讯问人|询问人|办案民警|民警){_SPACE})?[问讯询]{_SPACE}{_COLON}")
ANSWER_LINE = re.compile(
    rf"^{_SPACE}(?:(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人){_SPACE})?答{_SPACE}{_COLON}")
TITLE_LINE = re.compile(rf"^{_SPACE}(?:第.{{1,3}}次)?(讯问|询问|辨认|搜查|勘验|检查)笔录")
SESSION = re.compile(r"[（(]?第([0-9一二三四五六七八九十]+)次[）)]?")
CLOSING_LINE = re.compile(r"以上.{0,6}笔录.{0,10}(看过|读过|阅读|宣读|念给|核对)")
_ROLES = r"(?:被讯问人|被询问人|犯罪嫌疑人|侦查员|讯问人|询问人|记录人|翻译人|见证人|办案民警)"
# Signature lines: short lines that name a role with 签名/签字/捺印, or a bare "记录人：李某".
SIGNATURE_MARK = re.compile(r"签名|签字|捺印|指印|手印")
ROLE_SIGNATURE = re.compile(rf"^{_SPACE}{_ROLES}{_SPACE}(?:[（(][^）)]{{0,6}}[）)])?{_SPACE}{_COLON}?{_SPACE}"
                            rf"[^：:，。,]{{0,16}}$")
DATE_ONLY = re.compile(rf"^{_SPACE}\d{{4}}{_SPACE}年{_SPACE}\d{{1,2}}{_SPACE}月{_SPACE}\d{{1,2}}{_SPACE}日{_SPACE}$")
_MAX_SIGNATURE_CHARS = 50
# Header fields: "时间：…  地点：…" — a key of CJK characters, a colon, a value up to the next key.
_FIELD_KEY = r"[\u4e00-\u9fff（）()]{2,12}"
HEADER_FIELD = re.compile(
    rf"({_FIELD_KEY}){_SPACE}[：:]{_SPACE}(.*?)(?=[ \t　]+{_FIELD_KEY}{_SPACE}[：:]|$)")


def is_signature_line(text: str) -> bool:
    stripped = text.strip()
    if not stripped or len(stripped) > _MAX_SIGNATURE_CHARS:
        return False
    if QUESTION_LINE.match(text) or ANSWER_LINE.match(text):
        return False
    return bool(SIGNATURE_MARK.search(stripped) or ROLE_SIGNATURE.match(text))


def parse_header_fields(lines: list[str]) -> dict[str, str]:
    """``key：value`` pairs of the header lines, in order; a repeated key keeps its first value
    and later ones are numbered (工作单位, 工作单位_2) so none is lost."""
    fields: dict[str, str] = {}
    for text in lines:
        for match in HEADER_FIELD.finditer(text.strip()):
            key, value = match.group(1), match.group(2).strip()
            if not value:
                continue
            name, n = key, 2
            while name in fields:
                name, n = f"{key}_{n}", n + 1
            fields[name] = value
    return fields


def _excluded_lines(doctext: DocText, body: list[DocLine]) -> list[tuple[int, int]]:
    """Signature lines in the body, with a bare date line written next to one of them."""
    ranges = []
    flags = [is_signature_line(ln.text) for ln in body]
    for i, line in enumerate(body):
        near_signature = any(flags[j] for j in (i - 1, i + 1) if 0 <= j < len(body))
        if flags[i] or (DATE_ONLY.match(line.text) and near_signature):
            ranges.append((line.start, min(line.end + 1, len(doctext.text))))
    return ranges


def chunk_transcript(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    lines = doctext.lines
    furniture = page_furniture(doctext)
    first_q = next((i for i, ln in enumerate(lines) if QUESTION_LINE.match(ln.text)), None)
    if first_q is None:  # not a Q/A transcript after all: keep it whole, bounded
        return make_bounded_chunks(doctext, 0, len(doctext.text), exclude=furniture,
                                   chunk_type="paragraph")
    body = lines[first_q:]
    excluded = furniture + _excluded_lines(doctext, body)

    chunks: list[ChunkDraft] = []
    header_lines = [ln.text for ln in lines[:first_q]
                    if ln.text.strip() and not any(s <= ln.start < e for s, e in furniture)]
    title = next((m.group(0).strip() for t in header_lines if (m := TITLE_LINE.match(t))), None)
    session = next((m.group(1) for t in header_lines[:3] if (m := SESSION.search(t))), None)
    header_meta: dict[str, Any] = {"title": title, "session": session,
                                   "fields": parse_header_fields(header_lines)}
    header = make_chunk(doctext, 0, lines[first_q].start, exclude=furniture, chunk_type="header",
                        meta=header_meta)
    if header:
        chunks.append(header)

    closing = next((ln for ln in body if CLOSING_LINE.search(ln.text)
                    and not QUESTION_LINE.match(ln.text) and not ANSWER_LINE.match(ln.text)), None)
    body_end = closing.start if closing else len(doctext.text)
    questions = [ln for ln in body if QUESTION_LINE.match(ln.text) and ln.start < body_end]
    for n, q_line in enumerate(questions, start=1):
        end = questions[n].start if n < len(questions) else body_end
        chunks.extend(_qa_chunks(doctext, q_line.start, end, n, excluded))

    if closing:
        # The closing statement and the signatures under it are one chunk; only footers go.
        tail = make_chunk(doctext, closing.start, len(doctext.text), exclude=furniture,
                          chunk_type="signature", meta={"closing": closing.text.strip()})
        if tail:
            chunks.append(tail)
    return chunks


def _qa_chunks(doctext: DocText, start: int, end: int, qa_index: int,
               excluded: list[tuple[int, int]]) -> list[ChunkDraft]:
    answer_line = next((ln for ln in doctext.lines_between(start, end)
                        if ANSWER_LINE.match(ln.text) and ln.start >= start), None)
    # Where 答 itself stands (past any indentation), so answer_start points at it.
    answer_at = (answer_line.start + len(answer_line.text) - len(answer_line.text.lstrip())
                 if answer_line else None)
    question_chunk = make_chunk(doctext, start, answer_at if answer_at is not None else end,
                                exclude=excluded, chunk_type="qa")
    question = question_chunk.text if question_chunk else ""
    pieces = split_range(doctext, start, end, exclude=excluded)
    chunks = []
    for s, e in pieces:
        chunk = make_chunk(doctext, s, e, exclude=excluded, chunk_type="qa")
        if chunk is None:
            continue
        if answer_at is None or answer_at >= e:
            answer_start = None  # this piece holds only (part of) the question
        elif answer_at < s:
            answer_start = 0  # the answer began in an earlier piece
        else:
            answer_start = chunk_offset(doctext, chunk, answer_at)
            if answer_start is None:  # the 答 line itself was excluded; cannot happen by pattern
                answer_start = 0
        chunk.meta = {"qa_index": qa_index, "question": question, "answer_start": answer_start}
        chunks.append(chunk)
    return mark_chain(chunks, f"qa@{start}", "qa_part")
