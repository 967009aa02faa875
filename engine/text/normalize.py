"""Cheap, length-preserving text normalisation.

Every function here maps one character to exactly one character. That is the point: the
extractors (amounts, dates, PII, statute references) match on the normalised text and report
spans that index the *original* text unchanged, so ``source[fact.start:fact.end]`` is always the
verbatim surface form a user can see highlighted.
"""

from __future__ import annotations

# Full-width ASCII block: U+FF01..U+FF5E are U+0021..U+007E shifted by 0xFEE0.
_FULLWIDTH_OFFSET = 0xFEE0
_HALFWIDTH_TABLE: dict[int, str] = {cp: chr(cp - _FULLWIDTH_OFFSET) for cp in range(0xFF01, 0xFF5F)}
_HALFWIDTH_TABLE[0x3000] = " "  # ideographic space
# The full-width currency/sign forms U+FFE0..U+FFE6: ￠ ￡ ￢ ￣ ￤ ￥ ￦. ￥ matters most: Chinese
# documents write "￥3,000" and the amount finder should see the same "¥" as in "¥3,000".
_HALFWIDTH_TABLE.update({0xFFE0: "\u00a2", 0xFFE1: "\u00a3", 0xFFE2: "\u00ac", 0xFFE3: "\u00af",
                         0xFFE4: "\u00a6", 0xFFE5: "\u00a5", 0xFFE6: "\u20a9"})
# Space-like characters PDF extraction leaves behind (no-break, en/em/thin spaces...).
_HALFWIDTH_TABLE.update({cp: " " for cp in (0x00A0, *range(0x2000, 0x200B), 0x202F, 0x205F)})


def to_halfwidth(text: str) -> str:
    """Full-width ASCII, digits, the ideographic space and odd spaces → half-width, 1 char → 1 char.

    Chinese punctuation outside the full-width ASCII block (。、《》“” …) is left alone: it carries
    meaning for the extractors and is not an ASCII look-alike. Note that ``，`` (U+FF0C) *is* in the
    block and becomes ``,``; number parsing therefore only treats a comma as a thousands
    separator when exactly three digits follow it.
    """
    return text.translate(_HALFWIDTH_TABLE)
