"""How far a case-file answer can be trusted before it wears 已核验: a small learned score.

The case path's own checks (engine/answer/casefile/badge.py) test what they were written to test —
a figure of the asked type, said as the asked aggregate. On case files of kinds the rules were
never written for, an answer passes them while quoting a sentence about something else: the
deposit for the rent owed, the T-shirts for the shoes, a count of trees answered with a price.
What those wrong answers share is visible without knowing the kind of case: the question's own
words (its names, things and acts: engine/question/terms.py) are missing from what is quoted, the
answer is the closest sentence rather than rows read from the ledger, and so on.

``TrustInput`` is what the score reads of an answer (kept in the answer's checks, so the bench
reports carry it and scripts/train_case_trust.py learns from them); ``features`` turns it into the
model's row; ``TrustModel`` is a logistic regression read from models/trust.json, whose threshold
was chosen on out-of-fold scores (grouped by case file) so that few wrong answers stay 已核验.
Below the threshold an answered answer whose quotes lack a word the question names becomes
needs_review with a note naming it; the answer itself is unchanged. Without the model file nothing changes (the card in the
answer says so).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping

from engine.answer.verify import cited_ids

MODEL_FILE = Path(__file__).resolve().parent / "models" / "trust.json"
# How much of the chunk before a quote counts as its setting: the question turn (问：…) that the
# quoted answer replies to is usually within it.
_CONTEXT_BEFORE = 160
_SPACE = re.compile(r"\s+")
_UNCLEAR = re.compile(r"记不清|未给出确切答案|说不清|不记得")
_SPAN = re.compile(r"^材料显示")
_VERDICT = re.compile(r"^[是否][，（(]")
_SENTENCE = re.compile(r"[。！？!?\n]")
# A word of at most this many sentences of the file singles out what the question is about.
_RARE = 3
_AMOUNT_SAID = re.compile(r"\d元|[万千百十]元")

FEATURES = ("person_quote", "person_context", "person_document", "noun_quote", "noun_context",
            "noun_document", "head_quote", "head_context", "other_context", "absent_from_document", "rare_missing", "rare_held",
            "nothing_named", "span", "unclear", "verdict", "computed", "evidence", "rows", "top_rank", "mean_reciprocal_rank", "vector_cited", "vector_gap", "lexical_cited", "conflict", "slots",
            "aggregate", "count_by_amount", "quote_length")
_CLASSES = ("person", "place", "noun", "other")


@dataclass
class Asked:
    """One word the question names and where the answer's material holds it (``_held``)."""

    word: str
    kind: str  # person | place | noun | other (engine/question/terms.py word_class)
    quote: float  # in the quotes the conclusion cites
    context: float  # … or in the chunk text just before them (the question turn they answer)
    document: float  # … or anywhere in the case file
    spread: int = 0  # how many sentences of the file hold it (a word of few sentences singles one out)


@dataclass
class TrustInput:
    """What the trust score reads of one case-file answer. The record's text is not kept (it holds
    personal data): only, for each word the question names, how far the quotes, their settings
    and the whole file hold it."""

    plan: dict[str, Any]
    conclusion: str  # as shown (masked)
    asked: list[Asked] = field(default_factory=list)
    quote_length: int = 0
    calculations: int = 0
    conflicts: int = 0
    evidence: int = 0
    rows: int = 0  # ledger rows the answer rests on (none: it quotes the closest sentence)
    # each cited chunk's rank in the question's own search of the file (1 = first; 0 = not found):
    # a sentence the search for another question found is what a wrong answer often quotes
    ranks: list[int] = field(default_factory=list)
    # each cited chunk's e5 cosine with the question (0: not among the search's hits) and the best
    # hit's; each cited chunk's BM25 score over the best hit's
    vector: list[float] = field(default_factory=list)
    vector_best: float = 0.0
    lexical: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TrustInput":
        values = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        values["asked"] = [Asked(**a) for a in values.get("asked", [])]
        return cls(**values)

    @classmethod
    def from_answer(cls, answer, document: str, retrieved: list[list]) -> "TrustInput":
        """``document``: the case file's whole text; ``retrieved``: what the question's search of
        the file found, best first: [chunk id, e5 cosine, BM25 score] (``retrieved_of``)."""
        by_id = {e.id: e for e in answer.evidence}
        cited = [by_id[i] for i in cited_ids(answer.conclusion) if i in by_id] or list(answer.evidence)
        rank = {hit[0]: i + 1 for i, hit in reversed(list(enumerate(retrieved)))}
        vector = {hit[0]: hit[1] for hit in retrieved}
        best_lexical = max((hit[2] for hit in retrieved), default=0.0) or 1.0
        lexical = {hit[0]: hit[2] / best_lexical for hit in retrieved}
        quotes = _squash("".join(e.chunk.text[e.quote_start:e.quote_end] for e in cited))
        context = _squash("".join(e.chunk.text[max(0, e.quote_start - _CONTEXT_BEFORE):e.quote_end]
                                  for e in cited))
        sentences = [_squash(x) for x in _SENTENCE.split(document)]
        document = _squash(document)
        plan = dict(answer.plan or {})
        names = list(plan.get("names", []))
        kinds = {w: "person" for w in names}
        for word, kind in plan.get("terms", []):
            # a person the names reader did not confirm, or a piece of a name (吴国 of 吴国平): the
            # tagger's guess, not a word of the question
            if kind == "person" or any(word in n for n in names):
                continue
            kinds.setdefault(word, kind)
        asked = [Asked(w, k, _held(w, quotes), _held(w, context), _held(w, document),
                       sum(w in x for x in sentences)) for w, k in kinds.items() if not _cut_wrong(w, document)]
        return cls(plan=plan, conclusion=answer.conclusion, asked=asked, quote_length=len(quotes),
                   calculations=len(answer.calculations), conflicts=len(answer.conflicts),
                   evidence=len(answer.evidence), rows=len(answer.ledger),
                   ranks=[rank.get(e.chunk.chunk_id, 0) for e in cited],
                   vector=[round(vector.get(e.chunk.chunk_id, 0.0), 4) for e in cited],
                   vector_best=round(max(vector.values(), default=0.0), 4),
                   lexical=[round(lexical.get(e.chunk.chunk_id, 0.0), 4) for e in cited])


def _cut_wrong(word: str, document: str) -> bool:
    """A two-character 'word' the file never writes while it writes each of its characters is the
    tagger's cut across two words (箱酒 of 多少箱酒, 条烟, 卖货, 比鲁 of 比鲁长河), not something the
    question names: it is left out rather than reported missing."""
    return len(word) == 2 and word not in document and all(ch in document for ch in word)


def _squash(text: str) -> str:
    return _SPACE.sub("", text)


def _held(word: str, text: str) -> float:
    """1 when the text holds the word, ½ when only its last two characters (授信额度 → 额度: the
    head of a compound), 0 otherwise."""
    if word in text:
        return 1.0
    return 0.5 if len(word) > 2 and word[-2:] in text else 0.0


def _share(asked: list[Asked], where: str) -> float:
    return sum(getattr(a, where) for a in asked) / len(asked) if asked else 1.0


def missing_terms(t: TrustInput) -> list[str]:
    """The question's words that neither the quotes nor their settings hold, those the whole file
    lacks first."""
    return [a.word for a in sorted(t.asked, key=lambda a: a.document) if a.context == 0.0]


def features(t: TrustInput) -> dict[str, float]:
    people = [a for a in t.asked if a.kind == "person"]
    nouns = [a for a in t.asked if a.kind in ("noun", "place")]
    others = [a for a in t.asked if a.kind == "other"]
    heads = [a for a in t.asked if a.word == t.plan.get("head")]
    slots = list(t.plan.get("slots", []))
    count_asked = any(s in ("count", "quantity") for s in slots) and "amount" not in slots
    row = {
        "person_quote": _share(people, "quote"), "person_context": _share(people, "context"),
        "person_document": _share(people, "document"),
        "noun_quote": _share(nouns, "quote"), "noun_context": _share(nouns, "context"),
        "noun_document": _share(nouns, "document"), "other_context": _share(others, "context"),
        "head_quote": _share(heads, "quote"), "head_context": _share(heads, "context"),
        "absent_from_document": float(min(sum(a.document == 0.0 for a in t.asked), 2)),
        "rare_missing": float(min(sum(0 < a.spread <= _RARE and a.context == 0.0 for a in t.asked), 2)),
        "rare_held": float(min(sum(0 < a.spread <= _RARE and a.context > 0.0 for a in t.asked), 2)),
        "nothing_named": float(not t.asked),
        "span": float(bool(_SPAN.search(t.conclusion))),
        "unclear": float(bool(_UNCLEAR.search(t.conclusion))),
        "verdict": float(bool(_VERDICT.search(t.conclusion))),
        "computed": float(t.calculations > 0),
        "evidence": min(t.evidence, 6) / 6.0,
        "rows": min(t.rows, 4) / 4.0,
        "top_rank": max((1.0 / r for r in t.ranks if r), default=0.0),
        "mean_reciprocal_rank": sum(1.0 / r for r in t.ranks if r) / len(t.ranks) if t.ranks else 0.0,
        "vector_cited": max(t.vector, default=0.0),
        "vector_gap": t.vector_best - max(t.vector, default=0.0),
        "lexical_cited": max(t.lexical, default=0.0),
        "conflict": float(t.conflicts > 0),
        "slots": float(min(len(slots), 3)),
        "aggregate": float(bool(t.plan.get("aggregate"))),
        "count_by_amount": float(count_asked and bool(_AMOUNT_SAID.search(t.conclusion))),
        "quote_length": min(t.quote_length, 400) / 400.0,
    }
    return {f: row[f] for f in FEATURES}


@dataclass
class TrustModel:
    """A logistic regression over standardised ``FEATURES`` and the threshold below which an
    answer is not trusted (both from scripts/train_case_trust.py; its card holds the data hash and
    the cross-validated figures)."""

    weights: list[float]
    bias: float
    mean: list[float]
    scale: list[float]
    threshold: float
    card: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def held_back(score: float, threshold: float, lacking: list[str]) -> bool:
        """Held back from 已核验: a low score and a word of the question that the quotes and their
        settings lack (the note names it) — a low score alone is no reason anyone could check."""
        return score < threshold and bool(lacking)

    def threshold_for(self, keep: float | None) -> float:
        """The threshold of the operating point keeping ``keep`` (the card's ``operating_points``);
        None: the model's own."""
        if keep is None:
            return self.threshold
        points = {p["keep"]: p["threshold"] for p in self.card.get("operating_points", [])}
        if keep not in points:
            raise ValueError(f"badge.case_trust_keep {keep} is not an operating point of the trust "
                             f"model; choose one of {sorted(points)}")
        return points[keep]

    def score(self, t: TrustInput) -> float:
        row = features(t)
        z = self.bias + sum(w * (row[f] - m) / s for w, f, m, s in
                            zip(self.weights, FEATURES, self.mean, self.scale))
        return 1.0 / (1.0 + math.exp(-z))

    @classmethod
    def load(cls, path: Path = MODEL_FILE) -> "TrustModel | None":
        if not path.exists():
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if list(data["features"]) != list(FEATURES):
            raise ValueError(f"{path}: trained on features {data['features']}, this code has {FEATURES}")
        return cls(weights=data["weights"], bias=data["bias"], mean=data["mean"], scale=data["scale"],
                   threshold=data["threshold"], card=data.get("card", {}))


_MODEL: list[TrustModel | None] = []


def model() -> TrustModel | None:
    if not _MODEL:
        _MODEL.append(TrustModel.load())
    return _MODEL[0]


def retrieved_of(hits) -> list[list]:
    """A search's hits as the trust card keeps them: [chunk id, e5 cosine, BM25 score], best first
    (0 for a channel that did not find the chunk)."""
    return [[h.chunk.chunk_id, round(h.channels.get("vector", {}).get("score", 0.0), 4),
             round(h.channels.get("bm25", {}).get("score", 0.0), 4)] for h in hits]


def assess(answer, document: str, retrieved: list[list], keep: float | None = None) -> dict[str, Any]:
    """The trust card of a case-file answer (``document``: the file's whole text; ``retrieved``:
    what its search found, ``retrieved_of``; ``keep``: the operating point, Settings.badge): its
    input, and when the model is present its score, threshold and, held back, the note naming the
    question's words the quotes lack."""
    t = TrustInput.from_answer(answer, document, retrieved)
    card: dict[str, Any] = {"input": t.to_dict(), "retrieved": list(retrieved)}
    m = model()
    if m is None:
        card["model"] = None
        return card
    p = m.score(t)
    lacking, threshold = missing_terms(t), m.threshold_for(keep)
    card.update(model=m.card.get("name", "trust"), score=round(p, 4), threshold=threshold,
                trusted=not m.held_back(p, threshold, lacking))
    if not card["trusted"]:
        card["note"] = "核验把握不足：引文中未出现问题所说的" + "、".join(f"「{w}」" for w in lacking[:4])
    return card
