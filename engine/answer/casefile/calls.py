"""第N个电话打给谁/哪里, 几点打的: the calls a speaker tells, in the order told within one answer
(先打的120…后来又打了110 / 先给我哥打了电话，然后报了警), the Nth one's target and, when asked, its
clock time — said beside that call, or shown in a record the asker put and the speaker confirmed
(engine/answer/casefile/facts/confirm.py). The speaker's own number is never a target (the header is not read);
a target the speaker says he does not know (打给谁记不清了) is a gap in his words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.said import _anchor, _sentences
from engine.answer.wording import chinese_count, quoted
from engine.answer.casefile.facts import Anchor, Statement
from engine.answer.casefile.facts.confirm import confirmation_note, put_to_speaker
from engine.text.case_lexicon import TIME_OF_DAY, UNCERTAIN, is_clock_time
from engine.question import CasePlan, Slot
from engine.text.segments import Segment

def _who(n: int) -> str:
    return rf"(?P<who{n}>[\u4e00-\u9fff]{{1,6}}?)"


_NUMBER = r"(?P<number>\d{3,11})"
# One told call each; 打完X (a call already told, named as over) is matched too, so that it keeps its
# place in the order (打完120又马上打了110: 120 before 110) and is not counted twice.
CALL = re.compile(
    rf"(?:拨打|打完|打通|打)(?:了|的|过|给了|给)?{_NUMBER}"  # 打的120 / 拨打了110 / 打完110
    rf"|给{_who(1)}打(?:了|过)?(?:一?个|一通)?电话"  # 给我哥打了电话
    rf"|(?:打给|拨给)了?{_who(2)}(?=[，。；、,;！!？?]|$|的电话)"  # 打给了我哥
    rf"|打(?:了|过)?{_who(3)}的电话"  # 打了我妈的电话
    r"|(?P<police>报(?:了|过)?警)"  # 报了警: the call told by its purpose
    r"|(?P<bare>打了?(?:一)?个电话|打了?一通电话)")  # a call whose target follows or is not known
# 打给谁我记不清了: the target of a call the speaker does not know, in the lexicon's words of not knowing.
NOT_KNOWN = re.compile(rf"打给(?:了)?(?:谁|哪里|哪儿)[^，。；]{{0,4}}?(?:{UNCERTAIN.pattern})")
_NOT_A_TARGET = re.compile(r"^(?:他|她|我|你|它|对方|电话|一个)$|谁|哪|记不|不记得|忘|不知道|想不起|不清")


@dataclass
class Call:
    statement: Statement
    start: int  # in the answer
    end: int
    target: str | None  # None: the speaker did not know, or said none


def _target(match: re.Match[str]) -> str | None:
    if match.group("number"):
        return match.group("number")
    if match.group("police"):
        return "报警"
    who = match.group("who1") or match.group("who2") or match.group("who3")
    return None if who is None or _NOT_A_TARGET.search(who) else who


def calls_told(statement: Statement) -> list[Call]:
    """The calls one answer tells, in its order; 打了110报警 is one call, a target named again one call."""
    calls: list[Call] = []
    text = statement.answer
    for match in CALL.finditer(text):
        target = _target(match)
        previous = calls[-1] if calls else None
        if previous is not None and match.group("police") and previous.target and previous.target.isdigit() \
                and match.start() - previous.end <= 2:
            continue  # 打了110报警: the purpose of the call just told
        if target is not None and any(c.target == target for c in calls):
            continue  # 打完120: the call told before
        if target is None and not match.group("bare") and NOT_KNOWN.match(text, match.start()):
            continue  # 打给谁我记不清了: what is not known of the call just told, no call of its own
        if match.group("bare"):
            named = CALL.match(text, match.end() + 1) if match.end() < len(text) else None
            target = _target(named) if named else None
        calls.append(Call(statement, match.start(), match.end(), target))
    return calls


def _ordered_calls(case: Case) -> list[Call]:
    """The answer telling most calls in order (先…然后/后来/又…); the first such one when equal."""
    told = [calls_told(s) for s in case.ledger.statements if s.kind == "qa" and s.answer]
    return max(told, key=len, default=[])


def _span(calls: list[Call], index: int) -> tuple[int, int]:
    """Where the Nth call is told: from the previous call's end to the next call's start."""
    start = calls[index - 1].end if index > 0 else 0
    end = calls[index + 1].start if index + 1 < len(calls) else len(calls[index].statement.answer)
    return start, end


def _confirmed_time(case: Case, target: str) -> Part | None:
    """A clock time of a call to ``target`` in a record the asker put and the speaker confirmed."""
    for statement in case.ledger.statements:
        put = put_to_speaker(statement.question, statement.answer, case.people()) if statement.kind == "qa" else None
        if put is None or put.stance != "confirm" or put.told_by or target not in statement.question:
            continue
        clock = next((m for m in TIME_OF_DAY.finditer(statement.question) if is_clock_time(m)), None)
        if clock is None or not statement.question_span:
            continue
        cited = case.cite(Anchor(statement.chunk_id, *statement.question_span))
        note = confirmation_note(put.how, put.words, hedged=False)
        return Part("时间", f"时间：{clock.group(0)}（{cited}：{quoted(statement.question)}，{note}）", Fill.FILLED,
                    [cited])
    return None


def answer_call(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    calls = _ordered_calls(case)
    index = (plan.ordinal or 1) - 1
    asks_target = any(s in plan.slots for s in (Slot.PLACE, Slot.PERSON, Slot.TEXT))
    asks_time = Slot.TIME in plan.slots or Slot.DATE in plan.slots
    nth = f"第{chinese_count(plan.ordinal or 1)}个电话"
    if index >= len(calls):
        if asks_target:
            outcome.add(Part(f"{nth}打给谁", "", Fill.MISSING))
        if asks_time:
            outcome.add(Part("时间", "", Fill.MISSING))
        return
    call = calls[index]
    statement = call.statement
    start, end = _span(calls, index)
    told = statement.answer[start:end]  # the clock is read here only: another call's time is not this one's
    # the quote is the whole sentence(s) telling the call, as the answer's sentences are split everywhere
    telling = [s for s in _sentences(statement) if s.end > call.start and s.start < call.end]
    first, last = telling[0].start, telling[-1].end
    told_whole = statement.answer[first:last]
    cited = case.cite(_anchor(statement, Segment(first, last, told_whole)))
    if asks_target:
        unknown = NOT_KNOWN.search(statement.answer, call.start, end)
        if call.target is None and unknown:
            outcome.add(Part(f"{nth}打给谁", f"材料显示记不清：{quoted(told_whole)}（{cited}），材料未给出确切答案",
                             Fill.UNSURE, [cited]))
        elif call.target is None:
            outcome.add(Part(f"{nth}打给谁", "", Fill.MISSING))
        else:
            said = "报了警" if call.target == "报警" else f"打给{call.target}"
            outcome.add(Part(f"{nth}打给谁", f"{nth}：{said}（{cited}：{quoted(told_whole)}）", Fill.FILLED, [cited]))
    if asks_time:
        clock = next((m for m in TIME_OF_DAY.finditer(told) if is_clock_time(m)), None)
        confirmed = _confirmed_time(case, call.target) if call.target and call.target != "报警" else None
        if confirmed is not None:
            outcome.add(confirmed)
        elif clock is not None:
            outcome.add(Part("时间", f"时间：{clock.group(0)}（{cited}：{quoted(told_whole)}）", Fill.FILLED, [cited]))
        else:
            outcome.add(Part("时间", "", Fill.MISSING))
