"""Where sentences, passages and clauses end: the engine's one segmenter.

``split(text, start, end, OPTION)`` cuts ``text[start:end]`` at the matches of a boundary option
and returns the pieces as ``Segment``s whose offsets are into ``text`` (so a quote stays verbatim).
A match that is punctuation stays with the piece before it; a match that is only whitespace (a
line break) is dropped.

The options (at the end of this module, each with what it is for and who reads it) differ on
purpose: every difference changes what some answer quotes or checks, so none is folded into
another. Sentences: SENTENCE_ZH, SENTENCE_WITH_TURNS, SENTENCE_PER_LINE, SENTENCE_ANSWER,
SENTENCE_CONTEXT, PASSAGE. Clauses (all keep 6,000 and 14:30 whole): CLAUSE_FIELD,
CLAUSE_FIELD_DATED, CLAUSE_PREDICATE, CLAUSE_QUOTE, CLAUSE_FIGURES, CLAUSE_CLAIM, CLAUSE_OF_QUOTE. Other modules
keep no boundary pattern of their own for ``split``; tests/text/test_boundaries.py pins where each option cuts real texts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# -- building blocks ------------------------------------------------------------------------------
_END_MARKS = r"[。！？；!?;]+"
_CLOSERS = r"[”’」』）)]*"
# A line break before a new turn, a numbered item or an article.
_TURN_OR_ITEM = r"\n(?=\s*(?:问|答|[一二三四五六七八九十]+、|\d+[.、]|[（(]\d+[）)]|第[一二三四五六七八九十百千零〇\d]+条))"

# The judge's passages: a straight double quote closes too; its full stop knows fewer abbreviations
# than the faithfulness one, and any capital before the stop (U.S.) keeps the sentence going.
_PASSAGE_ZH_END = _END_MARKS + r"[”’」』）)\"]*"
_PASSAGE_EN_END = (r"(?<![A-Z])(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bCorp)(?<!\bMr)(?<!\bMs)(?<!\bDr)"
                   r"(?<!\bSt)(?<!\bvs)(?<!\betc)(?<!e\.g)(?<!i\.e)\.(?=\s+[\"“(A-Z0-9])")
_PASSAGE_ITEM_START = (r"\n(?=\s*(?:问|答|[一二三四五六七八九十]+、|\d+(?:\.\d+)*[.、)]?\s|[（(][\da-zA-Z一二三四五六七八九十]+[）)]"
                       r"|[a-z][.)]\s|第[一二三四五六七八九十百千零〇\d]+条|ARTICLE|Section|SECTION))")

# Answers and their context (faithfulness): a closing square bracket closes too.
_STATEMENT_ZH_END = _END_MARKS + r"[”’」』）)\]]*"
# A full stop before whitespace and a capital/digit/CJK char, but not after an abbreviation or a
# single capital (Emily R. Carter, U.S.): one fixed-width look-behind each, as re requires.
_ABBREVIATIONS = ("Inc", "Ltd", "Co", "Corp", "No", "Nos", "Mr", "Mrs", "Ms", "Dr", "St", "vs",
                  "etc", "Art", "Sec", "Sect", "e.g", "i.e", "approx", "Jan", "Feb", "Mar", "Apr",
                  "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec")
_STATEMENT_EN_END = ("".join(f"(?<!\\b{re.escape(a)})" for a in _ABBREVIATIONS)
                     + r"(?<![\s.][A-Z])\.[\"'”’)]*(?=\s+[A-Z0-9\"“(\u4e00-\u9fff])")
# In document text a line break is where the PDF wrapped the line, so it ends a sentence only
# before a new 问/答 turn, a numbered clause or article, a labelled field of a header or signature
# block (签订日期：…), or as a blank line (a new paragraph).
_STRUCTURAL_BREAK = (r"\n(?=[ \t\u3000]*(?:问|答|[一二三四五六七八九十]+、|\d+(?:\.\d+)*[.、\s]"
                     r"|[（(]\d+[）)]|第[一二三四五六七八九十百千零〇\d]+[条章节编]|[^\n：:，。]{1,12}[：:]))"
                     r"|\n[ \t\u3000]*\n")

# Not inside 6,000 or 14:30, nor the comma of an English date (March 15, 2023).
_NOT_ENGLISH_DATE = r"(?!\s\d{4}\b)"


# -- cutting --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Segment:
    start: int
    end: int
    text: str


def trimmed(text: str, start: int, end: int) -> Segment | None:
    while start < end and text[start] in " \t\n\u3000":
        start += 1
    while end > start and text[end - 1] in " \t\n\u3000":
        end -= 1
    return Segment(start, end, text[start:end]) if end > start else None


def split(text: str, start: int, end: int, pattern: re.Pattern) -> list[Segment]:
    """``text[start:end]`` cut at ``pattern`` (one of the options below), blank pieces dropped."""
    pieces: list[Segment] = []
    cursor = start
    for match in pattern.finditer(text, start, end):
        piece = trimmed(text, cursor, match.end() if match.group(0).strip() else match.start())
        if piece:
            pieces.append(piece)
        cursor = match.end()
    tail = trimmed(text, cursor, end)
    if tail:
        pieces.append(tail)
    return pieces


# -- the options ----------------------------------------------------------------------------------
# Chinese/ASCII end marks with the closing quotes and brackets after them; a line break never ends
# a sentence (PDF lines wrap anywhere). engine/answer/casefile/facts/extract.py: the statements of a record.
SENTENCE_ZH = re.compile(f"{_END_MARKS}{_CLOSERS}")
# SENTENCE_ZH, and a line break where a new 问/答 turn, a numbered item (一、 1. （1）) or an
# article (第十条) starts. engine/text/segments.py: the sentences of a chunk.
SENTENCE_WITH_TURNS = re.compile(f"{_END_MARKS}{_CLOSERS}|{_TURN_OR_ITEM}")
# End marks and every line break: blocks of labelled fields (a transcript header, a signature
# block) hold one field a line. engine/text/segments.py: header and signature chunks.
SENTENCE_PER_LINE = re.compile(f"{_END_MARKS}|\\n")
# A composed answer, where every line break is meant: Chinese end marks (closing quotes and
# brackets), an English full stop before a new sentence (not after an abbreviation or an
# initial), every line break. engine/faithfulness/statements.py: the statements of an answer.
SENTENCE_ANSWER = re.compile(f"{_STATEMENT_ZH_END}|{_STATEMENT_EN_END}|\\n")
# The material an answer is checked against: as SENTENCE_ANSWER, but a line break ends a sentence
# only before a turn, a numbered item or article, a labelled field (签订日期：…), or as a blank
# line. engine/faithfulness/verify.py: the spans of the context.
SENTENCE_CONTEXT = re.compile(f"{_STATEMENT_ZH_END}|{_STATEMENT_EN_END}|{_STRUCTURAL_BREAK}")
# The units the answerability judge reads: Chinese end marks, an English full stop before a new
# sentence, a line break before a turn or an item in the wider forms contracts use (1.1, (a),
# ARTICLE, Section), a blank line. engine/answer/judge/segment.py: passages.
PASSAGE = re.compile(f"{_PASSAGE_ZH_END}|{_PASSAGE_EN_END}|{_PASSAGE_ITEM_START}|\\n\\s*\\n")

# ，、： and , : — each listed item and each labelled field its own clause, for finding the value a
# clause states. engine/answer/casefile/facts/extract.py.
CLAUSE_FIELD = re.compile(r"[，、：]|(?<!\d)[,:]|[,:](?!\d)")
# CLAUSE_FIELD that also keeps an English date whole (March 15, 2023). engine/text/segments.py.
CLAUSE_FIELD_DATED = re.compile(f"[，、：]|(?<!\\d)[,:]{_NOT_ENGLISH_DATE}|[,:](?!\\d){_NOT_ENGLISH_DATE}")
# ，：and , : — not 、 (叫什么名字、住在哪里我都不知道 shares one predicate): the clause a case answer
# reads an act, a negation or an unsure word in. engine/answer/casefile/said.py, act_mentions.py.
CLAUSE_PREDICATE = re.compile(r"[，：]|(?<!\d)[,:]|[,:](?!\d)")
# ，：:；; and , — not 、 (生产、销售…罪 is one item): the shortest unit a span answer quotes.
# engine/answer/judge/segment.py.
CLAUSE_QUOTE = re.compile(r"[，：:；;]|(?<!\d),|,(?!\d)")
# ，；;。 and , before no digit — not 、 nor ：: the clauses of a sentence of figures, a comma between
# digits (7,480元) inside a figure. engine/answer/casefile/channel_split.py, claims.py.
CLAUSE_FIGURES = re.compile(r"[，；;。]|,(?!\d)")
# ，；; and , — not 、 nor ： (第一百一十九条：对不需要逮捕、拘留的… is one claim): the units the
# negation check compares. engine/faithfulness/verify.py.
CLAUSE_CLAIM = re.compile(r"[，；;]|(?<!\d),|,(?!\d)")
# ，；; and , with every sentence end and line break: a quote of several sentences cut into the
# clauses the case badge looks for a total or a balance word in. engine/answer/casefile/badge.py.
CLAUSE_OF_QUOTE = re.compile(r"[，；;。！？!?\n]|(?<!\d),|,(?!\d)")
