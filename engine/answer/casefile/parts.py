"""An answer to a case-file question is a list of parts, one per asked slot; each says what the
material gives for it (filled), that it is not there (missing), that the speaker did not know
(unsure), or that statements disagree (conflict). The status follows from the parts: a filled part
the badge check (engine/answer/casefile/badge.py) doubts keeps its value on view, not 已核验."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from engine.answer.composer import Draft, EvidenceSet
from engine.answer.model import NOT_FOUND_PHRASE, Calculation, Conflict, Gap, Status
from engine.answer.casefile.facts import Event
from engine.question import CasePlan, Slot


class Reading(str, Enum):
    """Where a filled part's value was read, which decides whether it can be 已核验 at all.

    The record's form (the header's keyed fields: time, place, officers, the personal particulars)
    is laid out the same in every record, and a verdict (是/否) is the reply's own first word to a
    question; both were right on all but a few of the answers measured on case files of kinds the
    code was never tuned on. A value read out of what was said (an amount, a count, a date or a
    person of an event, a sum over sentences) was right on about half of them: which sentence
    tells the asked thing is what the reading cannot establish on material of an unseen kind, so
    such a part is shown with its quote and left to be checked (docs/benchmarks.md, the eleventh
    stop)."""

    FORM = "form"
    VERDICT = "verdict"
    STATEMENT = "statement"


class Fill(str, Enum):
    FILLED = "filled"
    MISSING = "missing"
    UNSURE = "unsure"
    CONFLICT = "conflict"


@dataclass
class Quoted:
    """The sentence a part quotes as its answer (材料显示：「…」) when no value was read into the
    asked slot, with the asker's words it answers: what the part establishes is only what this
    sentence itself says."""

    text: str
    slot: Slot  # the slot the quote stands for
    asked: str = ""
    # the plan of the question's part it answers (投诉过吗？是哪天？ — the yes/no part's own), when
    # that is not the whole question's
    plan: CasePlan | None = None
    speaker: str | None = None  # who said it, when a verdict is read from it (the question may name them)


@dataclass
class Part:
    label: str  # what the part answers, in the user's words (日期, 金额, 方式 …)
    text: str  # the sentence of the conclusion
    fill: Fill
    evidence: list[str] = field(default_factory=list)
    quoted: Quoted | None = None  # the part stands on the closest sentence, quoted
    rows: list[Event] = field(default_factory=list)  # the ledger rows its value is read from
    summed: bool = False  # its value adds several rows up (共计…各笔相加)
    doubt: str | None = None  # what it does not establish of the question (the badge check's note)
    reading: Reading = Reading.STATEMENT  # where the value was read (the form, a verdict, what was said)
    # a verdict read only from how a sentence tells the act, no reply to the very question saying the
    # same: the badge's last check holds it back (engine/answer/casefile/badge.py)
    inferred: bool = False


@dataclass
class Outcome:
    """What a case-file composer found: parts plus the panels that go with them."""

    parts: list[Part] = field(default_factory=list)
    calculations: list[Calculation] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, part: Part) -> None:
        self.parts.append(part)

    def other_account(self, part: Part, cited: str, describe: Callable[[str], str]) -> None:
        """Another account of what ``part`` rests on (a later correction, another figure of the thing):
        cited beside the part's own evidence and reported as a conflict of the two — never chosen
        between. ``describe`` says it, given the part's first evidence id."""
        if cited not in part.evidence:
            part.evidence.append(cited)
        self.conflicts.append(Conflict("testimony", describe(part.evidence[0]), [part.evidence[0], cited]))


def draft_of(outcome: Outcome, evidence: EvidenceSet, scope: str, nothing: str = "相关内容") -> Draft:
    """Status: every part filled (unsure parts count as answered when they are the whole answer:
    the material's own 记不清 is what it says) → answered; a conflict, or some parts missing while
    others are filled → needs_review naming what is missing; nothing at all → not_found."""
    parts = outcome.parts
    filled = [p for p in parts if p.fill is Fill.FILLED]
    missing = [p for p in parts if p.fill is Fill.MISSING]
    unsure = [p for p in parts if p.fill is Fill.UNSURE]
    if not parts or (len(missing) == len(parts)):
        what = "、".join(dict.fromkeys(p.label for p in missing)) if missing else nothing
        return Draft(Status.NOT_FOUND, f"{NOT_FOUND_PHRASE}{what}（检索范围：{scope}）。", evidence,
                     calculations=outcome.calculations, conflicts=outcome.conflicts, gaps=outcome.gaps)
    for part in missing:
        outcome.gaps.append(Gap(f"{NOT_FOUND_PHRASE}{part.label}", []))
    status = Status.ANSWERED
    if outcome.conflicts or any(p.fill is Fill.CONFLICT for p in parts):
        status = Status.NEEDS_REVIEW
    elif missing and (filled or unsure):
        status = Status.NEEDS_REVIEW  # half an answer is not a verified answer
    elif any(p.doubt for p in filled + unsure):
        status = Status.NEEDS_REVIEW  # a value shown that does not answer what was asked
    noted: set[str] = set()  # a doubt shared by parts (材料中未提到社保) is said once
    conclusion = "；".join(_shown(p, noted) for p in parts)
    return Draft(status, conclusion.rstrip("。；") + "。", evidence, calculations=outcome.calculations,
                 conflicts=outcome.conflicts, gaps=outcome.gaps)


def _shown(part: Part, noted: set[str]) -> str:
    if part.fill is Fill.MISSING:
        return f"{NOT_FOUND_PHRASE}{part.label}"
    if part.fill in (Fill.FILLED, Fill.UNSURE) and part.doubt and part.doubt not in noted:
        noted.add(part.doubt)
        return f"{part.text.rstrip('。；')}（{part.doubt}，需人工核实）"
    return part.text
