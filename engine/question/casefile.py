"""Question plans for case files: which slots a question asks (amount, date, means, place, person,
count, yes/no …), over which events (kind, occurrence, period, parties) and with which aggregate
(total, what is still owed, the Nth, how many).

A plan is read from the question's own words only. "第一次给钱是哪天、给了多少、怎么给的？" asks three
slots of one event; each is answered (or reported missing) on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from engine.question.focus import Focus, read_focus
from engine.question.reading import Reading, analyse
from engine.ledger.extract import ordinal_of, question_kind
from engine.ledger.lexicon import MEANS, PRINCIPAL, TOTAL
from engine.text.dates import find_dates
from engine.text.names import party_names


class Slot(str, Enum):
    AMOUNT = "amount"
    DATE = "date"
    TIME = "time"  # 几点: a time of day
    MEANS = "means"
    PLACE = "place"
    PERSON = "person"
    COUNT = "count"
    YESNO = "yesno"
    RATE = "rate"
    DURATION = "duration"
    INSTRUMENT = "instrument"  # 用什么东西打的: the object used
    ACCOUNT = "account"  # 转到哪张卡上: a bank card or account
    FIELD = "field"  # a header field of the record: 电话, 身份证号, 职务, 侦查员 …
    TEXT = "text"  # what / why / how, answered by quoting


SLOT_WORDS: dict[Slot, re.Pattern[str]] = {
    Slot.INSTRUMENT: re.compile(r"用什么(?:东西|工具|凶器|器具|家伙)?(?:把|将)?[^，。？?]{0,4}(?:打|砸|捅|砍|刺|扎|伤|划|击)|凶器|作案工具"),
    Slot.RATE: re.compile(r"(?:利息|利率|收益|回报|息)(?:率)?(?:是|为|按)?多少(?!钱)|(?:月息|年息|利率|年化|收益率)"
                          r"|几分(?:利|息)|(?:承诺|约定|说好)的?(?:利息|收益|回报)"),
    Slot.COUNT: re.compile(r"几次|几笔|多少次|多少笔|几回|多少回|几趟"),
    Slot.AMOUNT: re.compile(r"多少钱|多少元|多少万|多少块|多少本金|多少利息|多少(?![次笔回趟个天年月日周小分])|金额|数额|几万|几千|"
                            r"how much|amount", re.I),
    Slot.DATE: re.compile(r"哪天|哪一天|哪日|几号|什么时候|何时|日期|哪年|哪一年|几月|哪个月|什么时间|时间"),
    Slot.TIME: re.compile(r"几点|什么时刻|哪个时刻|几时几分"),
    Slot.MEANS: re.compile(r"怎么(?:给|付|转|交|打|汇|还|退|赔|拿|取|投)|如何(?:给|付|支付|转|交)|什么方式|何种方式|"
                           r"以?(?:什么|哪种)(?:方式|途径|渠道)|通过什么|用什么(?:方式|支付|转)|方式"),
    Slot.ACCOUNT: re.compile(r"哪张(?:银行)?卡|哪个(?:银行)?(?:账户|卡|账号)|什么(?:银行)?卡|哪家银行"),
    Slot.PLACE: re.compile(r"哪里|哪儿|什么地方|什么地点|何地|何处|地点|在哪|(?<!是)从哪(?!张|个)|交到哪|去哪"),
    Slot.PERSON: re.compile(r"谁|哪个人|什么人|哪些人|姓名|叫什么名字|叫什么"),
    Slot.DURATION: re.compile(r"多长时间|多久|多长|期限|几个月|几年|(?:几|多少)(?:个)?(?:小时|天|日|周|分钟)"),
}
YESNO = re.compile(r"是否|有没有|是不是|有无|能否|可否|对不对|吗[？?]?\s*$|吗[，,]")
# The record itself: "这次讯问是什么时间、在什么地方" is about the header, not an event.
RECORD = re.compile(r"(?:这次|本次|此次|第[一二三四五六七八九十\d]+次|上次|首次)?(?:讯问|询问|笔录|谈话|问话)")
SESSION = re.compile(r"第([一二三四五六七八九十\d]+)次(?:讯问|询问|笔录)")
EVIDENCE = re.compile(r"(?:哪些|什么|有何)(?:证据|材料|事实|情况|陈述)(?:能|可以|可)?(?:证明|表明|说明|显示|反映)|"
                      r"证据(?:有|是)?哪些|依据是什么|根据什么|(?:供述|陈述|说法|证言|交代|辩解)(?:有|是)?哪些|"
                      r"哪些(?:供述|陈述|说法|证言|交代)")
# Overviews of a whole record: its contradictions, its gaps.
CONFLICTS = re.compile(r"矛盾|不一致|出入|前后说法|说法不一|翻供|改口|前后不符")
GAPS = re.compile(r"(?:哪些|什么)[^？?]{0,6}(?:记不清|不记得|不知道|不清楚|说不清)|(?:记不清|不知道|不清楚)[^？?]{0,8}(?:哪些|情况|地方)")
# What the questioning side itself said (讯问开始时侦查人员援引了哪条法律): their own words answer.
ASKER_SAID = re.compile(r"(?:侦查人员|侦查员|民警|讯问人|询问人|办案人员|警察|公安机关?)[^，。？?]{0,8}"
                        r"(?:援引|引用|告知|宣读|出示|提到|提出|问了|念)")
# Questions about the law, even when they name money (诈骗罪数额较大的怎么处罚): statute questions.
LAW = re.compile(r"(?<![悔认谢赔请得])罪(?!嫌疑|前科|记录|经历|史)|哪(?:部|条)法律|怎么(?:处罚|判|定罪|量刑)|如何(?:处罚|定罪|量刑)|判几年|判多少|量刑|刑期|刑罚|"
                 r"法律(?:规定|依据)|法条|第[一二三四五六七八九十百千\d]+条|哪条法律|违反了?什么法|构成|追诉")
OUTSTANDING = re.compile(r"还欠|尚欠|仍欠|欠(?:了|着)?[^，。？?]{0,6}多少|还剩|剩下|剩余|还有多少[^，。？?]{0,8}没|"
                         r"没(?:有)?(?:拿回|要回|收回|还|退|归还)|未(?:还|退|归还|返还)|还差|余额|实际损失|损失了?多少|净|"
                         r"(?:还|仍|尚)(?:有)?多少损失|损失(?:还|仍|尚)有多少")
# Words that make a question about money (打了某甲 is a blow, 打了五千元 a transfer).
MONEY = re.compile(r"钱|元|款|万|千|费|息|本金|多少|金额|数额|笔")
FIELD_NUMBER = re.compile(r"号码?|电话|手机|卡号|账号")
SO_FAR = re.compile(r"已经|至今|到目前为止|到现在为止|迄今")  # 已经付了多少: everything paid so far
FIRST_LAST = re.compile(r"(最后|最近|最早|最开始|最初|头|第一|首)(?:那)?(?:一)?(?:次|笔|回|期)")
DEMAND = re.compile(r"要求|索要|索赔|还要|再(?:赔|给|付)")
# 2021年7月那次 / 5月份那笔: the occurrence named by its time.
PERIOD = re.compile(r"(?P<when>[^，。？?、]{2,14}?)(?:那|这)(?:一)?(?:次|笔|回)")
# Header fields a question can name, with the words that name them.
FIELD_WORDS: dict[str, re.Pattern[str]] = {
    "id": re.compile(r"身份证|公民身份号码|证件号"),
    # 手机号, 电话: a number; 打电话 is a call and 手机扔到哪里 the phone itself
    "phone": re.compile(r"手机(?:号|[^，。？?]{0,3}(?:多少|什么))|(?<![打接来通回挂])电话|联系方式"),
    "address": re.compile(r"住址|住在哪|住哪|家住|户籍|居住地|地址"),
    "birth": re.compile(r"出生|生日|多大|年龄|几岁"),
    "job": re.compile(r"职务|职业|工作单位|在哪(?:里)?(?:工作|上班)|做什么工作|岗位"),
    "officer": re.compile(r"侦查员|讯问人|询问人|办案民警|民警是谁|办案人"),
    "recorder": re.compile(r"记录人"),
    "gender": re.compile(r"性别|男的还是女的"),
    "education": re.compile(r"文化程度|学历"),
    "ethnicity": re.compile(r"民族"),
    "bank_card": re.compile(r"银行卡号|卡号|账号"),
}
# The same fields as a record's header keys them.
FIELD_KEYS: dict[str, re.Pattern[str]] = {
    "id": re.compile(r"身份证|公民身份号码|证件"),
    "phone": re.compile(r"手机|电话|联系方式"),
    "address": re.compile(r"住址|户籍|居住地|地址"),
    "birth": re.compile(r"出生"),
    "job": re.compile(r"职务|职业|工作单位"),
    "officer": re.compile(r"^(?:侦查员|讯问人|询问人|办案民警|办案人)"),
    "recorder": re.compile(r"^记录人"),
    "gender": re.compile(r"性别"),
    "education": re.compile(r"文化程度|学历"),
    "ethnicity": re.compile(r"民族"),
    "bank_card": re.compile(r"银行卡|卡号|账号"),
}


@dataclass
class CasePlan:
    question: Reading
    slots: list[Slot] = field(default_factory=list)
    kind: str | None = None  # the event kind asked about (ledger lexicon)
    aggregate: str | None = None  # total | outstanding | nth | first | last | count
    ordinal: int | None = None
    period: str | None = None  # an ISO (partial) date naming the occurrence
    principal: bool | None = None
    names: list[str] = field(default_factory=list)
    record: bool = False  # about the interrogation record itself (its header)
    session: int | None = None
    fields: list[str] = field(default_factory=list)  # header fields asked (FIELD_WORDS keys)
    evidence: bool = False
    law: bool = False
    demand_more: bool = False  # 还要求再赔多少: what is still asked for
    parts: dict[Slot, str] = field(default_factory=dict)  # the words of the question that ask each slot
    overview: str | None = None  # conflicts | gaps: a question about the whole record
    asker_said: bool = False  # about what the questioning side said
    means: str | None = None  # 投现金的那次: the occurrence named by how it was paid
    focus: Focus = field(default_factory=Focus)  # the asked act, its objects and parties (focus.py)

    @property
    def text(self) -> str:
        return self.question.text

    def to_dict(self) -> dict:
        """What the answer was planned to give (in the answer JSON and its audit record)."""
        return {"slots": [s.value for s in self.slots], "kind": self.kind, "aggregate": self.aggregate,
                "ordinal": self.ordinal, "period": self.period, "means": self.means,
                "principal": self.principal, "names": list(self.names), "record": self.record,
                "session": self.session, "fields": list(self.fields), "evidence": self.evidence,
                "law": self.law, "overview": self.overview, "focus": self.focus.to_dict()}

    @property
    def money(self) -> bool:
        return Slot.AMOUNT in self.slots or Slot.COUNT in self.slots and self.kind is not None


def _parts(text: str) -> list[str]:
    """"第一次给钱是哪天、给了多少、怎么给的" → its asked parts, in order."""
    return [p for p in re.split(r"[、，,；;]|(?<=[？?])|以及|还有(?=什么|多少)", text) if p.strip()]


_WH = re.compile(r"什么|怎样|怎么|如何|哪|谁|多少|几")


def _fields_asked(part: str) -> list[str]:
    """Header fields a part asks the value of: 身份证号码是多少, 住在哪里 — not a field word inside an
    act (有没有利用职务帮忙) or beside someone asked for (谁过生日请的客)."""
    named = [name for name, pattern in FIELD_WORDS.items() if pattern.search(part)]
    if not named:
        return []
    if YESNO.search(part) and not _WH.search(part):
        return []  # a yes/no about an act, not a request for the field's value
    if SLOT_WORDS[Slot.PERSON].search(part):
        return [n for n in named if n in ("officer", "recorder")]
    return named


def make_plan(text: str) -> CasePlan:
    question = analyse(text)
    plan = CasePlan(question=question, names=party_names(text, list(question.names)))
    plan.focus = read_focus(text, question, plan.names)
    plan.law = bool(LAW.search(text))
    plan.asker_said = bool(ASKER_SAID.search(text))
    if GAPS.search(text):
        plan.overview = "gaps"
    elif CONFLICTS.search(text):
        plan.overview = "conflicts"
    plan.evidence = bool(EVIDENCE.search(text))
    plan.fields = [name for part in _parts(text) for name in _fields_asked(part)]
    plan.fields = list(dict.fromkeys(f for f in FIELD_WORDS if f in plan.fields))
    money_parts: list[str] = []
    for part in _parts(text):
        found = [slot for slot, pattern in SLOT_WORDS.items() if pattern.search(part)]
        if Slot.RATE in found and Slot.AMOUNT in found and not re.search(r"多少钱|多少元|本金|金额", part):
            found.remove(Slot.AMOUNT)
        if plan.fields and Slot.AMOUNT in found and FIELD_NUMBER.search(part):
            found = [Slot.FIELD if s is Slot.AMOUNT else s for s in found]  # 身份证号码是多少
        if not found and re.search(r"什么|怎样|怎么样|如何|为什么|哪", part):
            found = [Slot.TEXT]
        if not found and YESNO.search(part) and plan.overview is None:
            found = [Slot.YESNO]  # 投诉过吗？是哪天？: the yes/no is a part of its own
        if any(s in found for s in (Slot.AMOUNT, Slot.DATE, Slot.MEANS, Slot.PLACE, Slot.COUNT)) \
                or found == [Slot.RATE] and len(_parts(text)) == 1:
            money_parts.append(part)
        plan.slots.extend(s for s in found if s not in plan.slots)
        for slot in found:
            plan.parts.setdefault(slot, part)
    session = SESSION.search(text)
    if session:
        plan.session = ordinal_of(f"第{session.group(1)}次")
    # About the record itself only when its time, place or people are asked (讯问时侦查人员援引了
    # 哪条法律 is about what was said in it).
    plan.record = bool(RECORD.search(text)) and not plan.law and not plan.asker_said and (
        any(s in plan.slots for s in (Slot.DATE, Slot.TIME, Slot.PLACE)) or any(f in plan.fields for f in ("officer", "recorder")))
    plan.ordinal = None if session and len(re.findall(r"第[一二三四五六七八九十\d]+(?:次|笔)", text)) == 1 \
        else ordinal_of(text)
    first_last = FIRST_LAST.search(text)
    if first_last and first_last.group(1) in ("最后", "最近"):
        plan.aggregate = "last"
    elif first_last and first_last.group(1) in ("最早", "最开始", "最初", "头"):
        plan.aggregate, plan.ordinal = "first", 1
    elif plan.ordinal is not None:
        plan.aggregate = "nth"
    kind_text = OUTSTANDING.sub(" ", "，".join(money_parts))
    money_asked = any(s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT, Slot.RATE))
    plan.kind = question_kind(kind_text or text) if MONEY.search(kind_text) or money_asked else None
    if DEMAND.search(text) and re.search(r"赔|给|付|要", text) and re.search(r"还|再", text):
        plan.kind, plan.demand_more = "demand", True
    if OUTSTANDING.search(text) and Slot.AMOUNT in plan.slots and plan.kind != "demand":
        plan.aggregate = "outstanding"
    elif (TOTAL.search(text) or SO_FAR.search(text)) and Slot.AMOUNT in plan.slots and plan.aggregate is None:
        plan.aggregate = "total"
    elif Slot.COUNT in plan.slots and plan.aggregate is None:
        plan.aggregate = "count"
    if PRINCIPAL.search(text):
        plan.principal = True
    elif plan.kind == "interest":
        plan.principal = False
    period = PERIOD.search(text)
    if period:
        dates = find_dates(period.group("when"))
        means = MEANS.search(period.group("when"))
        if dates:
            plan.period = str(dates[0].value)
        elif means:
            plan.means = means.group(0)
    if YESNO.search(text) and Slot.YESNO not in plan.slots and \
            not any(s in plan.slots for s in (Slot.AMOUNT, Slot.DATE, Slot.COUNT)):
        plan.slots.insert(0, Slot.YESNO)
    if not plan.slots:
        plan.slots.append(Slot.TEXT)
    return plan
