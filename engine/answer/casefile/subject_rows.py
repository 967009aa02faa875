"""Which rows of the ledger are of the subject a question asks: one filter for the sums recomputed
(money.py, 各笔相加复算) and the versions listed (quantities.py, 说法不一).

A figure counts for what is asked only when what it is told of is what is asked. The record says
which occasion a figure is of by its structure, not by its words: the speaker opens the occasion
(第一次是晚上八点多…一共20台), or the asker's turn names it (第三次呢？ / 前天你说第三次拿了30台，准不准确？)
and the answer tells it. A figure of the first trip is no version of the third trip's count, and no
part of its sum; the same occasion told again in a later session, or by the other side, is.
"""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Event, versions_of
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.question import CasePlan
from engine.text.case_lexicon import KIND_CUES, MEASURES, REVISED
from engine.text.ordinals import counts_occasions, occasion_at
from engine.text.numbers import find_amounts
from engine.text.segments import flat


def _told_before(case: Case, event: Event) -> str:
    """The answer's words up to the row's figure (line breaks joined): what the speaker had said
    when he gave it."""
    statement = case.statement(event.statement)
    sentence = case.text_of(event.sentence)
    at = sentence.find(event.amount.text) if event.amount is not None else -1
    head = sentence[:at] if at >= 0 else sentence
    if event.sentence.chunk_id == statement.chunk_id:
        start = event.sentence.start - statement.answer_offset
        if 0 <= start <= len(statement.answer):
            head = statement.answer[:start] + head
    return flat(head)


def row_ordinal(case: Case, event: Event) -> int | None:
    """The occasion a row is of: the one the answer names last before its figure (第一次是…一共20台), else
    the one the asker's turn names (第三次呢？ — 拉了30台), else the ledger's own reading; None when the
    answer counts occasions together before it (四批一共是65000条) or nothing names one."""
    before = _told_before(case, event)
    told = occasion_at(before)
    if told is not None or counts_occasions(before):
        return told
    asked = occasion_at(flat(case.statement(event.statement).question))
    return asked if asked is not None else event.ordinal


def of_asked_occasion(case: Case, plan: CasePlan, event: Event) -> bool:
    """False for a row told of another occasion than the one asked (第三次 asked, 第一次's 20台); True
    when the question names no occasion or the row's is not said."""
    asked = plan.ordinal or plan.batch
    if not asked:
        return True
    told = row_ordinal(case, event)
    return told is None or told == asked


# Kinds of money as the lexicon names them: two words of one kind name the same money (工钱 / 工资).
# The generic verbs of moving money (交了, 给的) name no kind.
_KINDS = {**{f"measure:{k}": p for k, p in MEASURES.items()},
          **{f"kind:{k}": p for k, p in KIND_CUES.items() if k not in ("pay", "take", "demand")}}


def kinds_in(text: str) -> set[str]:
    return {k for k, pattern in _KINDS.items() if pattern.search(text)}


def names_money(text: str, word: str) -> bool:
    """Whether ``text`` names the money ``word`` names: the word itself, or a word of its kind."""
    kinds = kinds_in(word)
    return word in text or bool(kinds and kinds & kinds_in(text))


def _in_turn_naming(case: Case, event: Event, word: str) -> bool:
    """The row's sentence, or the turn it is told in (the asker's words and the whole answer), names
    the money ``word`` names."""
    statement = case.statement(event.statement)
    return names_money(case.text_of(event.sentence) + statement.question + statement.answer, word)


def money_asked_word(case: Case, plan: CasePlan) -> str | None:
    """The money word a sum's rows must be told under (介绍费, 物业费), or None when it tells no row apart:
    the question names no kind of money; the plan types it already (本金 / 利息 / 工资: the rows carry it);
    or the record never says the word and no figure is told in a turn naming it (then nothing tells its
    rows from others);
    or the record is a hearing, whose sides answer the court's topic without repeating its word."""
    word = plan.money_word
    if not word or plan.principal is not None or kinds_in(word):
        return None
    if len({s.party for s in case.ledger.statements if s.party in HEARING_SIDES}) >= 2:
        return None  # a hearing's turns answer the court's topic without its word (被告答辩。—…现金三千元)
    told = any(e.is_money and e.amount is not None and _in_turn_naming(case, e, word) for e in case.ledger.events)
    # no sum is booked in a turn naming it: the user's own word for money the record calls otherwise
    # (no filter) — unless the record says the word itself (年交保险费8,760元, a figure the ledger books as no
    # movement): then no booked sum is that money, and none of them is summed for it
    return word if told or word in case.doc_text.replace("\n", "") else None


def of_asked_money(case: Case, event: Event, word: str | None) -> bool:
    """False for a sum of money told in a turn that never names the money asked (介绍费 asked: the
    investments told where the asker asked how she invested)."""
    return word is None or not event.is_money or _in_turn_naming(case, event, word)


def of_asked_session(case: Case, plan: CasePlan, event: Event) -> bool:
    """按第二次讯问的说法: only what was said in that session, when the record has several — or a row a
    statement of that session corrects (不是18台，一共15台: the correction is found through it)."""
    if plan.session is None or len({s.session for s in case.ledger.statements}) < 2:
        return True
    return event.session == plan.session or any(v.session == plan.session for v in versions_of(case.ledger, event))


def said_in_session(plan: CasePlan, rows: list[Event]) -> list[Event]:
    """按第二次讯问的说法: of the versions found, the ones that session says (all when it says none)."""
    if plan.session is None:
        return rows
    return [e for e in rows if e.session == plan.session] or rows


def of_subject(case: Case, plan: CasePlan, event: Event, word: str | None = None) -> bool:
    """A row the answers over sums and versions may use for this question: of the occasion asked,
    said in the session asked, told in a turn about the money asked (``word``: money_asked_word)."""
    return of_asked_occasion(case, plan, event) and of_asked_session(case, plan, event) \
        and of_asked_money(case, event, word)


def subject_rows(case: Case, plan: CasePlan, rows: list[Event]) -> list[Event]:
    if not rows:
        return rows
    word = money_asked_word(case, plan)
    return named_in_own_clause(plan, [e for e in rows if of_subject(case, plan, e, word)])


def named_in_own_clause(plan: CasePlan, rows: list[Event]) -> list[Event]:
    """先交了报名费三千元，后来又交了签证费一万八千元 for 签证费交了多少: of the sums one sentence tells, the
    ones whose own clause names the money asked are its sums — the others of that sentence are other
    money. Sums of other sentences are left as they are (the turn filter above reads them)."""
    word = plan.money_word
    if not word:
        return rows
    by_sentence: dict[tuple, list[Event]] = {}
    for e in rows:
        if e.is_money:
            by_sentence.setdefault((e.sentence.chunk_id, e.sentence.start, e.sentence.end), []).append(e)
    own = {id(e): own_words(e) for e in rows if e.is_money}
    naming = {i for i, words in own.items() if names_money(words, word)}
    dropped: set[int] = set()
    for together in by_sentence.values():
        named = [e for e in together if id(e) in naming]
        if len(together) > 1 and named and len(named) < len(together):
            dropped |= {id(e) for e in together if id(e) not in naming}
    if word[-1] in "费金" and naming:
        # 交了租金2,660元 for 租金总共付了多少: a sum whose own words name other money (另交车辆押金伍仟元)
        # is that money, wherever it is told
        dropped |= {i for i, words in own.items() if i not in naming and _OTHER_MONEY.search(words)}
    return [e for e in rows if id(e) not in dropped]


# a word naming a fee or a deposit of its own (押金, 维修费); 现金 and 资金 name how or whose, 金额 none —
# a word in 款 (预付款, 尾款) may be a part of the money asked (货款), never read as other money
_OTHER_MONEY = re.compile(r"(?<![现资])[\u4e00-\u9fff](?:费|金)(?!额)")


def own_words(event: Event) -> str:
    """The words of the row's clause up to its figure, from the figure told before it there (交了租金2,660元和
    两笔押金共7,000元: 和两笔押金共7,000元 is the 7,000's own — the 租金 before 2,660 is not)."""
    words = flat(event.words)
    figure = flat(event.amount.text) if event.amount is not None else ""
    at = words.find(figure) if figure else -1
    if at < 0:
        return words
    start = max((a.end for a in find_amounts(words) if a.end <= at), default=0)
    return words[start:at + len(figure)]


def occasion_rows(case: Case, plan: CasePlan, rows: list[Event]) -> list[Event]:
    """The rows told of the very occasion asked (第一次是…卖给王总5000条 for 第一次卖了多少条); [] when the
    question names none or no row is said to be of it."""
    asked = plan.ordinal or plan.batch
    return [e for e in rows if row_ordinal(case, e) == asked] if asked else []


# Words between a figure and what it measures that say nothing of what (逾期只有17天, 一共是3克, 拉了30台).
_FILLER = re.compile(r"(?:只有|仅有|一共|总共|合计|共计|大概|大约|差不多|才|只|仅|共|约|是|了|有|的|为|达|计|到|就|又|也|还)$")


def figure_head(case: Case, event: Event) -> str:
    """The two characters that name what a figure measures, right before it in its clause (逾期48天 →
    逾期, 工期90天 → 工期, 顺延15天 → 顺延), words of amount and aspect dropped; "" when none."""
    clause = flat(event.words)
    at = clause.find(flat(event.amount.text)) if event.amount is not None else -1
    before = clause[:at] if at > 0 else ""
    while (shorter := _FILLER.sub("", before)) != before:
        before = shorter
    head = re.search(r"[\u4e00-\u9fff]{2}$", before)
    return head.group(0) if head else ""


def named_by_question(case: Case, plan: CasePlan, rows: list[Event]) -> list[Event]:
    """逾期了多少天 beside 工期90天 and 顺延15天: when the question names what some figures measure, the
    figures of the same unit that measure another thing named right before them are no versions of
    it. All rows when no figure's own word is the question's, or when one figure alone would be left."""
    heads = {id(e): figure_head(case, e) for e in rows}
    named = [e for e in rows if heads[id(e)] and heads[id(e)] in plan.text]
    if not named:
        return rows
    # a figure of a statement taking an earlier one back (前面说的两台不准确，实际是三台), naming none the
    # question names itself, is a version of it, whatever its words
    naming = {e.statement for e in named}
    kept = [e for e in rows if not heads[id(e)] or heads[id(e)] in plan.text
            or e.statement not in naming and REVISED.search(case.statement(e.statement).answer)]
    # only narrowing versions: left with one figure, the accounts of the other side may be those the
    # words around chose not — one figure is then never made to stand alone
    return kept if len({e.amount.value for e in kept}) > 1 else rows
