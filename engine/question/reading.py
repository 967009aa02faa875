"""What a question asks for: the value type, totals and balances, ordinals, names and key terms."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from engine.question.intent import Intent, classify_intent
from engine.question.markers import ENDS_WITH_MA, ENDS_WITH_MEIYOU, YESNO_WORDS
from engine.text.names import names_in, posseg
from engine.text.numbers import parse_number
from engine.text.quantities import UNITS
from engine.text.ordinals import ORDINAL, ordinals_in


class Asks(str, Enum):
    AMOUNT = "amount"
    DATE = "date"
    COUNT = "count"
    YESNO = "yesno"
    TEXT = "text"  # place, person, reason...: answered by quoting the evidence


_AMOUNT = re.compile(r"多少钱|多少元|金额|数额|价款|款项|费用|多少万|损失|how much|amount|fee|price|paid"
                     r"|(?:款|费|金|钱|价|资|酬|租|债|息|额)[^，。？?]{0,4}(?:是|有|为)?多少", re.I)
_TOTAL = re.compile(r"一共|总共|合计|共计|总计|累计|总额|总数|in total|total", re.I)
_NET = re.compile(r"实际损失|实际|扣除|扣掉|减去|净|余额|剩余|还剩|net|balance", re.I)
_DATE = re.compile(r"哪天|哪一天|什么时候|何时|日期|哪年|哪一年|几月|什么时间|哪个月|when|what date|\bdate\b", re.I)
_COUNT = re.compile(r"(?:几|多少)(次|笔|期|个|份|张|回|趟|项|人|下)|how many", re.I)
# An identifier is "多少" too (账号是多少, 电话号码是多少) but never an amount: it is quoted.
_IDENTIFIER = re.compile(r"(?:账号|帐号|账户|卡号|号码|电话|手机|身份证|证件号|编号|代码|邮编|车牌)[^，。？?]{0,3}"
                         r"(?:是|为)?(?:多少|什么|哪个)|(?:account|card|phone|registration) number", re.I)
_ENGLISH_SUFFIX = re.compile(r"(?:ing|ed|es|s)$")
# Which end of a period is asked: 服务期限到哪天结束 asks the date after 至, 从哪天开始 the one after 自.
_END_ASKED = re.compile(r"结束|截止|届满|到期|为止|终止|到哪天|至哪天|\bend|expire|until", re.I)
_START_ASKED = re.compile(r"开始|起始|起算|从哪天|自哪天|\bstart|begin|commence", re.I)
_YESNO = re.compile(rf"{YESNO_WORDS}|^(?:did|does|do|is|are|was|were|has|have)\b|{ENDS_WITH_MA}|{ENDS_WITH_MEIYOU}", re.I)

# What kind of value a phrase is about (记不清哪天 → a date).
ASKS_WORDS = {Asks.AMOUNT: _AMOUNT, Asks.DATE: _DATE, Asks.COUNT: _COUNT}

# Words that say what kind of question it is, not what it is about.
QUESTION_WORDS = frozenset("""
多少 多少钱 几 几次 几笔 什么 什么时候 时候 哪天 哪一天 何时 哪里 哪儿 哪 谁 怎么 怎样 如何 为什么 是否 有没有 是不是
有无 吗 呢 吧 一共 总共 合计 共计 总计 累计 前后 具体 请问 请 你 我 他 她 它 你们 我们 他们 她们 的 了 是 在 有 和 与
及 把 被 给 钱 元 次 笔 一下 讲 说 问 答 材料 根据 显示 能否 可否 对 哪个 哪些 些 个
what which who whom whose when where why how the a an of to in on for by is are was were be been
does do did has have this that these those any there it its with under
""".split())
_KEEP_FLAGS = ("v", "n", "a", "t", "s", "f", "l", "i", "j", "z", "b")


@dataclass
class Reading:
    text: str
    intent: Intent
    asks: Asks
    total: bool = False
    net: bool = False
    ordinals: set[str] = field(default_factory=set)
    names: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)  # what the question is about (verbs, nouns)
    verbs: set[str] = field(default_factory=set)  # the terms jieba tags as verbs
    nouns: set[str] = field(default_factory=set)  # ... as nouns (and English words)
    bound: str | None = None  # dates: "start" or "end" of a period, when the question says which
    identifier: bool = False  # 账号/电话/身份证号是多少: answered only by a sentence holding one
    measure: str | None = None  # counts: the measure word asked (几期 → 期), when it says one

    def term_weight(self, term: str, context: str) -> float:
        """1 when the term occurs; 0.5 when only a two-character verb's head does (转给 ~ 转了)."""
        if term in context:
            return 1.0
        stem = _ENGLISH_SUFFIX.sub("", term) if term.isascii() and len(term) >= 5 else ""
        if len(stem) >= 4 and stem in context:  # governs ~ governed, fees ~ fee
            return 0.8
        if term in self.verbs and len(term) == 2 and term[0] in context:
            return 0.5
        return 0.0


_BEFORE_PREDICATE = frozenset({"有没有", "有无", "被"})


def analyse(text: str) -> Reading:
    text = text.strip()
    names = names_in(text)
    ordinal_spans = [m.span() for m in ORDINAL.finditer(text)]
    terms: list[str] = []
    verbs: set[str] = set()
    nouns: set[str] = set()
    offset = 0
    previous = ""
    previous_word = ""
    for word, flag in posseg(text):
        start, offset = offset, offset + len(word)
        # 那台相机 / 一部手机: a word right after a classifier is a thing, whatever the tagger says; so is
        # one after a unit the tagger reads as a numeral (多少斤大米: 斤/m 大米/m)
        after_unit = previous == "q" or previous == "m" and previous_word in UNITS
        if after_unit and len(word) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", word) \
                and flag in ("d", "v", "a", "m") and parse_number(word) is None:
            flag = "n"
        # 有没有被暂停 / 有无撤销: the word asked of right after a yes/no or a passive is its predicate,
        # whatever the tagger says (暂停/d)
        if previous_word in _BEFORE_PREDICATE and len(word) >= 2 and flag in ("d", "a", "vn") \
                and re.fullmatch(r"[\u4e00-\u9fff]+", word):
            flag = "v"
        previous, previous_word = flag, word
        if any(a <= start < b for a, b in ordinal_spans) or word.lower() in QUESTION_WORDS:
            continue
        if any(word in name or name in word for name in names):
            continue
        if not re.search(r"[\u4e00-\u9fffA-Za-z]", word) or parse_number(word) is not None:
            continue
        if flag.startswith(_KEEP_FLAGS) or (flag == "eng" and len(word) > 2):
            terms.append(word.lower())
            if flag.startswith("v"):
                verbs.add(word)
            elif flag.startswith("n") or flag in ("eng", "j"):  # j: an abbreviation (质保 of 质量保证)
                nouns.add(word.lower())
    if _IDENTIFIER.search(text):
        asks = Asks.TEXT
    elif _NET.search(text) and _AMOUNT.search(text):
        asks = Asks.AMOUNT
    elif _COUNT.search(text):
        asks = Asks.COUNT
    elif _AMOUNT.search(text):
        asks = Asks.AMOUNT
    elif _DATE.search(text):
        asks = Asks.DATE
    elif _YESNO.search(text):
        asks = Asks.YESNO
    else:
        asks = Asks.TEXT
    count = _COUNT.search(text) if asks is Asks.COUNT else None
    return Reading(text=text, intent=classify_intent(text), asks=asks,
                    total=bool(_TOTAL.search(text)) and asks is Asks.AMOUNT,
                    net=bool(_NET.search(text)) and asks is Asks.AMOUNT,
                    ordinals=ordinals_in(text), names=names, terms=list(dict.fromkeys(terms)),
                    verbs=verbs, nouns=nouns, bound=_bound(text) if asks is Asks.DATE else None,
                    identifier=bool(_IDENTIFIER.search(text)),
                    measure=count.group(1) if count and count.group(1) else None)


def _bound(text: str) -> str | None:
    end, start = bool(_END_ASKED.search(text)), bool(_START_ASKED.search(text))
    return "end" if end and not start else "start" if start and not end else None
