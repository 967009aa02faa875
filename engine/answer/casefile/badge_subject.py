"""Part of the badge's last check (engine/answer/casefile/badge.py): is what a part cites about the
asked subject — the batch, the person, the whole asked for — and does the answer as a whole give
what the question's form asks (是/否 for a yes/no question, a computed figure for a difference)?

On case files of kinds the composers were not written for, a wrong answer often quotes the right
topic: 第一批…一共50吨 for the second batch, 有一个人额头被砸 for how many came, 李乙交了定金 summed
into what 张甲 paid, 我不知道该找谁赔 as the gap of a question about something else. Each check
reads only the cited sentence and the question turn it answers (问：…？) — never the whole file.
The same holds of a figure the other side said for one side's claim, a quote putting the answer off
(需要回去核实以后再提交), a verdict read from the header's particulars, and one row for a total.
"""

from __future__ import annotations

import re

from engine.answer.casefile.act_mentions import act_at, untold_of_asked
from engine.answer.casefile.case import Case
from engine.answer.casefile.facts import Statement
from engine.answer.casefile.figure_relevance import ROLE_WORDS as _ROLE_WORDS
from engine.answer.casefile.parts import Outcome, Part
from engine.answer.casefile.said import _effective_question
from engine.answer.model import UNCLEAR_PHRASE
from engine.question import CasePlan, Slot, counted_thing
from engine.text.case_lexicon import POINTING_WORDS, TITLES, TOTAL, UNCERTAIN, UNIT_FAMILIES, UNSURE_ABOUT
from engine.text.names import posseg
from engine.text.numbers import find_amounts, parse_number
from engine.text.ordinals import BATCH_ORDINAL, occasion_at
from engine.text.quantities import find_quantities

# How far before a quote its question turn (问：…？ / 民警：…？) is looked for.
_TURN_BEFORE = 160
_TURN = re.compile(r"[^。？?！!\n：:]*[？?]")
_SENTENCE_END = re.compile(r"[。！？!?；;\n]")
_CLAUSE_END = re.compile(r"[，,。！？!?；;\n]")
# Words around a bare 我不知道 that point back at the question (这个我不清楚) and name nothing.
_POINTING = re.compile(rf"[{POINTING_WORDS}我他她它们，,|\s]")
_VERDICT = re.compile(r"^[是否][，（(：:]")
_FIGURE_SLOTS = (Slot.AMOUNT, Slot.QUANTITY, Slot.COUNT)
_CITED = re.compile(r"E\d+")
_SPACE = re.compile(r"\s+")
# Words right before a name that make it the one money went to or with, not the one acting.
_NOT_ACTOR = re.compile(r"(?:给|向|跟|和|与|同|找|问|替|帮|让|叫|把|被|的)$")
# 一天450元: a unit a price is per, not a count of it.
RATE_AFTER = re.compile(r"[\d一二两三四五六七八九十百千万零壹贰叁肆伍陆柒捌玖拾佰仟]")


def _item(case: Case, ident: str):
    """Evidence ``ident`` as cited, None when unknown."""
    return next((e for e in case.evidence.items if e.id == ident), None)


def cited(case: Case, ident: str) -> tuple[str, str]:
    """(the quoted text of evidence ``ident``, the question turn before it), '' when unknown."""
    item = _item(case, ident)
    if item is None:
        return "", ""
    text = item.chunk.text
    before = text[max(0, item.quote_start - _TURN_BEFORE):item.quote_start].replace("\n", "")
    turns = _TURN.findall(before)
    return text[item.quote_start:item.quote_end].replace("\n", ""), (turns[-1] if turns else "")


def unsure_doubt(case: Case, plan: CasePlan, part: Part) -> str | None:
    """材料显示记不清：「他的真名我不知道…」 for 另外给了多少美元: what the speaker does not know is
    something else. The sentence up to the words of not knowing (具体号码我没记住, 那车…坐了几个人，
    我都没看见…) must share a word with the question, or name nothing at all (这个我不清楚)."""
    if not part.text.startswith(f"{UNCLEAR_PHRASE}：") or not part.evidence:
        return None
    quote, _ = cited(case, part.evidence[0])
    found = list(UNCERTAIN.finditer(quote))
    if not quote or not found:
        return None
    asked = plan.ordinal or plan.batch  # 第四批…什么时候 and 「第一次是去年11月初，具体哪天记不清了」
    told = occasion_at(quote[:found[0].start()])
    if asked and told is not None and told != asked:
        return "所引语句说不清的是另一次，不是所问的那一次"
    if _other_act_unsure(plan, quote[:found[0].start()]):
        return "所引语句说不清的是另一种行为，不是所问的行为"
    if any(_unsure_of_asked(quote, m, plan.text, kind=False) for m in found):
        return None
    if any(_unsure_of_asked(quote, m, plan.text) for m in found):
        # 具体哪天记不清了 not knowing only the kind of value asked: of the act the asker asked of (第二次呢？
        # carrying on the turn before) — which must be the asked one, with its things and people (消防部门的
        # 整改通知是哪天下达的 is not when the hotel told the couple the hall was closed). Read for a question
        # of one part: another part's words are not this part's.
        statement = _statement_of(case, part.evidence[0])
        if statement is None or len(plan.slots) > 1:
            return None
        untold = untold_of_asked(plan, f"{_effective_question(case, statement)}{quote}", case.people(),
                                 case.doc_text, statement.speaker)
        return f"所引语句及其提问未提到问题中的{'、'.join(f'「{w}」' for w in untold)}，说不清的可能是另一件事" \
            if untold else None
    if any(_unsure_of_asked(quote, m, plan.text, narrow=False) for m in found):
        # its sentence names the asked thing, the clause of not knowing something else of it
        return "所引语句说不清的可能不是所问的内容"
    return "所引语句说不清的不是所问的内容"


# Verbs that report or frame what is not known (听他说…, 我记得…): no act of their own.
_FRAMING_VERBS = frozenset("听 听说 说 讲 知道 记得 清楚 记 觉得 看见 看到 问 来 去 是 有 在 要 会 能".split())


def _other_act_unsure(plan: CasePlan, before: str) -> bool:
    """The sentence up to the words of not knowing tells acts, none of them the asked one nor of its
    kind (卖给谁、卖了多少、一共挖了多少，我都不知道 for 送过几次兰花): what is not known is of another act,
    though the thing (兰花) is shared."""
    start = max((m.end() for m in _SENTENCE_END.finditer(before)), default=0)
    said = before[start:].replace("\n", "")
    acts = [w for w, f in posseg(said) if f.startswith("v") and w not in _FRAMING_VERBS]
    return bool(plan.focus.acts) and bool(acts) and act_at(plan, said) < 0 \
        and not any(act_at(plan, a) >= 0 for a in acts)


_CJK = re.compile(r"[\u4e00-\u9fff]")
# Characters of the words that ask (什么, 哪里, 怎么, 谁, 几, 多少): two sentences sharing them share no
# content (全名叫什么…我都不知道 is not about 什么牌子).
_ASKING_CHAR = re.compile(r"[什么哪怎谁几]|多少")


def _bigrams(text: str) -> set[str]:
    pairs = {text[i:i + 2] for i in range(len(text) - 1) if _CJK.match(text[i]) and _CJK.match(text[i + 1])}
    return {p for p in pairs if not _ASKING_CHAR.search(p)}


def _unsure_of_asked(quote: str, found: re.Match, question: str, narrow: bool = True, kind: bool = True) -> bool:
    """Whether the words of not knowing at ``found`` are about what ``question`` asks; ``narrow``:
    read in their own clause when it names something, else (and always when not narrow) from the
    start of their sentence; ``kind``: not knowing the kind of value asked (哪天 for 什么时候) counts."""
    end = _CLAUSE_END.search(quote, found.end())
    after = quote[found.end():end.start() if end else len(quote)]
    # the clause of the words of not knowing, when it names something, says what is not known
    # (画眉也是保护动物我真的不知道 is not the 价值 asked of, though the sentence named the animal)
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(quote, 0, found.start())), default=0)
    own = f"{quote[clause_start:found.start()]}|{after}"
    start = max((m.end() for m in _SENTENCE_END.finditer(quote, 0, found.start())), default=0)
    # 我记不清是谁先推的谁: what is not known is said before the words of not knowing or after them
    said = own if narrow and _POINTING.sub("", own) else f"{quote[start:found.start()]}|{after}"
    if narrow and not _POINTING.sub("", own) and clause_start > start:
        # …丢了大概12.6万元的货，具体丢了什么、怎么算出来的，我不清楚: a bare 我不清楚 is of the clause
        # right before it, not of everything its sentence told first
        before = max((m.end() for m in _CLAUSE_END.finditer(quote, start, clause_start - 1)), default=start)
        said = f"{quote[before:clause_start]}|{after}"
    if not _POINTING.sub("", said):
        return True  # 这个我不知道: of the very thing asked
    if _bigrams(said) & _bigrams(question):
        return True
    # 具体哪天记不清了 for 什么时候开起来的: not knowing the very kind of value asked
    return kind and any(p.search(said) and p.search(question) for p in UNSURE_ABOUT.values())


def _statement_of(case: Case, ident: str) -> Statement | None:
    """The statement whose answer evidence ``ident`` quotes."""
    item = _item(case, ident)
    if item is None:
        return None
    return next((st for st in case.ledger.statements if st.kind != "header" and st.chunk_id == item.chunk.chunk_id
                 and st.answer_offset <= item.quote_start <= st.answer_offset + len(st.answer)), None)


def _batches(text: str) -> set[int]:
    return {int(v) for m in BATCH_ORDINAL.finditer(text) if (v := parse_number(m.group(1))) is not None}


def batch_doubt(plan: CasePlan, texts: list[str]) -> str | None:
    """第二批…多少吨 answered from a sentence telling 第一批: the figure is another batch's."""
    if plan.batch is None:
        return None
    told = set().union(*(_batches(t) for t in texts)) if texts else set()
    if told and plan.batch not in told:
        shown = "、".join(f"第{n}批" for n in sorted(told))
        return f"所引语句说的是{shown}，不是第{plan.batch}批"
    return None


def _has_figure(text: str) -> bool:
    return bool(find_amounts(text) or find_quantities(text))


def figure_doubt(case: Case, plan: CasePlan, part: Part, computed: bool = False) -> str | None:
    """A single figure read from one cited sentence (共50吨（E1）, 2000条（E1）), neither quoted whole
    nor summed from ledger rows: the sentence and its question turn must tell the asked batch, and
    a count asked as a whole (一共多少人 / 一共卖出多少条) the whole — said so (一共, 合计), or the one
    figure of the one asked, said beside their name (贝永刚85天) or in their own words (我干了148天).
    ``computed``: the answer adds items up itself (各项相加复算), which is the whole."""
    if part.quoted is not None or part.rows or not part.evidence or not _has_figure(part.text):
        return None
    if not any(s in plan.slots for s in _FIGURE_SLOTS):
        return None
    idents = dict.fromkeys([*part.evidence, *_CITED.findall(part.text)])  # 共计八千元（E1）；各笔…（E2、E3）
    said = [cited(case, ident) for ident in idents]
    texts = [t for pair in said for t in pair if t]
    if not texts:
        return None
    if plan.aggregate == "total" and plan.unit and not computed and not any(TOTAL.search(t) for t in texts) \
            and not _whole_of_one(case, plan, [quote for quote, _ in said]):
        return "所引语句说的是其中的数目，未说明合计"
    return batch_doubt(plan, texts)


def _whole_of_one(case: Case, plan: CasePlan, quotes: list[str]) -> bool:
    """The figure is all of the one person asked: named in the quote, or the one questioned telling
    a single figure of the asked unit (not 那2万条里面有2000条…实际新的只有18000条)."""
    asked = [*plan.names, *(w for w, kind in plan.terms if kind == "person")]
    if any(n in q for n in asked for q in quotes):
        return True
    figures = {f.value for q in quotes for f in find_quantities(q)
               if f.meta.get("unit") == plan.unit and not RATE_AFTER.match(q, f.end) and q[f.start - 1:f.start] != "每"}
    if any(_product_said(q, plan.unit) for q in quotes):
        return True
    return case.ledger.subject in asked and len(figures) <= 1


def _product_said(quote: str, unit: str) -> bool:
    """The quote works the whole out itself: a figure of the unit equal to a count times a figure per
    piece told beside it (4辆面包车，每辆车上坐三个人，应该是12个人)."""
    found = find_quantities(quote)
    each = [f.value for f in found if f.meta.get("unit") == unit and f.meta.get("each")]
    counts = [f.value for f in found if f.meta.get("unit") != unit]
    wholes = [f.value for f in found if f.meta.get("unit") == unit and not f.meta.get("each")]
    return any(c * e == w for c in counts for e in each for w in wholes)


def several_figures(values: list) -> str | None:
    """A quote that holds several different figures of the asked type (第三批是3个柜，不是4个…本来
    订的是4个柜) does not say by itself which one answers."""
    distinct = list(dict.fromkeys(values))
    if len(distinct) > 1:
        return f"所引语句中有多个数目（{'、'.join(str(v) for v in distinct[:4])}），未说明哪一个是所问的"
    return None


def answer_doubt(plan: CasePlan, outcome: Outcome) -> str | None:
    """What the answer as a whole lacks of the question's form: a yes/no question answered by what
    each side said but with no 是/否 read from it; a difference asked but no difference computed."""
    filled = [p for p in outcome.parts if p.text]
    if not filled:
        return None
    if plan.slots == [Slot.YESNO] and not any(_VERDICT.match(p.text) or p.text.startswith(UNCLEAR_PHRASE)
                                              for p in filled):
        return "所问为是否，结论未给出是或否"
    if (plan.differ or plan.aggregate == "difference") and Slot.AMOUNT in plan.slots and not outcome.calculations:
        return "所问为差额，结论未算出差额"
    return None


def person_doubt(case: Case, plan: CasePlan, sentence: str) -> str | None:
    """A row telling the money of someone other than the one the question has act, while not naming
    them (问张甲付了多少，所列「李乙来看车，交了贰万元定金」): another's money. Only one who acts in the
    row counts — not one the money went to or with (转给赵丁, 跟王某一起)."""
    people = case.people()
    subject = case.ledger.subject
    sentence = _SPACE.sub("", sentence)  # 杨秋\n菊: a name broken across the PDF's lines
    # the one the question has act (张甲…付给王丙), when that is not the one questioned: those paid
    # (赔了钱戊家) may be reached through another (钱戊的儿子赵丁)
    actor = plan.focus.subject
    asked = [actor] if actor in people and actor != subject and actor in plan.names else []
    if not asked or any(_refers(case, n, sentence) for n in asked):
        return None
    others = [p for p in people if p in sentence and p != subject and p not in plan.names
              and not any(p != q and p in q for q in people if q in sentence)
              and not _NOT_ACTOR.search(sentence[:sentence.find(p)])]
    if others:
        return f"所列款项说的是{others[0]}的，问题问的是{'、'.join(asked)}"
    return None


def _refers(case: Case, name: str, sentence: str) -> bool:
    """The sentence names ``name`` or calls that person by surname and title (缪老板 for 缪某某)."""
    if name in sentence:
        return True
    return any(case.resolve_alias(m.group(0)) == name
               for m in re.finditer(rf"{re.escape(name[0])}(?:{TITLES})", sentence))


def voice_doubt(case: Case, plan: CasePlan, rows: list) -> str | None:
    """按被申请人主张的…是多少 answered from rows only the other side said (申请人：…按月工资8500元算):
    what one side claims is not the other's figure."""
    if not plan.voice or not rows:
        return None
    parties = {case.statement(r.statement).party for r in rows}
    if None in parties or plan.voice in parties:
        return None
    return f"所列数额是{'、'.join(sorted(parties))}所说，问题问的是{plan.voice}的说法"


# 具体怎么算的我这边没有材料，需要回去向公司核实以后再提交: an answer put off, not given.
_DEFERRED = re.compile(r"(?:没有|没)(?:相关)?(?:材料|资料|依据)|(?:回去|需要|要)[^，。；]{0,10}核实")


def deferred_doubt(text: str) -> str | None:
    """A quote in which the speaker puts the answer off until it is checked gives none."""
    if _DEFERRED.search(text):
        return "所引语句称需核实后再答，未给出所问内容"
    return None


# 被讯问人：某某，男…… / 讯问人：…记录人：…: the record's header gives particulars, never what was done.
_HEADER_LINE = re.compile(r"^\s*(?:补充)?(?:讯问笔录|询问笔录)?\s*(?:时间|被讯问人|被询问人|讯问人|询问人|记录人)[:：]")


def header_verdict(quote: str, asked: str) -> str | None:
    """A 是/否 read from the header's particulars (no question turn before it) is no verdict."""
    if not asked and _HEADER_LINE.match(quote):
        return "所引为笔录首部，不是对所问行为的陈述"
    return None


# 三张信用卡 / 两次: the question counts the things whose figures it asks to be put together.
_SEVERAL = re.compile(r"[两二三四五六七八九十几\d]+[张笔次个台辆批件家位名条]")


def one_row_total(plan: CasePlan, part: Part, sentence: str) -> str | None:
    """三张卡的额度合计 answered with one row whose sentence says no whole (我刷了八千元). Only for a
    question that asks several things put together in words (合计, 一共 … of 三张): one payment can be
    all that was paid (已经拿到了多少工钱 — 给过一千五百元)."""
    asked = plan.text
    if plan.aggregate == "total" and TOTAL.search(asked) and _SEVERAL.search(asked) and len(part.rows) == 1 \
            and not part.summed and not TOTAL.search(sentence):
        return "所列是一笔款项，未说明合计"
    return None


def other_figure(case: Case, plan: CasePlan, part: Part, computed: bool = False) -> tuple[str, str] | None:
    """共12张（E1） where the file also says 14张 of the asked thing (a later session, the other party,
    a restatement): the thing and the sentence giving the other figure in the asked unit — the parts a
    sentence adds up to the figure (第一批10个，第二批14个) and a sentence saying the figure itself are no
    other version. ``computed``: the answer adds items up. One figure is verified only when there is none."""
    thing = counted_thing(plan.text, plan.unit)
    if computed or thing is None or thing not in case.doc_text or _ROLE_WORDS.search(thing):
        return None  # (被告赠送了多少课时: a party is no thing counted)
    told = [q for q in find_quantities(part.text) if q.meta.get("unit") in accepted_units(plan.unit)]
    given = {q.value for q in told}
    if not given:
        return None
    # another figure in the very unit the answer gives (一个月 beside 停了37天 is another span, not
    # another count of the days)
    units = {q.meta.get("unit") for q in told}
    for sentence in _naming_sentences(case, thing):
        values = [q.value for q in find_quantities(sentence) if q.meta.get("unit") in units]
        others = [v for v in values if v not in given]
        if not others or len(others) < len(values) or sum(others) in given:
            continue  # the figure itself said here, or its parts
        return thing, sentence
    return None


def other_figure_doubt(thing: str) -> str:
    # (the other figure is not restated here: a figure in the conclusion reads as an answer; the
    # conflict panel quotes it)
    return f"材料中另有语句给出{thing}的其他数目，需核对是否同一事项"


def _sentences_of(text: str) -> list[str]:
    """The sentences of a record's text read as one line (a line break wraps, it ends nothing)."""
    return [s for s in _SENTENCE_END.split(text.replace("\n", "")) if s]


def _naming_sentences(case: Case, thing: str) -> list[str]:
    """The file's sentences naming ``thing``, and the first sentence of each reply to a question
    naming it (问：鸟网你一共有几张？答：2张，每张长12米)."""
    said = [s for s in _sentences_of(case.doc_text) if thing in s]
    for statement in case.ledger.statements:
        if thing in statement.question.replace("\n", ""):
            said += _sentences_of(statement.answer)[:1]
    return said


def accepted_units(unit: str | None) -> frozenset[str]:
    """The units a figure asked in ``unit`` may be told in (个 and 人 count people alike)."""
    if unit in ("个", "人"):
        return frozenset({"个", "人"})
    family = next((f for f in UNIT_FAMILIES.values() if unit in f), None)
    return family or frozenset({unit} if unit else ())
