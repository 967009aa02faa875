"""A later statement that takes back what an answer rests on.

A speaker corrects himself in a later session or a 补充 section (安全带的事我上次说得不对…那天他身上根本没有
安全带 / 上次我说没去学校找过，是我说谎了): whatever the answer read from the earlier statement — a 是/否,
a figure, a date — is then one account of two, never 已核验. The later sentence must carry both the cue of
the earlier account and a word of its being wrong or untrue, and share with the question and the quoted
statement a piece of what they name (the correction is of this, not of another matter told in the same
session) — or open the reply to an asker putting that very account back (上次讯问时你说注水只用自来水，是否
属实？—上次没说实话。 for the quoted 没有，就是自来水: the account put back shares a piece of the quoted
statement's words). It is reported as a conflict between the two statements, both cited; which one holds is the
reader's call.
"""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Statement
from engine.answer.casefile.parts import Outcome, Part
from engine.answer.casefile.said import _anchor, _sentences
from engine.answer.casefile.verdict import QUOTED
from engine.answer.wording import quoted
from engine.question import CasePlan, content_pairs
from engine.text.case_lexicon import SAID_EARLIER, TAKEN_BACK
from engine.text.numbers import find_amounts
from engine.text.quantities import find_quantities
from engine.text.names import posseg
from engine.text.segments import Segment, flat

# A piece of the question held by at most this share of the file's statements is what it is about.
RARE_SHARE = 0.3
# Characters of words that set a time or point (那天, 晚上, 当时, 上次): a pair of them names no matter.
_SETTING_CHARS = frozenset("那这天晚上午下早当时候次")
# Words of aspect and hedging (开始, 一直, 大概): a pair of them names no matter (一开始没算进去 takes back
# nothing of 6月中旬左右开始上街).
_NO_MATTER = frozenset("开始 一直 大概 大约 后来 以后 之后 以前 之前 时候 一下 当时".split())
# A pair that can name a matter: two characters, neither a digit nor of numerals, dates or order
# (9月, 3日, 第二, 二次 name when and which time, not what).
_NAMING = re.compile(r"[^\d零〇一二三四五六七八九十百千万两第次年月日号点分半多余几]{2}")


def _cited(case: Case, part: Part) -> list[Statement]:
    """The statements whose words the part quotes."""
    quotes = [flat(q) for q in QUOTED.findall(part.text) if len(flat(q)) >= 4]
    return [s for s in case.ledger.statements if s.kind != "header" and quotes
            and any(q in flat(s.answer) for q in quotes)]


def retraction(case: Case, plan: CasePlan, part: Part) -> tuple[Statement, Segment] | None:
    """The later sentence taking back what ``part`` quotes, about the thing the question names — or
    opening the reply to an asker who puts that very account back (上次讯问时你说只用自来水，是否属实？
    —上次没说实话。… for the quoted 没有，就是自来水)."""
    cited = _cited(case, part)
    if not cited:
        return None
    # what the question and the quoted statement share (character pairs: jieba cuts 安全绳 as 安全|绳
    # and tags 安全带 as a name), of few statements of the file (the one questioned is named all along)
    said = [flat(st.answer) for st in case.ledger.statements if st.kind != "header"]
    quoted_text = "".join(flat(st.answer) for st in cited)
    asked = _rare([p for p in content_pairs(plan.text) if p in quoted_text], said)
    quotes = {flat(q) for q in QUOTED.findall(part.text)}
    words = [(w, flag) for w, flag in posseg(plan.text)]  # the question's words, tagged once
    for statement in case.ledger.statements[min(s.index for s in cited) + 1:]:
        if statement.kind == "header":
            continue
        put_back = _put_back(statement.question)
        for at, sentence in enumerate(_sentences(statement)):
            if flat(sentence.text) in quotes or not TAKEN_BACK.search(sentence.text):
                continue  # a sentence the answer quotes is no later word on it
            if SAID_EARLIER.search(sentence.text) and any(_names_piece(p, words, flat(sentence.text)) for p in asked) \
                    and not _names_other(words, flat(sentence.text)):
                return statement, sentence
            if at == 0 and put_back and (_rare([p for p in content_pairs(put_back) if p in quoted_text], said)
                                         or _figures(put_back) & _figures(quoted_text)):
                return statement, sentence
    return None


def _tagged(question: str | list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The question's words with their tags (tagged here when given as text)."""
    return list(posseg(question)) if isinstance(question, str) else question


def _names_piece(pair: str, question: str | list[tuple[str, str]], text: str) -> bool:
    """``text`` holds the question's piece ``pair`` as the question (its tagged words) names it: a piece of a longer word of
    the question (金卡 of 白金卡) only where that whole word stands (刚才我说金卡的… corrects another card)."""
    if pair not in text:
        return False
    words = [w for w, _ in _tagged(question) if pair in w]
    longer = [w for w in words if len(w) > len(pair)]
    return not longer or len(longer) < len(words) or any(w in text for w in longer)


def _names_other(question: str | list[tuple[str, str]], text: str) -> bool:
    """``text`` names another thing of the kind the question names: the end of a question's word
    without the word (金卡 in 刚才我说金卡的… for 白金卡: the other card)."""
    for word, flag in _tagged(question):
        if flag.startswith("n") and len(word) >= 3 and re.fullmatch(r"[\u4e00-\u9fff]+", word) and word not in text \
                and any(word[i:] in text for i in range(1, len(word) - 1)):
            return True
    return False


def _rare(pairs: list[str], said: list[str]) -> list[str]:
    """The pairs naming a matter: not of words of time or pointing (那天, 晚上), of numbers, dates or order
    (9月, 第二), and held by few of the file's statements."""
    return [p for p in pairs if not set(p) <= _SETTING_CHARS and _NAMING.fullmatch(p) and p not in _NO_MATTER
            and sum(1 for text in said if p in text) <= max(2, RARE_SHARE * len(said))]


def _figures(text: str) -> set[tuple]:
    """The amounts and quantities a text states, with their units (6趟, 五万元): a figure put back
    that the quoted statement states is that statement's account."""
    return {("元", a.value) for a in find_amounts(text)} | \
        {(q.meta.get("unit"), q.value) for q in find_quantities(text)}


def _put_back(asked: str) -> str:
    """The earlier account as the asker puts it back to be confirmed (上次讯问时你说|注水只用自来水|，是否
    属实？), '' when the asker cites none."""
    asked = flat(asked)
    earlier = SAID_EARLIER.search(asked)
    if earlier is None:
        return ""
    return re.split(r"[，,。？?；;]", asked[earlier.end():], maxsplit=1)[0]


def report_retraction(case: Case, plan: CasePlan, part: Part, outcome: Outcome) -> bool:
    """Doubt ``part`` and report the two accounts as a conflict when a later sentence takes back what
    it rests on; True when it did."""
    found = retraction(case, plan, part)
    if found is None:
        return False
    statement, sentence = found
    sentences = _sentences(statement)
    at = next(i for i, s in enumerate(sentences) if s.start == sentence.start)
    shown = sentence if at + 1 >= len(sentences) else \
        Segment(sentence.start, sentences[at + 1].end, statement.answer[sentence.start:sentences[at + 1].end])
    later = case.cite(_anchor(statement, shown))
    part.doubt = f"后来的陈述收回了此前所述（{later}：{quoted(shown.text)}）"
    outcome.other_account(part, later, lambda earlier: f"前后说法不一：后来的陈述（{later}）收回了此前所述（{earlier}）")
    return True
