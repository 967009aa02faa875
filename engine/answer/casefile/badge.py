"""The case path's last check before 已核验: does each filled part answer what the plan asked?

A part that quotes the closest sentence (材料显示：「…」) establishes only what that sentence
itself says: a figure of the asked type (an amount for 多少钱, a count in the asked unit for 几个),
said as the asked aggregate (a total only where its clause says 一共/共计…, what is left only where
it says 还欠/剩下…), of the asked kind of money (the question's 发票 is not the quote's 合同总价款).
A part read from ledger rows is checked against the question's framing: rows paid out by the one
the money was asked to have been paid to, a sum of payments for a rate per month, payments counted
for acts of another kind. A money word the material never names answers nothing.

A verdict (是/否) stands only on a sentence that, with the asker's words, tells the very act asked
(its verbs and the things named after them); a place only on a sentence holding a place phrase and
the asked act (在路口把车停下 is no place of 交钱).

Whether what a part cites is about the asked subject at all — the asked batch, person, side and
whole, a 记不清 of the very thing asked — is read in engine/answer/casefile/badge_subject.py.

A doubt never drops the value: the part keeps it on view, and the answer is needs_review with a
plain note of what the material does not establish (engine/answer/casefile/parts.py).
"""

from __future__ import annotations

import re

from engine.answer.casefile.accounts import joined_sentences
from engine.answer.casefile.act_mentions import tells_asked_act, untold_of_asked
from engine.answer.casefile.badge_subject import (accepted_units, answer_doubt, batch_doubt, deferred_doubt, figure_doubt,
                                                  header_verdict, one_row_total, other_figure, other_figure_doubt, person_doubt,
                                                  several_figures, unsure_doubt, voice_doubt)
from engine.answer.casefile.case import Case
from engine.answer.casefile.claims import in_claims_list
from engine.answer.casefile.figures import LABELS
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted, Reading
from engine.answer.casefile.retracted import report_retraction
from engine.answer.casefile.subject_rows import kinds_in as _kinds_in, names_money as _names_money
from engine.answer.casefile.verdict import figures_unsaid, state_told, verdict_contradicted
from engine.answer.casefile.when import says_place
from engine.answer.model import STATEMENT_DOUBT
from engine.text.case_lexicon import BALANCE, KIND_CUES, MEASURES, RANKS, REMAINDER, TOTAL, VALUE_MEASURES
from engine.question import CasePlan, Slot, number_asked
from engine.text.boundaries import CLAUSE_OF_QUOTE, split
from engine.text.names import names_in
from engine.text.numbers import find_amounts
from engine.text.quantities import find_quantities

# The head of a money word (加班费 → 费, 月工资 → 工资): what is left before it narrows the kind.
_MONEY_HEAD = re.compile(r"(?:工资|工钱|薪水|薪资|报酬|钱|款|费|金|资)$")
_COUNT_UNITS = frozenset({"次"})
# What is still left, said with the figure (还有两个人) or asked of it (谁的工钱没拿到, 没结清).
_STILL = re.compile(r"(?:还|仍|尚)(?:有|剩|差)$")
_UNSETTLED = re.compile(r"没(?:有)?(?:拿到|领到|结清|付清|还清|给齐)|未(?:结清|付清|还清)")
# Acts that hand money over from the question's subject, and those whose subject is not the payer.
_GIVING = re.compile(r"[给付转打汇交送]")
_NOT_GIVING = re.compile(r"[借收拿要领讨欠]")
# A verdict read only from how a sentence tells the act (its negation's scope, a state of the thing, a
# word of the question): on case files of kinds never read here, such readings were wrong as often as
# not, while a reply to the very question (有。/ 没有，…) held — what the sentence says stays on view.
INFERRED_VERDICT = "是/否系从陈述中推断，笔录中没有对此问的直接回答"
# A sentence that singles one out by a measure (输得最多, 比我输得多, 数他…第一).
# A nickname or name put in quotes (“斌哥”, 「阿杰」).
_QUOTED_NAME = re.compile(r"[“「‘\"]([^”」’\"]{2,12})[”」’\"]")
# An organisation named whole: its own words before the kind (康宁 + 药品批发部, 金鼎 + 公司); words of
# pointing and doing (他开了一个药品批发部) are not a name.
_ORG_KINDS = (r"有限责任公司|有限公司|股份公司|公司|集团|批发部|商行|经营部|门市部|超市|商店|药店|诊所|医院|工厂|厂|店|中心|"
              r"合作社|事务所|银行|支行")
_ORG_NAME = re.compile(rf"(?P<own>[^\s，。；：、！？,.;:!?“”「」的了个一他她我你们是在有开家这那某叫到从给]{{2,12}}?)(?:{_ORG_KINDS})")
_ORG_ASKED = re.compile(rf"(?:{_ORG_KINDS})[^，。？?]{{0,4}}(?:叫什么|叫啥|名字|全称|名称)")
# Words of the question that are not what the counted acts are of (a slot or money word).
_NOT_A_THING = re.compile(r"钱|款|费|金|资|票|次|笔|回|时间|地点|多少")


def check_parts(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    """Set ``doubt`` on every filled part that does not answer what ``plan`` asked."""
    # 收赌资用的银行卡卡号: a number asked of a card the money went through is no figure of that money
    numbers_only = bool(plan.fields) and not any(s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT))
    absent = None if numbers_only else money_absent(case, plan)
    unanswered = "、".join(f"「{p}」" for p in plan.unplanned)
    whole = answer_doubt(plan, outcome)  # 同意…方案吗 answered with each side's words and no 是/否
    for part in outcome.parts:
        if part.fill is Fill.UNSURE and not part.doubt:  # 记不清 of something other than what was asked
            part.doubt = unsure_doubt(case, plan, part)
            continue
        if part.fill is not Fill.FILLED or part.doubt:
            continue
        if report_retraction(case, plan, part, outcome):  # 上次我说没去学校，是我说谎了: two accounts
            continue
        # (the answer holds one part per slot: a second part of the same slot has none)
        part.doubt = (f"问题中{unanswered}一问未单独作答" if unanswered else None) \
            or _said_against(case, plan, part) or absent \
            or (_quote_doubt(case, plan, part.quoted) if part.quoted else None) \
            or (_rows_doubt(case, plan, part) if part.rows else None) or _type_doubt(plan, part) \
            or _remainder_doubt(case, plan, part) or figure_doubt(case, plan, part, bool(outcome.calculations))
        if other := other_figure(case, plan, part, bool(outcome.calculations)):
            part.doubt = part.doubt or other_figure_doubt(other[0])
            _report_other_figure(case, part, other, outcome)  # 共12张 — and 14张 said elsewhere: both shown
        part.doubt = part.doubt or whole or (INFERRED_VERDICT if part.inferred else None)


def _report_other_figure(case: Case, part: Part, other: tuple[str, str], outcome: Outcome) -> None:
    """The sentence giving another figure of the asked thing, cited beside the part's and reported as
    a conflict of accounts (never chosen between: both are shown, the reader decides)."""
    thing, sentence = other
    said = next((s for s in joined_sentences(case) if s.text and (s.text in sentence or sentence in s.text)), None)
    if said is None or not part.evidence:
        return
    cited = case.cite(said.anchor(0, len(said.text)))
    if cited not in part.evidence:
        outcome.other_account(part, cited, lambda first: f"{thing}的数目说法不一：{first}与{cited}（「{said.text}」）"
                                                         f"所说不同，需核对是否同一事项")


def _said_against(case: Case, plan: CasePlan, part: Part) -> str | None:
    """What the part's own words say against it: a 是 on a quote negating the thing asked (是（「我没有…
    许可证」）), a number asked and none given (保险单号), a 是 whose quotes hold none of the sums asked
    (有没有还过1万元 — 三万元; the note never restates the asker's figure: only the material's stand in an
    answer)."""
    if verdict_contradicted(plan, part.text, case.people()):
        return "所引语句否定了所问之事，与结论「是」不符"
    if number_missing(plan.text, part.text):
        return "所给内容中没有所问的号码"
    if part.reading is Reading.VERDICT and figures_unsaid(plan, part.text):
        return "所引语句中没有问题所说的那笔金额"
    return None


def money_absent(case: Case, plan: CasePlan) -> str | None:
    """社保 asked of a record that never speaks of it: no figure of the record is that money."""
    word = plan.money_word
    if word and not _names_money(case.doc_text, word):
        return f"材料中未提到{word}，所列内容不能说明所问的{word}"
    return None


def _clauses(text: str) -> list[str]:
    return [c.text for c in split(text, 0, len(text), CLAUSE_OF_QUOTE)]


def _figures(text: str, plan: CasePlan, slot: Slot) -> tuple[str, list] | None:
    """(what the figure is called, the figures of the asked type in ``text``), or None when the
    quoted slot asks no figure."""
    if slot is Slot.AMOUNT:
        return "金额", find_amounts(text)
    unit = plan.unit
    if unit and slot in (Slot.TEXT, Slot.QUANTITY, Slot.COUNT):
        accepted = accepted_units(unit)
        return "数量", [q for q in find_quantities(text) if q.meta.get("unit") in accepted]
    if slot is Slot.COUNT:
        return "次数", [q for q in find_quantities(text) if q.meta.get("unit") in _COUNT_UNITS]
    return None


# A number asked by its name (engine/question: number_asked) is given only by a run of digits or letters.
_NUMBER_GIVEN = re.compile(r"[0-9A-Za-z*＊]{5,}")


def number_missing(question: str, given: str) -> bool:
    """保险单号是多少 answered by words holding no number (投保商业三者险100万元属实)."""
    return number_asked(question) and not _NUMBER_GIVEN.search(given)


# a clause with no subject of its own, going on from the one before (…一共买了46条，花了690元)
_GOES_ON = re.compile(r"(?:又|再|共|一共)?(?:花|付|交|给|收|卖|用|赚|拿)")


def _quote_doubt(case: Case, plan: CasePlan, quoted: Quoted) -> str | None:
    text = quoted.text
    said = f"{quoted.asked}\n{text}"
    own = quoted.plan or plan
    if re.search(r"[？?]\s*$", text):  # 问第二笔贷款…用到哪里了？: the asker's question is no answer
        return "所引语句是提问，不是回答"
    if quoted.slot is Slot.YESNO and (header := header_verdict(text, quoted.asked)):
        return header  # 是（「被讯问人：某某，男…」）: the particulars tell no act
    if quoted.slot is Slot.YESNO:  # a verdict stands on the sentence telling the very act asked
        if tells_asked_act(own, said, case.people(), case.doc_text, text):
            untold = untold_of_asked(own, said, case.people(), case.doc_text, quoted.speaker, text)
            return f"所引语句未提到问题中的{'、'.join(f'「{w}」' for w in untold)}，是/否系推断" if untold else None
        # 监控拍到了吗 — 门口的监控那几天坏了: a state of the asked thing that decides the act
        told = state_told(own, text, quoted.asked, case.people(), case.doc_text)
        return None if told in ("是", "否") else "所引语句说的不是所问的行为本身"
    if quoted.slot in (Slot.TEXT, Slot.PERSON) and (put_off := deferred_doubt(text)):
        return put_off  # 需要回去向公司核实以后再提交: no answer yet
    if quoted.slot is Slot.PLACE and not says_place(text):
        return "所引语句未说明所问之事发生的地点"
    if own.name_asked and quoted.slot in (Slot.PERSON, Slot.TEXT) and not _names_someone_new(text, quoted.asked, own):
        return "所引语句未给出所问的名字"
    if own.most and not RANKS.search(said.replace("\n", "")):  # 输钱最多的是谁: a quote naming who lost, not who lost most
        return f"所引语句未说明谁{own.most}"
    figures = _figures(text, plan, quoted.slot)
    if figures is not None:
        what, found = figures
        if not found:
            return f"所引语句未给出所问的{what}"
        clauses = [c for c in _clauses(text) if any(f.text in c for f in found)]
    else:
        clauses = _clauses(text)
    # the asker's words frame a short answer (问：还有谁的工钱没拿到？答：还有两个人。); a clause opening
    # with its verb goes on from the one before (前后一共买了46条，花了690元: 一共 is of both)
    every = _clauses(text)
    framed = [*clauses, quoted.asked, *(every[at - 1] for at, c in enumerate(every)
                                        if at and c in clauses and _GOES_ON.match(c.strip()))]
    if plan.aggregate == "total" and not any(TOTAL.search(c) for c in framed):
        return "所引语句说的是其中的数额，未说明合计"
    if figures is not None and plan.aggregate is None and (many := several_figures([f.value for f in figures[1]])):
        return many
    if (other_batch := batch_doubt(plan, [text, quoted.asked])) is not None:
        return other_batch
    left = figures is not None and any(_STILL.search(text[:f.start]) for f in figures[1])
    if (plan.aggregate == "outstanding" or plan.focus.remainder) and not left \
            and not any(BALANCE.search(c) or REMAINDER.search(c) or _UNSETTLED.search(c) for c in framed):
        return "所引语句未说明尚余（未结清）多少"
    asked = own.measure  # 赃款他自己分了多少: a quote of what the goods were sold for is not his share
    if asked in VALUE_MEASURES and not MEASURES[asked].search(said):
        other = next((m for m, p in MEASURES.items() if m != asked and p.search(text)), None)
        if other is not None:
            return f"所引语句说的是{LABELS.get(other, '另一种款项')}，未说明{LABELS.get(asked, '所问的款项')}"
    payer = plan.payer  # 总包单位给某某付了多少: a sentence that never names that payer tells another's payment
    if payer and payer not in f"{quoted.asked}\n{text}":
        return f"所引语句未提到{payer}付款，不能说明{payer}付了多少"
    word = plan.money_word
    # the asker's words frame a short answer (问：加班费多少？答：两千元), but not one that names other
    # money of its own (答：合同写的月工资是四千元)
    if word and not (_same_money(f"{quoted.asked}\n{text}", word) and not _names_other_money(text, word)):
        return f"所引语句未提到{word}，不能说明所问的{word}"
    return None


def _names_someone_new(text: str, asked: str, plan: CasePlan) -> bool:
    """The quote gives a name the question does not already hold: a person's (罗小燕), a nickname in
    quotes (“斌哥”), or an organisation's whole name (城东康宁药品批发部) — not only the words the
    question put (他开了一个药品批发部)."""
    known = f"{plan.text}{asked}"
    if _ORG_ASKED.search(plan.text):  # 那个批发部叫什么: only the organisation's own name answers
        return any(m.group(0) not in known and m.group("own") not in known for m in _ORG_NAME.finditer(text))
    if any(n not in known for n in names_in(text)):
        return True
    if any(q not in known for q in _QUOTED_NAME.findall(text)):
        return True
    return any(m.group(0) not in known and m.group("own") not in known for m in _ORG_NAME.finditer(text))


def _same_money(text: str, word: str) -> bool:
    """Whether a quote can be of the money ``word`` names: it names that money, or — for a word of
    a kind the lexicon knows (工钱) — names no other kind (一天四百二十块钱 is said of the work).
    A word that narrows its kind (加班费, 医药费, 违约金: the words before the money's head) needs
    those words in the quote: 月工资 is of the kind of 加班费, but it is not the overtime pay."""
    kinds = _kinds_in(word)
    if word in text or not kinds:
        return word in text
    narrowed = _narrowing(word)
    if narrowed and narrowed not in text:
        return False
    said = _kinds_in(text)
    return not said or bool(said & kinds)


def _names_other_money(text: str, word: str) -> bool:
    """The quote names money of a kind without the words that narrow ``word`` (月工资 for 加班费)."""
    narrowed = _narrowing(word)
    return word not in text and bool(narrowed) and narrowed not in text and bool(_kinds_in(text))


def _narrowing(word: str) -> str:
    """The words before a money word's head that narrow its kind (加班费 → 加班), or '' when
    fewer than two are left (月工资 → 月 narrows nothing a quote would repeat)."""
    narrowed = _MONEY_HEAD.sub("", word)
    return narrowed if len(narrowed) >= 2 else ""


def _rows_doubt(case: Case, plan: CasePlan, part: Part) -> str | None:
    rows = part.rows
    # 诉讼请求：一、…支付折价款五十二万元: a sum a side claims is no money that moved — a figure composed
    # from it is not verified unless the claims are what is asked
    if (one := one_row_total(plan, part, case.text_of(rows[0].sentence))) is not None:
        return one
    if (other_side := voice_doubt(case, plan, rows)) is not None:  # 按被申请人主张的 from 申请人's words
        return other_side
    for row in rows:  # 问张甲付了多少: a row telling 李乙交的定金 is another's money
        if (other := person_doubt(case, plan, case.text_of(row.sentence))) is not None:
            return other
    if plan.claim is None and plan.kind != "demand" and any(
            in_claims_list(case, r.statement, r.sentence.start) for r in rows):
        return "所列款项含诉讼请求中主张的数额，不是已发生的款项"
    # 价格认定一共值多少: rows of money handed over say nothing of a valuation. Only the figures of
    # something (VALUE_MEASURES); money moved (送, 退赔, 追回) is told by its movement's own words.
    asked = plan.measure
    if asked in VALUE_MEASURES and not any(r.measure == asked or MEASURES[asked].search(case.text_of(r.sentence))
                                     for r in rows):
        return f"所列款项未说明是{LABELS.get(asked, '所问的款项')}"
    if plan.rate_per and (part.summed or any(r.role == "event" for r in rows)):
        what = "各笔相加的合计" if part.summed else "一笔款项"
        return f"所问为每{plan.rate_per}的数额，所列是{what}"
    subject = plan.focus.subject
    if plan.kind == "pay" and subject and _gives(plan):
        # 某单位给某乙付了多少: rows 某乙 paid out are not payments to 某乙
        named = [n for n in plan.names if n not in subject and subject not in n]
        payers = {r.payer for r in rows}
        if named and all(p and any(n in p or p in n for n in named) for p in payers):
            payer = "、".join(sorted(p for p in payers if p))
            return f"所列款项是{payer}付出的，不是付给{payer}的"
    if part.label == "次数":
        said = "\n".join(case.text_of(r.sentence) for r in rows)
        # 货一共分几次送的: the goods named are not in the payments listed (卡里 is where, 卡 what)
        objects = [re.sub(r"(?<=.)[里上中内]$", "", o) for o in plan.focus.objects]
        things = [o for o in objects if o not in plan.names and not _NOT_A_THING.search(o) and o not in said]
        if things:
            return f"逐笔列出的是款项，未提到{'、'.join(things)}"
        if len(rows) != len(part.evidence):  # 3 rows told in one sentence are not 1笔
            return f"同一处证据中列有多笔款项（共{len(rows)}行），笔数未逐一核对"
    return None


def _gives(plan: CasePlan) -> bool:
    """The asked act hands money over from the question's subject (给/付/转 …), not one of
    borrowing, receiving or demanding, whose subject is not the payer."""
    acts = "".join(plan.focus.acts)
    return bool(_GIVING.search(acts)) and not _NOT_GIVING.search(acts) and not plan.demand_more


def _type_doubt(plan: CasePlan, part: Part) -> str | None:
    """钟红一共欠这几个工人多少工钱 → 三个: a figure of another kind stands where an amount was asked."""
    money_asked = plan.slots == [Slot.AMOUNT] and (plan.kind or plan.measure or plan.owed or plan.money_word)
    if plan.agreed_how and "约定" in part.text:
        return None  # 违约金是怎么约定的: the clause quoted answers that part, a rate or a term, not a sum
    if money_asked and not find_amounts(part.text) and find_quantities(part.text):
        return "所问为金额，结论给出的不是金额"
    return None


def _remainder_doubt(case: Case, plan: CasePlan, part: Part) -> str | None:
    """尚余5200元 computed, while a cited sentence says 剩下的一万二千元月底给: the material's own
    remainder disagrees with the recomputed one, so the rows it was computed from are not the asked
    ones (money handed the other way, another promise) — a person must decide."""
    if not (plan.aggregate == "outstanding" or plan.focus.remainder):
        return None
    results = {a.value for a in find_amounts(part.text)}
    if len(results) != 1:
        return None
    cited = {ident: case.text_of(event.sentence) for event, ident in case.rows.values()}
    for ident in part.evidence:
        text = cited.get(ident, "")
        for amount in find_amounts(text):
            before = text[max(0, amount.start - 8):amount.start].replace("\n", "")
            if (REMAINDER.search(before) or BALANCE.search(before)) and amount.value not in results:
                return f"所引语句（{ident}）称余下{amount.text}，与复算结果不一致"
    return None


def hold_statements(outcome: Outcome) -> None:
    """The last word before 已核验, after every other check has said what it found (its note is the
    more telling one): a filled part read out of what was said is left to be checked."""
    for part in outcome.parts:
        if part.fill is Fill.FILLED and part.doubt is None and part.reading is Reading.STATEMENT:
            part.doubt = STATEMENT_DOUBT
