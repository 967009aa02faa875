"""Money events, counts and corrections read from the statements of a case file."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Iterable

from engine.ledger import lexicon as lx
from engine.ledger.model import Anchor, Correction, Event, Statement, Value
from engine.text.dates import find_dates
from engine.text.lines import joined_view
from engine.text.names import names_in, party_names, recurring_names
from engine.text.numbers import find_amounts, parse_number
from engine.text.segments import Segment, split

# An old value the asker restated (你刚才说…): it is in the question, not in an answer span.
_QUESTION_ANCHOR = Anchor("", 0, 0)
_SENTENCE_END = re.compile(r"[。！？；!?;]+[”’」』）)]*")
_CLAUSE_END = re.compile(r"[，、：]|(?<!\d)[,:]|[,:](?!\d)")
PERIOD_COUNT = re.compile(r"([一二三四五六七八九十两\d]{1,3})\s*个(?:月|季度)")
ORDINAL = re.compile(r"(?:第([一二三四五六七八九十两\d]{1,3})|首|头一|最开始那?一?|最早那?一?|最初那?一?)(?:次|笔|期|回|趟)")
COUNT = re.compile(r"(?:一共|总共|共|前后|先后)?(?:[\u4e00-\u9fff]{0,4}?)(?<![第头这那上下每首没不后])(?<!没有)([一二三四五六七八九十两\d]{1,3})(?:次|笔|回|趟)")


def _sentences(text: str, start: int, end: int) -> list[Segment]:
    return split(text, start, end, _SENTENCE_END)


def _clauses(text: str, sentence: Segment) -> list[Segment]:
    return split(text, sentence.start, sentence.end, _CLAUSE_END) or [sentence]


def ordinal_of(text: str) -> int | None:
    found = [m for m in ORDINAL.finditer(text)]
    if len(found) != 1:
        return None
    match = found[0]
    if match.group(1) is None:
        return 1
    value = parse_number(match.group(1))
    return int(value) if value is not None else None


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
    for lo, hi in ((clause.start, at), (sentence.start, at)):
        best, best_pos = None, -1
        for kind, pattern in lx.KIND_CUES.items():
            m = _nearest_before(pattern, text, lo, hi)
            # a specific verb beats a generic one in the same stretch (转回给她: 转回 says what)
            better = best is None or (best in lx.GENERIC_KINDS and kind not in lx.GENERIC_KINDS) or (
                (kind in lx.GENERIC_KINDS) == (best in lx.GENERIC_KINDS) and m is not None and m.start() > best_pos)
            if m is not None and better:
                best, best_pos = kind, m.start()
        if best is not None:
            return best
    for kind, pattern in lx.KIND_CUES.items():
        if pattern.search(text, end_at, clause.end):
            return kind
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


def question_kind(text: str) -> str | None:
    """The most specific kind a question's words name (两次赔偿分别是… → compensation); questions
    use bare verbs (最后一笔是什么时候给的, 转了几次) that statements rarely do."""
    for cues in (lx.KIND_CUES, lx.QUESTION_VERBS):
        for kind, pattern in cues.items():
            if kind not in lx.GENERIC_KINDS and pattern.search(text):
                return kind
        if cues["pay"].search(text):
            return "pay"
    return None


UNSAID_KIND = "money"  # resolved to the file's main kind of movement when the ledger is built
MONEY_QUESTION = re.compile(r"钱|款|元|多少|金额")
_TO_MARKERS = frozenset({"给", "向", "往", "还", "退", "赔", "到"})


KIN = r"(?:父亲|母亲|爸爸|妈妈|老婆|妻子|丈夫|老公|儿子|女儿|哥哥|姐姐|弟弟|妹妹|表妹|表弟|表哥|表姐|朋友|同事|邻居|亲戚|家里人|家人)"


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
    """Reads one statement's answer; offsets into the answer are shifted by ``base`` to chunk text."""

    def __init__(self, statement: Statement, next_id, other_party: str | None = None,
                 known: tuple[str, ...] = (), topic: str | None = None):
        self.st = statement
        # Values are read on the answer with the PDF's line breaks joined (2024年1\n月3日 is a
        # date), and every span is mapped back to the chunk text for quotes and boxes.
        self.text, self.where = joined_view(statement.answer, tight=True)
        self.base = statement.answer_offset
        self.next_id = next_id
        self.amounts = find_amounts(self.text)
        self.dates = [d for d in find_dates(self.text)]
        # 第二次呢？/ 第一次呢？ carry on the question before them: its kind is theirs
        self.q_kind = question_kind(statement.question) or (topic if is_follow_up(statement.question) else None)
        self.q_ordinal = ordinal_of(statement.question)
        said = statement.question + "\n" + self.text
        found = [n for n in known if n in said] + names_in(said)
        self.people = [n for n in dict.fromkeys(found)
                       if not (statement.speaker and (n in statement.speaker or statement.speaker in n))]
        asked = [n for n in self.people if n in statement.question]
        # 他/她 in an answer: the person its question names, else one the answer names, else the
        # person the whole file talks about most (the victim in a suspect's record and vice versa)
        self.counterpart = (asked or self.people or [other_party])[0]

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
            for amount in amounts:
                event = self._event(sentence, amount, amounts)
                if event is not None:
                    found.append(event)
            for clause in _clauses(self.text, sentence):  # 还过一次，…还了我5000元: the count clause
                if not any(clause.start <= a.start < clause.end for a in amounts):
                    count = self._count(sentence, clause)
                    if count is not None:
                        found.append(count)
                        break
        return found

    def _event(self, sentence: Segment, amount, amounts) -> Event | None:
        text = self.text
        clause = next((c for c in _clauses(text, sentence) if c.start <= amount.start < c.end), sentence)
        if self._is_old(amount.start, amount.end, clause):
            return None  # 不是三万二 / 前面说的21000块钱不对: a correction's old value, not a row
        kind = kind_at(text, clause, sentence, amount.start, amount.end)
        if kind == "take" and lx.PASSED_ON.search(text, amount.end, sentence.end):
            kind = "pay"  # 拿了1.2万元现金交到公司前台: brought and handed over
        elif kind == "take" and self.q_kind != "take" and not lx.TAKE_CONTEXT.search(text, sentence.start, amount.start) \
                and lx.AMBIGUOUS_TAKE.search(text, clause.start, amount.start):
            kind = None  # 拿了 with no source named: read from the question below
        someone_elses = any(f"{p}的" in text[sentence.start:sentence.end] for p in self.people)
        if kind == "pay" and lx.TO_ONESELF.search(text, sentence.start, sentence.end) \
                and (lx.TAKE_CONTEXT.search(text, sentence.start, sentence.end) or someone_elses):
            kind = "take"  # 用网银从公司账户转了8500元到我自己的卡上: moved to oneself
        # The question's kind stands for the answer's when the answer answers it directly (its
        # first sentence, or one giving the asked occurrence): 两次赔偿分别是…？—第一次…转给他伍仟元
        direct = sentence.start == _first_sentence_start(text) or self._ordinal(sentence, clause, amount, amounts)
        if kind in lx.GENERIC_KINDS and self.q_kind and self.q_kind not in lx.GENERIC_KINDS:
            kind = self.q_kind  # 你赔了她多少钱？—…把现金9,500元交给了她: handing over is how it was paid
        elif direct and kind is None:
            kind = self.q_kind
        if kind is None and direct and MONEY_QUESTION.search(self.st.question) and (
                lx.TOTAL.search(text, clause.start, amount.start) or lx.BALANCE.search(text, clause.start, amount.start)):
            kind = UNSAID_KIND  # 三笔一共多少钱？—一共九万二千元: the total of whatever was asked about
        if kind is None:
            return None  # 我自己留了八千元: money named, nothing said to move
        before = text[clause.start:amount.start]
        sentence_before = text[sentence.start:amount.start]
        role = "event"
        if kind in ("cost", "demand"):
            role = kind
        if lx.AGREED.search(sentence_before[-16:]) and kind in ("compensation", "repay", "pay") and \
                not lx.BALANCE.search(before):
            role = "agreed"  # 调解时说好了总共赔38500块钱: what is owed under the agreement
        elif lx.BALANCE.search(before) or (lx.BALANCE.search(sentence_before[-12:]) and not lx.TOTAL.search(before)):
            role = "balance"
        elif lx.REMAINDER.search(before):
            role = "remainder"
        elif lx.PERIODIC.search(before):
            role = "periodic"
        elif (lx.TOTAL.search(before) or lx.TOTAL.search(text, clause.start, clause.end) and len(amounts) == 1) \
                and not ORDINAL.search(text, sentence.start, sentence.end):
            # 最开始那次…一共肆万叁仟元: with one occurrence named, 一共 is that occurrence's sum
            role = "total" if role == "event" else role
        event = Event(id=self.next_id(), kind=kind, role=role, statement=self.st.index,
                      sentence=self.anchor(sentence), session=self.st.session,
                      words=text[clause.start:clause.end])
        event.amount = self.value(amount.start, amount.end,
                              Decimal(str(amount.value)), approx=bool(amount.meta.get("approx")))
        event.currency = str(amount.meta.get("currency") or "CNY")
        event.principal = True if lx.PRINCIPAL.search(text, sentence.start, sentence.end) and kind != "interest" \
            else (False if kind == "interest" else None)
        event.ordinal = self._ordinal(sentence, clause, amount, amounts)
        self._when(event, sentence, clause, amount)
        self._how(event, sentence, amount)
        self._who(event, sentence, clause)
        event.uncertain = self._unsure(sentence)
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
            if not any(last.end() <= a.start < amount.start for a in amounts):
                return ordinal_of(last.group(0))
            return None
        # 第二次呢？—一句话只讲一笔时，问话里的序数就是它的序数
        if self.q_ordinal is not None and len(self.amounts) == 1:
            return self.q_ordinal
        return None

    def _when(self, event: Event, sentence: Segment, clause: Segment, amount) -> None:
        text = self.text
        dates = [d for d in self.dates if sentence.start <= d.start and d.end <= sentence.end
                 and d.meta.get("granularity") != "time"]
        in_clause = [d for d in dates if clause.start <= d.start < clause.end]
        before = [d for d in dates if d.end <= amount.start]
        chosen = (in_clause or before[-1:] or dates[:1])
        if chosen:
            d = chosen[0]
            event.date = self.value(d.start, d.end, d.value,
                                approx=bool(d.meta.get("approx")), precision=d.meta.get("precision"))
        else:
            m = lx.RELATIVE_DATE.search(text, sentence.start, sentence.end)
            if m and m.group(0):
                event.date = self.value(m.start(), m.end(), m.group(0),
                                    approx=True, precision="relative")
            else:  # 第二次是2022年11月2日。那天她…又转了壹万叁仟元: the setting sentence before it
                setting = self._setting(sentence)
                if setting is not None:
                    d = next((d for d in self.dates if setting.start <= d.start < setting.end
                              and d.meta.get("granularity") != "time"), None)
                    if d is not None:
                        event.date = self.value(d.start, d.end, d.value, approx=bool(d.meta.get("approx")),
                                                precision=d.meta.get("precision"))
                        event.sentence = self.span(setting.start, sentence.end)  # quoted together
        t = next((m for m in lx.TIME_OF_DAY.finditer(text, sentence.start, sentence.end) if lx.is_clock_time(m)), None)
        if t:
            event.time = self.value(t.start(), t.end(), t.group(0),
                                approx=bool(t.group("approx")), precision="time")

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
        means = list(lx.MEANS.finditer(text, sentence.start, sentence.end))
        if means:
            m = min(means, key=lambda m: abs(m.start() - amount.start))
            event.means = self.value(m.start(), m.end(), m.group(0))
        place = lx.PLACE.search(text, sentence.start, sentence.end)
        if place:
            event.place = self.value(place.start(), place.end(),
                                 place.group("place"))

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
        payee = next((p for p in parties if p.marker in _TO_MARKERS), None)
        source = next((p for p in parties if p.marker == "从"), None)
        resolve = self._resolve
        if event.kind == "take":  # 我从公司账户拿了…: the speaker took, the source lost it
            event.payee = resolve(subject.word) if subject else self.st.speaker
            event.payer = resolve(source.word) if source else None
            return
        event.payer = resolve(subject.word) if subject else None
        event.payee = resolve(payee.word) if payee else None
        if event.payer and event.payee and event.payer == event.payee:
            event.payee = None

    def _parties(self, text: str) -> list["_Party"]:
        names = sorted({*self.people, *([self.st.speaker] if self.st.speaker else [])}, key=len, reverse=True)
        words = "|".join(re.escape(n) for n in names if n)
        pattern = re.compile(rf"(?P<marker>给|向|往|还|退|赔|到|从|替|让|把|被|跟|和|与|听)?(?:了)?"
                             rf"(?P<who>{words + '|' if words else ''}我们|我|他们|他|她们|她|你们|你|对方|"
                             rf"公司|单位|平台)(?P<kin>{KIN})?")
        found = []
        for m in pattern.finditer(text):
            who, kin = m.group("who"), m.group("kin")
            if kin:  # 我妹妹张丽: the relative (by name when the name follows), not the speaker
                named = next((n for n in names if text.startswith(n, m.end())), None)
                who = named or f"{who}{kin}"
            starts = m.start() == 0 or text[m.start() - 1] in "，,；;：:"
            marker = m.group("marker")
            if marker is None and text.startswith("的", m.end()) and not kin:
                marker = "的"  # 白振宇的手机: a possessor, not who acts
            found.append(_Party(who, marker, m.start(), starts))
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
        for sentence in _sentences(text, 0, len(text)):
            cue = lx.CORRECTION.search(text, sentence.start, sentence.end)
            if not cue and not (restated and sentence.start == _first_sentence_start(text)):
                continue
            for field, new, old in self._changed_values(sentence, question if restated else ""):
                # 第三笔应该是…: the occurrence it corrects, when the sentence (or question) names one
                ordinal = ordinal_of(text[sentence.start:sentence.end]) or ordinal_of(question)
                found.append(Correction(field, old, new, self.st.index, question if restated else "",
                                        ordinal=ordinal, sentence=self.anchor(sentence)))
        return found

    def _is_old(self, start: int, end: int, sentence: Segment) -> bool:
        """The value said to be wrong: 不是X, 前面说的X不对, X是说错了."""
        text = self.text
        before = text[max(sentence.start, start - 8):start]
        after = text[end:min(sentence.end, end + 6)]
        return bool(lx.NOT_VALUE.search(text, max(sentence.start, start - 3), start)
                    or lx.SAID_BEFORE.search(before) or lx.WRONG_AFTER.match(after))

    def _changed_values(self, sentence: Segment, restated: str):
        text = self.text
        amounts = [a for a in self.amounts if sentence.start <= a.start < sentence.end]
        news = [a for a in amounts if not self._is_old(a.start, a.end, sentence)]
        olds = [a for a in amounts if a not in news]
        if news and (olds or restated or lx.CORRECTION.search(text, sentence.start, sentence.end)):
            new = news[0]
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


def months_between(first: str, last: str) -> int | None:
    """Months from ``first`` to ``last`` (ISO YYYY-MM), both counted: 2021-04..2022-01 → 10."""
    try:
        span = (int(last[:4]) - int(first[:4])) * 12 + int(last[5:7]) - int(first[5:7]) + 1
    except ValueError:
        return None
    return span if 1 <= span <= 600 else None


def _first_sentence_start(text: str) -> int:
    first = _sentences(text, 0, len(text))
    return first[0].start if first else 0


def known_people(statements: list[Statement]) -> tuple[str, ...]:
    """Names the record uses: its speakers and the names it repeats (recurring_names)."""
    text = "\n".join(s.question + "\n" + s.answer for s in statements)
    speakers = [s.speaker for s in statements if s.speaker]
    asked = [n for s in statements for n in party_names(s.question)]  # 你和熊蕾以前认识吗
    return tuple(dict.fromkeys([*speakers, *recurring_names(text), *asked]))


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
        events.extend(reader.events())
        corrections.extend(reader.corrections())
    return events, corrections
