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
Below the threshold an answered answer becomes needs_review with a note naming what the quotes
lack; the answer itself is unchanged. Without the model file nothing changes (the card in the
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
_AMOUNT_SAID = re.compile(r"\d元|[万千百十]元")

FEATURES = ("names_quote", "names_context", "terms_quote", "terms_context", "terms_missing",
            "nothing_named", "span", "unclear", "computed", "evidence", "conflict", "slots",
            "aggregate", "count_asked", "amount_said", "count_by_amount", "quote_length")


@dataclass
class TrustInput:
    """What the trust score reads of one case-file answer. The record's text is not kept (it holds
    personal data): only, for each word the question names, how far the quotes and their settings
    hold it (``_held``)."""

    plan: dict[str, Any]
    conclusion: str  # as shown (masked)
    in_quotes: dict[str, float] = field(default_factory=dict)  # asked word → held by the quotes
    in_context: dict[str, float] = field(default_factory=dict)  # … by the quotes with their settings
    quote_length: int = 0
    calculations: int = 0
    conflicts: int = 0
    evidence: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "TrustInput":
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    @classmethod
    def from_answer(cls, answer) -> "TrustInput":
        by_id = {e.id: e for e in answer.evidence}
        cited = [by_id[i] for i in cited_ids(answer.conclusion) if i in by_id] or list(answer.evidence)
        quotes = _squash("".join(e.chunk.text[e.quote_start:e.quote_end] for e in cited))
        context = _squash("".join(e.chunk.text[max(0, e.quote_start - _CONTEXT_BEFORE):e.quote_end]
                                  for e in cited))
        plan = dict(answer.plan or {})
        asked = list(dict.fromkeys([*plan.get("names", []), *plan.get("terms", [])]))
        return cls(plan=plan, conclusion=answer.conclusion,
                   in_quotes={w: _held(w, quotes) for w in asked},
                   in_context={w: _held(w, context) for w in asked}, quote_length=len(quotes),
                   calculations=len(answer.calculations), conflicts=len(answer.conflicts),
                   evidence=len(answer.evidence))


def _squash(text: str) -> str:
    return _SPACE.sub("", text)


def _held(word: str, text: str) -> float:
    """1 when the text holds the word, ½ when only its last two characters (授信额度 → 额度: the
    head of a compound), 0 otherwise."""
    if word in text:
        return 1.0
    return 0.5 if len(word) > 2 and word[-2:] in text else 0.0


def _share(words: list[str], held: Mapping[str, float]) -> float:
    return sum(held.get(w, 0.0) for w in words) / len(words) if words else 1.0


def missing_terms(t: TrustInput) -> list[str]:
    """The question's names and content words that neither the quotes nor their settings hold."""
    return [w for w, h in t.in_context.items() if h == 0.0]


def features(t: TrustInput) -> dict[str, float]:
    names = list(dict.fromkeys(t.plan.get("names", [])))
    terms = [w for w in dict.fromkeys(t.plan.get("terms", [])) if w not in names]
    slots = list(t.plan.get("slots", []))
    count_asked = any(s in ("count", "quantity") for s in slots) and "amount" not in slots
    amount_said = bool(_AMOUNT_SAID.search(t.conclusion))
    return {
        "names_quote": _share(names, t.in_quotes), "names_context": _share(names, t.in_context),
        "terms_quote": _share(terms, t.in_quotes), "terms_context": _share(terms, t.in_context),
        "terms_missing": float(min(len(missing_terms(t)), 3)),
        "nothing_named": float(not names and not terms),
        "span": float(bool(_SPAN.search(t.conclusion))),
        "unclear": float(bool(_UNCLEAR.search(t.conclusion))),
        "computed": float(t.calculations > 0),
        "evidence": min(t.evidence, 6) / 6.0,
        "conflict": float(t.conflicts > 0),
        "slots": float(min(len(slots), 3)),
        "aggregate": float(bool(t.plan.get("aggregate"))),
        "count_asked": float(count_asked),
        "amount_said": float(amount_said),
        "count_by_amount": float(count_asked and amount_said),
        "quote_length": min(t.quote_length, 400) / 400.0,
    }


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


def assess(answer) -> dict[str, Any]:
    """The trust card of a case-file answer: its input, and when the model is present its score,
    threshold and, below it, the question's words the quotes lack."""
    t = TrustInput.from_answer(answer)
    card: dict[str, Any] = {"input": t.to_dict()}
    m = model()
    if m is None:
        card["model"] = None
        return card
    p = m.score(t)
    card.update(model=m.card.get("name", "trust"), score=round(p, 4), threshold=m.threshold,
                trusted=p >= m.threshold)
    if p < m.threshold:
        lacking = missing_terms(t)
        card["note"] = ("核验把握不足：引文中未出现问题所说的" + "、".join(f"「{w}」" for w in lacking[:4])
                        if lacking else "核验把握不足：此类问题在未见过的案卷上常被答错，请人工核对")
    return card
