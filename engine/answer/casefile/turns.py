"""Answers from the record's own turns, when every other route found nothing.

The people who write questions about a record paraphrase its own 问 turns (or what a side was asked in
a hearing), and the answer is in the reply to that turn. Before a case answer says 未在材料中找到, the
user's question is aligned with the record's questions: the turn asking the same kind of value (谁,
哪里, 吗 …) whose content (character pairs, so jieba's cut does not decide) best matches the question's,
and holding the rare things the question names (nouns of few statements of the file: a question about
a thing no statement names is never aligned, and stays not found). A strong alignment answers from
the reply: a yes/no from its opening, a place, time, means or text quoted from it (a figure only when
the quoted sentence tells exactly one), or the speaker's saying he does not know (a gap). Such an
answer is never 已核验: it rests on the reply to a question like the user's, which the part's doubt
says, and the cited passage holds that question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.act_mentions import GENERAL, occurs, word_hit
from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Anchor, Statement
from engine.answer.casefile.money import SLOT_LABELS
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.said import _anchor, _dice, _effective_question, _has_slot, _sentences
from engine.answer.casefile.verdict import AFFIRMATION, NEGATION, Verdict, knowing_asked, show_contrary, tells_main_act
from engine.answer.model import UNCLEAR_PHRASE, Gap
from engine.answer.wording import quoted
from engine.question import (ASKING_WORDS, CasePlan, QuestionPlan, Slot, asked_kinds, asks_figure,
                             content_pairs, cut_across)
from engine.text.case_lexicon import RELATIVE_DATE, TIME_OF_DAY, UNCERTAIN
from engine.text.dates import find_dates
from engine.text.segments import Segment

# How close the record's question must be to the user's (character-pair overlap of the two questions),
# or how much of the user's content it must hold with a weaker overlap, to stand for it.
SIMILAR = 0.5
COVERED, SIMILAR_WITH_COVER = 0.5, 0.33
# A word of at most this share of the record's statements is rare: the question is about it.
RARE_SHARE = 0.15

# The slots a reply is quoted for (a figure is never read from a paraphrase here: zero tolerance).
_QUOTED = (Slot.PLACE, Slot.MEANS, Slot.DATE, Slot.TIME, Slot.TEXT, Slot.PERSON, Slot.INSTRUMENT)
# The speaker's own subject before a verdict (他知道。/ 我没有): not the verdict's first word.
_SUBJECT = re.compile(r"^(?:我们|他们|她们|我|他|她|对方|这个|那个)(?:也|都|就|确实|当时)?")
# A figure as a reply tells it (8个人, 1000个, 七千二百元): digits, or numerals before a measure word.
_FIGURE = re.compile(r"\d[\d,.，]*|[零一二三四五六七八九十百千万两]+(?=[个人名次件台元块只条张笔克吨天年月])")
_NOT_KNOWING = re.compile(r"^(?:不知道|不清楚|不晓得)")


@dataclass
class Turn:
    """A turn of the record aligned with the user's question."""

    statement: Statement
    asked: str  # the record's question (a short follow-up read with the one before it)
    similar: float  # character-pair overlap (Dice) of the user's and the record's questions
    covered: float  # share of the user's content pairs the turn (问 and 答) holds


def unnamed(case: Case, words: list[str]) -> list[str]:
    """The words no statement of the file uses, not even split (拿货 ~ 拿的货): things the record never
    names."""
    said = [(s.question + s.answer).lower() for s in case.ledger.statements if s.kind != "header"]
    return [w for w in words if not any(word_hit(w, text) >= 0.5 for text in said)]


def rare_words(case: Case, plan: CasePlan) -> list[str]:
    """The things the question names that few statements of the file use, or none: what it is about.
    Only nouns (a verb of the user's — 参与, 交到 — paraphrases the record's own); never a person
    (the one questioned is 你 in the record's questions), nor jieba's cut across words (货运)."""
    said = [(s.question + s.answer).lower() for s in case.ledger.statements if s.kind != "header"]
    if not said:
        return []
    people = case.people()
    rare = []
    for word in plan.question.terms:
        if len(word) < 2 or word in GENERAL or word in ASKING_WORDS or word not in plan.question.nouns \
                or cut_across(word, plan.text) or any(word in p or p in word for p in people):
            continue
        share = sum(1 for text in said if occurs(word.lower(), text)) / len(said)
        if share <= RARE_SHARE:
            rare.append(word.lower())
    return rare


def align(case: Case, plan: CasePlan) -> Turn | None:
    """The record's turn the question paraphrases, or None when no turn stands for it."""
    people = sorted(case.people(), key=len, reverse=True)
    if len(content_pairs(plan.text)) < 2:
        return None
    rare = rare_words(case, plan)
    if unnamed(case, rare):
        return None  # 这批水泥是哪家厂生产的, of a record that never names 水泥: no turn is about it
    kinds = asked_kinds(plan.text)
    best: Turn | None = None
    for statement in case.ledger.statements:
        if statement.kind == "header" or not statement.question.strip() or not statement.answer.strip():
            continue
        asked = _effective_question(case, statement)
        whole = (asked + statement.answer).lower()
        # the one questioned is 你 in the record's questions: his name in the user's says nothing more
        mine = content_pairs(_without(plan.text, [p for p in people if p == statement.speaker]))
        before = case.ledger.statements[statement.index - 1] if statement.index > 0 else None
        context = whole + ((before.question + before.answer).lower() if before is not None else "")
        if sum(1 for word in rare if not occurs(word, context)) > len(rare) // 3:
            continue  # the things the question is about are not in this turn (nor the one it follows
            # on); one of three may be the user's own word for it (拿货出库 for the record's 出库)
        theirs_kinds = asked_kinds(asked)
        if (kinds or theirs_kinds) and not kinds & theirs_kinds \
                and not (Slot.YESNO in kinds and not theirs_kinds):
            # 哪家厂生产的 is not answered by a reply to 用到哪里了; a yes/no may be by the reply to an open
            # question (到期以后怎么处理的 — 续签了一年), whose verdict must then tell the asked act itself
            continue
        theirs = content_pairs(asked)
        if len(theirs & mine) < 2:
            continue  # one word in common (豹哥是什么人 for 豹哥的真实姓名) is no paraphrase
        similar = max(_dice(mine, theirs), _contained(theirs, mine))
        held = {p for p in mine if p in re.sub(r"\s", "", whole)}
        turn = Turn(statement, asked, similar, len(held) / len(mine) if mine else 0.0)
        if best is None or (turn.similar, turn.covered) > (best.similar, best.covered):
            best = turn
    if best is None:
        return None
    strong = best.similar >= SIMILAR or (best.covered >= COVERED and best.similar >= SIMILAR_WITH_COVER)
    return best if strong else None


def _contained(theirs: set[str], mine: set[str]) -> float:
    """How much of the record's (short) question the user's holds — 你认识打架的这些人吗 within 刘海波认识
    参与打架的人吗 — discounted when the record's question says little (a pair or two)."""
    if len(theirs) < 2:
        return 0.0
    return len(theirs & mine) / len(theirs) * (0.8 if len(theirs) > 2 else 0.6)


def _without(text: str, names: list[str]) -> str:
    for name in names:
        text = text.replace(name, "|")
    return text


# What every answer of this module rests on, said beside it (the cited passage holds that question).
DOUBT = "依据笔录中讯问人员所提相近问题及其回答作答"


def _cite(case: Case, statement: Statement, sentence: Segment) -> str:
    """The record's question and the reply's sentence, cited as one passage: the question is what the
    answer rests on, and every figure it holds is then in the evidence."""
    anchor = _anchor(statement, sentence)
    if statement.question_span is not None and statement.question_span[0] < anchor.start:
        anchor = Anchor(anchor.chunk_id, statement.question_span[0], anchor.end)
    return case.cite(anchor)


def _opening(statement: Statement) -> Segment | None:
    sentences = _sentences(statement)
    return sentences[0] if sentences else None


def _verdict(plan: CasePlan, opening: str, knowing: bool) -> str | None:
    """是 / 否 from the reply's opening words (他知道。/ 没有登记。/ 续签了一年), None when it gives none.
    ``knowing``: the speaker's own knowing is asked (a 不知道 then answers 否)."""
    text = _SUBJECT.sub("", opening.strip())
    if knowing and _NOT_KNOWING.match(text):
        return "否"
    if UNCERTAIN.search(re.split(r"[，,。；;]", text, maxsplit=1)[0]):
        return None
    if NEGATION.match(text):
        return "否"
    if AFFIRMATION.match(text):
        return "是"
    # 有一个我认识 / …我就没有取，续签了一年: the asked act itself in the opening sentence, told done or
    # denied where it is last told (a reply tells what was proposed before what was done)
    acts = plan.focus.acts or sorted(plan.question.verbs)  # 续租: a verb the act lexicon does not know
    told = [(text.rfind(act), act) for act in acts if len(act) > 1 and act in text]
    if not told:
        return None
    at, _ = max(told)
    if re.search(r"(?:不|没有|没|未|从没|从未)$", text[:at]):
        return "否"
    # the main act asked (a consent: with its word), not another the question names (替补歌手…来不了)
    return "是" if tells_main_act(plan, text) else None


def _holds(slot: Slot, text: str, case: Case) -> bool:
    if slot in (Slot.DATE, Slot.TIME):
        return bool(find_dates(text) or TIME_OF_DAY.search(text) or RELATIVE_DATE.search(text)
                    or re.search(r"[上中下]旬|月初|月底|月末|年初|年底|前后|左右", text))
    if slot in (Slot.PLACE, Slot.PERSON, Slot.INSTRUMENT):
        return _has_slot(text, slot, case.people())
    return True


def _shown(statement: Statement, sentence: Segment) -> Segment:
    """A short sentence (没有登记。) with the one after it: the verdict with its reason."""
    sentences = _sentences(statement)
    at = next((i for i, s in enumerate(sentences) if s.start == sentence.start), None)
    if len(sentence.text) <= 8 and at is not None and at + 1 < len(sentences):
        after = sentences[at + 1]
        return Segment(sentence.start, after.end, statement.answer[sentence.start:after.end])
    return sentence


def _part(case: Case, plan: CasePlan, turn: Turn, slot: Slot, outcome: Outcome) -> Part | None:
    statement = turn.statement
    opening = _opening(statement)
    if opening is None:
        return None
    label = "是否" if slot is Slot.YESNO else SLOT_LABELS.get(slot, "内容")
    first_clause = re.split(r"[，,。；;]", opening.text, maxsplit=1)[0]
    unsure = UNCERTAIN.search(first_clause)
    said = first_clause[:unsure.start()] if unsure else ""
    knowing = slot is Slot.YESNO and knowing_asked(plan, statement, said, words=True)
    if unsure and not knowing:
        cited = _cite(case, statement, opening)  # 这个我不知道: what the record says of it, a gap
        outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}：{quoted(opening.text)}", [cited]))
        return Part(label, f"{UNCLEAR_PHRASE}：{quoted(opening.text)}（{cited}），材料未给出确切答案",
                    Fill.UNSURE, [cited], doubt=DOUBT)
    if plan.real_name:
        return None  # 真名叫什么: a reply telling who he is (申国梁的表弟) names no real name
    if slot is Slot.YESNO:
        if plan.focus.negated:
            return None  # 是不是没有…: a reply's 没有 would answer the other way round
        value = _verdict(plan, opening.text, knowing)
        if value is None:
            return None
        shown = _shown(statement, opening)
        cited = _cite(case, statement, shown)
        part = Part(label, f"{value}（{cited}：{quoted(shown.text)}）", Fill.FILLED, [cited], doubt=DOUBT)
        show_contrary(case, plan, Verdict(value, statement, opening), part, outcome)
        return part
    if slot not in _QUOTED:
        return None
    # the reply's opening answers its question; a later sentence only when it names a thing the
    # question names (签收日期是12月2日 dates a 签收单, not the 劳动合同 asked)
    things = [w for w in plan.question.nouns if len(w) > 1 and w not in GENERAL and w not in ASKING_WORDS]
    sentence = next((s for i, s in enumerate(_sentences(statement)) if _holds(slot, s.text, case)
                     and (i == 0 or any(occurs(w, s.text) for w in things))), None)
    if sentence is None:
        return None
    if asks_figure(plan.text) and len(_FIGURE.findall(sentence.text)) != 1:
        return None  # 有几个人 / 多少个: a figure quoted only where the reply tells exactly one
    shown = _shown(statement, sentence)
    cited = _cite(case, statement, shown)
    return Part(label, f"材料显示：{quoted(shown.text)}（{cited}）", Fill.FILLED, [cited], doubt=DOUBT)


def answer_by_turn(case: Case, question: QuestionPlan, outcome: Outcome) -> bool:
    """Every part missing: the reply to the record's own question like the user's answers what it can.
    True when ``outcome`` was replaced (needs_review: each part's doubt names the turn it rests on)."""
    if outcome.parts and any(p.fill is not Fill.MISSING for p in outcome.parts):
        return False
    plan = question.case
    if not plan.slots or plan.law or plan.mediation_outcome:
        return False  # (调解成了吗: a side's reply to 是否同意调解 tells nothing of how it ended)
    turn = align(case, plan)
    if turn is None:
        return False
    found = Outcome()
    parts = [_part(case, plan, turn, slot, found) for slot in plan.slots]
    if not any(p is not None for p in parts):
        return False
    outcome.parts = []
    for part, slot in zip(parts, plan.slots):
        if part is None:
            outcome.parts.append(Part(SLOT_LABELS.get(slot, "内容"), "", Fill.MISSING))
        elif not any(p.fill is part.fill and p.evidence == part.evidence for p in outcome.parts):
            outcome.parts.append(part)  # 名字和住处都不知道: one reply's gap said once for both parts
    outcome.gaps += list({g.description: g for g in found.gaps}.values())
    outcome.conflicts += found.conflicts
    return True
