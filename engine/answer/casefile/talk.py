"""Questions answered by what was said rather than by a ledger row: yes/no, who, what, where, why,
when something other than a payment happened, and lists of evidence.

The statement that answers is the one whose question and answer share the most with the user's
question (weighted by how specific each word is in this file), helped by the hybrid search score
of its chunk. Its answer decides: a verdict for yes/no, a quote otherwise — unless the speaker
says they do not know what is asked (a gap), or nothing in the file is about the question
(not found, never a loosely related quote).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.answer.casefile.about import (act_at, confirmed_assertion, mentions, object_hit, objects_of, position,
                                          side_of, speaks_of, word_hit)
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import UNCLEAR_PHRASE, Conflict, Gap
from engine.question import CasePlan, Slot
from engine.answer.wording import chinese_count, quoted
from engine.ledger import Anchor, Statement
from engine.ledger.lexicon import CORRECTION, PLACE, RESTATE, TIME_OF_DAY, UNCERTAIN, UNSURE_ABOUT, is_clock_time
from engine.text.dates import find_dates
from engine.text.names import names_in, titled_names
from engine.text.segments import Segment, split, trimmed
from engine.text.refs import find_statute_refs

_SENTENCE_END = re.compile(r"[。！？；!?;]+")
_CLAUSE_END = re.compile(r"[，,：:]")  # not 、: 叫什么名字、住在哪里我都不知道 shares its predicate
NEGATION = re.compile(r"^(?:没有|没|不是|不|未|否|无|从来没|从没|从未|并没|并不|还没)")
AFFIRMATION = re.compile(r"^(?:是的?|对|有|嗯|认识|知道|会|属实|确实|当然|同意|愿意|可以|承认|[\u4e00-\u9fff][了过](?:[，。,]|$))")
RELATIVES = re.compile(r"表妹|表弟|表哥|表姐|堂[兄弟姐妹]|妹妹|弟弟|哥哥|姐姐|父亲|母亲|爸爸|妈妈|老婆|妻子|丈夫|"
                       r"儿子|女儿|朋友|同事|邻居|老板|业务员|会计|出纳|经理|司机|老乡|同学|亲戚")
# Words that name the asked slot rather than the subject (什么时间, 什么地点): not content.
SLOT_NOUNS = frozenset("时间 地点 日期 金额 方式 名字 姓名 地方 时候 数额 次数 号码".split())
# How far the best statement must match before it is taken to be about the question at all.
MIN_MATCH = 0.34
# Words too general to say what a question is about (they occur in almost every answer).
GENERAL = frozenset("当时 后来 现在 以前 之前 之后 情况 事情 具体 一下 时候 问题 这个 那个 什么 东西 知道 说".split())


@dataclass
class Match:
    statement: Statement
    score: float
    coverage: float  # share of the question's weight found in the statement
    similar: float = 0.0  # how close the asker's own question is to the user's (bigram overlap)
    speaks: bool = True  # the statement is about the asked act and things (about.py)
    told: bool | None = None  # it names the asked occurrence (第一次是…: True) or another one (False)
    about: bool = False  # it holds the asked act (of the asked thing): about the question whatever its words


def _bigrams(text: str) -> set[str]:
    chars = re.sub(r"[^\u4e00-\u9fffA-Za-z0-9]", "", text)
    return {chars[i:i + 2] for i in range(len(chars) - 1)}


def _dice(a: set[str], b: set[str]) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


# Words of an evidence request, not of what it is about (有哪些证据表明…).
REQUEST_WORDS = frozenset("证据 表明 证明 说明 显示 反映 材料 依据 根据 能够 可以".split())


def _weights(plan: CasePlan, case: Case | None = None) -> dict[str, float]:
    """Each content word of the question, nouns double, weighted by how few statements of this file
    use it (a word every answer has — the company's name — says little about which one answers)."""
    content = [t for t in plan.question.terms if t not in GENERAL and t not in REQUEST_WORDS
               and (len(t) > 1 or t in plan.question.verbs)]
    # slot nouns (时间, 姓名) say what is asked, not about what — unless nothing else is said
    words = [t for t in content if t not in SLOT_NOUNS] or content
    if case is not None:  # pieces of a name (谢 / 志远) are who, not what
        people = case.people()
        words = [w for w in words if not any(w in p for p in people)]
    weights = {w: (2.0 if w in plan.question.nouns else 1.0) * (0.5 if len(w) == 1 else 1.0) for w in words}
    head = _head(plan)
    if head in weights:  # 恒信财富的老板叫什么: 老板 is what is asked about
        weights[head] *= 2.0
    if case is not None:
        said = [s.question + s.answer for s in case.ledger.statements if s.kind != "header"]
        n = len(said) or 1
        for w in weights:
            df = sum(1 for text in said if word_hit(w, text) > 0)
            weights[w] *= math.log((n + 1) / (df + 0.5)) / math.log(n + 1)
    return weights


def _head(plan: CasePlan) -> str | None:
    from engine.answer.casefile.heads import asked_head

    return asked_head(plan)


def _effective_question(case: Case, statement: Statement) -> str:
    """后来呢？/ 然后呢？ carry on the question before them."""
    asked = statement.question
    if statement.kind != "header" and len(re.sub(r"[^\u4e00-\u9fff]", "", asked)) <= 5 and statement.index > 0:
        previous = case.ledger.statements[statement.index - 1]
        if previous.kind != "header":
            return previous.question + asked
    return asked


def substantive(plan: CasePlan, case: Case) -> bool:
    """The question names an act a statement can be checked against (about.speaks_of) — not the
    asker's saying (援引了哪条法律), which the statement's words show rather than name."""
    return bool(plan.focus.acts) and not plan.asker_said


def _ordinal_said(statement: Statement) -> int | None:
    """The occurrence a statement is about, as it says: 第二次是… (its answer's opening), else its question."""
    from engine.ledger.extract import ordinal_of

    opening = _sentences(statement)[:1]
    said = ordinal_of(opening[0].text) if opening else None
    return said if said is not None else ordinal_of(statement.question)


def speaks_for(statement: Statement, party: str) -> bool:
    """The statement is in the words of that party (a name, or a role: 原告委托诉讼代理人 speaks for 原告)."""
    return side_of(statement.speaker) == party or statement.speaker == party


def rank_statements(case: Case, plan: CasePlan) -> list[Match]:
    weights = _weights(plan, case)
    total = sum(weights.values()) or 1.0
    matches = []
    names = case.named_in(plan.text, plan.names)
    people = case.people()
    checked = substantive(plan, case)
    things = objects_of(plan, people, case.doc_text)
    asked_bigrams = _bigrams(plan.text)
    subject = plan.focus.roles[0] if plan.focus.roles else None
    for statement in case.ledger.statements:
        if not statement.answer.strip():
            continue
        asked, said = _effective_question(case, statement), statement.answer
        if plan.asker_said:  # what the questioning side said: their words are the evidence
            asked, said = statement.question, ""
        got = 0.0
        for word, weight in weights.items():
            got += weight * max(word_hit(word, asked), 0.8 * word_hit(word, said))
        coverage = got / total
        if statement.kind == "header":  # its many fields match many words: only a clear match counts
            coverage *= 0.6
        similar = _dice(asked_bigrams, _bigrams(statement.question)) if statement.kind != "header" else 0.0
        speaks = not checked or speaks_of(plan, asked, said, things)
        score = coverage + 0.5 * case.retrieval.get(statement.chunk_id, 0.0) + 0.4 * similar
        if checked and speaks:
            score += 0.2
        others = [n for n in people if n in asked + said and n not in names
                  and not any(n in k or k in n for k in names) and n != statement.speaker]
        if names and not any(n in asked + said or n == statement.speaker for n in names) and others:
            score -= 0.3  # about someone else
        elif names and any(n in asked and n != statement.speaker for n in names):
            score += 0.1  # asked about the person the question names
        told = None
        if plan.ordinal is not None and plan.kind is None:  # 第二次抢劫: that occurrence, not another
            occurrence = _ordinal_said(statement)
            told = None if occurrence is None else occurrence == plan.ordinal
            score += 0.2 if told else -0.3 if told is False else 0.0
        if subject and side_of(statement.speaker) == subject:
            score += 0.1  # 被告收到…了吗: the defendant's own account
        matches.append(Match(statement, score, coverage, similar, speaks, told, checked and speaks))
    if plan.focus.said_by:  # 原告说…: only that party's words answer
        matches = [m for m in matches if speaks_for(m.statement, plan.focus.said_by)]
    matches.sort(key=lambda m: -m.score)
    return matches


_LINE_END = re.compile(r"[。！？；!?;]+|\n")


def _sentences(statement: Statement) -> list[Segment]:
    """Sentences of an answer; a header's lines (时间：… / 到案经过：…) are its sentences."""
    pattern = _LINE_END if statement.kind == "header" else _SENTENCE_END
    return split(statement.answer, 0, len(statement.answer), pattern)


def _anchor(statement: Statement, seg: Segment) -> Anchor:
    return Anchor(statement.chunk_id, statement.answer_offset + seg.start, statement.answer_offset + seg.end)


def _best_sentence(plan: CasePlan, statement: Statement, prefer=None) -> Segment | None:
    best, best_score = None, -1.0
    for i, sentence in enumerate(_sentences(statement)):
        score = sum(word_hit(t, sentence.text) for t in plan.question.terms if t not in GENERAL)
        if prefer is not None and prefer(sentence.text):
            score += 1.5
        if plan.focus.acts and act_at(plan, sentence.text, main=True) >= 0:
            score += 1.0  # 童海是在…卸货以后签的字: the sentence telling the asked act
        score += 0.3 if i == 0 else 0.0
        if score > best_score:
            best, best_score = sentence, score
    return best


def _unsure_about(text: str, slot: Slot) -> bool:
    """A clause saying 不知道/记不清 about the asked slot (她投了多少我不清楚 is about an amount)."""
    wanted = {Slot.PERSON: ("person",), Slot.PLACE: ("place",), Slot.DATE: ("date",),
              Slot.AMOUNT: ("amount",), Slot.COUNT: ("count",), Slot.TEXT: ("which", "place", "person")}
    for clause in split(text, 0, len(text), _CLAUSE_END) or [Segment(0, len(text), text)]:
        if not UNCERTAIN.search(clause.text):
            continue
        about = [k for k, p in UNSURE_ABOUT.items() if p.search(clause.text)]
        if not about or any(k in about for k in wanted.get(slot, ())):
            return True
    return False


def qualifies(match: Match) -> bool:
    """About the question: its words are there, or some are and the search ranks it high too, or
    the asker asked nearly the same question."""
    return match.coverage >= MIN_MATCH or (match.coverage >= MIN_MATCH / 2 and match.score >= 0.65) \
        or match.similar >= 0.5 or bool(match.told) or match.about


def candidates(case: Case, plan: CasePlan, matches: list[Match], limit: int = 4) -> list[Match]:
    """The close best statements that are about the question: qualifying, within reach of the best,
    and — when the question names an act or a thing — speaking of it. None: the file does not say."""
    close = [m for m in matches if qualifies(m) and m.told is not False]
    if substantive(plan, case):
        close = [m for m in close if m.speaks]
    if not close:
        return []
    best = close[0].score
    close = [m for m in close[:limit] if m.score >= best - 0.35]
    return sorted(close, key=lambda m: not m.told)  # the statement telling that occurrence first


def answer_talk(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    patient = plan.focus.patient
    if patient and case.absent(patient) and not object_hit(patient, case.doc_text):
        # 他把刀扔到哪里了: the file never names a 刀 (nor a thing of its kind)
        for slot in plan.slots:
            outcome.add(Part(f"「{patient}」相关内容", "", Fill.MISSING))
        return
    matches = rank_statements(case, plan)
    chosen = candidates(case, plan, matches)
    if not chosen:  # nothing in the file speaks of it: not found, never a quote about something else
        for slot in plan.slots:
            outcome.add(Part("相关内容", "", Fill.MISSING))
        return
    if plan.asker_said:
        outcome.add(_asker_quote(case, plan, chosen[0]))
        return
    for slot in plan.slots:
        if slot is Slot.YESNO:
            outcome.add(_yes_no(case, plan, chosen, outcome))
        elif slot in (Slot.DATE, Slot.PLACE):
            outcome.add(_when_where(case, plan, chosen, slot, outcome))
        elif slot is Slot.TIME:
            outcome.add(_time_of_day(case, plan, chosen, outcome))
        else:
            outcome.add(_quote(case, plan, chosen, slot, outcome))


def _asker_quote(case: Case, plan: CasePlan, match: Match) -> Part:
    """The asker's own sentence that answers (讯问开始时援引了哪条法律 → the opening question)."""
    statement = match.statement
    if statement.question_span is None:
        return Part("内容", "", Fill.MISSING)
    text = case.sources[statement.chunk_id].chunk.text
    start, end = statement.question_span
    pieces = split(text, start, end, _SENTENCE_END)
    if plan.law:  # 援引了哪部法律的哪一条: only a sentence that cites an article answers it
        pieces = [p for p in pieces if find_statute_refs(p.text)] or pieces
    weights = _weights(plan, case)
    best = max(pieces, key=lambda p: sum(word_hit(t, p.text) for t in weights), default=None)
    if best is None:
        return Part("内容", "", Fill.MISSING)
    cited = case.cite(Anchor(statement.chunk_id, best.start, best.end))
    return Part("内容", f"讯问（询问）人员说：{quoted(best.text)}（{cited}）", Fill.FILLED, [cited])


def _gap(case: Case, statement: Statement, sentence: Segment, outcome: Outcome, label: str) -> Part:
    cited = case.cite(_anchor(statement, sentence))
    outcome.gaps.append(Gap(f"{UNCLEAR_PHRASE}：{quoted(sentence.text)}", [cited]))
    return Part(label, f"{UNCLEAR_PHRASE}：{quoted(sentence.text)}（{cited}），材料未给出确切答案",
                Fill.UNSURE, [cited])


@dataclass
class Verdict:
    """What one statement says to a yes/no question: 是 / 否, or None when the speaker does not know."""

    value: str | None
    statement: Statement
    sentence: Segment  # in the answer
    asked: Segment | None = None  # the asker's words it confirms (chunk offsets), when those decide


_KNOWING = ("知道", "清楚", "记得", "明白", "了解", "认识")


def _knowing(plan: CasePlan) -> bool:
    """你知道…吗: not knowing is then the answer, not a gap."""
    return any(k in plan.question.terms or k in plan.question.verbs for k in _KNOWING)


def _flip(plan: CasePlan, value: str) -> str:
    """A question asking of the act's absence (是不是没有还): a denial of the act answers 是."""
    if plan.focus.negated and not plan.focus.remainder:
        return "否" if value == "是" else "是"
    return value


def _verdict(case: Case, plan: CasePlan, statement: Statement) -> Verdict | None:
    sentences = _sentences(statement)
    if not sentences:
        return None
    first = sentences[0]
    opening = trimmed(first.text, 0, len(first.text))
    asked = _effective_question(case, statement)
    to_the_act = not plan.focus.acts or act_at(plan, asked) >= 0
    if confirmed_assertion(statement) and to_the_act:  # …经鉴定为轻微伤，你知道吗？—知道。
        assertion = _assertion(case, plan, statement)
        if assertion is not None and act_at(plan, assertion.text) >= 0:
            said = mentions(plan, assertion.text)
            value = "否" if said and said[0].negated else "是"
            return Verdict(_flip(plan, value), statement, first, asked=assertion)
    if opening and to_the_act:  # a bare verdict on the very act asked: 有。/ 没有，… / 不是，是…
        if NEGATION.match(opening.text) or _replaces(plan, opening.text):
            return Verdict(_flip(plan, "否"), statement, first)
        if AFFIRMATION.match(opening.text) and not UNCERTAIN.search(opening.text):
            return Verdict(_flip(plan, "是"), statement, first)
    if to_the_act and UNCERTAIN.search(first.text) and not _knowing(plan):
        return Verdict(None, statement, first)
    for mention in mentions(plan, statement.answer):
        if mention.irrealis:
            continue  # 劝我叫个代驾: proposed, not done
        if _own_act(plan, statement, mention):
            continue  # 肇事车停了吗？—我赶紧停车…: the speaker's own act, not the one asked of
        if UNCERTAIN.search(mention.clause.text) and not _knowing(plan):
            return Verdict(None, statement, mention.sentence)
        if mention.settled is not None:  # 还有…没拿到吗 — 已经全部结清了
            return Verdict("否" if mention.settled else "是", statement, mention.sentence)
        return Verdict(_flip(plan, "否" if mention.negated else "是"), statement, mention.sentence)
    if not plan.focus.acts:
        return _key_verdict(plan, statement)
    return None


def _own_act(plan: CasePlan, statement: Statement, mention) -> bool:
    """The clause tells the speaker's own act (我停下车) while the question asks it of someone or
    something else it names (肇事车, a person other than the speaker)."""
    subject = plan.focus.subject
    if not subject or subject == statement.speaker or side_of(statement.speaker) == subject:
        return False
    at = act_at(plan, mention.clause.text)
    before = mention.clause.text[:at] if at >= 0 else ""
    return bool(re.search(r"我(?!们)(?![^被让叫]*被)", before))


def _key_verdict(plan: CasePlan, statement: Statement) -> Verdict | None:
    """No act to look for (他是你表哥吗): the first sentence holding a word of the question, negated
    when a negation stands right before it."""
    knowing = [k for k in _KNOWING if k in plan.question.terms or k in plan.question.verbs]
    key = knowing + [t for t in plan.question.terms if t not in GENERAL and word_hit(t, statement.answer) > 0]
    for sentence in _sentences(statement):
        hits = [position(k, sentence.text) for k in key]
        at = min((h for h in hits if h >= 0), default=-1)
        if at >= 0:
            before = sentence.text[max(0, at - 3):at]
            return Verdict("否" if re.search(r"没有?|不|未", before) else "是", statement, sentence)
    return None


def _assertion(case: Case, plan: CasePlan, statement: Statement, slot: Slot | None = None) -> Segment | None:
    """The asker's sentence (chunk offsets) that states the asked act — or holds the asked slot — and
    that the answer confirms."""
    if statement.question_span is None:
        return None
    text = case.sources[statement.chunk_id].chunk.text
    start, end = statement.question_span
    for piece in split(text, start, end, _SENTENCE_END):
        if (slot is None or _has_slot(piece.text, slot, case.people())) and \
                (not plan.focus.acts or act_at(plan, piece.text) >= 0):
            return piece
    return None


def _confirmed_part(case: Case, statement: Statement, asked: Segment, label: str, verdict: str | None = None) -> Part:
    """The asker's statement of a fact and the answer confirming it, cited as one passage."""
    first = _sentences(statement)[0]
    anchor = Anchor(statement.chunk_id, asked.start, statement.answer_offset + first.end)
    cited = case.cite(anchor)
    lead = f"{verdict}（{cited}：" if verdict else "材料显示（讯问人员所述，被问人确认）："
    text = f"{lead}{quoted(case.text_of(anchor))}" + ("）" if verdict else f"（{cited}）")
    return Part(label, text, Fill.FILLED, [cited])


def _yes_no(case: Case, plan: CasePlan, chosen: list[Match], outcome: Outcome) -> Part:
    """The verdict of the best statement that gives one; for 有没有人… any affirming account."""
    verdicts = [v for v in (_verdict(case, plan, m.statement) for m in chosen) if v is not None]
    if not verdicts:
        return Part("是否", "", Fill.MISSING)
    decisive = verdicts[0]
    if plan.focus.existential:
        decisive = next((v for v in verdicts if v.value == "是"), decisive)
    statement, sentence = decisive.statement, decisive.sentence
    if decisive.value is None:
        return _gap(case, statement, sentence, outcome, "是否")
    if decisive.asked is not None:
        return _confirmed_part(case, statement, decisive.asked, "是否", decisive.value)
    # Quote the verdict with its reason: the sentence that decides and, if that is a bare 不是/有,
    # the next one.
    sentences = _sentences(statement)
    shown = sentence
    at = next((i for i, s in enumerate(sentences) if s.start == sentence.start), None)
    if len(sentence.text) <= 6 and at is not None and len(sentences) > at + 1:
        nxt = sentences[at + 1]
        shown = Segment(sentence.start, nxt.end, statement.answer[sentence.start:nxt.end])
    cited = case.cite(_anchor(statement, shown))
    part = Part("是否", f"{decisive.value}（{cited}：{quoted(shown.text)}）", Fill.FILLED, [cited])
    if decisive.value == "是":  # 有没有…帮过忙: every account that affirms it, not only the first
        for other in verdicts:
            if other.value == "是" and other.asked is None and other.statement.index != statement.index \
                    and len(part.evidence) < 3:
                more = case.cite(_anchor(other.statement, other.sentence))
                part.text = part.text[:-1] + f"；{more}：{quoted(other.sentence.text)}）"
                part.evidence.append(more)
    return part


# What an attacker held or used, as statements say it (拿起桌上的啤酒瓶, 用拳头).
INSTRUMENT = re.compile(r"(?:拿起|拿着|拿了|抄起|操起|掏出|握着|持|用)[^，。；]{0,8}?"
                        r"(?:瓶|刀|棍|棒|砖|石头?|锤|铁|管|凳|椅|杯|斧|枪|板|锹|铲|绳|拳头?|脚|手机|烟灰缸|器)")


def _replaces(plan: CasePlan, answer: str) -> bool:
    """A cleft answer (是X…的) to a cleft question (是Y的吗) that names something else in Y's place."""
    if not re.search(r"是[^，。？?]{1,12}的吗|是不是", plan.text):
        return False
    cleft = re.match(r"是(?![的，。,])([^，。,]{2,30})的?", answer)
    if not cleft:
        return False
    content = [t for t in plan.question.terms if len(t) > 1 and t not in GENERAL]
    return bool(content) and not any(t in cleft.group(1) for t in content)  # the very words, not their acts


# A length of time as said (逾期17天, 暂扣了6个月) — not a rate's unit (每逾期一日).
DURATION_SAID = re.compile(r"(?<![每月\d.一二三四五六七八九十两])(?:[\d.]+|[一二三四五六七八九十两半几多]+)(?:个)?"
                           r"(?:天|(?<![\d一二三四五六七八九十])日|周|星期|个月|(?<=个)月|年(?!\d|[一二三四五六七八九十]+月)|小时|分钟)")


def _has_slot(text: str, slot: Slot, people: list[str] = ()) -> bool:
    """The text holds a value of the slot (a person: a name jieba knows, one the file names, a
    relative or a title)."""
    if slot is Slot.INSTRUMENT:
        return bool(INSTRUMENT.search(text))
    if slot is Slot.ACCOUNT:
        return bool(re.search(r"卡|账户|账号|银行", text))
    if slot is Slot.PERSON:
        return bool(names_in(text) or titled_names(text) or any(p in text for p in people) or RELATIVES.search(text) or re.search(r"[\u4e00-\u9fff]{1,2}总|小[\u4e00-\u9fff]", text))
    if slot is Slot.PLACE:
        return bool(PLACE.search(text))
    if slot is Slot.DURATION:
        return any(not re.search(r"每", clause) for clause in re.split(r"[，,]", text) if DURATION_SAID.search(clause))
    return True


# An answer this short is quoted whole: its sentences answer together (受了什么伤 → 缝了七针。鉴定是轻伤二级。).
WHOLE_ANSWER = 80


def _about_first(plan: CasePlan, pieces: list[Segment], weights: dict[str, float]) -> list[Segment]:
    """Sentences holding the asked act first, then by how much of the question they say."""
    return sorted(pieces, key=lambda p: (act_at(plan, p.text) < 0, -sum(word_hit(t, p.text) for t in weights)))


def _quote(case: Case, plan: CasePlan, chosen: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The first of the close best statements whose answer holds the asked slot (or whose asker
    stated it and the answer confirms); a statement saying it does not know the asked thing is a
    gap; otherwise missing."""
    label = {Slot.PERSON: "人员", Slot.PLACE: "地点", Slot.DURATION: "期限", Slot.INSTRUMENT: "所用物品",
             Slot.ACCOUNT: "账户"}.get(slot, "内容")
    for match in chosen:
        statement = match.statement
        sentence = _best_sentence(plan, statement, prefer=lambda t: _has_slot(t, slot, case.people()))
        if sentence is None:
            continue
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, slot)), None)
        if unsure is not None:
            return _gap(case, statement, unsure, outcome, label)
        if not _has_slot(sentence.text, slot, case.people()):
            assertion = _assertion(case, plan, statement, slot) if confirmed_assertion(statement) else None
            if assertion is not None:
                return _confirmed_part(case, statement, assertion, label)
            continue
        answer = trimmed(statement.answer, 0, len(statement.answer))
        shown = answer if answer and len(answer.text) <= WHOLE_ANSWER else sentence
        if slot is Slot.TEXT and shown is sentence:
            shown = _act_passage(plan, statement, sentence)
        cited = case.cite(_anchor(statement, shown))
        return Part(label, f"材料显示：{quoted(shown.text)}（{cited}）", Fill.FILLED, [cited])
    return Part(label, "", Fill.MISSING)


# The longest passage quoted for what happened (抢了哪些东西): the sentences telling the act.
LONGEST_PASSAGE = 200


def _act_passage(plan: CasePlan, statement: Statement, sentence: Segment) -> Segment:
    """What happened, as told: from the first to the last sentence of the answer holding the asked
    act (拿了一部手机和一个钱包。…金项链，就一把扯了下来), when that is not too long."""
    told = [s for s in _sentences(statement) if act_at(plan, s.text) >= 0]
    if len(told) < 2 or told[-1].end - told[0].start > LONGEST_PASSAGE:
        return sentence
    return Segment(told[0].start, told[-1].end, statement.answer[told[0].start:told[-1].end])


def _when_where(case: Case, plan: CasePlan, chosen: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The date (or place) of an event that is not a payment (打架发生在什么时间): from the
    statement a correction of its time points back to (你刚才说打架是晚上十点左右 — the account that
    said so), else from the best-matching statements that state one — a sentence telling the asked
    act of the asked thing first (签订《…合同》 beats 签收日期), never one denying it (我不是4月27日送到的);
    the correction is a conflict."""
    label = "时间" if slot is Slot.DATE else "地点"
    anchored = _corrected_statements(case, plan)
    ranked = [m.statement.index for m in chosen[:3]]
    weights = _weights(plan, case)
    statements = [case.statement(i) for i in dict.fromkeys(anchored + ranked)]
    if statements and statements[0].index == (ranked[:1] or [None])[0]:
        first = statements[0]
        unsure = next((s for s in _sentences(first) if _unsure_about(s.text, slot)), None)
        if unsure is not None:
            return _gap(case, first, unsure, outcome, label)
    pieces = []
    for rank, statement in enumerate(statements):
        for order, sentence in enumerate(_about_first(plan, _sentences(statement), weights)):
            pieces.append((_tells(plan, case, sentence.text), rank, order, statement, sentence))
    for _, _, _, statement, sentence in sorted(pieces, key=lambda p: (-p[0], p[1], p[2])):
        if slot is Slot.DATE:
            dates = _dates_of_act(plan, sentence.text)
            if not dates:
                continue
            cited = case.cite(_anchor(statement, sentence))
            part = Part(label, f"{label}：{dates[0].text}（{cited}：{quoted(sentence.text)}）", Fill.FILLED, [cited])
            _time_conflict(case, plan, part, outcome)
            # the same act dated differently: by another party of a hearing (each named), by another
            # account of that occurrence (第二次…), or in another statement using the same verb
            for conflict in (_party_conflict, _occurrence_conflict, _date_conflict):
                if part.fill is not Fill.CONFLICT:
                    conflict(case, plan, statement, sentence, str(dates[0].value), part, outcome)
            return part
        place = PLACE.search(sentence.text) or PUT_AWAY.search(sentence.text)
        if place:
            cited = case.cite(_anchor(statement, sentence))
            return Part(label, f"{label}：{place.group('place')}（{cited}）", Fill.FILLED, [cited])
    return Part(label, "", Fill.MISSING)


# Where a thing was put, thrown or hidden (扔进了路边的垃圾桶, 藏在床底下).
PUT_AWAY = re.compile(r"(?:扔|丢|放|藏|埋|塞|扔掉|丢掉)(?:进|到|在|入)了?(?P<place>[\u4e00-\u9fff]{1,12}?"
                      r"(?:桶|箱|河|湖|江|沟|井|柜|屉|包|池|坑|丛|堆|车上|家里|下面|底下|旁边|边上|里))")


def _dates_of_act(plan: CasePlan, text: str):
    """The dates of a sentence, the one in the clause telling the asked act first (合同于1月8日签订，
    3月20日才送到工地: 送到 is 3月20日)."""
    dates = [d for d in find_dates(text) if d.meta.get("granularity") != "time"]
    told = [m for m in mentions(plan, text) if not m.negated and not m.irrealis]
    near = [d for d in dates if any(m.clause.start <= d.start < m.clause.end for m in told)]
    return near + [d for d in dates if d not in near]


def _tells(plan: CasePlan, case: Case, text: str) -> int:
    """How plainly a sentence tells the asked act: 2 with one of the asked things in the same
    clause, 1 the act alone, 0 neither (the statement's question may still make it the answer) —
    and -1 when it only denies it (我不是4月27日送到的)."""
    said = [m for m in mentions(plan, text) if not m.irrealis]
    if not plan.focus.acts or not said:
        return 0
    if all(m.negated for m in said):
        return -1
    things = objects_of(plan, case.people())
    return 2 if any(o in m.clause.text.replace("\n", "") for m in said if not m.negated for o in things) else 1


def _party_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: str,
                    part: Part, outcome: Outcome) -> None:
    """A hearing's parties dating the asked act differently (原告: 4月27日才运到工地; 被告: 我4月18日就
    送到了): each party's version, attributed, as a conflict. A clause only denying a date (我不是
    4月27日送到的) is no version of its own."""
    mine = side_of(statement.speaker)
    for other in case.ledger.statements:
        if other.kind == "header" or side_of(other.speaker) in (None, mine) or statement.speaker is None:
            continue
        for mention in mentions(plan, other.answer):
            if mention.negated or mention.irrealis or mention.settled is not None:
                continue
            # the very act word (送到), or the asked thing beside a kindred one (签字 is not 签订《合同》)
            if not (any(len(a) >= 2 and a in mention.clause.text for a in plan.focus.acts)
                    or _tells(plan, case, mention.sentence.text) == 2):
                continue
            dates = [d for d in _dates_of_act(plan, mention.sentence.text) if d.meta.get("granularity") == "day"]
            if not dates or _compatible(str(dates[0].value), value):
                continue
            other_id = case.cite(_anchor(other, mention.sentence))
            ids = [part.evidence[0], other_id]
            said = f"{statement.speaker}称{value}（{ids[0]}），{other.speaker}称{dates[0].text}（{other_id}）"
            outcome.conflicts.append(Conflict("testimony", f"各方说法不一：{said}", ids))
            part.text = part.text.replace("：", f"：{statement.speaker}称", 1) + \
                f"；{other.speaker}称{dates[0].text}（{other_id}），各方说法不一，需人工核实"
            part.fill = Fill.CONFLICT
            part.evidence.append(other_id)
            return


def _time_of_day(case: Case, plan: CasePlan, chosen: list[Match], outcome: Outcome) -> Part:
    """几点: the clock time said in the best statements, the sentence holding the asked act first
    (我被拦下来的时候…是23时42分)."""
    weights = _weights(plan, case)
    for rank, match in enumerate(chosen[:3]):
        statement = match.statement
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, Slot.DATE)), None)
        if unsure is not None and rank == 0:
            return _gap(case, statement, unsure, outcome, "时间")
        for sentence in _about_first(plan, _sentences(statement), weights):
            clock = next((m for m in TIME_OF_DAY.finditer(sentence.text) if is_clock_time(m)), None)
            if clock is None:
                continue
            cited = case.cite(_anchor(statement, sentence))
            return Part("时间", f"时间：{clock.group(0)}（{cited}：{quoted(sentence.text)}）", Fill.FILLED, [cited])
    return Part("时间", "", Fill.MISSING)


def _occurrence_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: str,
                         part: Part, outcome: Outcome) -> None:
    """第二次抢劫是哪一天: another statement about the same occurrence (telling the same 第N次 and
    speaking of the same act) dating it differently — a correction or a slip — is a conflict
    naming both."""
    if plan.ordinal is None or plan.kind is not None:
        return
    things = objects_of(plan, case.people(), case.doc_text)
    for other in case.ledger.statements:
        if other.kind == "header" or other.index == statement.index or _ordinal_said(other) != plan.ordinal:
            continue
        # a correction of that occurrence need not name the act again (我记错了，第二次是…)
        if not speaks_of(plan, _effective_question(case, other), other.answer, things) and \
                not CORRECTION.search(other.answer) and not RESTATE.search(other.question):
            continue
        for piece in _sentences(other):
            dates = [d for d in find_dates(piece.text) if d.meta.get("granularity") == "day"]
            if not dates or _compatible(str(dates[0].value), value):
                continue
            other_id = case.cite(_anchor(other, piece))
            ids = [part.evidence[0], other_id]
            said = f"{ids[0]}称{value}，{other_id}称{dates[0].text}"
            outcome.conflicts.append(Conflict("testimony", f"第{chinese_count(plan.ordinal)}次的时间说法不一：{said}", ids))
            part.text += f"；另有陈述称{dates[0].text}（{other_id}），说法不一，需人工核实"
            part.fill = Fill.CONFLICT
            part.evidence.append(other_id)
            return


def _corrected_statements(case: Case, plan: CasePlan) -> list[int]:
    """Statements whose time a later correction about the question's subject restates."""
    found = []
    for correction in case.ledger.corrections:
        if correction.field == "time" and correction.restated and \
                any(word_hit(t, correction.restated) >= 0.8 for t in _weights(plan, case)):
            original = _said_before(case, correction)
            if original is not None:
                found.extend(s.index for s in case.ledger.statements if s.chunk_id == original.chunk_id)
    return found


def _compatible(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)  # 2022-11 and 2022-11-02 do not contradict


def _date_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: str,
                   part: Part, outcome: Outcome) -> None:
    """Another statement dating the same act differently (我是2022年3月…认识她的 / 2022年5月我们在群里
    认识以后): both dates, as a conflict. The act is the question's verb, found in both clauses."""
    acts = [w for w in plan.question.verbs if len(w) >= 2 and w not in GENERAL and w in sentence.text]
    if not acts:
        return
    for other in case.ledger.statements:
        if other.kind == "header" or other.index == statement.index:
            continue
        for piece in _sentences(other):
            for clause in split(piece.text, 0, len(piece.text), _CLAUSE_END) or [piece]:
                if not any(a in clause.text for a in acts):
                    continue
                dates = [d for d in find_dates(clause.text) if d.meta.get("granularity") != "time"]
                if not dates or _compatible(str(dates[0].value), value):
                    continue
                other_id = case.cite(_anchor(other, piece))
                ids = [part.evidence[0], other_id]
                said = f"{ids[0]}称{value}，{other_id}称{dates[0].text}"
                outcome.conflicts.append(Conflict("testimony", f"关于「{acts[0]}」的时间说法不一：{said}", ids))
                part.text += f"；另有陈述称{dates[0].text}（{other_id}），说法不一，需人工核实"
                part.fill = Fill.CONFLICT
                part.evidence.append(other_id)
                return


def _time_conflict(case: Case, plan: CasePlan, part: Part, outcome: Outcome) -> None:
    """你刚才说打架是晚上十点左右，确定吗？—应该是十一点多: both times, as a conflict."""
    for correction in case.ledger.corrections:
        if correction.field != "time" or not correction.restated:
            continue
        if not any(word_hit(t, correction.restated) >= 0.8 for t in _weights(plan, case)):
            continue
        original = _said_before(case, correction)
        new_id = case.cite(correction.new.anchor)
        said = [f"{new_id}称{correction.new.text}"]
        ids = [new_id]
        if original is not None:
            old_id = case.cite(original)
            said.insert(0, f"{old_id}称{case.text_of(original)}")
            ids.insert(0, old_id)
        description = f"时间说法不一：{'；'.join(said)}"
        outcome.conflicts.append(Conflict("testimony", description, ids))
        part.text += f"；具体时刻说法不一：{'；'.join(said)}，需人工核实"
        part.fill = Fill.CONFLICT
        part.evidence.extend(ids)


def _said_before(case: Case, correction) -> Anchor | None:
    old = correction.old.text if correction.old else None
    if not old:
        return None
    core = re.sub(r"^(?:凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜|深夜)", "", old)
    for statement in case.ledger.statements[:correction.statement]:
        if statement.kind != "qa":
            continue
        for m in TIME_OF_DAY.finditer(statement.answer):
            if is_clock_time(m) and core and core in m.group(0):
                return Anchor(statement.chunk_id, statement.answer_offset + m.start(),
                              statement.answer_offset + m.end())
    return None


def answer_evidence(case: Case, plan: CasePlan, outcome: Outcome, limit: int = 4) -> None:
    """有哪些证据表明…: the statements that bear on it, each with its best sentence."""
    # Ranked by words and search together: the question's words are often not the file's
    # (悔罪表现 vs 我很后悔, 公开宣传 vs 发传单、开讲座).
    ranked = rank_statements(case, plan)
    matches = [m for m in ranked if m.coverage > 0 or case.retrieval.get(m.statement.chunk_id, 0.0) >= 0.5][:limit]
    if not matches:
        outcome.add(Part("相关证据", "", Fill.MISSING))
        return
    lines, ids = [], []
    if MONEY_WORDS.search(plan.text):  # 证据表明X把钱交给了Y: the ledger's rows of that money come first
        for event in _money_rows(case, plan)[:3]:
            cited = case.cite_event(event)
            if cited not in ids:
                ids.append(cited)
                lines.append(f"{cited}：{quoted(case.text_of(event.sentence))}")
    for match in sorted(matches, key=lambda m: m.statement.index):
        sentence = _best_sentence(plan, match.statement)
        if sentence is None or len(lines) >= limit + 2:
            continue
        cited = case.cite(_anchor(match.statement, sentence))
        if cited in ids:
            continue
        ids.append(cited)
        lines.append(f"{cited}：{quoted(sentence.text)}")
    outcome.add(Part("相关证据", "相关证据：" + "；".join(lines), Fill.FILLED, ids))


MONEY_WORDS = re.compile(r"钱|款|元|资金|财物|转账")


def _money_rows(case: Case, plan: CasePlan) -> list:
    """The movements of the money an evidence question is about: of the kind it names, else the
    file's main kind, involving the people it names when it names any."""
    from engine.answer.casefile.money import dominant_kind
    from engine.ledger.extract import question_kind

    kind = question_kind(plan.text) or dominant_kind(case)
    names = [n for n in plan.names if n in case.doc_text]
    rows = [e for e in case.ledger.events if e.role == "event" and not e.corrects and e.kind == kind]
    if names:
        rows = [e for e in rows if not (e.payer or e.payee) or any(
            n in (e.payer or "") or n in (e.payee or "") or (e.payer or "") in n for n in names)] or rows
    return rows


def answer_amount_by_talk(case: Case, plan: CasePlan, outcome: Outcome, about: str | None = None) -> None:
    """An amount the ledger does not hold as a movement (我自己留了八千元左右, 她朋友没有投): the
    best-matching statement's sentence that carries an amount, or says the act did not happen.
    ``about``: someone outside the case's money flow — only what is said of them answers, from
    the sentence naming them on (听说X也被她骗了，被骗了多少我不知道)."""
    from engine.text.numbers import find_amounts

    matches = rank_statements(case, plan)
    if about:
        matches = [m for m in matches if about in m.statement.answer or about in m.statement.question]
    elif matches and not qualifies(matches[0]):
        matches = []
    if not matches:
        outcome.add(Part("金额", "", Fill.MISSING))
        return
    best = matches[0].score
    acts = [w for w in _weights(plan, case) if w in plan.question.verbs]
    chosen = matches[:3] if about else [m for m in matches[:3] if qualifies(m) and m.score >= best - 0.35]
    for match in chosen:
        statement = match.statement
        sentences = _sentences(statement)
        if about:
            named = next((i for i, s in enumerate(sentences) if about in s.text), None)
            if named is None and about not in statement.question:
                continue
            sentences = sentences[named or 0:]
        for sentence in sentences:
            if not about and not any(word_hit(t, sentence.text) > 0 for t in _weights(plan, case)):
                continue
            if _unsure_about(sentence.text, Slot.AMOUNT):
                outcome.add(_gap(case, statement, sentence, outcome, "金额"))
                return
            amounts = find_amounts(sentence.text)
            denied = any(re.search(r"(?:没有|没|未|并未|不曾)(?:再)?" + re.escape(a[0]), sentence.text) for a in acts)
            if amounts and not denied:
                cited = case.cite(_anchor(statement, sentence))
                outcome.add(Part("金额", f"材料显示：{quoted(sentence.text)}（{cited}）", Fill.FILLED, [cited]))
                return
            if denied:
                cited = case.cite(_anchor(statement, sentence))
                outcome.add(Part("金额", f"材料显示并无此笔款项：{quoted(sentence.text)}（{cited}）", Fill.FILLED, [cited]))
                return
    outcome.add(Part("金额", "", Fill.MISSING))
