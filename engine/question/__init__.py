"""Reading questions: ``read_question(text) -> QuestionPlan``, the one place a question is parsed.

Everything else in the engine takes the plan (engine/question/plan.py). The modules of this package
are its own; other packages import from ``engine.question`` only (tests/test_import_graph.py).
Exported besides the plan: its types, and the word tables that are also applied to evidence text
(which value kind a clause is about, the words that only give a question its form).
"""

from engine.question.answer_slot import AnswerSlot
from engine.question.casefile import FIELD_KEYS, CasePlan, Receiver, Slot, asked_kinds, channel_asked, doer_named
from engine.question.clauses import CATEGORIES, ClauseCategory
from engine.question.focus import Focus
from engine.question.corpus import Aggregation, AmountFilter, Comparison, DateRange, FactQuery, GroupBy
from engine.question.intent import Intent, ParsedQuery
from engine.question.plan import QuestionPlan, read_question
from engine.question.reading import ASKS_WORDS, QUESTION_WORDS, Asks, Reading
from engine.question.asks import figures_each, number_asked
from engine.question.terms import ASKING_WORDS, asks_figure, asks_knowing, content_pairs, content_terms, counted_thing, cut_across, tagged_terms, word_class
from engine.question.subject import CLAUSE_TOPICS, ArticleAsked, Asked, ClauseTopic, Subject

__all__ = ["ASKS_WORDS", "CATEGORIES", "CLAUSE_TOPICS", "ArticleAsked", "Asked", "ClauseTopic", "Subject", "FIELD_KEYS", "QUESTION_WORDS", "Aggregation", "AmountFilter",
           "AnswerSlot", "Asks", "CasePlan", "ClauseCategory", "Comparison", "DateRange", "FactQuery",
           "Focus", "GroupBy", "Intent", "ParsedQuery", "QuestionPlan", "Reading", "Receiver", "Slot", "ASKING_WORDS", "asks_figure", "asks_knowing", "content_pairs", "asked_kinds", "content_terms", "cut_across", "read_question", "tagged_terms", "word_class", "channel_asked", "doer_named",
           "counted_thing", "figures_each", "number_asked"]
