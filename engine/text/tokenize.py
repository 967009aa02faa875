"""The one tokenizer for BM25: the same function builds the index and parses the query.

Steps: full-width → half-width; dates and numbers are cut out first and replaced by canonical
tokens; the text between them goes through jieba ``cut_for_search``; tokens are lower-cased and
punctuation/whitespace tokens dropped.

Canonical tokens, so that differently written equal values meet in the index:
  * numbers: 四万二千元, 4.2万元, 42,000元 and 42000 all yield "42000" (then "元" from jieba);
    第四十五条 and 第45条 both yield 第 / 45 / 条. A plain digit run keeps its digits as written
    (0105 in a case number stays "0105"), anything else is the exact decimal value.
  * dates: every form of a day (2020年1月15日, 二〇二〇年一月十五日, 2020-01-15, January 15, 2020)
    yields "2020-01-15", "2020-01", "2020" and "--01-15", so a query for the month or the year or
    the day without a year also matches; a month yields "2020-01", "2020"; a year "2020"; a
    month-day without year "--01-15"; a clock time adds "14:30".
A short list of function words (STOPWORDS) is dropped. Measured with a plain Okapi BM25
(k1=1.5, b=0.75) over the 58,631 latest statute articles and the 308 STARD dev questions:
  plain jieba cut_for_search     R@10 0.409  R@100 0.629  hit@10 0.516  MRR@10 0.350
  this tokenizer, no stopwords   R@10 0.410  R@100 0.629  hit@10 0.516  MRR@10 0.351
  this tokenizer + STOPWORDS     R@10 0.417  R@100 0.631  hit@10 0.526  MRR@10 0.355
A small gain (3 more questions with a hit in the top 10); it also removes the longest postings
lists (的, 是, 和 ... occur in nearly every article), which is where BM25 scoring spends its time.
Question words (吗, 如何, 什么...) were measured separately and gave nothing, so they are not in it.

English words (a token of ASCII letters only) are stemmed with the Snowball English stemmer
(PyStemmer: "assigns", "assigned", "assignment" → "assign") and English function words
(EN_STOPWORDS) dropped, so "governed by the laws of" meets "governing law". Chinese tokens,
numbers, dates and mixed codes (h5n1) are untouched: on the statute corpus the STARD figures are
unchanged. Measured on CUAD dev (docs/benchmarks.md). ``TOKENIZER_VERSION`` names the token
scheme; the catalog records the version its stored tokens were made with and re-tokenizes a home
made with another (engine/store/index.py), so index and query tokens never disagree.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Iterable

import jieba

from engine.text import SpanSet
from engine.text.dates import find_dates
from engine.text.normalize import to_halfwidth
from engine.text.numbers import find_numbers, format_decimal
from engine.types import Fact

# Function words of statute language and of questions about it (see the measurement above).
STOPWORDS = frozenset(
    "的 了 是 在 和 与 及 或者 或 等 其 之 对 由 为 以 并 而 被 将 把 从 于 按照 依照 根据 应当 可以 不得 "
    "有关 规定 本法".split())

# 1: jieba + numbers/dates + STOPWORDS; 2: English words stemmed, English function words dropped;
# 3: engine/text/numbers.py reads more written numbers (一九八○年 → 1980: 1 statute chunk in 4,000).
TOKENIZER_VERSION = 3

# English function words (the Snowball stop list, less the negations and modals that carry
# meaning in contracts: not, no, nor, shall, may, must, should, will are kept).
EN_STOPWORDS = frozenset("""
a about above after again against all am an and any are as at be because been before being below
between both but by can could did do does doing down during each few for from further had has have
having he her here hers herself him himself his how i if in into is it its itself just me more most
my myself of off on once only or other our ours ourselves out over own same she so some such than
that the their theirs them themselves then there these they this those through to too under until
up very was we were what when where which while who whom why with would you your yours yourself
yourselves
""".split())
# Two letters or more: a single letter is a grade or a numeral as often as a word (I、Ⅱ级, A类).
_ENGLISH_WORD = re.compile(r"[a-z]{2,}")

_LOCK = threading.Lock()
_TOKENIZER: jieba.Tokenizer | None = None
_STEMMER = None


def _jieba() -> jieba.Tokenizer:
    """A private jieba instance, built once (about 0.7 s) even when many threads ask at once.

    Private rather than ``jieba.dt`` so that words another component adds to the global
    dictionary can never make index and query tokens differ.
    """
    global _TOKENIZER
    if _TOKENIZER is None:
        with _LOCK:
            if _TOKENIZER is None:
                jieba.setLogLevel(logging.WARNING)  # no "Building prefix dict..." on stderr
                tokenizer = jieba.Tokenizer()
                tokenizer.initialize()
                _TOKENIZER = tokenizer
    return _TOKENIZER


def dictionary_words(word: str) -> list[str]:
    """The dictionary words a word is made of: itself when jieba's dictionary knows it, else its
    pieces of two or more characters that the dictionary knows (质保期 → 质保). A fragment the
    segmenter guessed (条是, from 第264条是怎么) yields nothing: it is no word to name to a reader."""
    if word_frequency(word):
        return [word]
    with _LOCK:
        pieces = list(_jieba().cut(word, HMM=False))
    return [p for p in pieces if len(p) >= 2 and word_frequency(p)]


def word_frequency(word: str) -> int:
    """How often jieba's dictionary has seen ``word`` (0 when unknown).

    The cheap lexical knowledge the extractors borrow: a place name (武汉, 石家庄) is a known word,
    "判令北京" is not; 陈述 and 申请 are common words, 刘顺顺 is not.
    """
    return _jieba().FREQ.get(word) or 0


def _date_tokens(fact: Fact) -> list[str]:
    value: str = fact.value
    if value.startswith("--"):
        tokens = [value]
    else:
        parts = value.split("-")
        tokens = ["-".join(parts[:i]) for i in range(len(parts), 0, -1)]
        if len(parts) == 3:
            tokens.append(f"--{parts[1]}-{parts[2]}")
    if "time" in fact.meta:
        tokens.append(str(fact.meta["time"]))
    return tokens


def _number_token(fact: Fact, norm: str) -> str:
    surface = norm[fact.start:fact.end]
    return surface if surface.isdigit() and surface.isascii() else format_decimal(fact.value)


def _stem(word: str) -> str:
    global _STEMMER
    if _STEMMER is None:
        import Stemmer  # PyStemmer: Snowball's C stemmers (README, Dependencies)

        _STEMMER = Stemmer.Stemmer("english")
    return _STEMMER.stemWord(word)


def _words(tokens: Iterable[str]) -> list[str]:
    """Lower-cased tokens, function words and punctuation dropped, English words stemmed."""
    out = []
    for token in tokens:
        token = token.lower()
        if token in STOPWORDS or not any(ch.isalnum() for ch in token):
            continue
        if _ENGLISH_WORD.fullmatch(token):
            if token in EN_STOPWORDS:
                continue
            token = _stem(token)
        out.append(token)
    return out


def tokenize(text: str) -> list[str]:
    """BM25 tokens of ``text`` (see the module docstring); identical for documents and queries."""
    norm = to_halfwidth(text)
    replacements: list[tuple[int, int, list[str]]] = [(d.start, d.end, _date_tokens(d)) for d in find_dates(norm)]
    dated = SpanSet()
    for start, end, _ in replacements:
        dated.add(start, end)
    for n in find_numbers(norm):
        if not dated.overlaps(n.start, n.end):
            replacements.append((n.start, n.end, [_number_token(n, norm)]))
    replacements.sort(key=lambda r: r[0])

    cutter = _jieba()
    tokens: list[str] = []
    pos = 0
    for start, end, canonical in replacements:
        if start > pos:
            tokens.extend(_words(cutter.cut_for_search(norm[pos:start])))
        tokens.extend(canonical)
        pos = end
    if pos < len(norm):
        tokens.extend(_words(cutter.cut_for_search(norm[pos:])))
    return tokens


def tokenize_many(texts: Iterable[str]) -> list[list[str]]:
    """``[tokenize(t) for t in texts]``, for building an index in one call."""
    return [tokenize(t) for t in texts]
