"""Who speaks on which line of a record: question and answer turns, speakers, sessions, header zones.

Records are written in several conventions, all common in Chinese police and court records:

- marker lines: ``问：…`` / ``答：…`` with a full- or half-width colon, an ideographic space, a
  plain space or nothing after the marker (``问　你叫什么名字？``, ``答我叫…``), optionally with the
  role in front (``侦查员问：`` / ``犯罪嫌疑人答：``);
- speaker labels: ``民警：…`` / ``<person's name>：…`` — the labels that alternate through the
  record; in a hearing record (庭审笔录) several: ``审判长：`` / ``原告委托诉讼代理人：`` / ``被告：``.
  The asking side is read from the roles that ask (审判长, 审判员, 侦查员, 民警, 讯问人 …) or,
  failing that, from which side's lines read as questions; every other label answers.

Each turn knows its speaker's party (``party_of``: 原告, 被告, 法庭, 被讯问人 …), so a figure two
parties state differently can be told apart.

A record may hold several sessions (第二次讯问, a 询问 continued another day, a 补充讯问 section), each
opening with its own title or header block (时间/地点 fields) and closing with its own statement
(以上笔录我看过…).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from engine.ingest.chunkers.header import HEADER_KEYS

_SPACE = r"[ \t　]*"
_COLON = r"[：:]"
ASKER_ROLES = r"(?:侦查员|侦查人员|讯问人|询问人|讯问人员|询问人员|调查人员|办案民警|办案人员?|民警|警官|审讯人|公安人员)"
ANSWER_ROLES = r"(?:被讯问人|被询问人|犯罪嫌疑人|嫌疑人|证人|被害人|报案人|当事人|被调查人)"
# The bench of a hearing asks; 公诉人 and 辩护人 question witnesses too, but answer the bench.
COURT_ROLES = r"(?:审判长|审判员|人民陪审员|陪审员|法官|首席仲裁员|仲裁员)"  # an arbitration hearing's bench asks too
_PARTY = r"(?:原审原告|原审被告|原告|被告人|被告|第三人|被上诉人|上诉人|被申请人|申请人)"
_AGENT = r"(?:委托诉讼代理人|诉讼代理人|委托代理人|代理人|法定代表人|法定代理人|辩护人)"
# A speaker label that names a role of a hearing (原告委托诉讼代理人, 被告, 公诉人 …).
# Labels a hearing record shortens (审：/原代：/被：): the role each stands for.
SHORT_LABELS = {"审": "审判长", "原": "原告", "被": "被告", "原代": "原告委托诉讼代理人", "被代": "被告委托诉讼代理人",
                "原告代": "原告委托诉讼代理人", "被告代": "被告委托诉讼代理人"}
HEARING_ROLE = re.compile(rf"^(?:{COURT_ROLES}|{_PARTY}(?:的)?{_AGENT}?|{_AGENT}|书记员|公诉人|检察员|证人|被害人|鉴定人)$")
# 问/答 markers: the separator after them is a colon, an ideographic or plain space, or nothing.
_MARK_Q = rf"(?:{ASKER_ROLES}{_SPACE})?[问讯询]"
_MARK_A = rf"(?:{ANSWER_ROLES}{_SPACE})?答"
QUESTION_LINE = re.compile(rf"^{_SPACE}{_MARK_Q}{_SPACE}{_COLON}")
ANSWER_LINE = re.compile(rf"^{_SPACE}{_MARK_A}{_SPACE}{_COLON}")
_SPACED_Q = re.compile(rf"^{_SPACE}(?:{ASKER_ROLES}{_SPACE})?问[ \t　]+(?=\S)")
_SPACED_A = re.compile(rf"^{_SPACE}{_MARK_A}[ \t　]+(?=\S)")
# With nothing after the marker, words that begin with 问/答 are not turns (答应, 问题 …).
_BARE_Q = re.compile(rf"^{_SPACE}问(?![题候世责询话过了道清好号卷答路罪])(?=[\u4e00-\u9fff“\"「（(0-9])")
_BARE_A = re.compile(rf"^{_SPACE}答(?![应复辩谢卷案题道话疑])(?=[\u4e00-\u9fff“\"「（(0-9])")
_TITLE_WORDS = (rf"(?:补{_SPACE}充{_SPACE})?(?:讯{_SPACE}问|询{_SPACE}问|辨{_SPACE}认|搜{_SPACE}查|勘{_SPACE}验|"
                rf"检{_SPACE}查|庭{_SPACE}审|开{_SPACE}庭|法{_SPACE}庭|调{_SPACE}查|谈{_SPACE}话)")
TITLE_LINE = re.compile(rf"^{_SPACE}(?:第.{{1,3}}次)?{_TITLE_WORDS}{_SPACE}笔{_SPACE}录")
# A supplementary section inside a record: 补充讯问：/（补充询问）/ 【补充讯问笔录】 on a line of its own.
SUPPLEMENT_LINE = re.compile(rf"^{_SPACE}[（(【\[]?{_SPACE}补{_SPACE}充{_SPACE}(?:讯{_SPACE}问|询{_SPACE}问|"
                             rf"调{_SPACE}查)(?:{_SPACE}笔{_SPACE}录)?{_SPACE}[）)】\]]?{_SPACE}{_COLON}?{_SPACE}$")
SESSION_NUMBER = re.compile(r"第([0-9一二三四五六七八九十]+)次")
CLOSING_LINE = re.compile(r"以上.{0,6}笔录.{0,10}(看过|读过|阅读|宣读|念给|核对)")
_KEYS = "|".join(sorted(HEADER_KEYS, key=len, reverse=True))
HEADER_KEY_LINE = re.compile(rf"^{_SPACE}(?:{_KEYS}){_SPACE}(?:{_COLON}|[｜|]|[ \t　]+\S)")
SESSION_START = re.compile(rf"^{_SPACE}(?:(?:讯问|询问|开庭)?{_SPACE}时{_SPACE}间){_SPACE}(?:{_COLON}|[｜|])?{_SPACE}\d{{4}}")
# (up to 14: a side's agent named after the role — 被告委托诉讼代理人温启明：)
_LABEL = re.compile(rf"^{_SPACE}([\u4e00-\u9fff]{{1,14}}){_SPACE}{_COLON}")
# A speaker label set off by a space, no colon (审判长 开庭。/ 原告代理人曹荣光 诉讼请求…)
_SPACED_LABEL = re.compile(r"^[ \t　]*([\u4e00-\u9fff]{1,10})[ \t　]+(?=[^\s：:｜|])")
# A header field's key stands at the line start or after a gap (审判长：王某　书记员：李某); a colon
# inside what a speaker says (诉讼请求：…, 分两次送货：第一批…) follows words, not a gap.
_KEY = re.compile(rf"[\u4e00-\u9fff]{{2,8}}{_SPACE}{_COLON}")
_FIELD = re.compile(rf"(?:^|(?<=[ \t　｜|])){_KEY.pattern}")
# a header key right after the full stop ending the field before it (…聂文清。书记员：褚晓燕。原告：…)
_FIELD_AFTER_STOP = re.compile(rf"(?<=[。；;])(?:{_KEYS}){_SPACE}{_COLON}")
_QUESTION_SIGNS = re.compile(r"[？?]|[吗呢么][。！!]?\s*$|什么|怎么|为什么|多少|哪|几|是否|有没有")
_MIN_EXCHANGES = 3
_SENTENCE_END = "。？！?!…」”\"）)"
# 签名：某甲 某乙 at each page foot is a signature, however often it recurs between turns.
_SIGNING = re.compile(r"签名|签字|签章|捺印|盖章|指印")


@dataclass(frozen=True)
class Turn:
    line: int  # index into the lines given
    role: str  # "Q" | "A"
    label: str  # 问 / 答 / 侦查员问 / 民警 / 审判长 / the speaker's name
    content_offset: int  # characters from the line start to what is said (after the label)


@dataclass
class Session:
    number: int
    start: int  # first line of its header zone
    first_turn: int | None  # line of its first question turn (None: no turns)
    end: int  # one past its last line (before the next session)
    closing: int | None  # line of its closing statement, when it has one
    supplement: bool = False  # a 补充讯问/补充询问 section


@dataclass
class TurnLayout:
    turns: dict[int, Turn]
    sessions: list[Session]
    asker_label: str | None = None  # speaker-label style: the asking label (the first of them)
    answer_label: str | None = None  # … and the answering label that alternates with it most
    askers: frozenset[str] = frozenset()  # every label that asks (审判长 and 审判员 both do)

    @property
    def first_question(self) -> int | None:
        return min((i for i, t in self.turns.items() if t.role == "Q"), default=None)


# The sides of a hearing a speaker may speak for (party_of), each with its own account of the facts.
HEARING_SIDES = frozenset({"原告", "被告", "第三人", "上诉人", "被上诉人", "申请人", "被申请人", "公诉人", "辩护人"})
# The sides that answer in an interrogation or inquiry (the person the header names under them).
ANSWERING_SIDES = frozenset(("被讯问人", "被询问人", "犯罪嫌疑人", "证人", "被害人", "报案人", "当事人", "被调查人"))


def full_label(label: str) -> str:
    """The role a shortened hearing label stands for (审 → 审判长, 原代 → 原告委托诉讼代理人); any
    other label as it is."""
    return SHORT_LABELS.get(label, label)


def party_of(label: str, role: str) -> str | None:
    """The side a speaker label speaks for: 法庭, 原告, 被告, 第三人 …, 书记员, 公诉人, the asking
    side of an interrogation (讯问人) or the answering one (被讯问人, 证人 …); None for a name or a
    bare 问/答 marker (the header says who that is)."""
    text = full_label(re.sub(r"[问答]$", "", label))
    if re.fullmatch(COURT_ROLES, text):
        return "法庭"
    party = re.match(_PARTY, text)
    if party:
        return {"原审原告": "原告", "原审被告": "被告", "被告人": "被告"}.get(party.group(0), party.group(0))
    if text in ("书记员", "公诉人", "检察员", "辩护人", "鉴定人"):
        return "公诉人" if text == "检察员" else text
    if re.fullmatch(ASKER_ROLES, text):
        return "讯问人"
    answer = re.fullmatch(ANSWER_ROLES, text)
    if answer:
        return {"嫌疑人": "犯罪嫌疑人"}.get(text, text)
    return None


def _marker_turns(lines: Sequence[str]) -> dict[int, Turn]:
    """问/答 turns. A colon after the marker always counts; a space or nothing only in a record
    written that way throughout (enough such 问 lines and 答 lines), so a wrapped line that
    happens to begin with 问 or 答 is not taken for a turn in a record that uses colons."""
    styles = ((QUESTION_LINE, ANSWER_LINE), (_SPACED_Q, _SPACED_A), (_BARE_Q, _BARE_A))
    found: list[dict[int, Turn]] = []
    for q_pattern, a_pattern in styles:
        turns = {}
        for i, text in enumerate(lines):
            for role, pattern in (("Q", q_pattern), ("A", a_pattern)):
                match = pattern.match(text)
                if match:
                    label = re.sub(r"[\s：:]", "", match.group(0))
                    turns[i] = Turn(i, role, label, match.end())
                    break
        found.append(turns)
    turns = dict(found[0])

    def enough(candidate: dict[int, Turn]) -> bool:
        roles = Counter(t.role for t in candidate.values())
        return roles["Q"] >= _MIN_EXCHANGES and roles["A"] >= _MIN_EXCHANGES

    bare = found[-1]
    for extra in found[1:-1] + ([] if turns or found[1] and enough(found[1]) else [bare]):
        if enough(extra) and sum(1 for t in extra.values() if t.role == "Q") > \
                sum(1 for t in turns.values() if t.role == "Q"):
            for i, turn in extra.items():
                turns.setdefault(i, turn)
    if turns:
        # A record written with a separator whose scanned page lost it in OCR (问　… → 问一共卖出去…):
        # the bare markers of that page are turns too — only where a turn can begin, after a line that
        # ended a sentence or after a page's furniture, never a wrapped line that happens to start 问/答;
        # and, where the record has few of them (one scanned page), a 问 that asks something and a 答
        # right after a question.
        many = enough(bare)
        for i, turn in sorted(bare.items()):
            before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            # (a page's signature line — 被询问人签名：某某 — closes the page before it)
            if i in turns or not (not before or before[-1] in _SENTENCE_END
                                  or _SIGNING.search(before) and len(before) <= 20):
                continue
            last = max((j for j in turns if j < i), default=None)
            asks = turn.role == "Q" and bool(_QUESTION_SIGNS.search(lines[i][turn.content_offset:]))
            answers = turn.role == "A" and last is not None and turns[last].role == "Q"
            if many or asks or answers:
                turns[i] = turn
    return turns


def _is_field_line(text: str) -> bool:
    """A header line: several ``key：`` fields (侦查员：王某 记录人：李某; a header run as one paragraph and
    wrapped: 审判员：聂某。书记员：褚某。原告：韩某，…) — unless the line is a speaker's turn opening with a
    heading (原告委托诉讼代理人：诉讼请求：一、…)."""
    fields = len(_FIELD.findall(text)) + len(_FIELD_AFTER_STOP.findall(text))
    return fields >= 2 and not _opens_with_heading(text)


def _opens_with_heading(text: str) -> bool:
    """A hearing role's label followed at once by a heading of what it says (诉讼请求：, 事实和理由：,
    答辩意见：): the second ``key：`` starts the speech, it is not a second field of a header."""
    label = _LABEL.match(text)
    if label is None or not HEARING_ROLE.match(label.group(1)):
        return False
    heading = _KEY.match(text, label.end() + len(text[label.end():]) - len(text[label.end():].lstrip(" \t　")))
    return heading is not None and not re.search(r"[\s，,。；;]", text[label.end():heading.start()])


def _label_turns(lines: Sequence[str], label_pattern: re.Pattern[str] = _LABEL,
                 ) -> tuple[dict[int, Turn], frozenset[str], str | None]:
    """Turns of the speaker labels (民警 / 江河; 审判长 / 原告委托诉讼代理人 / 被告): the two labels
    that alternate most, and every other label that recurs and either names a hearing role or
    takes turns with one of them. Returns the turns, the asking labels and the main answerer."""
    labelled = []
    for i, text in enumerate(lines):
        match = label_pattern.match(text)
        if match and not _is_field_line(text) and not _SIGNING.search(match.group(1)):
            labelled.append((i, match.group(1), match.end()))
    switches: Counter[frozenset[str]] = Counter()
    for (_, a, _), (_, b, _) in zip(labelled, labelled[1:]):
        if a != b:
            switches[frozenset((a, b))] += 1
    if not switches:
        return {}, frozenset(), None
    pair, count = switches.most_common(1)[0]
    # a hearing's bench and two sides take turns three ways (审/原/被): their switches count together
    among_roles = sum(c for p, c in switches.items() if all(HEARING_ROLE.match(full_label(x)) for x in p))
    if max(count, among_roles) < 2 * _MIN_EXCHANGES - 1 or len(pair) != 2:
        return {}, frozenset(), None
    speakers = set(pair)
    uses = Counter(label for _, label, _ in labelled)
    for label, n in uses.items():
        if label in speakers:
            continue
        # a role of the hearing may speak once (审判员：…有无异议？); anyone else has to take turns
        turns_with = sum(c for p, c in switches.items() if label in p and p & speakers)
        if HEARING_ROLE.match(full_label(label)) and turns_with >= 1 or n >= 2 and turns_with >= _MIN_EXCHANGES:
            speakers.add(label)
    said = [(lines[i][end:], label) for i, label, end in labelled if label in speakers]
    askers = _askers_of(speakers, pair, said)
    a, b = sorted(pair)
    answerer = b if a in askers else a
    turns = {i: Turn(i, "Q" if label in askers else "A", label, end)
             for i, label, end in labelled if label in speakers}
    return turns, askers, answerer


def _glued_turns(turns: dict[int, Turn], lines: Sequence[str]) -> None:
    """In a record whose labels are set off by a space, a line opening with one of its speakers'
    labels and no space (审判长现在进入法庭调查, the space lost in the layer or OCR) is that speaker's
    turn too; the role is the one that label has elsewhere."""
    role_of = {t.label: t.role for t in turns.values()}
    labels = sorted(role_of, key=len, reverse=True)
    previous = ""
    for i, text in enumerate(lines):
        before, previous = previous, (text.strip() or previous)
        if i in turns:
            continue
        stripped = text.lstrip(" \t　")
        label = next((lb for lb in labels if (len(lb) >= 2 or _glued_short(lb, stripped, before))
                      and stripped.startswith(lb)), None)
        if label is None:
            continue
        rest = stripped[len(label):]
        if re.match(r"[\u4e00-\u9fff“\"「]", rest) or re.match(r"[.．、，,]\s*[\u4e00-\u9fff]", rest):
            offset = len(text) - len(rest)
            if rest[0] in ".．、，,":
                offset += 1
            turns[i] = Turn(i, role_of[label], label, offset)


def _glued_short(label: str, text: str, before: str) -> bool:
    """A one-character hearing label glued to what is said (审被告答辩。/ 原被告2021年…): only after a
    line that ended a sentence, and not where it begins 原告/被告 (a wrapped line: 被告承担。)."""
    return label in SHORT_LABELS and text.startswith(label) and text[len(label):len(label) + 1] not in ("告", "代", "") \
        and before[-1:] in ("。", "！", "？", "?", "!")


def _askers_of(speakers: set[str], pair: frozenset[str], said: list[tuple[str, str]]) -> frozenset[str]:
    """The labels that ask: those naming the bench or an interrogating officer; else the one of
    the main pair whose lines read as questions most often."""
    by_role = frozenset(s for s in speakers if re.fullmatch(COURT_ROLES, full_label(s)) or re.fullmatch(ASKER_ROLES, s))
    if by_role:
        return by_role
    asks = Counter(label for text, label in said if _QUESTION_SIGNS.search(text))
    lines = Counter(label for _, label in said)
    return frozenset({max(sorted(pair), key=lambda x: asks[x] / max(1, lines[x]))})


def find_turns(lines: Sequence[str]) -> TurnLayout:
    """Turns and sessions of a record's lines (furniture already blanked by the caller)."""
    turns = _marker_turns(lines)
    askers: frozenset[str] = frozenset()
    answerer = None
    if sum(1 for t in turns.values() if t.role == "Q") < _MIN_EXCHANGES:
        label_turns, askers, answerer = _label_turns(lines)
        if not label_turns:  # 审判长 开庭。/ 孔萍 你前后作案几次？: labels set off by a space
            label_turns, askers, answerer = _label_turns(lines, _SPACED_LABEL)
            if label_turns:
                _glued_turns(label_turns, lines)
        if label_turns:
            turns = dict(sorted(label_turns.items()))
    asker = min(askers, key=lambda a: min(i for i, t in turns.items() if t.label == a)) if askers else None
    layout = TurnLayout(turns, [], asker, answerer, askers)
    _drop_header_turns(layout, lines)
    layout.sessions = _sessions(layout, lines)
    return layout


def _starts_session(text: str) -> bool:
    return bool(TITLE_LINE.match(text) or SESSION_START.match(text) or SUPPLEMENT_LINE.match(text))


def _drop_header_turns(layout: TurnLayout, lines: Sequence[str]) -> None:
    """A labelled line inside a header zone (侦查员：周涛, 原告：某公司) is a field, not a turn: from a
    session start, lines are header until the first question that reads as speech and is answered."""
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
    """A question, a long line, or a sentence closed by its stop (现在开庭。): a header field's value
    (审判员：卜某) is a name, not a sentence."""
    text = text.strip()
    return bool(_QUESTION_SIGNS.search(text)) or len(text) >= 15 or len(text) >= 3 and text[-1] in "。！!"


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
        supplement = any(SUPPLEMENT_LINE.match(t) or re.match(rf"{_SPACE}[（(【\[]?{_SPACE}补{_SPACE}充", t)
                         for t in lines[start:first or end][:3] if t.strip())
        sessions.append(Session(n, start, first, end, closing, supplement))
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
