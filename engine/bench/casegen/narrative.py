"""The record itself: headers, 问/答 turns, corrections, closings — as paragraphs whose value
spans are known, so the layout can tell on which page each value was printed.

Language is drawn at random from several phrasings per event; the officer's questions, the
witness's answers and the record's furniture vary the way different officers write.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from string import Formatter
from typing import Any, Hashable

from engine.bench.casegen import fillers
from engine.bench.casegen.casetypes import ACT_BY_ACT, ASK_PRIMARY, ASK_RETURN, PRIMARY, RETURN, VERBS
from engine.bench.casegen.model import CaseParams, Flow, Session, When
from engine.bench.casegen.surface import DAY_STYLES, chinese_numeral, write_day

Key = tuple[Hashable, ...]


@dataclass
class Para:
    """One paragraph: its text, the spans of the values in it, and how it is set."""

    text: str = ""
    spans: dict[Key, tuple[int, int]] = field(default_factory=dict)
    role: str = "body"  # title | header | body | closing | signature
    wrap_keys: tuple[Key, ...] = ()  # spans that may wrap across lines (an ID in a running sentence)
    lead_at: int | None = None  # where words may be put in before the content (after a turn's label)

    def add(self, text: str, key: Key | None = None) -> "Para":
        if key is not None:
            if key in self.spans:
                raise ValueError(f"span {key} written twice in one paragraph")
            self.spans[key] = (len(self.text), len(self.text) + len(text))
        self.text += text
        return self

    def fill(self, template: str, slots: dict[str, Any]) -> "Para":
        """Append ``template`` with its slots; a slot given as (text, key) is recorded as a span."""
        for literal, name, _, _ in Formatter().parse(template):
            self.add(literal)
            if name is None:
                continue
            value = slots[name]
            if isinstance(value, tuple):
                self.add(*value)
            else:
                self.add(value)
        return self


@dataclass
class SessionBreak:
    """A new session starts on a new page."""


@dataclass
class Choice:
    """Tellings of one paragraph that differ only in words around the values (a lead-in, the
    order of header fields): the layout prints the first whose ``wrap_keys`` are cut by a line
    break on one page, so a value is printed across lines as a word processor breaks them."""

    options: list[Para]


@dataclass
class Script:
    paragraphs: list[Para | SessionBreak | Choice]
    # Where each value the questions rely on is printed: a key -> the surface written there.
    surfaces: dict[Key, str]


_Q_ROLE = {"suspect": ("侦查员问：", "嫌疑人答："), "victim": ("民警问：", "被询问人答：")}


class ParaWriter:
    """What every script writer does: append its paragraphs in order and draw its choices from
    its one seeded ``rng`` (the subclass sets ``out`` and ``rng``)."""

    out: list
    rng: random.Random

    def emit(self, para: Para) -> Para:
        self.out.append(para)
        return para

    def line(self, text: str, role: str = "body") -> Para:
        return self.emit(Para(role=role).add(text))

    def pick(self, options):
        return self.rng.choice(list(options))


class Writer(ParaWriter):
    def __init__(self, case: CaseParams, rng: random.Random):
        self.case, self.rng = case, rng
        self.out: list[Para | SessionBreak] = []
        style = case.layout.qa_style
        if style == "full":
            self.labels = ("问：", "答：")
        elif style == "ascii":
            self.labels = ("问:", "答:")
        elif style == "role":
            self.labels = _Q_ROLE[case.subject_role]
        else:
            asker = rng.choice(("民警：", "侦查员：", f"{case.sessions[0].officers[0]}："))
            self.labels = (asker, f"{case.subject.name}：")

    @property
    def kind(self) -> str:
        """讯问 (a suspect) or 询问 (anyone else)."""
        return "讯问" if self.case.subject_role == "suspect" else "询问"

    # -- basic turns -------------------------------------------------------------------------
    def ask(self, template: str, slots: dict[str, Any] | None = None) -> Para:
        return self.emit(Para().add(self.labels[0]).fill(template, slots or {}))

    def answer(self, template: str, slots: dict[str, Any] | None = None) -> Para:
        return self.emit(Para().add(self.labels[1]).fill(template, slots or {}))

    # -- names -------------------------------------------------------------------------------
    @property
    def him(self) -> str:
        """The counterpart as the subject refers to them in running speech."""
        c = self.case
        if c.company:
            return "公司"
        return "他" if c.counterpart_gender == "男" else "她"

    def slots(self, flow: Flow, ordinal: str) -> dict[str, Any]:
        c = self.case
        return {"date": (flow.when.surface, ("flow", flow.id, "date")),
                "amount": (flow.amount_text.surface, ("flow", flow.id, "amount")),
                "means": (flow.means_surface, ("flow", flow.id, "means")),
                "place": (flow.place or "", ("flow", flow.id, "place")),
                "him": self.him, "payer": c.payer, "payee": c.payee, "ord": ordinal,
                "rel": c.relative[0] if c.relative else "家里人", "company": c.company or ""}

    def ordinal(self, flow: Flow, count: int) -> str:
        n = flow.index + 1
        options = [f"第{chinese_numeral(n)}次", f"第{chinese_numeral(n)}笔"]
        if flow.role == "primary" and flow.index == 0:
            options += ["头一次", "最开始那次"]
        if flow.role == "primary" and flow.index == count - 1 and count > 1:
            options.append("最后一次")
        return self.pick(options)


# -- headers --------------------------------------------------------------------------------------


def _title(case: CaseParams, session: Session) -> str:
    title = "讯问笔录" if case.subject_role == "suspect" else "询问笔录"
    if len(case.sessions) > 1:
        title += random.Random(f"{case.seed}/title").choice((f"（第{session.number}次）",
                                                               f"（第{chinese_numeral(session.number)}次）"))
    return title


def _time_span(session: Session, rng: random.Random) -> tuple[str, str]:
    """(the date as printed, the rest of the time span)."""
    s, e = session.start, session.end
    day = f"{s.year}年{s.month}月{s.day}日" if rng.random() < 0.7 else f"{s.year}年{s.month:02d}月{s.day:02d}日"
    rest = f"{s.hour}时{s.minute:02d}分至{e.hour}时{e.minute:02d}分" if rng.random() < 0.5 else \
        f"{s.hour}时{s.minute:02d}分至{day}{e.hour}时{e.minute:02d}分"
    return day, rest


def write_header(w: Writer, session: Session) -> None:
    case, rng = w.case, w.rng
    person = case.subject
    role_word = "犯罪嫌疑人" if case.subject_role == "suspect" else rng.choice(("被询问人", "被询问人"))
    asker_word = "侦查员" if case.subject_role == "suspect" else rng.choice(("询问人", "民警"))
    w.line(_title(case, session), role="title")
    day, rest = _time_span(session, rng)
    first = session.number == 1
    style = case.layout.header_style
    officers = "、".join(session.officers)
    birth = f"{person.birth.year}年{person.birth.month}月{person.birth.day}日"
    if style == "lines" or not first and style == "sentence":
        w.out.append(Para(role="header").add("时间：").add(day, ("header", session.number, "date")).add(rest))
        w.out.append(Para(role="header").add("地点：").add(session.place, ("header", session.number, "place")))
        w.line(f"{asker_word}：{officers}　　工作单位：{case.unit}", "header")
        w.line(f"记录人：{session.recorder}", "header")
        if first:
            w.line(f"{role_word}：{person.name}　　性别：{person.gender}　　民族：{person.ethnicity}", "header")
            w.line(f"出生日期：{birth}　　文化程度：{person.education}", "header")
            w.out.append(Para(role="header").add(rng.choice(("身份证号码：", "身份证号：", "公民身份号码：")))
                         .add(person.id_number, ("pii", "id")))
            w.out.append(Para(role="header").add(rng.choice(("联系电话：", "手机：", "联系方式：")))
                         .add(person.mobile, ("pii", "mobile")))
            w.line(f"户籍地：{person.address}", "header")
        else:
            w.line(f"{role_word}：{person.name}", "header")
        return
    if style == "packed":
        w.out.append(Para(role="header").add("时间 ").add(day, ("header", session.number, "date"))
                     .add(rest + "　地点 ").add(session.place, ("header", session.number, "place")))
        w.line(f"{asker_word} {officers}　记录人 {session.recorder}", "header")
        if first:
            para = Para(role="header").add(f"{role_word} {person.name}　性别 {person.gender}　民族 "
                                           f"{person.ethnicity}　出生日期 {birth}　身份证号 ")
            para.add(person.id_number, ("pii", "id")).add("　电话 ").add(person.mobile, ("pii", "mobile"))
            para.add(f"　住址 {person.address}")
            w.out.append(para)
        else:
            w.line(f"{role_word} {person.name}", "header")
        return
    # A running sentence, as some units write the whole header.
    w.out.append(Para(role="header").fill("{t}：{day}{rest}，地点：{place}。{asker}{officers}，记录人{rec}。", {
        "t": "时间", "day": (day, ("header", session.number, "date")), "rest": rest,
        "place": (session.place, ("header", session.number, "place")), "asker": asker_word,
        "officers": officers, "rec": session.recorder}))
    para = Para(role="header", wrap_keys=(("pii", "id"),) if case.layout.id_wraps else ())
    education = rng.choice((f"{person.education}文化", f"文化程度{person.education}"))
    job = rng.choice((f"，{person.job}", f"，职业{person.job}", ""))
    label = rng.choice(("公民身份号码", "身份证号码", "身份证号", "居民身份证号码为"))
    order = rng.choice(("{label}{id}，户籍所在地{addr}", "户籍所在地{addr}，{label}{id}", "住{addr}，{label}{id}"))
    para.fill("{role}{name}，{gender}，{birth}出生，{eth}，{edu}{job}，" + order + "，联系电话{mobile}。", {
                  "role": role_word, "name": person.name, "gender": person.gender, "birth": birth,
                  "eth": person.ethnicity, "edu": education, "job": job, "label": label,
                  "id": (person.id_number, ("pii", "id")), "addr": person.address,
                  "mobile": (person.mobile, ("pii", "mobile"))})
    w.out.append(para)


def write_opening(w: Writer) -> None:
    case = w.case
    kind = w.kind
    w.ask(w.pick((f"我们是{case.unit}的民警，现依法对你进行{kind}，你应当如实回答，对与本案无关的问题有拒绝回答的权利，听清楚了吗？",
                  f"我们是{case.unit}的工作人员（出示工作证件），今天依法向你{kind}有关情况，你要如实陈述，作伪证或者隐匿证据要负法律责任，明白吗？")))
    w.answer(w.pick(("听清楚了。", "明白。", "清楚了。")))


# -- the story ------------------------------------------------------------------------------------

_RELATIONS = ("同事", "老乡", "朋友", "邻居", "同学")


def _answer_marking(w: Writer, text: str, phrase: str, key: Key) -> Para:
    """An answer whose ``phrase`` (which ``text`` contains) is recorded under ``key``."""
    start = text.index(phrase)
    return w.answer("").add(text[:start]).add(phrase, key).add(text[start + len(phrase):])


def write_background(w: Writer) -> None:
    """Who the subject is and how they know the counterpart."""
    case, rng = w.case, w.rng
    person = case.subject
    w.ask(w.pick(("你把你的个人情况说一下。", "你的基本情况？", "讲一下你的个人情况。")))
    w.answer(f"我叫{person.name}，今年{case.sessions[0].start.year - person.birth.year}岁，"
             f"{person.education}文化，{person.job}，住在{person.address}。")
    if case.company is not None:
        return
    truth = dict(case.yes_no).get("acquainted")
    truth = rng.random() < 0.5 if truth is None else truth
    w.ask(w.pick(("你和{name}以前认识吗？", "你和{name}是什么关系？")), {"name": case.counterpart})
    if truth:
        rel = rng.choice(_RELATIONS)
        text = rng.choice(("认识，{him}是我以前的{rel}。", "认识，我们是{rel}，认识好几年了。")).format(him=w.him, rel=rel)
        phrase = rel
    else:
        text = rng.choice(("不认识，是在网上认识的。", "以前不认识，那次是第一次见。"))
        phrase = "不认识"
    _answer_marking(w, text, phrase, ("yesno", "acquainted"))


def _yes_no_turn(w: Writer, key: str, truth: bool) -> None:
    """One yes/no fact as the officer asks it and the subject answers, its key phrase recorded."""
    c = w.case
    him = w.him
    bank = {
        "surrender": ("你是怎么到公安机关来的？",
                      ("是我自己到派出所投案的。", "自己到派出所投案"),
                      ("是民警打电话通知我过来的。", "通知我过来")),
        "knew_illegal": ("你当时知道你这样做是违法的吗？",
                         ("知道，当时就知道这样做不对。", "当时就知道这样做不对"),
                         ("当时不知道是违法的。", "不知道是违法的")),
        "receipt": (f"{him}给你打过收条没有？",
                    (f"打过收条，{him}亲手写的。", "打过收条"),
                    (f"没有，{him}没给我打过收条。", "没给我打过收条")),
        "iou": (f"{him}给你打借条了吗？",
                ("打了借条，借条在我手里。", "打了借条"),
                ("没有打借条，当时觉得都是熟人。", "没有打借条")),
        "contract": ("你和公司签过合同吗？",
                     ("签了，签的是一份理财协议。", "理财协议"),
                     ("没签合同，只给了一张收款单。", "没签合同")),
        "drunk": ("你当时喝酒了吗？",
                  (f"喝了，喝了{w.pick(('三四瓶', '四五瓶', '五六瓶'))}啤酒。", "瓶啤酒"),
                  ("没喝酒，我那天开车。", "没喝酒")),
    }
    question, yes, no = bank[key]
    text, phrase = yes if truth else no
    w.ask(question)
    _answer_marking(w, text, phrase, ("yesno", key))


def write_primaries(w: Writer, act_by_act: bool = False) -> None:
    case, rng = w.case, w.rng
    flows = case.primaries()
    n = len(flows)
    verb = VERBS[case.case_type][0]
    templates = PRIMARY[(case.case_type, case.subject_is_payer)]
    if act_by_act:  # the opt-in variant: date, how and to whom, how much, sentence by sentence
        templates = ACT_BY_ACT.get((case.case_type, case.subject_is_payer), templates)
    intro = ASK_PRIMARY[(case.case_type, case.subject_is_payer)]
    w.ask(intro, {"him": w.him if case.company is None else "公司", "payer": case.payer})

    def sentence(flow: Flow) -> Para:
        kind = "cash" if flow.means == "cash" else "transfer"
        options = templates[kind]
        if flow.index == 0:
            options = [t for t in options if "又" not in t] or options
        if flow.when.precision == "unknown" and not act_by_act:  # "记不清" closes its clause: 第二次是哪天我记不清了，…
            options = [t for t in options if "{date}，" in t]
        template = rng.choice(options)
        if flow.when.precision == "unknown":  # told act by act: 第二笔具体哪天记不清了。
            template = template.replace("{ord}是{date}。", "{ord}{date}。")
        ordinal = w.ordinal(flow, n) if "{ord}" in template else ""
        return Para().fill(template, w.slots(flow, ordinal))

    style = rng.choice(("one_answer", "turns", "mixed"))
    count_stated = rng.random() < 0.5
    opening = ""
    if count_stated:
        count_text = rng.choice((f"前后一共{chinese_numeral(n) if n > 2 else '两'}次。", f"一共有{n}次。"))
        opening = count_text
    if style == "one_answer" or style == "mixed":
        in_first = flows if style == "one_answer" else flows[:2]
        para = w.answer("")
        if opening:
            para.add(opening[:-1], ("count",)).add("。")
        for flow in in_first:
            _append(para, sentence(flow))
        rest = flows[len(in_first):]
    else:
        para = w.answer("")
        if opening:
            para.add(opening[:-1], ("count",)).add("。")
        else:
            para.add(rng.choice(("有好几次。", "不止一次。", "分了几次。")))
        rest = flows
    for position, flow in enumerate(rest):
        ordinal = f"第{chinese_numeral(flow.index + 1)}次"
        asks = ["{o}呢？", "{o}是什么时候，多少钱？", "{o}是怎么{v}的？"]
        if position or style == "mixed":  # "and then?" only once the telling has begun
            asks += ["还有呢？", "后来呢？"]
        w.ask(rng.choice(asks), {"o": ordinal, "v": verb})
        w.out.append(_prefixed(w.labels[1], sentence(flow)))


def _append(target: Para, part: Para) -> None:
    offset = len(target.text)
    for key, (s, e) in part.spans.items():
        if key in target.spans:
            raise ValueError(f"span {key} written twice in one paragraph")
        target.spans[key] = (s + offset, e + offset)
    target.text += part.text


def _prefixed(label: str, para: Para) -> Para:
    out = Para(role=para.role).add(label)
    _append(out, para)
    return out


def write_returns(w: Writer, flows: list[Flow]) -> None:
    case, rng = w.case, w.rng
    if not flows:
        return
    templates = RETURN[(case.case_type, case.subject_is_payer)]
    w.ask(ASK_RETURN[(case.case_type, case.subject_is_payer)], {"him": w.him, "payer": case.payer})
    para = w.answer(rng.choice(("退过。", "还过一部分。", "有。")))
    for flow in flows:
        # One refund has no ordinal: "the first" would promise a second.
        template = rng.choice([t for t in templates if "{ord}" not in t] if len(flows) == 1 else templates)
        ordinal = w.ordinal(flow, len(flows)) if "{ord}" in template else ""
        _append(para, Para().fill(template, w.slots(flow, ordinal)))


def write_interest(w: Writer) -> None:
    case, rng = w.case, w.rng
    i = case.interest
    if i is None:
        return
    w.ask(rng.choice(("利息是怎么给的？", "有没有给过你利息？", "收到过利息吗？")))
    months = rng.choice((chinese_numeral(i.months), str(i.months)))
    w.answer(rng.choice(("每个月给我{m}利息，前后给了{n}个月，后来就不给了。",
                         "给过，每月{m}，一共给了{n}个月。")),
             {"m": (i.monthly_text.surface, ("interest", "monthly")), "n": (months, ("interest", "months"))})


def write_assault_terms(w: Writer) -> None:
    case, rng = w.case, w.rng
    if case.agreed is None or case.medical is None:
        return
    w.ask(rng.choice(("你们调解的时候是怎么说的？", "赔偿是怎么谈的？")))
    w.answer(rng.choice(("在派出所调解，我答应一共赔{him}{a}，分几次给。", "调解时说好了总共赔{a}，我没有一次拿得出来。")),
             {"him": w.him, "a": (case.agreed[1].surface, ("agreed",))})
    w.ask("{him}的医药费花了多少？", {"him": case.counterpart})
    w.answer(rng.choice(("听{him}说住院加门诊一共花了{m}医药费。", "医药费是{m}，单据在{him}那里。")),
             {"him": w.him, "m": (case.medical[1].surface, ("medical",))})


def write_gaps(w: Writer) -> None:
    """What the subject cannot say: the words saying so (记不清, 不知道, 不清楚) are recorded."""
    case, rng = w.case, w.rng
    if "money_use" in case.gaps:
        if case.subject_is_payer:
            w.ask(rng.choice(("{him}把钱用到哪里去了，你知道吗？", "这些钱{him}拿去干什么了？")), {"him": w.him})
            text = rng.choice(("{him}说是做生意周转，钱具体用到哪里了我不知道。",
                               "具体用到哪里了我不清楚，{him}没跟我说。")).format(him=w.him)
        else:
            w.ask(rng.choice(("这些钱你用到哪里去了？", "拿到的钱你都干什么了？")))
            text = rng.choice(("大部分花掉了，具体用在哪些地方我记不清了。", "还了一些欠款，剩下的具体用到哪里了我记不清了。"))
        phrase = next(p for p in ("记不清", "不知道", "不清楚") if p in text)
        _answer_marking(w, text, phrase, ("gap", "money_use"))
    if "who_first" in case.gaps:
        w.ask(rng.choice(("当时是谁先动的手？", "你们是谁先动手的？")))
        text = rng.choice(("当时很乱，两边都在推，我记不清是谁先动的手。", "喝了酒，谁先动的手我真的记不清了。"))
        _answer_marking(w, text, "记不清", ("gap", "who_first"))
    if "other_investor" in case.gaps and case.other_investor:
        w.ask(rng.choice(("还有别人也给{him}钱了吗？", "你知道还有谁也给了{him}钱吗？")), {"him": w.him})
        template = rng.choice(("我还介绍了{name}，听说也给{him}转过钱，具体多少我{unknown}。",
                               "听说{name}也投了，投了多少我{unknown}。" if case.case_type == "fundraising"
                               else "听说{name}也借给{him}钱了，借了多少我{unknown}。" if case.case_type == "loan"
                               else "听说{name}也被{him}骗了，被骗了多少我{unknown}。"))
        w.answer(template, {"name": (case.other_investor, ("gap", "other_investor", "name")), "him": w.him,
                            "unknown": (rng.choice(("不清楚", "不知道")), ("gap", "other_investor"))})


def _reference(w: Writer, flow: Flow, how: str) -> str:
    if how == "date" and flow.when.precision == "day":
        d = flow.when.hidden
        forms = [f"{d.month}月{d.day}日那次", f"{d.month}月{d.day}号那次"]
        if not any(f is not flow and (f.when.hidden.year, f.when.hidden.month) == (d.year, d.month)
                   for f in w.case.flows):
            forms.append(f"{d.month}月份那次")  # only when no other payment falls in that month
        return w.pick(forms)
    if how == "means":
        if flow.means == "cash":
            return w.pick(("给现金的那次", "现金那一笔"))
        return w.pick((f"用{flow.means_surface}转的那笔", f"{flow.means_surface}那一笔"))
    return w.pick((f"第{chinese_numeral(flow.index + 1)}次", f"第{chinese_numeral(flow.index + 1)}笔"))


def write_correction(w: Writer) -> None:
    case, rng = w.case, w.rng
    d = case.dispute
    flow = case.flow(d.flow_id)
    ref = _reference(w, flow, d.reference)
    if d.where == "second_session":
        w.ask(rng.choice((f"上次{w.kind}后，你还有没有需要补充或者更正的？", "上次说的情况是否属实，有没有要更正的？",
                          "你上次讲的内容有没有需要改的？")))
    else:
        w.ask(rng.choice(("你前面说的金额和时间，再核实一下有没有出入？", "你刚才讲的这些，有没有记错的地方？")))
    if d.field == "amount":
        old = flow.amount_text.surface
        new = d.corrected_amount_text.surface
        template = rng.choice(("有一处要更正，{ref}实际是{new}，不是{old}，之前我说错了。",
                               "我再想了一下，{ref}应该是{new}，前面说的{old}不对。",
                               "{ref}我记错了，准确的数是{new}。"))
        w.answer(template, {"ref": ref, "new": (new, ("dispute", "new")), "old": (old, ("dispute", "old_again"))})
    else:
        new_when: When = d.corrected_when
        old = write_day(flow.when.hidden, rng.choice(DAY_STYLES))
        template = rng.choice(("{ref}的时间我记错了，应该是{new}，不是{old}。",
                               "{ref}不是{old}，我查了转账记录，是{new}。",
                               "更正一下，{ref}是{new}。"))
        w.answer(template, {"ref": ref, "new": (new_when.surface, ("dispute", "new")),
                            "old": (old, ("dispute", "old_again"))})


def write_closing(w: Writer, session: Session, last: bool) -> None:
    case, rng = w.case, w.rng
    question, answers = rng.choice((("你还有什么要补充的吗？", ("没有了。", "没有要补充的。")),
                                    ("以上说的是否属实？", ("属实。", "都是实话。")),
                                    ("你说的这些是否属实？", ("属实。", "是真实的。"))))
    w.ask(question)
    w.answer(rng.choice(answers))
    w.line(rng.choice(("以上笔录我看过，和我说的一样。", "以上笔录我已看过，与我所说的相符。",
                       "以上记录已向我宣读，和我说的一致。")), "closing")
    when = session.start.date()
    w.line(f"{case.subject.name}（捺印）　{write_day(when, rng.choice(('cn', 'cn_numerals')))}", "signature")


def write_filler(w: Writer, entry: tuple[str, list[str]]) -> None:
    case = w.case
    slots = {"him": w.him, "payer": case.payer, "payee": case.payee, "company": case.company or ""}
    question, answers = entry
    w.ask(question, slots)
    w.answer(w.pick(answers), slots)


def write_script(case: CaseParams, rng: random.Random, act_by_act: bool = False) -> Script:
    w = Writer(case, rng)
    bank = fillers.COMMON + (fillers.VICTIM if case.subject_role == "victim" else []) + \
        fillers.BY_TYPE[(case.case_type, case.subject_role)]
    chosen = rng.sample(bank, min(len(bank), rng.randint(6, 11)))
    before, after = chosen[:len(chosen) // 2], chosen[len(chosen) // 2:]
    write_header(w, case.sessions[0])
    write_opening(w)
    write_background(w)
    for entry in before:
        write_filler(w, entry)
    facts = [(k, v) for k, v in case.yes_no if k != "acquainted"]
    if case.subject_role == "suspect" and any(k == "surrender" for k, _ in facts):
        key, truth = next((k, v) for k, v in facts if k == "surrender")
        _yes_no_turn(w, key, truth)
        facts = [(k, v) for k, v in facts if k != "surrender"]
    if case.case_type == "assault":
        write_assault_terms(w)
    write_primaries(w, act_by_act)
    first_returns = [f for f in case.returns() if f.session == 1]
    write_returns(w, first_returns)
    write_interest(w)
    for key, truth in facts:
        _yes_no_turn(w, key, truth)
    for entry in after:
        write_filler(w, entry)
    write_gaps(w)
    if case.dispute and case.dispute.where == "same_session":
        write_correction(w)
    write_closing(w, case.sessions[0], last=len(case.sessions) == 1)
    if len(case.sessions) > 1:
        w.out.append(SessionBreak())
        write_header(w, case.sessions[1])
        if case.dispute and case.dispute.where == "second_session":
            write_correction(w)
        later = [f for f in case.returns() if f.session == 2]
        if later:
            write_returns(w, later)
        if not (case.dispute and case.dispute.where == "second_session") and not later:
            w.ask(f"上次{w.kind}后，你还有没有需要补充的？")
            w.answer("没有需要补充的。")
        write_closing(w, case.sessions[1], last=True)
    return Script(w.out, surfaces_of(w.out))


def surfaces_of(paragraphs: list) -> dict[Key, str]:
    """Every recorded value's surface, by key (a Choice's options all print the same values)."""
    surfaces: dict[Key, str] = {}
    for element in paragraphs:
        for para in element.options[:1] if isinstance(element, Choice) else [element]:
            if isinstance(para, Para):
                surfaces.update({key: para.text[s:e] for key, (s, e) in para.spans.items()})
    return surfaces
