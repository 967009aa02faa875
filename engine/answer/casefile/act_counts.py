"""How many times an act that moves no money happened (分几次送的货, 一共作案几次) or how many people
it concerned (抢了几个人, 还有几个工人没结清).

A count stated in a sentence telling the asked act answers (分三批送货, 前后抢了三次 — or the bare
一共两次 answering 你作案几次, 其他六个人的工钱都没结清); else, for times, the occurrences told one
by one (第一次…第二次…), each with its quote and date. Never the ledger's payments: they count
another act. Neither: missing. The dated occurrences also give the days from the first to the last
(quantities._span).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.answer.casefile.act_mentions import NOT_THINGS, clauses_of, mentions, word_hit
from engine.answer.casefile.case import Case
from engine.answer.casefile.parts import Fill, Outcome, Part
from engine.answer.model import Calculation
from engine.answer.casefile.said import RELATIVES, _anchor, _gap, _sentences, _unsure_about
from engine.answer.wording import chinese_count, quoted
from engine.answer.casefile.facts import Statement
from engine.text.case_lexicon import TITLES
from engine.question import CasePlan, Slot
from engine.text.dates import find_dates
from engine.text.lines import join_pdf_lines, joined_view
from engine.text.numbers import parse_number
from engine.text.segments import Segment

_NUMERAL = r"[一二三四五六七八九十两\d]{1,3}"
# The record's own sessions (第二次讯问) are no occurrence of an act.
_NOT_ACT = r"(?!讯问|询问|笔录|开庭|庭审|谈话)"
TIMES_SAID = re.compile(rf"(?<![第头这那上下每首几])({_NUMERAL})(?:次|批|回|趟){_NOT_ACT}")
PEOPLE_SAID = re.compile(rf"(?<![第头这那上下每首几])({_NUMERAL})(?:个|名|位)(?:[\u4e00-\u9fff]{{0,2}}?(?:人|工|友|员|伙))")
# A count said as the whole (一共五个人, 分三批, 前后两次).
WHOLE = re.compile(r"(?:一共|总共|共|合计|分|前后|先后)[^，。]{0,3}$")
ORDINAL = re.compile(rf"第({_NUMERAL})(?:次|批|回|趟){_NOT_ACT}")
# A count over money (转了几次钱, 付过几笔款) is the ledger's (money._count).
MONEY_ASKED = re.compile(r"钱|款|元|笔|费|息|账|付|还|借|汇|赔|退|转|投")
# Words of a count question that name no act (一共, 分) — never what tells one sentence from another.
_COUNT_WORDS = frozenset("分 共 一共 总共 前后 先后 次 批 回 趟 人 个".split())


def asks_act_count(plan: CasePlan) -> bool:
    """A count of people (几个人), or of times an act that names no money happened (分几次送的货)."""
    if not plan.counts or plan.aggregate in ("distinct", "span"):
        return False
    return any(c.counter == "人" for c in plan.counts) or not MONEY_ASKED.search(plan.text)


def _value(numeral: str) -> int | None:
    value = parse_number(numeral.replace("两", "二"))
    return int(value) if value is not None and value == int(value) and value > 0 else None


def _words(plan: CasePlan) -> list[str]:
    """What the count is of: the asked act and the things it is done to (送, 货, 作案, 结清)."""
    found = [*plan.focus.acts, *plan.focus.objects]
    return [w for w in dict.fromkeys(found) if w not in NOT_THINGS and w not in _COUNT_WORDS and w not in plan.names]


def _speaks(words: list[str], text: str) -> bool:
    text = text.replace("\n", "")
    return any(w in text or word_hit(w, text) >= 0.8 for w in words)


@dataclass
class Occurrence:
    """One told occurrence of the act (第二批…): its order, the statement, the words telling it."""

    ordinal: int
    statement: Statement
    segment: Segment  # in the statement's answer
    date: str | None  # the day as said, or None
    day: str | None = None  # its ISO value
    said: str = ""  # the order as said (第二批, 第三次)


def occurrences(case: Case, plan: CasePlan) -> list[Occurrence]:
    """The occurrences of the asked act told by their order (第一次…第二次…; a question 第二次呢？
    answered in the next breath), the first telling of each order that dates it."""
    words = _words(plan)
    found: dict[int, Occurrence] = {}
    for statement in case.ledger.statements:
        if statement.kind == "header" or not statement.answer.strip():
            continue
        pieces: list[tuple[int, Segment, str]] = []
        for sentence in _sentences(statement):
            marks = list(ORDINAL.finditer(sentence.text))
            for i, mark in enumerate(marks):  # 第一批…，第二批…: each order up to the next
                end = marks[i + 1].start() if i + 1 < len(marks) else len(sentence.text)
                start = sentence.start + mark.start()
                pieces.append((_value(mark.group(1)) or 0, Segment(start, sentence.start + end,
                                                                   statement.answer[start:sentence.start + end]),
                               mark.group(0)))
        asked = list(ORDINAL.finditer(statement.question))
        if not pieces and len(asked) == 1 and _sentences(statement):
            first = _sentences(statement)[0]  # 第二次是什么时候？—是2024年…
            pieces.append((_value(asked[0].group(1)) or 0, first, asked[0].group(0)))
        for ordinal, segment, said in pieces:
            if not ordinal or not (_speaks(words, segment.text) or _speaks(words, statement.question)):
                continue
            # a day a PDF wrapped (第一批2021年\n1月27日) is read whole, as the line joined
            joined = join_pdf_lines(segment.text)
            days = [d for d in find_dates(joined) if d.meta.get("granularity") == "day"]
            known = found.get(ordinal)
            if known is None or known.date is None and days:
                found[ordinal] = Occurrence(ordinal, statement, segment,
                                            joined[days[0].start:days[0].end] if days else None,
                                            str(days[0].value) if days else None, said)
    return [found[k] for k in sorted(found)]


def _told_in_order(found: list[Occurrence]) -> bool:
    """Told one by one from the first (第一次, 第二次 …), at least two: the count they make."""
    return len(found) >= 2 and [o.ordinal for o in found] == list(range(1, len(found) + 1))


def _stated(case: Case, plan: CasePlan, counter: str) -> tuple[int, str, Statement, Segment] | None:
    """A count said of the asked act: in the clause telling it (分三批送货), as the answer to a
    question asking it (你前后作案几次？—一共两次), or as a whole (一共五个人) in a statement about it.
    Of people, the act asserted as the question asks it (没结清 for 没有结清, never 答应…结清)."""
    words = _words(plan)
    acts = [a for a in plan.focus.acts if a not in _COUNT_WORDS]
    pattern = TIMES_SAID if counter == "次" else PEOPLE_SAID
    # the statements the question is about, as its words and the search rank them (一起吃饭的有几个人
    # — 在…土菜馆，…加上我一共五个人)
    ranked = {m.statement.index for m in _ranked(case, plan)}
    found = []
    for statement in (s for s in case.ledger.statements if s.kind != "header"):
        about = _speaks(words, statement.question) or statement.index in ranked
        asked_count = bool(re.search(r"几|多少", statement.question)) and about
        for at, sentence in enumerate(_sentences(statement)):
            for clause in clauses_of(sentence):
                match = pattern.search(clause.text)
                if match is None or _value(match.group(1)) is None:
                    continue
                whole = bool(WHOLE.search(clause.text[:match.start()]))
                # the opening of an answer to a question about the act (工友的工钱拿到了吗？—还有两个人。)
                opening = at == 0 and _speaks(words, statement.question)
                if not (_speaks(words, clause.text) or asked_count and at == 0 or about and whole or opening):
                    continue
                # a bare count opening the answer (工钱拿到了吗？—还有两个人。) says it of the act asked about
                if counter == "人" and not (_asserted_as_asked(plan, sentence.text)
                                           or opening and not mentions(plan, sentence.text)):
                    continue
                key = (_speaks(acts, clause.text), _speaks(words, clause.text), whole, _value(match.group(1)))
                found.append((key, match.group(1), statement, clause))
    if not found:
        return None
    # telling the act itself (分四次送货 before 四批货都收到了), a whole (一共三次 beats 还过一次)
    key, said, statement, clause = max(found, key=lambda f: f[0])
    return key[3], said, statement, clause


def _asserted_as_asked(plan: CasePlan, text: str) -> bool:
    """The sentence tells the act as the question asks it: not only proposed, negated when the
    question is (还有几个没结清 — 都没结清), paid up or not as the question asks."""
    said = [m for m in mentions(plan, text) if not m.irrealis]
    if not said:
        return not plan.focus.acts
    for mention in said:
        negated = mention.negated if mention.settled is None else not mention.settled
        if negated == (plan.focus.negated or plan.focus.remainder):
            return True
    return False


def _ranked(case: Case, plan: CasePlan):
    from engine.answer.casefile.talk import qualifies, rank_statements  # talk answers yes/no and quotes with these

    return [m for m in rank_statements(case, plan)[:3] if qualifies(m)]


def answer_act_count(case: Case, plan: CasePlan, outcome: Outcome) -> None:
    for asked in plan.counts:
        part_plan = plan if len(plan.counts) == 1 else replace(plan, focus=asked.focus)
        part = _count_part(case, part_plan, asked.counter, outcome)
        if part.fill is Fill.MISSING:  # nothing to count: a speaker saying he does not know it answers
            part = _unknown_count(case, part_plan, part.label, outcome) or part
        outcome.add(part)


_HOW_MANY = re.compile(r"几|多少")


def _unknown_count(case: Case, plan: CasePlan, label: str, outcome: Outcome) -> Part | None:
    """The best statements' sentence saying the speaker does not know the count (有多少人我记不清了)."""
    for match in _ranked(case, plan):
        for sentence in _sentences(match.statement):
            # the sentence speaks of a number (有多少人我记不清), not of something else unknown (去哪了我不清楚)
            if _unsure_about(sentence.text, Slot.COUNT) and _HOW_MANY.search(sentence.text):
                return _gap(case, match.statement, sentence, outcome, label)
    return None


# Who a listed item is, by how it ends: a role, a kin word, a title (保安邵师傅, 一个卖烤红薯的老汉).
PERSON_WORD = (rf"(?:{RELATIVES.pattern}|{TITLES}|人|老汉|老头|老太太?|大爷|大妈|大娘|阿姨|大姐|大哥|小哥|小妹|大叔|小伙子?|"
               r"姑娘|学生|保安|司机|店主|摊主|服务员|店员|顾客|乘客|路人|行人|男的|女的|男子|女子|男人|女人|"
               r"孩子|小孩|民警|警察|工人|工友|租客|房东|村民|保洁员?|外卖员|快递员|骑手)")
PERSON_END = re.compile(PERSON_WORD + "$")
# A listed person the item goes on to tell an act of (烧烤摊的老板也拿着手电筒跑过来了): the person ends
# where an adverb opening the act follows a person word.
_PERSON_THEN = re.compile(PERSON_WORD + r"(?=也|都|就|还|又|便|才|随后|马上|立刻|赶紧|一起)")
# A listing of who was there (除了我，还有…、…，后来…也跑过来了 / 在场的有…和…): its cue, and the words
# around each item that are not the person (还有, 后来, 也跑过来了).
LISTING = re.compile(r"还有|在场的?(?:有|是)|现场(?:有|是)|当时有|旁边有|除了")
_ITEM_LEAD = re.compile(r"^(?:除了|另外|此外|以及|还有|后来|然后|接着|再|又|和|跟|在场的?(?:有|是)|现场(?:有|是)|当时(?:还)?有|旁边(?:还)?有|有)+")
_ITEM_TAIL = re.compile(r"(?:也|都|就|才|随后|马上)?(?:在场|在旁边|在|跑|赶|走|围|凑|冲|追)?(?:了)?(?:过来|过去|上来|来|到)?(?:了)?$")
_ITEM_SPLIT = re.compile(r"[，,、；;]|和(?=[一两\u4e00-\u9fff])|以及|还有")


_ASKED_WHO = re.compile(r"谁|哪些人|什么人|别人|其他人|几个人")


def _listed_people(case: Case, plan: CasePlan) -> tuple[list[Segment], Statement, Segment] | None:
    """The people a best-matching answer lists as there besides the speaker (除了我，还有一个卖烤红薯的
    老汉、一个路过的女学生，后来保安邵师傅也跑过来了 → three): each item of the sentence that a listing
    cue opens and that ends in a person (a role, a kin word, a title, a name of the file). At least two
    items, none of them the speaker; else None (a count the file does not let one read)."""
    from engine.answer.casefile.talk import qualifies, rank_statements

    people = case.people()
    # about the question, or asked who was there and sharing some of its words (吵架的时候，旁边都有谁？
    # for 吵架的时候现场有几个人)
    ranked = [m for m in rank_statements(case, plan)[:3]
              if qualifies(m) or m.coverage > 0 and _ASKED_WHO.search(m.statement.question)]
    for match in ranked:
        statement = match.statement
        sentences = _sentences(statement)
        for at, sentence in enumerate(sentences):
            cue = LISTING.search(sentence.text)
            if cue is None:
                continue
            # the list runs on to the next sentence when that one adds to it (后来…也跑过来了。)
            run = [sentence] + [s for s in sentences[at + 1:at + 2] if re.search(r"也[^，。]{0,4}(?:来|到|在)", s.text)]
            items: list[Segment] = []
            for piece in run:
                base = piece.start if piece is not sentence else sentence.start
                text = piece.text if piece is not sentence else sentence.text[cue.start():]
                offset = base + (cue.start() if piece is sentence else 0)
                pos = 0
                for chunk in _ITEM_SPLIT.split(text.rstrip("。！？；")):
                    start = text.find(chunk, pos)
                    pos = start + len(chunk)
                    lead = _ITEM_LEAD.match(chunk)
                    core = chunk[lead.end() if lead else 0:]
                    tail = _ITEM_TAIL.search(core)
                    core = core[:tail.start()] if tail else core
                    if not core or re.fullmatch(r"我|我们|自己|本人", core):
                        continue
                    if not (PERSON_END.search(core) or core in people):
                        core = _person_then(core)
                        if core is None:
                            continue
                    begin = offset + start + chunk.find(core)
                    items.append(Segment(begin, begin + len(core), join_pdf_lines(core)))  # a PDF's line break is layout
            if len(items) >= 2:
                told = Segment(run[0].start, run[-1].end, statement.answer[run[0].start:run[-1].end])
                return items, statement, told
    return None


def _person_then(core: str) -> str | None:
    """The person an item names before telling what they did (路口烧烤摊的\\n老板也拿着手电筒跑过来了 →
    路口烧烤摊的\\n老板), read across the PDF's line breaks; None when no person word is followed by
    the act."""
    joined, where = joined_view(core, tight=True)
    found = _PERSON_THEN.search(joined)
    return core[:where[found.end() - 1] + 1] if found else None


def _count_part(case: Case, plan: CasePlan, counter: str, outcome: Outcome) -> Part:
    label = "次数" if counter == "次" else "人数"
    stated = _stated(case, plan, counter)
    listed = _listed_people(case, plan) if counter == "人" and stated is None else None
    if listed is not None:  # 现场还有几个人？都是什么人？: the people listed, counted and each quoted
        items, statement, told = listed
        cited = case.cite(_anchor(statement, told))
        who = "、".join(quoted(i.text) for i in items)
        outcome.calculations.append(Calculation(
            str(len(items)), len(items), None, True, [cited], "所列举人员的个数",
            factors=[{"value": len(items), "unit": "listed", "items": [i.text for i in items]}]))
        return Part(label, f"{len(items)}人：{who}（{cited}：{quoted(told.text)}）", Fill.FILLED, [cited])
    told = occurrences(case, plan) if counter == "次" else []
    in_order = _told_in_order(told)
    if stated is not None:
        value, said, statement, sentence = stated
        cited = case.cite(_anchor(statement, sentence))
        unit = "次" if counter == "次" else "人"
        text = f"共{said}{unit}（即{value}{unit}，{cited}：{quoted(sentence.text)}）"
        if in_order and len(told) > value:  # more occurrences told than the count said
            ids = [case.cite(_anchor(o.statement, o.segment)) for o in told]
            return Part(label, f"{text}；另逐次讲述了{len(told)}次（{'、'.join(ids)}），与所述次数不一致，需人工核实",
                        Fill.CONFLICT, [cited, *ids])
        return Part(label, text, Fill.FILLED, [cited])
    if not in_order:
        return Part(label, "", Fill.MISSING)
    ids, lines = [], []
    for occurrence in told:
        cited = case.cite(_anchor(occurrence.statement, occurrence.segment))
        ids.append(cited)
        when = f"，{occurrence.date}" if occurrence.date is not None else ""
        lines.append(f"{occurrence.said}（{cited}{when}）")
    outcome_text = f"材料中逐次讲述了{chinese_count(len(told))}次：{'、'.join(lines)}，共{len(told)}次"
    return Part(label, outcome_text, Fill.FILLED, ids)
