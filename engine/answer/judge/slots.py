"""Which slots a passage can fill (the asked slot is read with the question: engine/question).

A slot is the kind of thing an answer is: a person, a court, an organisation, a place, a date, an
amount, a quantity, a duration, a relationship, a reason, a manner, a charge, a penalty, a degree.
The judge compares the asked slot with what a passage contains: a question asking 哪个法院 is
answered by a passage naming a court, not by one that only repeats the question's words.

Every pattern describes legal language in general (a court is …人民法院 or …仲裁委员会, a duration
is a number with 年/个月/天), never a name or phrase of one document. English patterns cover
contracts (days, months, dates, money).
"""

from __future__ import annotations

import re

from engine.question import AnswerSlot as Slot


_NUM = r"(?:\d+(?:[.,]\d+)?|[一二三四五六七八九十两百千万零〇半]+)"
# What a passage can fill, by slot. Dates and amounts also come from the chunk's facts (the
# enrichment's normalised values); the patterns catch what the facts do not cover.
FILL_PATTERNS: dict[Slot, re.Pattern[str]] = {
    Slot.PERSON: re.compile(r"[\u4e00-\u9fff][×xX＊*ｘ\d某]{1,4}(?![\u4e00-\u9fff]{0,1}(?:元|年|月|日|号|米|公斤|克))|"
                            r"[\u4e00-\u9fff]某[\u4e00-\u9fff]?|某某|(?:原告|被告人?|上诉人|申请人|被害人|证人|第三人|"
                            r"法定代表人|委托代理人)[\u4e00-\u9fff]{2,3}|\b[A-Z][a-z]+ [A-Z][a-z]+\b"),
    Slot.COURT: re.compile(r"人民法院|法院|仲裁委员会|仲裁委|court", re.I),
    Slot.ORG: re.compile(r"[\u4e00-\u9fff]{2,}(?:公司|集团|银行|医院|学校|学院|大学|中心|委员会|局|厅|所|站|厂|店|协会|"
                         r"合作社|事务所|派出所|检察院|政府|部门|单位|机构|公证处|办事处|支行|分行)|\b(?:Inc|LLC|Ltd|Corporation|Company|GmbH)\b"),
    Slot.PLACE: re.compile(r"[\u4e00-\u9fff]{1,8}(?:省|市|县|区|镇|乡|村|街道|路|街|巷|号|组|小区|大厦|广场|宾馆|酒店|"
                           r"门口|附近|境内|家中|住处|住所|房间|楼)|\b(?:in|at) (?:the )?[A-Z][a-z]+"),
    Slot.DATE: re.compile(rf"{_NUM}年{_NUM}月(?:{_NUM}日)?|{_NUM}月{_NUM}日|{_NUM}年(?!{_NUM}?个?月)|[上下]午|凌晨|晚上|"
                          r"\b(?:January|February|March|April|May|June|July|August|September|October|November|"
                          r"December)\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"),
    Slot.AMOUNT: re.compile(rf"{_NUM}(?:万|千|百|亿)?(?:余)?元|人民币|美元|港元|欧元|[$¥￥€£]\s?\d|\bdollars?\b|\bUSD\b|\bRMB\b", re.I),
    Slot.QUANTITY: re.compile(rf"{_NUM}(?:余|多)?(?:个|次|笔|份|张|人|名|辆|台|件|处|套|间|克|千克|公斤|吨|米|平方米|亩|"
                              r"株|棵|只|头|条|部|支|瓶|箱|袋|包|枚|块|%|％)|\b\d+\b"),
    # 三年 / 6个月 / 十五日, but not the 年 of a date (2001年5月) nor a day of a date (5月27日)
    Slot.DURATION: re.compile(rf"(?<![月\d]){_NUM}(?:个)?(?:年|月|日|天|小时|周|星期|分钟)(?![\d一二三四五六七八九十])|期限|为期|有效期|"
                              r"\b\d+\s*\(?\w*\)?\s*(?:days?|months?|years?|weeks?)\b|\bperiod\b", re.I),
    Slot.RELATION: re.compile(r"夫妻|配偶|丈夫|妻子|之妻|之夫|父亲|母亲|父子|父女|母子|母女|儿子|女儿|之子|之女|兄弟|姐妹|兄妹|"
                              r"姐弟|子女|亲属|亲戚|朋友|同事|同学|邻居|雇佣|雇主|雇员|员工|职工|劳动关系|借贷|租赁|买卖|"
                              r"合作|承包|股东|法定代表人|恋爱|同居|婚生|继子|继女|岳父|岳母|公公|婆婆|表兄|堂兄|"
                              r"affiliate|employee|subsidiar", re.I),
    Slot.REASON: re.compile(r"因为|由于|因|原因|导致|致使|以致|为了|所以|故|缘于|because|due to|as a result", re.I),
    Slot.MANNER: re.compile(r"通过|采用|采取|利用|以.{1,10}(?:方式|手段|名义|方法)|方式|手段|方法|by means of|through", re.I),
    Slot.CHARGE: re.compile(r"罪"),
    Slot.PENALTY: re.compile(r"有期徒刑|拘役|管制|罚金|缓刑|死刑|无期徒刑|判处|没收|罚款|剥夺政治权利|行政拘留"),
    Slot.DEGREE: re.compile(r"[一二三四五六七八九十\d]+级|程度|轻伤|重伤|轻微伤|伤残|骨折|损伤|鉴定"),
}


def filler_spans(text: str, slot: Slot) -> list[tuple[int, int]]:
    pattern = FILL_PATTERNS.get(slot)
    return [m.span() for m in pattern.finditer(text)] if pattern is not None else []


NEGATION = re.compile(r"不|未|没有|没|无|非|否认|拒绝|拒不|并非|均未|尚未|从未|不得|禁止|"
                      r"\bnot\b|\bno\b|\bnever\b|\bneither\b|\bnor\b|\bwithout\b|\bnone\b|n't\b|"
                      r"\bprohibit|\bshall not\b|\bmay not\b", re.I)
# The permission/obligation a sentence states, for contract hypotheses ("may share" vs "shall not").
PERMIT = re.compile(r"\bmay\b|\bcan\b|\bis permitted\b|\bare permitted\b|\bentitled\b|\ballowed\b|可以|有权|允许", re.I)
OBLIGE = re.compile(r"\bshall\b|\bmust\b|\bwill\b|\bagrees? to\b|\bundertakes?\b|\bobliged\b|\brequired\b|应当|必须|应|须", re.I)
EXCEPTION = re.compile(r"\bexcept\b|\bunless\b|\bprovided that\b|\bother than\b|\bsave\b|\bnotwithstanding\b|"
                       r"但|除.{0,20}外|除非|例外", re.I)
ONLY = re.compile(r"\bonly\b|\bsolely\b|\bexclusively\b|仅|只|唯一", re.I)
