"""The sides of a hearing a question names by their part in the dispute (员工 / 公司, 工人 / 单位):
where one side of the record is an organisation and the other a person, the question is read again in
the record's own words for them (员工…，公司认多少 → 原告…，被告认多少), so that every answer over a
side's words (its claims, its figures, its offers) finds the side asked. Nothing changes when both
sides are of one kind (a role word then does not tell which is meant) or the question names a side
already."""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.hearing import is_hearing
from engine.question import QuestionPlan, read_question
from engine.text.names import ORG_ENDING

# Words for an organisation that is a party, and for a person that is the other party.
# (businesses called by their trade: 影楼, 工作室, 驾校, 健身房, 车行, 中介 …)
_ORG_WORDS = re.compile(r"用人单位|保险公司|公司|单位|厂方|厂家|工厂|商家|店家|银行|物业|开发商|企业|"
                        r"医院|诊所|学校|幼儿园|酒店|宾馆|超市|商场|商行|门店|培训机构|机构|"
                        r"影楼|工作室|驾校|健身房|健身中心|美容院|车行|租车公司|中介|旅行社|装修公司|饭店|餐馆|酒楼|饭馆|餐厅|"
                        r"婚庆公司|物流公司|快递公司|网店|店铺")
_PERSON_WORDS = re.compile(r"劳动者|员工|职工|工人|个人|消费者|业主|顾客|患者|病人|学生家长|家长|乘客|住户|租户|租客|"
                           r"这对夫妻|夫妻俩|夫妻|夫妇|两口子|小两口|会员|学员|车主|房东")
_SIDES = ("原告", "被告")


def _side_name(value: str) -> str:
    """The name a header's side line opens with (某某餐饮有限公司，住所地… → 某某餐饮有限公司)."""
    return re.split(r"[，,。；;（(\s]", value.strip(), maxsplit=1)[0]


def _organisation(value: str) -> bool:
    name = _side_name(value)
    return bool(ORG_ENDING.search(name)) or bool(re.search(r"(?:厂|店|医院|学校|委员会)$", name))


def _side_values(case: Case) -> dict[str, str]:
    """The header's words introducing each side (原告：…, 被告：…)."""
    from engine.answer.casefile.record import _header_fields

    sessions = sorted(case.ledger.headers) or [1]
    _, fields = _header_fields(case, sessions[0])
    return {f.key: f.value for f in fields if f.key in _SIDES}


def sides_by_kind(values: dict[str, str]) -> dict[str, str] | None:
    """{"org": side, "person": side} when the header's side lines (``values``: _side_values) introduce one
    side as an organisation and the other as a person; None otherwise."""
    if set(values) != set(_SIDES):
        return None
    kinds = {side: _organisation(value) for side, value in values.items()}
    if sum(kinds.values()) != 1:
        return None
    org = next(side for side, is_org in kinds.items() if is_org)
    return {"org": org, "person": next(side for side in _SIDES if side != org)}


def in_sides_words(case: Case, question: QuestionPlan) -> QuestionPlan:
    """The question read again with its role words for the parties in the record's side labels, or
    the question itself."""
    if question.case.parties or not is_hearing(case):
        return question
    text = question.text
    values = _side_values(case)
    named = _org_name_words(values, question)
    if not (_ORG_WORDS.search(text) or _PERSON_WORDS.search(text) or named):
        return question
    sides = sides_by_kind(values)
    if sides is None:
        return question
    # (the organisation's words first: 保险公司 before 公司; a person word inside another word is left;
    # a word of the organisation's own name — 酒楼 of 某某酒楼有限公司 — is that side too)
    for word in named:
        text = text.replace(word, sides["org"])
    rewritten = _ORG_WORDS.sub(sides["org"], text)
    rewritten = _PERSON_WORDS.sub(sides["person"], rewritten)
    return read_question(rewritten) if rewritten != question.text else question


def _org_name_words(values: dict[str, str], question: QuestionPlan) -> list[str]:
    """The question's nouns that are a piece of an organisation side's name as the header's side lines
    (``values``) give it (酒楼 for 被告：某某酒楼有限公司), longest first."""
    names = [_side_name(v) for v in values.values() if _organisation(v)]
    words = {w for w, kind in question.case.terms if kind == "noun" and len(w) >= 2 and w not in _SIDES
             and any(w in name for name in names)}
    return sorted(words, key=len, reverse=True)
