"""Who stands out by a measure (输钱最多的玩家是谁, 谁伤得最重, 谁拿的钱最多): the record answers it only
where it ranks itself — a sentence telling the asked act that compares (最多, 比…多, 排第一, 数他…最) —
never by picking one of the people it tells of, which would be a guess. With no such sentence, and no
figure of the asked act told for two people or more (which could be compared), the record does not
say: not found, naming what was looked for in the question's words.
"""

from __future__ import annotations

import re

from engine.answer.casefile.act_mentions import word_hit
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Part
from engine.answer.casefile.said import _sentences
from engine.question import CasePlan
from engine.text.case_lexicon import RANKS
from engine.text.lines import join_pdf_lines

# Words of the question that say how it ranks, not what: never what a ranking sentence must tell.
_RANK_WORDS = re.compile(r"^(?:最\S*|多|少|人|群里|里面|当中|其中)$")


def _asked_words(plan: CasePlan) -> list[str]:
    """What the ranking is of: the asked act (输, 伤), else the things the question names (拿, 钱)."""
    words = [w for w in plan.focus.acts if not _RANK_WORDS.match(w)]
    return words or [w for w in plan.focus.objects if not _RANK_WORDS.match(w) and w not in plan.names]


def ranking_told(case: Case, plan: CasePlan) -> bool:
    """Some sentence of the record (an answer, or the asker's question it answers) tells the asked act
    and ranks or compares; True when the question names nothing to check against (no verdict then)."""
    words = _asked_words(plan)
    if not words:
        return True
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        said = [join_pdf_lines(statement.question)] + [join_pdf_lines(s.text) for s in _sentences(statement)]
        for text in said:
            if RANKS.search(text) and any(word_hit(w, text) >= 0.8 for w in words):
                return True
    return False


def figures_per_person(case: Case, plan: CasePlan) -> bool:
    """The record tells the asked act with a figure for two people or more (他分了两万，我分了一万):
    the facts could rank them, so the question is not one the record leaves unaddressed."""
    from engine.text.numbers import find_amounts

    words = _asked_words(plan)
    people: set[str] = set()
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        # a statement about the asked act (工钱 asked, 某某一天一百九十元 told under 工人的工钱怎么算的？);
        # the act's head verb is enough here (分得 asked, 分了 told): it only keeps the old path
        about = any(word_hit(w, join_pdf_lines(statement.question + statement.answer)) >= 0.4 for w in words)
        for sentence in _sentences(statement) if about else []:
            text = join_pdf_lines(sentence.text)
            if find_amounts(text):
                people |= {p for p in case.people() if p in text}
                if re.search(r"我", text) and statement.speaker:
                    people.add(statement.speaker)
    return len(people) >= 2


def unranked(plan: CasePlan) -> Part:
    """The part saying the record does not rank what was asked (群里输钱最多的玩家)."""
    return Part(f"「{plan.most_asked or plan.most}」（材料未对此作比较或排名）", "", Fill.MISSING)
