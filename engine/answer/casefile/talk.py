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

from engine.answer.casefile.case import Case
from engine.ingest.chunkers.turns import HEARING_SIDES
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import UNCLEAR_PHRASE, Conflict, Gap
from engine.question import CasePlan, Slot
from engine.answer.wording import quoted
from engine.ledger import Anchor, Statement
from engine.ledger.lexicon import PLACE, TIME_OF_DAY, UNCERTAIN, UNSURE_ABOUT, is_clock_time
from engine.text.dates import find_dates
from engine.text.names import names_in
from engine.text.segments import Segment, split, trimmed
from engine.text.refs import find_statute_refs

_SENTENCE_END = re.compile(r"[。！？；!?;]+")
_CLAUSE_END = re.compile(r"[，,：:]")  # not 、: 叫什么名字、住在哪里我都不知道 shares its predicate
NEGATION = re.compile(r"^(?:没有|没|不是|不|未|否|无|从来没|从没|从未|并没|并不|还没)")
AFFIRMATION = re.compile(r"^(?:是的?|对|有|嗯|认识|知道|会|属实|确实|当然|同意|愿意|可以|承认|[\u4e00-\u9fff][了过](?:[，。,]|$))")
RELATIVES = re.compile(r"表妹|表弟|表哥|表姐|堂[兄弟姐妹]|妹妹|弟弟|哥哥|姐姐|父亲|母亲|爸爸|妈妈|老婆|妻子|丈夫|"
                       r"儿子|女儿|朋友|同事|邻居|老板|业务员|会计|出纳|经理|司机|老乡|同学|亲戚")
# Verbs of the same act in statements (a question says 打, the answer 砸): acts that criminal
# records describe, grouped. A word of one group in the question matches any word of its group.
ACTS = [frozenset(g.split()) for g in (
    "打 砸 揍 殴打 踢 捅 砍 扎 刺 推 推搡 扇 击打 撞 掐 咬 动手 打架 斗殴",
    "拿 取 偷 盗 抢 骗 挪用 侵占 拿走 取走",
    "给 交 转 付 汇 打款 转账 支付",
    "还 退 归还 退还 返还 退赔",
    "说 讲 称 告诉 表示 提到 承认",
    "喝酒 饮酒 喝 醉",
    "受伤 伤 伤情 流血 缝针 骨折 轻伤 重伤",
    "认识 熟悉 见过",
    "用 花 花掉 用在 用到 花在 去向 处理 挥霍 消费 还债 还网贷 赌博 输掉 干什么",
    "投案 自首 到案 归案 传唤 抓获 通知我 到公安机关 到派出所 来的",
)]
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
        said = [s.question + s.answer for s in case.ledger.statements if s.kind == "qa"]
        n = len(said) or 1
        for w in weights:
            df = sum(1 for text in said if word_hit(w, text) > 0)
            weights[w] *= math.log((n + 1) / (df + 0.5)) / math.log(n + 1)
    return weights


def _occurs(word: str, context: str) -> bool:
    """A one-character verb counts only as a verb (打了, 砸过), never inside another word (打架)."""
    context = context.replace("\n", "")  # a PDF's line break inside a word (真实姓\n名)
    if len(word) > 1:
        return word in context
    return bool(re.search(re.escape(word) + r"(?=[了过着完伤死倒他她我你人，。？！,.?!；;]|$)", context))


def _head(plan: CasePlan) -> str | None:
    from engine.answer.casefile.heads import asked_head

    return asked_head(plan)


def word_hit(word: str, context: str) -> float:
    """1 when the word occurs; 0.8 when a word of the same act does (打 ~ 砸); 0.5 when a
    two-character word is split by a few characters (喝酒 ~ 喝了不少酒)."""
    if _occurs(word, context):
        return 1.0
    for group in ACTS:
        if word in group and any(_occurs(other, context) for other in group if other != word):
            return 0.8
    if len(word) == 2 and re.search(re.escape(word[0]) + r".{1,4}" + re.escape(word[1]), context):
        return 0.5
    if len(word) == 2 and _occurs(word[0], context):
        return 0.4  # a verb's head alone (用到 ~ 做什么用, 转给 ~ 转了)
    return 0.0


def _effective_question(case: Case, statement: Statement) -> str:
    """后来呢？/ 然后呢？ carry on the question before them."""
    asked = statement.question
    if statement.kind == "qa" and len(re.sub(r"[^\u4e00-\u9fff]", "", asked)) <= 5 and statement.index > 0:
        previous = case.ledger.statements[statement.index - 1]
        if previous.kind == "qa":
            return previous.question + asked
    return asked


def rank_statements(case: Case, plan: CasePlan) -> list[Match]:
    weights = _weights(plan, case)
    total = sum(weights.values()) or 1.0
    matches = []
    names = case.named_in(plan.text, plan.names)
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
        score = coverage + 0.5 * case.retrieval.get(statement.chunk_id, 0.0)
        others = [n for n in case.people() if n in asked + said and n not in names
                  and not any(n in k or k in n for k in names) and n != statement.speaker]
        if names and not any(n in asked + said or n == statement.speaker for n in names) and others:
            score -= 0.3  # about someone else
        if plan.parties and statement.party in HEARING_SIDES:
            # 被告同意调解吗: the side named first speaks; another side's words are theirs, not its
            score += 0.2 if statement.party == plan.parties[0] else -0.2 if statement.party not in plan.parties else 0.0
        matches.append(Match(statement, score, coverage))
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
    """About the question: its words are there, or some are and the search ranks it high too."""
    return match.coverage >= MIN_MATCH or (match.coverage >= MIN_MATCH / 2 and match.score >= 0.65)


def answer_talk(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    matches = rank_statements(case, plan)
    if not matches or not qualifies(matches[0]):
        for slot in plan.slots:
            outcome.add(Part("相关内容", "", Fill.MISSING))
        return
    best = matches[0]
    if plan.asker_said:
        outcome.add(_asker_quote(case, plan, best))
        return
    for slot in plan.slots:
        if slot is Slot.YESNO:
            outcome.add(_yes_no(case, plan, best))
        elif slot in (Slot.DATE, Slot.PLACE):
            outcome.add(_when_where(case, plan, matches, slot, outcome))
        else:
            outcome.add(_quote(case, plan, matches, slot, outcome))


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


def _yes_no(case: Case, plan: CasePlan, match: Match) -> Part:
    statement = match.statement
    knowing = [k for k in ("知道", "清楚", "记得", "明白", "了解", "认识") if k in plan.text]
    key = knowing + [t for t in plan.question.terms if t not in GENERAL and word_hit(t, statement.answer) > 0]
    sentences = _sentences(statement)
    first = sentences[0] if sentences else None
    verdict, decisive = None, None
    if first is not None:
        opening = trimmed(first.text, 0, len(first.text))
        if opening and NEGATION.match(opening.text):
            verdict, decisive = "否", first
        elif opening and _replaces(plan, opening.text):
            verdict, decisive = "否", first  # 是主动投案的吗？—是民警打电话通知我过来的: another way
        elif opening and AFFIRMATION.match(opening.text):
            verdict, decisive = "是", first
    if verdict is None and key:
        for sentence in sentences:
            hits = [_position(k, sentence.text) for k in key]
            at = min((h for h in hits if h >= 0), default=-1)
            if at < 0:
                continue
            before = sentence.text[max(0, at - 3):at]
            verdict = "否" if re.search(r"没有?|不|未", before) else "是"
            decisive = sentence
            break
    # 你知道…吗？—当时不知道…: not knowing is the answer, not a gap, when knowing is what is asked
    if verdict is None or decisive is None:
        if first is not None and UNCERTAIN.search(first.text) and not knowing:
            return _gap(case, statement, first, Outcome(), "是否")
        return Part("是否", "", Fill.MISSING)
    if UNCERTAIN.search(decisive.text) and not NEGATION.match(decisive.text) and not knowing:
        return _gap(case, statement, decisive, Outcome(), "是否")
    # Quote the verdict with its reason: the sentence that decides and, if that is a bare 不是/有,
    # the next one.
    shown = decisive
    if len(decisive.text) <= 6 and len(sentences) > sentences.index(decisive) + 1:
        nxt = sentences[sentences.index(decisive) + 1]
        shown = Segment(decisive.start, nxt.end, statement.answer[decisive.start:nxt.end])
    cited = case.cite(_anchor(statement, shown))
    return Part("是否", f"{verdict}（{cited}：{quoted(shown.text)}）", Fill.FILLED, [cited])


def _position(word: str, text: str) -> int:
    """Where the word (or its split form 喝…酒, or an act of its group) starts in the text; -1."""
    if word in text:
        return text.find(word)
    for group in ACTS:
        if word in group:
            found = [text.find(o) for o in group if o != word and _occurs(o, text)]
            if found:
                return min(found)
    if len(word) == 2:
        m = re.search(re.escape(word[0]) + r".{1,4}" + re.escape(word[1]), text)
        if m:
            return m.start()
    return -1


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


def _has_slot(text: str, slot: Slot) -> bool:
    if slot is Slot.INSTRUMENT:
        return bool(INSTRUMENT.search(text))
    if slot is Slot.ACCOUNT:
        return bool(re.search(r"卡|账户|账号|银行", text))
    if slot is Slot.PERSON:
        return bool(names_in(text) or RELATIVES.search(text) or re.search(r"[\u4e00-\u9fff]{1,2}总|小[\u4e00-\u9fff]", text))
    if slot is Slot.PLACE:
        return bool(PLACE.search(text))
    return True


# An answer this short is quoted whole: its sentences answer together (受了什么伤 → 缝了七针。鉴定是轻伤二级。).
WHOLE_ANSWER = 80


def _quote(case: Case, plan: CasePlan, matches: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The first of the close best statements whose answer holds the asked slot; a statement saying
    it does not know the asked thing is a gap; otherwise missing."""
    label = {Slot.PERSON: "人员", Slot.PLACE: "地点", Slot.DURATION: "期限", Slot.INSTRUMENT: "所用物品",
             Slot.ACCOUNT: "账户"}.get(slot, "内容")
    best = matches[0].score
    close = [m for m in matches[:4] if qualifies(m) and m.score >= best - 0.35]
    for match in close:
        statement = match.statement
        sentence = _best_sentence(plan, statement, prefer=lambda t: _has_slot(t, slot))
        if sentence is None:
            continue
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, slot)), None)
        if unsure is not None:
            return _gap(case, statement, unsure, outcome, label)
        if not _has_slot(sentence.text, slot):
            continue
        answer = trimmed(statement.answer, 0, len(statement.answer))
        shown = answer if answer and len(answer.text) <= WHOLE_ANSWER else sentence
        cited = case.cite(_anchor(statement, shown))
        return Part(label, f"材料显示：{quoted(shown.text)}（{cited}）", Fill.FILLED, [cited])
    return Part(label, "", Fill.MISSING)


def _when_where(case: Case, plan: CasePlan, matches: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The date (or place) of an event that is not a payment (打架发生在什么时间): from the
    statement a correction of its time points back to (你刚才说打架是晚上十点左右 — the account that
    said so), else from the best-matching statements that state one; the correction is a conflict."""
    label = "时间" if slot is Slot.DATE else "地点"
    anchored = _corrected_statements(case, plan)
    ranked = [m.statement.index for m in matches[:3] if qualifies(m)]
    weights = _weights(plan, case)
    for statement in (case.statement(i) for i in dict.fromkeys(anchored + ranked)):
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, slot)), None)
        if unsure is not None and statement.index == (ranked[:1] or [None])[0]:
            return _gap(case, statement, unsure, outcome, label)
        # the sentence that says most of what is asked comes first (a header's 到案经过 line)
        pieces = sorted(_sentences(statement), key=lambda p: -sum(word_hit(t, p.text) for t in weights))
        for sentence in pieces:
            if slot is Slot.DATE:
                dates = [d for d in find_dates(sentence.text) if d.meta.get("granularity") != "time"]
                if not dates:
                    continue
                cited = case.cite(_anchor(statement, sentence))
                part = Part(label, f"{label}：{dates[0].text}（{cited}：{quoted(sentence.text)}）", Fill.FILLED, [cited])
                _time_conflict(case, plan, part, outcome)
                _date_conflict(case, plan, statement, sentence, str(dates[0].value), part, outcome)
                return part
            place = PLACE.search(sentence.text)
            if place:
                cited = case.cite(_anchor(statement, sentence))
                return Part(label, f"{label}：{place.group('place')}（{cited}）", Fill.FILLED, [cited])
    return Part(label, "", Fill.MISSING)


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
        if other.kind != "qa" or other.index == statement.index:
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
    rows = [e for e in case.ledger.money if e.role == "event" and not e.corrects and e.kind == kind]
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
