"""The statements of a transcript: each 问/答 pair (or header block) with its session and speaker."""

from __future__ import annotations

import re
from typing import Iterable

from engine.ingest.chunkers.header import person_of
from engine.answer.casefile.facts.model import Anchor, Statement
from engine.text.dates import find_dates
from engine.text.names import looks_like_name
from engine.types import Chunk

# Header fields naming the person questioned (the "我" of every answer).
SUBJECT_FIELDS = re.compile(r"^(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|被调查人|当事人)(?:姓名)?$")
# Generic labels of the answering side: they name a role, not a person.
ROLE_LABEL = re.compile(r"^(?:答|被讯问人答|被询问人答|犯罪嫌疑人答|嫌疑人答|证人答|被害人答|"
                        r"被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|当事人|被调查人)$")
_LABEL_AT = re.compile(r"^[ \t　]*[^\s：:，。]{1,8}[ \t　]*[：:][ \t　]*")


# A header written as one running sentence: 被讯问人李某，男，1985年3月12日出生，身份证号码…
SUBJECT_IN_TEXT = re.compile(r"(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|被调查人)(?:姓名)?[：:\s]*"
                             r"(?P<name>[\u4e00-\u9fff·]{2,5}?)(?=[，,、（(\s]|男|女|$)")


def subject_of(fields: dict[str, str], text: str = "") -> str | None:
    for key, value in fields.items():
        if SUBJECT_FIELDS.match(key) and value.strip():
            return person_of(value)
    match = SUBJECT_IN_TEXT.search(text)
    return match.group("name") if match else None


# 时间：2024年… / 时间｜… / 询问时间2024年…(a running header, the date right after the key)
_RECORD_TIME = re.compile(r"(?:时间|日期)(?:[^\n]{0,3}?[:：｜|\s]|$)")


def record_dates(chunks: Iterable[Chunk]) -> dict[int, tuple[str, Anchor]]:
    """Each session's own date and where it is written: the 时间 line of its header, else the date
    under its closing signatures (被询问人：某某 2023年12月6日)."""
    found: dict[int, tuple[str, Anchor]] = {}
    closing: dict[int, tuple[str, Anchor]] = {}
    for chunk in chunks:
        if chunk.chunk_type not in ("header", "signature"):
            continue
        days = [f for f in find_dates(chunk.text) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(f.value))
                and "出生" not in chunk.text[max(0, f.start - 6):f.start]]
        if chunk.chunk_type == "header":
            timed = [f for f in days if _RECORD_TIME.search(chunk.text, max(0, f.start - 6), f.start)]
            if timed:
                found.setdefault(_session(chunk), (str(timed[0].value), Anchor(chunk.chunk_id, timed[0].start, timed[0].end)))
        elif days:
            closing[_session(chunk)] = (str(days[-1].value), Anchor(chunk.chunk_id, days[-1].start, days[-1].end))
    for session, dated in closing.items():
        found.setdefault(session, dated)
    return found


def read_statements(chunks: Iterable[Chunk]) -> tuple[list[Statement], dict[int, dict[str, str]]]:
    """Statements in document order and the header fields of each session."""
    statements: list[Statement] = []
    headers: dict[int, dict[str, str]] = {}
    subjects: dict[int, str | None] = {}
    for chunk in chunks:
        session = _session(chunk)
        if chunk.chunk_type == "header":
            # read again from the text, so that ledgers rebuilt by a newer extractor get newer parsing
            from engine.ingest.chunkers.transcript import parse_header_fields

            fields = parse_header_fields(chunk.text.split("\n")) or dict(chunk.meta.get("fields") or {})
            headers[session] = fields
            subjects[session] = subject_of(fields, chunk.text)
            statements.append(Statement(chunk.chunk_id, chunk.doc_id, session, len(statements), "",
                                        chunk.text, 0, subjects[session], chunk.page_start, "header"))
            continue
        if chunk.chunk_type not in ("qa", "qa_part"):
            continue
        start = chunk.meta.get("answer_start")
        if not isinstance(start, int):
            continue  # a piece holding only the question
        turns = chunk.meta.get("turns")
        if isinstance(turns, list) and any(t.get("role") == "A" for t in turns):
            fallback = subjects.get(session) or subjects.get(1) or next((s for s in subjects.values() if s), None)
            statements.extend(_turn_statements(chunk, session, turns, fallback, len(statements)))
            continue
        label = _LABEL_AT.match(chunk.text[start:])
        offset = start + (label.end() if label else 0)
        answerer = chunk.meta.get("answerer")
        speaker = None
        if isinstance(answerer, str) and answerer and not ROLE_LABEL.match(answerer):
            speaker = answerer  # speaker-label records name the person on every line
        if speaker is None:
            speaker = subjects.get(session) or subjects.get(1) or next(
                (s for s in subjects.values() if s), None)
        question = str(chunk.meta.get("question") or "")
        q_label = _LABEL_AT.match(question)
        question = question[q_label.end():] if q_label else question
        span = None
        if start > 0:  # the question stands in this chunk, before its answer
            own = _LABEL_AT.match(chunk.text)
            span = (own.end() if own else 0, start)
        statements.append(Statement(chunk.chunk_id, chunk.doc_id, session, len(statements),
                                    question.replace("\n", ""), chunk.text[offset:], offset, speaker,
                                    chunk.page_start, question_span=span,
                                    asked=chunk.text[span[0]:span[1]] if span else ""))
    return statements, headers


def _turn_statements(chunk: Chunk, session: int, turns: list[dict], fallback: str | None,
                     first_index: int) -> list[Statement]:
    """One statement per speaker's answer in a piece (the chunker's ``turns``): a hearing's 原告 and
    被告 answering one question are two statements, each with its speaker and side; consecutive
    answers of one speaker stay one."""
    question = str(chunk.meta.get("question") or "")
    q_label = _LABEL_AT.match(question)
    asker = next((t for t in turns if t.get("role") == "Q" and t.get("at", 0) == 0), None)
    if q_label is None and asker is not None:  # 审判长 请原告陈述…: a label set off by a space
        q_label_end = asker["content"] - asker["at"]
        question = question[q_label_end:] if 0 < q_label_end <= len(question) else question
    question = (question[q_label.end():] if q_label else question).replace("\n", "")
    first_answer = next(t["at"] for t in turns if t.get("role") == "A")
    span = (asker["content"], first_answer) if asker is not None and first_answer > 0 else None
    out: list[Statement] = []
    for n, turn in enumerate(turns):
        if turn.get("role") != "A":
            continue
        end = turns[n + 1]["at"] if n + 1 < len(turns) else len(chunk.text)
        party = turn.get("party")
        label = str(turn.get("label") or "")
        speaker = turn.get("speaker") or _named_after_side(label, party) or fallback
        previous = out[-1] if out and n > 0 and turns[n - 1].get("role") == "A" else None
        if previous is not None and previous.speaker == speaker and previous.party == party:
            previous.answer = chunk.text[previous.answer_offset:end]
            continue
        out.append(Statement(chunk.chunk_id, chunk.doc_id, session, first_index + len(out), question,
                             chunk.text[turn["content"]:end], turn["content"], speaker, chunk.page_start,
                             question_span=span, party=party,
                             asked=chunk.text[span[0]:span[1]] if span else ""))
    return out


def _named_after_side(label: str, party: str | None) -> str | None:
    """被告苗雨欣 / 原告邢家豪: a side's label followed by the name of the one speaking for it (two
    people of one side answer in turn: each is a statement of their own)."""
    if not party or not label.startswith(party):
        return None
    name = re.sub(r"^[一二三四五六七八九十\d]", "", label[len(party):])  # 被告一苗某
    return name if looks_like_name(name) else None


def _session(chunk: Chunk) -> int:
    try:
        return int(chunk.meta.get("session") or 1)
    except (TypeError, ValueError):
        return 1
