"""Answers about one case file (讯问/询问笔录), planned over its ledger.

``compose_case`` reads the question's plan and answers each asked slot from the ledger (money),
the record's header (time, place, people's particulars) or what was said (yes/no, who, what,
where), or says plainly that the file does not contain it. Questions about the law go back to
the statute composer (``None``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.answer.casefile.aliases import answer_real_name
from engine.answer.casefile.asks import answer_asks
from engine.answer.casefile.act_counts import answer_act_count, asks_act_count
from engine.answer.casefile.badge import check_parts, hold_statements, money_absent
from engine.answer.casefile.batches import answer_batch, batch_told
from engine.answer.casefile.disputes import denied_figures
from engine.answer.casefile.calls import answer_call
from engine.answer.casefile.case import Case
from engine.answer.casefile.mediation import answer_consent, answer_mediation_outcome, answer_offers
from engine.answer.casefile.side_measures import answer_sides_product, answer_sides_quantity_gap, answer_stance_gap
from engine.answer.casefile.claims import (agreed_clause, answer_admitted, answer_claim, answer_term, answer_term_period,
                                           answer_term_rest)
from engine.answer.casefile.time_between import answer_clock_span, answer_date_span
from engine.answer.casefile.figures import answer_unit_price
from engine.answer.casefile.goods import answer_difference, answer_priced_goods, goods_words
from engine.answer.casefile.money import answer_money
from engine.answer.casefile.ranking import figures_per_person, ranking_told, unranked
from engine.answer.casefile.rates import answer_rate
from engine.answer.casefile.loans import answer_loan_interest, answer_net_received
from engine.answer.casefile.hearing import (answer_offset, answer_response, answer_sides_owed,
                                            answer_months_owed, answer_sides_choice, answer_sides_figure, answer_sides_worth, answer_tasks,
                                            is_hearing)
from engine.answer.casefile.overview import answer_conflicts, answer_gaps
from engine.answer.casefile.quantities import answer_distinct, answer_quantity, asks_quantity
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted, draft_of
from engine.answer.casefile.quote_sums import sum_quoted_parts
from engine.answer.casefile.said import _anchor, _sentences
from engine.answer.wording import quoted
from engine.answer.casefile.record import PII_TYPES, answer_record, partial_plate, third_party
from engine.answer.casefile.talk import answer_evidence, answer_talk
from engine.answer.casefile.turns import answer_by_turn
from engine.answer.casefile.verdict import either_verdict
from engine.answer.casefile.whole_less import answer_whole_less
from engine.answer.casefile.short_of_demand import answer_short_of_demand
from engine.answer.casefile.gifts_kept import answer_gifts_kept
from engine.answer.composer import Draft
from engine.question import CasePlan, QuestionPlan, Slot, cut_across
from engine.answer.casefile.heads import asked_head, names_no_thing
from engine.answer.casefile.side_roles import in_sides_words
from engine.text.names import looks_like_name

__all__ = ["Case", "compose_case", "asked_head"]

_EVENT_SLOTS = (Slot.DATE, Slot.MEANS, Slot.PLACE, Slot.DURATION, Slot.TEXT)


def _is_money(case: Case, plan: CasePlan) -> bool:
    if any(s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT)):
        return True
    if not case.ledger.events:
        return False
    if plan.ordinal is not None or plan.period is not None:
        # 第一次抢劫是什么时间: an occurrence of an act that moves no money is told, not booked
        # 第一次作案是哪天: neither a kind of money nor money at all is named — not a ledger row
        other_act = plan.kind is None and (bool(plan.focus.acts) and not plan.focus.moves_money
                                           or not plan.names_money)
        # 第二笔是几点转的: a clock time is the row's when a movement has one (a record confirmed)
        timed = Slot.TIME in plan.slots and any(e.time is not None for e in case.ledger.money if e.role == "event")
        return (timed or any(s in plan.slots for s in _EVENT_SLOTS)) and not other_act
    # 退款是哪天、怎么退的: a specific kind of money names the event even without an ordinal
    return plan.kind not in (None, "pay") and any(s in plan.slots for s in (Slot.DATE, Slot.MEANS))


def _not_by_ledger(plan: CasePlan) -> list[Slot]:
    """Slots a ledger aggregate does not answer (a count or a total has no place of its own)."""
    if plan.aggregate not in ("count", "total", "outstanding"):
        return []
    return [s for s in plan.slots if s in (Slot.PLACE, Slot.TEXT, Slot.PERSON, Slot.MEANS, Slot.ACCOUNT)]


def _not_by_quantity(plan: CasePlan) -> list[Slot]:
    """Slots a quantity answer does not fill (电钻是哪天拉走的？拉了几台？ — the day is in what was
    said): every asked part gets its own answer, or its gap, never silently dropped."""
    if plan.aggregate == "span":  # the days between two dates: the dates are the span's own
        return []
    return [s for s in plan.slots if s in (Slot.DATE, Slot.TIME, Slot.PLACE, Slot.PERSON, Slot.MEANS)]


def _answer_rest(case: Case, plan: CasePlan, question: QuestionPlan, slots: list[Slot], outcome: Outcome) -> None:
    """The parts of a question its main answer does not fill, each from what was said."""
    for slot in slots:
        part = question.part(slot)
        # 第一次卖信息是哪天，卖了多少条: each part is of the occurrence the whole question names
        answer_talk(case, CasePlan(part.question, slots=[slot], names=plan.names, focus=part.focus,
                                   ordinal=plan.ordinal), outcome)


def _priced_when_missing(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """进的头孢曲松钠花了多少钱, where no payment names those goods: the count of them times their price per
    piece, when the record tells both (头孢曲松钠20盒，每盒38元) — computed and shown, both terms cited.
    Only the goods the question names, and only in place of a not-found answer; of one purchase (最近一次
    进的): the product is given only when the record tells one count and one price of them."""
    if Slot.AMOUNT not in plan.slots or plan.aggregate not in (None, "first", "last") or not outcome.parts \
            or any(p.fill is not Fill.MISSING for p in outcome.parts) or not goods_words(case, plan):
        return
    priced = Outcome()
    answer_priced_goods(case, plan, priced)
    if priced.parts and all(p.fill is Fill.FILLED for p in priced.parts):
        outcome.parts, outcome.calculations = priced.parts, outcome.calculations + priced.calculations


def _unsure_when_missing(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """还给某人的钱是哪天还的, where no movement carries a date: the speaker saying he does not remember
    it (具体哪天还的记不清了) is the answer — a gap said, never 未找到 as if the file were silent."""
    for index, part in enumerate(outcome.parts):
        if part.fill is not Fill.MISSING or part.label not in ("日期", "时间"):
            continue
        said = Outcome()
        answer_talk(case, CasePlan(plan.question, slots=[Slot.DATE], names=plan.names, focus=plan.focus), said)
        if said.parts and all(p.fill is Fill.UNSURE for p in said.parts):
            outcome.parts[index:index + 1] = said.parts
            outcome.gaps += said.gaps


def _found_so_yes(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """银行有没有把钱退回来？退了多少？ / 受过处罚吗？暂扣了几个月？: the figure found says it
    happened — the verdict opens the answer; unless its own sentence denies the verb asked (她收下了没有？
    转了多少？—…发了一笔转账，金额是2,000元，…我没有收): the money moved, the act asked did not."""
    # a verdict already read from what was said opens the answer itself (never 是，是…)
    if plan.yesno_asked and outcome.parts and outcome.parts[0].fill is Fill.FILLED and outcome.parts[0].label != "是否":
        first = outcome.parts[0]
        denied = plan.yesno_verb is not None and any(
            re.search(rf"(?:没有|没|未|拒|不肯|不愿)[\u4e00-\u9fff]{{0,2}}{re.escape(plan.yesno_verb)}", case.text_of(row.sentence))
            for row in first.rows)
        first.text = f"{'否' if denied else '是'}，{first.text}"


def _who_and_rate(case: Case, question: QuestionPlan, outcome: Outcome) -> bool:
    """谁帮他当收银员？每个月拿多少？: who did the job, as said, then the rate told of that person — never
    the speaker's own nor another worker's. False (nothing added) when the sentence saying who did it
    names no one person of the file."""
    plan, asked = question.case, question.part(Slot.PERSON)
    said = Outcome()
    answer_talk(case, CasePlan(asked.question, slots=[Slot.PERSON], names=plan.names, focus=asked.focus), said)
    found = said.parts[0] if said.parts else None
    if found is None or found.fill is not Fill.FILLED or found.quoted is None:
        return False
    others = [p for p in case.people() if p in found.quoted.text and p != case.ledger.subject
              and not any(p != q and p in q for q in case.people() if q in found.quoted.text)]
    if len(others) != 1:
        return False
    who = others[0]
    # the sentence naming them (not the whole short answer, which may tell another worker's pay)
    statement = next((s for s in case.ledger.statements
                      if s.question == found.quoted.asked and found.quoted.text in s.answer), None)
    sentence = next((t for t in _sentences(statement) if who in t.text), None) if statement else None
    if sentence is None:
        return False
    cited = case.cite(_anchor(statement, sentence))
    outcome.add(Part("人员", f"{who}（{quoted(sentence.text)}，{cited}）", Fill.FILLED, [cited],
                     quoted=Quoted(sentence.text, Slot.PERSON, statement.question)))
    rate = question.part(Slot.AMOUNT)
    answer_money(case, replace(rate, slots=[Slot.AMOUNT], names=others), outcome)
    return True


def _verdict_by_turn(case: Case, question: QuestionPlan, asked: CasePlan, outcome: Outcome) -> Part | None:
    """有没有书面提过意见？是通过什么方式反映的？: no verdict read from what was said — the reply to
    the record's own question like the yes/no ask gives it, as it would were that ask asked alone
    (turns.py; needs_review). None when that reply holds no verdict."""
    by_turn = Outcome()
    if not answer_by_turn(case, replace(question, case=asked, parts={}), by_turn) or not by_turn.parts \
            or by_turn.parts[0].fill is not Fill.FILLED:
        return None
    outcome.add(by_turn.parts[0])
    outcome.gaps += by_turn.gaps
    return by_turn.parts[0]


def compose_case(case: Case, question: QuestionPlan) -> Draft | None:
    question = in_sides_words(case, question)  # 公司认多少 of a hearing: 被告认多少, where the company is 被告
    plan = question.case
    if plan.law and not plan.asker_said:
        return None
    outcome = _compose_or_turn(case, question)
    answer_asks(case, question, outcome, _compose_or_turn)  # 哪天签的？总价多少？: every ask given, each by its own route
    if plan.voice is None:  # (原告主张…多少: one side's own account asked — the other's is not it)
        denied_figures(case, outcome)  # 实际是5999元，不是6499元: the sum given denied elsewhere — both shown
    sum_quoted_parts(plan, outcome)  # 第一批10个，第二批14个 for 一共多少个: the parts added, under review
    hold_statements(outcome)  # a value read out of what was said: shown with its quote, to be checked
    draft = draft_of(outcome, case.evidence, case.scope)
    draft.ledger = case.ledger_rows()
    draft.plan = plan.to_dict()
    return draft


def _compose_or_turn(case: Case, question: QuestionPlan) -> Outcome:
    """The question's route; where it finds nothing, the reply to the record's own question like it
    (engine/answer/casefile/turns.py) — never 已核验."""
    outcome = _compose(case, question)
    answer_by_turn(case, question, outcome)
    return outcome


def _compose(case: Case, question: QuestionPlan) -> Outcome:
    plan = question.case
    outcome = Outcome()
    verdict: Part | None = None
    if Slot.YESNO in plan.slots and len(plan.slots) > 1 and Slot.YESNO in question.parts:
        # 投诉过吗？是哪天？: the verdict from what was said opens the answer, then the other parts
        # (调解成了吗？被告最多愿意付多少？: the bench's words on how the mediation ended)
        asked = question.part(Slot.YESNO)
        if asked.mediation_outcome and is_hearing(case):
            answer_mediation_outcome(case, asked, outcome)
        else:
            answer_talk(case, asked, outcome)
        if outcome.parts and outcome.parts[-1].fill is Fill.MISSING:
            outcome.parts.pop()  # no verdict said: the other parts answer on their own
            verdict = _verdict_by_turn(case, question, asked, outcome)
        elif outcome.parts:
            verdict = outcome.parts[-1]
        plan = replace(plan, slots=[s for s in plan.slots if s is not Slot.YESNO])
        question = replace(question, case=plan, parts={s: p for s, p in question.parts.items() if s is not Slot.YESNO})
    if plan.real_name:  # 龙哥真名叫什么: where the record ties the nickname to a name, or a gap
        # (before the names' check: 柏老板 is a name the record may never write so)
        answer_real_name(case, plan, outcome)
        return outcome
    if plan.sides_choice and is_hearing(case) and answer_sides_choice(case, plan, outcome):
        # 那20万元双方说法一致吗？是借款还是赠与？: each side's answer of the two, attributed
        check_parts(case, plan, outcome)
        return outcome
    if plan.most and not ranking_told(case, plan) and not figures_per_person(case, plan):
        # 输钱最多的玩家是谁: the record ranks no one by it — not found, never one of those it names
        return Outcome([unranked(plan)])
    # 向恒信 (jieba's cut of 向恒信财富): present when what follows the preposition is there
    absent = [n for n in plan.names if 2 <= len(n) <= 4 and n not in case.doc_text and looks_like_name(n)
              and not (n[0] in "向给被把和与跟对从在" and n[1:] in case.doc_text) and not cut_across(n, plan.text)]
    if absent:  # 邹燕给了公司多少钱: the file never names 邹燕
        return Outcome([Part("、".join(f"「{n}」" for n in absent) + "的相关内容", "", Fill.MISSING)])
    if plan.either and Slot.YESNO in plan.slots and (told := either_verdict(case, plan, outcome)) is not None:
        # 有没有同伙 — 就我自己去的: the account of the other side answers, though it never says 同伙
        outcome.add(told)
        check_parts(case, plan, outcome)
        return outcome
    head = asked_head(plan)
    fields_only = plan.fields and not plan.record
    named_head = head and any(head in n or n in head for n in plan.names)
    if head and not fields_only and not named_head and head not in case.doc_text and not plan.agree_asked \
            and not names_no_thing(head):
        # 把货运出 → 货运: jieba's cut, not a word asked — nothing named missing (the turns may answer)
        return Outcome([Part("相关内容" if cut_across(head, plan.text) else f"「{head}」相关内容", "", Fill.MISSING)])
    if Slot.AMOUNT in plan.slots and not plan.owed and plan.measure is None and plan.aggregate != "outstanding" \
            and not (plan.money_word or "").endswith("款") and money_absent(case, plan):
        # 开了多少钱的发票 / 交了多少社保 of a record that never speaks of that money: no figure of it is
        # that money — not found, never another figure under doubt (a measure the plan knows — 合同总价款 —,
        # or what is left of a debt, is computed from what was agreed and paid, whatever the record calls it;
        # 欠款 / 价款 name money by the act that moves it, which the record tells in its verbs: 欠, 付)
        return Outcome([Part(f"「{plan.money_word}」相关内容", "", Fill.MISSING)])
    if plan.overview == "conflicts" and not (plan.ordinal or any(s in plan.slots for s in (Slot.AMOUNT, Slot.DATE))):
        answer_conflicts(case, outcome)
    elif plan.overview == "gaps":
        answer_gaps(case, outcome)
    elif plan.evidence:
        answer_evidence(case, plan, outcome)
    elif plan.date_span and not plan.fields and answer_date_span(case, plan, outcome):
        pass  # 从把卡寄出去到卡被冻结过了多少天: the two acts' days, the days between computed
    elif plan.call and not plan.fields:  # 第二个电话打给谁: the calls told in order, never a header number
        answer_call(case, plan, outcome)
    elif plan.fields and not plan.record and third_party(case, plan):
        # Someone other than the person questioned: the header's particulars are not theirs. A
        # number can only come from an answer naming theirs; anything else from what was said.
        numbers = [f for f in plan.fields if f in PII_TYPES]
        if numbers:
            answer_record(case, CasePlan(plan.question, slots=[Slot.FIELD], names=plan.names, fields=numbers,
                                             nicknames=plan.nicknames, field_owners=plan.field_owners), outcome)
            seen_part = partial_plate(case, Outcome(), True) if plan.plate_seen and numbers == ["plate"] \
                and all(p.fill is Fill.MISSING for p in outcome.parts) else None
            if seen_part is not None:  # 车牌看清了哪几位: the characters told as seen answer it
                outcome.parts = [seen_part]
            elif all(p.fill is Fill.MISSING for p in outcome.parts):
                # no answer names that number: the speaker saying he does not know it is the answer
                said = Outcome()
                answer_talk(case, CasePlan(plan.question, slots=[Slot.TEXT], names=plan.names), said)
                if said.parts and all(p.fill is Fill.UNSURE for p in said.parts):
                    outcome.parts, outcome.gaps = said.parts, outcome.gaps + said.gaps
                elif numbers == ["plate"]:  # 车牌前面是…，后两位是…，中间没看清: the parts seen and the gap
                    seen = Outcome()
                    part = partial_plate(case, seen)
                    if part is not None:
                        outcome.parts, outcome.gaps = [part], outcome.gaps + seen.gaps
        rest = [s for s in plan.slots if s is not Slot.FIELD]
        if rest and len(numbers) < len(plan.fields) or rest and not numbers:
            answer_talk(case, CasePlan(plan.question, slots=rest, names=plan.names, focus=plan.focus,
                                       choices=plan.choices, attribute=plan.attribute), outcome)
        elif own_parts := [s for s in rest if s in question.parts and not question.parts[s].fields]:
            # 拉货的车是什么颜色？车牌号是多少？: a part of its own beside the number (身份证号是什么 is one part)
            told = {e for p in outcome.parts for e in p.evidence}
            more = Outcome()
            _answer_rest(case, plan, question, own_parts, more)
            for part in more.parts:  # a part quoting what the number's answer quoted adds nothing
                if part.fill is Fill.FILLED and not set(part.evidence) <= told:
                    outcome.add(part)
    elif plan.record or plan.fields or plan.sessions_apart or plan.record_length:
        answer_record(case, plan, outcome)
        rest = [s for s in plan.slots if s not in (Slot.DATE, Slot.TIME, Slot.PLACE, Slot.FIELD) or not plan.record]
        if plan.sessions_apart:  # 隔了几天: the days between the sessions' dates are the duration asked
            rest = [s for s in rest if s not in (Slot.DURATION, Slot.QUANTITY, Slot.COUNT)]
        if plan.record_length:  # 进行了多久: the header's span is the duration asked, no date besides
            rest = []
        rest = [s for s in rest if s is not Slot.FIELD and not (plan.fields and s in (Slot.PERSON, Slot.TEXT))]
        if rest and not plan.fields:
            answer_talk(case, CasePlan(plan.question, slots=rest, names=plan.names, focus=plan.focus), outcome)
    elif plan.mediation_outcome and Slot.YESNO in plan.slots and is_hearing(case):
        # 庭上调解成了吗: the bench's words on how it ended (调解不成 / 达成调解协议), else not found —
        # a side's 愿意调解 says nothing of the end
        answer_mediation_outcome(case, plan, outcome)
    elif plan.consent_by and is_hearing(case) and answer_consent(case, plan, outcome):
        pass  # 申请人同意被申请人提出的调解方案吗: that side's reply in the mediation, 是 or 否
    elif plan.offer and plan.differ and is_hearing(case) and answer_offers(case, plan, outcome):
        pass  # 调解时双方差了多少: each side's own offer, the larger less the smaller
    elif plan.stance_gap and is_hearing(case) and answer_stance_gap(case, plan, outcome):
        pass  # 原告认可的增项比被告主张的增项少多少: each side's sum as it stands on it, and the gap
    elif plan.factors and is_hearing(case) and answer_sides_product(case, plan, outcome):
        pass  # 按被申请人主张的工资基数和月数，经济补偿是多少: that side's figure times its count
    elif plan.differ and plan.voice and plan.unit and is_hearing(case) and answer_sides_quantity_gap(case, plan, outcome):
        pass  # 申请人主张的加班时长比公司记录的多多少小时: one side's total less the other's
    elif plan.sides_each and not plan.owed_by_sides and plan.aggregate is None and is_hearing(case) \
            and answer_sides_figure(case, plan, outcome):
        pass  # 月工资基数，双方各自主张多少: each side's figure of the measure, attributed
    elif plan.claim is not None and is_hearing(case) and answer_claim(case, plan, outcome):
        # 原告要求返还多少存款 / 按诉讼请求扣除押金后还应付多少: the demands as claimed; 被告认可其中多少:
        # the items of the bill that side owns (or the part said missing)
        if plan.admitted_by and not answer_admitted(case, plan, outcome):
            outcome.add(Part(f"{plan.admitted_by}认可的数额", "", Fill.MISSING))
        if plan.agreed_how and (clause := agreed_clause(case, plan.money_word or "")) is not None:
            outcome.add(clause)  # 违约金是怎么约定的？原告主张多少？: the claim, then the clause
    elif plan.term and plan.term_less:
        if not answer_term_rest(case, plan, outcome):  # never the term's whole sum as its rest
            outcome.add(Part(f"{plan.term}其余部分", "", Fill.MISSING))
    elif plan.term and answer_term(case, plan, outcome):
        pass  # 押金 / 月租金 / 首付款: the sum stated after its word, each side's
    elif plan.term_period and answer_term_period(case, plan, outcome):
        pass  # 租期从哪天到哪天: the period's two ends
    elif plan.gifts_kept and Slot.AMOUNT in plan.slots and answer_gifts_kept(case, plan, outcome):
        pass  # 送的东西，刨掉退回去的: the giver's money and goods kept, at their appraisal
    elif plan.short_of_demand and answer_short_of_demand(case, plan, outcome):
        pass  # 一共赔了多少？离要求的数额还差多少？: the payments summed, and the demand less them
    elif plan.less and Slot.AMOUNT in plan.slots and answer_whole_less(case, plan, outcome):
        pass  # 自己落下的钱，扣掉老婆退的和卡里冻住的: the whole less each named part, from their own rows
    elif plan.net and answer_net_received(case, plan, outcome):
        pass  # 实际到手多少: the IOU's sum less what was taken off beforehand, attributed
    elif plan.loan_interest and answer_loan_interest(case, plan, outcome):
        pass  # 第一笔借款一共付了多少利息: that loan's payments of interest, summed
    elif plan.loan_interest and is_hearing(case):
        # no payment of interest told in figures: not found — never the loan's principal, which is
        # the only figure beside the word 借款 and what any other route would give
        outcome.add(Part("已付利息", "", Fill.MISSING))
    elif plan.arrears and is_hearing(case) and answer_months_owed(case, plan, outcome):
        pass  # 被告拖欠的抚养费是多少: each side's months owed × the sum agreed per month
    elif plan.value_asked and Slot.AMOUNT in plan.slots and is_hearing(case) and answer_sides_worth(case, plan, outcome):
        pass  # 车现在值多少钱 / 按原告说的市场价扣掉剩下的贷款: each side's worth of the thing, attributed
    elif (Slot.AMOUNT in plan.slots and (plan.aggregate == "outstanding" or plan.differ) or plan.owed_by_sides) \
            and is_hearing(case) and answer_sides_owed(case, plan, outcome):
        pass  # 还欠多少 told differently by the two sides: each, attributed
    elif plan.offset and is_hearing(case) and answer_offset(case, plan, outcome):
        pass  # 多付的利息应抵本金: the sum one side wants set off, the other's answer beside it
    elif plan.responder and is_hearing(case) and answer_response(case, plan, outcome):
        pass  # 被告说给过一万元，原告认不认: the other side's answer beside the claim
    elif plan.task and answer_tasks(case, plan, outcome):
        pass  # 庭后几日内提交什么: the tasks the court set
    elif plan.offer and is_hearing(case) and answer_offers(case, plan, outcome):
        pass  # 调解时原告愿意接受多少: each side's offer, never summed
    elif plan.aggregate == "distinct":
        answer_distinct(case, plan, outcome)
    elif Slot.PERSON in plan.slots and Slot.AMOUNT in plan.slots and plan.rate_per and Slot.PERSON in question.parts \
            and _who_and_rate(case, question, outcome):
        pass
    elif plan.aggregate == "difference" and plan.compared:  # 报的损失比他承认的多多少: one figure less another
        answer_difference(case, plan, outcome)
    elif plan.clock_span and answer_clock_span(case, plan, outcome):
        pass  # 从吵起来到警察赶到过了多少分钟: the two acts' clock times, the minutes between computed
    elif plan.priced_by and Slot.AMOUNT in plan.slots:  # 那两台按进价算值多少钱: pieces × the price per piece
        answer_priced_goods(case, plan, outcome)
    elif plan.batch is not None and plan.aggregate not in ("span", "total", "count") and plan.slots \
            and set(plan.slots) <= {Slot.DATE, Slot.QUANTITY} and answer_batch(case, plan, outcome):
        pass  # 第二批货是哪天送到的 / 原告说第一批送了多少吨: that batch's tellings, each side's attributed
    elif plan.slots == [Slot.QUANTITY] and plan.aggregate in (None, "total") and batch_told(case, plan):
        # 第二批冻货一共有多少吨: that batch's own figure (or its containers × the load of each) — never
        # another batch's figure, which is all the file's other rows of that unit would give
        if not answer_batch(case, plan, outcome):
            outcome.add(Part(f"第{plan.batch}批数量", "", Fill.MISSING))
    elif asks_act_count(plan):  # 分几次送的货 / 抢了几个人: counted from what was said, not the payments
        answer_act_count(case, plan, outcome)
    elif (Slot.QUANTITY in plan.slots or Slot.AMOUNT in plan.slots) and asks_quantity(case, plan) \
            or plan.aggregate == "span":
        answer_quantity(case, plan, outcome)
        _found_so_yes(case, plan, outcome)
        _answer_rest(case, plan, question, _not_by_quantity(plan), outcome)
    elif plan.per_unit:
        answer_unit_price(case, plan, outcome)
    elif Slot.AMOUNT in plan.slots and plan.aggregate is None and plan.ordinal is None and plan.voice is None \
            and is_hearing(case) and answer_sides_figure(case, plan, outcome):
        pass  # 首付里被告的婚前存款占了多少: the sides' different figures of the thing, attributed
    elif _is_money(case, plan):
        answer_money(case, plan, outcome)
        _priced_when_missing(case, plan, outcome)
        _unsure_when_missing(case, plan, outcome)
        _found_so_yes(case, plan, outcome)
        # 一共转了几次？转到哪张卡上？: the second part is in what was said
        _answer_rest(case, plan, question, _not_by_ledger(plan), outcome)
    elif Slot.RATE in plan.slots:
        outcome.add(answer_rate(case, plan, outcome))
    else:
        answer_talk(case, plan, outcome)
    if verdict is not None:
        _verdict_by_rows(plan, verdict, outcome)
    check_parts(case, plan, outcome)  # 已核验 only for parts that answer what was asked
    return outcome


def _verdict_by_rows(plan: CasePlan, verdict: Part, outcome: Outcome) -> None:
    """有没有退过钱？哪天退的，退了多少？: a 否 read from some sentence of what was said (还没有 —
    of goods not yet taken back) yields to the movements of the asked kind the ledger holds, which
    are the act itself: the figure found says it happened, and the answer opens with 是 on it
    (never 否 beside the very refund it quotes)."""
    if plan.kind is None or verdict not in outcome.parts or not verdict.text.startswith("否"):
        return
    told = [p for p in outcome.parts if p is not verdict and p.fill is Fill.FILLED
            and any(r.role == "event" and r.kind == plan.kind for r in p.rows)]
    if not told:
        return
    index = outcome.parts.index(verdict)
    outcome.parts.remove(verdict)
    opening = outcome.parts[index] if index < len(outcome.parts) else told[0]
    if opening.fill is not Fill.FILLED:
        opening = told[0]
    opening.text = f"是，{opening.text}"
