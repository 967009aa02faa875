"""Questions about the record itself and the people in its header: when and where the
interrogation took place, who questioned and who recorded, and the personal particulars of the
person questioned (电话, 身份证号, 住址 …) — which belong to that person only."""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.question import FIELD_KEYS, CasePlan, Slot
from engine.ledger import Anchor
from engine.text.pii import find_pii
from engine.answer.wording import chinese_count, quoted
from engine.text.segments import flat

FIELD_LABELS = {"id": "身份证号码", "phone": "联系电话", "address": "住址", "birth": "出生日期",
                "job": "工作单位及职务", "officer": "讯问（询问）人员", "recorder": "记录人", "gender": "性别",
                "education": "文化程度", "ethnicity": "民族", "bank_card": "银行卡号"}
# Fields that describe the record, not a person in it.
RECORD_FIELDS = frozenset({"officer", "recorder"})
PII_TYPES = {"id": ("id_card",), "phone": ("mobile", "phone", "landline"), "bank_card": ("bank_card",)}
_TIME_KEY = re.compile(r"^时\s*间$")
_PLACE_KEY = re.compile(r"^地\s*点$")


def _header_statement(case: Case, session: int):
    return next((s for s in case.ledger.statements if s.kind == "header" and s.session == session), None)


def _field_anchor(case: Case, session: int, key: str, value: str) -> Anchor | None:
    """The ``key：value`` characters in the session's header chunk (a field may wrap: 身份证\n号)."""
    from engine.text.lines import joined_view

    statement = _header_statement(case, session)
    if statement is None:
        return None
    text = case.sources[statement.chunk_id].chunk.text
    joined, where = joined_view(text, tight=True)
    key = re.sub(r"_\d+$", "", key)  # 工作单位_2: the second field of that name
    at = joined.find(key)
    while at >= 0:
        end = joined.find(value[:12], at)
        if 0 <= end - at <= len(key) + 6:
            last = min(len(where) - 1, end + len(value) - 1)
            return Anchor(statement.chunk_id, where[at], where[last] + 1)
        at = joined.find(key, at + 1)
    return None


def _sessions(case: Case, plan: CasePlan) -> list[int]:
    sessions = sorted(case.ledger.headers)
    if plan.session is not None:
        return [plan.session] if plan.session in sessions else []
    return sessions[:1]


def answer_record(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """时间/地点 of the record (a session of it) and the header fields asked."""
    sessions = _sessions(case, plan)
    if plan.record:
        for slot, pattern, label in ((Slot.DATE, _TIME_KEY, "讯问时间"), (Slot.PLACE, _PLACE_KEY, "讯问地点")):
            if slot not in plan.slots and not (slot is Slot.DATE and Slot.TIME in plan.slots):
                continue  # 讯问是几点开始的: the time field holds the hour too
            outcome.add(_header_part(case, sessions, lambda k, p=pattern: bool(p.match(k)), label))
    for name in plan.fields:
        outcome.add(_field_part(case, plan, sessions, name))


def _header_part(case: Case, sessions: list[int], wanted, label: str) -> Part:
    for session in sessions:
        for key, value in case.ledger.headers.get(session, {}).items():
            if wanted(key):
                anchor = _field_anchor(case, session, key, value)
                if anchor is None:
                    continue
                cited = case.cite(anchor)
                prefix = f"第{chinese_count(session)}次" if len(case.ledger.headers) > 1 else ""
                return Part(label, f"{prefix}{label}：{flat(value)}（{cited}）", Fill.FILLED, [cited])
    return Part(label, "", Fill.MISSING)


# People a question can ask about by role instead of by name (老板叫什么, 他妹妹的电话).
ROLE_PERSON = re.compile(r"老板|老总|法定代表人|法人|负责人|业务员|经理|会计|出纳|股东|员工|司机|中间人|介绍人|"
                         r"父亲|母亲|爸爸|妈妈|老婆|妻子|丈夫|老公|儿子|女儿|哥哥|姐姐|弟弟|妹妹|表妹|表弟|表哥|表姐|"
                         r"朋友|同事|邻居|亲戚|对方|被害人|受害人")


def whose(case: Case, plan: CasePlan, session: int) -> str | None:
    """The person a personal field is asked of: the named one, else one named by role (老板), else
    the person questioned."""
    named = case.named_in(plan.text, plan.names)
    if named:
        return named[0]
    if re.search(r"被讯问人|被询问人|犯罪嫌疑人|嫌疑人|本人|他的|她的|你的", plan.text):
        return _subject(case, session)  # the record's own person
    role = ROLE_PERSON.search(plan.text)
    if role:
        return role.group(0)
    return _subject(case, session)


def third_party(case: Case, plan: CasePlan) -> str | None:
    """The person asked about when it is not the one questioned (None when it is)."""
    sessions = sorted(case.ledger.headers) or [1]
    person = whose(case, plan, sessions[0])
    subject = _subject(case, sessions[0])
    if person is None or (subject and (person in subject or subject in person)):
        return None
    return person


def _subject(case: Case, session: int) -> str | None:
    from engine.ledger.statements import subject_of

    header = _header_statement(case, session)
    return subject_of(case.ledger.headers.get(session, {}), header.answer if header else "") or case.ledger.subject


def _field_part(case: Case, plan: CasePlan, sessions: list[int], name: str) -> Part:
    key_pattern = FIELD_KEYS[name]
    label = FIELD_LABELS[name]
    session = sessions[0] if sessions else 1
    person = None if name in RECORD_FIELDS else whose(case, plan, session)
    subject = _subject(case, session)
    if name in RECORD_FIELDS or person is None or (subject and (person in subject or subject in person)):
        for s in sessions or [session]:
            for key, value in case.ledger.headers.get(s, {}).items():
                if key_pattern.search(key):
                    anchor = _field_anchor(case, s, key, value)
                    if anchor is not None:
                        cited = case.cite(anchor)
                        owner = f"{person}的" if person and name not in RECORD_FIELDS else ""
                        return Part(label, f"{owner}{label}：{flat(value)}（{cited}）", Fill.FILLED, [cited])
    # A header without keyed fields (one running sentence): its personal numbers are the person
    # questioned's.
    if name in PII_TYPES and (person is None or (subject and (person in subject or subject in person))):
        found = _pii_in_header(case, sessions or [session], name)
        if found is not None:
            cited = case.cite(found)
            return Part(label, f"{person + '的' if person else ''}{label}：{flat(case.text_of(found))}（{cited}）",
                        Fill.FILLED, [cited])
    # Not the person questioned (or not in the header): only an answer naming that person's number
    # can say it; another person's number is never given for theirs.
    found = _pii_in_answers(case, person, name)
    if found is not None:
        anchor, value = found
        sentence = _sentence_of(case, anchor)
        cited = case.cite(sentence)
        return Part(label, f"{person or ''}的{label}：{quoted(case.text_of(sentence))}（{cited}）", Fill.FILLED, [cited])
    owner = f"{person}的" if person else ""
    return Part(f"{owner}{label}", "", Fill.MISSING)


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


def _pii_in_answers(case: Case, person: str | None, name: str) -> tuple[Anchor, str] | None:
    types = PII_TYPES.get(name)
    if not types or person is None:
        return None
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        text = statement.answer
        for fact in find_pii(text):
            if fact.meta.get("type") not in types:
                continue
            window = text[max(0, fact.start - 30):fact.start]
            mine = person in window or (person == statement.speaker and re.search(r"我的|本人", window)) or (
                person in statement.question and re.search(r"[他她]的", window))  # 问：王芳的…？答：她的…
            if mine:
                start = statement.answer_offset + fact.start
                return Anchor(statement.chunk_id, start, statement.answer_offset + fact.end), fact.text
    return None
