"""Chunk text as the fact rules read it, with every offset mapping back to the chunk.

PDF chunk text keeps the page's line breaks, which fall anywhere in a sentence (服\\n务内容,
"continues for\\ntwenty-four"), and CUAD exports carry runs of spaces and curly quotes. The rules
match on a *flat* view instead: line breaks between CJK characters removed, other whitespace
runs collapsed to one space, full-width forms and curly quotes made plain. ``FlatText.offsets``
maps each flat character back to the chunk, so a match is reported as a chunk span whose text is
the verbatim surface a user sees highlighted.

Also here: sentence spans (Chinese and English), durations (five (5) years, 十二个月), and the
English number words durations are written in; dates and amounts come from engine/text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text.normalize import to_halfwidth
from engine.text.numbers import NUMBER_WORD, english_number, parse_number

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "‘": "'", "’": "'", "‚": "'",
                         "‛": "'", "′": "'", "″": '"', "–": "-", "—": "-", "‐": "-", "‑": "-"})


def is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff" or "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef"


@dataclass(frozen=True)
class FlatText:
    text: str
    offsets: tuple[int, ...]  # offsets[i]: chunk index of text[i]; one extra entry: the chunk end

    def chunk_span(self, start: int, end: int) -> tuple[int, int]:
        """Flat ``[start, end)`` → chunk ``[start, end)`` (the last character's end, not the
        start of what follows it, so a span never swallows a trailing line break)."""
        if end <= start:
            return self.offsets[start], self.offsets[start]
        return self.offsets[start], self.offsets[end - 1] + 1


def flatten(text: str) -> FlatText:
    plain = to_halfwidth(text).translate(_QUOTES)
    chars: list[str] = []
    offsets: list[int] = []
    i, n = 0, len(plain)
    while i < n:
        ch = plain[i]
        if not ch.isspace():
            chars.append(ch)
            offsets.append(i)
            i += 1
            continue
        j = i
        while j < n and plain[j].isspace():
            j += 1
        before = chars[-1] if chars else ""
        after = plain[j] if j < n else ""
        has_break = "\n" in plain[i:j]
        # A layout line break next to Chinese text, or after a hyphen inside a word, joins;
        # any other whitespace run is one space.
        joins = has_break and (is_cjk(before) or is_cjk(after) or
                               (before == "-" and len(chars) > 1 and chars[-2].isalpha() and after.isalpha()))
        if chars and j < n and not joins:
            chars.append(" ")
            offsets.append(i)
        i = j
    offsets.append(len(text))
    return FlatText("".join(chars), tuple(offsets))


# --- sentences -------------------------------------------------------------------------------

# Words after which a period does not end a sentence (Inc. / No. / U.S. / e.g.).
_ABBREVIATIONS = {"inc", "corp", "co", "ltd", "llc", "l.l.c", "no", "nos", "mr", "mrs", "ms", "dr",
                  "st", "u.s", "u.s.a", "i.e", "e.g", "etc", "sec", "secs", "art", "vs", "v", "jr",
                  "sr", "n.a", "s.a", "n.v", "b.v", "p.c", "l.p", "l.l.p", "plc", "pty", "pte", "bhd",
                  "ave", "blvd", "fig", "para", "approx", "dept", "govt", "intl", "assn", "bros"}
_SENTENCE_END = re.compile(r"[。！？；!?;]|\.(?=\s|$)")
# A clause number right after Chinese text starts a new sentence: a heading line joined to its
# first clause by flattening ("合同价款及支付方式3.1 本合同总价款为…") splits there again.
_CLAUSE_START = re.compile(r"(?<=[\u4e00-\u9fff])(?=\d{1,2}(?:\.\d{1,3})+\s)"
                           r"|(?<=[A-Za-z:;)] )(?=\d{1,2}(?:\.\d{1,3})+\.?\s+[A-Z\"])")
# ... unless the number is a cross-reference ("Section 8.1 The").
_REFERENCE_BEFORE = re.compile(r"\b(?:sections?|articles?|clauses?|paragraphs?|schedules?|exhibits?|and|or|to|in|of|"
                               r"under|with|see|per|through|§)\s*$", re.I)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of a flat text: ends at 。！？； and at a period followed
    by a space, unless the word before it is an abbreviation, a single letter or a number
    (clause labels like "1." and "3.2." are not sentence ends)."""
    spans: list[tuple[int, int]] = []
    start = 0
    ends = sorted([*_SENTENCE_END.finditer(text), *_CLAUSE_START.finditer(text)], key=lambda m: m.start())
    for m in ends:
        if not m.group() and _REFERENCE_BEFORE.search(text[max(0, m.start() - 12):m.start()]):
            continue
        if m.group() == ".":
            word = re.search(r"([A-Za-z0-9.]+)$", text[start:m.start()])
            token = word.group(1).lower() if word else ""
            if token in _ABBREVIATIONS or len(token.rstrip(".")) <= 1 or token.replace(".", "").isdigit() \
                    or re.fullmatch(r"(?:[a-z]\.)+[a-z]", token):  # initials: B.C., U.K., S.A.
                continue
        end = m.end()
        if text[start:end].strip():
            spans.append(_trim(text, start, end))
        start = end
    if text[start:].strip():
        spans.append(_trim(text, start, len(text)))
    return spans


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] == " ":
        end -= 1
    return start, end


# --- durations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Duration:
    start: int
    end: int
    value: dict[str, int]  # {"years": 5} / {"months": 12} / {"days": 60} / {"business_days": 10}
    text: str


_EN_UNITS = {"year": "years", "month": "months", "week": "weeks", "day": "days"}
_EN_DURATION = re.compile(
    r"(?<![\w$])(?:(?P<w>" + NUMBER_WORD + r")\s*(?:\((?P<d1>\d{1,4})\)\s*)?|(?P<d2>\d{1,4})\s*)"
    r"(?:-\s*)?(?P<kind>business\s+|calendar\s+|working\s+)?(?P<unit>year|month|week|day)s?(?![a-z])",
    re.I)
_ZH_NUM = "0-9一二三四五六七八九十百两零〇壹贰叁肆伍陆柒捌玖拾"
_ZH_DURATION = re.compile(
    rf"(?P<n>[{_ZH_NUM}]+)\s*(?P<unit>个自然月|个月|个工作日|工作日|个自然日|自然日|年|周|日|天)")
_ZH_UNITS = {"个自然月": "months", "个月": "months", "个工作日": "business_days", "工作日": "business_days",
             "个自然日": "days", "自然日": "days", "年": "years", "周": "weeks", "日": "days", "天": "days"}


def find_durations(text: str, taken: list[tuple[int, int]] = ()) -> list[Duration]:
    """Periods of time in a flat text: "twenty-four (24) months", "5 years", "sixty days",
    十二个月, 三年, 十个工作日. When a number is written both in words and digits they must agree
    (otherwise the period is not read at all). ``taken``: spans (dates) that cannot be durations
    (2023年 in 2023年3月1日 is no period of a year)."""
    found: list[Duration] = []

    def free(s: int, e: int) -> bool:
        return all(e <= ts or s >= te for ts, te in taken)

    for m in _EN_DURATION.finditer(text):
        words, d1, d2 = m.group("w"), m.group("d1"), m.group("d2")
        number = english_number(words) if words else int(d2)
        if words and d1 and number != int(d1):
            continue
        if number is None or number <= 0 or not free(m.start(), m.end()):
            continue
        unit = _EN_UNITS[m.group("unit").lower()]
        if unit == "days" and m.group("kind") and m.group("kind").strip().lower() in ("business", "working"):
            unit = "business_days"
        found.append(Duration(m.start(), m.end(), {unit: number}, text[m.start():m.end()]))
    for m in _ZH_DURATION.finditer(text):
        if not free(m.start(), m.end()) or re.fullmatch(r"\d{4}", m.group("n")) and m.group("unit") == "年":
            continue
        value = parse_number(m.group("n"))
        if value is None or value <= 0 or value != value.to_integral_value():
            continue
        found.append(Duration(m.start(), m.end(), {_ZH_UNITS[m.group("unit")]: int(value)},
                              text[m.start():m.end()]))
    return sorted(found, key=lambda d: d.start)
