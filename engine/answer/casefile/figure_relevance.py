"""Which figures of a case file are about what a question asks: the words that say what a figure
measures (a breath test and a blood test are both in mg/100ml), the person it is of (贝某85天),
the thing it is the figure of (金项链卖了…, 3瓶啤酒). Shared by the answers over quantities and
over figures of money that are not movements (appraisals, sale prices, shares)."""

from __future__ import annotations

import re

from engine.answer.casefile.case import Case
from engine.answer.casefile.said import speaks_for
from engine.answer.casefile.facts import Event
from engine.text.case_lexicon import MEASURE_SIGNS
from engine.question import CasePlan

_QUESTION_NOISE = re.compile(r"多少|几|一共|总共|前后|到底|大概|是|有|的|了|吗|呢"
                             # goods named by no kind (卖货, 偷的东西, 赃物): they tell no figure from another
                             r"|[卖偷抢扣]?(?:货|东西|赃物|赃款|财物|货物|物品)")


def context(case: Case, event: Event) -> tuple[str, str, str]:
    """(the figure's own clause, the sentence around it and the question it answers, the whole
    answer)."""
    statement = case.statement(event.statement)
    return event.words, case.text_of(event.sentence) + "\n" + statement.question, statement.answer


def signs(text: str) -> set[str]:
    return {sign for sign, pattern in MEASURE_SIGNS.items() if pattern.search(text)}


def _names(text: str, noun: str) -> bool:
    """A noun of the question in a text, or its head (金项链 → 项链, 男士手表 → 手表); Latin letters in
    either case (the question is read lower-cased: 4s店 is the record's 4S店)."""
    text = text.lower()
    return noun in text or len(noun) > 2 and noun[-2:] in text


def relevance(case: Case, plan: CasePlan, event: Event) -> float:
    """How well a row matches the question: measure words (3), the person asked named in its clause
    (2), the thing asked named in its subject or clause (2), in its sentence or question (1), elsewhere
    in its answer (0.5); -1 when it shows another measure than the one asked, or is another side's
    figure than the one whose account is asked (原告说…)."""
    if plan.focus.said_by and not speaks_for(case.statement(event.statement), plan.focus.said_by) \
            and event.told_by != plan.focus.said_by:  # (某某说…多少: his account, as the asker put it, is his)
        return -1  # 原告说…多少: another side's figure is not the one asked
    if plan.focus.account_unread:
        return -1  # 按卖货的那边说的算: whose figure that is, the record's sides do not say
    clause, around, answer = context(case, event)
    score = 0
    if plan.signs:
        own = signs(clause) or signs(around)
        if own & set(plan.signs):
            score += 3
        elif own:
            return -1
    for name in plan.names:
        if name in clause or name in (event.payer or "") or name in (event.payee or ""):
            score += 2
        elif name in around:  # 那条金项链有多重？—大概24克: named by the question the figure answers
            score += 1
    nouns = asked_nouns(case, plan)
    for noun in nouns:
        if event.subject and _names(event.subject, noun) or _names(clause, noun):
            score += 2
        elif _names(around, noun):
            score += 1
        elif _names(answer, noun):
            score += 0.5
    return score


# Parties of a hearing and roles of a record: named in every statement, they say nothing of what
# a figure is about.
ROLE_WORDS = re.compile(r"原告|被告|上诉人|被上诉人|第三人|代理人|审判长|审判员|书记员|嫌疑人|被害人|证人|侦查员|民警")


def asked_nouns(case: Case, plan: CasePlan) -> list[str]:
    """The things a question names (金项链, 啤酒, 螺纹钢), not its people or roles."""
    people = set(plan.names) | {s.speaker for s in case.ledger.statements if s.speaker}
    return [n for n in plan.question.nouns if len(n) >= 2 and not _QUESTION_NOISE.fullmatch(n)
            and n not in people and not ROLE_WORDS.search(n)]


def best_rows(case: Case, plan: CasePlan, rows: list[Event], floor: int = 1,
              corroborate: bool = True) -> list[Event]:
    """The rows that best match what is asked, and the ones saying the same figure of the same
    measure (吹气的时候测的是138mg/100ml beside 呼气酒精含量检测结果是138mg/100ml): they corroborate.
    None when the question names things and no row is about any of them."""
    scored = [(s, e) for e in rows if (s := relevance(case, plan, e)) >= 0]
    if not scored:
        return []
    best = max(s for s, _ in scored)
    if best == 0 and asked_nouns(case, plan):
        return []  # 逾期交货多少天 answered by 庭后三天内答复: about something else
    chosen = [e for s, e in scored if s == best]
    if not corroborate:
        return chosen
    if plan.disputed and best > 0:  # 到底有多少吨: every account of it, whatever it says
        accounts = [e for s, e in scored if s > 0]
        # 不合格的螺纹钢到底多少吨: the accounts of that part, not the figure of the whole (300吨 ordered)
        of_part = [e for e in accounts if plan.qualifier and plan.qualifier in "".join(context(case, e)[:2])]
        return of_part or accounts
    values = {e.amount.value for e in chosen if e.amount is not None}
    floor = 3 if plan.signs else floor
    return chosen + [e for s, e in scored if min(floor, best) <= s < best and e.amount is not None
                     and e.amount.value in values]
