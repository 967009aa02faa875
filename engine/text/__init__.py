"""Text tools shared by ingest and retrieval; pure functions, no I/O.

- normalize: length-preserving full-width → half-width (spans found on the result index the original)
- folding:   views that drop what hides a value or a phrase (zero-width characters, digit grouping,
             spacing, look-alike letters), each character mapped back to the source
- injection: sentences addressed to the reader or model (prompt injection), by rules over a folded reading
- numbers:   exact Chinese/Arabic numeral parsing, money amounts, numbers for the tokenizer
- dates:     dates to ISO strings with precision, never guessed
- refs:      statute references (本法第X条, 《…》第X条第Y款, ranges, 前款) and canonical article labels
- pii:       ID cards, bank cards, mobiles, e-mail, WeChat, addresses; risk level and masking
- tokenize:  the one BM25 tokenizer (jieba + canonical number and date tokens)

Every finder returns ``engine.types.Fact`` objects whose ``text == source[start:end]``.
Import from the submodules (``from engine.text.numbers import parse_number``): this package does
not import them itself, so using the numeral parser does not load jieba.
"""

from __future__ import annotations

import bisect


class SpanSet:
    """Non-overlapping half-open spans ``[start, end)`` with O(log n) overlap checks.

    Every finder keeps the best of competing candidates by offering them in order of preference;
    a quadratic "does it overlap anything kept so far" scan made 10,000 dates take seconds.
    """

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        i = bisect.bisect_right(self._starts, start)
        if i > 0 and self._ends[i - 1] > start:
            return True
        return i < len(self._starts) and self._starts[i] < end

    def add(self, start: int, end: int) -> bool:
        """Keep ``[start, end)`` unless it overlaps a kept span; True when kept."""
        if self.overlaps(start, end):
            return False
        i = bisect.bisect_right(self._starts, start)
        self._starts.insert(i, start)
        self._ends.insert(i, end)
        return True
