"""The statements of a transcript: each 问/答 pair (or header block) with its session and speaker."""

from __future__ import annotations

import re
from typing import Iterable

from engine.ledger.lexicon import PARTY_ROLES
from engine.ledger.model import Statement
from engine.types import Chunk

# Header fields naming the person questioned (the "我" of every answer).
SUBJECT_FIELDS = re.compile(r"^(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|被调查人|当事人)(?:姓名)?$")
# Generic labels of the answering side: they name a role, not a person.
ROLE_LABEL = re.compile(r"^(?:答|被讯问人答|被询问人答|犯罪嫌疑人答|嫌疑人答|证人答|被害人答|"
                        r"被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|当事人|被调查人)$")
QUESTION_MARK = re.compile(r"^(?:.{0,8})?[问讯询]$")  # 问 / 侦查员问: a marker record, not speaker labels
_LABEL_AT = re.compile(r"^[ \t　]*[^\s：:，。]{1,8}[ \t　]*[：:][ \t　]*")
_NAME_END = re.compile(r"[\s，,（(、；;]")


def person_of(value: str) -> str | None:
    """The name at the start of a header value ("某甲 男 1988年…", "某乙（女）")."""
    name = _NAME_END.split(value.strip(), 1)[0]
    return name or None


# A header written as one running sentence: 被讯问人李某，男，1985年3月12日出生，身份证号码…
SUBJECT_IN_TEXT = re.compile(r"(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|被调查人)(?:姓名)?[：:\s]*"
                             r"(?P<name>[\u4e00-\u9fff·]{2,5}?)(?=[，,、（(\s]|男|女|$)")


def subject_of(fields: dict[str, str], text: str = "") -> str | None:
    for key, value in fields.items():
        if SUBJECT_FIELDS.match(key) and value.strip():
            return person_of(value)
    match = SUBJECT_IN_TEXT.search(text)
    return match.group("name") if match else None


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
        turns = party_turns(chunk)
        if turns:  # a hearing: each party's turn is a statement in its own words
            main = chunk.meta.get("answerer")
            for speaker, asked, said in turns:
                question = chunk.text[asked[0]:asked[1]].replace("\n", "") if asked else ""
                # another party's turn is kind "party": said, but its money is not yet read as rows
                # (claims, unit prices and contract sums are not payments)
                statements.append(Statement(chunk.chunk_id, chunk.doc_id, session, len(statements), question,
                                            chunk.text[said[0]:said[1]], said[0], speaker, chunk.page_start,
                                            "qa" if speaker == main else "party", question_span=asked))
            continue
        start = chunk.meta.get("answer_start")
        if not isinstance(start, int):
            continue  # a piece holding only the question
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
                                    chunk.page_start, question_span=span))
    return statements, headers


_TURN_LABEL = re.compile(r"^[ \t　]*([^\s：:，。、；;（）()]{1,12})[ \t　]*[：:]", re.M)


def _party_label(label: str) -> bool:
    return label.startswith(PARTY_ROLES) or label.endswith(("代理人", "辩护人"))


def party_turns(chunk: Chunk) -> list[tuple[str, tuple[int, int] | None, tuple[int, int]]]:
    """A hearing's exchange (审判长 asks; 原告委托诉讼代理人 and 被告 each answer, or rebut): every
    turn of a party other than the asker, as (speaker, the asker's words it answers, its words) in
    chunk offsets. Empty when the chunk holds no turn of a third party (the ordinary 问/答 path):
    the turn parser pairs the asker with one answerer, so another party's words would otherwise
    stand inside the question or the answer."""
    asker, answerer = chunk.meta.get("asker"), chunk.meta.get("answerer")
    if not isinstance(asker, str) or not asker or QUESTION_MARK.match(asker):
        return []
    text = chunk.text
    labels = [(m.start(), m.end(), m.group(1)) for m in _TURN_LABEL.finditer(text)
              if m.group(1) in (asker, answerer) or _party_label(m.group(1))]
    if not any(label not in (asker, answerer) for _, _, label in labels):
        return []
    # a piece that opens mid-turn (a long exchange cut in two) continues its answerer's words
    bounds = ([(0, 0, answerer if chunk.meta.get("answer_start") == 0 else asker)] if not labels or labels[0][0] > 0
              else []) + labels
    turns = []
    for n, (start, content, label) in enumerate(bounds):
        end = bounds[n + 1][0] if n + 1 < len(bounds) else len(text)
        if turns and turns[-1][0] == label:  # the same party goes on (被告：… 被告：…)
            turns[-1] = (label, turns[-1][1], end)
        else:
            turns.append((label, content, end))
    found, asked = [], None
    for label, start, end in turns:
        if not text[start:end].strip():
            continue
        if label == asker:
            asked = (start, end)
        elif isinstance(label, str):
            found.append((label, asked, (start, end)))
    return found


def _session(chunk: Chunk) -> int:
    try:
        return int(chunk.meta.get("session") or 1)
    except (TypeError, ValueError):
        return 1
