"""A split by way of paying told in one sentence (微信转了5000元，现金给了7480元 / 21次里面，微信转给我的有
17次，另外4次是给的现金): asked of those ways (微信付了多少、现金付了多少 / 微信和现金各有几次), each way's
figure is read from its own clause of that sentence — even where other payments of the file name no way,
which leaves a restriction to one way unanswerable over the rows one by one (restrictions.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.accounts import Said, joined_sentences
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Conflict
from engine.answer.wording import quoted
from engine.question import CasePlan, Slot
from engine.text.boundaries import CLAUSE_FIGURES
from engine.text.case_lexicon import CHANNELS
from engine.text.numbers import find_amounts, parse_number

# a count in a clause (有17次 / 另外4次 / 三次): not an ordinal (第三次) nor a count per period (每次)
_COUNT = re.compile(r"(?<![第每头这那上下])([一二三四五六七八九十两\d]{1,3})\s*(?:次|笔|回)")


@dataclass(frozen=True)
class _Split:
    said: Said
    figures: dict[str, str]  # way asked → its figure as said (5000元 / 17次)


def _figure(clause: str, counting: bool) -> str | None:
    if counting:
        found = _COUNT.search(clause)
        return found.group(0) if found and parse_number(found.group(1)) is not None else None
    amounts = find_amounts(clause)
    return amounts[0].text if len(amounts) == 1 else None


def _split_in(said: Said, ways: list[str], counting: bool) -> _Split | None:
    """Each way asked with one figure in a clause naming that way only; None unless every way has one."""
    figures: dict[str, str] = {}
    for clause in CLAUSE_FIGURES.split(said.text):
        named = [w for w in ways if CHANNELS[w].search(clause)]
        if len(named) != 1 or named[0] in figures:
            continue
        figure = _figure(clause, counting)
        if figure is not None:
            figures[named[0]] = figure
    return _Split(said, figures) if len(figures) == len(ways) else None


def answer_channel_split(case: Case, plan: CasePlan, outcome: Outcome) -> bool:
    """微信付了多少、现金付了多少: each way's figure from the one sentence splitting the money (or the
    times) between the ways asked, quoted and cited; two different splits told are both shown, the later
    named. False unless at least two ways are asked and some sentence tells a figure for each."""
    ways = [w for w in plan.channels if w in CHANNELS]
    if len(ways) < 2 or not ({Slot.AMOUNT, Slot.COUNT} & set(plan.slots)):
        return False
    counting = plan.aggregate == "count" and Slot.AMOUNT not in plan.slots
    splits = [s for said in joined_sentences(case) if (s := _split_in(said, ways, counting)) is not None]
    distinct = list({tuple(s.figures.items()): s for s in splits}.values())
    if not distinct:
        return False
    cites = [case.cite(s.said.anchor(0, len(s.said.text))) for s in distinct]
    lines = [f"{'、'.join(f'{w}{f}' for w, f in s.figures.items())}（{quoted(s.said.text)}，{cited}"
             f"{'，最后所述' if len(distinct) > 1 and s is distinct[-1] else ''}）" for s, cited in zip(distinct, cites)]
    label = "次数" if counting else "金额"
    if len(distinct) > 1:
        outcome.conflicts.append(Conflict("testimony", f"各支付方式的{label}说法不一：{'；'.join(lines)}", cites))
        outcome.add(Part(label, f"各支付方式的{label}说法不一：{'；'.join(lines)}，需人工核实", Fill.CONFLICT, cites))
        return True
    outcome.add(Part(label, f"按支付方式分别为{lines[0]}", Fill.FILLED, cites))
    return True
