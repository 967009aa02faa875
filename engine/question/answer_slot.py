"""The slot an answer fills, in the answerability judge's terms (engine/answer/judge/).

A slot is the kind of thing an answer is: a person, a court, an organisation, a place, a date, an
amount, a quantity, a duration, a relationship, a reason, a manner, a charge, a penalty, a degree.
The judge compares the asked slot with what a passage contains. Every pattern describes legal
language in general, never a name or phrase of one document. The order of the enum is part of the
judge's features (its code): append, never reorder.
"""

from __future__ import annotations

import re
from enum import Enum

from engine.question.markers import YESNO_WORDS


class AnswerSlot(str, Enum):
    YESNO = "yesno"
    PERSON = "person"
    COURT = "court"
    ORG = "org"
    PLACE = "place"
    DATE = "date"
    AMOUNT = "amount"
    QUANTITY = "quantity"
    DURATION = "duration"
    RELATION = "relation"
    REASON = "reason"
    MANNER = "manner"
    CHARGE = "charge"
    PENALTY = "penalty"
    DEGREE = "degree"
    WHAT = "what"  # anything else: 什么, what, 哪些 …


# Question forms, tried in this order: the first that matches names the slot. Yes/no goes first
# (是否构成盗窃罪 asks for a verdict, not for a charge); a duration before a quantity (多少年).
ASK_PATTERNS: tuple[tuple[AnswerSlot, re.Pattern[str]], ...] = (
    (AnswerSlot.YESNO, re.compile(rf"{YESNO_WORDS}|[吗嘛][？?]?\s*$|"
                            r"^\s*(?:does|do|did|is|are|was|were|has|have|had|can|may|shall|will|must)\b", re.I)),
    (AnswerSlot.REASON, re.compile(r"为什么|为何|因何|何故|什么原因|原因是|原因为|什么理由|理由是|何种原因|哪些原因|缘由|起因|"
                             r"\bwhy\b|\breason", re.I)),
    (AnswerSlot.RELATION, re.compile(r"什么关系|何种关系|哪种关系|关系是|关系为|系何关系|是何关系|relationship", re.I)),
    (AnswerSlot.COURT, re.compile(r"(?:哪个|哪家|哪一|什么|何|哪|哪级)(?:人民)?法院|法院是|(?:向|在|到)(?:哪|何处).{0,6}(?:起诉|诉讼|仲裁)|"
                            r"仲裁委|which court", re.I)),
    (AnswerSlot.CHARGE, re.compile(r"什么罪|何罪|罪名|哪种罪|哪些罪|何种罪|构成.{0,4}罪[？?]?$")),
    (AnswerSlot.PENALTY, re.compile(r"刑罚|判处|判刑|判了|刑期|量刑|处罚|何种处罚|什么处罚|怎么判|如何判|penalt", re.I)),
    (AnswerSlot.DURATION, re.compile(r"多久|多长时间|多长|期限|几年|几个月|几天|多少年|多少天|多少个月|多少日|几日|几周|"
                               r"how long|period|term\b", re.I)),
    (AnswerSlot.DATE, re.compile(r"哪天|哪一天|什么时候|何时|日期|哪年|哪一年|几月|什么时间|哪个月|几点|何日|哪日|"
                           r"\bwhen\b|what date|what time", re.I)),
    (AnswerSlot.AMOUNT, re.compile(r"多少钱|多少元|多少万|金额|数额|价款|款项|费用|价值多少|损失多少|赔偿多少|how much|amount|\bfee|price|"
                             r"(?:款|费|金|钱|价|资|酬|租|债|息|额)[^，。？?]{0,4}(?:是|有|为)?多少|"
                             r"多少[^，。？?]{0,3}(?:款|费|钱|金|资|酬|租|债|利息)", re.I)),
    (AnswerSlot.DEGREE, re.compile(r"伤情|伤势|伤残|程度|等级|级别|几级|什么级|损伤|鉴定意见|鉴定结论|情况如何|怎么样")),
    (AnswerSlot.QUANTITY, re.compile(r"几次|几笔|多少次|多少笔|几个|几份|几张|多少个|多少|几[个名人辆台件处套间]|how many", re.I)),
    (AnswerSlot.PERSON, re.compile(r"谁|何人|什么人|哪位|哪些人|哪个人|姓名|名字|叫什么|\bwho\b|\bwhom\b", re.I)),
    (AnswerSlot.ORG, re.compile(r"(?:哪个|哪家|哪一|什么|何|哪些|哪所|哪间)(?:公司|单位|机构|部门|银行|医院|企业|组织|学校|保险|机关|平台|"
                          r"鉴定机构|派出所|公安|检察院)|which (?:company|bank|party)", re.I)),
    (AnswerSlot.PLACE, re.compile(r"哪里|何处|何地|什么地方|哪个地方|哪儿|地址|地点|位于|在哪|哪个(?:省|市|县|区|镇|乡|村|路)|住所|"
                            r"\bwhere\b", re.I)),
    (AnswerSlot.MANNER, re.compile(r"如何|怎么|怎样|什么方式|何种方式|方式|手段|方法|途径|以何|\bhow\b", re.I)),
)


def asked_slot(question: str) -> AnswerSlot:
    for slot, pattern in ASK_PATTERNS:
        if pattern.search(question):
            return slot
    return AnswerSlot.WHAT
