"""Questions about the contract corpus as a whole → a typed ``FactQuery``; anything else → None.

Deterministic parsing, no model: "how many contracts are governed by Delaware law",
"哪些合同适用中国法律", "which agreements with Northwind are active", "合同总金额合计多少".
A question about one contract ("what is the governing law of this agreement", 本合同的总价款是多少)
is not a corpus question and goes to the normal answer pipeline. Amounts and dates in a question
are read by engine/text's finders; a filter value the question does not state is never filled in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import Enum
from typing import Any

from engine.text.contract_types import classify_type
from engine.text.dates import find_dates
from engine.text.jurisdiction import canonical_jurisdiction
from engine.text.normalize import to_halfwidth
from engine.text.numbers import find_amounts


class Aggregation(str, Enum):
    LIST = "list"
    COUNT = "count"
    SUM = "sum"  # of total amounts, per currency: dollars and yuan are never added together
    GROUP = "group"


class GroupBy(str, Enum):
    GOVERNING_LAW = "governing_law"
    CONTRACT_TYPE = "contract_type"
    CURRENCY = "currency"
    PARTY = "party"
    YEAR = "year"  # of the start date


class Comparison(str, Enum):
    GT = "gt"
    GE = "ge"
    LT = "lt"
    LE = "le"
    EQ = "eq"


@dataclass(frozen=True)
class AmountFilter:
    op: Comparison
    value: Decimal
    currency: str | None = None  # ISO code; None compares the number in whatever currency

    def to_dict(self) -> dict[str, Any]:
        return {"op": self.op.value, "value": str(self.value), "currency": self.currency}


@dataclass(frozen=True)
class DateRange:
    start: date | None = None  # inclusive
    end: date | None = None  # inclusive

    def to_dict(self) -> dict[str, Any]:
        return {"start": self.start.isoformat() if self.start else None,
                "end": self.end.isoformat() if self.end else None}


@dataclass(frozen=True)
class FactQuery:
    contract_type: str | None = None  # a CONTRACT_TYPES key
    party: str | None = None  # a name as typed; matched through party entities
    governing_law: str | None = None  # any spelling of a jurisdiction
    effective: DateRange | None = None
    ends: DateRange | None = None
    amount: AmountFilter | None = None
    active_on: date | None = None
    active_during: DateRange | None = None  # in force at some time in the range (a year, a month)
    aggregation: Aggregation = Aggregation.LIST
    group_by: GroupBy | None = None

    def __post_init__(self) -> None:
        if (self.aggregation is Aggregation.GROUP) != (self.group_by is not None):
            raise ValueError("group_by is required with the group aggregation, and only with it")

    @property
    def filters(self) -> list[str]:
        return [name for name in ("contract_type", "party", "governing_law", "effective", "ends", "amount",
                                  "active_on", "active_during") if getattr(self, name) is not None]

    def to_dict(self) -> dict[str, Any]:
        def plain(value: Any) -> Any:
            if hasattr(value, "to_dict"):
                return value.to_dict()
            if isinstance(value, date):
                return value.isoformat()
            return value.value if isinstance(value, Enum) else value
        return {name: plain(getattr(self, name)) for name in
                ("contract_type", "party", "governing_law", "effective", "ends", "amount", "active_on",
                 "active_during", "aggregation", "group_by")}


_EN_CONTRACTS = r"(?:contracts|agreements)"
_EN_CORPUS = re.compile(
    rf"\bhow many\b[^?]{{0,60}}\b(?:contracts?|agreements?)\b|\b(?:which|what)\s+(?:of\s+(?:the|our)\s+)?"
    rf"(?:\w+\s+){{0,3}}?(?:contracts?|agreements?)\b|\blist\b[^?]{{0,30}}\b{_EN_CONTRACTS}\b|\b(?:all|any)\s+(?:the\s+|of\s+the\s+)?"
    rf"(?:\w+\s+){{0,2}}?{_EN_CONTRACTS}\b|\b{_EN_CONTRACTS}\s+(?:with|governed|that|which|signed|active|in force|"
    rf"expiring|over|above|under|between|involving|by|per|in)\b|\bnumber of\s+{_EN_CONTRACTS}\b|"
    rf"\b(?:total|sum|combined|aggregate)\b[^?]{{0,40}}\b{_EN_CONTRACTS}\b", re.I)
_EN_SINGLE = re.compile(r"\b(?:this|the|that)\s+(?:contract|agreement)\b(?!s)", re.I)
_ZH_CORPUS = re.compile(r"哪些(?:[\u4e00-\u9fff]{0,8})?(?:合同|协议)|(?:多少|几)(?:份|个|件)(?:[\u4e00-\u9fff]{0,8})?(?:合同|协议)"
                        r"|(?:合同|协议)(?:有|共有|一共有)?(?:哪些|多少份|几份|多少个|几个)|(?:合同|协议)[^？?]{0,8}(?:合计|总计|加起来|一共)|(?:所有|全部|各|这些)(?:的)?"
                        r"[\u4e00-\u9fff]{0,6}(?:合同|协议)|(?:列出|列举|统计|汇总)[^？?]{0,16}(?:合同|协议)")
_ZH_SINGLE = re.compile(r"(?:这份|该|本|此|这个|那份)(?:合同|协议)")
# Questions about the law of contracts, not about the contracts here: 承揽合同和买卖合同有哪些区别？
_ZH_LEGAL_KNOWLEDGE = re.compile(r"区别|不同之处|有何不同|规定|定义|特点|种类|要件|构成要件|法律依据|怎么办|如何|怎样|"
                                 r"合法吗|违法吗|是否合法|是否有效")

# -- aggregation --------------------------------------------------------------------------------
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b|多少份|几份|多少个|几个|数量|多少(?:合同|协议)", re.I)
_SUM = re.compile(r"\b(?:total|sum|combined|aggregate)\b[^?]{0,30}\b(?:value|amount|worth|price|fees?)|"
                  r"总金额|总额|合计|总计|总价款?(?:加起来|一共|共计)|一共多少钱|加起来", re.I)
# With an amount filter ("total value over $100,000") only these words still ask for a sum.
_EXPLICIT_SUM = re.compile(r"\b(?:sum|combined|add up|altogether)\b|合计|总计|加起来|一共|共计|总和", re.I)
_GROUP = re.compile(r"\b(?:by|per|for each|grouped by|broken down by)\s+(?P<g>governing law|law|jurisdiction|contract type|"
                    r"type|party|counterparty|currency|year)\b|按(?P<z>适用法律|法律|管辖法|类型|合同类型|当事人|币种|年份|年度)", re.I)
_GROUP_KEYS = {"governing law": GroupBy.GOVERNING_LAW, "law": GroupBy.GOVERNING_LAW,
               "jurisdiction": GroupBy.GOVERNING_LAW, "contract type": GroupBy.CONTRACT_TYPE,
               "type": GroupBy.CONTRACT_TYPE, "party": GroupBy.PARTY, "counterparty": GroupBy.PARTY,
               "currency": GroupBy.CURRENCY, "year": GroupBy.YEAR, "适用法律": GroupBy.GOVERNING_LAW,
               "法律": GroupBy.GOVERNING_LAW, "管辖法": GroupBy.GOVERNING_LAW, "类型": GroupBy.CONTRACT_TYPE,
               "合同类型": GroupBy.CONTRACT_TYPE, "当事人": GroupBy.PARTY, "币种": GroupBy.CURRENCY,
               "年份": GroupBy.YEAR, "年度": GroupBy.YEAR}

# -- filters ------------------------------------------------------------------------------------
_EN_LAW = re.compile(r"\bgoverned\s+by\s+(?:the\s+)?(?:laws?\s+of\s+)?(?:the\s+)?(?P<j>[A-Za-z][\w.' ]{1,40}?)"
                     r"(?:\s+laws?)?(?=\s*(?:\?|$|[,.;]|\b(?:and|or|that|which|are|is|with|active|in force|signed)\b))"
                     r"|\b(?:under|subject to)\s+(?P<k>(?-i:[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,3}))\s+law\b"
                     r"|\b(?P<m>(?-i:[A-Z][\w.']*(?:\s+[A-Z][\w.']*){0,3}))\s+law\b", re.I)
_ZH_LAW = re.compile(r"(?:适用|受|依据|按照)(?P<j>[\u4e00-\u9fffA-Za-z ]{1,12}?)(?:的)?(?:法律|法)(?:管辖)?")
_EN_PARTY = re.compile(r"\b(?:with|involving|between|signed with|entered into with|to which)\s+(?P<p>[A-Z0-9][\w&.,'-]*"
                       r"(?:\s+[A-Z0-9&][\w&.,'-]*)*)")
_ZH_PARTY = re.compile(r"(?:与|(?<![总共])和|(?<![合共相不陪协])同|跟)(?P<p>[^，。？?、\s]{2,30}?)(?:签订|签署|订立|之间|的|有关)")
_ACTIVE_EN = re.compile(r"\b(?:active|in force|in effect|currently running|still running|unexpired|ongoing|"
                        r"still valid|valid)\b", re.I)
_ACTIVE_ZH = re.compile(r"(?:仍然?|目前|现在|当前|尚)?(?:有效(?!期)|生效中|在履行|履行中|未到期|尚未到期|存续|仍在期限内)")
_AS_OF = re.compile(r"\b(?:as of|on|at)\s*$|截至\s*$|截止\s*$|在\s*$", re.I)
_EFFECTIVE_EN = re.compile(r"\b(?:signed|executed|dated|entered into|made|effective|starting|started|commencing)\b"
                           r"[^?]{0,25}?\b(?P<rel>on or after|on or before|after|before|since|from|prior to|in|during)\s*$",
                           re.I)
_ENDS_EN = re.compile(r"\b(?:expir\w*|end\w*|terminat\w*|run\w* out)\b[^?]{0,25}?\b(?P<rel>on or after|on or before|"
                      r"after|before|by|prior to|in|during|until)\s*$", re.I)
_EFFECTIVE_ZH = re.compile(r"^\s*(?P<rel>之后|以后|后|之前|以前|前|以来|起)?\s*(?:签订|签署|生效|订立|开始)")
_EFFECTIVE_ZH_LEAD = re.compile(r"(?:签订|签署|生效|订立)(?:日期|时间)?(?:在|于)?\s*$")
_ENDS_ZH = re.compile(r"^\s*(?P<rel>之后|以后|后|之前|以前|前)?\s*(?:到期|终止|届满|结束)")
_ENDS_ZH_LEAD = re.compile(r"(?:到期|终止|届满)(?:日期|时间)?(?:在|于)?\s*$")
_DURING = re.compile(r"\b(?:in|during|throughout|as of|at any time in)\s*$", re.I)
_YEAR = re.compile(r"(?<!\d)(?P<y>(?:19|20)\d{2})(?!\d)")
_OPS_EN = [(re.compile(p + r"\s*$", re.I), op) for p, op in (
    (r"\b(?:over|more than|above|greater than|exceeding|in excess of|larger than)", Comparison.GT),
    (r"\b(?:at least|no less than|not less than|minimum of)", Comparison.GE),
    (r"\b(?:under|less than|below|smaller than)", Comparison.LT),
    (r"\b(?:at most|no more than|not more than|up to|maximum of)", Comparison.LE),
    (r"\b(?:exactly|equal to|of)", Comparison.EQ))]
_OPS_ZH_BEFORE = [(re.compile(p + r"\s*$"), op) for p, op in (
    (r"(?:超过|高于|大于|多于)", Comparison.GT), (r"(?:不低于|不少于|至少|不小于)", Comparison.GE),
    (r"(?:低于|少于|小于|不足)", Comparison.LT), (r"(?:不超过|不高于|至多|最多|不大于)", Comparison.LE),
    (r"(?:等于|为|是)", Comparison.EQ))]
_OPS_ZH_AFTER = [(re.compile(r"^\s*" + p), op) for p, op in (
    (r"(?:以上|之上)", Comparison.GE), (r"(?:以下|之下|以内)", Comparison.LE))]
_TYPE_EN = re.compile(r"\b(?P<t>(?:[A-Za-z-]+\s+){1,2}?)(?:agreements?|contracts?)\b", re.I)
_TYPE_ZH = re.compile(r"(?P<t>[\u4e00-\u9fff]{2,6})(?:合同|协议)")
_NOT_A_PARTY = re.compile(r"\b(?:law|laws|term|terms|renewal|amount|value|effective|governing|the|a|an)\b$|法律|期限|金额",
                          re.I)


_EN_PLURAL = re.compile(rf"\b{_EN_CONTRACTS}\b|\bhow many\b|\b(?:which|what)\s+(?:contract|agreement)\b", re.I)


def is_corpus_question(question: str) -> bool:
    """About the contracts as a set ("which contracts", 哪些合同) rather than one contract
    ("which law governs the agreement", 本合同…)."""
    text = to_halfwidth(question)
    if re.search(r"[\u4e00-\u9fff]", text):
        return bool(_ZH_CORPUS.search(text)) and not _ZH_SINGLE.search(text) \
            and not _ZH_LEGAL_KNOWLEDGE.search(text)
    return bool(_EN_CORPUS.search(text)) and bool(_EN_PLURAL.search(text)) and not (
        _EN_SINGLE.search(text) and not re.search(rf"\b{_EN_CONTRACTS}\b", text, re.I))


def route_fact_question(question: str, *, today: date | None = None) -> FactQuery | None:
    """The typed query a corpus-level facts question asks, or None (not such a question)."""
    if not question or not question.strip() or not is_corpus_question(question):
        return None
    text = to_halfwidth(question).strip()
    zh = bool(re.search(r"[\u4e00-\u9fff]", text))
    amount = _amount(text, zh)
    group = _GROUP.search(text)
    group_by = None
    if group:
        aggregation = Aggregation.GROUP
        group_by = _GROUP_KEYS[(group.group("g") or group.group("z")).lower()]
    elif _SUM.search(text) and (amount is None or _EXPLICIT_SUM.search(text)):
        aggregation = Aggregation.SUM
    else:
        aggregation = Aggregation.COUNT if _COUNT.search(text) else Aggregation.LIST
    return FactQuery(contract_type=_contract_type(text, zh), party=_party(text, zh), governing_law=_law(text, zh),
                     effective=_range(text, zh, ends=False), ends=_range(text, zh, ends=True),
                     amount=amount, aggregation=aggregation, group_by=group_by,
                     **_active(text, zh, today))


def _law(text: str, zh: bool) -> str | None:
    if zh:
        m = _ZH_LAW.search(text)
        if m and m.group("j").strip() not in ("", "哪些", "哪国", "哪个", "什么"):
            return canonical_jurisdiction(m.group("j").strip())
        return None
    for m in _EN_LAW.finditer(text):
        raw = m.group("j") or m.group("k") or m.group("m")
        raw = re.sub(r"^(?:the\s+)?(?:laws?\s+of\s+)?(?:the\s+)?", "", raw.strip(), flags=re.I)
        if raw and raw.lower() not in ("governing", "applicable", "which", "what", "the", "contract", "case", "common"):
            if m.group("m") and not re.search(r"\bgovern|\bunder\b|\bsubject to\b", text, re.I):
                continue  # "Delaware law" needs a governing verb somewhere in the question
            return canonical_jurisdiction(raw)
    return None


def _party(text: str, zh: bool) -> str | None:
    m = (_ZH_PARTY if zh else _EN_PARTY).search(text)
    if not m:
        return None
    name = m.group("p").strip().rstrip(",.?")
    if name.endswith("'s"):
        name = name[:-2]
    if len(name) < 2 or _NOT_A_PARTY.search(name):
        return None
    return name


def _active(text: str, zh: bool, today: date | None) -> dict[str, date | DateRange]:
    """``active_on`` a day the question names, ``active_during`` a year or month it names
    (2024年仍然有效: in force at some time in 2024), else today — never today when a date is given."""
    m = (_ACTIVE_ZH if zh else _ACTIVE_EN).search(text)
    if not m:
        return {}
    for d in find_dates(text):
        if not (_AS_OF.search(text[:d.start]) or zh):
            continue
        first, last = _bounds(str(d.value))
        if first is None:
            continue
        return {"active_on": first} if first == last else {"active_during": DateRange(first, last)}
    if not zh:
        for y in _YEAR.finditer(text):
            if _DURING.search(text[:y.start()]):
                first, last = _bounds(y.group("y"))
                return {"active_during": DateRange(first, last)}
    return {"active_on": today or date.today()}


def _range(text: str, zh: bool, *, ends: bool) -> DateRange | None:
    """Dates the question puts before / after / in around signing (or the end of the term)."""
    for d in find_dates(text):
        value = str(d.value)
        if zh:
            lead = (_ENDS_ZH_LEAD if ends else _EFFECTIVE_ZH_LEAD).search(text[:d.start])
            tail = (_ENDS_ZH if ends else _EFFECTIVE_ZH).match(text[d.end:])
            if not (lead or tail):
                continue
            rel = tail.group("rel") if tail else None
            return _span(value, {"之后": "after", "以后": "after", "后": "after", "以来": "after", "起": "after",
                                 "之前": "before", "以前": "before", "前": "before"}.get(rel or "", "in"))
        m = (_ENDS_EN if ends else _EFFECTIVE_EN).search(text[:d.start])
        if m:
            return _span(value, m.group("rel").lower())
    if not zh:  # a bare year: "signed in 2023"
        for y in _YEAR.finditer(text):
            m = (_ENDS_EN if ends else _EFFECTIVE_EN).search(text[:y.start()])
            if m and not any(d.start <= y.start() < d.end for d in find_dates(text)):
                return _span(y.group("y"), m.group("rel").lower())
    return None


def _span(value: str, rel: str) -> DateRange | None:
    """A date as written (year, month or day) and a relation → an inclusive day range."""
    first, last = _bounds(value)
    if first is None:
        return None
    if rel in ("after", "since", "from", "on or after"):
        return DateRange(start=first if rel in ("since", "from", "on or after") else _next_day(last))
    if rel in ("before", "prior to", "by", "on or before", "until"):
        return DateRange(end=last if rel in ("by", "on or before", "until") else _previous_day(first))
    return DateRange(start=first, end=last)


def _bounds(value: str) -> tuple[date | None, date | None]:
    import calendar

    parts = value.split("-")
    try:
        if len(parts) == 1:
            y = int(parts[0])
            return date(y, 1, 1), date(y, 12, 31)
        if len(parts) == 2:
            y, m = int(parts[0]), int(parts[1])
            return date(y, m, 1), date(y, m, calendar.monthrange(y, m)[1])
        if len(parts) == 3 and parts[0]:
            day = date.fromisoformat(value)
            return day, day
    except ValueError:
        pass
    return None, None


def _next_day(day: date) -> date:
    return date.fromordinal(day.toordinal() + 1)


def _previous_day(day: date) -> date:
    return date.fromordinal(day.toordinal() - 1)


def _amount(text: str, zh: bool) -> AmountFilter | None:
    for a in find_amounts(text):
        before, after = text[max(0, a.start - 12):a.start], text[a.end:a.end + 4]
        op = None
        for pattern, candidate in (_OPS_ZH_BEFORE if zh else _OPS_EN):
            if pattern.search(before):
                op = candidate
                break
        if zh:
            for pattern, candidate in _OPS_ZH_AFTER:
                if pattern.match(after):
                    op = candidate if op is None or op is Comparison.EQ else op
        if op is None:
            continue
        return AmountFilter(op=op, value=Decimal(str(a.value)), currency=a.meta.get("currency"))
    return None


def _contract_type(text: str, zh: bool) -> str | None:
    for m in (_TYPE_ZH if zh else _TYPE_EN).finditer(text):
        kind = classify_type(m.group("t"))
        if kind is not None:
            return kind
    return None
