"""Unpaid wages (拒不支付劳动报酬), the 询问笔录 of a worker: his own and his workmates' pay by the
day (天 × 元/天), the month (个月 × 元/月) or the piece (件 × 单价), what the boss paid each, what is
still owed; a later sitting restates, with a hedge, what he was paid or corrects how long a
workmate worked."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from engine.bench.casegen import pools
from engine.bench.casegen.model import Person, When
from engine.bench.casegen.newcase import Fact, Ground, NewCase, Sitting
from engine.bench.casegen.newquestions import CARD_NUMBER, Asker, answers_outside
from engine.bench.casegen.params import _amount_text
from engine.bench.casegen.questions import Truth
from engine.bench.casegen.surface import AmountText, DAY_STYLES, chinese_numeral, write_day

key = "wages"
record = "询问"
subject_role = "victim"

PROJECTS = ("安置房项目", "商业综合体项目", "厂房项目", "小区二期工程", "学校扩建工程", "道路改造工程")
MEANS = ("微信", "支付宝", "现金", "银行转账")
WORK = {"day": ("泥工", "木工", "钢筋工", "杂工", "水电工"), "month": ("施工员", "仓库保管", "厨师"),
        "piece": ("贴砖", "安装窗户", "搬砖")}

ABSENT = {
    "bank_card": ("{boss}发工资用的银行卡号是多少？", (CARD_NUMBER,)),
    "absent_person": ("{absent}欠了多少工钱？", ()),
    "plate": ("{boss}开的车车牌号是多少？", ("车牌",)),
    "wechat_id": ("{boss}的微信号是多少？", ("微信号",)),
    "social_security": ("{subject}有没有交社保，交了多少？", ("社保",)),
}


@dataclass
class Worker:
    name: str
    pay: str  # day | month | piece
    job: str
    rate: int  # 元/天, 元/月, 元/件
    rate_text: AmountText
    amount: int  # days, months or pieces
    paid: int
    paid_text: AmountText | None
    paid_on: date | None
    means: str | None

    @property
    def due(self) -> int:
        return self.rate * self.amount

    @property
    def owed(self) -> int:
        return self.due - self.paid

    @property
    def measure(self) -> str:
        return {"day": "天", "month": "个月", "piece": "件"}[self.pay]


@dataclass
class Correction:
    kind: str  # paid_hedged (the subject's pay received, restated) | days_corrected (a workmate's days)
    worker: int  # index into workers
    sitting: int
    value: int
    text: AmountText | None = None


@dataclass
class WagesFacts:
    boss: str
    project: str
    start: When
    end: date
    workers: list[Worker]  # the subject first
    correction: Correction | None
    contract: bool  # a labour contract was signed
    gap: str  # upstream_paid | boss_whereabouts

    @property
    def subject(self) -> Worker:
        return self.workers[0]

    def owed_total(self) -> list[int]:
        """What the boss owes them all, by each version (as first told, then corrected)."""
        first = sum(w.owed for w in self.workers)
        c = self.correction
        if not c:
            return [first]
        w = self.workers[c.worker]
        if c.kind == "paid_hedged":
            return [first, first + w.paid - c.value]
        return [first, first - w.due + w.rate * c.value]

    def subject_owed(self) -> list[int]:
        w, c = self.subject, self.correction
        if c and c.kind == "paid_hedged":
            return [w.owed, w.due - c.value]
        return [w.owed]


def _worker(g: Ground, name: str, pay: str, days_span: int, taken: set[int], paid_on: date) -> Worker:
    rng = g.rng
    if pay == "day":
        rate, amount = rng.randrange(18, 46) * 10, rng.randint(max(15, days_span // 3), max(16, days_span - 5))
    elif pay == "month":
        rate, amount = rng.randrange(40, 91) * 100, rng.randint(2, max(2, min(10, days_span // 30)))
    else:
        rate, amount = rng.randint(1, 8), rng.randrange(50, 500) * 10
    due = rate * amount
    paid = 0
    if rng.random() < 0.7:
        for _ in range(40):
            paid = rng.randrange(1, max(2, int(due * 0.6) // 500)) * 500
            if paid not in taken and paid < due:
                break
        taken.add(paid)
    return Worker(name, pay, rng.choice(WORK[pay]), rate, _amount_text(rng, rate), amount, paid,
                  _amount_text(rng, paid) if paid else None, paid_on if paid else None,
                  rng.choice(MEANS) if paid else None)


def draw(g: Ground, subject: Person) -> WagesFacts:
    rng = g.rng
    end = g.first_day - timedelta(days=rng.randint(20, 120))
    start_day = end - timedelta(days=rng.randint(60, 300))
    if rng.random() < 0.4:
        part = "初" if start_day.day <= 10 else "中旬" if start_day.day <= 20 else "底"
        start = When(start_day, "month_part", f"{start_day.year}年{start_day.month}月{part}")
    else:
        start = When(start_day, "day", write_day(start_day, rng.choice(DAY_STYLES)))
    span = (end - start_day).days
    taken: set[int] = set()
    workers = []
    pays = [rng.choice(("day", "day", "month"))] + [rng.choice(("day", "month", "piece")) for _ in range(rng.randint(1, 3))]
    for position, pay in enumerate(pays):
        name = subject.name if position == 0 else g.name()
        paid_on = start_day + timedelta(days=rng.randint(20, max(21, span - 5)))
        workers.append(_worker(g, name, pay, span, taken, paid_on))
    facts = WagesFacts(g.name(), f"{g.city}市{rng.choice(pools.ROADS)}路{rng.choice(PROJECTS)}", start, end, workers,
                       None, rng.random() < 0.4, rng.choice(("upstream_paid", "boss_whereabouts")))
    if len(g.sittings) > 1 and rng.random() < 0.8:
        sitting = g.sittings[-1].number
        day_workers = [i for i, w in enumerate(workers) if i and w.pay == "day"]
        if workers[0].paid and (not day_workers or rng.random() < 0.5):
            w = workers[0]
            for _ in range(40):
                value = w.paid + rng.choice((-1, 1)) * rng.randrange(1, 5) * 500
                if 0 < value < w.due and value not in taken:
                    facts.correction = Correction("paid_hedged", 0, sitting, value, _amount_text(rng, value))
                    break
        elif day_workers:
            i = rng.choice(day_workers)
            value = workers[i].amount + rng.choice((-1, 1)) * rng.randint(2, 9)
            if value * workers[i].rate > workers[i].paid:
                facts.correction = Correction("days_corrected", i, sitting, value)
    return facts


def people(facts: WagesFacts) -> dict[str, str]:
    return {"boss": facts.boss}


# -- the telling ----------------------------------------------------------------------------------


def _quantity(s, w: Worker, index: int) -> tuple[str, tuple]:
    number = str(w.amount) if s.rng.random() < 0.7 else chinese_numeral(w.amount)
    return f"{number}{w.measure}", ("worker", index, "amount")


def _terms(s, w: Worker) -> str:
    """How one worker's pay is told; returns a template whose slots _slots fills."""
    if w.pay == "day":
        return s.pick(("按天算，一天{rate}，{who}一共干了{amount}", "{who}干的是{job}，一天{rate}，干了{amount}"))
    if w.pay == "month":
        return s.pick(("按月算，每个月{rate}，{who}干了{amount}", "{who}做{job}，一个月{rate}，一共{amount}"))
    return s.pick(("{who}是计件的，{job}一件{rate}，做了{amount}", "{who}做{job}，按件算，每件{rate}，一共做了{amount}"))


def _slots(s, w: Worker, index: int, who: str) -> dict:
    return {"rate": s.money(("worker", index, "rate"), w.rate_text), "amount": _quantity(s, w, index),
            "who": who, "job": w.job}


def _paid_sentence(s, para, w: Worker, index: int, boss_word: str, own: bool) -> None:
    if w.paid:
        para.add("，" + (s.pick((f"{boss_word}", "老板")) if own else boss_word) + "在")
        para.add(*s.day(("worker", index, "paid_on"), write_day(w.paid_on, s.pick(DAY_STYLES))))
        para.add(f"用{w.means}给{'我' if own else '他'}付过").add(*s.money(("worker", index, "paid"), w.paid_text))
        para.add("，剩下的一直没给。")
    else:
        para.add("，" + s.pick(("一分钱都没给过。", "到现在一分钱都没拿到。")))


def tell(s, sitting: Sitting) -> None:
    f: WagesFacts = s.case.facts
    c = s.case
    if sitting.number == 1:
        s.ask(s.pick(("你今天来是为了什么事？", "你来反映什么情况？")))
        s.answer(s.pick((f"来反映{f.boss}拖欠我们工钱的事。", f"{f.boss}欠我们的工钱一直不给，我来反映一下。")))
        s.ask("你在哪里干活？是谁叫你去的？")
        s.answer(f"在{f.project}，是{f.boss}叫我去的，他是包工头。")
        s.ask(s.pick(("你是什么时候开始干的，干到什么时候？", "你在那里干了多久？")))
        s.answer("{start}开始干的，一直干到{end}。",
                 {"start": (f.start.surface, ("start",)) if f.start.precision != "day" else s.day(("start",), f.start.surface),
                  "end": s.day(("end",), write_day(f.end, s.pick(DAY_STYLES)))})
        s.ask(s.pick(("你的工钱是怎么算的？", "工钱怎么结算？")))
        w = f.subject
        para = s.answer(_terms(s, w), _slots(s, w, 0, "我"))
        _paid_sentence(s, para, w, 0, f.boss, own=True)
        s.ask("你们签过劳动合同吗？")
        text, phrase = (("签过，合同在老板那里。", "签过") if f.contract else ("没签合同，都是口头说的。", "没签合同"))
        start = text.index(phrase)
        s.answer("").add(text[:start]).add(phrase, ("yesno", "contract")).add(text[start + len(phrase):])
        s.ask(s.pick(("还有谁的工钱没拿到？", "和你一起的工友工钱拿到了吗？")))
        s.answer(s.pick(("还有{n}个人。", "一共还有{n}个工友没拿到。")),
                 {"n": ("两" if len(f.workers) == 3 else chinese_numeral(len(f.workers) - 1), ("workmates",))})
        for index, w in enumerate(f.workers[1:], start=1):
            s.ask(s.pick((f"{w.name}的情况呢？", f"{w.name}是怎么算的？")))
            para = s.answer(_terms(s, w), _slots(s, w, index, w.name))
            _paid_sentence(s, para, w, index, f.boss, own=False)
        if f.gap == "upstream_paid":
            s.ask("总包单位给" + f.boss + "付了多少钱，你知道吗？")
            text, phrase = s.pick((("这个我不清楚，他从来不跟我们说。", "不清楚"), ("付了多少我不知道。", "不知道")))
        else:
            s.ask(f"{f.boss}现在人在哪里？")
            text, phrase = s.pick((("他在哪我不知道，电话也不接。", "不知道"), ("现在去哪了我不清楚。", "不清楚")))
        start = text.index(phrase)
        s.answer("").add(text[:start]).add(phrase, ("gap", f.gap)).add(text[start + len(phrase):])
    corr = f.correction
    if corr and corr.sitting == sitting.number:
        s.ask(s.pick(("上回说的，哪些地方要改或者补充？", "你上次讲的有没有需要改的？")))
        if corr.kind == "paid_hedged":
            s.answer(s.pick(("老板给我付的那次好像是{v}，我记不太清了。", "我又想了想，{boss}转给我的好像是{v}，具体记不太清了。")),
                     {"v": s.money(("correction", "new"), corr.text), "boss": f.boss})
        else:
            w = f.workers[corr.worker]
            s.answer("{name}干的天数我上次说错了，实际是{v}天，不是{old}天。",
                     {"name": w.name, "v": (str(corr.value), ("correction", "new")),
                      "old": (str(w.amount), ("correction", "old"))})


# -- questions ------------------------------------------------------------------------------------


def ask(a: Asker) -> None:
    c = a.case
    f: WagesFacts = c.facts
    rng = a.rng
    w = f.subject
    name, boss = w.name, f.boss
    keys = [("worker", 0, "rate"), ("worker", 0, "amount")]
    a.value("own_due", rng.choice((f"{name}的工钱一共应该是多少？", f"按约定，{name}应得多少工钱？")), w.due, keys,
            not_=[w.owed] if w.paid else [], conflict=None)
    owed = f.subject_owed()
    question = rng.choice((f"{boss}还欠{name}多少工钱？", f"扣掉已经付的，{name}还有多少工钱没拿到？"))
    if len(owed) > 1:
        a.versions("own_owed_disputed", question, owed, keys + [("worker", 0, "paid"), ("correction", "new")])
    else:
        a.value("own_owed", question, owed[0], keys + [("worker", 0, "paid")], not_=[w.due] if w.paid else [])
    if w.pay == "day":
        a.value("own_days", f"{name}一共干了多少天？", w.amount, [("worker", 0, "amount")], conflict=None)
    else:
        a.value("own_months", f"{name}干了几个月？", w.amount, [("worker", 0, "amount")], conflict=None)
    if w.paid:
        question = rng.choice((f"{boss}给{name}付过多少工钱？", f"{name}已经拿到了多少工钱？"))
        if f.correction and f.correction.kind == "paid_hedged":
            a.versions("own_paid_disputed", question, [w.paid, f.correction.value],
                       [("worker", 0, "paid"), ("correction", "new")])
        else:
            a.value("own_paid", question, w.paid, [("worker", 0, "paid")], not_=[w.due, w.owed])
    mates = list(enumerate(f.workers))[1:]
    index, mate = rng.choice(mates)
    rate_q = {"day": f"{mate.name}一天的工钱是多少？", "month": f"{mate.name}每个月工资多少？",
              "piece": f"{mate.name}做一件多少钱？"}[mate.pay]
    a.value("mate_rate", rate_q, mate.rate, [("worker", index, "rate")], conflict=None)
    corrected = f.correction if f.correction and f.correction.kind == "days_corrected" else None
    index, mate = rng.choice(mates)
    keys = [("worker", index, "rate"), ("worker", index, "amount")]
    if corrected and corrected.worker == index:
        a.versions("mate_due_disputed", f"{mate.name}应得多少工钱？", [mate.due, mate.rate * corrected.value],
                   keys + [("correction", "new")])
        a.versions("mate_days_disputed", f"{mate.name}干了多少天？", [mate.amount, corrected.value],
                   [("worker", index, "amount"), ("correction", "new")])
    else:
        a.value("mate_due", f"{mate.name}应得多少工钱？", mate.due, keys, not_=[mate.owed] if mate.paid else [],
                conflict=None)
        if mate.pay == "piece":
            a.value("mate_pieces", f"{mate.name}一共做了多少件？", mate.amount, [("worker", index, "amount")],
                    conflict=None)
    a.value("workmates", rng.choice((f"除了{name}，还有几个人的工钱没拿到？", f"{name}说还有几个工友没拿到工钱？")),
            len(f.workers) - 1, [("workmates",)], conflict=None)
    totals = f.owed_total()
    question = rng.choice((f"{boss}一共欠这几个工人多少工钱？", f"{name}和工友们一共还有多少工钱没拿到？"))
    keys = [("worker", i, part) for i in range(len(f.workers)) for part in ("rate", "amount", "paid")]
    if len(totals) > 1:
        a.versions("owed_total_disputed", question, totals, keys + [("correction", "new")])
    else:
        a.value("owed_total", question, totals[0], keys, not_=[sum(x.due for x in f.workers)])
    expect = {"dates": [f.start.iso]}
    if f.start.approx:
        expect["approx_date"] = True
    a.add("start", "fact", f"{name}是什么时候开始在工地干活的？", expect, [("start",)])
    question = {"upstream_paid": f"总包单位给{boss}付了多少钱？", "boss_whereabouts": f"{boss}现在在哪里？"}[f.gap]
    a.said(f.gap, question, ("gap", f.gap))
    a.said("contract", f"{name}和老板签过劳动合同吗？", ("yesno", "contract"), f.contract)
    a.header()
    a.pii()
    a.absent(ABSENT, {"boss": boss, "subject": name})


def check(case: NewCase, truths: list[Truth]) -> list[str]:
    f: WagesFacts = case.facts
    problems = []
    for w in f.workers:
        if not 0 <= w.paid < w.rate * w.amount:
            problems.append(f"{w.name} was paid {w.paid} of {w.rate * w.amount}")
    if any(t <= 0 for t in f.owed_total()):
        problems.append("a version of what is owed is not positive")
    for t in truths:
        if t.kind == "wages.owed_total" and t.expect["numbers"] != [sum(w.rate * w.amount - w.paid for w in f.workers)]:
            problems.append("owed_total is not the sum of what each is owed")
    me, mates = f.workers[0], f.workers[1:]
    problems += answers_outside(truths, {
        "own_due": {me.rate * me.amount}, "own_owed": {me.rate * me.amount - me.paid}, "own_paid": {me.paid},
        "own_days": {me.amount}, "own_months": {me.amount}, "workmates": {len(mates)},
        "mate_rate": {w.rate for w in mates}, "mate_due": {w.rate * w.amount for w in mates},
        "mate_pieces": {w.amount for w in mates if w.pay == "piece"}})
    return problems


def values(case: NewCase) -> dict:
    """Every figure and day of the facts, by the key it is printed under (selfcheck.stated_values)."""
    f: WagesFacts = case.facts
    out = {("end",): Fact("date", f.end), ("workmates",): Fact("number", len(f.workers) - 1)}
    if f.start.precision == "day":
        out[("start",)] = Fact("date", f.start.hidden)
    for index, w in enumerate(f.workers):
        out[("worker", index, "rate")] = Fact("amount", w.rate)
        out[("worker", index, "amount")] = Fact("number", w.amount, w.measure)
        if w.paid:
            out[("worker", index, "paid")] = Fact("amount", w.paid)
            out[("worker", index, "paid_on")] = Fact("date", w.paid_on)
    c = f.correction
    if c and c.kind == "paid_hedged":
        out[("correction", "new")] = Fact("amount", c.value)
    elif c:
        out[("correction", "new")] = Fact("number", c.value)
        out[("correction", "old")] = Fact("number", f.workers[c.worker].amount)
    return out


def truth(f: WagesFacts) -> dict:
    c = f.correction
    return {"boss": f.boss, "project": f.project, "start": f.start.iso, "start_precision": f.start.precision,
            "end": f.end.isoformat(), "contract": f.contract, "gap": f.gap,
            "workers": [{"name": w.name, "pay": w.pay, "rate": w.rate, "amount": w.amount, "due": w.due,
                         "paid": w.paid, "paid_on": w.paid_on.isoformat() if w.paid_on else None} for w in f.workers],
            "owed_total": f.owed_total(),
            "correction": None if not c else {"kind": c.kind, "worker": c.worker, "sitting": c.sitting, "value": c.value}}
