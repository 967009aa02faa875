"""一共买了多少个铁夹子 / 前后去了几个晚上, answered by the one sentence that tells the parts and no whole
(第一批10个，第二批14个; 8月份去了3个晚上，9月份有4个晚上，10月份去了2个晚上): the figures of the asked unit
the sentence tells are added and the sum shown with its working — never an ordinal (第二个晚上), a
figure that prices each (一个12块钱) or one said per piece (每张). The sentence is the speaker's own
enumeration, not a whole said, so the answer stays under review, naming how the sum was made.
"""

from __future__ import annotations

from decimal import Decimal

from engine.answer.casefile.badge_subject import RATE_AFTER, accepted_units
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.wording import plain_number
from engine.question import CasePlan, Slot
from engine.text.case_lexicon import TOTAL
from engine.text.boundaries import CLAUSE_OF_QUOTE, split
from engine.text.quantities import find_quantities

_FIGURE_SLOTS = (Slot.TEXT, Slot.QUANTITY, Slot.COUNT)
ADDED_UP = "合计为所引语句所列各数相加，所引语句本身未说合计"


def parts_told(text: str, unit: str) -> list[Decimal]:
    """The figures of ``unit`` (or a unit of its family) a sentence tells as parts of a whole."""
    units = accepted_units(unit)
    figures = []
    for found in find_quantities(text):
        if found.meta.get("unit") not in units:
            continue
        before = text[max(0, found.start - 1):found.start]
        if before in ("第", "每") or RATE_AFTER.match(text, found.end):
            continue
        figures.append(found.value)
    return figures


def sum_quoted_parts(plan: CasePlan, outcome: Outcome) -> None:
    """Replace a quoted part standing for a total asked, whose sentence lists two figures or more of
    the asked unit and says no whole, by their sum with its calculation."""
    if plan.aggregate != "total" or not plan.unit:
        return
    for part in outcome.parts:
        said = part.quoted
        if part.fill is not Fill.FILLED or said is None or said.slot not in _FIGURE_SLOTS:
            continue
        if part.doubt and "未说明合计" not in part.doubt:
            continue  # doubted for another reason: the quote is kept as it is
        clauses = [c.text for c in split(said.text, 0, len(said.text), CLAUSE_OF_QUOTE)]
        if any(TOTAL.search(c) and parts_told(c, plan.unit) for c in clauses):
            continue  # the whole is said (一共5张)
        figures = parts_told(said.text, plan.unit)
        if len(figures) < 2:
            continue
        _add_up(part, plan.unit, figures, outcome)


def _add_up(part: Part, unit: str, figures: list[Decimal], outcome: Outcome) -> None:
    total = sum(figures, Decimal(0))
    working = " + ".join(plain_number(f) for f in figures)
    cited = "、".join(part.evidence)
    outcome.calculations.append(Calculation(f"{working} = {plain_number(total)}", total, None, True,
                                            list(part.evidence), description=f"所引语句所列各数相加（{unit}）"))
    # (the sentence itself stays in the evidence: its other figures — 一个12块钱 — are no answer)
    part.text = f"共{plain_number(total)}{unit}（{cited}所列各数相加：{working}）"
    part.doubt = ADDED_UP
