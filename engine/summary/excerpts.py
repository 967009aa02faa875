"""Verbatim excerpts: the only material the offline summariser builds points from.

A point is a short label of ours (被讯问人, 退还, Governing law…) around excerpts cut from chunk
text at sentence and clause boundaries, so every number and date in it is copied, never typed.
Each excerpt keeps its ``[start, end)`` range in the chunk text: the point's source and the
viewer's highlight come from the same offsets.
"""

from __future__ import annotations


from engine.text.segments import Segment, clauses, sentences, strip_turn_marker
from engine.summary.model import Range
from engine.text.lines import join_pdf_lines
from engine.types import Chunk

SENTENCE_CHARS = 48  # a sentence up to this length is quoted whole; a longer one by its clauses
MIN_EXCERPT_CHARS = 14  # a shorter excerpt takes the next clause along (大概2023年2月份 alone says little)
ELLIPSIS = "…"
_TRAILING = "，、：；,;:。. \t\n\u3000"  # a question keeps its ？
_PAIRS = {"(": ")", "（": "）", "《": "》", "“": "”", "「": "」", "【": "】", "[": "]"}
BRACKET_REACH = 80  # how far an excerpt may run on to close a bracket it opened


def join_lines(text: str) -> str:
    """A PDF line break inside a sentence is layout (engine/text/lines.py); an excerpt's own
    leading and trailing blanks go too."""
    return join_pdf_lines(text).strip()


def trim(text: str, start: int, end: int) -> Range | None:
    """The range without surrounding blanks and without the clause punctuation that ends it
    (an excerpt is joined to others with …, where a dangling ， reads badly)."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1] in _TRAILING:
        end -= 1
    return (start, end) if end > start else None


def close_brackets(text: str, start: int, end: int, reach: int = BRACKET_REACH) -> int:
    """``end`` moved on past the closers of brackets opened in ``text[start:end]``, so an
    excerpt never stops inside (the "Effective Date") or 《…修正案（十二）》 where a PDF line broke.
    Unchanged when they do not close within ``reach`` characters."""
    stack: list[str] = []
    quoted = False

    def step(ch: str) -> None:
        nonlocal quoted
        if ch in _PAIRS:
            stack.append(_PAIRS[ch])
        elif stack and ch == stack[-1]:
            stack.pop()
        elif ch == '"':
            quoted = not quoted

    for ch in text[start:end]:
        step(ch)
    if not stack and not quoted:
        return end
    for position in range(end, min(len(text), end + reach)):
        step(text[position])
        if not stack and not quoted:
            return position + 1
    return end


_OPENERS = {v: k for k, v in _PAIRS.items()}


def open_brackets(text: str, start: int, end: int, reach: int = BRACKET_REACH) -> int:
    """``start`` moved back before the openers of brackets that ``text[start:end]`` only closes
    (an excerpt starting at “Term”) shall commence … takes its opening words along)."""
    wanted: list[str] = []
    for ch in text[start:end]:
        if ch in _PAIRS:
            wanted.append("")  # opened inside: its closer is no concern of ours
        elif ch in _OPENERS:
            if wanted and wanted[-1] == "":
                wanted.pop()
            else:
                wanted.append(_OPENERS[ch])
    need = [w for w in wanted if w]  # openers to meet going backwards, nearest first
    position = start
    while need and position > max(0, start - reach):
        position -= 1
        ch = text[position]
        if ch == need[0]:
            need.pop(0)
        elif ch in _OPENERS:  # a complete pair before us: its opener comes first
            need.insert(0, _OPENERS[ch])
    return position if not need else start


def whole_facts(chunk: Chunk, start: int, end: int) -> tuple[int, int]:
    """The range widened so it cuts no amount or date in two (March 1, | 2018 at a comma)."""
    for fact in chunk.facts:
        if fact.kind in ("amount", "date"):
            if fact.start < start < fact.end:
                start = fact.start
            if fact.start < end < fact.end:
                end = fact.end
    return start, end


def excerpt_text(chunk: Chunk, ranges: list[Range]) -> str:
    return ELLIPSIS.join(join_lines(chunk.text[s:e]) for s, e in ranges)


def body_sentences(chunk: Chunk, *, answer_only: bool = False, skip: int = 0) -> list[Segment]:
    """Sentences of a chunk after its first ``skip`` characters (a clause heading, an article
    label), without 问/答 turn markers."""
    found = []
    for sentence in sentences(chunk, answer_only=answer_only):
        if sentence.end <= skip:
            continue
        if sentence.start < skip:
            r = trim(chunk.text, skip, sentence.end)
            if r is None:
                continue
            sentence = Segment(r[0], r[1], chunk.text[r[0]:r[1]])
        found.append(strip_turn_marker(sentence))
    return found


def heading_length(chunk: Chunk) -> int:
    """Characters of a clause's own heading line (第二条 服务期限 / 3. TERM AND RENEWAL), which a
    point about the clause's content should not quote."""
    heading = str(chunk.meta.get("heading") or "")
    first_line = chunk.text.split("\n", 1)[0]
    return len(first_line) + 1 if heading and heading in first_line and "\n" in chunk.text else 0


def around(chunk: Chunk, anchors: list[Range], *, answer_only: bool = True, skip: int = 0,
           sentence_chars: int = SENTENCE_CHARS, min_chars: int = MIN_EXCERPT_CHARS) -> list[Range]:
    """Ranges quoting ``anchors`` (fact spans, keyword matches) in context: each sentence holding
    an anchor, whole when short, else the clauses holding anchors (widened to ``min_chars``).
    A 问/答 turn marker is never part of an excerpt, nor the first ``skip`` characters."""
    picked: list[Range] = []
    for sentence in body_sentences(chunk, answer_only=answer_only, skip=skip):
        if not any(s < sentence.end and e > sentence.start for s, e in anchors):
            continue
        if len(sentence.text) <= sentence_chars:
            picked.append((sentence.start, sentence.end))
            continue
        parts = clauses(chunk, sentence)
        chosen = {i for i, c in enumerate(parts) if any(s < c.end and e > c.start for s, e in anchors)}
        if not chosen:  # the anchor sat on the stripped turn marker
            continue
        while sum(len(parts[i].text.strip(_TRAILING)) for i in chosen) < min_chars and len(chosen) < len(parts):
            after = max(chosen) + 1
            chosen.add(after if after < len(parts) else min(chosen) - 1)
        run: list[int] = []
        for i in sorted(chosen) + [None]:
            if run and (i is None or i != run[-1] + 1):
                picked.append((parts[run[0]].start, parts[run[-1]].end))
                run = []
            if i is not None:
                run.append(i)
    ranges = []
    for start, end in picked:
        start, end = whole_facts(chunk, start, end)
        r = trim(chunk.text, open_brackets(chunk.text, start, end), close_brackets(chunk.text, start, end))
        if r:
            ranges.append(r)
    return ranges
