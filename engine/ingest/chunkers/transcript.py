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
from engine.ingest.chunkers.header import (HeaderField, parse_header_fields, person_for_label, person_of,
                                           read_fields)
from engine.ingest.chunkers.turns import (ANSWER_LINE, ANSWERING_SIDES, CLOSING_LINE, QUESTION_LINE, TITLE_LINE,
                                          TurnLayout, find_turns, full_label, party_of)
from engine.types import ChunkDraft, LoadedDocument

__all__ = ["ANSWER_LINE", "QUESTION_LINE", "TITLE_LINE", "chunk_transcript", "is_signature_line",
           "parse_header_fields"]

_SPACE = r"[ \t　]*"
_COLON = r"[：:]"
_ROLES = r"(?:被讯问人|被询问人|犯罪嫌疑人|侦查员|讯问人|询问人|记录人|翻译人|见证人|办案民警)"
# Signature lines: short lines that name a role with 签名/签字/捺印, or a bare "记录人：李某".
SIGNATURE_MARK = re.compile(r"签名|签字|捺印|指印|手印")
ROLE_SIGNATURE = re.compile(rf"^{_SPACE}{_ROLES}{_SPACE}(?:[（(][^）)]{{0,6}}[）)])?{_SPACE}{_COLON}?{_SPACE}"
                            rf"[^：:，。,]{{0,16}}$")
DATE_ONLY = re.compile(rf"^{_SPACE}\d{{4}}{_SPACE}年{_SPACE}\d{{1,2}}{_SPACE}月{_SPACE}\d{{1,2}}{_SPACE}日{_SPACE}$")
_MAX_SIGNATURE_CHARS = 50


def is_signature_line(text: str) -> bool:
    stripped = text.strip()
    if not stripped or len(stripped) > _MAX_SIGNATURE_CHARS:
        return False
    if QUESTION_LINE.match(text) or ANSWER_LINE.match(text):
        return False
    return bool(SIGNATURE_MARK.search(stripped) or ROLE_SIGNATURE.match(text))


def _excluded_lines(doctext: DocText, body: list[DocLine], layout: TurnLayout) -> list[tuple[int, int]]:
    """Signature lines in the body, with a bare date line written next to one of them; a turn
    (犯罪嫌疑人：不是) is never a signature."""
    ranges = []
    first = doctext.lines.index(body[0]) if body else 0
    flags = [is_signature_line(ln.text) and (first + i) not in layout.turns for i, ln in enumerate(body)]
    for i, line in enumerate(body):
        near_signature = any(flags[j] for j in (i - 1, i + 1) if 0 <= j < len(body))
        if flags[i] or (DATE_ONLY.match(line.text) and near_signature):
            ranges.append((line.start, min(line.end + 1, len(doctext.text))))
    return ranges


def chunk_transcript(doc: LoadedDocument) -> list[ChunkDraft]:
    doctext = DocText(doc)
    lines = doctext.lines
    furniture = page_furniture(doctext)
    texts = ["" if any(s <= ln.start < e for s, e in furniture) else ln.text for ln in lines]
    layout = find_turns(texts)
    if layout.first_question is None:  # not a Q/A transcript after all: keep it whole, bounded
        return make_bounded_chunks(doctext, 0, len(doctext.text), exclude=furniture,
                                   chunk_type="paragraph")
    excluded = furniture + _excluded_lines(doctext, lines[layout.first_question:], layout)
    chunks: list[ChunkDraft] = []
    qa_index = 0
    people: list[HeaderField] = []  # header fields so far: who a role label names
    for session in layout.sessions:
        start = lines[session.start].start
        if session.first_turn is None:  # a header or text with no turns: kept, bounded
            end = lines[session.end - 1].end if session.end > session.start else start
            chunks.extend(make_bounded_chunks(doctext, start, end, exclude=furniture,
                                              chunk_type="paragraph", meta={"session": session.number}))
            continue
        header_lines = [texts[i] for i in range(session.start, session.first_turn) if texts[i].strip()]
        title = next((m.group(0).strip() for t in header_lines if (m := TITLE_LINE.match(t))), None)
        fields = read_fields("\n".join(header_lines))
        people = fields + people
        header_meta: dict[str, Any] = {"title": title, "session": str(session.number),
                                       "fields": parse_header_fields(header_lines)}
        if session.supplement:
            header_meta["supplement"] = True
        header = make_chunk(doctext, start, lines[session.first_turn].start, exclude=furniture,
                            chunk_type="header", meta=header_meta)
        if header:
            chunks.append(header)
        body_end_line = session.closing if session.closing is not None else session.end
        questions = [i for i in range(session.first_turn, body_end_line)
                     if i in layout.turns and layout.turns[i].role == "Q"]
        body_end = lines[body_end_line].start if body_end_line < len(lines) else len(doctext.text)
        for n, q in enumerate(questions):
            qa_index += 1
            end = lines[questions[n + 1]].start if n + 1 < len(questions) else body_end
            chunks.extend(_qa_chunks(doctext, layout, q, end, qa_index, session.number, excluded, people))
        if session.closing is not None:
            # The closing statement and the signatures under it are one chunk; only footers go.
            closing = lines[session.closing]
            end = lines[session.end].start if session.end < len(lines) else len(doctext.text)
            tail = make_chunk(doctext, closing.start, end, exclude=furniture, chunk_type="signature",
                              meta={"closing": closing.text.strip(), "session": session.number})
            if tail:
                chunks.append(tail)
    return chunks


def _turn_meta(doctext: DocText, layout: TurnLayout, chunk: ChunkDraft, q_line: int, end: int,
               people: list[HeaderField]) -> list[dict[str, Any]]:
    """Each turn of a piece: where its label stands in the chunk text (``at``), where what is said
    begins (``content``), who says it (a name label, or the person the header names for a role
    label) and for which side (``party``). A piece that begins inside a turn starts with it (at 0)."""
    lines = doctext.lines
    piece_start = _chunk_start(doctext, chunk)
    running: dict[str, Any] | None = None  # the turn under way where the piece begins
    out: list[dict[str, Any]] = []
    for i in range(q_line, len(lines)):
        if lines[i].start >= end:
            break
        turn = layout.turns.get(i)
        if turn is None:
            continue
        line = lines[i]
        label_at = line.start + len(line.text) - len(line.text.lstrip())
        entry = {"label": turn.label, "role": turn.role, **_speaker(turn.label, turn.role, people)}
        if label_at < piece_start:
            running = entry
            continue
        at = chunk_offset(doctext, chunk, label_at)
        if at is None:
            break  # past this piece
        out.append({"at": at, "content": at + line.start + turn.content_offset - label_at, **entry})
    if running is not None and (not out or out[0]["at"] > 0):
        out.insert(0, {"at": 0, "content": 0, **running})
    return out


def _speaker(label: str, role: str, people: list[HeaderField]) -> dict[str, str | None]:
    """Who speaks a turn and for which side: a role label's person as the header names them
    (被告 → 彭某), a name's side as the header gives it (高某 is the 犯罪嫌疑人), a bare 答 the person
    questioned; a bare 问 is the questioning side (讯问人)."""
    party = party_of(label, role)
    if re.fullmatch(r"[问讯询]", label):
        return {"party": "讯问人", "speaker": None}
    if label == "答":
        subject = next((f for f in people if party_of(f.key, "A") in ANSWERING_SIDES), None)
        return {"party": party_of(subject.key, "A") if subject else None,
                "speaker": person_of(subject.value) if subject else None}
    if party is None:  # a name: its side is the header key it stands under
        key = next((f.key for f in people if person_of(f.value) == label), None)
        return {"party": party_of(key, role) if key else None, "speaker": label}
    return {"party": party, "speaker": person_for_label(people, full_label(re.sub(r"[问答]$", "", label)))}


def _chunk_start(doctext: DocText, chunk: ChunkDraft) -> int:
    first = chunk.spans[0]
    return doctext.to_doc(first.page, first.start)


def _qa_chunks(doctext: DocText, layout: TurnLayout, q_line: int, end: int, qa_index: int,
               session: int, excluded: list[tuple[int, int]], people: list[HeaderField]) -> list[ChunkDraft]:
    lines = doctext.lines
    start = lines[q_line].start
    asker = layout.turns[q_line]
    answer = next((layout.turns[i] for i in range(q_line + 1, len(lines))
                   if lines[i].start < end and i in layout.turns and layout.turns[i].role == "A"), None)
    # Where the answer's label itself stands (past any indentation), so answer_start points at it.
    answer_at = None
    if answer is not None:
        line = lines[answer.line]
        answer_at = line.start + len(line.text) - len(line.text.lstrip())
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
            if answer_start is None:  # the answer line itself was excluded; cannot happen by pattern
                answer_start = 0
        chunk.meta = {"qa_index": qa_index, "question": question, "answer_start": answer_start,
                      "session": session, "asker": asker.label,
                      "answerer": answer.label if answer is not None else None,
                      "turns": _turn_meta(doctext, layout, chunk, q_line, end, people)}
        chunks.append(chunk)
    return mark_chain(chunks, f"qa@{start}", "qa_part")
