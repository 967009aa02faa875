"""Character overlap between a statement and a context span, counted the CJK way.

Tokens are single Chinese characters, lower-cased ASCII words, and one token per *value*: an
amount, a date or a number becomes its normalised value (四万二千元, 42,000元 and 42000元 are all
``¤42000``; 2022年10月15日 is ``@2022-10-15``), so that overlap compares what the texts say, not
how they write it. Whitespace-separated word counting would see a Chinese sentence as one word
(RAGAS's weakness with Chinese quotes); characters do not.

Overlap is how much of the statement the span also says: the mean of the recall of the
statement's tokens (what is said) and of its token bigrams (in what order). Bigrams alone punish
the word-order changes of a Chinese paraphrase (王芳于…转了 / 她…给我转了), tokens alone cannot
see 张某借给王某 turn into 王某借给张某; on the labelled set the mean was the best of the three
(docs/bench/faithfulness_calibration.md). English function
words (the, of, is…) are left out first: "the monthly service fee is $12,500" and "a monthly
service fee of $12,500" say the same; Chinese keeps every character (的/了 are few and short).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from engine.text import SpanSet
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts, find_numbers, format_decimal

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_PLAIN_TOKEN = re.compile(rf"[{_CJK}]|[A-Za-z]+|\d+")

# Words that negate what follows. Entries of _NOT_NEGATION contain a cue character but say
# nothing negative (没收 = confiscate, 无期徒刑 = life imprisonment, 是否 = whether, 不过 = but);
# words such as 未婚, 无罪, 非法, 否认 keep their cue: they do flip the meaning.
_NEGATION = re.compile(r"没有|没|不|未|无|非|否|勿|毋|"
                       r"(?<![A-Za-z])(?:not|no|never|none|neither|nor|without|cannot)(?![A-Za-z])|n't",
                       re.I)
_NOT_NEGATION = re.compile(r"以下无正文|没收|不仅|不但|不单|不断|不久|不少|不过|不管|不论|不时|不止|不得不|"
                           r"未来|无期|无论|无数|非常|是否|否则|与否|能否|可否|"
                           r"(?<![A-Za-z])no\.", re.I)


VALUE_MARKS = "¤@#"  # first character of an amount, date or number token
# Not "no", "not", "nor": negation is content.
_EN_FUNCTION_WORDS = frozenset(
    "a an the of to in on at by for with from as is are was were be been being this that these those "
    "it its and or shall will would should may can must which who whom whose".split())


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    kind: str  # char | word | amount | date | number


def _value_text(value: object) -> str:
    return format_decimal(Decimal(str(value)))


def tokenize(text: str) -> list[Token]:
    """Tokens in text order; values first claim their spans (date > amount > number, as in
    engine/ingest/enrich.py's priority), the rest is split into characters and words."""
    taken = SpanSet()
    tokens: list[Token] = []
    for fact in find_dates(text):
        if taken.add(fact.start, fact.end):
            tokens.append(Token(f"@{fact.value}", fact.start, fact.end, "date"))
    for fact in find_amounts(text):
        if taken.add(fact.start, fact.end):
            tokens.append(Token(f"¤{_value_text(fact.value)}", fact.start, fact.end, "amount"))
    for fact in find_numbers(text):
        if taken.add(fact.start, fact.end):
            tokens.append(Token(f"#{_value_text(fact.value)}", fact.start, fact.end, "number"))
    for match in _PLAIN_TOKEN.finditer(text):
        if not taken.overlaps(match.start(), match.end()):
            word = match.group(0)
            kind = "number" if word.isdigit() else "word" if word.isascii() else "char"
            token = f"#{int(word)}" if kind == "number" else word.lower()
            if kind == "word" and token in _EN_FUNCTION_WORDS:
                continue
            tokens.append(Token(token, match.start(), match.end(), kind))
    return sorted(tokens, key=lambda t: t.start)


def bigrams(tokens: list[str]) -> set[tuple[str, str]]:
    return set(zip(tokens, tokens[1:]))


@dataclass(frozen=True)
class Profile:
    """A text's tokens prepared once for many overlap comparisons."""

    tokens: tuple[str, ...]
    unigrams: frozenset[str]
    pairs: frozenset[tuple[str, str]]

    @classmethod
    def of(cls, text: str) -> "Profile":
        tokens = tuple(t.text for t in tokenize(text))
        return cls(tokens, frozenset(tokens), frozenset(bigrams(list(tokens))))


def overlap(statement: Profile, span: Profile) -> float:
    """Mean recall of the statement's tokens and token bigrams in the span (tokens alone for a
    one-token statement); 0 for a statement without tokens."""
    if not statement.unigrams:
        return 0.0
    tokens = len(statement.unigrams & span.unigrams) / len(statement.unigrams)
    if not statement.pairs:
        return tokens
    return (tokens + len(statement.pairs & span.pairs) / len(statement.pairs)) / 2


def has_negation(text: str) -> bool:
    masked = _NOT_NEGATION.sub(lambda m: " " * len(m.group(0)), text)
    return bool(_NEGATION.search(masked))
