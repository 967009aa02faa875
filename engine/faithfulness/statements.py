"""An answer or summary as atomic statements (RAGAS's first step, done by rule, CJK-aware).

1. Citation ids go (（E1）, [E1][E3], E2称…): they point at evidence, they claim nothing — and
   E12 must not be read as the number 12.
2. Sentences end on 。！？；!?; (closing quotes stay with their sentence), on an English sentence
   end (". " before a capital, not after Inc./No./an initial), and on a line break (summaries
   come as one point per line; list bullets are dropped). A question claims nothing: question
   sentences, and questions quoted in parentheses (（问：…？）), are left out.
3. A sentence is cut into clauses on ， where a clause carries a claim of its own (four content
   tokens, or a value), and on 、 only between values (第一次17000元、第二次13000元): 、 mostly lists
   nouns (王建国、刘洋), which claim nothing alone. A clause too small to stand alone joins the
   next one (the last joins the previous one). English sentences are not cut at commas.
4. Review remarks of the answer composer about itself (需人工核实, 系约数, 未在材料中找到…) are
   not claims about the material and are dropped; framing (材料显示为…) is removed.
5. With the question at hand, a statement that is only a value ("材料显示为2022年10月15日")
   claims that value as the answer, so it is compared with the context as the question with the
   value put in (see ``Statement``).
"""

from __future__ import annotations

import re

from engine.answer.candidates import COUNT_VALUE
from engine.answer.model import NOT_FOUND_PHRASE
from engine.text.boundaries import SENTENCE_ANSWER, Segment, split
from engine.faithfulness.model import Statement
from engine.faithfulness.overlap import tokenize

# -- sentences: engine/text/boundaries.py (SENTENCE_ANSWER, SENTENCE_CONTEXT) -------------------
_BULLET = re.compile(r"^(?:[-*•·●▪]\s*|\d{1,2}[.、)）](?![\d.])\s*|[（(]\d{1,2}[）)]\s*"
                     r"|[一二三四五六七八九十]{1,3}、\s*)")

# -- clauses -------------------------------------------------------------------------------------
_CLAUSE_COMMA = re.compile(r"，|(?<=[\u4e00-\u9fff]),")
_LIST_COMMA = re.compile(r"、")
MIN_CLAIM_TOKENS = 4  # content tokens a comma clause needs to stand alone ("她用手机银行转了钱")
_FUNCTION_CHARS = frozenset("的了是为在即称也都就约系有共计合之其该此这那而并及与和或等着过吗呢吧啊")

# -- citations, framing, remarks -----------------------------------------------------------------
_ID = r"(?:证据\s*)?E\d{1,3}(?![0-9])"
_CITATION_GROUP = re.compile(
    rf"[（(\[【〔［]\s*{_ID}(?:\s*(?:[,，、;；/]|和|及|与)\s*{_ID})*\s*[）)\]】〕］]")
_CITATION_ID = re.compile(rf"(?<![A-Za-z0-9]){_ID}\s*[:：]?")
_EMPTY_BRACKETS = re.compile(r"[（(]\s*[）)]")
# Attribution to the material in general (根据笔录, 根据上述证据, 依据《刑法》第二百六十六条的规定)
# says where a claim comes from, not what it is; naming a person (据张某某供述) is not stripped:
# the name is a claim to check. A named article is checked by engine/answer/statutes.py.
_ARTICLE = r"第[一二三四五六七八九十百千零〇两\d]+条(?:第[一二三四五六七八九十\d]+款)?"
_ATTRIBUTION = (rf"(?:根据|依据|据)(?:本案|现有|上述|以上|所引|该|本)?(?:《[^》]{{1,40}}》)?(?:{_ARTICLE})?(?:的)?"
                r"(?:笔录|材料|证据|记录|陈述|供述|证言|记载|规定|判决书?|合同|条文)(?:的)?(?:约定|规定|内容|记载|所示|显示)?"
                rf"|(?:根据|依据)《[^》]{{1,40}}》(?:{_ARTICLE})?")
_FRAMING = re.compile(rf"^(?:材料(?:中)?显示(?:为)?[:：]?|材料中说法不一[:：]?|相关证据[:：]?|(?:仅|据)?称[:：]?"
                      rf"|(?:{_ATTRIBUTION})[:：]?)")
_REMARK_WORDS = (r"需人工(?:核实|复核)|系约数|仅精确到[年月日]|材料未给出确切答案|见(?:冲突|材料缺口)|与所述一致"
                 r"|(?:发现|另有)[^，。；]{0,6}处(?:说法不一|记不清或不知道的陈述)|关于「[^」]*」说法不一")
_REMARK = re.compile(rf"[（(][^（）()]*(?:{_REMARK_WORDS})[^（）()]*[）)]|[，,]?\s*(?:{_REMARK_WORDS})[:：]?")
# A question quoted for context — 大概是2022年11月份左右（问：第三笔钱是哪天转的？）— asserts nothing.
_QUOTED_QUESTION = re.compile(r"[（(]\s*问\s*[:：][^（）()]*[）)]")
_ASKING = re.compile(r"[？?][”’」』）)]*$")
_EDGE_PUNCT = " \t\n\u3000，,、；;：:。.!！"


def strip_citations(text: str) -> str:
    text = _CITATION_GROUP.sub("", text)
    text = _CITATION_ID.sub("", text)
    return _EMPTY_BRACKETS.sub("", text)


def strip_remarks(text: str) -> str:
    """The composer's remarks about its own answer (系约数, 需人工核实, （…见冲突）, 发现二处说法不一)
    and questions quoted in parentheses removed."""
    return _QUOTED_QUESTION.sub("", _REMARK.sub("", text))


def sentences(text: str, pattern: re.Pattern = SENTENCE_ANSWER) -> list[Segment]:
    """Sentences of ``text`` with offsets (``engine.text.boundaries.split`` does the cutting)."""
    return split(text, 0, len(text), pattern)


def _content_tokens(text: str) -> tuple[int, bool]:
    """(content tokens, carries a value) of a piece of text."""
    tokens = tokenize(text)
    values = any(t.kind in ("amount", "date") or (t.kind == "number" and t.text != "#0") for t in tokens)
    content = sum(1 for t in tokens if t.kind in ("char", "word") and t.text not in _FUNCTION_CHARS)
    return content, values


def _is_english(text: str) -> bool:
    letters = sum(ch.isascii() and ch.isalpha() for ch in text)
    cjk = sum("\u4e00" <= ch <= "\u9fff" for ch in text)
    return letters > 0 and letters >= 2 * cjk


def _stands_alone(text: str, by_list_comma: bool) -> bool:
    content, values = _content_tokens(text)
    return values if by_list_comma else (values or content >= MIN_CLAIM_TOKENS)


def _merge(text: str, pieces: list[Segment], by_list_comma: bool) -> list[Segment]:
    """Join pieces too small to claim anything alone to their neighbour (offsets kept)."""
    merged: list[Segment] = []
    pending: Segment | None = None
    for piece in pieces:
        if pending is not None:
            piece = Segment(pending.start, piece.end, text[pending.start:piece.end])
            pending = None
        if _stands_alone(piece.text, by_list_comma):
            merged.append(piece)
        else:
            pending = piece
    if pending is not None:
        if merged:
            last = merged.pop()
            merged.append(Segment(last.start, pending.end, text[last.start:pending.end]))
        else:
            merged.append(pending)
    return merged


def clauses(text: str, sentence: Segment) -> list[Segment]:
    if _is_english(sentence.text):
        return [sentence]
    out: list[Segment] = []
    for clause in _merge(text, split(text, sentence.start, sentence.end, _CLAUSE_COMMA), False):
        out += _merge(text, split(text, clause.start, clause.end, _LIST_COMMA), True)
    return out or [sentence]


def _clean(piece: str) -> str:
    piece = piece.strip(_EDGE_PUNCT)
    while (bare := _FRAMING.sub("", piece).strip(_EDGE_PUNCT)) != piece:  # 材料中说法不一：称…
        piece = bare
    return piece


def _statement_texts(text: str) -> list[str]:
    text = strip_remarks(strip_citations(text))
    out: list[str] = []
    for sentence in sentences(text):
        bullet = _BULLET.match(sentence.text)
        if bullet:
            sentence = Segment(sentence.start + bullet.end(), sentence.end, sentence.text[bullet.end():])
        if _ASKING.search(sentence.text):
            continue  # a question claims nothing
        for clause in clauses(text, sentence):
            piece = _clean(clause.text)
            # a not-found answer asserts nothing about the material (only the searched scope)
            if not piece or NOT_FOUND_PHRASE in piece or not tokenize(piece):
                continue
            out.append(piece)
    return out


def split_statements(text: str) -> list[str]:
    """The atomic statements of an answer or summary, in order (rule-based; see module doc)."""
    return _statement_texts(text)


# -- a bare value as the answer to its question --------------------------------------------------
_ASKED = re.compile(r"什么时间|什么时候|哪一天|哪天|哪一年|哪年|几月几日|多少钱|多少|几次|几期|几笔|几人|"
                    r"几个|几|谁|什么|哪里|哪儿|哪个|哪张卡|哪张|哪部|哪一条|哪条|哪些|如何|怎么样|怎么")
_EN_ASKED = re.compile(r"^\s*(?:what|how much|how many|which|who|when)\s+(?:is|are|was|were|does|do)\s+"
                       r"(?P<subject>.+?)\s*\??\s*$", re.I)
_QUESTION_TAIL = re.compile(r"[？?。\s]+$")
_YES_NO_PARTICLE = re.compile(r"吗$")


def fuse(question: str, value: str) -> str:
    """The question with the answer's value put where the question asks: 王芳第一次转了多少钱？
    + 17000元 → 王芳第一次转了17000元. Without an interrogative the two are joined."""
    stem = _QUESTION_TAIL.sub("", question.strip())
    english = _EN_ASKED.match(stem)
    if english:
        return f"{english.group('subject')} is {value}"
    if _ASKED.search(stem):
        return _ASKED.sub(lambda _: value, stem, count=1)
    return f"{_YES_NO_PARTICLE.sub('', stem)}：{value}"


# What a bare answer may say besides its value: a count (四次), a hedge (八千元左右), a gloss (即8000元).
_VALUE_DRESSING = re.compile(rf"{COUNT_VALUE.pattern}|左右|上下|大概|大约|约|即|整")


def is_bare_value(piece: str) -> bool:
    """A piece that says nothing but a value: it only claims something as an answer."""
    content, _ = _content_tokens(_VALUE_DRESSING.sub(" ", piece))
    return content < 2


def build_statements(text: str, question: str | None = None) -> list[Statement]:
    asked = question.strip() if question else ""
    return [Statement(piece, fuse(asked, piece) if asked and is_bare_value(piece) else piece)
            for piece in _statement_texts(text)]
