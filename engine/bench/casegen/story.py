"""The record of a new-kind case file: sittings with their headers in the drawn layout, turns
labelled as the format says, the scenario's telling, closings — and which values are printed
across a line break (the paragraph holding one becomes a Choice of lead-ins, settled by the
layout).

The words around the values are drawn from several phrasings, like narrative.py's."""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine.bench.casegen import fillers
from engine.bench.casegen.formats import field_para
from engine.bench.casegen.narrative import (Choice, Key, Para, ParaWriter, Script, SessionBreak, _time_span,
                                            surfaces_of)
from engine.bench.casegen.newcase import RECORD_TITLES, NewCase, Sitting
from engine.bench.casegen.surface import AmountText, chinese_numeral, write_day

# Lead-ins that change nothing a question asks: put before a turn's content, they move a value
# along its line until a line break cuts it. Spoken ones for interviews, formal ones for hearings.
_SPOKEN = ("嗯，", "对，", "是这样，", "我想一下，", "这个我记得，", "我说一下，", "时间有点久了，",
           "我尽量说清楚，", "当时的情况是这样的，", "我记得比较清楚，")
_FORMAL = ("是的，", "需要说明的是，", "我方确认，", "这里说明一下，", "补充说明，", "关于这一点，",
           "我方的意见是，", "情况是这样的，")


def lead_ins(hearing: bool) -> list[str]:
    pool = _FORMAL if hearing else _SPOKEN
    return [""] + list(pool) + [a + b for a, b in itertools.permutations(pool, 2)]


class Story(ParaWriter):
    """Writes the paragraphs; scenarios call ``turn``/``ask``/``answer`` and mark the values."""

    def __init__(self, case: NewCase, rng: random.Random):
        self.case, self.rng = case, rng
        self.out: list[Para | SessionBreak | Choice] = []
        self.labels = _labels(case, rng)
        self.candidates: list[tuple[str, Key]] = []  # (amount | date, key): values a line break may cut

    # -- turns -------------------------------------------------------------------------------
    def turn(self, who: str, template: str, slots: dict[str, Any] | None = None) -> Para:
        label = self.labels[who] + self.case.format.sep
        return self.emit(Para(lead_at=len(label)).add(label).fill(template, slots or {}))

    def ask(self, template: str, slots: dict[str, Any] | None = None) -> Para:
        return self.turn("ask", template, slots)

    def answer(self, template: str, slots: dict[str, Any] | None = None) -> Para:
        return self.turn("answer", template, slots)

    # -- values --------------------------------------------------------------------------------
    def money(self, key: Key, text: AmountText | str) -> tuple[str, Key]:
        """An amount slot; it may be the one printed across a line break."""
        self.candidates.append(("amount", key))
        return (text.surface if isinstance(text, AmountText) else text), key

    def day(self, key: Key, surface: str) -> tuple[str, Key]:
        self.candidates.append(("date", key))
        return surface, key

    # -- furniture -----------------------------------------------------------------------------
    def header(self, sitting: Sitting) -> None:
        if self.case.hearing:
            _hearing_header(self, sitting)
        else:
            _interview_header(self, sitting)

    def opening(self) -> None:
        c = self.case
        if c.hearing:
            return  # a hearing opens with the parties' identities: the scenario knows them
        kind = c.record
        self.ask(self.pick((f"我们是{c.unit}的民警，今天依法找你{kind}。问到案子的事要照实讲，跟案子无关的可以不答，这些你明白吗？",
                            f"我们是{c.unit}的工作人员，今天依法向你{kind}有关情况，你要如实陈述，明白吗？")))
        self.answer(self.pick(("听清楚了。", "明白。", "清楚了。")))

    def again(self, sitting: Sitting) -> None:
        """The first turns of a later sitting."""
        c = self.case
        if c.hearing:
            self.turn("judge", self.pick(("现在继续开庭。双方当事人与上次开庭相同，对上次庭审笔录有无补充或者更正？",
                                          "今天继续开庭审理本案，出庭人员与上次相同。")))
            return
        if sitting.kind == "supplement":
            self.ask(self.pick((f"现在对你进行补充{c.record}，你要如实回答，听清楚了吗？",
                                f"就有关情况对你补充{c.record}，你要如实陈述。")))
        else:
            self.ask(self.pick((f"今天继续对你{c.record}，你要如实回答，听清楚了吗？",
                                f"今天再找你核实几个问题，还是照实讲，可以吗？")))
        self.answer(self.pick(("听清楚了。", "明白。")))

    def fillers(self, bank: list[tuple[str, list[str]]], count: int) -> None:
        for question, answers in self.rng.sample(bank, min(count, len(bank))):
            self.ask(question)
            self.answer(self.pick(answers))

    def closing(self, sitting: Sitting) -> None:
        c, rng = self.case, self.rng
        day = write_day(sitting.start.date(), rng.choice(("cn", "cn_numerals")))
        if c.hearing:
            self.turn("judge", self.pick(("今天的庭审到此结束，现在休庭。", "本次庭审到此，休庭。")))
            self.line(self.pick(("本笔录已由双方当事人核对并签名。", "以上笔录已交当事人阅看，无误。")), "closing")
            self.line(f"{c.signer[1]}　{day}", "signature")
            return
        question, answers = rng.choice((("还有没有别的情况要讲？", ("没有了。", "别的没有了。")),
                                        ("以上说的是否属实？", ("属实。", "都是实话。"))))
        self.ask(question)
        self.answer(self.pick(answers))
        self.line(self.pick(("这份笔录我从头看了一遍，记的都对。", "以上笔录我已看过，与我所说的相符。")), "closing")
        self.line(f"{c.subject.name}（捺印）　{day}", "signature")

    # -- splits --------------------------------------------------------------------------------
    def finish(self) -> Script:
        """Turn the paragraphs of the values chosen to be split into Choices of lead-ins."""
        wanted = [k for k in self.case.format.splits if k != "id"]
        for kind in wanted:
            keys = [key for k, key in self.candidates if k == kind]
            self.rng.shuffle(keys)
            for key in keys:
                index = next((i for i, p in enumerate(self.out) if isinstance(p, Para) and key in p.spans
                              and p.lead_at is not None and not p.wrap_keys), None)
                if index is not None:
                    self.out[index] = _with_lead_ins(self.out[index], key, lead_ins(self.case.hearing), self.rng)
                    break
        return Script(self.out, surfaces_of(self.out))


def _with_lead_ins(para: Para, key: Key, leads: list[str], rng: random.Random) -> Choice:
    options = []
    order = leads[:1] + rng.sample(leads[1:], len(leads) - 1)
    for lead in order:
        at = para.lead_at
        shifted = {k: (s + len(lead), e + len(lead)) if s >= at else (s, e) for k, (s, e) in para.spans.items()}
        options.append(Para(para.text[:at] + lead + para.text[at:], shifted, para.role, (key,), at))
    return Choice(options)


# -- labels ---------------------------------------------------------------------------------------


def _labels(case: NewCase, rng: random.Random) -> dict[str, str]:
    style = case.format.labels
    if case.hearing:
        plaintiff_agent = case.people.get("agent")
        plaintiff = case.people.get("plaintiff_speaker", "")
        defendant = case.subject.name
        if style == "full":
            return {"judge": "审判长", "plaintiff": "原告委托诉讼代理人" if plaintiff_agent else "原告",
                    "defendant": "被告"}
        if style == "short":
            return {"judge": "审", "plaintiff": "原代" if plaintiff_agent else "原", "defendant": "被"}
        return {"judge": "审判长", "plaintiff": (f"原告代理人{plaintiff}" if plaintiff_agent else f"原告{plaintiff}"),
                "defendant": f"被告{defendant}"}
    if style == "qa":
        return {"ask": "问", "answer": "答"}
    if style == "name":
        return {"ask": case.sittings[0].askers[0], "answer": case.subject.name}
    if case.record == "讯问":
        asker, answerer = rng.choice((("侦查员", "犯罪嫌疑人"), ("讯问人", "被讯问人")))
    else:
        asker, answerer = rng.choice((("民警", "被询问人"), ("询问人", "被询问人")))
    return {"ask": asker, "answer": answerer}


# -- headers --------------------------------------------------------------------------------------


def _title(story: Story, sitting: Sitting) -> None:
    c, rng = story.case, story.rng
    base = RECORD_TITLES[c.record]
    if sitting.kind == "supplement":
        title = rng.choice((f"补充{c.record}", f"补充{base}"))
    else:
        title = base if rng.random() < 0.7 else "　".join(base)
        if any(s.kind == "again" for s in c.sittings):
            title += f"（第{chinese_numeral(sitting.number)}次）"
    if sitting.number > 1 and c.format.placement == "inline":
        story.line("")  # the next sitting follows on the same page, after a blank line
    story.line(title, "title")


def _when_where(sitting: Sitting, rng: random.Random) -> tuple[tuple[str, Key], str, tuple[str, Key]]:
    day, rest = _time_span(sitting, rng)
    return (day, ("header", sitting.number, "date")), rest, (sitting.place, ("header", sitting.number, "place"))


def _time_place(story: Story, sitting: Sitting, layout: str) -> None:
    day, rest, place = _when_where(sitting, story.rng)
    time_para = field_para(layout, [("时间", day)]).add(rest)
    if layout == "packed":
        time_para.add("　地点：").add(*place)
        story.out.append(time_para)
        return
    story.out.append(time_para)
    story.out.append(field_para(layout, [("地点", place)]))


def _interview_header(story: Story, sitting: Sitting) -> None:
    c, rng = story.case, story.rng
    layout = c.format.header
    person = c.subject
    asker_word = rng.choice(("侦查员", "讯问人")) if c.record == "讯问" else rng.choice(("询问人", "民警"))
    role_word = "犯罪嫌疑人" if c.record == "讯问" else "被询问人"
    _title(story, sitting)
    _time_place(story, sitting, layout)
    officers = "、".join(sitting.askers)
    if layout == "lines":
        for pair in ((asker_word, officers), ("工作单位", c.unit), ("记录人", sitting.recorder)):
            story.out.append(field_para(layout, [pair]))
    else:
        story.out.append(field_para(layout, [(asker_word, officers), ("工作单位", c.unit),
                                             ("记录人", sitting.recorder)]))
    if sitting.kind != "first":
        story.out.append(field_para(layout, [(role_word, person.name)]))
        return
    birth = f"{person.birth.year}年{person.birth.month}月{person.birth.day}日"
    id_value = (person.id_number, ("pii", "id"))
    mobile = (person.mobile, ("pii", "mobile"))
    if layout in ("lines", "table"):
        rows = [[(role_word, person.name), ("性别", person.gender)], [("民族", person.ethnicity),
                                                                     ("出生日期", birth)],
                [("身份证号码", id_value)], [("联系电话", mobile)], [("户籍地", person.address)]]
        for row in rows:
            for pair in (row if layout == "lines" else [row]):
                story.out.append(field_para(layout, pair if layout == "table" else [pair]))
        return
    split_id = "id" in c.format.splits
    if layout == "packed":
        story.out.append(field_para(layout, [(role_word, person.name), ("性别", person.gender),
                                             ("民族", person.ethnicity), ("出生日期", birth)]))
        before = [("文化程度", person.education), ("职业", person.job), ("户籍地", person.address)]
        options = [field_para(layout, list(order) + [("身份证号码", id_value), ("联系电话", mobile)])
                   for n in range(len(before) + 1) for order in itertools.permutations(before, n)]
        options.sort(key=lambda p: -len(p.text))  # all the fields first
    else:
        fields = [person.gender, f"{birth}出生", person.ethnicity, f"{person.education}文化", person.job,
                  f"户籍地{person.address}"]
        options = []
        for n in range(2, len(fields) + 1):
            for order in itertools.permutations(fields, n):
                if order[0] != person.gender:
                    continue  # 男/女 comes first, as every unit writes it
                para = Para(role="header").add(f"{role_word}{person.name}，" + "，".join(order) + "，身份证号码")
                options.append(para.add(*id_value).add("，联系电话").add(*mobile).add("。"))
        options.sort(key=lambda p: -len(p.text))  # the full particulars first
    _header_choice(story, options, split_id)


def _header_choice(story: Story, options: list[Para], split_id: bool) -> None:
    if not split_id:
        story.out.append(options[0])
        return
    head, rest = options[0], options[1:]
    story.rng.shuffle(rest)
    story.out.append(Choice([Para(p.text, dict(p.spans), p.role, (("pii", "id"),)) for p in [head] + rest]))


def _hearing_header(story: Story, sitting: Sitting) -> None:
    c, rng = story.case, story.rng
    layout = c.format.header
    if sitting.number == 1:
        story.line(c.unit, "title")
    _title(story, sitting)
    _time_place(story, sitting, layout)
    judge, member, _ = sitting.askers
    people = c.people
    if sitting.kind != "first":
        story.out.append(field_para(layout, [("审判长", judge), ("书记员", sitting.recorder)]))
        story.line(rng.choice(("到庭当事人及诉讼参与人同上次开庭。", "出庭人员同上。")), "header")
        return
    case_pairs = [("案号", people["case_number"]), ("案由", people["cause"])]
    bench = [("审判长", judge), ("审判员", member), ("书记员", sitting.recorder)]
    if layout == "lines":
        for pair in case_pairs + bench:
            story.out.append(field_para(layout, [pair]))
    else:
        story.out.append(field_para(layout, case_pairs))
        story.out.append(field_para(layout, bench))
    for line in people["plaintiff_lines"]:
        story.line(line, "header")
    person = c.subject
    birth = f"{person.birth.year}年{person.birth.month}月{person.birth.day}日"
    id_value = (person.id_number, ("pii", "id"))
    mobile = (person.mobile, ("pii", "mobile"))
    if layout == "table":
        for row in ([("被告", person.name), ("性别", person.gender), ("出生日期", birth)],
                    [("身份证号码", id_value)], [("联系电话", mobile)], [("住址", person.address)]):
            story.out.append(field_para(layout, row))
        return
    if layout == "packed":
        before = [("性别", person.gender), ("出生日期", birth), ("民族", person.ethnicity), ("住址", person.address)]
        options = [field_para(layout, [("被告", person.name)] + list(order) + [("身份证号码", id_value),
                                                                             ("联系电话", mobile)])
                   for n in range(len(before), 0, -1) for order in itertools.permutations(before, n)
                   if order[0][0] == "性别"]
    else:
        fields = [f"{birth}出生", person.ethnicity, person.job, f"住{person.address}"]
        options = []
        for n in range(len(fields), 0, -1):
            for order in itertools.permutations(fields, n):
                para = Para(role="header").add(f"被告：{person.name}，{person.gender}，" + "，".join(order)
                                               + "，身份证号码")
                options.append(para.add(*id_value).add("，联系电话").add(*mobile).add("。"))
    _header_choice(story, options, "id" in c.format.splits)


def write_new_script(case: NewCase, rng: random.Random) -> Script:
    scenario = case.scenario
    story = Story(case, rng)
    bank = [entry for entry in fillers.COMMON if "{" not in entry[0] + "".join(entry[1])]
    for sitting in case.sittings:
        if sitting.number > 1 and case.format.placement == "page":
            story.out.append(SessionBreak())
        story.header(sitting)
        if sitting.number == 1:
            story.opening()
            if not case.hearing:
                story.fillers(bank, rng.randint(1, 3))
        else:
            story.again(sitting)
        scenario.tell(story, sitting)
        story.closing(sitting)
    return story.finish()
