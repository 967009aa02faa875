"""The answerability / entailment judge: four small LightGBM models read from their text files,
and four logistic regressions over hashed sparse features (npz files): two lexical scores stacked
into the question's row (engine/answer/judge/lexical.py) and the start / end of a span answer
inside its clause (engine/answer/judge/boundary.py).

  passage      P(passage answers the question)                         over PASSAGE_FEATURES
  span         P(clause carries the answer)                            over CLAUSE_FEATURES
  answerable   P(some retrieved passage answers / the text addresses it) over QUESTION_FEATURES
  polarity     P(the text contradicts a yes/no question or hypothesis)  over QUESTION_FEATURES

In that order: the passages are scored, the reader (``read``: span model and boundaries) picks
the answer it would give, and its confidence is stacked with the lexical scores into the
question's row. The question is not answerable when ``answerable`` falls below the threshold of
its group — language and form (``threshold_group``: zh / en, yes/no / open), each chosen in
training on out-of-fold scores so that answerable questions of that group are rarely abstained
on (the card says how; zh on CJRC judgments, en-yesno on ContractNLI hypotheses, en-open on
CUAD's open-form contract questions; a group without enough training questions takes its
language's threshold).
Trained by scripts/train_judge.py; the models, their data hashes and cross-validated figures are
in engine/answer/judge/models/.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from engine.answer.judge.features import (CLAUSE_FEATURES, PASSAGE_FEATURES, QUESTION_FEATURES,
                                          ClauseCandidate, JudgeInput, PassageTable, QuestionInfo,
                                          answer_core,
                                          clause_table, passage_table, question_row)
from engine.answer.judge.boundary import BOUNDARY_PARTS, best_span
from engine.answer.judge.confidence import answer_confidence, bar_key
from engine.answer.judge.lexical import LEXICAL_PARTS, LexicalModel, lexical_scores
from engine.answer.judge.segment import Passage
from engine.answer.judge.slots import Slot
from engine.text.segments import Segment

MODEL_DIR = Path(__file__).resolve().parent / "models"
CARD = MODEL_DIR / "judge.json"
PARTS = ("passage", "answerable", "polarity", "span")
LINEAR_PARTS = (*LEXICAL_PARTS, *BOUNDARY_PARTS)
FEATURES = {"passage": PASSAGE_FEATURES, "answerable": QUESTION_FEATURES,
            "polarity": QUESTION_FEATURES, "span": CLAUSE_FEATURES}
# A passage "answers" at this probability and "partially" answers from the lower one; fixed by
# design (a calibrated binary probability), not tuned. A span answer grows from its best clause
# over the neighbouring clauses the span model also gives EXTEND_AT (answers spanning clauses).
ANSWERS_AT, PARTIAL_AT = 0.5, 0.2
POLARITY_AT = 0.5
EXTEND_AT = 0.5
JOINT_TOP = 3  # clauses whose boundaries are weighed against each other for a span answer


def threshold_group(info: QuestionInfo) -> str:
    """Which abstention threshold a question gets: its language and its form. A yes/no question
    (a contract hypothesis, 是否…) names everything it asks about, an open question names what it
    wants only by its question word, so their answerability scores sit differently and one
    threshold would abstain too often on one form to hold the false-abstention bound on both."""
    return ("en" if info.english else "zh") + ("-yesno" if info.yesno else "-open")


class Decision:
    ANSWERS = "answers"  # a span / value answer
    NOT_FOUND = "not_found"  # no passage answers: abstain
    ENTAILS = "entails"  # yes / 是
    CONTRADICTS = "contradicts"  # no / 否
    NOT_MENTIONED = "not_mentioned"  # a contract hypothesis the contract is silent on: a gap


@dataclass
class PassageVerdict:
    passage: Passage
    p: float

    @property
    def verdict(self) -> str:
        return "answers" if self.p >= ANSWERS_AT else "partially" if self.p >= PARTIAL_AT else "does_not_answer"

    def to_dict(self) -> dict[str, Any]:
        seg = self.passage.segment
        return {"chunk_id": self.passage.chunk.chunk_id, "char_span": [seg.start, seg.end],
                "verdict": self.verdict, "p": round(self.p, 4)}


@dataclass
class Judgment:
    model: str
    language: str  # zh | en: the question's, which picks the threshold
    slot: Slot
    p_answerable: float
    threshold: float
    p_contradicts: float | None
    decision: str
    passages: list[PassageVerdict]  # best first
    table: PassageTable = field(repr=False)
    scores: np.ndarray = field(repr=False)
    reading: "Reading" = field(repr=False)  # what the reader made of the best passages
    group: str = ""  # threshold_group: zh-open, en-yesno …
    # How sure the judge is of the answer given and the bar of its kind (engine/answer/judge/
    # confidence.py); set by the answering path once the decision is final (None: no bar).
    confidence: float | None = None
    bar: float | None = None

    @property
    def answerable(self) -> bool:
        return self.p_answerable >= self.threshold

    def answer_confidence(self) -> float:
        """The confidence of the answer this judgment gives (confidence.answer_confidence)."""
        english = self.language == "en"
        found = self.reading.answer
        reader_p = None if english else (found.p if found is not None else 0.0)
        return answer_confidence(self.decision, self.p_answerable, self.p_contradicts, reader_p)

    def to_dict(self, top: int = 5) -> dict[str, Any]:
        out = {"model": self.model, "decision": self.decision, "language": self.language,
                "slot": self.slot.value,
                "p_answerable": round(self.p_answerable, 4), "threshold": round(self.threshold, 4),
                "p_contradicts": None if self.p_contradicts is None else round(self.p_contradicts, 4),
                "reader": dict(zip(("clause", "span"), (round(x, 4) for x in self.reading.features))),
                "passages": [v.to_dict() for v in self.passages[:top]]}
        if self.confidence is not None:
            out["confidence"] = round(self.confidence, 4)
            out["confidence_bar"] = None if self.bar is None else round(self.bar, 4)
        return out


class Judge:
    """The boosted and linear models and the thresholds of one training run (the shipped one, or a
    fold's)."""

    def __init__(self, card: dict[str, Any], boosters: dict[str, Any], linear: dict[str, LexicalModel]):
        for part in PARTS:
            if tuple(card["features"][part]) != FEATURES[part]:
                raise ValueError(f"judge model '{part}' was trained on other features; retrain it "
                                 "(scripts/train_judge.py)")
        self.card = card
        self.boosters = boosters
        self.linear = linear
        self.thresholds: dict[str, float] = {k: float(v) for k, v in card["thresholds"].items()}
        # The badge bars by kind of answer (engine/answer/judge/confidence.py); none: no bar.
        self.bars: dict[str, float] = {k: float(v["bar"]) for k, v in card.get("confidence_bars", {}).items()}
        self.name = f"judge:{card['name']}"
        self._lock = threading.Lock()  # Booster.predict is not documented as thread-safe

    @classmethod
    def load(cls, card_file: Path = CARD) -> "Judge":
        import lightgbm

        card = json.loads(Path(card_file).read_text("utf-8"))
        folder = Path(card_file).parent
        boosters = {part: lightgbm.Booster(model_file=str(folder / card["files"][part])) for part in PARTS}
        linear = {part: LexicalModel.load(folder / card["files"][part]) for part in LINEAR_PARTS}
        return cls(card, boosters, linear)

    def predict(self, part: str, rows: np.ndarray) -> np.ndarray:
        if len(rows) == 0:
            return np.zeros(0)
        with self._lock:
            return np.asarray(self.boosters[part].predict(rows, num_threads=1), dtype=np.float64)

    def judge(self, inp: JudgeInput) -> Judgment:
        return self.decide(passage_table(inp))

    def decide(self, table: PassageTable) -> Judgment:
        """Every passage scored, the answer read from the best ones, then the question: answerable
        at all (the reader's confidence is one of the signals), and which way a yes/no goes."""
        scores = self.predict("passage", table.features)
        reading = read(table, scores, lambda rows: self.predict("span", rows), self.linear)
        row = question_row(table, scores, (*lexical_scores(self.linear, table), *reading.features))[None, :]
        p_answerable = float(self.predict("answerable", row)[0])
        group = threshold_group(table.info)
        language = group.split("-")[0]
        threshold = self.thresholds.get(group, self.thresholds.get(language, 0.5))
        yesno = table.info.yesno
        p_contra = float(self.predict("polarity", row)[0]) if yesno else None
        if p_answerable < threshold:
            decision = Decision.NOT_FOUND
        elif yesno:
            decision = Decision.CONTRADICTS if p_contra >= POLARITY_AT else Decision.ENTAILS
        else:
            decision = Decision.ANSWERS
        order = np.argsort(-scores, kind="stable")
        verdicts = [PassageVerdict(table.passages[i], float(scores[i])) for i in order]
        return Judgment(self.name, language, table.info.slot, p_answerable, threshold, p_contra, decision,
                        verdicts, table, scores, reading, group)

    def badge_bar(self, judgment: Judgment, document_kind: str) -> tuple[float, float | None]:
        """The confidence of the judgment's (final) answer and the bar of its kind, also kept on
        the judgment for the answer's checks."""
        judgment.confidence = judgment.answer_confidence()
        judgment.bar = self.bars.get(bar_key(document_kind, judgment.group, judgment.decision))
        return judgment.confidence, judgment.bar

    def answer(self, judgment: Judgment) -> SpanAnswer | None:
        """The span answer (see ``read``), read once by ``decide``."""
        return judgment.reading.answer


@dataclass(frozen=True)
class SpanAnswer:
    passage: Passage
    segment: Segment  # the clause(s) quoted, offsets into the chunk text
    core: tuple[int, int]  # what answers, offsets into the segment's text
    p: float


READER_MISSING = -1.0


@dataclass
class Reading:
    """What the reader makes of the best passages: their clauses ranked by the span model, and the
    span answer it gives."""
    ranked: list[tuple[ClauseCandidate, float]]
    answer: SpanAnswer | None
    english: bool

    @property
    def features(self) -> tuple[float, float]:
        """(best clause probability, best clause × boundary probability) — stacked into the
        question's row. Missing for English: the span model and the boundaries are learned on
        Chinese answers only, and their scores of English clauses shift from one training run to
        the next (stacked, they moved the English abstention thresholds off their targets)."""
        if self.english or not self.ranked:
            return READER_MISSING, READER_MISSING
        return self.ranked[0][1], (self.answer.p if self.answer is not None else READER_MISSING)


def read(table: PassageTable, scores: np.ndarray, span_model: Callable[[np.ndarray], np.ndarray],
         linear: Mapping[str, LexicalModel]) -> Reading:
    """Rank the clauses of the best passages with ``span_model`` and pick the span answer: of the
    JOINT_TOP best clauses (each grown over its neighbours that also carry the answer), the one
    whose clause probability times its best boundary pair is largest, with that answer's place in
    it. One function for answering and for training (the stacked reader scores of the training
    rows come from fold models through it)."""
    cands, rows = clause_table(table, scores)
    p = span_model(rows) if len(rows) else np.zeros(0)
    order = np.argsort(-p, kind="stable")
    ranked = [(cands[i], float(p[i])) for i in order]
    info = table.info
    if not ranked:
        return Reading(ranked, None, info.english)
    if info.english:  # the boundaries are learned on Chinese (CJRC) answers only
        passage, segment = grow(ranked, ranked[0][0])
        return Reading(ranked, SpanAnswer(passage, segment, answer_core(segment.text, info.text, info.slot),
                                          ranked[0][1]), True)
    best: SpanAnswer | None = None
    for cand, p_clause in ranked[:JOINT_TOP]:
        passage, segment = grow(ranked, cand)
        found = best_span(linear, segment.text, info)
        lo, hi, p_span = found if found is not None else (0, len(segment.text), 0.0)
        option = SpanAnswer(passage, segment, (lo, hi), p_clause * p_span)
        if best is None or option.p > best.p:
            best = option
    return Reading(ranked, best, False)


def grow(ranked: list[tuple[ClauseCandidate, float]], best: ClauseCandidate) -> tuple[Passage, Segment]:
    """A clause grown over adjacent clauses of its passage that also carry the answer."""
    score = {c.position: s for c, s in ranked if c.passage_index == best.passage_index}
    segment = {c.position: c.segment for c, _ in ranked if c.passage_index == best.passage_index}
    lo = hi = best.position
    while score.get(lo - 1, 0.0) >= EXTEND_AT:
        lo -= 1
    while score.get(hi + 1, 0.0) >= EXTEND_AT:
        hi += 1
    text = best.passage.chunk.text
    start, end = segment[lo].start, segment[hi].end
    return best.passage, Segment(start, end, text[start:end])


def supporting(judgment: Judgment, limit: int) -> list[PassageVerdict]:
    """The passages judged to answer at least partly, best first (the best one always)."""
    chosen = [v for v in judgment.passages if v.p >= PARTIAL_AT][:limit]
    return chosen or judgment.passages[:1]


def cited_passages(judgment: Judgment, limit: int) -> list[tuple[PassageVerdict, str]]:
    """What an answer cites after its deciding quote: the supporting passages (role ``hit``), then
    the next best ones up to ``limit`` as ``context`` — the judge's runners-up, shown so a reader
    can check the decision against what surrounds it (their verdicts are in checks.answerability)."""
    chosen = supporting(judgment, limit)
    rest = [v for v in judgment.passages if all(v is not c for c in chosen)][:max(0, limit - len(chosen))]
    return [(v, "hit") for v in chosen] + [(v, "context") for v in rest]


_shipped: tuple[Judge | None, str | None] | None = None
_shipped_lock = threading.Lock()


def load_judge() -> tuple[Judge | None, str | None]:
    """The shipped judge (loaded once), or None and the reason it cannot be used."""
    global _shipped
    with _shipped_lock:
        if _shipped is None:
            if not CARD.is_file():
                _shipped = (None, f"judge model card {CARD} not found")
            else:
                try:
                    _shipped = (Judge.load(CARD), None)
                except ImportError:
                    _shipped = (None, "lightgbm is not installed")
                except (ValueError, KeyError, OSError, json.JSONDecodeError) as exc:
                    _shipped = (None, f"judge model unusable ({exc})")
        return _shipped
