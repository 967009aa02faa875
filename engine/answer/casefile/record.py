"""Questions about the record itself and the people in its header: when and where the
interrogation took place, who questioned and who recorded, and the personal particulars of the
person questioned (电话, 身份证号, 住址 …) — which belong to that person only."""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part, Reading
from engine.answer.model import Calculation
from engine.question import FIELD_KEYS, CasePlan, Slot
from engine.answer.casefile.facts import Anchor
from engine.ingest.chunkers.header import person_for_label
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.text.case_lexicon import FAMILY, TIME_OF_DAY, clock_minutes
from engine.text.dates import find_dates
from engine.text.pii import find_pii
from engine.answer.wording import chinese_count, quoted
from engine.text.segments import flat

FIELD_LABELS = {"id": "身份证号码", "phone": "联系电话", "address": "住址", "birth": "出生日期",
                "job": "工作单位及职务", "officer": "讯问（询问）人员", "recorder": "记录人", "gender": "性别",
                "education": "文化程度", "ethnicity": "民族", "bank_card": "银行卡号",
                "plate": "车牌号"}
# Fields that describe the record, not a person in it.
RECORD_FIELDS = frozenset({"officer", "recorder"})
# Header keys naming the person questioned, whose particulars the header's own fields are.
SUBJECT_KEYS = frozenset({"被讯问人", "被询问人", "犯罪嫌疑人", "嫌疑人", "证人", "被害人", "报案人", "被调查人"})
PII_TYPES = {"id": ("id_card",), "phone": ("mobile", "phone", "landline"), "bank_card": ("bank_card",),
             "plate": ("plate",)}
# 补充询问时间: a 补充 section's title run into its first key
_TIME_KEY = re.compile(r"^(?:补充)?(?:讯问|询问|开庭|起止)?时\s*间$")
_PLACE_KEY = re.compile(r"^(?:补充)?(?:讯问|询问|开庭)?地\s*点$")


def _header_statement(case: Case, session: int):
    return next((s for s in case.ledger.statements if s.kind == "header" and s.session == session), None)


def _is_supplement(case: Case, session: int) -> bool:
    statement = _header_statement(case, session)
    return bool(statement and case.sources[statement.chunk_id].chunk.meta.get("supplement"))


def _sessions(case: Case, plan: CasePlan) -> list[int]:
    sessions = sorted(case.ledger.headers)
    if plan.session is not None:
        return [plan.session] if plan.session in sessions else []
    if plan.session_last:  # 后来那次问话: the last session (of one session, there is no later one)
        return sessions[-1:] if len(sessions) > 1 else []
    if plan.supplement:
        return [s for s in sessions if _is_supplement(case, s)][:1]
    return sessions[:1]


def record_word(case: Case, session: int) -> str:
    """What the record is of, as its title says: 询问, 讯问 or 开庭 (讯问 when it does not say)."""
    statement = _header_statement(case, session)
    title = str(case.sources[statement.chunk_id].chunk.meta.get("title") or "") if statement else ""
    title = re.sub(r"\s", "", title)
    if not title and _is_supplement(case, session) and case.ledger.headers:
        # 补充询问 with no title of its own: the record's kind is the first session's
        first = _header_statement(case, min(case.ledger.headers))
        title = re.sub(r"\s", "", str(case.sources[first.chunk_id].chunk.meta.get("title") or "")) if first else ""
    for words, word in ((("庭审", "开庭", "法庭"), "开庭"), (("询问",), "询问"), (("讯问",), "讯问")):
        if any(w in title for w in words):
            return ("补充" if _is_supplement(case, session) else "") + word
    if len({s.party for s in case.ledger.statements if s.party in HEARING_SIDES}) >= 2:
        return "开庭"  # no title read, but two sides answer in turn: a hearing, never an interrogation
    return "讯问"


def answer_record(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """时间/地点 of the record (a session of it) and the header fields asked."""
    sessions = _sessions(case, plan)
    each = False
    if plan.sessions_apart:  # 补充询问是哪天做的？和第一次询问隔了几天: the session named first is asked
        asked = [_session_named(case, n) for n in plan.sessions_apart[:2 if plan.sessions_both else 1]]
        asked = [s for s in asked if s is not None]
        sessions = asked or sessions
        each = plan.sessions_both and len(asked) == 2  # 两次讯问分别是哪天: each session's own date
    if plan.record:
        word = record_word(case, sessions[0]) if sessions else "讯问"
        for slot, pattern, label in ((Slot.DATE, _TIME_KEY, f"{word}时间"), (Slot.PLACE, _PLACE_KEY, f"{word}地点")):
            if slot not in plan.slots and not (slot is Slot.DATE and Slot.TIME in plan.slots):
                continue  # 讯问是几点开始的: the time field holds the hour too
            if slot is Slot.DATE and plan.record_length:
                continue  # 用了多长时间: the 时间 of how long, answered below from the field
            for asked_sessions in ([[s] for s in sessions] if each else [sessions]):
                outcome.add(_header_part(case, asked_sessions, lambda k, p=pattern: bool(p.match(k)), label))
    if plan.sessions_apart:  # 和第一次隔了几天: the days between the two sessions' own dates
        outcome.add(_sessions_apart(case, plan, outcome))
    if plan.record_length:  # 第一次讯问一共进行了多少分钟: from its header's start and end
        outcome.add(_session_length(case, sessions, outcome))
        return
    if plan.field_owners:  # 被告的身份证号码和原告的联系电话: each field of the side named before it
        header = _header_fields(case, sessions[0] if sessions else 1)[1]
        for side, name in plan.field_owners:
            if name in plan.fields:
                outcome.add(_field_part(case, plan, sessions, name, person_for_label(header, side) or side, outcome))
        for name in plan.fields:  # a field named before any side: the question's own person
            if not any(n == name for _, n in plan.field_owners):
                outcome.add(_field_part(case, plan, sessions, name, None, outcome))
        return
    named = case.named_in(plan.text, plan.names)
    for person in named if len(named) > 1 else [None]:  # 甲和乙的手机号分别是多少: each one's
        for name in plan.fields:
            if person is None or name not in RECORD_FIELDS:
                outcome.add(_field_part(case, plan, sessions, name, person, outcome))


def _header_part(case: Case, sessions: list[int], wanted, label: str) -> Part:
    for session in sessions:
        chunk_id, fields = _header_fields(case, session)
        prefix = f"第{chinese_count(session)}次" if len(case.ledger.headers) > 1 \
            and not label.startswith("补充") else ""
        field = next((f for f in fields if wanted(f.key)), None)
        said = Anchor(chunk_id, field.start, field.end) if field is not None else _same_as_said(case, session, label)
        if field is not None and not SAME_AS_BEFORE.fullmatch(flat(field.value)):
            cited = case.cite(said)
            return Part(label, f"{prefix}{label}：{flat(field.value)}（{cited}）", Fill.FILLED, [cited],
                        reading=Reading.FORM)
        earlier = _earlier_value(case, session, wanted) if said is not None else None
        if earlier is not None:
            # 询问地点同前 / 地点、讯问人、记录人同上: this session's header refers back; the value is the
            # earlier session's, both places cited
            cited, before = case.cite(said), case.cite(earlier[1])
            return Part(label, f"{prefix}{label}：{earlier[0]}（本次笔录记为“{flat(case.text_of(said))}”"
                               f"（{cited}），即{earlier[2]}所记（{before}））", Fill.FILLED, [cited, before],
                        reading=Reading.FORM)
    return Part(label, "", Fill.MISSING)


def _session_named(case: Case, named: str) -> int | None:
    """The session a question's name for it points at: 补充 → the first 补充 section, N → the Nth."""
    sessions = sorted(case.ledger.headers)
    if named == "补充":
        return next((s for s in sessions if _is_supplement(case, s)), None)
    return int(named) if int(named) in sessions else None


def _sessions_apart(case: Case, plan: CasePlan, outcome: Outcome) -> Part:
    """The days between two sessions' dates (第二次讯问和第一次隔了几天): each session's date as its
    header (else its closing signature) writes it, both cited; the first day not counted (5月14日 to
    5月23日 is 9 days apart). Missing when either session or its date is not in the record."""
    from datetime import date

    label = "相隔天数"  # 第二次讯问和第一次隔了几天
    sessions = [_session_named(case, n) for n in plan.sessions_apart or ()]
    dated = [case.ledger.dated.get(s) if s is not None else None for s in sessions]
    if len(dated) != 2 or any(d is None for d in dated) or sessions[0] == sessions[1]:
        return Part(label, "", Fill.MISSING)
    (a_day, a_at), (b_day, b_at) = sorted(dated, key=lambda d: d[0])
    days = (date.fromisoformat(b_day) - date.fromisoformat(a_day)).days
    a, b = case.cite(a_at), case.cite(b_at)
    outcome.calculations.append(Calculation(
        str(days), days, None, True, [a, b], "两次笔录日期相隔天数",
        factors=[{"value": days, "unit": "days", "from": a_day, "to": b_day, "inclusive": False}]))
    names = {s: _session_word(case, s) for s in sessions}
    first, second = sorted(sessions, key=lambda s: dated[sessions.index(s)][0])
    # the dates are the calculation's (from, to) and each header is cited; the text names the sessions
    # only, so that no date but the one asked stands in the answer as if it were
    return Part(label, f"{names[first]}（{a}）与{names[second]}（{b}）相隔{days}天（按两次笔录记载的日期计算）",
                Fill.FILLED, [a, b], reading=Reading.FORM)


def _session_length(case: Case, sessions: list[int], outcome: Outcome) -> Part:
    """How long a session lasted: its header's end less its start (2024年5月14日9时10分至…11时40分), in
    minutes, the time field cited and the minutes recomputed from its two clock times. Missing when
    the header gives no start and end to the minute on one day, or its end is not after its start."""
    label = "时长"
    for session in sessions:
        chunk_id, fields = _header_fields(case, session)
        field = next((f for f in fields if _TIME_KEY.match(f.key)), None)
        value = flat(field.value) if field is not None else ""
        clocks = list(TIME_OF_DAY.finditer(value))
        days = {str(d.value) for d in find_dates(value) if d.meta.get("granularity") == "day"}
        if len(clocks) != 2 or len(days) > 1:
            continue  # no start and end to the minute, or over two days: not computed
        minutes = clock_minutes(clocks[1]) - clock_minutes(clocks[0])
        if minutes <= 0:
            continue
        cited = case.cite(Anchor(chunk_id, field.start, field.end))
        started, ended = clocks[0].group(0), clocks[1].group(0)
        outcome.calculations.append(Calculation(
            str(minutes), minutes, None, True, [cited], f"{started}至{ended}的分钟数",
            factors=[{"value": minutes, "unit": "minutes", "from": started, "to": ended}]))
        prefix = f"第{chinese_count(session)}次" if len(case.ledger.headers) > 1 else ""
        return Part(label, f"{prefix}{record_word(case, session)}自{started}至{ended}，共{minutes}分钟（{cited}）",
                    Fill.FILLED, [cited], reading=Reading.FORM)
    return Part(label, "", Fill.MISSING)


def _session_word(case: Case, session: int) -> str:
    word = record_word(case, session)
    return word if word.startswith("补充") else f"第{chinese_count(session)}次{word}"


# A header value referring back to the session before (询问地点同前, 身份情况同上).
SAME_AS_BEFORE = re.compile(r"同前|同上|同第[一二三四五六七八九十\d]+次[^，。；]{0,8}")
# 地点、讯问人、记录人同上: several keys listed, then one 同上 for all of them
_LISTED_SAME = re.compile(r"(?P<keys>(?:(?:讯问|询问|开庭)?(?:时间|地点)|讯问人|询问人|记录人)"
                          r"(?:[、，,](?:(?:讯问|询问|开庭)?(?:时间|地点)|讯问人|询问人|记录人))*)"
                          r"(?P<same>同前|同上)")


def _same_as_said(case: Case, session: int, label: str) -> Anchor | None:
    """Where this session's header says the asked key is as before (地点、讯问人、记录人同上), or None.
    ``label`` names the key: …地点, …时间, or a role (讯问人 / 记录人)."""
    statement = _header_statement(case, session)
    if statement is None:
        return None
    text = case.sources[statement.chunk_id].chunk.text
    keys = ("地点",) if label.endswith("地点") else ("时间",) if label.endswith("时间") else \
        ("记录人",) if "记录" in label else ("讯问人", "询问人")
    for match in _LISTED_SAME.finditer(text):
        if any(k in match.group("keys") for k in keys):
            return Anchor(statement.chunk_id, match.start(), match.end())
    return None


def _earlier_value(case: Case, session: int, wanted) -> tuple[str, Anchor, str] | None:
    """The value of the asked key in the nearest session before this one that states it."""
    for earlier in sorted((s for s in case.ledger.headers if s < session), reverse=True):
        chunk_id, fields = _header_fields(case, earlier)
        field = next((f for f in fields if wanted(f.key) and not SAME_AS_BEFORE.fullmatch(flat(f.value))), None)
        if field is not None:
            return flat(field.value), Anchor(chunk_id, field.start, field.end), f"第{chinese_count(earlier)}次笔录"
    return None


# People a question can ask about by role instead of by name (老板叫什么, 他妹妹的电话).
ROLE_PERSON = re.compile(r"老板|老总|法定代表人|法人|负责人|业务员|经理|会计|出纳|股东|员工|司机|中间人|介绍人|"
                         rf"{FAMILY}|"
                         r"朋友|同事|邻居|亲戚|对方|被害人|受害人|"
                         # the other side of a victim's or witness's account, named by what they did
                         r"骗子|小偷|窃贼|劫匪|歹徒|凶手|肇事者|肇事司机")


# Someone a question names by what they did (打人的人, 开车的那个男的, 骗他的人): not the one questioned.
DESCRIBED_PERSON = re.compile(r"[\u4e00-\u9fff]{1,6}的(?:那个|这个|那|这)?(?:人|男的|女的|男子|女子|男人|女人|小伙子?)"
                              r"(?=叫|姓|的|住|家|是|[，,？?])"
                              # 开车的是男的还是女的 / 打人的叫什么: the one who did it, named by the act alone
                              r"|^(?![他她我你])[\u4e00-\u9fff]{1,6}?的(?=是男|是女|叫|姓|住在|家住)")

# A vehicle a plate is asked of (撞人的车车牌号, 那辆SUV的车牌): the vehicle's, not the questioned person's.
DESCRIBED_VEHICLE = re.compile(r"(?<![他她我你])[\u4e00-\u9fffA-Za-z]{0,8}?(?:车|SUV|suv)"
                               # 拉货的车是什么颜色？车牌号是多少: the vehicle of the part before
                               r"(?=的?车牌|[^，。？?]{0,12}[？?，,][^，。？?]{0,4}车牌)")


# The vehicle a witness saw, asked of without a name (车牌看清了吗): not the one questioned.
SEEN_VEHICLE = "所见车辆"


_HEARING_SIDE = re.compile("|".join(sorted(HEARING_SIDES, key=len, reverse=True)))


def whose(case: Case, plan: CasePlan, session: int) -> str | None:
    """The person a personal field is asked of: the named one, else one named by role (老板), else
    the person questioned."""
    from engine.answer.casefile.aliases import person_of_alias

    real = person_of_alias(case, plan) if plan.nicknames or plan.aliases else None
    if real or plan.nicknames:  # 强哥的电话: the person the record names as 强哥, else nobody it names
        return real or plan.nicknames[0]
    named = case.named_in(plan.text, plan.names)
    if named:
        at = plan.text.find(named[0])
        before = plan.text[:at]
        # 骗子给某甲打电话用的号码: a person after 给/向/对… is not whose number it is — the one
        # before is (unless the question says 某甲的)
        if re.search(r"[\u4e00-\u9fff]{2}[给向对跟让帮替叫]$", before) and \
                not plan.text.startswith(named[0] + "的", at):
            return re.sub(r"^(?:那个|这个|那|这)", "", before[:-1])
        return named[0]
    if re.search(r"被讯问人|被询问人|犯罪嫌疑人|嫌疑人|本人|他的|她的|你的", plan.text):
        return _subject(case, session)  # the record's own person
    side = _HEARING_SIDE.search(plan.text)
    if side:  # 被告的身份证号: the person the header introduces as that side, never the first party's
        person = person_for_label(_header_fields(case, session)[1], side.group(0))
        if person:
            return person
    role = ROLE_PERSON.search(plan.text)
    if role:
        return role.group(0)
    called = _called_by_role(case, plan.text)
    if called:  # 持卡人的新手机号, the record telling of 持卡人蒋立群: that person's, not the witness's
        return called
    described = DESCRIBED_PERSON.search(plan.text) or DESCRIBED_VEHICLE.search(plan.text)
    if described:  # 打人的那个人住在哪里 / 撞人的车车牌号: told of by what they did, not the one questioned
        return described.group(0)
    if plan.seen and "plate" in plan.fields:  # 车牌看清了哪几位: the plate of the vehicle seen
        return SEEN_VEHICLE
    return _subject(case, session)


# A person a question names by a role the record gives someone (持卡人, 借款人, 车主, 房东, 租客, 买家):
# the noun, read where the record writes it right before a name (我们行的持卡人蒋立群).
_ROLE_NOUN = re.compile(r"[\u4e00-\u9fff]{1,3}?(?:人|主|东|客|家)(?=的|后来|现在|当时|用|换|是|[？?，,])")


def _called_by_role(case: Case, text: str) -> str | None:
    """The one person of the file the record calls by the role noun the question uses for them
    (持卡人 → 蒋立群 where the record says 持卡人蒋立群); None when the record never writes the
    noun before a name, or before several."""
    from engine.answer.casefile.accounts import joined_sentences

    nouns = [n for m in _ROLE_NOUN.finditer(text) if len(n := re.sub(r"^(?:那个|这个|那|这|该)", "", m.group(0))) >= 2]
    if not nouns:
        return None
    people = case.people()
    said = [s.text for s in joined_sentences(case)]  # joined once for every noun
    for noun in nouns:
        named = {p for t in said for at in [t.find(noun)] if at >= 0
                 for p in people if t.startswith(p, at + len(noun))}
        if len(named) == 1:
            return named.pop()
    return None


def third_party(case: Case, plan: CasePlan) -> str | None:
    """The person asked about when it is not the one questioned (None when it is)."""
    sessions = sorted(case.ledger.headers) or [1]
    person = whose(case, plan, sessions[0])
    subject = _subject(case, sessions[0])
    if person is None or (subject and (person in subject or subject in person)):
        return None
    return person


def _subject(case: Case, session: int) -> str | None:
    from engine.answer.casefile.facts.statements import subject_of

    header = _header_statement(case, session)
    return subject_of(case.ledger.headers.get(session, {}), header.answer if header else "") or case.ledger.subject


def _header_fields(case: Case, session: int):
    from engine.ingest.chunkers.header import read_fields

    statement = _header_statement(case, session)
    return (statement.chunk_id, read_fields(case.sources[statement.chunk_id].chunk.text)) if statement else (None, [])


def _owned_fields(case: Case, plan: CasePlan, session: int, name: str, person: str | None, subject: str | None):
    """The header fields that answer field ``name`` of ``person`` (or of the record), best first:
    the particulars written under that person (被告：彭某，…，身份证号码…) or, for the person
    questioned, the header's own particulars; the role asked first (审判长是谁)."""
    from engine.ingest.chunkers.header import OWNER_KEYS, person_of

    chunk_id, fields = _header_fields(case, session)
    candidates = [f for f in fields if FIELD_KEYS[name].search(f.key)]
    if name in RECORD_FIELDS:
        return chunk_id, sorted(candidates, key=lambda f: bool(plan.officer_role) and f.key != plan.officer_role)
    line = next((f for f in fields if person and f.key in OWNER_KEYS and person_of(f.value) == person), None)
    owner = line.key if line is not None else None
    if owner is not None and any(f.owner == owner for f in candidates):
        # 被告：骆某…；被告：甘某…: two lines of one key — the particulars under this person's own line
        end = min((f.start for f in fields if f.key in OWNER_KEYS and f.start > line.start), default=None)
        return chunk_id, [f for f in candidates if f.owner == owner and line.start <= f.start
                          and (end is None or f.start < end)]
    questioned = person is None or (subject and (person in subject or subject in person))
    if questioned or owner is not None and owner in SUBJECT_KEYS:
        return chunk_id, [f for f in candidates if f.owner is None or f.owner in SUBJECT_KEYS]
    return chunk_id, []


def _field_part(case: Case, plan: CasePlan, sessions: list[int], name: str, asked: str | None = None,
                outcome: Outcome | None = None) -> Part:
    """Field ``name`` of the person ``asked`` (default: the one the question is about)."""
    label = FIELD_LABELS[name]
    session = sessions[0] if sessions else 1
    person = None if name in RECORD_FIELDS else asked or whose(case, plan, session)
    subject = _subject(case, session)
    for s in sessions or [session]:
        chunk_id, found = _owned_fields(case, plan, s, name, person, subject)
        if name in RECORD_FIELDS and (not found or SAME_AS_BEFORE.fullmatch(flat(found[0].value))):
            # 讯问人、记录人同上 / 记录人：同前: the officers of the session before, both headers cited
            said = Anchor(chunk_id, found[0].start, found[0].end) if found else _same_as_said(case, s, label)
            earlier = _earlier_value(case, s, lambda k: bool(FIELD_KEYS[name].search(k))) if said else None
            if earlier is not None:
                cited, before = case.cite(said), case.cite(earlier[1])
                return Part(label, f"{label}：{earlier[0]}（本次笔录记为“{flat(case.text_of(said))}”（{cited}），"
                                   f"即{earlier[2]}所记（{before}））", Fill.FILLED, [cited, before],
                            reading=Reading.FORM)
            continue
        if found:
            field = found[0]
            cited = case.cite(Anchor(chunk_id, field.start, field.end))
            shown = field.key if name in RECORD_FIELDS else label
            owner = f"{person}的" if person and name not in RECORD_FIELDS else ""
            part = Part(label, f"{owner}{shown}：{flat(field.value)}（{cited}）", Fill.FILLED, [cited],
                        reading=Reading.FORM)
            if name in PII_TYPES:
                _told_otherwise(case, person or subject, name, field.value, part)
            return part
    # A header without keyed fields (one running sentence): its personal numbers are the person
    # questioned's.
    if name in PII_TYPES and (person is None or (subject and (person in subject or subject in person))):
        found = _pii_in_header(case, sessions or [session], name)
        if found is not None:
            cited = case.cite(found)
            return Part(label, f"{person + '的' if person else ''}{label}：{flat(case.text_of(found))}（{cited}）",
                        Fill.FILLED, [cited], reading=Reading.FORM)
    # Not the person questioned (or not in the header): only an answer naming that person's number
    # can say it; another person's number is never given for theirs.
    found = _pii_in_answers(case, person, name, used=plan.field_used)
    if found:
        sentences = list(dict.fromkeys(_sentence_of(case, anchor) for anchor, _ in found))
        cited = [case.cite(sentence) for sentence in sentences]
        said = "；".join(f"{quoted(case.text_of(s))}（{c}）" for s, c in zip(sentences, cited))
        # 一共用了三张卡：…卡号A；…卡号B；…卡号C: every one the answer lists, each with its own words
        many = f"共{len(sentences)}个：" if len(sentences) > 1 else ""
        if many and outcome is not None:  # the count is of the quotes cited, one number each (never the
            # numbers themselves in the working: they are shown masked)
            outcome.calculations.append(Calculation(
                str(len(sentences)), len(sentences), None, True, cited, f"所列{label}的个数",
                factors=[{"value": len(cited), "unit": "rows", "rows": list(cited)}]))
        return Part(label, f"{person or ''}的{label}：{many}{said}", Fill.FILLED, cited)
    owner = f"{person}的" if person else ""
    return Part(f"{owner}{label}", "", Fill.MISSING)


def _digits(text: str) -> str:
    return re.sub(r"[^0-9Xx]", "", text).upper()


def _told_otherwise(case: Case, person: str | None, name: str, value: str, part: Part) -> None:
    """The header's number is not the only one: an answer telling another of that kind as the
    person's (原号码已停用，现在用的是…) is cited beside it, and the part is not 已核验 — which one is in
    use is for the reader to check, never chosen."""
    shown = _digits(value)
    other = [(anchor, text) for anchor, text in _pii_in_answers(case, person, name) if _digits(text) not in shown]
    if not other:
        return
    sentences = list(dict.fromkeys(_sentence_of(case, anchor) for anchor, _ in other))
    cited = [case.cite(sentence) for sentence in sentences]
    part.text += "；另：" + "；".join(f"{quoted(case.text_of(s))}（{c}）" for s, c in zip(sentences, cited))
    part.evidence += [c for c in cited if c not in part.evidence]
    part.doubt = f"材料中另记有不同的{FIELD_LABELS[name]}，需核对哪一个为准"


def _pii_in_header(case: Case, sessions: list[int], name: str) -> Anchor | None:
    for session in sessions:
        statement = _header_statement(case, session)
        if statement is None:
            continue
        text = case.sources[statement.chunk_id].chunk.text
        for fact in find_pii(text):
            if fact.meta.get("type") in PII_TYPES[name]:
                return Anchor(statement.chunk_id, fact.start, fact.end)
    return None


def _sentence_of(case: Case, anchor: Anchor) -> Anchor:
    """The sentence around a value: the card number with the bank it belongs to."""
    text = case.sources[anchor.chunk_id].chunk.text
    floor = next((s.answer_offset for s in case.ledger.statements if s.chunk_id == anchor.chunk_id), 0)
    start = max([floor] + [text.rfind(ch, 0, anchor.start) + 1 for ch in "。！？；"])
    ends = [i for i in (text.find(ch, anchor.end) for ch in "。！？；") if i >= 0]
    return Anchor(anchor.chunk_id, start, min(ends) + 1 if ends else len(text))


# The asker asking the speaker for their own numbers of a kind (你用过哪些银行卡, 你的手机号): the
# answer's numbers of that kind are the speaker's.
_ASKED_OWN = {"bank_card": re.compile(r"卡|账户|账号"), "phone": re.compile(r"手机|电话"),
              "plate": re.compile(r"车"), "id": re.compile(r"身份证")}


def _pii_in_answers(case: Case, person: str | None, name: str, used: bool = False) -> list[tuple[Anchor, str]]:
    """The numbers of the field asked that an answer tells as ``person``'s: all of the first answer
    telling any (一共用了三张卡：…；…；…), in order. ``used``: the numbers asked are of what the person
    used (收赌资用的银行卡) — every number of that kind in their own answer to the asker's question
    about such things (钱是通过什么账户收付的？), whoever holds them (我老婆名下的卡, 一张买来的卡)."""
    types = PII_TYPES.get(name)
    if not types or person is None:
        return []
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        text = statement.answer
        asked_own = person == statement.speaker and ("你" in statement.question or used) \
            and bool(_ASKED_OWN[name].search(statement.question))
        if used and person == statement.speaker and not asked_own:
            # 赌资是怎么收的？—一张是…卡，卡号…；一张是…卡，卡号…: the numbers he lists as how he did it
            asked_own = sum(f.meta.get("type") in types for f in find_pii(text)) >= 2
        found = []
        for fact in find_pii(text):
            if fact.meta.get("type") not in types:
                continue
            window = text[max(0, fact.start - 30):fact.start]
            # the rest of its sentence may say whose it is (车牌号是…，是我自己的)
            rest = re.split(r"[。！？；]", text[fact.end:], maxsplit=1)[0]
            own = re.compile(r"我(?:自己)?(?:的|名下)|本人")
            # a vehicle asked of by what it did or that it was seen: any plate told, unless the speaker's own
            vehicle = name == "plate" and person not in case.people() and (
                person == SEEN_VEHICLE or bool(re.search(r"(?:车|SUV|suv)$", person)))
            mine = person in window or (vehicle and not own.search(window) and not own.search(rest)) or (person == statement.speaker and (own.search(window) or own.search(rest))) or (
                person in statement.question and re.search(r"[他她]的", window)) or asked_own  # 问：王芳的…？答：她的…
            if mine:
                start = statement.answer_offset + fact.start
                found.append((Anchor(statement.chunk_id, start, statement.answer_offset + fact.end), fact.text))
        if found:
            return found
    return []


# 只看到尾号是…, 没看全: a plate seen in part.
PLATE_IN_PART = re.compile(r"没看全|只看到|只看清|只记得|只记住|看不清|没记全")


_PLATE_WORDS = re.compile(r"车牌|牌照|牌号|尾号")


def partial_plate(case: Case, outcome: Outcome, seen: bool = False) -> Part | None:
    """The one sentence of the answers telling a plate only in part (车牌前面是某A，后两位是37，中间几个字
    没看清), naming the plate or answering the asker's question about it (车牌号看清了吗？—…前面是某A，
    最后两位是39，中间的两位我没看清): quoted as a gap — the characters seen are the speaker's, the rest
    is not in the material. Asked what was seen (车牌看清了哪几位, ``seen``), the same quote answers it
    whole: the characters seen are what is asked. None when no answer or several tell one so."""
    from engine.answer.casefile.said import _anchor, _gap, _sentences
    from engine.text.case_lexicon import UNCERTAIN

    told = [(statement, sentence) for statement in case.ledger.statements if statement.kind == "qa"
            for sentence in _sentences(statement)
            if (_PLATE_WORDS.search(sentence.text) or _PLATE_WORDS.search(statement.question))
            and (UNCERTAIN.search(sentence.text) or PLATE_IN_PART.search(sentence.text))]
    if len(told) != 1:
        return None
    statement, sentence = told[0]
    if not seen:
        return _gap(case, statement, sentence, outcome, FIELD_LABELS["plate"])
    cited = case.cite(_anchor(statement, sentence))
    return Part(FIELD_LABELS["plate"], f"看清的车牌号部分：{quoted(sentence.text)}（{cited}）", Fill.FILLED, [cited])
