"""When and where something that is not a payment happened, from what was said: the date (or
place, or time of day) in the sentence telling the asked act of the asked thing, never one only
denying it; a correction of its time, another account of the same occurrence (第二次…), a hearing's
other party, or another statement using the same verb dating it differently is a conflict naming
each version."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.answer.casefile.act_mentions import (act_at, mentions, object_hit, objects_of, speaks_of, verb_told, voice,
                                                 word_hit)
from engine.answer.casefile.case import Case
from engine.answer.casefile.dates import show_said_date
from engine.answer.casefile.parts import Fill, Outcome, Part, Quoted
from engine.answer.casefile.said import (GENERAL, Match, _about_first, _anchor, _assertion, _effective_question, _gap,
                                         _ordinal_said, _sentences, _unsure_about, _weights, quote_of_one)
from engine.answer.model import Conflict
from engine.answer.wording import chinese_count, quoted
from engine.answer.casefile.facts import Anchor, Statement
from engine.answer.casefile.facts.confirm import CONFIRM, DENY, confirmation_note, put_to_speaker
from engine.text.boundaries import SENTENCE_ZH
from engine.text.case_lexicon import (CORRECTION, FESTIVAL_DATE, MONTH_PART, PLACE, PLACE_ENDS, READS_OUT, RELATIVE_DATE, RESTATE, TIME_OF_DAY, POSTURES, ordinal_of,
                                      is_clock_time, same_posture)
from engine.question import CasePlan, Slot
from engine.text.boundaries import CLAUSE_PREDICATE
from engine.text.dates import find_dates
from engine.text.lines import find_whole
from engine.text.segments import Segment, flat, split
from engine.text.ordinals import occasion_of, occasions_named


def when_where(case: Case, plan: CasePlan, chosen: list[Match], slot: Slot, outcome: Outcome) -> Part:
    """The date (or place) of an event that is not a payment (打架发生在什么时间): from the
    statement a correction of its time points back to (你刚才说打架是晚上十点左右 — the account that
    said so), else from the best-matching statements that state one — a sentence telling the asked
    act of the asked thing first (签订《…合同》 beats 签收日期), never one denying it (我不是4月27日送到的);
    the correction is a conflict."""
    label = "时间" if slot is Slot.DATE else "地点"
    # 什么时候、在哪里撞的？—2023年11月26日晚上…，在…: an answer to the asker asking just this of the act
    # is about it, whatever else ranks higher (撞车之前商量过几次？—…一次是11月20日左右 dates the talks)
    asked_of = _asked_of_act(case, plan, slot)
    anchored = _corrected_statements(case, plan) + asked_of
    ranked = [m.statement.index for m in chosen[:3]]
    weights = _weights(plan, case)
    statements = [case.statement(i) for i in dict.fromkeys(asked_of + anchored + ranked)]
    if statements and statements[0].index in (asked_of[:1] or ranked[:1]):
        first = statements[0]
        unsure = next((s for s in _sentences(first) if _unsure_about(s.text, slot)), None)
        if unsure is not None:
            gap = _gap(case, first, unsure, outcome, label)
            dated = _occasion_dated(case, plan, first) if slot is Slot.DATE else None
            if dated is None:
                # 春节前几天，… 具体是腊月二十几我记不清了: the stretch the speaker does give, beside the day he
                # does not remember
                told = next((p for sentence in _sentences(first) if slot is Slot.DATE
                             and not _of_another_occasion(plan, sentence.text)
                             and (p := _relative_part(case, first, sentence, label)) is not None), None)
                if told is None:
                    return gap
                return Part(label, f"{told.text}；具体日期{gap.text}", Fill.UNSURE, [*told.evidence, *gap.evidence])
            # 第一次具体是哪天记不清了 … later: 从去年的4月27日第一次到…: the date another statement gives
            # that occasion, beside the one not remembering it — neither chosen
            statement, quote, date = dated
            cited = case.cite(_anchor(statement, quote))
            said = f"{show_said_date(case, date, statement)}（{cited}：{quoted(quote.text)}）"
            outcome.conflicts.append(Conflict("testimony", f"{label}说法不一：{gap.evidence[0]}称记不清；{cited}称{said}",
                                              [*gap.evidence, cited]))
            unsure_said = gap.text.replace("，材料未给出确切答案", "")
            return Part(label, f"{unsure_said}；另{cited}称{said}，需人工核实", Fill.CONFLICT, [*gap.evidence, cited])
    if slot is Slot.PLACE and plan.located and (found := _location_of(case, plan.located, label)) is not None:
        return found
    if slot is Slot.PLACE and plan.posture:
        found = _posture_place(case, plan, statements)
        if found is not None:
            return found
    pieces, undated = [], []
    for rank, statement in enumerate(statements):
        for order, sentence in enumerate(_about_first(plan, _sentences(statement), weights)):
            pieces.append((_tells(plan, case, sentence.text), rank, order, statement, sentence))
    for tells, _, _, statement, sentence in sorted(pieces, key=lambda p: (p[3].index not in asked_of, p[1] if p[3].index in asked_of else 0,
                                                                        -p[0], p[1], p[2])):
        if slot is Slot.DATE:
            # a statement a correction of the act's time points back to is about the act
            if statement.index not in anchored and not _dates_the_act(plan, case, statement, sentence, tells):
                continue
            dates = _dates_of_act(plan, sentence.text)
            own = _act_clause_time(plan, sentence.text, dates)
            if ((not dates and statement.index in asked_of) or own is not None) and _asks_of_thing(plan, case, statement, sentence):
                # 你从什么时候开始…？—今年5月左右开始的 / 大概6月中旬左右开始上街，一直干到10月29日: the time the
                # answer to the asker, or the clause telling the act, says — before any other date
                told = _relative_part(case, statement, sentence, label, within=own or 0, months=True)
                if told is not None:
                    return told
            if not dates:
                undated.append((statement, sentence))  # 上个月中旬…: only when no sentence dates the act
                continue
            # the start of a stretch quoted without its end (…开始干的，一直干到…): one date per quote
            quote = quote_of_one(sentence, (dates[0].start, dates[0].end), [(d.start, d.end) for d in dates
                                                                              if str(d.value) != str(dates[0].value)])
            cited = case.cite(_anchor(statement, quote))
            shown = show_said_date(case, dates[0], statement)
            part = Part(label, f"{label}：{shown}（{cited}：{quoted(quote.text)}）", Fill.FILLED, [cited])
            _time_conflict(case, plan, part, outcome)
            # the same act dated differently: by another party of a hearing (each named), by another
            # account of that occurrence (第二次…), or in another statement using the same verb
            for conflict in (_party_conflict, _occurrence_conflict, _date_conflict):
                if part.fill is not Fill.CONFLICT:
                    conflict(case, plan, statement, sentence, Dated(str(dates[0].value), shown), part, outcome)
            if part.fill is Fill.FILLED:
                _party_agreement(case, plan, statement, Dated(str(dates[0].value), shown), part)
            return part
        # the place of the asked act — in a statement a correction of its time points back to, told
        # of it, or setting the scene of a narration telling it (as for its date); with no act named,
        # a place in a clause holding one of the question's verbs, or said to the asker's own
        # question where the act was done — never where something else happened (在路口把车停下,
        # 交完钱去了菜市场，在市场门口碰到了老乡 for 在哪里交的钱)
        asked = _effective_question(case, statement)
        if statement.index in asked_of and (place := _answered_place(sentence.text)) is not None:
            cited = case.cite(_anchor(statement, sentence))
            return Part(label, f"{label}：{place}（{cited}：{quoted(sentence.text)}）", Fill.FILLED, [cited],
                        quoted=Quoted(sentence.text, Slot.PLACE, asked, plan))
        if plan.focus.acts:
            place = _place_of_act(plan, sentence.text) if statement.index in anchored \
                or _dates_the_act(plan, case, statement, sentence, tells) else None
            # a sentence not telling the act, in an answer about it, places it where something is or
            # happens (第一次是…，在滨江路喝完酒开回家的), never where someone went (打架是怎么结束的？—…
            # 往西边停车场去了) — unless the asker asked where, or it sets the scene of a telling after it
            if place is not None and tells < 1 and not WHERE_ASKED.search(asked) and not place.group(0).startswith(("在", "于")) \
                    and not any(later.start > sentence.start and _tells(plan, case, later.text) >= 1
                                for later in _sentences(statement)):
                place = None
        else:
            place = _place_of_verb(plan, asked, sentence.text)
        if place:
            cited = case.cite(_anchor(statement, sentence))
            return Part(label, f"{label}：{place.group('place')}（{cited}）", Fill.FILLED, [cited],
                        quoted=Quoted(sentence.text, Slot.PLACE, asked, plan))
    for statement, sentence in undated:
        part = _day_of_asker(case, statement, sentence, label) or _relative_part(case, statement, sentence, label)
        if part is not None:  # 那天 of the day the asker named, or as said with the record's date it is relative to
            return part
    if slot is Slot.DATE and (read := _read_out_date(case, plan, label)) is not None:
        return read
    if (scene := _scene_set_by_asker(case, plan, slot, label)) is not None:
        return scene
    # no chosen statement dates the act, one telling it says when is not remembered (还他的是现金，具体哪天还的
    # 记不清了 after 有四万是还我表哥的): that gap is the answer, not silence
    for statement in statements[1:]:
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, slot)
                       and _tells(plan, case, s.text) >= 1), None)
        if unsure is not None:
            return _gap(case, statement, unsure, outcome, label)
    return Part(label, "", Fill.MISSING)


def _read_out_date(case: Case, plan: CasePlan, label: str) -> Part | None:
    """处罚决定是哪天作出的, told by no answer: the date of the act in a document the asker reads out or
    shows (现向你出示…决定书，上面写明于某日对你作出…处罚), when the speaker confirms what was put to him
    (对，是罚了八千…) — attributed to the document and the confirmation, never the speaker's own telling.
    None when no such sentence dates the act asked of a thing asked, or the speaker does not confirm."""
    things = objects_of(plan, case.people(), case.doc_text)
    for statement in case.ledger.statements:
        if statement.kind != "qa" or not statement.question_span or not READS_OUT.search(statement.question):
            continue
        put = put_to_speaker(statement.question, statement.answer, case.people())
        if put is None or put.stance not in ("confirm", "hedge"):
            continue
        asked = statement.asked or statement.question
        for sentence in split(asked, 0, len(asked), SENTENCE_ZH):
            tells = _tells(plan, case, sentence.text)
            if tells < 1 or tells == 1 and things and not any(object_hit(o, sentence.text) for o in things):
                continue
            dates = _dates_of_act(plan, sentence.text)
            if not dates:
                continue
            base = statement.question_span[0]
            cited = case.cite(Anchor(statement.chunk_id, base + sentence.start, base + sentence.end))
            shown = show_said_date(case, dates[0], statement)
            note = confirmation_note(put.how, put.words, put.stance == "hedge")
            return Part(label, f"{label}：{shown}（{cited}：{quoted(flat(sentence.text))}；{note}）", Fill.FILLED, [cited])
    return None


# Words between an event's date and its act that set no place (晚上, 那天, 在, 的): what is left is the place.
_SCENE_FILLER = re.compile(r"^(?:的|在|于|那天|当天|那晚|当晚|凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜|深夜"
                           r"|左右|前后|\d{1,2}(?:点|时)(?:\d{1,2}分)?多?|[，,\s])+")
_SCENE_PLACE = re.compile(rf"[\u4e00-\u9fffA-Za-z0-9]{{2,16}}?(?:{PLACE_ENDS}|夜市|市|镇|县)")


def _scene_set_by_asker(case: Case, plan: CasePlan, slot: Slot, label: str) -> Part | None:
    """7月6日晚上城东夜市打架的事情，你看到了吗？—看到了，…: the asker names the event by its date and place
    and the speaker takes it up (does not deny it) — the event's date (or place) is the asker's, quoted
    from the question and attributed to it. The date is the one in the clause telling the asked act; the
    place is what stands between that date and the act (城东夜市), or a place phrase of that clause.
    None when no question names the act so, or every one naming it is denied."""
    if not plan.focus.acts:
        return None
    for statement in case.ledger.statements:
        if statement.kind != "qa" or not statement.question_span or not statement.answer.strip():
            continue
        head = re.split(r"[，,。；;！!？?]", statement.answer.strip(), maxsplit=1)[0]
        if DENY.match(head) and not CONFIRM.match(head):
            continue  # 没看到 / 不是那天: the speaker does not take the event up
        asked = statement.asked or statement.question
        for sentence in split(asked, 0, len(asked), SENTENCE_ZH):
            told = [m for m in mentions(plan, sentence.text) if not m.negated and not m.irrealis]
            if not told:
                continue
            clause = told[0].clause
            dates = [d for d in find_whole(find_dates, clause.text) if d.meta.get("granularity") != "time"]
            if not dates:
                continue
            base = statement.question_span[0] + sentence.start
            if slot is Slot.DATE:
                value = show_said_date(case, dates[0], statement)
            else:
                act = act_at(plan, clause.text)
                between = clause.text[dates[0].end:act] if act > dates[0].end else ""
                between = _SCENE_FILLER.sub("", between)
                between = re.sub(r"(?:的|发生的?)$", "", between)
                place = _SCENE_PLACE.fullmatch(between) or place_in(clause.text)
                if place is None:
                    continue
                value = flat(place.group("place") if "place" in place.re.groupindex else place.group(0))
            cited = case.cite(Anchor(statement.chunk_id, base, base + len(sentence.text.rstrip())))
            return Part(label, f"{label}：{value}（{cited}：{quoted(flat(sentence.text))}，询问人所述，"
                               f"被询问人答“{flat(head)}”）", Fill.FILLED, [cited])
    return None


def _location_of(case: Case, thing: str, label: str) -> Part | None:
    """仓库在什么地方: where an answer says the thing is (仓库在店后面金穗小区11栋一楼的车库), the first
    such sentence of the record; None when no answer places it so."""
    said = re.compile(re.escape(thing) + r"(?:就|是|都)?(?:在|位于)(?P<place>[^，,。；;！？]{2,40})")
    for statement in case.ledger.statements:
        if statement.kind != "qa":
            continue
        for sentence in _sentences(statement):
            found = said.search(sentence.text.replace("\n", ""))
            if found is None or not place_in("在" + found.group("place")) and not _SCENE_PLACE.search(found.group("place")):
                continue
            cited = case.cite(_anchor(statement, sentence))
            return Part(label, f"{label}：{thing}在{flat(found.group('place'))}（{cited}：{quoted(sentence.text)}）",
                        Fill.FILLED, [cited], quoted=Quoted(sentence.text, Slot.PLACE, statement.question))
    return None


# The asker asking when (什么时候、在哪里撞的 / 哪天打的).
WHEN_ASKED = re.compile(r"什么时候|什么时间|哪天|哪一天|几号|几月几[日号]|何时|哪年")


def _asked_of_act(case: Case, plan: CasePlan, slot: Slot) -> list[int]:
    """Statements whose asker asked just the slot of the asked act (什么时候、在哪里撞的？ for 撞车是什么时间、
    在什么地方发生的): the act said whole or by its verb (撞 of 撞车, before 的/了/过), never another
    verb sharing its first character (打电话 is no 打架), nor another occurrence of it (第二次…)."""
    asking = WHEN_ASKED if slot is Slot.DATE else WHERE_ASKED
    acts = [a for a in plan.focus.acts if a not in GENERAL]
    if not acts:
        return []
    found = []
    for statement in case.ledger.statements:
        asked = statement.question
        if statement.kind != "qa" or not asking.search(asked) or RESTATE.search(asked):
            continue  # 你前面说第二次是…，到底是哪一天: a restatement, weighed as a version elsewhere
        if plan.ordinal is not None and _ordinal_said(statement) not in (None, plan.ordinal):
            continue  # 第二次抢劫是哪天 does not answer 第一次抢劫是什么时间
        # the act itself, not a kindred word (改送货地点是哪天 asks when the change was, not the 送到);
        # 撞车之前商量过几次？在哪里商量的: a time counted from the act asks of another one
        if any((word_hit(a, asked) >= 1.0 or len(a) == 2 and re.search(re.escape(a[0]) + r"(?=[的了过着完？?，,]|$)", asked))
               and not _counted_from(asked, a) for a in acts):
            found.append(statement.index)
    if plan.ordinal is not None:  # the one asked of that very occurrence first (第二次碰面是什么时候、在哪里)
        found.sort(key=lambda i: _ordinal_said(case.statement(i)) != plan.ordinal)
    return found[:2]


# 在滨江区望湖路和青石路交叉口往东大概两百米的地方: the place an answer to 在哪里 gives, to its clause's end.
_PLACE_ANSWERED = re.compile(r"(?:^|[，,])(?:就|是|都)?(?:在|于)(?P<place>[^，,。；;！？]{2,40})")


def _answered_place(text: str) -> str | None:
    """The place an answer to the asker's 在哪里 gives: its first 在… clause whole, else a place phrase."""
    said = _PLACE_ANSWERED.search(text)
    if said:
        return flat(said.group("place"))
    found = place_in(text)
    return flat(found.group("place")) if found and "place" in found.re.groupindex and found.group("place") else None


def _place_of_act(plan: CasePlan, text: str) -> re.Match[str] | None:
    """The place of a sentence telling the asked act: in the act's own clause, else the last one set
    before it (我们在烧烤店喝酒，他们就打起来了) — never one told after it (打了一阵…，往西边停车场去了
    is where they went, not where it happened). A sentence not telling the act sets the scene: any."""
    told = [m for m in mentions(plan, text) if not m.negated and not m.irrealis]
    if not told:
        return place_in(text)
    clause = told[0].clause
    own = place_in(clause.text)
    if own is not None:
        return own
    before = [m for m in PLACE.finditer(text[:clause.start])]
    return before[-1] if before else None


def place_in(text: str) -> re.Match[str] | None:
    """A place phrase of a sentence (在十字路口, 扔进了路边的垃圾桶), or None."""
    return PLACE.search(text) or PUT_AWAY.search(text)


def says_place(text: str) -> bool:
    """Whether a sentence says where something happened or came to be (倒在河堤下面的台阶上 too)."""
    return bool(place_in(text) or POSTURE_SAID.search(text))


def _place_of_verb(plan: CasePlan, asked: str, text: str) -> re.Match[str] | None:
    for clause in split(text, 0, len(text), CLAUSE_PREDICATE):
        place = place_in(clause.text)
        if place and acts_in(plan, clause.text):
            return place
    return place_in(text) if WHERE_ASKED.search(asked) and acts_in(plan, asked) else None


# The asker asking where (你在哪里交的钱？): the answer's place is the asked act's.
WHERE_ASKED = re.compile(r"哪里|哪儿|什么地方|什么地点|在哪|什么位置")


def acts_in(plan: CasePlan, text: str) -> bool:
    """Whether the text holds one of the question's verbs (or its act): none asked, any text does."""
    verbs = [v for v in plan.question.verbs if v not in GENERAL] + list(plan.focus.acts)
    return not verbs or any(verb_told(v, text) for v in verbs) or act_at(plan, text) >= 0


# A reply's word for the day the asker's question named (2024年3月19日发生了什么事？—那天下午…).
_THAT_DAY = re.compile(r"^(?:那天|当天|那一天|这天|那晚|当晚|那天晚上|那天下午|那天上午)")


def _day_of_asker(case: Case, statement: Statement, sentence: Segment, label: str) -> Part | None:
    """2024年3月19日发生了什么事？—那天下午4点左右，…到我店里检查: the reply's sentence telling the act opens
    with 那天 / 当天, and the asker's question names one day — the act's date is that day, quoted from the
    question and the reply both. None when the sentence does not open so or the question names no
    single day (两个日期: which one 那天 means is not read)."""
    if not _THAT_DAY.match(sentence.text.strip()) or not statement.question_span:
        return None
    asked = statement.question
    dates = [d for d in find_whole(find_dates, asked) if d.meta.get("granularity") == "day"]
    if len({str(d.value) for d in dates}) != 1:
        return None
    base = statement.question_span[0]
    question = case.cite(Anchor(statement.chunk_id, base, base + len(asked.rstrip())))
    cited = case.cite(_anchor(statement, sentence))
    shown = show_said_date(case, dates[0], statement)
    return Part(label, f"{label}：{shown}（{question}：{quoted(flat(asked))}，询问人所述；"
                       f"{cited}：{quoted(sentence.text)}）", Fill.FILLED, [question, cited])


@dataclass(frozen=True)
class _TimeSaid:
    """A time as a sentence says it: where it starts and ends in the sentence, and its words."""

    start: int
    end: int
    words: str


def _relative_times(text: str, months: bool = False) -> list[_TimeSaid]:
    """The times a sentence says relative to the record (上个月中旬, 今年5月左右) — with ``months``, a month
    said without its year too (6月中旬左右) — in order, read across a line the PDF wrapped (大概6月|中旬左右)."""
    plain = text.replace("\n", "")
    where = [i for i, ch in enumerate(text) if ch != "\n"] + [len(text)]
    found = [m for m in RELATIVE_DATE.finditer(plain) if m.group(0)]
    if months:
        found += [m for m in _MONTH_SAID.finditer(plain) if not any(f.start() <= m.start() < f.end() for f in found)]
    return [_TimeSaid(where[m.start()], where[m.end() - 1] + 1, m.group(0)) for m in sorted(found, key=lambda m: m.start())]


# 6月中旬左右 / 5月份: a month said without its year, a part of it or 份 after (placed by the record's date)
_MONTH_SAID = re.compile(rf"(?:{MONTH_PART.pattern})(?:左右|前后)?")


def _relative_part(case: Case, statement: Statement, sentence: Segment, label: str, within: int = 0,
                   months: bool = False) -> Part | None:
    """A time said relative to the record (上个月中旬的一天下午): given as said, its imprecision kept,
    with the date of the session it was said in that it is relative to, the header cited for that date
    (the stretch it names is not a date any quote states; it is never turned into a day). ``within``: the
    first such time from that offset of the sentence (the clause telling the act); ``months``: a month said
    without its year (6月中旬左右) is read too."""
    from datetime import date

    from engine.answer.casefile.dates import record_cite
    from engine.answer.casefile.facts.when import festival_range, relative_range, session_date

    said = next((t for t in _relative_times(sentence.text, months=months) if t.start >= within), None)
    reference = session_date(case.ledger, statement.session)
    if reference is None:
        return None
    if said is None or relative_range(said.words, date.fromisoformat(reference)) is None:
        # 腊月二十左右 / 清明节前两天: a lunar day or a festival, placed by the record's year
        said = next((_TimeSaid(m.start(), m.end(), m.group(0)) for m in FESTIVAL_DATE.finditer(sentence.text)
                     if m.group("name") and festival_range(m, date.fromisoformat(reference), None) is not None), None)
    if said is None:
        return None
    where = record_cite(case, statement.session)  # cites the header: only once the time is given
    if where is None:
        return None
    rest = re.match(r"(?:的)?(?:一天|某天|有一天|那天)?(?:的)?(?:上午|下午|中午|晚上|傍晚|凌晨|早上|夜里)?",
                    sentence.text[said.end:])
    words = flat(said.words + (rest.group(0) if rest else ""))
    # (大概6月中旬左右开始上街，一直干到10月29日…: the quote leaves out a day told of another clause)
    days = [(d.start, d.end) for d in find_dates(sentence.text) if d.meta.get("granularity") != "time"]
    quote = quote_of_one(sentence, (said.start, said.end), days)
    cited = case.cite(_anchor(statement, quote))
    # the record's own date is cited, not written out: a day-precise date beside a stretch would read
    # as the answer (上个月中旬 is no 2024年1月18日)
    if re.match(r"\d{4}年", words):  # 2019年秋天: its year written, relative to nothing
        return Part(label, f"{label}：{words}（材料未给出具体日期；{cited}：{quoted(quote.text)}）", Fill.FILLED, [cited])
    return Part(label, f"{label}：{words}（材料未给出具体日期，“{flat(said.words)}”相对本次笔录时间（{where}）而言；"
                       f"{cited}：{quoted(quote.text)}）", Fill.FILLED, [cited, where])


# Where someone or something came to be, as said (倒在河堤下面的台阶上, 停在加油站出口旁边的绿化带上):
# the act, then the place up to its last word of position (蹲在一辆摩托车旁边抽烟 → 一辆摩托车旁边).
def _posture_subject(plan: CasePlan) -> str:
    """Who or what the question asks to have lain or stood somewhere: its words before the act
    (那个男的倒在哪里 → 男的, 被撞的人躺在什么位置 → 被撞的人); "" when none are said."""
    said = re.search(rf"([\u4e00-\u9fffA-Za-z]{{1,10}}?){plan.posture}在", plan.text)
    return re.sub(r"^(?:那个|这个|那辆|这辆|那位|这位|那|这)", "", said.group(1)) if said else ""


def _names(asked: str, text: str) -> bool:
    """Whether ``text`` names the asked one: its head (人 of 被撞的人, 老人) or two of its characters together."""
    core = asked.replace("的", "")
    return bool(core) and (core[-1] in text or any(core[i:i + 2] in text for i in range(len(core) - 1)))


# Words before a posture act that name no one of their own (他就倒在…, 当时已经躺在…): the subject elided.
_ELIDED = re.compile(r"[他她它]们?|人|那人|对方|自己|就|又|也|还|都|当时|已经|直接|一下子?|马上|立刻|一直|看到|看见|发现|\s")
_OTHER_SUBJECT = re.compile(r"[\u4e00-\u9fff]")
POSTURE_SAID = re.compile(rf"(?P<act>[{''.join(POSTURES)}])在(?P<place>[^，。；！？,;]{{2,24}})")
_LOCATIVE_END = re.compile(r".*(?:上|下|边|里|内|外|间|口|前|后|处|角|侧|头|面|底|旁)", re.S)  # across a wrapped line


def _posture_place(case: Case, plan: CasePlan, statements: list[Statement]) -> Part | None:
    """倒在哪里 / 停在什么位置: the place said after that act in the clause telling it of the asked one
    (the thing or person the question names before the act, found in the clause first), from the
    best-matching statements in order; None when no clause tells the act."""
    things = [o.lower() for o in plan.focus.objects if o != plan.posture and len(o) >= 2]
    asked = _posture_subject(plan)
    found = []
    for rank, statement in enumerate(statements):
        for sentence in _sentences(statement):
            for clause in split(sentence.text, 0, len(sentence.text), CLAUSE_PREDICATE) or [sentence]:
                for said in POSTURE_SAID.finditer(clause.text):
                    if not same_posture(plan.posture, said.group("act")):
                        continue
                    near = _LOCATIVE_END.match(said.group("place"))
                    place = flat(near.group(0) if near else said.group("place"))
                    before = clause.text[:said.start()]
                    named = any(t in before.lower() for t in things) or _names(asked, before)
                    if asked and not named and _OTHER_SUBJECT.search(_ELIDED.sub("", before)):
                        continue  # 电动车倒在…: something else said to lie there, not the one asked
                    # the asked one's head said before the act (骑三轮的大爷 → 大爷躺在…) beats a thing its
                    # words only modify it by (三轮车倒在…)
                    head = asked.rsplit("的", 1)[-1]
                    found.append((not named, not (head and head in before), rank, statement, sentence, clause, place))
    if not found:
        return None
    best = min(found, key=lambda f: f[:3])
    if things and best[0] and len({f[6] for f in found}) > 1:
        return None  # the asked one is named in no clause and the clauses place it differently
    _, _, _, statement, sentence, clause, place = best
    quote = Segment(sentence.start + clause.start, sentence.start + clause.end, clause.text)
    cited = case.cite(_anchor(statement, quote))
    return Part("地点", f"地点：{place}（{cited}：{quoted(clause.text)}）", Fill.FILLED, [cited],
                quoted=Quoted(clause.text, Slot.PLACE, statement.question))


# Where a thing was put, thrown or hidden (扔进了路边的垃圾桶, 藏在床底下).
PUT_AWAY = re.compile(r"(?:扔|丢|放|藏|埋|塞|扔掉|丢掉)(?:进|到|在|入)了?(?P<place>[\u4e00-\u9fff]{1,12}?"
                      r"(?:桶|箱|河|湖|江|沟|井|柜|屉|包|池|坑|丛|堆|车上|家里|下面|底下|旁边|边上|里))")


@dataclass(frozen=True)
class Dated:
    """The part's date: as read (ISO, to compare) and as shown (with a resolved year)."""

    value: str
    shown: str


def _asks_of_thing(plan: CasePlan, case: Case, statement: Statement, sentence: Segment) -> bool:
    """The sentence or the asker's question it answers names a thing the question names (夜市 for 什么时候
    开始到夜市摆摊的), or the question names none."""
    things = objects_of(plan, case.people(), case.doc_text)
    said = _effective_question(case, statement) + sentence.text.replace("\n", "")
    return not things or any(object_hit(o, said) for o in things)


def _act_clause_time(plan: CasePlan, text: str, dates) -> int | None:
    """Where a time without its year stands in the clause telling the asked act (6月中旬左右开始上街) when
    no date of the sentence does (一直干到10月29日 is another clause's): its offset, else None."""
    told = [m for m in mentions(plan, text) if not m.negated and not m.irrealis]
    for m in told:
        said = [t for t in _relative_times(text, months=True) if m.clause.start <= t.start < m.clause.end]
        dated = [d for d in dates if m.clause.start <= d.start < m.clause.end]
        if dated:
            # 2019年秋天进的幼儿园: a year read as the date, the season said right after it, is the season
            wider = next((t for t in said for d in dated if d.meta.get("granularity") == "year"
                          and t.start <= d.start and t.end > d.end), None)
            return wider.start if wider is not None else None
        if said:
            return said[0].start
    return None


def _dates_of_act(plan: CasePlan, text: str):
    """The dates of a sentence, the one in the clause telling the asked act first (合同于1月8日签订，
    3月20日才送到工地: 送到 is 3月20日)."""
    # a date a PDF wrapped (二〇二\n三年十一月二十七日) is read whole, so that a quote for another
    # date of the sentence leaves it out
    dates = [d for d in find_whole(find_dates, text) if d.meta.get("granularity") != "time"]
    told = [m for m in mentions(plan, text) if not m.negated and not m.irrealis]
    near = [d for d in dates if any(m.clause.start <= d.start < m.clause.end for m in told)]
    return near + [d for d in dates if d not in near]


def _dates_the_act(plan: CasePlan, case: Case, statement: Statement, sentence: Segment, tells: int) -> bool:
    """Whether a sentence's date can be the asked act's: it tells the act of an asked thing; or the
    answer was asked of the act (你哪天签的？—3月2日); or it tells the act with no thing asked or
    one named there; or, telling no act, it sets the scene of a narration that tells the act after
    it (2023年12月24日晚上，我们在…吃夜宵。…就打起来了). 签收日期4月27日 beside a 签收单 dates no
    signing of the 合同 asked, nor does a date told after the act about something else."""
    if tells >= 2 or not plan.focus.acts or _tells(plan, case, _effective_question(case, statement)) > 0:
        return True
    if tells == 1:
        things = objects_of(plan, case.people(), case.doc_text)
        return not things or any(object_hit(o, sentence.text) for o in things)
    return any(later.start > sentence.start and (t := _tells(plan, case, later.text)) >= 1
               and not _act_as_time(plan, later.text)
               and _dates_the_act(plan, case, statement, later, t) for later in _sentences(statement))


# 你们抓到我以后我才知道的: the act only as the time of something else, after the act's verb and its object
_AS_TIME = re.compile(r"^[^，。；,;]{0,6}?(?:以后|之后|以前|之前|的时候)")


def _act_as_time(plan: CasePlan, text: str) -> bool:
    """The sentence names the act only as a time for another thing (…抓到我以后才知道): it narrates no act."""
    at = act_at(plan, text)
    return at >= 0 and bool(_AS_TIME.search(text[at + 1:].replace("\n", "")))


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


def _party_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: Dated,
                    part: Part, outcome: Outcome) -> None:
    """A hearing's parties dating the asked act differently (原告: 4月27日才运到工地; 被告: 我4月18日就
    送到了): each party's version, attributed, as a conflict. A clause only denying a date (我不是
    4月27日送到的) is no version of its own."""
    mine = statement.party
    for other in case.ledger.statements:
        if other.kind == "header" or other.party in (None, mine) or mine is None:
            continue
        for mention in mentions(plan, other.answer):
            if mention.negated or mention.irrealis or mention.settled is not None:
                continue
            # the very act word (送到), or the asked thing beside a kindred one (签字 is not 签订《合同》)
            if not (any(len(a) >= 2 and a in mention.clause.text for a in plan.focus.acts)
                    or _tells(plan, case, mention.sentence.text) == 2):
                continue
            # the other party's date of the act is one told in the act's own clause: 在离婚前一个月内分三次
            # 取现：2023年10月9日取… dates a withdrawal, not the divorce it is counted back from
            told = [m for m in mentions(plan, mention.sentence.text) if not m.negated and not m.irrealis]
            dates = [d for d in _dates_of_act(plan, mention.sentence.text) if d.meta.get("granularity") == "day"
                     and any(m.clause.start <= d.start < m.clause.end for m in told)]
            if not dates or _compatible(str(dates[0].value), value.value):
                continue
            _another_version(case, part, outcome, other, mention.sentence, value.shown,
                             show_said_date(case, dates[0], other), "各方说法不一",
                             (voice(statement), voice(other)))
            return


# A day said only to be denied: 不是2019年3月1日 / 并非… / 而不是…
_DENIED_DAY = re.compile(r"(?:不是|并非|并不是|而非|不在|没有在)\s*$")


def _party_agreement(case: Case, plan: CasePlan, statement: Statement, value: Dated, part: Part) -> None:
    """A hearing's other side dating the asked act the same day (申请人: 2024年2月29日公司…发了解除劳动合同
    通知书; 被申请人: 解除通知书是2024年2月29日送达的): its telling is cited beside, each side named —
    a date both sides state is the hearing's common ground. The first such telling, in record order."""
    mine = statement.party
    if mine is None or not plan.focus.acts:
        return
    for other in case.ledger.statements:
        if other.kind != "qa" or other.party in (None, mine):
            continue
        for sentence in _sentences(other):
            told = [m for m in mentions(plan, sentence.text) if not m.negated and not m.irrealis]
            if not told:
                continue
            # a day stated, not one denied (入职时间不是2019年3月1日 disputes that day)
            days = [d for d in find_whole(find_dates, sentence.text) if d.meta.get("granularity") == "day"
                    and not _DENIED_DAY.search(sentence.text[:d.start])]
            if not days or str(days[0].value) != value.value:
                continue
            cited = case.cite(_anchor(other, sentence))
            part.text = part.text.replace("：", f"：{voice(statement)}称", 1) + \
                f"；{voice(other)}亦称{show_said_date(case, days[0], other)}（{cited}：{quoted(sentence.text)}），双方所述一致"
            part.evidence.append(cited)
            return


def time_of_day(case: Case, plan: CasePlan, chosen: list[Match], outcome: Outcome) -> Part:
    """几点: the clock time said in the best statements, the sentence holding the asked act first
    (我被拦下来的时候…是23时42分)."""
    weights = _weights(plan, case)
    for rank, match in enumerate(chosen[:3]):
        statement = match.statement
        unsure = next((s for s in _sentences(statement) if _unsure_about(s.text, Slot.DATE)), None)
        if unsure is not None and rank == 0:
            # 下午三点多，具体几点记不清 — then 经调取通话记录，你于…15时42分拨打…，是否属实？—属实: the
            # record the speaker confirmed gives the time, the vaguer telling named as refined
            confirmed = _confirmed_clock(case, plan, chosen, statement)
            return confirmed or _gap(case, statement, unsure, outcome, "时间")
        for sentence in _about_first(plan, _sentences(statement), weights):
            if (part := _clock_part(case, statement, sentence)) is not None:
                return part
    return _clock_of_act_asked(case, plan, chosen) or Part("时间", "", Fill.MISSING)


def _clock_part(case: Case, statement: Statement, sentence: Segment, doubt: str | None = None) -> Part | None:
    """时间：<the sentence's first clock time>, the sentence quoted; None when it tells none."""
    clock = next((m for m in TIME_OF_DAY.finditer(sentence.text) if is_clock_time(m)), None)
    if clock is None:
        return None
    cited = case.cite(_anchor(statement, sentence))
    return Part("时间", f"时间：{clock.group(0)}（{cited}：{quoted(sentence.text)}）", Fill.FILLED, [cited], doubt=doubt)


def _clock_of_act_asked(case: Case, plan: CasePlan, chosen: list[Match]) -> Part | None:
    """No ranked statement tells a clock time: the first reply to an asker's question telling the asked act
    (那天你是怎么被查获的？—那天早上五点半左右，…) that opens with one — under review, the act being the
    asker's words."""
    if not plan.focus.acts or plan.ordinal is not None:
        return None  # (第二次 of an act told several times: which reply tells that one is not read here)
    ranked = {m.statement.index for m in chosen[:3]}
    for statement in case.ledger.statements:
        if statement.kind != "qa" or statement.index in ranked or act_at(plan, statement.question, main=True) < 0:
            continue
        opening = next(iter(_sentences(statement)), None)
        if opening is not None and (part := _clock_part(case, statement, opening, "时间读自对询问人所问该行为的回答")):
            return part
    return None


def _confirmed_clock(case: Case, plan: CasePlan, chosen: list[Match], vague: Statement) -> Part | None:
    """The clock time of the asked act in a later fact the asker put and the speaker confirmed."""
    later = [s for s in case.ledger.statements if s.kind == "qa" and vague.index < s.index <= vague.index + 6]
    for statement in [m.statement for m in chosen] + later:
        put = put_to_speaker(statement.question, statement.answer, case.people())
        if statement.index <= vague.index or put is None or put.stance != "confirm" or put.told_by:
            continue
        asked = _assertion(case, plan, statement)
        clock = next((m for m in TIME_OF_DAY.finditer(asked.text) if is_clock_time(m)), None) if asked else None
        others = [n for n in plan.names if n in case.people() and n != statement.speaker]
        if clock is None or not all(n in asked.text for n in others):
            continue  # the same act: the people the question names are in the record put
        cited = case.cite(Anchor(statement.chunk_id, asked.start, asked.end))
        earlier = case.cite(_anchor(vague, _sentences(vague)[0]))
        note = confirmation_note(put.how, put.words, hedged=False)
        return Part("时间", f"时间：{clock.group(0)}（{cited}：{quoted(asked.text)}，{note}；此前称"
                            f"{quoted(_sentences(vague)[0].text)}（{earlier}），以记录为准）", Fill.FILLED, [cited])
    return None


def _occurrence_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: Dated,
                         part: Part, outcome: Outcome) -> None:
    """第二次抢劫是哪一天: another statement about the same occurrence (telling the same 第N次 and
    speaking of the same act) dating it differently — a correction or a slip — is a conflict
    naming both; one dating it to the day within the part's month or part of it (10月中旬 and
    10月16日) agrees, and its day is shown beside."""
    if plan.ordinal is None or plan.kind is not None:
        return
    things = objects_of(plan, case.people(), case.doc_text)
    refined = None
    for other in case.ledger.statements:
        if other.kind == "header" or other.index == statement.index or _ordinal_said(other) != plan.ordinal:
            continue
        # a correction of that occurrence need not name the act again (我记错了，第二次是…)
        if not speaks_of(plan, _effective_question(case, other), other.answer, things) and \
                not CORRECTION.search(other.answer) and not RESTATE.search(other.question):
            continue
        for piece in _sentences(other):
            dates = [d for d in find_whole(find_dates, piece.text) if d.meta.get("granularity") == "day"]
            if occasions_named(piece.text) > 1:  # 从10月16日第一次杀，到3月18日最后一次: each date its own
                spans = [(d.start, d.end) for d in dates]
                dates = [d for d in dates if occasion_of(piece.text, d.start, d.end,
                                                         [sp for sp in spans if sp != (d.start, d.end)]) == plan.ordinal]
            # 不是3月27日，应该是3月29日: the day that differs, whichever the sentence names first
            other_day = next((d for d in dates if not _same_day(str(d.value), value.value)), None)
            if other_day is None:
                # 10月中旬 and, from the account book, 10月16日: the same occasion told to the day
                finer = next((d for d in dates if len(str(d.value)) > len(value.value)), None)
                if finer is not None and part.fill is Fill.FILLED and not refined:
                    refined = case.cite(_anchor(other, piece))
                    part.text += f"；另有陈述确切为{show_said_date(case, finer, other)}（{refined}），与此相符"
                    part.evidence.append(refined)
                continue
            _another_version(case, part, outcome, other, piece, value.shown, show_said_date(case, other_day, other),
                             f"第{chinese_count(plan.ordinal)}次的时间说法不一")
            return


def _another_version(case: Case, part: Part, outcome: Outcome, other: Statement, piece: Segment, value: str,
                     said: str, topic: str, speakers: tuple[str | None, str | None] | None = None) -> None:
    """Another statement's date of the same act, beside the part's own: a conflict citing both, the
    part needs review. With ``speakers`` (a hearing's parties) each version is attributed."""
    other_id = case.cite(_anchor(other, piece))
    ids = [part.evidence[0], other_id]
    if speakers:
        outcome.conflicts.append(Conflict("testimony", f"{topic}：{speakers[0]}称{value}（{ids[0]}），"
                                                       f"{speakers[1]}称{said}（{other_id}）", ids))
        part.text = part.text.replace("：", f"：{speakers[0]}称", 1) + \
            f"；{speakers[1]}称{said}（{other_id}），{topic}，需人工核实"
    else:
        outcome.conflicts.append(Conflict("testimony", f"{topic}：{ids[0]}称{value}，{other_id}称{said}", ids))
        part.text += f"；另有陈述称{said}（{other_id}），说法不一，需人工核实"
    part.fill = Fill.CONFLICT
    part.evidence.append(other_id)


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


def _same_day(a: str, b: str) -> bool:
    """The same day, or one said without its year (--03-27) that is that day's month and day."""
    return _compatible(a, b) or a.startswith("--") and b.endswith(a[1:]) or b.startswith("--") and a.endswith(b[1:])


def _compatible(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a)  # 2022-11 and 2022-11-02 do not contradict


# 快离婚的时候 / 离婚前一个月 / 签合同以后: a time counted from the act (\0 marks where the act word
# stood), not the act's own date
_RELATIVE_TO_ACT = re.compile(r"(?:快|快要|就要|将要)\0|\0(?:前|之前|以前|后|之后|以后)")


def _counted_from(clause: str, act: str) -> bool:
    """The clause counts a time from the act rather than dating it (快离婚的时候 / 离婚前一个月 /
    签合同以后，…) — unless a date stands before the act and the clause goes on from after it:
    2022年5月我们在群里认识以后 says when they met (2023年2月快签合同的时候 says when the signing was
    near, not when it was)."""
    marked = clause.replace(act, "\0")
    relative = _RELATIVE_TO_ACT.search(marked)
    if not relative:
        return False
    if not relative.group().endswith("后"):
        return True
    at = clause.find(act)
    return not any(d.start < at for d in find_dates(clause) if d.meta.get("granularity") != "time")


def _date_conflict(case: Case, plan: CasePlan, statement: Statement, sentence: Segment, value: Dated,
                   part: Part, outcome: Outcome) -> None:
    """Another statement dating the same act differently (我是2022年3月…认识她的 / 2022年5月我们在群里
    认识以后): both dates, as a conflict. The act is the question's verb, found in both clauses."""
    acts = [w for w in plan.question.verbs if len(w) >= 2 and w not in GENERAL and w in sentence.text]
    # the act the date is told of: the verbs of the date's own clause when it holds any (2021年6月份买的
    # 比亚迪汉，…登记在被告名下 dates the buying, so 2016年5月20日登记结婚 is no other date of it)
    at = next((d.start for d in find_dates(sentence.text) if str(d.value) == value.value), None)
    own = next((c for c in split(sentence.text, 0, len(sentence.text), CLAUSE_PREDICATE)
                if at is not None and c.start <= at < c.end), None)
    if own is not None and any(verb_told(v, own.text) for v in plan.question.verbs if v not in GENERAL):
        acts = [a for a in acts if a in own.text]
    if not acts:
        return
    for other in case.ledger.statements:
        if other.kind == "header" or other.index == statement.index:
            continue
        for piece in _sentences(other):
            for clause in split(piece.text, 0, len(piece.text), CLAUSE_PREDICATE) or [piece]:
                if not any(a in clause.text and not _counted_from(clause.text, a) for a in acts):
                    continue
                dates = [d for d in find_dates(clause.text) if d.meta.get("granularity") != "time"]
                if not dates or _compatible(str(dates[0].value), value.value):
                    continue
                _another_version(case, part, outcome, other, piece, value.shown,
                                 show_said_date(case, dates[0], other), f"关于「{acts[0]}」的时间说法不一")
                return


def _of_another_occasion(plan: CasePlan, text: str) -> bool:
    """The sentence names an occasion by its number other than the one asked (第一次是去年11月初 for 第四批):
    its time is that occasion's."""
    said = ordinal_of(text)
    asked = plan.ordinal or plan.batch
    return said is not None and said != asked


def _occasion_dated(case: Case, plan: CasePlan, besides: Statement):
    """The occasion asked by its number (第一次 / 最后一次) dated in another statement: a date right
    before the number (从4月27日第一次到…) or right after it (第一次是4月27日). None unless exactly one
    date is so told of it."""
    if plan.ordinal is None and plan.aggregate not in ("first", "last"):
        return None
    number = "最后一" if plan.aggregate == "last" else chinese_count(plan.ordinal or 1)
    marks = [f"第{number}次", *(["头一次", "最早一次"] if number == "一" else [])]
    found = []
    for statement in case.ledger.statements:
        if statement is besides or statement.kind == "header":
            continue
        for sentence in _sentences(statement):
            for date in find_dates(sentence.text):
                after, before = sentence.text[date.end:date.end + 6], sentence.text[max(0, date.start - 6):date.start]
                mark_after = next((m for m in marks if re.match(rf"(?:的)?{m}", after)), None)
                if mark_after is None and not any(re.search(rf"{m}(?:是|在|为|就是)?$", before) for m in marks):
                    continue
                # the quote: from its clause's start to the number (从去年的4月27日第一次), never the date of
                # another occasion told after it in the same clause (…到12月18日最后一次)
                start = max(sentence.text.rfind(ch, 0, date.start) for ch in "，,；;：:") + 1
                end = date.end + after.index(mark_after) + len(mark_after) if mark_after else date.end
                quote = Segment(sentence.start + start, sentence.start + end, sentence.text[start:end])
                found.append((statement, quote, date))
    return found[0] if len({str(d.value) for _, _, d in found}) == 1 else None


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
