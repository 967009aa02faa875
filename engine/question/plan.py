"""The question plan: everything the engine reads from a question, read once.

``read_question`` is the only place a question's words are read. Retrieval, the case-file answers,
the composer, the answerability judge, the LLM prompt and the badge check all take the plan it
returns; none of them parses the question again. The plan holds

* ``intent`` — one value, a set of evidence, or the conflicts of the material;
* ``reading`` — the value asked in the composer's terms (amount, date, count, yes/no, text), with
  total / net, the ordinals, names and content words (engine/question/reading.py);
* ``case`` — the case-file plan: the slots asked part by part, the aggregate (total, outstanding,
  Nth, first, last, count), the filters (event kind, parties, session, period, means) and whether
  the question is about the record itself or about the law (engine/question/casefile.py); the
  readings of its parts are made here too, for answers that take one part at a time;
* ``answer_slot`` — the slot in the answerability judge's terms (court, charge, penalty …);
* the search terms (BM25 tokens, amounts, dates, article references, laws named);
* ``clause_category`` — the kind of contract clause asked about, when it names one;
* ``corpus`` — a question about the contract corpus as a whole, as a typed ``FactQuery``;
* ``subject`` — what it is about (articles, conduct, clause kind, contract) and the kind of value
  asked, which the answer's badge is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from engine.question.answer_slot import AnswerSlot, asked_slot
from engine.question.asks import ask_words
from engine.question.casefile import CasePlan, Slot, make_plan
from engine.question.clauses import ClauseCategory, detect_category
from engine.question.corpus import FactQuery, route_fact_question
from engine.question.intent import EVIDENCE_REQUEST, Intent, ParsedQuery, parse_query
from engine.question.reading import Reading
from engine.question.subject import Subject, read_subject
from engine.types import Fact


@dataclass
class QuestionPlan:
    text: str
    intent: Intent
    reading: Reading
    case: CasePlan
    answer_slot: AnswerSlot
    query: ParsedQuery  # the search's terms: tokens, amounts, dates, article references, laws
    clause_category: ClauseCategory | None = None
    corpus: FactQuery | None = None
    evidence_requested: bool = False  # asks for the evidence of something (哪些证据证明…)
    # What it is about, for the check that an answer answers it: articles named, conduct, clause
    # kind, contract, and the kind of value asked (engine/question/subject.py).
    subject: Subject = field(default_factory=Subject)
    # Each asked part of a compound question read on its own ("一共转了几次？转到哪张卡上？").
    parts: dict[Slot, CasePlan] = field(default_factory=dict)
    # 合同是哪天签的？合同总价多少？: each ask of a question asking several things, planned on its own
    # words with the shared subject carried in (engine/question/asks.py); [] when it asks one thing
    asks: list["QuestionPlan"] = field(default_factory=list)

    @property
    def tokens(self) -> list[str]:
        return self.query.tokens

    @property
    def names(self) -> list[str]:
        return self.reading.names

    def part(self, slot: Slot) -> CasePlan:
        """The plan of the part of the question that asks ``slot`` (the whole plan when it asks
        only that)."""
        return self.parts.get(slot, self.case)

    def to_dict(self) -> dict[str, Any]:
        return {"intent": self.intent.value, "asks": self.reading.asks.value,
                "answer_slot": self.answer_slot.value, "case": self.case.to_dict(),
                "clause_category": self.clause_category.name if self.clause_category else None,
                "corpus": self.corpus.to_dict() if self.corpus else None, "query": self.query.to_dict(),
                "subject": self.subject.to_dict()}


def read_question(text: str, *, today: date | None = None, asks: bool = True) -> QuestionPlan:
    """The plan of one question. ``today`` resolves relative dates of corpus questions
    ("contracts active now"); default: the current date."""
    text = text.strip()
    case = make_plan(text)
    parts = {slot: make_plan(words) for slot, words in case.parts.items() if words.strip() != text}
    slot = asked_slot(text)
    query = parse_query(text)
    subject = read_subject(text, case.question, slot)
    # 刑法264条 (no 第) is an article reference too: direct lookup fetches it like 刑法第264条.
    written = {ref.value for ref in query.article_refs}
    query.article_refs += [Fact("statute_ref", a.text, text.find(a.text), text.find(a.text) + len(a.text), a.label,
                                {"law": a.law}) for a in subject.articles if a.label not in written]
    return QuestionPlan(text=text, intent=case.question.intent, reading=case.question, case=case,
                        answer_slot=slot, query=query, subject=subject,
                        clause_category=detect_category(text),
                        corpus=route_fact_question(text, today=today),
                        evidence_requested=bool(EVIDENCE_REQUEST.search(text)), parts=parts,
                        asks=[read_question(words, today=today, asks=False) for words in ask_words(text)] if asks else [])
