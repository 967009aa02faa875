"""Who speaks on which line of a transcript: question and answer turns, sessions, header zones.

Transcripts are written in several conventions, all common in Chinese police records:

- marker lines: ``问：…`` / ``答：…`` (full- or half-width colon), optionally with the role in front
  (``侦查员问：`` / ``犯罪嫌疑人答：``);
- speaker labels: ``民警：…`` / ``<person's name>：…`` — the two labels that alternate through the
  record are the asker and the answerer; which one asks is read from police role words or, failing
  that, from which side's lines read as questions.

A record may hold several sessions (第二次讯问, a 询问 continued another day), each opening with its
own title or header block (时间/地点 fields) and closing with its own statement (以上笔录我看过…).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

_SPACE = r"[ \t　]*"
_COLON = r"[：:]"
ASKER_ROLES = r"(?:侦查员|侦查人员|讯问人|询问人|讯问人员|询问人员|办案民警|办案人员?|民警|警官|审讯人|公安人员)"
ANSWER_ROLES = r"(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|当事人|被调查人)"
QUESTION_LINE = re.compile(rf"^{_SPACE}(?:{ASKER_ROLES}{_SPACE})?[问讯询]{_SPACE}{_COLON}")
ANSWER_LINE = re.compile(rf"^{_SPACE}(?:{ANSWER_ROLES}{_SPACE})?答{_SPACE}{_COLON}")
TITLE_LINE = re.compile(rf"^{_SPACE}(?:第.{{1,3}}次)?(?:讯{_SPACE}问|询{_SPACE}问|辨{_SPACE}认|搜{_SPACE}查|"
                        rf"勘{_SPACE}验|检{_SPACE}查){_SPACE}笔{_SPACE}录")
SESSION_NUMBER = re.compile(r"第([0-9一二三四五六七八九十]+)次")
CLOSING_LINE = re.compile(r"以上.{0,6}笔录.{0,10}(看过|读过|阅读|宣读|念给|核对)")
# Keys of the header block of a 讯问/询问笔录 form. Role words are keys too (侦查员：王某), which is
# why a speaker label is only taken for a turn outside a header zone.
HEADER_KEYS = (
    "时间", "地点", "讯问人", "询问人", "侦查员", "记录人", "翻译人", "见证人", "工作单位及职务",
    "工作单位", "单位", "职务", "职业", "被讯问人", "被询问人", "犯罪嫌疑人", "嫌疑人", "证人", "被害人",
    "报案人", "性别", "民族", "年龄", "出生日期", "出生年月", "文化程度", "政治面貌", "籍贯",
    "公民身份号码", "身份证号码", "身份证号", "身份证件号码", "证件号码", "证件种类", "联系电话",
    "联系方式", "手机号码", "手机号", "手机", "电话", "户籍所在地", "户籍地", "户籍地址", "现住址",
    "住址", "家庭住址", "居住地", "是否人大代表", "到案经过", "案由")
_KEYS = "|".join(sorted(HEADER_KEYS, key=len, reverse=True))
HEADER_KEY_LINE = re.compile(rf"^{_SPACE}(?:{_KEYS}){_SPACE}(?:{_COLON}|[ \t　]+\S)")
SESSION_START = re.compile(rf"^{_SPACE}时{_SPACE}间{_SPACE}(?:{_COLON})?{_SPACE}\d{{4}}")
_LABEL = re.compile(rf"^{_SPACE}([\u4e00-\u9fff]{{1,6}}){_SPACE}{_COLON}")
_FIELD = re.compile(rf"[\u4e00-\u9fff]{{2,8}}{_SPACE}{_COLON}")
_QUESTION_SIGNS = re.compile(r"[？?]|[吗呢么][。！!]?\s*$|什么|怎么|为什么|多少|哪|几|是否|有没有")
_MIN_EXCHANGES = 3


@dataclass(frozen=True)
class Turn:
    line: int  # index into the lines given
    role: str  # "Q" | "A"
    label: str  # 问 / 答 / 侦查员问 / 民警 / the answerer's name
    content_offset: int  # characters from the line start to what is said (after the colon)


@dataclass
class Session:
    number: int
    start: int  # first line of its header zone
    first_turn: int | None  # line of its first question turn (None: no turns)
    end: int  # one past its last line (before the next session)
    closing: int | None  # line of its closing statement, when it has one


@dataclass
class TurnLayout:
    turns: dict[int, Turn]
    sessions: list[Session]
    asker_label: str | None = None  # speaker-label style: the two labels that alternate
    answer_label: str | None = None

    @property
    def first_question(self) -> int | None:
        return min((i for i, t in self.turns.items() if t.role == "Q"), default=None)


def _marker_turns(lines: Sequence[str]) -> dict[int, Turn]:
    turns = {}
    for i, text in enumerate(lines):
        for role, pattern in (("Q", QUESTION_LINE), ("A", ANSWER_LINE)):
            match = pattern.match(text)
            if match:
                turns[i] = Turn(i, role, match.group(0).strip().rstrip("：:").strip(), match.end())
                break
    return turns


def _is_field_line(text: str) -> bool:
    """A header line: several ``key：`` fields (侦查员：王某 记录人：李某) or one known key."""
    return len(_FIELD.findall(text)) >= 2


def _label_turns(lines: Sequence[str]) -> tuple[dict[int, Turn], str | None, str | None]:
    """Turns of the two labels that alternate most (民警 / 江河)."""
    labelled = []
    for i, text in enumerate(lines):
        match = _LABEL.match(text)
        if match and not _is_field_line(text):
            labelled.append((i, match.group(1), match.end()))
    switches: Counter[frozenset[str]] = Counter()
    for (_, a, _), (_, b, _) in zip(labelled, labelled[1:]):
        if a != b:
            switches[frozenset((a, b))] += 1
    if not switches:
        return {}, None, None
    pair, count = switches.most_common(1)[0]
    if count < 2 * _MIN_EXCHANGES - 1 or len(pair) != 2:
        return {}, None, None
    a, b = sorted(pair)
    asker = _asker_of(a, b, [(lines[i][end:], label) for i, label, end in labelled if label in pair])
    answerer = b if asker == a else a
    turns = {i: Turn(i, "Q" if label == asker else "A", label, end)
             for i, label, end in labelled if label in pair}
    return turns, asker, answerer


def _asker_of(a: str, b: str, said: list[tuple[str, str]]) -> str:
    role = re.compile(rf"^{ASKER_ROLES}$")
    if bool(role.match(a)) != bool(role.match(b)):
        return a if role.match(a) else b
    asks = Counter(label for text, label in said if _QUESTION_SIGNS.search(text))
    lines = Counter(label for _, label in said)
    return max((a, b), key=lambda x: asks[x] / max(1, lines[x]))


def find_turns(lines: Sequence[str]) -> TurnLayout:
    """Turns and sessions of a transcript's lines (furniture already blanked by the caller)."""
    turns = _marker_turns(lines)
    asker = answerer = None
    if sum(1 for t in turns.values() if t.role == "Q") < _MIN_EXCHANGES:
        label_turns, asker, answerer = _label_turns(lines)
        if label_turns:
            turns = label_turns
    layout = TurnLayout(turns, [], asker, answerer)
    _drop_header_turns(layout, lines)
    layout.sessions = _sessions(layout, lines)
    return layout


def _starts_session(text: str) -> bool:
    return bool(TITLE_LINE.match(text) or SESSION_START.match(text))


def _drop_header_turns(layout: TurnLayout, lines: Sequence[str]) -> None:
    """A labelled line inside a header zone (侦查员：周涛) is a field, not a turn: from a session
    start, lines are header until the first question that reads as speech and is answered."""
    in_header = True
    for i, text in enumerate(lines):
        turn = layout.turns.get(i)
        if turn is None:
            in_header = in_header or _starts_session(text)
            continue
        if not in_header:
            continue
        speech = layout.asker_label is None or _reads_as_speech(text[turn.content_offset:])
        if turn.role == "Q" and speech and _answered(layout, lines, i):
            in_header = False
        else:
            del layout.turns[i]


def _reads_as_speech(text: str) -> bool:
    return bool(_QUESTION_SIGNS.search(text)) or len(text.strip()) >= 15


def _answered(layout: TurnLayout, lines: Sequence[str], i: int) -> bool:
    """The next turn after line i is an answer."""
    for j in range(i + 1, len(lines)):
        turn = layout.turns.get(j)
        if turn is not None:
            return turn.role == "A"
        if _starts_session(lines[j]):
            return False
    return False


def _sessions(layout: TurnLayout, lines: Sequence[str]) -> list[Session]:
    starts = [0]
    seen_turn = False
    for i, text in enumerate(lines):
        if i in layout.turns:
            seen_turn = True
        elif seen_turn and _starts_session(text):
            starts.append(i)
            seen_turn = False
    sessions = []
    for n, start in enumerate(starts, start=1):
        end = starts[n] if n < len(starts) else len(lines)
        questions = [i for i in range(start, end) if layout.turns.get(i, Turn(0, "", "", 0)).role == "Q"]
        first = questions[0] if questions else None
        closing = None
        if first is not None:
            closing = next((i for i in range(first, end) if CLOSING_LINE.search(lines[i])
                            and i not in layout.turns), None)
        sessions.append(Session(n, start, first, end, closing))
    # A title saying 第2次 numbers its session; otherwise sessions count in order.
    for session in sessions:
        for text in lines[session.start:session.first_turn or session.end][:3]:
            match = SESSION_NUMBER.search(text)
            if match:
                from engine.text.numbers import parse_number

                value = parse_number(match.group(1))
                if value is not None:
                    session.number = int(value)
                break
    return sessions
