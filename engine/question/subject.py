"""What a question is about, for the check that an answer answers it (engine/answer/subject.py).

* ``articles`` — the statute articles it names: 《X法》第Y条, 刑法第264条, 刑法264条, 第六十七条;
* ``conduct`` — for a question about what the law says of some conduct (盗窃公私财物数额较大的怎么处罚,
  犯罪以后自动投案…的怎么处理, 讯问犯罪嫌疑人时侦查人员不得少于几人): the words that describe the
  conduct or situation. An article answers only if it speaks of them all: 诈骗 is not 盗窃;
* ``clause`` — the kind of contract clause asked about (违约金, 保密, 付款, 管辖 …) and the words that
  named it; ``contract_words`` — words naming a contract by its kind or title (技术服务合同);
* ``asked`` — the kind of value the answer must give: an article's text, a rate, an amount, a
  duration, a date, a court or place, a person, yes/no, or text.

Everything here is general legal Chinese (how questions name conduct, clauses and values), never a
phrase of one document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.question.answer_slot import AnswerSlot
from engine.question.reading import QUESTION_WORDS, Asks, Reading
from engine.text.names import posseg
from engine.text.numbers import parse_number
from engine.text.refs import find_statute_refs


class Asked(str, Enum):
    ARTICLE = "article"  # what an article says
    RATE = "rate"  # 万分之五 / 千分之一 / 20% / 百分之二十
    AMOUNT = "amount"
    DURATION = "duration"
    DATE = "date"
    PLACE = "place"  # incl. a court: 甲方住所地有管辖权的人民法院
    PERSON = "person"
    COUNT = "count"
    YESNO = "yesno"
    TEXT = "text"


@dataclass(frozen=True)
class ArticleAsked:
    law: str | None  # as written (刑法, 中华人民共和国刑法, 民法典); None: no law named
    label: str  # 第二百六十四条
    text: str  # the words of the question that name it

    def named(self) -> str:
        return (f"《{self.law}》" if self.law else "") + self.label


@dataclass(frozen=True)
class ClauseTopic:
    key: str  # the contract-facts clause type (engine/contract_facts/clauses.py) or a field kind
    label: str  # how an answer names it: 违约金, 保密, 付款 …
    question: re.Pattern[str]  # how a question names it
    heading: re.Pattern[str]  # how a clause heading names it
    # Words that are a contract's alone (违约金, 定金); a generic one (诉讼, 期限, 解除) makes a clause
    # question only where the question speaks of a contract (合同, 协议, 甲方, 约定 …).
    contract_only: bool = True


def _t(key: str, label: str, question: str, heading: str, contract_only: bool = True, *,
       en: str | None = None, en_heading: str | None = None) -> ClauseTopic:
    """``en`` / ``en_heading``: how an English question and an English clause heading name the same
    kind (general drafting English, case-insensitive), read by the same route as the Chinese."""
    if en:
        question = f"{question}|(?i:{en})" if question else f"(?i:{en})"
    if en_heading:
        heading = f"{heading}|(?i:{en_heading})" if heading else f"(?i:{en_heading})"
    return ClauseTopic(key, label, re.compile(question), re.compile(heading), contract_only)


# Most specific first: the first topic whose words the question uses wins (保密期限 is confidentiality,
# not the contract's term; 违约金累计不超过 is the liability cap written in the penalty clause).
# ``key`` is the contract facts' clause type (engine/contract_facts/clauses.py) or, for a value the
# contract facts extract as a field (effective_date, governing_law), that field's name.
CLAUSE_TOPICS: tuple[ClauseTopic, ...] = (
    _t("deposit", "定金", r"定金", r"定金", en=r"\bearnest money\b", en_heading=r"earnest money"),
    _t("security_deposit", "保证金", r"保证金|押金|履约担保", r"保证金|押金|担保",
       en=r"\bdeposit\b", en_heading=r"\bdeposit"),
    _t("confidentiality", "保密", r"保密|商业秘密|技术秘密", r"保密",
       en=r"\bconfidential\w*|\bnon-?disclosure\b", en_heading=r"confidential|non-?disclosure"),
    _t("ip_ownership_assignment", "知识产权", r"知识产权|著作权|专利(?:权|申请)|(?:成果|软件|源代码)(?:的)?(?:归属|归谁|所有权)",
       r"知识产权|成果归属", en=r"\bintellectual property\b|\bwho owns\b|\bownership of\b",
       en_heading=r"intellectual property|\bownership\b"),
    _t("cap_on_liability", "违约责任上限", r"(?:违约金|赔偿|责任)[^，。？?]{0,8}(?:累计|最多|最高|上限|封顶|不超过)|"
       r"(?:累计|最多|最高)[^，。？?]{0,6}(?:违约金|赔偿)", r"违约|责任限制|赔偿",
       en=r"\b(?:cap|caps|limit|limits|limitation)\b[^?.]{0,12}\bliabilit\w*|\bliabilit\w*\s+(?:cap|limit)\w*|"
          r"\b(?:maximum|aggregate|total)\s+liabilit\w*", en_heading=r"limitation of liability|\bliabilit"),
    _t("liquidated_damages", "违约金", r"违约金|违约责任|违约(?:的)?(?:怎么|如何)|滞纳金|逾期[^，。？?]{0,12}(?:支付|承担|赔)",
       r"违约", en=r"\bliquidated damages\b|\bpenalt(?:y|ies)\b", en_heading=r"liquidated damages|\bpenalt"),
    # English names this kind apart from termination for cause (the contract facts do too)
    _t("termination_for_convenience", "任意解除", "",  "",
       en=r"\bterminat\w*\b[^?.]{0,40}\b(?:for convenience|without cause|for any reason)\b",
       en_heading=r"convenience"),
    _t("termination", "解除", r"解除(?:合同|本合同)?|终止合同|提前终止", r"解除|终止", contract_only=False,
       en=r"\bterminat\w*|\bcancel\w*", en_heading=r"\bterminat|\bcancel"),
    _t("force_majeure", "不可抗力", r"不可抗力", r"不可抗力", en=r"\bforce majeure\b|\bacts? of god\b",
       en_heading=r"force majeure"),
    # English: not a question about which law applies (the law governing disputes is governing law)
    _t("dispute_resolution", "争议解决", r"争议|纠纷|管辖|哪(?:个|里的?|家)?(?:法院|仲裁)|仲裁|起诉|诉讼", r"争议|管辖",
       contract_only=False, en=r"^(?!.*\b(?:laws?|govern\w*)\b).*?(?:\bdisputes?\b|\barbitrat\w*|\bjurisdiction\b|"
                               r"\bvenue\b|\bwhich courts?\b)",
       en_heading=r"\bdispute|arbitration|jurisdiction|\bvenue\b"),
    _t("governing_law", "适用法律", r"适用(?:的)?(?:哪(?:国|个|里的?))?法律|准据法|法律适用", r"适用法律|法律适用",
       contract_only=False, en=r"\bgovern\w*\b[^?.]{0,30}\blaws?\b|\blaws?\b[^?.]{0,30}\b(?:govern\w*|appl(?:y|ies))\b|"
                               r"\bchoice of law\b|\bapplicable law\b", en_heading=r"governing law|applicable law|choice of law"),
    _t("acceptance", "验收", r"验收", r"验收", en=r"\bacceptance\b", en_heading=r"\bacceptance\b"),
    _t("warranty_duration", "质保", r"质保|保修|质量保证期", r"质保|保修|质量保证",
       en=r"\bwarrant(?:y|ies)\b", en_heading=r"\bwarrant"),
    _t("payment_terms", "付款", r"付款|支付方式|怎么(?:付|支付)|分(?:几|[一二三四五六七八九十\d])期|首期款|首付款|预付款|尾款|"
       r"进度款|第[一二三四五六七八九十\d]+期(?:款|付款)?|价款|服务费|合同(?:总)?(?:金额|价格|总价)", r"价款|支付|付款|费用|结算",
       en=r"\bfees?\b|\bpric(?:e|es|ing)\b|\bpayments?\b|\bpay\b|\binvoic\w*|\bcharges?\b|\bcompensation\b",
       en_heading=r"\bfees?\b|\bpayment|\bpric(?:e|es|ing)\b|\bcompensation\b|\bcharges\b"),
    # A field of the contract facts, located wherever the contract states it (its preamble too)
    _t("effective_date", "生效日期", "", "",
       en=r"\beffective date\b|\bcommencement date\b|\b(?:take|takes|took) effect\b|\bbecome effective\b",
       en_heading=r"effective date"),
    _t("term", "期限", r"服务期限|合同期限|有效期|起止|期限", r"期限|期间", contract_only=False,
       en=r"\b(?:initial|renewal)\s+term\b|\bterm of (?:the|this) (?:agreement|contract)\b|\bhow long\b|"
          r"\bduration\b|\bexpir\w*", en_heading=r"\bterm\b|duration"),
)

# Words naming a contract: its kind (技术服务合同, 采购协议) or 本合同 / 这份合同.
_CONTRACT = re.compile(r"([\u4e00-\u9fff]{2,10}?(?:合同|协议))")
# The title of a law, regulation or interpretation in 《》 (a year or a sequel number may follow in
# brackets): it names where to look, never a contract or a clause kind — 《最高人民法院关于审理买卖
# 合同纠纷案件适用法律问题的解释》 is neither a 买卖合同 nor a question about 纠纷.
_LAW_TITLE = re.compile(r"《[^《》]*?(?:法|法典|条例|规定|解释|办法|细则|决定|规则|修正案|意见|批复)"
                        r"(?:[（(][^《》（）()]{1,8}[)）])?》")
# A question speaking of a contract without naming one: its parties or its terms.
_CONTRACT_CONTEXT = re.compile(r"合同|协议|甲方|乙方|丙方|双方约定|约定|出租人|承租人|出卖人|买受人|委托方|受托方|发包人|承包人|"
                               r"(?i:\b(?:agreement|contract|part(?:y|ies)|provider|customer|licensor|licensee|vendor|"
                               r"supplier|buyer|seller|landlord|tenant)\b)")
# Words that ask what the law says or does about conduct (after the conduct: …的，怎么处罚).
_LAW_ASK = re.compile(r"(?:的)?[，,]?\s*(?:应当|应|会|将|要)?(?:怎么|如何|怎样|依法|该|被)?(?:处罚|处理|判|量刑|定罪|处[以]?(?=几|什么|多|何)|"
                      r"承担什么|构成什么|是什么罪|算什么|属于什么)")
# Asks what a law provides: 刑事诉讼法关于取保候审的条件是怎么规定的.
_PROVISION_ASK = re.compile(r"(?:怎么|如何|怎样|有什么|有哪些|有何)规定|规定(?:了)?(?:什么|哪些)|法律(?:上)?(?:怎么|如何)(?:说|讲)")
# A law named in the question: 《X》, or a title before 关于/中/里/规定 (刑事诉讼法关于…).
_LAW_NAMED = re.compile(r"《[^》]{2,40}》|[\u4e00-\u9fff]{1,12}(?:法典|法|条例|司法解释)(?=关于|中|里|对|规定|第|\d|怎么|如何|是否)")
# Article numbers written without 第: 刑法264条 / 民法典584条.
_BARE_ARTICLE = re.compile(r"(?P<law>《?[\u4e00-\u9fff]{1,20}?(?:法典|法|条例|规定|解释|办法)》?)\s*"
                           r"(?P<num>\d{1,4}|[一二三四五六七八九十百千零两]{1,8})\s*条(?!例)")
# Law titles among a question's words (刑法, 民法典, 治安管理处罚法) name where to look, not conduct;
# words ending in 法 that are not titles stay (非法, 违法 …).
_LAW_TITLE_WORD = re.compile(r"[\u4e00-\u9fff]+(?:法典|法|条例|解释)$")
_NOT_TITLES = frozenset("非法 违法 合法 不法 依法 守法 执法 司法 立法 方法 办法 用法 做法 想法 说法 看法 手法 枪法 书法".split())
# Words that give a law question its form, never its subject.
LAW_FORM_WORDS = frozenset("""
规定 规定了 处罚 处理 怎么 如何 怎样 什么 内容 条文 法条 法律 依法 应当 应 会 被 判 判处 量刑 定罪 处 处以 几 几年 多少 多久
以下 以上 有期徒刑 拘役 管制 罚金 刑罚 关于 方面 是 的 了 吗 呢 哪些 条件 情形 要求 时候 时 后 以后 之后 谁 几人
""".split())


@dataclass
class Subject:
    articles: list[ArticleAsked] = field(default_factory=list)
    law_question: bool = False  # asks what the law provides
    conduct: list[str] = field(default_factory=list)  # words of the conduct/situation an article must speak of
    acts: list[str] = field(default_factory=list)  # those of them that name the act itself (盗窃, 故意伤害)
    clause: ClauseTopic | None = None
    clause_words: str | None = None  # the words that named the clause
    contract_words: list[str] = field(default_factory=list)
    asked: Asked = Asked.TEXT

    def to_dict(self) -> dict[str, Any]:
        return {"articles": [a.named() for a in self.articles], "law_question": self.law_question,
                "conduct": list(self.conduct), "acts": list(self.acts), "clause": self.clause.key if self.clause else None,
                "contract_words": list(self.contract_words), "asked": self.asked.value}


def read_subject(text: str, reading: Reading, slot: AnswerSlot) -> Subject:
    subject = Subject(articles=_articles(text))
    untitled = _LAW_TITLE.sub("《》", text)
    clause = next(((t, m.group(0)) for t in CLAUSE_TOPICS for m in [t.question.search(untitled)] if m), None)
    # An English yes/no question ("Does the agreement provide that … Confidential Information?")
    # asks whether the contract says something, which the answerability judge decides; a clause
    # named in English makes a clause question only when a value or the clause's text is asked.
    if clause is not None and reading.asks is Asks.YESNO and re.search(r"[A-Za-z]", clause[1]):
        clause = None
    contracts = [m.group(1) for m in _CONTRACT.finditer(untitled)]
    law_named = bool(_LAW_NAMED.search(text))
    # A clause of a contract, unless the question is about a law (刑事诉讼法 is not a 诉讼 clause);
    # generic words (诉讼, 期限) only where the question speaks of a contract (原告向哪个法院起诉 does not).
    if clause is not None and (contracts or not (subject.articles or law_named)) and (
            clause[0].contract_only or _CONTRACT_CONTEXT.search(untitled)):
        subject.clause, subject.clause_words = clause
        subject.contract_words = contracts
    # 的，怎么处罚 / 的应当如何处理 after some conduct, or 盗窃罪怎么判 after a crime, asks the law
    # whatever the words; 被告是否无罪 is about a case, not about what the law provides.
    conduct_ask = _LAW_ASK.search(text)
    conduct_ask = conduct_ask if conduct_ask and re.search(r"的|罪", text[:conduct_ask.start() + 1]) else None
    asks_law = bool(conduct_ask) or (law_named and bool(_PROVISION_ASK.search(text)))
    subject.law_question = bool(subject.articles) or (subject.clause is None and asks_law)
    if subject.law_question and not subject.articles:
        subject.conduct, subject.acts = _conduct(text)
    subject.asked = _asked(text, reading, slot, subject)
    return subject


def _articles(text: str) -> list[ArticleAsked]:
    found = [ArticleAsked(ref.meta.get("law"), ref.value, ref.text) for ref in find_statute_refs(text)
             if ref.value and not ref.meta.get("relative") and ref.meta.get("law") not in ("本法", "该法")]
    for m in _BARE_ARTICLE.finditer(text):
        number = int(m.group("num")) if m.group("num").isdigit() else parse_number(m.group("num"))
        if number is None:
            continue
        label = f"第{_chinese(int(number))}条"
        law = m.group("law").strip("《》")
        if not any(a.label == label for a in found):
            found.append(ArticleAsked(law, label, m.group(0)))
    return found


_DIGITS = "零一二三四五六七八九"


def _chinese(n: int) -> str:
    """264 → 二百六十四, 10 → 十, 1000 → 一千 (article labels' numerals)."""
    if n < 10:
        return _DIGITS[n]
    parts, units = [], ["", "十", "百", "千"]
    digits = [int(d) for d in str(n)]
    zero = False
    for i, d in enumerate(digits):
        unit = units[len(digits) - 1 - i]
        if d == 0:
            zero = True
            continue
        if zero and parts:
            parts.append("零")
        zero = False
        parts.append(("" if d == 1 and unit == "十" and i == 0 else _DIGITS[d]) + unit)
    return "".join(parts)


def _conduct(text: str) -> tuple[list[str], list[str]]:
    """The words describing the conduct or situation: before the ask (…的，怎么处罚) when there is
    one, else the whole question; without form words, numbers and the laws named. Also which of
    them name the act: the verbs, or the first word when the tagger marks none (故意伤害/n)."""
    ask = _LAW_ASK.search(text)
    part = text[:ask.start()] if ask and ask.start() > 1 else text
    part = re.sub(r"《[^》]*》|[\u4e00-\u9fff]{0,10}(?:法典|诉讼法|刑法|民法|法)(?=关于|中|里|对|规定|第)", " ", part)
    words, acts = [], []
    for word, flag in posseg(part):
        word = word.strip()
        if len(word) < 2 or word in LAW_FORM_WORDS or word in QUESTION_WORDS or flag.startswith(("m", "q", "u", "p", "c", "r")):
            continue
        if not re.search(r"[\u4e00-\u9fff]", word) or (_LAW_TITLE_WORD.fullmatch(word) and word not in _NOT_TITLES):
            continue
        words.append(word)
        if flag in ("v", "vn") or word.endswith("罪"):
            acts.append(word)
    words = list(dict.fromkeys(words))
    return words, list(dict.fromkeys(acts)) or words[:1]


_RATE_ASK = re.compile(r"比例|百分之|千分之|万分之|利率|费率|几成|多少个?点|按什么(?:标准|比例)|比率")
_DURATION_ASK = re.compile(r"多久|多长时间|多长|几年|几个月|几天|多少年|多少天|多少个月")
_PLACE_ASK = re.compile(r"哪里|哪儿|什么地方|何地|何处|(?:哪|哪个|哪家|什么)(?:的)?(?:法院|仲裁)|管辖")
_CAP_ASK = re.compile(r"最多|最高|上限|封顶|累计[^，。？?]{0,6}不超过|不超过多少")


def _asked(text: str, reading: Reading, slot: AnswerSlot, subject: Subject) -> Asked:
    if subject.articles and re.search(r"规定了?什么|内容|怎么规定|如何规定|说了什么|是什么", text):
        return Asked.ARTICLE
    if subject.law_question and subject.conduct:
        return Asked.ARTICLE  # what the law provides for that conduct: the provision itself
    if _RATE_ASK.search(text):
        return Asked.RATE
    if subject.clause is not None and subject.clause.key == "cap_on_liability" and _CAP_ASK.search(text):
        return Asked.RATE  # a cap is stated as a share (百分之二十) or an amount: either fills it
    if _PLACE_ASK.search(text):
        return Asked.PLACE
    if _DURATION_ASK.search(text):
        return Asked.DURATION
    if reading.asks is Asks.DATE:  # 服务期限从哪天开始: a date, though 期限 is named
        return Asked.DATE
    if slot is AnswerSlot.DURATION:
        return Asked.DURATION
    if reading.asks is Asks.AMOUNT:
        return Asked.AMOUNT
    if reading.asks is Asks.COUNT:
        return Asked.COUNT
    if reading.asks is Asks.YESNO:
        return Asked.YESNO
    if slot is AnswerSlot.PERSON:
        return Asked.PERSON
    return Asked.TEXT
