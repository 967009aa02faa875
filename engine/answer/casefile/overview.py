"""Questions about a whole record: where its statements contradict each other (有哪些矛盾), and
what the person said they did not know or remember (有哪些记不清的情况)."""

from __future__ import annotations

from engine.answer.casefile.case import Case
from engine.answer.casefile.money import show_date
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.casefile.said import _anchor, _sentences
from engine.answer.casefile.when import _compatible, _said_before
from engine.answer.model import UNCLEAR_PHRASE, Conflict, Gap
from engine.answer.wording import chinese_count, quoted, said_figure
from engine.answer.casefile.facts import versions_of
from engine.text.case_lexicon import UNCERTAIN
from engine.text.boundaries import CLAUSE_PREDICATE
from engine.text.dates import find_dates
from engine.text.names import posseg
from engine.text.segments import split

# Verbs too common to say two dated clauses are about the same act.
_COMMON_VERBS = frozenset("是 有 说 讲 知道 觉得 认为 告诉 看到 发现 开始 以后 没有 可以 应该 记得 听说 就是 还是".split())


def answer_conflicts(case: Case, outcome: Outcome) -> None:
    said: list[str] = []
    for event in case.ledger.money:
        chain = [v for v in versions_of(case.ledger, event) if v.amount is not None]
        if event.corrects or len({v.amount.value for v in chain}) < 2:
            continue
        ids = [case.cite_event(v) for v in chain]
        text = "，".join(f"{i}称{said_figure(v.amount, v.currency)}" for i, v in zip(ids, chain))
        outcome.conflicts.append(Conflict("testimony", f"同一笔款项金额说法不一：{text}", ids))
        said.append(f"金额：{text}")
    for correction in case.ledger.corrections:
        if correction.field == "date" and correction.target:
            target = case.ledger.by_id(correction.target)
            if target is None or target.date is None:
                continue
            ids = [case.cite_event(target), case.cite(correction.new.anchor)]
            text = f"{ids[0]}称{show_date(target.date)}，{ids[1]}称{show_date(correction.new)}"
        elif correction.field == "time":
            original = _said_before(case, correction)
            if original is None:
                continue
            ids = [case.cite(original), case.cite(correction.new.anchor)]
            text = f"{ids[0]}称{case.text_of(original)}，{ids[1]}称{correction.new.text}"
        else:
            continue
        outcome.conflicts.append(Conflict("testimony", f"前后说法不一：{text}", ids))
        said.append(text)
    said.extend(_dated_acts(case, outcome))
    if not said:
        outcome.add(Part("矛盾", "未发现前后说法不一之处（已比对各笔金额、日期与更正）", Fill.FILLED))
        return
    ids = [i for c in outcome.conflicts for i in c.evidence]
    outcome.add(Part("矛盾", f"发现{chinese_count(len(said))}处说法不一，需人工核实：" + "；".join(said),
                     Fill.CONFLICT, ids))


def _dated_acts(case: Case, outcome: Outcome) -> list[str]:
    """Two statements dating the same act differently: a two-character verb, not a common one, in a
    clause with a date, in two statements, with dates that cannot both hold."""
    seen: dict[str, list[tuple[int, object, str]]] = {}
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        for sentence in _sentences(statement):
            for clause in split(sentence.text, 0, len(sentence.text), CLAUSE_PREDICATE) or [sentence]:
                dates = [d for d in find_dates(clause.text) if d.meta.get("granularity") != "time"]
                if not dates:
                    continue
                for word, flag in posseg(clause.text):
                    if flag.startswith("v") and len(word) >= 2 and word not in _COMMON_VERBS:
                        seen.setdefault(word, []).append((statement.index, sentence, dates[0]))
    found = []
    for verb, places in seen.items():
        for i, (a_index, a_sentence, a_value) in enumerate(places):
            other = next(((b_i, b_s, b_v) for b_i, b_s, b_v in places[i + 1:]
                          if b_i != a_index and not _compatible(str(a_value.value), str(b_v.value))), None)
            if other is None:
                continue
            b_index, b_sentence, b_value = other
            ids = [case.cite(_anchor(case.statement(a_index), a_sentence)),
                   case.cite(_anchor(case.statement(b_index), b_sentence))]
            text = f"关于「{verb}」的时间：{ids[0]}称{a_value.text}，{ids[1]}称{b_value.text}"
            outcome.conflicts.append(Conflict("testimony", text, ids))
            found.append(text)
            break
    return found


def answer_gaps(case: Case, outcome: Outcome) -> None:
    ids = []
    for statement in case.ledger.statements:
        if statement.kind == "header":
            continue
        for sentence in _sentences(statement):
            if UNCERTAIN.search(sentence.text):
                cited = case.cite(_anchor(statement, sentence))
                outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}：{quoted(sentence.text)}", [cited]))
                ids.append(cited)
    if not ids:
        outcome.add(Part("记不清之处", "材料中没有记不清或不知道的陈述", Fill.FILLED))
        return
    outcome.add(Part("记不清之处", f"材料中有{chinese_count(len(ids))}处记不清或不知道的陈述：{'、'.join(ids)}，"
                                  f"见材料缺口", Fill.FILLED, ids))
