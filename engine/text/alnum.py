"""Text reduced to its letters and digits, with the offset each one came from.

Two renderings of one document — a PDF's text layer and its txt export, a model's paraphrase of
a clause and the clause — differ in whitespace, line breaks, hyphenation and typography (curly
vs straight quotes, ligatures). Compared on letters and digits alone they agree, and the offsets
lead back to the original characters. Unlike engine/text/normalize.py this is not length
preserving: punctuation and whitespace are dropped.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class NormalisedText:
    text: str  # letters and digits only, casefolded
    offsets: tuple[int, ...]  # offsets[i] = index in the original text of text[i]


def normalise(text: str) -> NormalisedText:
    chars: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(text):
        # NFKC per character: a ligature (ﬁ) becomes two letters that both point at it.
        for c in unicodedata.normalize("NFKC", ch).casefold():
            if c.isalnum():
                chars.append(c)
                offsets.append(i)
    return NormalisedText("".join(chars), tuple(offsets))
