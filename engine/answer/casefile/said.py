"""What was said in a case file, as the answers read it: a statement's sentences and their anchors,
the question a short follow-up carries on (后来呢？), how the user's words weigh against a
statement, whether a sentence holds the asked slot, the asker's confirmed assertions, and a gap
quoted as said. Used by talk.py (which statement answers), verdict.py (yes/no) and when.py (dates,
places, times of day and the conflicts between them)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.answer.casefile.act_mentions import GENERAL, act_at, side_of, word_hit
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part, Reading
from engine.answer.model import PUT_OFF_PHRASE, UNCLEAR_PHRASE, Gap
from engine.answer.wording import quoted
from engine.answer.casefile.facts import Anchor, Statement
from engine.text.case_lexicon import DEFERRED, PLACE, UNCERTAIN, UNSURE_ABOUT
from engine.question import CasePlan, Slot
from engine.text.boundaries import CLAUSE_FIELD, CLAUSE_PREDICATE, SENTENCE_PER_LINE, SENTENCE_ZH
from engine.text.lines import join_pdf_lines
from engine.text.names import names_in, titled_names
from engine.text.segments import Segment, split



RELATIVES = re.compile(r"表妹|表弟|表哥|表姐|堂[兄弟姐妹]|妹妹|弟弟|哥哥|姐姐|父亲|母亲|爸爸|妈妈|老婆|妻子|丈夫|"
                       r"儿子|女儿|朋友|同事|邻居|老板|业务员|会计|出纳|经理|司机|老乡|同学|亲戚")

# Words that name the asked slot rather than the subject (什么时间, 什么地点): not content.
SLOT_NOUNS = frozenset("时间 地点 日期 金额 方式 名字 姓名 地方 时候 数额 次数 号码".split())


@dataclass
class Match:
    statement: Statement
    score: float
    coverage: float  # share of the question's weight found in the statement
    similar: float = 0.0  # how close the asker's own question is to the user's (bigram overlap)
    speaks: bool = True  # the statement is about the asked act and things (act_mentions.py)
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

def _ordinal_said(statement: Statement) -> int | None:
    """The occurrence a statement is about, as it says: 第二次是… (its answer's opening), else its
    question. A header tells none: its 第一次/第二次 numbers the record (讯问笔录（第一次）), not an act."""
    from engine.text.case_lexicon import ordinal_of

    if statement.kind == "header":
        return None
    opening = _sentences(statement)[:1]
    said = ordinal_of(opening[0].text) if opening else None
    return said if said is not None else ordinal_of(statement.question)

def speaks_for(statement: Statement, party: str) -> bool:
    """The statement is in the words of that party (a name, or a role: 原告委托诉讼代理人 speaks for 原告)."""
    return statement.party == side_of(party) or statement.speaker == party


def _sentences(statement: Statement) -> list[Segment]:
    """Sentences of an answer; a header's lines (时间：… / 到案经过：…) are its sentences."""
    pattern = SENTENCE_PER_LINE if statement.kind == "header" else SENTENCE_ZH
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
              Slot.AMOUNT: ("amount",), Slot.COUNT: ("count", "amount"),  # (有多少人我没数过: 多少 asks a count too)
              Slot.TEXT: ("which", "place", "person")}
    topic: list[str] = []  # what the clauses before it name (那个男的叫什么名字，…，我没记住: a name)
    for clause in split(text, 0, len(text), CLAUSE_PREDICATE) or [Segment(0, len(text), text)]:
        named = [k for k, p in UNSURE_ABOUT.items() if p.search(clause.text)]
        if not UNCERTAIN.search(clause.text) and not DEFERRED.search(clause.text):
            topic = named or topic
            continue  # (怎么算出来的我这边没有材料，需要回去核实: what was asked, put off — a gap too)
        about = named or topic
        if not about or any(k in about for k in wanted.get(slot, ())):
            return True
    return False

def _gap(case: Case, statement: Statement, sentence: Segment, outcome: Outcome, label: str) -> Part:
    cited = case.cite(_anchor(statement, sentence))
    phrase = PUT_OFF_PHRASE if DEFERRED.search(sentence.text) and not UNCERTAIN.search(sentence.text) else UNCLEAR_PHRASE
    outcome.gaps.append(Gap(f"{phrase}：{quoted(sentence.text)}", [cited]))
    return Part(label, f"{phrase}：{quoted(sentence.text)}（{cited}），材料未给出确切答案",
                Fill.UNSURE, [cited])

# What an attacker held or used, as statements say it (拿起桌上的啤酒瓶, 用拳头).
INSTRUMENT = re.compile(r"(?:拿起|拿着|拿了|抄起|操起|掏出|握着|持|用)[^，。；]{0,8}?"
                        r"(?:瓶|刀|棍|棒|砖|石头?|锤|铁|管|凳|椅|杯|斧|枪|板|锹|铲|绳|拳头?|脚|手机|烟灰缸|器)")

# A length of time as said (逾期17天, 暂扣了6个月) — not a rate's unit (每逾期一日).
DURATION_SAID = re.compile(r"(?<![每月\d.一二三四五六七八九十两])(?:[\d.]+|[一二三四五六七八九十两半几多]+)(?:个)?"
                           r"(?:天|(?<![\d一二三四五六七八九十])日|周|星期|个月|(?<=个)月|年(?!\d|[一二三四五六七八九十]+月)|小时|分钟)")

# 老付, / 是老卞。: someone called by 老 and a surname, the phrase ending there (never 老家, 老婆).
_OLD_SURNAME = re.compile(r"老([\u4e00-\u9fff])(?=[，,。；;、！？!?\s]|$)")


def _by_surname(text: str) -> bool:
    from engine.text.names import SURNAMES

    return any(m.group(1) in SURNAMES for m in _OLD_SURNAME.finditer(text))


def _has_slot(text: str, slot: Slot, people: list[str] = ()) -> bool:
    """The text holds a value of the slot (a person: a name jieba knows, one the file names, a
    relative or a title)."""
    if slot is Slot.INSTRUMENT:
        return bool(INSTRUMENT.search(text))
    if slot is Slot.ACCOUNT:
        return bool(re.search(r"卡|账户|账号|银行", text))
    if slot is Slot.PERSON:
        return bool(names_in(text) or titled_names(text) or any(p in text for p in people) or RELATIVES.search(text)
                    or re.search(r"[\u4e00-\u9fff]{1,2}总|小[\u4e00-\u9fff]", text) or _by_surname(text))
    if slot is Slot.PLACE:
        return bool(PLACE.search(text))
    if slot is Slot.DURATION:
        return any(not re.search(r"每", clause) for clause in re.split(r"[，,]", text) if DURATION_SAID.search(clause))
    return True

def _about_first(plan: CasePlan, pieces: list[Segment], weights: dict[str, float]) -> list[Segment]:
    """Sentences holding the asked act first, then by how much of the question they say."""
    return sorted(pieces, key=lambda p: (act_at(plan, p.text) < 0, -sum(word_hit(t, p.text) for t in weights)))

# 你知道收别人的银行卡再卖出去是违法的吗？—知道: the asker states a rule (what is unlawful), not an
# event; knowing it confirms no act of the speaker's.
_NORM_STATED = re.compile(r"(?:是|属于)?(?:违法|犯罪|违规|不合法|不对|违反[^，。？?；]{0,10})(?:的)?(?:行为)?(?:吗|么)?[？?。]?\s*$")


def _assertion(case: Case, plan: CasePlan, statement: Statement, slot: Slot | None = None) -> Segment | None:
    """The asker's sentence (chunk offsets) that states the asked act — or holds the asked slot — and
    that the answer confirms (never a rule the asker states)."""
    if statement.question_span is None:
        return None
    text = case.sources[statement.chunk_id].chunk.text
    start, end = statement.question_span
    for piece in split(text, start, end, SENTENCE_ZH):
        if _NORM_STATED.search(piece.text.replace("\n", "")):
            continue
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
    return Part(label, text, Fill.FILLED, [cited], reading=Reading.VERDICT if verdict else Reading.STATEMENT)



def quote_of_one(sentence: Segment, value: tuple[int, int], others: list[tuple[int, int]]) -> Segment:
    """The quote standing for one value read from a sentence (``value`` and ``others`` are offsets in
    ``sentence.text``): the whole sentence, unless it also holds other values of the same kind — then
    only the run of its clauses around the value's that hold none of them (2021/11/28开始干的，一直干到
    2022/7/11 quoted for the start is 「2021/11/28开始干的」), so the evidence never states another figure."""
    others = [o for o in others if o != value]
    if not others:
        return sentence
    pieces = split(sentence.text, 0, len(sentence.text), CLAUSE_FIELD) or \
        [Segment(0, len(sentence.text), sentence.text)]
    at = next((i for i, c in enumerate(pieces) if c.start <= value[0] < c.end), None)
    if at is None:
        return sentence

    def holds_other(clause: Segment) -> bool:
        return any(clause.start <= o[0] < clause.end or o[0] <= clause.start < o[1] for o in others)

    if holds_other(pieces[at]):  # two values in one clause: the clause is the least that can be quoted
        first = last = at
    else:
        first = last = at
        while first > 0 and not holds_other(pieces[first - 1]):
            first -= 1
        while last + 1 < len(pieces) and not holds_other(pieces[last + 1]):
            last += 1
    start, end = pieces[first].start, pieces[last].end
    return Segment(sentence.start + start, sentence.start + end, sentence.text[start:end])


# Before a figure, the speaker paying someone else (我每个月给她发…) or hiring them (我雇了一个司机，一个月
# …): the figure is not the speaker's own.
PAID_TO_OTHER = re.compile(r"给(?:了)?[他她](?!们)")
HIRED_BY_SPEAKER = re.compile(r"我(?:又|还|另外|也)?(?:雇|请|招|找)(?:了)?(?:一个|一名|一位|个|名|位)")


def told_of(case: Case, statement: Statement, text: str, at: int, person: str) -> bool:
    """A figure at ``at`` of an answer's sentence ``text`` is told of ``person``: the last person named
    before it is them (侯建国干的是水电工，一天一百九十元), or nobody is and they are the one speaking,
    asked about nobody else (我是搬运工，一天二百三十元). Paid by the speaker to 她/他 (卓某帮我看店。我每个月
    给她发…), the figure is of the last person the answer named before the sentence; paid to someone the
    speaker hired unnamed (我雇了一个司机老某，一个月…), of nobody the file names — never the speaker's."""
    people = case.people()
    named = [p for p in people if p in text[:at]]
    if named:
        return max(named, key=lambda p: text.rfind(p, 0, at)) == person
    if PAID_TO_OTHER.search(text[:at]):
        answer = join_pdf_lines(statement.answer)  # ``text`` may be a sentence's joined view
        told = answer.find(text)
        earlier = answer[:told] if told > 0 else ""
        named = [p for p in people if p in earlier and p != statement.speaker]
        return bool(named) and max(named, key=earlier.rfind) == person
    if HIRED_BY_SPEAKER.search(text[:at]):
        return False
    # 某某是怎么算的？——按天算，一天两百一十元，某某一共干了…: the one person the question asks about
    asked = [p for p in people if p in statement.question and p != statement.speaker]
    if len(asked) == 1:
        return asked[0] == person
    return statement.speaker == person and not asked


def person_asked(case: Case, plan: CasePlan) -> str | None:
    """The one person of the file a question asks about: the one it names, else — naming nobody —
    the person questioned; None when it names several, or someone the file does not name."""
    named = case.named_in(plan.text, plan.names)
    known = [n for n in named if n in case.people()]
    if named and len(known) != 1:
        return None
    return known[0] if known else case.ledger.subject
