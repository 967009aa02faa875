"""Money events, counts and corrections read from the statements of a case file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from engine.text import case_lexicon as lx
from engine.text.case_lexicon import ORDINAL, measure_of, ordinal_of, question_kind
from engine.answer.casefile.facts.confirm import Put, confirmation_note, put_to_speaker
from engine.answer.casefile.facts.model import Anchor, Correction, Event, Statement, Value
from engine.text.dates import find_dates
from engine.text.lines import joined_view
from engine.text.names import looks_like_name, names_in, party_names, quoted_familiar_names, recurring_names
from engine.text.numbers import find_amounts, parse_number
from engine.text.quantities import find_quantities
from engine.text.rates import shares_said
from engine.text.boundaries import CLAUSE_FIELD, SENTENCE_ZH, Segment, split

# An old value the asker restated (你刚才说…): it is in the question, not in an answer span.
_QUESTION_ANCHOR = Anchor("", 0, 0)
PERIOD_COUNT = re.compile(r"([一二三四五六七八九十两\d]{1,3})\s*个(?:月|季度)")
# (一笔一笔说 / 一次一次地: one by one, no count)
COUNT = re.compile(r"(?:一共|总共|共|前后|先后)?(?:[\u4e00-\u9fff]{0,4}?)(?<![第头这那上下每首没不后])(?<!没有)(?<!一[次笔回趟])([一二三四五六七八九十两\d]{1,3})(?:次|笔|回|趟)"
                   r"(?!一[次笔回趟])")


def _sentences(text: str, start: int, end: int) -> list[Segment]:
    return split(text, start, end, SENTENCE_ZH)


# A clause about another portion of the money (剩下的…, 其余的…, 另外…): what it says of how money moved is
# that portion's, though its figure may be said without a unit (剩下的六千八是现金给的).
_OTHER_PORTION = re.compile(r"\s*(?:剩下|剩余|其余|其他的|另外|另一部分)")


def _mark_share_bases(rows: list[Event], sentence: str) -> None:
    """第一层按15%，32份是121600元，我拿了18240元: a figure that another figure of its sentence is a
    percent of, the percent said in that sentence, is the base the share is reckoned on — a figure of
    something (role value), not money that moved — when its own clause tells no movement of its own
    (借给他10万元，月息2%，每月利息2000元 keeps the loan). Shares are checked to the fen."""
    shares = shares_said(sentence)
    if not shares:
        return
    money = [e for e in rows if e.is_money and e.amount is not None and e.role in ("event", "total")]
    for base in money:
        if any(cue.search(base.words) for cue in lx.KIND_CUES.values()):
            continue
        reckoned = {(base.amount.value * p / 100).quantize(Decimal("0.01")) for p in shares}
        if any(other is not base and other.currency == base.currency and other.amount.value < base.amount.value
               and other.amount.value.quantize(Decimal("0.01")) in reckoned for other in money):
            base.kind, base.role = "value", "value"


def _clauses(text: str, sentence: Segment) -> list[Segment]:
    return split(text, sentence.start, sentence.end, CLAUSE_FIELD) or [sentence]


def piece_before(text: str, start: int, end: int) -> re.Match[str] | None:
    """一 and a piece just before the figure at ``start:end`` (吊水一瓶四十元, 一盒是1280元): its price per
    piece — None when the figure is a thing's price in passing (一件两千元的外套)."""
    if lx.PER_PIECE_BEFORE_NOT_AFTER.match(text, end):
        return None
    return lx.PER_PIECE_BEFORE.search(text[max(0, start - 8):start])


def per_piece(text: str, start: int, end: int) -> bool:
    """一百元一张 / 每张2000元 / 每箱121元 (the figure at ``start:end``): the figure of one piece, not a sum."""
    return bool(lx.PER_PIECE_AFTER.match(text, end) or lx.EACH.search(text[max(0, start - 12):start])
                or piece_before(text, start, end))


def _nearest_before(pattern: re.Pattern[str], text: str, start: int, end: int) -> re.Match[str] | None:
    """The last match starting in [start, end); it may look past ``end`` (赔42000元: 赔 looks at 4)."""
    last = None
    for m in pattern.finditer(text, start):
        if m.start() >= end:
            break
        last = m
    return last


def _kind_at(text: str, clause: Segment, sentence: Segment, at: int, end_at: int) -> str | None:
    """The kind of the amount at [at, end_at): interest anywhere in its clause; otherwise the
    nearest cue before it (clause first, then its sentence), then one after it in the clause."""
    if lx.KIND_CUES["interest"].search(text, clause.start, clause.end):
        return "interest"
    return _nearest_cue(lx.KIND_CUES, text, ((clause.start, at), (sentence.start, at)), end_at, clause.end,
                        generic=lx.GENERIC_KINDS)


def _nearest_cue(cues: dict[str, re.Pattern[str]], text: str, stretches: tuple[tuple[int, int], ...],
                 after: int, clause_end: int, generic: frozenset[str] = frozenset()) -> str | None:
    """The cue that names what a figure is: the nearest before it in the first of ``stretches``
    that has one, else the first after it (from ``after``) to ``clause_end``. A ``generic`` cue
    loses to a specific one in the same stretch (转回给她: 转回 says what, 给 only the direction)."""
    for lo, hi in stretches:
        best, best_pos = None, -1
        for name, pattern in cues.items():
            m = _nearest_before(pattern, text, lo, hi)
            better = best is None or (best in generic and name not in generic) or (
                (name in generic) == (best in generic) and m is not None and m.start() > best_pos)
            if m is not None and better:
                best, best_pos = name, m.start()
        if best is not None:
            return best
    for name, pattern in cues.items():
        if pattern.search(text, after, clause_end):
            return name
    return None


def kind_at(text: str, clause: Segment, sentence: Segment, at: int, end_at: int) -> str | None:
    """``_kind_at``, except that a specific verb after the amount in its clause beats a generic one
    before it (用银行转账把32,500元退还给了公司: 把 puts the verb after the money)."""
    kind = _kind_at(text, clause, sentence, at, end_at)
    if kind in lx.GENERIC_KINDS:
        for other, pattern in lx.KIND_CUES.items():
            if other not in lx.GENERIC_KINDS and other != "interest" and pattern.search(text, end_at, clause.end):
                return other
    return kind


def is_follow_up(question: str) -> bool:
    """第二次呢？/ 后来呢？/ 还有呢？: a question that only carries on the one before it."""
    core = re.sub(r"[^\u4e00-\u9fff]", "", question)
    return len(core) <= 6 and (core.endswith("呢") or bool(ORDINAL.search(core)))


def measure_at(text: str, clause: Segment, sentence: Segment, at: int, end_at: int, since: int | None = None) -> str | None:
    """What the figure at [at, end_at) measures (lexicon MEASURES): the nearest cue before it in its
    clause, then in its sentence since the figure before it (``since``: 借了一万元，一共4万元 — the
    loan is the first figure's), then a cue after it in its clause (认定价值2,350元; 项链卖了七千)."""
    return _nearest_cue(lx.MEASURES, text, ((clause.start, at), (max(sentence.start, since or 0), at)), end_at,
                        clause.end)


_GIVE = r"(?:给|送|转|汇|打|付|交|退|还|赔|借)"


def _frame(question: str, names: list[str], speaker: str | None) -> tuple[str | None, str | None] | None:
    """(payer, payee) as the asker frames the money: 某甲…给你送钱 → (某甲, speaker); 你…转给某甲
    → (speaker, 某甲)."""
    for name in names:
        if re.search(rf"{re.escape(name)}[^，。？?；]{{0,12}}?{_GIVE}(?:了|过)?(?:你|您)", question):
            return name, speaker
        # 你是怎么给代理“斌哥”分钱的: a role word and the quote may stand before the name
        if re.search(rf"(?:你|您)[^，。？?；]{{0,12}}?(?:给|向|往){_GIVE}?(?:了|过)?(?:[\u4e00-\u9fff]{{0,3}}“)?"
                     rf"{re.escape(name)}", question):
            return speaker, name
    return None


# The goods a sentence is about: …的vivo手机 / 那条金项链 / 手表 (a noun ending the phrase before the verb).
_GOODS = re.compile(r"(?:被(?:抢|盗|偷|骗)的?|那(?:部|条|块|台|辆|只|件)|(?<![\u4e00-\u9fff]))"
                    r"(?P<goods>[A-Za-z0-9\u4e00-\u9fff]{0,8}?(?:手机|项链|手表|电脑|首饰|戒指|电动车|自行车|摩托车|汽车|车辆|金条|"
                    r"钱包|包|手镯|耳环|相机|平板|货物|财物|赃物))")
_SPOUSE = re.compile(r"(?P<principal>[\u4e00-\u9fff]{1,4}?)的(?:老婆|妻子|爱人|丈夫|老公|媳妇)(?P<name>[\u4e00-\u9fff]{2,3})")
_TITLE = re.compile(rf"(?P<surname>[\u4e00-\u9fff])(?:{lx.TITLES})$")
_HOLDER = re.compile(r"(?:户名|收款人|账户名|开户人)(?:是|为|叫)?[:：]?(?P<name>[\u4e00-\u9fff]{2,4}?)(?=[，,。；;、\s]|卡号|账号|$)")
_ACCOUNT = re.compile(r"[\u4e00-\u9fff]{0,6}?(?:账户|账号|卡|户头)")
_ASKS_WHEN = re.compile(r"什么时候|哪天|哪一天|什么时间|几号|何时|哪年|几月")
_SAME_DAY = re.compile(r"那天|当天|当晚|那晚|这天|那次|这次|当时|那一次")
# The asker asking what happened (后来发生了什么？/ 你把经过说一下): the answer's opening sets the time of
# what it tells next — unless a later time is said on the way (后来, 过了几天, 第二天…).
_ASKS_WHAT_HAPPENED = re.compile(r"发生了什么|什么事|经过|怎么回事|(?:然后|后来)呢|说(?:一)?下|讲(?:一)?下|说说|讲讲")
_LATER = re.compile(r"后来|之后|以后|过了|又过|第二天|次日|隔天|几天后|接着|然后|再后来|最后")
MENTIONED = "?"  # same_as before the build finds the row a mention tells again
_TELLS = re.compile(r"(?:的)?(?:供述|陈述|证言|交代|称|说|讲|反映)")
_SUBJECT_END = re.compile(r"[，。；、：,:;（(）)\s]|的|了|是|在|和|与|都|也|就|左右|上下")


def _subject_after(text: str, start: int, end: int) -> str:
    """The noun a quantity counts (3瓶啤酒 → 啤酒): the words right after it, up to a particle."""
    stop = _SUBJECT_END.search(text, start, end)
    return text[start:(stop.start() if stop else end)][:6]


UNSAID_KIND = "money"  # resolved to the file's main kind of movement when the ledger is built
MONEY_QUESTION = re.compile(r"钱|款|元|多少|金额")
_TO_MARKERS = frozenset({"给", "向", "往", "还", "退", "赔", "到"})


# 我妹妹张丽 / 他的同伙某某: a person by their relation to a party (by name when the name follows)
KIN = (rf"(?:的)?(?:{lx.FAMILY}|"
       r"朋友|同事|邻居|亲戚|家里人|家人|同伙|同伴|合伙人|手下|搭档|同学|老乡)")


# A person's sum or occasion as the topic (某某这笔我给了他8000元, 他那次…): not who acts.
_TOPIC_SUM = re.compile(r"(?:这|那)(?:一)?(?:笔|次|回|份|趟)")


# Words of sending money that name no channel (转账 by 微信, by a bank …).
_BARE_TRANSFER = frozenset({"转账", "汇款"})
# An organisation named by its kind (转给供电公司, 赔给保险公司, 交到医院): the party it is, after a marker.
_ORG_NAMED = re.compile(r"(?:(?![的了在是我你他她这那一给向往到从转交付打汇赔退还把被让跟和与])[\u4e00-\u9fff]){1,6}?(?:公司|单位|银行|医院|学校|厂)(?![里区长家])")


@dataclass(frozen=True)
class _Party:
    word: str
    marker: str | None  # the word before it that makes it an object (给他, 从公司, 替我)
    at: int
    clause_start: bool = False  # it opens its clause (她听我说…: the clause's subject)

    @property
    def marked(self) -> bool:
        return self.marker is not None


class _Reader:
    """Reads one statement's answer — or, with ``asked``, the document its asker reads out (现向你
    宣读…价格认定结论书: …认定价值2,350元); offsets into the passage are shifted by ``base`` to the
    chunk text."""

    def __init__(self, statement: Statement, next_id, other_party: str | None = None,
                 known: tuple[str, ...] = (), topic: str | None = None, *, asked: bool = False):
        self.st = statement
        self.asked = asked
        raw, self.base = (statement.asked, statement.question_span[0]) if asked and statement.question_span \
            else (statement.answer, statement.answer_offset)
        # Values are read on the answer with the PDF's line breaks joined (2024年1\n月3日 is a
        # date), and every span is mapped back to the chunk text for quotes and boxes.
        self.text, self.where = joined_view(raw, tight=True)
        self.next_id = next_id
        self.known = known
        self.amounts = find_amounts(self.text)
        self.dates = [d for d in find_dates(self.text)]
        self.quantities = find_quantities(self.text, money=self.amounts, dates=self.dates)
        # 第二次呢？/ 第一次呢？ carry on the question before them: its kind is theirs; a question
        # asking why lends its answer no kind (为什么找妹妹借钱？—对方说必须凑够4万元)
        why = bool(lx.WHY.search(statement.question))
        self.q_kind = None if why else \
            question_kind(statement.question) or (topic if is_follow_up(statement.question) else None)
        if self.q_kind == "take" and lx.VICTIM.search(statement.question):
            self.q_kind = "pay"  # 你一共被骗了多少钱？—asked of the one who paid
        self.q_measure = None if why or asked else measure_of(statement.question)
        self.q_ordinal = ordinal_of(statement.question)
        said = statement.question + "\n" + self.text
        found = [n for n in known if n in said] + names_in(said)
        found += [k for k in known if len(k) == 2 and any(len(n) == 3 and n.startswith(k) for n in found)]
        self.people = [n for n in whole_names(found)
                       if not (statement.speaker and (n in statement.speaker or statement.speaker in n))]
        asked_names = [n for n in self.people if n in statement.question]
        # 他/她 in an answer: the person its question names, else one the answer names, else the
        # person the whole file talks about most (the victim in a suspect's record and vice versa)
        self.counterpart = (asked_names or self.people or [other_party])[0]
        # 汪某第二次给你送钱是什么时候？: the asker says who gave to whom; an answer that does not say
        # it again (我回家打开一看，里面是现金10万元) keeps that frame
        self.frame = _frame(statement.question, asked_names, statement.speaker)

    def anchor(self, seg: Segment) -> Anchor:
        return self.span(seg.start, seg.end)

    def span(self, start: int, end: int) -> Anchor:
        if end <= start:
            return Anchor(self.st.chunk_id, self.base + self.where[start] if start < len(self.where) else self.base, self.base)
        return Anchor(self.st.chunk_id, self.base + self.where[start], self.base + self.where[end - 1] + 1)

    def value(self, start: int, end: int, value, **kw) -> Value:
        return Value(value, self.text[start:end], self.span(start, end), **kw)

    def events(self) -> list[Event]:
        found: list[Event] = []
        for sentence in _sentences(self.text, 0, len(self.text)):
            amounts = [a for a in self.amounts if sentence.start <= a.start and a.end <= sentence.end]
            tally = self._tally(sentence, amounts)
            if tally is not None:
                rows = [e for clause, amount in tally if (e := self._tally_row(sentence, clause, amount)) is not None]
            else:
                rows = [e for amount in amounts if (e := self._event(sentence, amount, amounts)) is not None]
            for periodic in [e for e in rows if e.role == "periodic" and e.periods]:
                for row in rows:  # 每月7500元，4个月3万元: the periodic sum said again
                    if row is not periodic and row.role == "event" and PERIOD_COUNT.search(row.words) and \
                            row.amount.value == periodic.amount.value * periodic.periods:
                        row.role, row.same_as = "mention", periodic.id
            _mark_share_bases(rows, self.text[sentence.start:sentence.end])
            found.extend(rows)
            found.extend(self._quantity_rows(sentence))
            if not amounts:
                found.extend(self._recovered_goods(sentence))
            if self.asked:
                continue
            for clause in _clauses(self.text, sentence):  # 还过一次，…还了我5000元: the count clause
                if not any(clause.start <= a.start < clause.end for a in amounts):
                    count = self._count(sentence, clause)
                    if count is not None:
                        found.append(count)
                        break
        for event in found:
            event.source = "asker" if self.asked else "answer"
        return found

    def _event(self, sentence: Segment, amount, amounts) -> Event | None:
        text = self.text
        clause = next((c for c in _clauses(text, sentence) if c.start <= amount.start < c.end), sentence)
        if self._is_old(amount.start, amount.end, clause):
            return None  # 不是三万二 / 前面说的21000块钱不对: a correction's old value, not a row
        if lx.PROSPECT.search(text, clause.start, amount.start):
            return None  # 五年能赚一千零四十万: a gain promised, not money that moved
        kind = kind_at(text, clause, sentence, amount.start, amount.end)
        if lx.WITHDRAW.search(text, clause.start, amount.start) and not lx.TAKE_CONTEXT.search(text, clause.start, amount.start) \
                and kind in (None, "take", "pay") and self.q_kind != "take":
            return None  # 在柜台取了两万元定期: one's own money taken out
        if kind == "take" and lx.PASSED_ON.search(text, amount.end, sentence.end):
            kind = "pay"  # 拿了1.2万元现金交到公司前台: brought and handed over
        elif kind == "take" and self.q_kind != "take" and not lx.TAKE_CONTEXT.search(text, sentence.start, amount.start) \
                and lx.AMBIGUOUS_TAKE.search(text, clause.start, amount.start):
            kind = None  # 拿了 with no source named: read from the question below
        if kind == "take" and lx.VICTIM.search(text, sentence.start, amount.start):
            kind = "pay"  # 我被骗了二十多万: the speaker's money went out
        lost = kind == "take" and bool(lx.LOST.search(text, clause.start, amount.start))
        someone_elses = any(f"{p}的" in text[sentence.start:sentence.end] for p in self.people)
        if kind == "pay" and lx.TO_ONESELF.search(text, sentence.start, sentence.end) \
                and (lx.TAKE_CONTEXT.search(text, sentence.start, sentence.end) or someone_elses):
            kind = "take"  # 用网银从公司账户转了8500元到我自己的卡上: moved to oneself
        # The question's kind stands for the answer's when the answer answers it directly (its
        # first sentence, or one giving the asked occurrence): 两次赔偿分别是…？—第一次…转给他伍仟元
        direct = not self.asked and (sentence.start == _first_sentence_start(text)
                                     or self._ordinal(sentence, clause, amount, amounts)
                                     or self._names_asked_fee(sentence, clause, amount))
        # the figure told before this one (a price per piece, 单价480元/克, is part of the same telling)
        since = max((a.end for a in amounts if a.end <= amount.start and not self._per_piece(a)), default=None)
        measure = measure_at(text, clause, sentence, amount.start, amount.end, since)
        paid_here = lx.KIND_CUES["pay"].search(text, clause.start, clause.end)
        if direct and self.q_measure and (measure is None or not measure_at(text, clause, clause, amount.start, amount.end)) \
                and not (self.q_measure in lx.VALUE_MEASURES and paid_here):
            # (a payment told in its own clause — 通过银行转账支付11000元 — is no contract price or
            # appraisal the question happened to name)
            measure = self.q_measure  # 有没有替你退缴？—…跟亲戚借了钱，…转了10万元: what was asked
        if kind in lx.GENERIC_KINDS and self.q_kind and self.q_kind not in lx.GENERIC_KINDS \
                and not (self.q_kind == "demand" and paid_here):
            # 你赔了她多少钱？—…把现金9,500元交给了她: handing over is how it was paid; but a payment
            # told under a claim (判令被告支付… — 被告…通过银行转账支付11000元) was paid, not asked for
            kind = self.q_kind
        elif direct and kind is None:
            kind = self.q_kind
        tail = self._handed_tail(sentence, clause, amounts)
        own_verb = any(cue.search(text, clause.start, amount.end) for cue in lx.KIND_CUES.values())
        if tail is not None and not own_verb and kind in (None, "take"):
            kind = "pay"  # 一共是7,200元，他用微信转给我的: the figure handed over, as the next clause tells
        else:
            tail = None
        before = text[clause.start:amount.start]
        sentence_before = text[sentence.start:amount.start]
        if len(amounts) > 1 and since is not None and lx.TOTAL.search(before) \
                and lx.DEPOSITED.search(text, amount.end, sentence.end):
            # 取了两万元、又借了两万元，一共4万元，…存到一个账户里: the sum raised is what was paid in
            kind, measure, deposited = "pay", None, True
        else:
            deposited = False
        if kind is None and direct and MONEY_QUESTION.search(self.st.question) and (
                lx.TOTAL.search(text, clause.start, amount.start) or lx.BALANCE.search(text, clause.start, amount.start)):
            kind = UNSAID_KIND  # 三笔一共多少钱？—一共九万二千元: the total of whatever was asked about
        if kind is None and lx.BALANCE.search(before):
            kind = UNSAID_KIND  # 我算了一下，一共还欠109,300元: a balance of the case's own money
        if kind is None and lx.TOTAL.search(before) and since is None and self.amounts[0].start < sentence.start:
            kind = UNSAID_KIND  # …应该是5500元。这样算一共是一万三千五百元: a sum of the money talked of
        if kind == "take" and measure == "profit":
            # 我非法获利八万元: a gain the speaker tells is what was taken, not a tally's figure. Not a
            # one-off: profit is the one value measure whose words (获利, 非法获利) are also a movement's
            # (KIND_CUES take), so with a take it names the act; it stays a value only as a tally's label
            # (经核算…获利W元, _tally_row) or where no taking is told (违法所得三万元).
            measure = None
        valued = measure in lx.VALUE_MEASURES
        if (kind is None or kind == UNSAID_KIND) and valued:
            kind = "value"  # 认定价值2,350元 / 卖了七千块钱: the figure of something, not a movement
        elif kind is None and measure == "cost":
            kind = "cost"  # 维修单…一共是贰仟叁佰元: an expense valued
        if kind is None and lx.AGREED.search(sentence_before[-16:]) and lx.BARE_PAY.search(before):
            kind = "pay"  # 答应10月底之前先付5万元: a sum promised
        if kind in (None, "cost") and not valued and (
                lx.INCOME_LOST.search(text, amount.end, min(sentence.end, amount.end + 16))
                or self._named_lost_later(sentence, amount)):
            kind, measure = "cost", "lost_income"  # 这一单车费四百二十元没收 / 约好的一单六百元只好推掉: income lost
        act = self._act_start(sentence) if kind is None else None
        if act is not None and act.start < sentence.start:
            # 最开始那次是某日。那次是通过手机银行给她的。金额是肆万叁仟元。: the act's verb told before its figure
            kind = _nearest_cue(lx.KIND_CUES, text, ((act.start, sentence.start),), sentence.start, sentence.start,
                                generic=lx.GENERIC_KINDS)
        if kind is None:
            return None  # 我自己留了八千元: money named, nothing said to move
        if kind == "pay" and lx.SHORTFALL.search(text, clause.start, amount.start):
            return None  # 少交的电费也就一万块钱左右: what was not paid moves nothing
        role = "event"
        if kind in ("cost", "demand"):
            role = kind
        told_count = COUNT.search(text, sentence.start, amount.start)
        if per_piece(text, amount.start, amount.end):
            role = "each"  # 每人发了5000元 / 每张面值2000元 / 一百元一张 / 一盒1280元: a figure per piece
        elif lx.AGREED.search(sentence_before[-16:]) and kind in ("compensation", "repay", "pay") and \
                not lx.BALANCE.search(before):
            role = "agreed"  # 调解时说好了总共赔38500块钱: what is owed under the agreement
        elif lx.BALANCE.search(before) or (lx.BALANCE.search(sentence_before[-12:]) and not lx.TOTAL.search(before)):
            role = "balance"
        elif lx.REMAINDER.search(before):
            role = "remainder"
        elif lx.PERIODIC.search(before):
            role = "periodic"
        elif (lx.TOTAL.search(before) or lx.TOTAL.search(text, clause.start, clause.end) and len(amounts) == 1
              or len(amounts) == 1 and told_count and lx.TOTAL.search(sentence_before)) \
                and not ORDINAL.search(text, sentence.start, sentence.end):
            # 最开始那次…一共肆万叁仟元: with one occurrence named, 一共 is that occurrence's sum;
            # 我前前后后转了六次，二十多万元: the sum of the times counted before it
            role = "total" if role == "event" else role
        if valued and role == "event":
            role = "value"
        if deposited:
            role = "event"
        owed = lx.BALANCE.search(before)
        if role == "balance" and owed and re.search(r"说[^，。；]{0,3}$", before[:owed.start()]):
            kind, role = "demand", "demand"  # 对方又说还差四千: what the other side asked for
        event = Event(id=self.next_id(), kind=kind, role=role, statement=self.st.index,
                      sentence=self.anchor(sentence), session=self.st.session,
                      words=text[clause.start:clause.end], measure=measure or ("loss" if lost else None))
        if role == "event" and (lx.MENTION.search(text, max(clause.start, amount.start - 4), amount.start)
                                or self._confirms(amount) or lx.TOLD_BEFORE.match(text, _first_sentence_start(text))):
            event.same_as = MENTIONED  # 那笔6.8万元: the build links it to the row it tells again
        event.amount = self.value(amount.start, amount.end,
                              Decimal(str(amount.value)), approx=bool(amount.meta.get("approx")))
        event.currency = str(amount.meta.get("currency") or "CNY")
        event.principal = True if lx.PRINCIPAL.search(text, sentence.start, sentence.end) and kind != "interest" \
            else (False if kind == "interest" else None)
        event.ordinal = self._ordinal(sentence, clause, amount, amounts)
        dated_by = self._when(event, sentence, clause, amount)
        self._how(event, sentence, amount)
        self._who(event, sentence, tail or clause)
        event.uncertain = self._unsure(sentence)
        if dated_by is not None and "date" not in event.uncertain and \
                "date" in self._unsure(Segment(dated_by.start, sentence.start, text[dated_by.start:sentence.start])):
            # 去年国庆节后没几天，具体是哪天我记不清了，…。他说要是不给他10万元…: the date carried over is unsure too
            event.uncertain.append("date")
        act = self._act_start(sentence)
        if act is not None and act.start < sentence.start and "date" not in event.uncertain and \
                "date" in self._unsure(Segment(act.start, sentence.start, text[act.start:sentence.start])):
            event.uncertain.append("date")  # 第二笔是3月上旬，具体哪天记不清了。…转了六千元
        if role == "periodic":
            span = self._period_span(sentence)
            if span is not None:
                event.period_span = span
                event.periods = months_between(*span)
            else:  # 每月600元，一共给了六个月: the number of periods is said
                said = PERIOD_COUNT.search(text, sentence.start, min(len(text), sentence.end + 30))
                value = parse_number(said.group(1)) if said else None
                if value is not None:
                    event.periods = int(value)
                    event.period_text = said.group(0)
        return event

    def _tally(self, sentence: Segment, amounts) -> list[tuple[Segment, object]] | None:
        """A list of labelled figures the asker puts (经核算，总收入86,400元，支付给某某共31,000元，获利
        42,900元): two or more clauses of one figure each, as (clause, figure); None otherwise."""
        if not self.asked or len(amounts) < 2:
            return None
        pairs = []
        for clause in _clauses(self.text, sentence):
            inside = [a for a in amounts if clause.start <= a.start < clause.end]
            if len(inside) > 1:
                return None
            if inside:
                pairs.append((clause, inside[0]))
        return pairs if len(pairs) == len(amounts) and lx.TALLY.search(self.text, sentence.start, sentence.end) else None

    def _tally_row(self, sentence: Segment, clause: Segment, amount) -> Event | None:
        """One figure of a tally, typed by its own clause's label only: a takings or gain figure
        (measure income / profit), an expense, or a payment (to the party the clause names)."""
        text = self.text
        measure = measure_at(text, clause, clause, amount.start, amount.end)
        before = text[clause.start:amount.start]
        if measure in ("income", "profit"):
            kind, role = "value", "value"
        elif lx.TALLY_COST.search(before):
            kind, role, measure = "cost", "cost", "cost"
        elif kind_at(text, clause, clause, amount.start, amount.end) == "pay" or re.search(_GIVE, before):
            kind, role = "pay", "total"  # a tally's payment figure sums what went to that side
        else:  # another label (手机价值3700元): read as a figure of its own clause alone
            return self._event(clause, amount, [amount])
        event = Event(id=self.next_id(), kind=kind, role=role, statement=self.st.index,
                      sentence=self.anchor(clause), session=self.st.session,
                      words=text[clause.start:clause.end], measure=measure)
        event.amount = self.value(amount.start, amount.end, Decimal(str(amount.value)),
                                  approx=bool(amount.meta.get("approx")))
        event.currency = str(amount.meta.get("currency") or "CNY")
        if kind == "pay":
            self._who(event, clause, clause)
            if event.payer is None or event.payer == event.payee:
                event.payer = self.st.speaker if re.search(r"你|你们", text[sentence.start:clause.start + 1]) else None
        return event

    def _recovered_goods(self, sentence: Segment) -> list[Event]:
        """被抢的vivo手机已于…追回，并已发还被害人: goods got back, named by what they are (their
        value is the appraisal of the same goods, read when a loss is computed)."""
        text = self.text
        cue = lx.MEASURES["recovered"].search(text, sentence.start, sentence.end)
        if cue is None or lx.NEGATED.search(text, max(sentence.start, cue.start() - 3), cue.start()):
            return []
        clause = next((c for c in _clauses(text, sentence) if c.start <= cue.start() < c.end), sentence)
        goods = _GOODS.search(text, sentence.start, cue.start())
        if goods is None:
            return []
        event = Event(id=self.next_id(), kind="goods", role="recovered", statement=self.st.index,
                      sentence=self.anchor(sentence), session=self.st.session, measure="recovered",
                      words=text[clause.start:clause.end], subject=goods.group("goods"))
        event.currency = ""
        self._when(event, sentence, clause, Segment(cue.start(), cue.end(), cue.group(0)))
        return [event]

    def _quantity_rows(self, sentence: Segment) -> list[Event]:
        """Quantities with their units (3瓶啤酒, 5公里左右, 138mg/100ml, 85天): value rows; a total
        (一共是3瓶), a figure per piece (每车25吨). Counts of times (三次, 两笔) are ``_count``'s."""
        rows = []
        text = self.text
        for q in self.quantities:
            if not (sentence.start <= q.start < sentence.end) or q.meta["unit"] in ("次", "笔"):
                continue
            clause = next((c for c in _clauses(text, sentence) if c.start <= q.start < c.end), sentence)
            if self._is_old(q.start, q.end, clause):
                continue
            if q.value == 1 and any(0 <= a.start - q.end <= 1 or 0 <= q.start - a.end <= 1 for a in self.amounts):
                continue  # 一件柒元, 一个月5,000元, 650元一个方: the unit a price is per, not a count of one
            before = text[clause.start:q.start]
            role = "each" if q.meta.get("each") else "total" if lx.TOTAL.search(before) else "value"
            event = Event(id=self.next_id(), kind="quantity", role=role, statement=self.st.index,
                          sentence=self.anchor(sentence), session=self.st.session,
                          words=text[clause.start:clause.end], unit=str(q.meta["unit"]),
                          measure=measure_at(text, clause, sentence, q.start, q.end))
            event.currency = ""
            event.amount = self.value(q.start, q.end, Decimal(str(q.value)), approx=bool(q.meta.get("approx")))
            event.subject = _subject_after(text, q.end, clause.end)
            self._when(event, sentence, clause, q)
            self._how(event, sentence, q)
            self._who(event, sentence, clause)
            event.uncertain = self._unsure(sentence)
            rows.append(event)
        return rows

    def _handed_tail(self, sentence: Segment, clause: Segment, amounts) -> Segment | None:
        """The clause right after the figure's, holding no figure, that tells only how it was handed
        over (…一共三千三百元，是现金给的): lx.HANDED_TAIL."""
        clauses = _clauses(self.text, sentence)
        at = next((i for i, c in enumerate(clauses) if c.start == clause.start), None)
        if at is None or at + 1 >= len(clauses):
            return None
        tail = clauses[at + 1]
        words = self.text[tail.start:tail.end].rstrip("，,。；;！!")
        if any(tail.start <= a.start < tail.end for a in amounts) or not lx.HANDED_TAIL.search(words):
            return None
        return tail

    def _names_asked_fee(self, sentence: Segment, clause: Segment, amount) -> bool:
        """The sentence names the fee the question asks about (你交过会员费吗？—…会员费…收一千六百八十元),
        and the figure is no price listed (原价一千九百八)."""
        fee = lx.FEE_NAMED.search(self.st.question)
        return bool(fee and fee.group(0) in self.text[sentence.start:sentence.end]
                    and not lx.LIST_PRICE.search(self.text, clause.start, amount.start))

    def _ordinal(self, sentence: Segment, clause: Segment, amount, amounts) -> int | None:
        own = ordinal_of(self.text[clause.start:clause.end])
        if own is not None:
            return own
        before = list(ORDINAL.finditer(self.text, sentence.start, amount.start))
        setting = self._setting(sentence) if not before else None
        if setting is not None and ordinal_of(setting.text) is not None:
            return ordinal_of(setting.text)
        if before:
            last = before[-1]
            if any(last.end() <= a.start < amount.start for a in amounts):
                return None
            said = ordinal_of(last.group(0))
            if self.q_ordinal is not None and said != self.q_ordinal and len(self.amounts) == 1:
                # 第二次呢？—…说第一笔已经清查过了，…又转了三万元: the other one is only talked about
                return self.q_ordinal
            return said
        # 第二次呢？—一句话只讲一笔时，问话里的序数就是它的序数
        if self.q_ordinal is not None and len([a for a in self.amounts if not self._per_piece(a)]) == 1:
            return self.q_ordinal
        act = self._act_start(sentence)  # 最开始那次是某日。…金额是肆万叁仟元。: the ordinal opening the act
        if act is not None and act.start < sentence.start:
            return ordinal_of(self.text[act.start:act.end])
        return None

    def _confirms(self, amount) -> bool:
        """……中秋节那次送的是15万元，你确定吗？—确定，是十五万元: the answer repeats the figure
        the asker named for an occurrence told before."""
        question = self.st.question
        if self.asked or not (lx.RESTATE.search(question) or re.search(r"那(?:一)?(?:次|笔|回)", question)
                              or lx.PUT_FOR_ANSWER.search(question)):
            return False
        return any(a.value == amount.value for a in find_amounts(question))

    def _per_piece(self, amount) -> bool:
        return per_piece(self.text, amount.start, amount.end)

    def _when(self, event: Event, sentence: Segment, clause: Segment, amount) -> Segment | None:
        """Date (and time of day) the figure; the earlier sentence it is dated by, if any."""
        text = self.text
        dated_by = None
        found = self._date_in(sentence, clause, amount.start)
        if found is None:
            found = self._relative_date_in(sentence)
        if found is None:
            # 第二次是2022年11月2日。那天她…又转了壹万叁仟元: the setting sentence before it; 是2021年
            # 春节前…。那天晚上他到我家里来…。…里面是现金5万元: the scene set earlier in the answer,
            # as long as no other sum was told in between
            setting = self._setting(sentence)
            act = self._act_start(sentence)
            for earlier in reversed(_sentences(text, 0, sentence.start)):
                if any(earlier.start <= a.start < earlier.end for a in self.amounts):
                    break
                # the sentence just before, one referred back to (那天), or the answer's opening one
                # or one of the act told sentence by sentence (第三笔是某日。…交给了他一万元)
                opening = earlier.start == _first_sentence_start(text)
                refers = earlier == setting or _SAME_DAY.search(text, earlier.end, sentence.end) \
                    or opening and _ASKS_WHEN.search(self.st.question) \
                    or act is not None and earlier.start >= act.start \
                    or opening and _ASKS_WHAT_HAPPENED.search(self.st.question) \
                    and not _LATER.search(text, earlier.end, sentence.end)
                found = (self._date_in(earlier, earlier, earlier.end) or self._relative_date_in(earlier)) \
                    if refers else None
                if found is not None:
                    event.sentence = self.span(earlier.start, sentence.end)  # quoted together
                    dated_by = earlier
                    break
        event.date = found
        t = next((m for m in lx.TIME_OF_DAY.finditer(text, sentence.start, sentence.end) if lx.is_clock_time(m)), None)
        if t:
            event.time = self.value(t.start(), t.end(), t.group(0),
                                approx=bool(t.group("approx")), precision="time")
        return dated_by

    def _relative_date_in(self, sentence: Segment) -> Value | None:
        """上个月中旬 / 3月上旬 / 5月份: a time the record's date places (engine/answer/casefile/facts/when.py)."""
        m = lx.RELATIVE_DATE.search(self.text, sentence.start, sentence.end)
        if not (m and m.group(0)):
            m = lx.MONTH_PART.search(self.text, sentence.start, sentence.end)
        if m and m.group(0):
            return self.value(m.start(), m.end(), m.group(0), approx=True, precision="relative")
        return None

    def _act_start(self, sentence: Segment) -> Segment | None:
        """第二笔是3月上旬，具体哪天记不清了。我通过支付宝转的，户名是某某。转了六千元。: one occurrence
        told act by act — the sentence that opens its telling (its ordinal, or the answer's first when
        the question asks for the Nth: 第二笔呢？), when no other figure is told between it and this
        one. Its date, means, place and receiver are this figure's when its own sentence has none."""
        text = self.text
        if ORDINAL.search(text, sentence.start, sentence.end):
            return sentence if ORDINAL.search(text, sentence.start, sentence.start + 8) else None
        earlier = _sentences(text, 0, sentence.start)
        for back, seg in enumerate(reversed(earlier)):
            if back >= 4 or any(seg.start <= a.start < seg.end for a in self.amounts):
                return None
            opens = ORDINAL.search(text, seg.start, seg.end)
            if opens:
                # the opening names this occurrence (第三笔是…), not another one talked about
                return seg if opens.start() - seg.start <= 4 else None
            if seg.start == _first_sentence_start(text):
                return seg if self.q_ordinal is not None else None
        return None

    def _date_in(self, sentence: Segment, clause: Segment, at: int) -> Value | None:
        """The date of a figure at ``at``: a date in its clause, else the last one before it in the
        sentence, else the sentence's first; a festival (2021年春节前, 中秋节前一天) beats the bare
        year inside it and stands when no day is said."""
        dates = [d for d in self.dates if sentence.start <= d.start and d.end <= sentence.end
                 and d.meta.get("granularity") != "time"]
        in_clause = [d for d in dates if clause.start <= d.start < clause.end]
        before = [d for d in dates if d.end <= at]
        chosen = (in_clause or before[-1:] or dates[:1])
        festivals = [m for m in lx.FESTIVAL_DATE.finditer(self.text, sentence.start, sentence.end) if m.group("name")]
        festival = next((m for m in festivals if m.start() <= at), festivals[0] if festivals else None)
        if festival and (not chosen or chosen[0].meta.get("granularity") == "year"
                         and chosen[0].start < festival.end() and festival.start() < chosen[0].end):
            return self.value(festival.start(), festival.end(), festival.group(0), approx=True, precision="festival")
        if chosen:
            d = chosen[0]
            return self.value(d.start, d.end, d.value, approx=bool(d.meta.get("approx")), precision=d.meta.get("precision"))
        return None

    def _setting(self, sentence: Segment) -> Segment | None:
        """The sentence just before, when it states no amount of its own (it sets the scene)."""
        before = [s for s in _sentences(self.text, 0, sentence.start)]
        if not before:
            return None
        last = before[-1]
        if any(last.start <= a.start < last.end for a in self.amounts):
            return None
        short = len(re.sub(r"[^\u4e00-\u9fff\d]", "", last.text)) <= 16
        return last if short or ORDINAL.search(last.text) else None

    def _how(self, event: Event, sentence: Segment, amount) -> None:
        text = self.text
        # an act told sentence by sentence: how and where are said before the figure's sentence
        act = self._act_start(sentence)
        told = [sentence] + ([s for s in reversed(_sentences(text, act.start, sentence.start))] if act else [])
        for seg in told:
            # 在取款机上取了钱，进去以后给了他一万块: where the cash was drawn is not how it was handed over
            means = [m for m in lx.MEANS.finditer(text, seg.start, seg.end) if not self._drawn_at(seg, m, amount)
                     and not self._of_another_figure(seg, m, amount)]
            if means:
                # 用微信给我发了一笔转账，金额是…: the channel named, not the bare 转账 nearer the figure
                named = [m for m in means if m.group(0) not in _BARE_TRANSFER] or means
                m = min(named, key=lambda m: abs(m.start() - amount.start))
                event.means = self.value(m.start(), m.end(), m.group(0))
                break
        if event.means is None:
            event.means = self._asked_means()
        for seg in told:
            place = lx.PLACE.search(text, seg.start, seg.end)
            if place:
                event.place = self.value(place.start(), place.end(), place.group("place"))
                break

    def _of_another_figure(self, sentence: Segment, means: re.Match[str], amount) -> bool:
        """又转了30,000元买鱼油，另外还给了他六千八百元现金: a means named in another clause beside
        a figure of its own is how that figure was paid, not this one."""
        clause = next((c for c in _clauses(self.text, sentence) if c.start <= means.start() < c.end), None)
        if clause is None or clause.start <= amount.start < clause.end:
            return False
        if _OTHER_PORTION.match(self.text, clause.start):
            return True  # 在银行转了三万，剩下的六千八是现金给他的: the rest went by cash, not this figure
        return any(clause.start <= a.start < clause.end for a in self.amounts if a.start != amount.start)

    def _drawn_at(self, sentence: Segment, means: re.Match[str], amount) -> bool:
        """A means named in another clause than the figure's, one that tells money drawn out (取了钱)."""
        clause = next((c for c in _clauses(self.text, sentence) if c.start <= means.start() < c.end), None)
        if clause is None or clause.start <= amount.start < clause.end:
            return False
        rest = self.text[clause.start:means.start()] + self.text[means.end():clause.end]
        return bool(lx.WITHDRAW.search(rest))

    def _named_lost_later(self, sentence: Segment, amount) -> bool:
        """计价器上打表是38元，他下车帮忙，后来又去做笔录，车费我就没收: the income named again later
        in the sentence, with no other figure between, is said not to have been had."""
        lost = lx.INCOME_NAMED_LOST.search(self.text, amount.end, sentence.end)
        return lost is not None and not any(amount.end <= a.start < lost.start() for a in self.amounts)

    def _asked_means(self) -> Value | None:
        """问：他从你手里拿到的现金是8000元，你怎么说？答：…可能只给了他八千: the asker puts a figure
        with how it was paid and the answer, naming no means at all, tells that money again — the means
        is the asker's, quoted where the asker says it. One means only; never for an answer that names
        one of its own (it is then that answer's)."""
        st = self.st
        if self.asked or not st.question_span or not st.asked or lx.MEANS.search(self.text) \
                or not find_amounts(st.asked):
            return None
        said = list(lx.MEANS.finditer(st.asked))
        if len({m.group(0) for m in said}) != 1:
            return None
        m = said[0]
        start = st.question_span[0] + m.start()
        return Value(m.group(0), m.group(0), Anchor(st.chunk_id, start, start + len(m.group(0))))

    def _who(self, event: Event, sentence: Segment, clause: Segment) -> None:
        """Payer and payee: the sentence's subject (the first party named before the money verb,
        not after 给/向/往/从/到/替) and the party after 给/向/往/还/退/赔/到…的卡."""
        text = self.text[sentence.start:sentence.end]
        parties = self._parties(text)
        before = [p for p in parties if p.at < clause.start - sentence.start]
        own = [p for p in parties if clause.start - sentence.start <= p.at < clause.end - sentence.start]
        # The clause's own subject; an elliptical clause (也投了三万多) has the one before it.
        subject = next((p for p in own if not p.marked), None) or \
            next((p for p in reversed(before) if not p.marked and p.clause_start), None)
        behalf = re.search(r"(?:替|帮|代)(?:我|本人)", text)
        if behalf:  # 我父亲替我向公司退了: paid on the speaker's behalf
            subject = _Party("我", None, behalf.start())
        # the receiving party of this clause or one after it (…一共4万元，存到…户名某某), else any — never
        # one of a clause telling a figure of its own (一共十四万七千元，还了某某一万五千元: hers is the 15,000)
        theirs = [(c.start - sentence.start, c.end - sentence.start) for c in _clauses(self.text, sentence)
                  if c.start != clause.start and any(c.start <= a.start < c.end for a in self.amounts)]
        free = [p for p in parties if not any(lo <= p.at < hi for lo, hi in theirs)]
        payee = next((p for p in free if p.marker in _TO_MARKERS and p.at >= clause.start - sentence.start), None) \
            or next((p for p in free if p.marker in _TO_MARKERS), None)
        source = next((p for p in parties if p.marker == "从"), None)
        resolve = self._resolve
        given = next((p for p in own if p.marker == "给"), None)
        if event.kind == "take" and given is not None and subject is not None and subject.word != given.word \
                and not lx.KIND_CUES["take"].search(self.text, clause.start, clause.end):
            # 某某拿了多少？—我给了他3000元: the one given to took it, from the one who gave
            event.payee, event.payer = resolve(given.word), resolve(subject.word)
            return
        if event.kind == "take":  # 我从公司账户拿了…: the speaker took, the source lost it
            event.payee = resolve(subject.word) if subject else self.st.speaker
            event.payer = resolve(source.word) if source else None
            return
        received = next((p for p in parties if p.marker == "收到"), None)
        if received is not None and event.kind == "pay":  # 某某给我写了收条：“今收到某甲…款”: 某甲 paid the writer
            event.payer = resolve(received.word)
            event.payee = resolve(subject.word) if subject and subject.word != received.word else None
            return
        event.payer = resolve(subject.word) if subject else None
        event.payee = resolve(payee.word) if payee else None
        if event.payee is None and event.kind == "pay":  # 转到一个叫某某的支付宝账户: the account's owner
            owner = next((p for p in parties if p.marker == "的"
                          and _ACCOUNT.match(text, p.at + len(p.word) + 1)), None)
            if owner is not None and lx.DEPOSITED.search(text, 0, owner.at):
                event.payee = resolve(owner.word)
        holder = _HOLDER.search(text, clause.start - sentence.start)
        if holder and event.kind == "pay":  # 存到一个账户里，户名某某: the account's holder receives it
            event.payee = holder.group("name")
        act = self._act_start(sentence) if event.payee is None and event.kind == "pay" else None
        if act is not None:  # 第二笔…收款账户的户名是某某。转了六千元。: the holder told earlier in the act
            holder = _HOLDER.search(self.text, act.start, sentence.start)
            event.payee = holder.group("name") if holder else None
        lender = re.search(r"向(?:了)?(?P<who>[\u4e00-\u9fff]{1,8}?)借", text)
        if lender and event.measure == "loan":  # 向我妹妹范某借了两万元: she lent, the subject borrowed
            party = next((p for p in parties if p.at >= lender.start()), None)
            event.payer, event.payee = (resolve(party.word) if party else None), (
                resolve(subject.word) if subject else self.st.speaker)
        own_subject = subject is not None and clause.start - sentence.start <= subject.at < clause.end - sentence.start
        if self.frame and not own_subject and event.payee is None and event.kind in ("pay", "value"):
            # 汪某第二次给你送钱…？—我回家打开一看，里面是现金10万元: the asker's frame stands
            event.payer, event.payee = self.frame
        spouse = _SPOUSE.search(text)
        if spouse and event.payer and spouse.group("name").startswith(event.payer):
            # 缪老板的老婆阮某拿了现金…交给我: she paid for him
            event.behalf = self._principal(spouse.group("principal"))
        if event.payer and event.payee and event.payer == event.payee:
            event.payee = None

    def _principal(self, words: str) -> str | None:
        """某某 / 缪老板 / 王总: the file's person named so (by a familiar form: the one person of the
        file with that surname)."""
        named = next((n for n in self.known if words.endswith(n)), None)
        if named:
            return named
        title = _TITLE.search(words)
        if title:
            found = [n for n in self.known if n[0] == title.group("surname") and 2 <= len(n) <= 3]
            return found[0] if len(found) == 1 else None
        return None

    def _parties(self, text: str) -> list["_Party"]:
        names = sorted({*self.people, *([self.st.speaker] if self.st.speaker else [])}, key=len, reverse=True)
        words = "|".join(re.escape(n) for n in names if n)
        pattern = re.compile(rf"(?P<marker>给|向|往|还|退|赔|到|从|替|让|把|被|跟|和|与|听|户名(?:是|为|叫)?[:：]?)?(?:了)?"
                             rf"(?P<who>{words + '|' if words else ''}我们|我|他们|他|她们|她|你们|你|对方|"
                             rf"公司|单位|平台|银行|{_ORG_NAMED.pattern})(?P<kin>{KIN})?")
        found = []
        named_until = -1  # 我妹妹张丽: the name after the relation word is that same party
        for m in pattern.finditer(text):
            if m.start() < named_until:
                continue
            who, kin = m.group("who"), m.group("kin")
            if kin:  # 我妹妹张丽: the relative (by name when the name follows), not the speaker
                named = next((n for n in names if text.startswith(n, m.end())), None) or next(
                    (w for size in (3, 2) if looks_like_name(w := text[m.end():m.end() + size])), None)
                who = named or f"{who}{kin}"
                named_until = m.end() + len(named) if named else -1
            at = m.start()
            if who not in names and _ORG_NAMED.fullmatch(who) and not m.group("marker"):
                # an organisation is a party by its kind's name only as the one given to / taken from (在一家
                # 物流公司上班 is none); unmarked, only its plain word is (3月20日银行把…退回: 银行)
                plain = next((w for w in lx.PARTY_NOUNS if who.endswith(w)), None)
                if plain is None:
                    continue
                who, at = plain, m.end("who") - len(plain)
            if self.asked and _TELLS.match(text, m.end()):
                continue  # 同案人某某供述你分给他…: the one whose account is cited acts in none of it
            starts = at == 0 or text[at - 1] in "，,；;：:"
            marker = m.group("marker")
            if marker and marker.startswith("户名"):
                marker = "到"  # 存到一个账户里，户名某某: the account holder receives it
            elif marker == "到" and m.start() > 0 and text[m.start() - 1] in "收接领":
                marker = "收到"  # 今收到某某…款: the one it was received from
            if marker is None and not kin and (text.startswith("的", m.end()) or _TOPIC_SUM.match(text, m.end())):
                marker = "的"  # 白振宇的手机 / 某某这笔我给了他…: a possessor or the topic, not who acts
            found.append(_Party(who, marker, at, starts))
        return found

    def _resolve(self, word: str | None) -> str | None:
        if not word:
            return None
        if word in ("我", "我们"):
            return self.st.speaker
        if word in ("他", "她", "对方"):
            return self.counterpart
        if word in ("你", "你们", "他们", "她们"):
            return None
        if word.startswith("我") and len(word) > 1 and word not in self.people:
            return word  # 我老婆, 我父亲 (unnamed): a person of the speaker's side, by relation
        return word

    def _unsure(self, sentence: Segment) -> list[str]:
        fields: list[str] = []
        for clause in _clauses(self.text, sentence):
            if not lx.UNCERTAIN.search(self.text, clause.start, clause.end):
                continue
            about = [f for f, p in lx.UNSURE_ABOUT.items() if p.search(self.text, clause.start, clause.end)]
            fields.extend(about or ["value"])
        return list(dict.fromkeys(fields))

    def _period_span(self, sentence: Segment) -> tuple[str, str] | None:
        """从2021年4月开始…到2022年1月 (per-month amounts only): the first and last month."""
        window = self.text[sentence.start:min(len(self.text), sentence.end + 60)]
        if not re.search(r"每(?:个)?月", window):
            return None
        months = [str(d.value)[:7] for d in find_dates(window) if re.fullmatch(r"\d{4}-\d{2}(?:-\d{2})?", str(d.value))]
        if len(months) < 2 or months_between(months[0], months[1]) is None:
            return None
        return months[0], months[1]

    def _count(self, sentence: Segment, within: Segment) -> Event | None:
        """一共给了三次 / 赔了两次: how many movements, with their kind."""
        text = self.text
        match = COUNT.search(text, within.start, within.end)
        if not match or ORDINAL.search(text, max(sentence.start, match.start() - 1), match.end()):
            return None
        value = parse_number(match.group(1))
        if value is None:
            return None
        clause = next((c for c in _clauses(text, sentence) if c.start <= match.start() < c.end), sentence)
        kind = question_kind(text[clause.start:clause.end]) or question_kind(
            text[sentence.start:sentence.end]) or self.q_kind
        if kind is None:
            return None
        event = Event(id=self.next_id(), kind=kind, role="count", statement=self.st.index,
                      sentence=self.anchor(sentence), session=self.st.session,
                      words=text[sentence.start:sentence.end], count=int(value))
        return event

    def corrections(self) -> list[Correction]:
        """A correction: the answer says a value was wrong, or the asker restates an earlier value to
        have it confirmed and the answer gives another one."""
        text, question = self.text, self.st.question
        restated = bool(lx.RESTATE.search(question))
        found: list[Correction] = []
        corrected: set[int] = set()  # the sentences that corrected a value
        sentences = _sentences(text, 0, len(text))
        for n, sentence in enumerate(sentences):
            cue = lx.CORRECTION.search(text, sentence.start, sentence.end)
            # 第四笔上次说错了。…9月8日那笔是24,000.00元，不是两万元: the cue in the sentence before,
            # or a value said to be wrong (不是X) beside the one said now
            before = sentences[n - 1] if n else None
            # …unless the sentence before corrected a value of its own (第二批不是那天送到的，是10月15日
            # 才送到的。我只欠五万元: the cue is spent there, the sum after it is no correction)
            cue_before = before is not None and lx.CORRECTION.search(text, before.start, before.end) \
                and not any(before.start <= a.start < before.end for a in self.amounts) \
                and n - 1 not in corrected
            # a figure said to be wrong (不是X): an amount, or a quantity (只收到五百箱，不是六百箱)
            olds = any(self._is_old(a.start, a.end, sentence) for a in [*self.amounts, *self.quantities]
                       if sentence.start <= a.start < sentence.end)
            if not (cue or cue_before or olds) and not (restated and sentence.start == _first_sentence_start(text)):
                continue
            count = len(found)
            found.extend(self._quantity_corrections(sentence))
            for field, new, old in self._changed_values(sentence, question if restated else "",
                                                        cue_before=bool(cue_before)):
                # 第三笔应该是…: the occurrence it corrects, when the sentence (or question) names one
                ordinal = ordinal_of(text[sentence.start:sentence.end]) or \
                    (ordinal_of(before.text) if cue_before else None) or ordinal_of(question)
                found.append(Correction(field, old, new, self.st.index, question if restated else "",
                                        ordinal=ordinal, sentence=self.anchor(sentence)))
            if len(found) == count and olds and n + 1 < len(sentences):
                found.extend(self._told_next(sentence, sentences[n + 1]))
            if len(found) > count:
                corrected.add(n)
        return found

    def _told_next(self, sentence: Segment, following: Segment) -> list[Correction]:
        """上次说…花了一千二百元，是我记错了。我找到了小票，是1,680元，每饼840元: a sentence taking back
        the sum it says again and telling none in its stead — the first sum of the next sentence is the
        figure said now (a price per piece, 每饼840元, is none; a sentence telling another act, 又/另外, or
        correcting on its own, neither)."""
        text = self.text
        old = next((a for a in self.amounts if sentence.start <= a.start < sentence.end
                    and self._is_old(a.start, a.end, sentence)), None)
        if old is None or lx.CORRECTION.search(text, following.start, following.end) \
                or lx.AGAIN.search(text, following.start, following.end):
            return []
        new = next((a for a in self.amounts if following.start <= a.start < following.end
                    and not _PER_PIECE.search(text[max(following.start, a.start - 4):a.start])), None)
        if new is None or self._is_old(new.start, new.end, following):
            return []
        return [Correction("amount", self.value(old.start, old.end, Decimal(str(old.value))),
                           self.value(new.start, new.end, Decimal(str(new.value)), approx=bool(new.meta.get("approx"))),
                           self.st.index, sentence=self.anchor(following))]

    def _quantity_corrections(self, sentence: Segment) -> list[Correction]:
        """重量是36吨，起诉状中写的38吨是笔误: the figure said to be wrong, and the one said now."""
        said = [q for q in self.quantities if sentence.start <= q.start < sentence.end]
        found = []
        for old in [q for q in said if self._is_old(q.start, q.end, sentence)]:
            unit = old.meta["unit"]
            new = next((q for q in said if q.meta["unit"] == unit and not self._is_old(q.start, q.end, sentence)), None)
            found.append(Correction(
                "quantity", self.value(old.start, old.end, Decimal(str(old.value))),
                self.value(new.start, new.end, Decimal(str(new.value))) if new else None, self.st.index,
                sentence=self.anchor(sentence), unit=str(unit),
                clerical=bool(lx.CLERICAL.search(self.text, old.end, min(sentence.end, old.end + 8)))))
        return found

    def _is_old(self, start: int, end: int, sentence: Segment) -> bool:
        """The value said to be wrong: 不是X, 前面说的X不对, X是说错了."""
        text = self.text
        before = text[max(sentence.start, start - 8):start]
        after = text[end:min(sentence.end, end + 6)]
        return bool(_NOT_BEFORE.search(text[max(sentence.start, start - 6):start])
                    or lx.SAID_BEFORE.search(before) or lx.WRONG_AFTER.match(after)) or self._taken_back(start, end)

    def _taken_back(self, start: int, end: int) -> bool:
        """上次说某某一共给了我两万元，我刚才说错了: a figure the sentence says was told before, then wrong —
        the one figure between the two, so the new one told after it is not taken."""
        text = self.text
        opened = max(text.rfind(ch, 0, start) for ch in "。！？!?") + 1
        closed = min((i for i in (text.find(ch, end) for ch in "。！？!?") if i >= 0), default=len(text))
        told = None
        for told in lx.TOLD_EARLIER.finditer(text, opened, start):
            pass
        if told is None or any(told.end() <= a.start and a.end <= start for a in self.amounts if a.start != start):
            return False
        return bool(lx.CORRECTION.search(text, end, closed)) and not any(end <= a.start < closed for a in self.amounts)

    def _changed_values(self, sentence: Segment, restated: str, cue_before: bool = False):
        text = self.text
        amounts = [a for a in self.amounts if sentence.start <= a.start < sentence.end]
        news = [a for a in amounts if not self._is_old(a.start, a.end, sentence)]
        olds = [a for a in amounts if a not in news]
        cue = lx.CORRECTION.search(text, sentence.start, sentence.end)
        if news and (olds or restated or cue_before or cue):
            # 电脑九百元，烟七百元，无人机……刚才说错了，…是两千八百元: the figures before the cue are others'
            new = next((a for a in news if cue is not None and a.start >= cue.end()), news[0])
            old = None
            if olds:
                old = self.value(olds[0].start, olds[0].end, Decimal(str(olds[0].value)))
            elif restated and (said := find_amounts(restated)):
                old = Value(Decimal(str(said[0].value)), said[0].text, _QUESTION_ANCHOR)
            yield "amount", self.value(new.start, new.end,
                                       Decimal(str(new.value)), approx=bool(new.meta.get("approx"))), old
            return
        dates = [d for d in self.dates if sentence.start <= d.start < sentence.end
                 and d.meta.get("granularity") != "time"]
        if dates:
            new_dates = [d for d in dates if not self._is_old(d.start, d.end, sentence)] or dates
            old_here = [d for d in dates if d not in new_dates]
            d = new_dates[0]
            old = None
            if old_here:
                o = old_here[0]
                old = self.value(o.start, o.end, o.value, precision=o.meta.get("precision"))
            elif restated and (said := find_dates(restated)):
                old = Value(said[0].value, said[0].text, _QUESTION_ANCHOR)
            yield "date", self.value(d.start, d.end, d.value,
                                     approx=bool(d.meta.get("approx")), precision=d.meta.get("precision")), old
            return
        t = next((m for m in lx.TIME_OF_DAY.finditer(text, sentence.start, sentence.end) if lx.is_clock_time(m)), None)
        if t:
            old_t = lx.TIME_OF_DAY.search(restated) if restated else None
            old = Value(old_t.group(0), old_t.group(0), _QUESTION_ANCHOR) if old_t else None
            yield "time", self.value(t.start(), t.end(), t.group(0),
                                     approx=bool(t.group("approx")), precision="time"), old


# 不是三万二 / 不是卖了两千三: the value corrected away, a verb at most between
_NOT_BEFORE = re.compile(r"(?<![是还])不是[^，,。；;\d]{0,3}$")
# the figure a price per piece: 每饼840元 / 每台 / 每个
_PER_PIECE = re.compile(r"每[^，,。；;\d]{0,3}$|单价$")


def months_between(first: str, last: str) -> int | None:
    """Months from ``first`` to ``last`` (ISO YYYY-MM), both counted: 2021-04..2022-01 → 10."""
    try:
        span = (int(last[:4]) - int(first[:4])) * 12 + int(last[5:7]) - int(first[5:7]) + 1
    except ValueError:
        return None
    return span if 1 <= span <= 600 else None


def _first_sentence_start(text: str) -> int:
    """Where the answer proper starts: its first sentence, after a bare 有。/是的。/对。"""
    sentences = _sentences(text, 0, len(text))
    for sentence in sentences:
        if len(re.sub(r"[^\u4e00-\u9fff\d]", "", sentence.text)) > 3:
            return sentence.start
    return sentences[0].start if sentences else 0


# jieba reads 转给某甲伍仟元 as a name 某甲伍, 某乙知道 as 某乙知: a known name plus a numeral or a
# verb is not one.
_NOT_A_NAME_TAIL = frozenset("一二三四五六七八九十两壹贰叁肆伍陆柒捌玖拾百千万道说讲问要给让叫受打和跟知想看听")


def whole_names(names) -> list[str]:
    """Names without jieba's cuts across a boundary: 某乙知 (某乙知道), 钱罗 (…的钱罗小川)."""
    names = list(dict.fromkeys(names))
    return [n for n in names if not (len(n) == 3 and n[:2] in names and n[2] in _NOT_A_NAME_TAIL)
            and not (len(n) == 2 and any(len(m) >= 3 and m.startswith(n[1]) for m in names))]


def known_people(statements: list[Statement]) -> tuple[str, ...]:
    """Names the record uses: its speakers and the names it repeats (recurring_names)."""
    text = "\n".join(s.question + "\n" + s.answer for s in statements)
    speakers = [s.speaker for s in statements if s.speaker]
    asked = [n for s in statements for n in party_names(s.question)]  # 你和熊蕾以前认识吗
    # 代理“斌哥”: a familiar name the record quotes again and again is someone's name
    return tuple(dict.fromkeys([*speakers, *recurring_names(text), *asked, *quoted_familiar_names(text)]))


def other_party(statements: list[Statement], known: tuple[str, ...] = ()) -> str | None:
    """The person the statements name most often, other than the ones answering."""
    speakers = {s.speaker for s in statements if s.speaker}
    counts: dict[str, int] = {}
    for statement in statements:
        if statement.kind != "qa":
            continue
        said = statement.question + "\n" + statement.answer
        for name in dict.fromkeys([n for n in known if n in said] + names_in(said)):
            if not any(name in sp or sp in name for sp in speakers):
                counts[name] = counts.get(name, 0) + 1
    return max(counts, key=counts.get) if counts else None


def _reads_put(put: Put | None, read_out: bool) -> bool:
    """Whether the asker's figures are read as rows: a document read out (as before) unless the
    answer denies it outright; facts put otherwise (经核算…, 根据记录显示…, 你前面说…是不是) only when
    the answer confirms or hedges them, or when they are another person's account (a version)."""
    if put is None:
        return read_out
    if put.stance == "deny":
        return False
    return read_out or put.stance in ("confirm", "hedge") or put.told_by is not None


def _put_rows(rows: list[Event], put: Put | None) -> list[Event]:
    """The asker's rows marked with the answer's stand: confirmed (with the words), hedged (its
    figures approximate), or another person's account (``told_by``)."""
    if put is None:
        return rows
    for row in rows:
        if put.stance in ("confirm", "hedge"):
            row.confirmed = confirmation_note(put.how, put.words, put.stance == "hedge")
            if put.stance == "hedge" and row.amount is not None:
                row.amount.approx = True  # 差不多就是这个数: the figure stands, with its hedge
        elif put.told_by:
            row.told_by = put.told_by
    return rows


def read_events(statements: Iterable[Statement]) -> tuple[list[Event], list[Correction]]:
    counter = iter(range(1, 1_000_000))

    def next_id() -> str:
        return f"L{next(counter)}"

    statements = list(statements)
    known = known_people(statements)
    other = other_party(statements, known)
    events: list[Event] = []
    corrections: list[Correction] = []
    topic = None
    for statement in statements:
        if statement.kind != "qa":
            continue
        reader = _Reader(statement, next_id, other, known, topic)
        topic = reader.q_kind or (topic if is_follow_up(statement.question) else None)
        put = put_to_speaker(statement.question, statement.answer, reader.people)
        cited = put.told_by if put and put.told_by and looks_like_name(put.told_by) else None
        mine = known if cited is None or cited in known else (*known, cited)
        if mine is not known:  # 同案人某某供述你分给他…—我只给了他…: 他 is the one cited
            reader = _Reader(statement, next_id, other, mine, topic)
        read_out = bool(lx.READS_OUT.search(statement.question)) and not lx.RESTATE.search(statement.question)
        if statement.asked and statement.question_span and _reads_put(put, read_out):
            events.extend(_put_rows(_Reader(statement, next_id, other, mine, asked=True).events(), put))
        events.extend(reader.events())
        if put is None or not put.told_by:  # 他可能记错了: of the cited account, no correction of the speaker's
            corrections.extend(reader.corrections())
    return events, corrections
