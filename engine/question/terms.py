"""The words a question is about: its content words, as jieba's part-of-speech tagger sees them.

The case badge's trust score (engine/answer/casefile/trust.py) asks how many of these the cited
evidence holds: an answer quoting a sentence about 押金 for a question about 欠的租金, or about
T恤 for a question about 跑鞋, quotes a sentence of the file that is not about what was asked.
Kept: nouns (names, places, things), verbs and adjectives of two characters or more; dropped: the
words that ask (多少, 什么, 哪天 …), that aggregate (一共, 前后 …) and that point (这个, 那边 …), which
say how the question asks, not what about.
"""

from __future__ import annotations

import re

from engine.question.reading import QUESTION_WORDS
from engine.text.names import posseg

# Parts of speech of content words (jieba's ICTCLAS-style flags): nouns of every kind, verbs,
# verbal nouns, adjectives; ``eng`` keeps plates, brands and codes written in Latin letters.
_CONTENT_FLAGS = ("n", "v", "a", "eng", "j", "l", "i")
# How a question asks or aggregates, not what it is about: the question words of reading.py and the
# asking, aggregating and pointing words jieba tags as verbs or nouns.
ASKING_WORDS = QUESTION_WORDS | frozenset("""
哪里 哪儿 哪家 哪位 几天 几个 怎么样 分别 各自 到底 究竟 大概 大约 加起来 情况 时间 地方 地点 日期 金额
数额 方式 名字 姓名 多长 多久 多大 当时 现在 这个 那个 这些 那些 这次 那次 这笔 那笔 一次 说法 自己 知道
说明 说过 提到 记录 笔录 按照
""".split())


def tagged_terms(text: str) -> list[tuple[str, str]]:
    """The question's content words in order, each once (两个字以上, not a word of asking), with
    jieba's part-of-speech flag."""
    terms: dict[str, str] = {}
    for word, flag in posseg(text):
        word = word.strip()
        if len(word) < 2 or word in ASKING_WORDS or word in terms:
            continue
        if flag.startswith(_CONTENT_FLAGS):
            terms[word] = flag
    return list(terms.items())


def content_terms(text: str) -> list[str]:
    return [word for word, _ in tagged_terms(text)]


def head_term(text: str) -> str | None:
    """The thing the question's first part asks about: its last noun (被告交了多少押金 → 押金,
    三张信用卡的授信额度合计是多少 → 授信额度). A Chinese question names what it asks of last."""
    first = re.split(r"[？?]", text, maxsplit=1)[0]
    nouns = [w for w, flag in tagged_terms(first) if word_class(flag) in ("noun", "place")]
    return nouns[-1] if nouns else None


def word_class(flag: str) -> str:
    """A coarse class of a part-of-speech flag: person, place, noun or other (a word swapped for
    another in a made-up question keeps its class: engine/bench/counterfactual.py)."""
    if flag.startswith("nr"):
        return "person"
    if flag.startswith("ns"):
        return "place"
    return "noun" if flag.startswith("n") else "other"


def counted_thing(text: str, unit: str | None) -> str | None:
    """What a figure in ``unit`` is asked of: the noun right after the asking phrase (几张鸟网 → 鸟网,
    多少个会员 → 会员), else — the phrase ending the question (假币他一共花出去多少张) — the last noun
    before it. None when the question asks no figure in a unit or names no thing."""
    if not unit:
        return None
    asked = re.search(rf"(?:几|多少)(?:个)?{re.escape(unit)}", text)
    if asked is None:
        return None
    rest = text[asked.end():]
    following = next((w for w, _ in posseg(rest) if w.strip()), "")
    if len(following) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", following) and following not in ASKING_WORDS:
        return following  # 几张鸟网, 几个晚上 (a word of time is what is counted too)
    after = [w for w, flag in tagged_terms(rest) if word_class(flag) == "noun"]
    at = rest.find(after[0]) if after else -1
    if 0 <= at <= 2:  # 多少个铁|夹子: the noun with the character jieba cut off before it
        return rest[:at + len(after[0])]
    before = [w for w, flag in tagged_terms(text[:asked.start()]) if word_class(flag) == "noun"]
    return before[-1] if before and not after else None


# Characters after which jieba may cut a question's next two characters into a term no one wrote:
# a particle before its object (把货运出 → 货运, 被人打 …) or a prefix of address before a surname
# (老谢真名 → 谢真). The preposition set is the one names.py reads party names after.
_CUT_AFTER = frozenset("把被将向给和与跟对从让叫老小阿")


def cut_across(term: str, text: str) -> bool:
    """The two-character term is jieba's cut across the question's words, not a word the user
    wrote: wherever the question has it, it follows a particle or a prefix of address (把, 被, 老 …)
    and its second character begins a word with the character after it (把货运出: 运出; 老谢真名:
    真名); or, being no word, it opens with the aspect of the verb before it (判过刑: 过刑) or closes
    with the copula after its noun (第二批货是哪天: 货是), or opens with a measure word after 那/这/每
    (那起假事故: 起假; 每条算多少: 条算). A term absent from a file then says nothing about what the
    file holds. A three-character term is such a cut when it is a word and the first character of
    the next (房子现在: 房子现)."""
    from engine.text.tokenize import word_frequency

    spots = [at for at in range(len(text)) if text.startswith(term, at)]
    if len(term) == 3:  # 房子现在: a word and the first character of the word after it (房子 | 现在)
        return bool(spots) and word_frequency(term) < 10 and word_frequency(term[:2]) >= 10 and all(
            at + 3 < len(text) and word_frequency(term[2] + text[at + 3]) >= 10 for at in spots)
    if len(term) != 2:
        return False
    return bool(spots) and all(
        0 < at and text[at - 1] in _CUT_AFTER and at + 2 < len(text)
        and word_frequency(term[1] + text[at + 2]) >= 10
        or word_frequency(term) < 10 and (term[1] == "是" or term[0] in _ASPECT_MARKS and _after_verb(text[:at])
                                          or term[0] in _MEASURE_WORDS and 0 < at and text[at - 1] in _POINTING)
        for at in spots)


def _after_verb(before: str) -> bool:
    """The text before ends with a verb (被判 | 过刑), not a pronoun or noun (谁 | 过生日: 过 the verb)."""
    tokens = [(w, f) for w, f in posseg(before) if w.strip()]
    return bool(tokens) and tokens[-1][1].startswith("v")


# Measure words after a pointing or counting word (那起|假事故, 这批|烟, 每条|算): a term opening with one
# and no word of its own is cut across the measure word and the noun it counts.
_MEASURE_WORDS = frozenset("起件次笔个张辆位名条只台部本份批箱袋盒瓶包单趟回")
_POINTING = frozenset("那这哪每一两几")

# Marks of aspect that close the verb before them (判过, 交了, 拿着): a term opening with one and no
# word of its own (过户, 了解 are) is cut across a verb and its object.
_ASPECT_MARKS = frozenset("过了着")


def content_pairs(text: str) -> set[str]:
    """The character pairs of what a question is about: its text without the words that ask (什么,
    有没有, 多少 …) and without punctuation, in pairs, so that jieba's cut decides nothing (用什么把货
    运出仓库 and 用什么车把货拉出仓库 share 仓库, 出仓, 把货). Read of a record's own questions too,
    to align the user's question with the turn it paraphrases."""
    text = re.sub(r"叫(?:什么|啥)", "|", text)  # 老谢叫什么名字: 叫 asks the name, it is no content
    for word in _ASKING_SORTED:
        text = text.replace(word, "|")
    # who is addressed (你, the name of the one questioned) and the particles between words say nothing
    # of what is asked: 刘海波认识参与打架的人吗 is the record's 你认识打架的这些人吗
    text = re.sub(r"[你我他她它的了吗呢吧么啊呀是]", "|", text.lower())
    pieces = re.split(r"[^\u4e00-\u9fffa-z0-9]+", text)
    return {piece[i:i + 2] for piece in pieces for i in range(len(piece) - 1)}


_ASKING_SORTED = sorted((w for w in QUESTION_WORDS | ASKING_WORDS if len(w) > 1 and re.match(r"[\u4e00-\u9fff]+$", w)),
                        key=len, reverse=True)
# Knowing asked (知不知道 / 知道…吗 / 清楚吗): a reply's 不知道 is then the answer 否, not a gap.
_KNOWING_ASKED = re.compile(r"知不知道|知道[^？?，,。]*[吗么]|清不清楚|清楚[^？?，,。]*[吗么]|晓不晓得")


def asks_knowing(text: str) -> bool:
    return bool(_KNOWING_ASKED.search(text))


# A figure asked in the question's words (几个人, 多少个USDT, 多少钱), whatever slot the plan gave it.
_FIGURE_ASKED = re.compile(r"几|多少|多大|多长|多久|多高|多重|多远")


def asks_figure(text: str) -> bool:
    return bool(_FIGURE_ASKED.search(text))
