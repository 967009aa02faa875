"""Contract questions: which contract a question names; the clause category's heading channel.

**The named contract.** "Consider the Master Franchise Agreement between Smaaash Entertainment
Private Limited and I-AM Capital Acquisition Company; what is …" names one contract by its title
and parties. Each ingested contract has an identity text — its file name and its preamble (title
and parties, the ``header`` chunks) — and the question's words are matched against every identity,
each word weighted by how rare it is among identities (a party's name is rare, "Agreement" is
not). When the best contract has the evidence of at least ``MIN_RARE_WORDS`` words found in it
alone, the search is
restricted to the contracts the question may be naming: those with at least 1/``DECISIVE`` of the
best one's evidence — one contract when the name is unambiguous, two or three when it is not
(a question comparing two contracts names both); with more contenders than ``MAX_NAMED`` nothing
is restricted. On CUAD most misses were the right passage of the wrong contract.

**The clause category** a question names is read with the question (engine/question/clauses.py);
its heading words add a recall list here (``heading_matches``).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Sequence

if TYPE_CHECKING:
    from engine.question import ClauseCategory

# A contender has at least 1/DECISIVE of the best evidence (idf sum), which must weigh as much as
# MIN_RARE_WORDS words found in one contract only; more than MAX_NAMED contenders name nothing.
DECISIVE = 2.0
MIN_RARE_WORDS = 2
MAX_NAMED = 3
# Opening characters read into a contract's identity: title and parties come first, but a long
# contract may open with a table of contents and name its parties only after it.
IDENTITY_CHARS = 4000


def heading_matches(category: "ClauseCategory", context: str) -> bool:
    return bool(context) and bool(category.heading.search(context))


@dataclass
class ContractIdentities:
    """Every contract's identity words (file name and preamble), with their rarity."""
    doc_ids: list[str]
    words: list[set[str]]
    idf: dict[str, float]

    @classmethod
    def build(cls, identities: Iterable[tuple[str, Sequence[str]]]) -> "ContractIdentities":
        doc_ids, words = [], []
        for doc_id, tokens in identities:
            doc_ids.append(doc_id)
            words.append(set(tokens))
        df: dict[str, int] = {}
        for ws in words:
            for w in ws:
                df[w] = df.get(w, 0) + 1
        n = len(doc_ids)
        idf = {w: math.log((n - f + 0.5) / (f + 0.5) + 1.0) for w, f in df.items()}
        return cls(doc_ids, words, idf)

    def named(self, query_tokens: Sequence[str]) -> tuple[list[str], list[float]]:
        """(the contracts the tokens may name, best first — empty when none or too many —, and
        the evidence of every contender)."""
        if len(self.doc_ids) < 2:
            return [], []
        query = set(query_tokens)
        evidence = sorted(((sum(self.idf[w] for w in query & ws), d) for d, ws in zip(self.doc_ids, self.words)),
                          key=lambda e: (-e[0], e[1]))
        best = evidence[0][0]
        rarest = math.log((len(self.doc_ids) - 0.5) / 1.5 + 1.0)  # idf of a word in one contract
        if best < MIN_RARE_WORDS * rarest - 1e-9:
            return [], []
        contenders = [(e, d) for e, d in evidence if e * DECISIVE >= best]
        if len(contenders) > MAX_NAMED:
            return [], []
        return [d for _, d in contenders], [round(e, 2) for e, _ in contenders]


def identity_text(name: str, header_texts: Sequence[str]) -> str:
    """A contract's identity: its file name (words split at _ - and case changes) and its opening
    (the preamble and recitals)."""
    stem = re.sub(r"\.[A-Za-z0-9]{1,5}$", "", name)
    stem = re.sub(r"(?<=[a-z])(?=[A-Z])|[_\-]+", " ", stem)
    return f"{stem}\n{' '.join(header_texts)[:IDENTITY_CHARS]}"
