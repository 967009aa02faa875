"""The header of a record (讯问/询问笔录, 庭审笔录): its fields, each with where its value stands.

Headers come in every layout, and one reader takes them all:

- ``key：value`` lines, one field or several to a line, separated by spaces or by nothing at all
  (OCR drops the spaces: ``询问人：韦某苗某工作单位：某局记录人：苗某``);
- forms typed without colons (``侦查员 韩某、许某 记录人 许某``);
- a ｜ table, fields in cells (``侦查员｜韦某、蒙某｜工作单位｜某大队``);
- particulars as one running sentence (``被讯问人李某，男，…，身份证号…，联系电话…``), also inside
  another field's value (``被告：彭某，男，…，身份证号码…``: those particulars are the 被告's);
- values and keys a PDF wraps anywhere (``…经\\n济侦查大队``, ``身份证\\n号码：…``, ``工作单位\\n及职务``).

``read_fields`` gives every field with the span of its value in the text it was given, so an
answer quotes exactly the value's characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PARTIES = ("原告", "被告", "第三人", "上诉人", "被上诉人", "申请人", "被申请人", "原审原告", "原审被告")
_AGENTS = ("委托诉讼代理人", "诉讼代理人", "委托代理人", "代理人", "法定代表人", "法定代理人", "负责人")
# Keys of the header of a 讯问/询问笔录 or a hearing record. Role words are keys too (侦查员：王某),
# which is why a speaker label is only taken for a turn outside a header zone.
RECORD_KEYS = (
    "时间", "地点", "讯问时间", "询问时间", "讯问地点", "询问地点", "开庭时间", "开庭地点", "起止时间",
    "讯问人", "询问人", "侦查员", "侦查人员", "调查人员", "调查人", "办案人员", "办案民警", "办案人",
    "记录人", "记录员", "翻译人", "见证人", "在场人", "案由", "案号", "审判长", "审判员", "人民陪审员",
    "陪审员", "书记员", "法官助理", "公诉人", "检察员", "辩护人", *_PARTIES, *_AGENTS,
    *(party + agent for party in _PARTIES for agent in _AGENTS))
PERSON_KEYS = (
    "被讯问人", "被询问人", "犯罪嫌疑人", "嫌疑人", "证人", "被害人", "报案人", "被调查人", "当事人",
    "姓名", "曾用名", "性别", "民族", "年龄", "出生日期", "出生年月", "出生地", "文化程度", "政治面貌",
    "籍贯", "国籍", "公民身份号码", "身份证号码", "身份证号", "身份证件号码", "证件号码", "证件种类",
    "证件类型", "联系电话", "联系方式", "手机号码", "手机号", "手机", "电话", "户籍所在地", "户籍地",
    "户籍地址", "现住址", "现住", "住址", "家庭住址", "居住地", "住所地", "工作单位及职务", "工作单位",
    "单位", "职务", "职业", "是否人大代表", "到案经过", "车牌号码", "车牌号", "驾驶证号")
HEADER_KEYS = tuple(dict.fromkeys(RECORD_KEYS + PERSON_KEYS))
# Keys a running sentence writes without a colon (被讯问人李某，… 身份证号码3301…，现住某市…): the
# person's own particulars, never a word that also opens ordinary clauses.
RUNNING_KEYS = ("被讯问人", "被询问人", "犯罪嫌疑人", "被害人", "报案人", "被调查人", "证人", "出生日期",
                "文化程度", "公民身份号码", "身份证号码", "身份证号", "证件号码", "联系电话", "手机号码",
                "手机号", "手机", "户籍所在地", "户籍地", "现住址", "现住", "家庭住址", "住址", "住所地",
                "工作单位及职务", "工作单位", "职务", "车牌号码", "车牌号")
# The record's own keys a running header writes without a colon (询问时间2024年4月9日…，询问地点某局询问室，
# 询问人甲、乙，记录人乙。 / 时间2024年4月11日…，地点…): the session's time, place and officers, never a
# person's particulars.
RUNNING_RECORD_KEYS = ("讯问时间", "询问时间", "开庭时间", "讯问地点", "询问地点", "开庭地点", "时间", "地点",
                       "讯问人", "询问人", "记录人",
                       # a 补充 section's title run into its first key (补充讯问\n时间2024年…)
                       "补充讯问时间", "补充询问时间", "补充讯问地点", "补充询问地点")
# A party or a person whose particulars follow in the same sentence (被告：彭某，男，身份证号码…).
OWNER_KEYS = frozenset(("被讯问人", "被询问人", "犯罪嫌疑人", "嫌疑人", "证人", "被害人", "报案人",
                        "被调查人", "当事人", *_PARTIES))


def _alternation(keys) -> str:
    return "|".join(re.escape(k) for k in sorted(set(keys), key=len, reverse=True))


_SP = r"[ \t\u3000]"
_KNOWN = _alternation(HEADER_KEYS)
# 丨: a scan's reading of ｜
_TABLE_BAR = re.compile(r"[｜|丨]")
# key：value — a known key anywhere (glued to the value before it, as OCR leaves it), any short
# CJK key at a line start or after a gap; a key may carry a note (侦查员（签名）).
_NOTE = r"(?:[（(][^）)\n]{0,8}[）)])?"
_COLON_KEY = re.compile(rf"(?P<key>{_KNOWN}){_NOTE}{_SP}*[：:]"
                        rf"|(?:^|(?<=[ \t\u3000，,；;]))(?P<generic>[\u4e00-\u9fff](?:{_SP}{{0,4}}[\u4e00-\u9fff]){{1,9}}){_NOTE}{_SP}*[：:]",
                        re.M)
_SPACED_KEY = re.compile(rf"(?:^|(?<=[ \t\u3000]))(?P<key>{_KNOWN}){_SP}+(?=\S)", re.M)
_RUNNING_KEY = re.compile(rf"(?:^|(?<=[，,。；;]))(?P<key>{_alternation(RUNNING_KEYS + RUNNING_RECORD_KEYS)}){_SP}*"
                          r"(?=[^\s，,。；;：:、])", re.M)
# A line opening with a record key and its value, no colon between (时间2024年4月11日…, 地点某局…)
_RECORD_LINE = r"(?:讯问|询问|开庭)?时间(?=[\d〇零一二])|(?:讯问|询问|开庭)?地点(?=[\u4e00-\u9fff])"
_LINE_KEY = re.compile(rf"^{_SP}*(?:(?:{_KNOWN}){_SP}*(?:[：:｜|丨]|{_SP}\S)|(?:{_alternation(RUNNING_KEYS)})(?=[^\s，,。；;：:])"
                       rf"|{_RECORD_LINE}"
                       rf"|[\u4e00-\u9fff](?:{_SP}{{0,4}}[\u4e00-\u9fff]){{1,9}}{_NOTE}{_SP}*[：:｜|丨])")
_TITLE = re.compile(rf"^{_SP}*(?:第.{{1,3}}次)?[\u4e00-\u9fff{_SP[1:-1]}（）()第次一二三四五六七八九十0-9]{{0,12}}笔{_SP}*录")
_VALUE_END = re.compile(r"[，,。；;]")
_TRIM = " \t\u3000，,；;。、"


@dataclass(frozen=True)
class HeaderField:
    key: str  # as written, spaces and notes taken out (时间, 工作单位及职务)
    value: str  # its line breaks joined
    start: int  # [start, end) of the value in the text read
    end: int
    owner: str | None = None  # the party or person whose particulars these are (被告), when said


_TABLE_ROW = re.compile(rf"{_SP}*[｜|丨]{_SP}*[\u4e00-\u9fff]")


def _joins_a_key(before: str, line: str) -> bool:
    """``before`` ends with the start of a key that ``line`` finishes (身份证 / 号码：…)."""
    head = line.lstrip(" \t\u3000")
    for key in HEADER_KEYS:
        for cut in range(1, len(key)):
            if before.endswith(key[:cut]) and head.startswith(key[cut:]) and (
                    cut < len(key) - 1 or len(key) > 2):
                return True
    return False


def _logical(text: str) -> tuple[str, list[int]]:
    """The header with every line that does not open a field (or a title) joined to the one before
    it, and for each character its index in ``text``. A break kept is a field boundary."""
    out: list[str] = []
    where: list[int] = []
    pos = 0
    for n, line in enumerate(text.split("\n")):
        # (｜时间｜…｜: a row of a table drawn with bars at both ends opens a field too)
        starts_field = bool(_LINE_KEY.match(line) or _TITLE.match(line) or _TABLE_ROW.match(line))
        joined = n > 0 and out and (not starts_field or _joins_a_key("".join(out[-12:]), line)) \
            and not _TITLE.match(line)
        if n > 0 and not joined:
            out.append("\n")
            where.append(pos - 1)
        elif joined and re.search(rf"(?:{_KNOWN})$", "".join(out[-12:]).rstrip()) and not re.match(
                rf"{_SP}*[：:]", line) and not _joins_a_key("".join(out[-12:]), line):
            out.append(" ")  # 地点 / 第六询问室: a key at a line end, its value on the next
            where.append(pos - 1)
        stripped = line if not joined else line.lstrip(" \t\u3000")
        offset = pos + len(line) - len(stripped)
        out.extend(stripped)
        where.extend(range(offset, offset + len(stripped)))
        pos += len(line) + 1
    return "".join(out), where


def _table_fields(line: str, base: int) -> list[tuple[str, int, int, int]] | None:
    """(key, value start, value end, key start) of a ｜ row, or None when the line is no table row."""
    cells, at = [], 0
    for part in _TABLE_BAR.split(line):
        lead = len(part) - len(part.lstrip(" \t\u3000"))
        cells.append((part.strip(" \t\u3000"), base + at + lead))
        at += len(part) + 1
    cells = [(c, s) for c, s in cells if c]
    if len(cells) < 2:
        return None
    found, i = [], 0
    while i < len(cells):
        cell, start = cells[i]
        key = re.sub(r"[ \t\u3000]", "", cell)  # 原　　告 / 审 判 员: a key spaced out to line the column up
        inner = _COLON_KEY.match(cell)
        if inner and inner.end() < len(cell):  # a cell holding key：value itself
            found.append((_key_of(inner), start + inner.end(), start + len(cell), start))
            i += 1
        elif i + 1 < len(cells) and re.fullmatch(rf"(?:{_KNOWN})|[\u4e00-\u9fff（）()]{{2,10}}", key) \
                and not re.fullmatch(_KNOWN, cells[i + 1][0]):
            value, value_start = cells[i + 1]
            named = re.match(r"(?:姓名|名字)\s*[：:]\s*", value)  # 原告｜姓名：某甲｜…: the person is after 姓名
            if named and named.end() < len(value):
                value, value_start = value[named.end():], value_start + named.end()
            found.append((key, value_start, value_start + len(value), start))
            i += 2
        else:
            i += 1
    return found


def _key_of(match: re.Match) -> str:
    key = match.group("key") if "key" in match.re.groupindex and match.group("key") else match.group("generic")
    return re.sub(rf"{_SP}", "", key)


def _line_fields(line: str, base: int) -> list[tuple[str, int, int, int, bool]]:
    """(key, value start, value end, key start, running) of one logical line."""
    keys = [(m.start(), m.end(), _key_of(m), False) for m in _COLON_KEY.finditer(line)]
    if not keys:
        keys = [(m.start(), m.end(), m.group("key"), False) for m in _SPACED_KEY.finditer(line)]
    taken = [(s, e) for s, e, _, _ in keys]
    for m in _RUNNING_KEY.finditer(line):
        if not any(s <= m.start() < e or m.start() <= s < m.end() for s, e in taken):
            keys.append((m.start(), m.end(), m.group("key"), True))
    keys.sort()
    found = []
    for n, (start, end, key, running) in enumerate(keys):
        if running:
            # particulars in a sentence: a value ends at its clause (…出生，汉族，身份证号…)
            stop = keys[n + 1][0] if n + 1 < len(keys) else len(line)
            clause = _VALUE_END.search(line, end, stop)
            stop = clause.start() if clause else stop
        else:
            # a keyed value holds the particulars written into it (被告：彭某，男，身份证号码…)
            stop = next((s for s, _, _, r in keys[n + 1:] if not r), len(line))
        found.append((key, base + end, base + stop, base + start, running))
    return found


# The key of one of a person's particulars (身份证号码, 公民身份号码, 联系电话, 住址 …).
_PARTICULAR_KEY = re.compile(r"性别|民族|出生|身份证|公民身份|证件|户籍|住址|现住|住所|联系|电话|手机|文化|职业|工作单位|籍贯|年龄")


def read_fields(text: str) -> list[HeaderField]:
    """Every field of a header text, in order, with its value's span in ``text``."""
    logical, where = _logical(text)
    fields: list[HeaderField] = []
    pos = 0
    carried = None  # the party whose ｜ row the following rows of particulars continue
    continued = None  # the party whose particulars the line before left unfinished (…身份证号码…，)
    for line in logical.split("\n"):
        found = _table_fields(line, pos) if _TABLE_BAR.search(line) else None
        # (a row whose cells hold key：value themselves — 原告｜姓名：某甲｜电话：… — is the table's to read)
        as_keys = _line_fields(_TABLE_BAR.sub("：", line), pos) if found and not re.search(r"[：:]", line) else []
        if found and len(as_keys) > len(found) and {k for k, *_ in found} <= {k for k, *_ in as_keys}:
            # 审判员｜某甲 书记员｜某乙 / 被告｜某乙，男，…联系电话…，公民身份号码…: the bar stands where a
            # colon would, and the line holds more keys than its cells — read it as keyed text
            found, line_read = None, as_keys
        else:
            line_read = None
        # 被告｜姓名：某乙｜身份证号：…｜电话：…: a row opened by a party is that party's particulars
        owned = bool(found) and found[0][0] in OWNER_KEYS
        # 被告｜某乙｜性别｜男 then 身份证号码｜… / 联系电话｜…: rows holding particulars only, right
        # under a party's row, are that party's too (a key of anything else ends the run)
        going_on = bool(found) and not owned and carried is not None \
            and all(_PARTICULAR_KEY.match(k) for k, *_ in found)
        carried = found[0][0] if owned else carried if going_on else None
        rows = [(k, s, e, ks, owned and n > 0 or going_on) for n, (k, s, e, ks) in enumerate(found)] if found \
            else line_read or _line_fields(line, pos)
        owner = carried if going_on else continued
        for key, start, end, key_start, running in rows:
            value = logical[start:end]
            trimmed = value.strip(_TRIM)
            if not trimmed:
                continue
            start += len(value) - len(value.lstrip(_TRIM))
            end = start + len(trimmed)
            # 被告：某乙 性别：女 … 身份证号码：…: particulars keyed on the party's own line are theirs too
            owned_here = running and key not in RUNNING_RECORD_KEYS or (owner is not None and bool(_PARTICULAR_KEY.match(key)))
            fields.append(HeaderField(key, trimmed, where[start], where[end - 1] + 1,
                                      owner if owned_here else None))
            if key in OWNER_KEYS:
                owner = key
        # 被告：某乙，男，…身份证号码…，\n联系电话…: a line ending mid-sentence goes on with the same person
        continued = owner if re.search(r"[，,、]\s*$", line) else None
        pos += len(line) + 1
    return fields


def parse_header_fields(lines: list[str]) -> dict[str, str]:
    """``key：value`` pairs of the header lines, in order; a repeated key keeps its first value
    and later ones are numbered (工作单位, 工作单位_2) so none is lost."""
    out: dict[str, str] = {}
    for field in read_fields("\n".join(lines)):
        name, n = field.key, 2
        while name in out:
            name, n = f"{field.key}_{n}", n + 1
        out[name] = field.value
    return out


_NAME_END = re.compile(r"[\s，,（(、；;]")


# The next field of a header line whose spaces a scan lost (某甲性别：男民族：汉…)
_NEXT_FIELD = re.compile(r"(?:性别|民族|出生|身份证|户籍|住址|现住|联系|电话|手机|文化|职业|工作单位|籍贯|年龄)")


def person_of(value: str) -> str | None:
    """The name at the start of a header value ("某甲 男 1988年…", "某乙（女）", "某丙，男，…",
    "某甲性别：男…")."""
    name = _NAME_END.split(value.strip(), 1)[0]
    name = _NEXT_FIELD.split(name, 1)[0]
    return name or None


_AGENT_OF = re.compile(rf"^(?P<party>{'|'.join(_PARTIES)})的?(?P<agent>{'|'.join(_AGENTS)})$")


def person_for_label(fields: list[HeaderField], label: str) -> str | None:
    """Who a role label names, as the header introduces them: 被告 → the 被告 field's person;
    原告委托诉讼代理人 → the 委托诉讼代理人 listed under 原告 (after it, before the next party)."""
    for field in fields:
        if field.key == label:
            return person_of(field.value)
    agent = _AGENT_OF.match(label)
    if agent:
        party = None
        for field in fields:
            if field.key in _PARTIES:
                party = field.key
            elif field.key == agent.group("agent") and party == agent.group("party"):
                return person_of(field.value)
    return None
