"""Goods taken (盗窃 / 抢劫), the suspect's 讯问笔录: what was taken in each incident, the 价格认定
of every item, what an item was sold for, what the police recovered, what a relative paid back
(退赔, sometimes told only in a later sitting), and the loss still not made good =
valuations + cash − recovered − restitution. A later sitting (or a later turn) corrects or
restates, with a hedge, what an item was sold for or the day of an incident."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from engine.bench.casegen import pools
from engine.bench.casegen.model import Person, When
from engine.bench.casegen.newcase import Fact, Ground, NewCase, Sitting
from engine.bench.casegen.newquestions import CARD_NUMBER, Asker, answers_outside
from engine.bench.casegen.params import _amount_text
from engine.bench.casegen.questions import Truth
from engine.bench.casegen.surface import AmountText, DAY_STYLES, chinese_numeral, write_amount, write_day

key = "goods"
record = "讯问"
subject_role = "suspect"

# name, measure word, valuation (low, high, step) or None for gold (valued by its grams)
ITEMS = (("手机", "部", (900, 6800, 100)), ("笔记本电脑", "台", (1800, 9000, 100)),
         ("平板电脑", "台", (900, 4500, 100)), ("电动自行车", "辆", (700, 3600, 50)),
         ("金项链", "条", None), ("金手镯", "只", None), ("手表", "块", (600, 9800, 100)),
         ("相机", "台", (1200, 7600, 100)))
COLOURS = ("黑色", "白色", "银色", "蓝色", "灰色", "红色")
BUYERS = ("路边收二手手机的人", "一家二手回收店", "网上一个买家", "一家收旧货的店")
GOLD_BUYERS = ("一家回收黄金的店", "一个收金子的小贩")
PLACES = ("{road}路的一家超市", "{road}路公交站", "{road}路的一家网吧", "{road}小区的车棚", "{road}路的一家饭店",
          "{road}公园门口")
TIMES_OF_DAY = ("晚上十点多", "凌晨两点左右", "下午三点多", "中午", "晚上八点左右", "傍晚")
APPRAISERS = ("{city}市价格认证中心", "{city}市发展和改革局价格认证中心", "{city}市价格认定机构")
RELATIVES = ("父亲", "母亲", "哥哥", "姐姐", "妻子")

ABSENT = {
    "plate": ("作案时骑的车车牌号是多少？", ("车牌",)),
    "bank_card": ("{victim}的银行卡号是多少？", (CARD_NUMBER,)),
    "absent_person": ("{absent}在这件事里起了什么作用？", ()),
    "wechat_id": ("{subject}的微信号是多少？", ("微信号",)),
    "knife": ("作案后那把刀扔到哪里去了？", ("刀[^。；]*[扔丢藏]",)),
}


@dataclass
class Item:
    id: str  # g1, g2 …
    name: str
    measure: str
    colour: str
    incident: int  # the incident it was taken in (0-based)
    value: int  # 价格认定
    value_text: AmountText
    grams: int | None = None  # gold
    fate: str = "lost"  # sold | recovered | lost
    sale: int | None = None
    sale_text: AmountText | None = None
    buyer: str | None = None

    @property
    def spoken(self) -> str:
        """How the suspect names it: 一部黑色的手机, 一条金项链."""
        if self.grams:
            return f"一{self.measure}{self.name}"
        return f"一{self.measure}{self.colour}的{self.name}"


@dataclass
class Incident:
    index: int
    when: When
    time_of_day: str
    place: str
    victim: str
    cash: int | None = None
    cash_text: AmountText | None = None


@dataclass
class Restitution:
    relation: str
    payer: str
    amount: int
    text: AmountText
    when: date
    sitting: int  # the sitting that tells it


@dataclass
class Correction:
    kind: str  # sale_hedged | sale_corrected | sale_same | date_corrected
    target: str  # an item id (sale) or an incident index as text (date)
    sitting: int  # the sitting that says it (the last; the first when there is only one)
    new_sale: int | None = None
    new_sale_text: AmountText | None = None
    new_day: date | None = None


@dataclass
class GoodsFacts:
    crime: str  # 盗窃 | 抢劫
    incidents: list[Incident]
    items: list[Item]
    appraiser: str
    restitution: Restitution | None
    correction: Correction | None
    accomplice: str | None
    surrendered: bool
    gaps: list[str]  # buyer_name | money_use
    count_stated: bool
    victims: list[str] = field(default_factory=list)

    @property
    def valuation(self) -> int:
        return sum(i.value for i in self.items)

    @property
    def cash(self) -> int:
        return sum(i.cash or 0 for i in self.incidents)

    @property
    def recovered(self) -> int:
        return sum(i.value for i in self.items if i.fate == "recovered")

    @property
    def restored(self) -> int:
        return self.restitution.amount if self.restitution else 0

    @property
    def loss_left(self) -> int:
        return self.valuation + self.cash - self.recovered - self.restored

    def item(self, item_id: str) -> Item:
        return next(i for i in self.items if i.id == item_id)


def _round_sale(value: int, rng) -> int:
    return max(100, int(value * rng.uniform(0.25, 0.7)) // 50 * 50)


def draw(g: Ground, subject: Person) -> GoodsFacts:
    rng = g.rng
    crime = rng.choice(("盗窃", "盗窃", "抢劫"))
    n = rng.choice((1, 2, 2, 3, 3))
    last_day = g.first_day - timedelta(days=rng.randint(5, 40))
    days = sorted(last_day - timedelta(days=d) for d in rng.sample(range(0, 120), n))
    days[-1] = last_day
    victims = [g.name() for _ in range(n)]
    roads = rng.sample(pools.ROADS, n)
    incidents = []
    for i, day in enumerate(days):
        # The middle incident of three may be dated loosely (月初/中旬/底): it is neither end of a span.
        loose = n == 3 and i == 1 and days[0].month != day.month != days[2].month and rng.random() < 0.5
        if loose:
            part = "初" if day.day <= 10 else "中旬" if day.day <= 20 else "底"
            when = When(day, "month_part", f"{day.year}年{day.month}月{part}")
        else:
            when = When(day, "day", write_day(day, rng.choice(DAY_STYLES)))
        cash = rng.randrange(2, 31) * 100 if rng.random() < 0.3 else None
        incidents.append(Incident(i, when, rng.choice(TIMES_OF_DAY), rng.choice(PLACES).format(road=roads[i]),
                                  victims[i], cash, _amount_text(rng, cash) if cash else None))
    kinds = rng.sample(ITEMS, rng.randint(max(2, n), min(4, n + 2)))
    taken_values: set[int] = {i.cash for i in incidents if i.cash}
    items = []
    for index, (name, measure, span) in enumerate(kinds):
        incident = index if index < n else rng.randrange(n)
        grams = None
        for _ in range(100):
            if span is None:
                grams = rng.randint(8, 40) if name == "金项链" else rng.randint(15, 60)
                value = grams * rng.randrange(350, 481, 5)
            else:
                low, high, step = span
                value = rng.randrange(low // step, high // step + 1) * step
            if value not in taken_values:
                break
        taken_values.add(value)
        items.append(Item(f"g{index + 1}", name, measure, rng.choice(COLOURS), incident, value,
                          _amount_text(rng, value), grams))
    items.sort(key=lambda it: (it.incident, it.id))
    for position, item in enumerate(items):
        item.id = f"g{position + 1}"
    # Fates: one sold at least, one recovered when there are two or more, the rest at random.
    order = rng.sample(items, len(items))
    order[0].fate = "sold"
    if len(order) > 1:
        order[1].fate = "recovered"
    for item in order[2:]:
        item.fate = rng.choice(("sold", "recovered", "lost"))
    for item in items:
        if item.fate == "sold":
            for _ in range(50):
                sale = _round_sale(item.value, rng)
                if sale not in taken_values:
                    break
            taken_values.add(sale)
            item.sale, item.sale_text = sale, _amount_text(rng, sale)
            item.buyer = rng.choice(GOLD_BUYERS if item.grams else BUYERS)

    facts = GoodsFacts(crime, incidents, items, rng.choice(APPRAISERS).format(city=g.city), None, None,
                       g.name() if crime == "抢劫" or rng.random() < 0.4 else None, rng.random() < 0.5,
                       [], rng.random() < 0.5, victims)
    open_loss = facts.valuation + facts.cash - facts.recovered
    if rng.random() < 0.75 and open_loss >= 1500:
        step = 1000 if open_loss > 6000 else 100
        for _ in range(50):
            amount = rng.randrange(1, max(2, int(open_loss * 0.7) // step)) * step
            if amount not in taken_values:
                break
        taken_values.add(amount)
        later = len(g.sittings) > 1 and rng.random() < 0.5
        sitting = g.sittings[-1] if later else g.sittings[0]
        paid_on = sitting.start.date() - timedelta(days=rng.randint(1, 4))
        facts.restitution = Restitution(rng.choice(RELATIVES), g.name(), amount,
                                        _amount_text(rng, amount), paid_on, sitting.number)
    if rng.random() < 0.85:
        facts.correction = _draw_correction(rng, facts, g.sittings[-1].number, taken_values)
    gaps = ["money_use"] + (["buyer_name"] if any(i.buyer in ("路边收二手手机的人", "网上一个买家", "一个收金子的小贩")
                                                   for i in items if i.fate == "sold") else [])
    facts.gaps = rng.sample(gaps, rng.randint(1, len(gaps)))
    return facts


def _draw_correction(rng, facts: GoodsFacts, sitting: int, taken: set[int]) -> Correction | None:
    sold = [i for i in facts.items if i.fate == "sold"]
    dated = [i for i in facts.incidents if i.when.precision == "day"]
    kind = rng.choice(("sale_hedged", "sale_corrected", "sale_same", "date_corrected"))
    if kind == "date_corrected":
        incident = rng.choice(dated)
        days = sorted(i.when.hidden for i in facts.incidents)
        low = days[incident.index - 1] + timedelta(days=1) if incident.index else incident.when.hidden - timedelta(days=8)
        high = days[incident.index + 1] - timedelta(days=1) if incident.index + 1 < len(days) \
            else incident.when.hidden + timedelta(days=3)
        options = [incident.when.hidden + timedelta(days=k) for k in (-5, -4, -3, -2, -1, 1, 2, 3)]
        options = [d for d in options if low <= d <= high]
        if not options:
            return None
        return Correction(kind, str(incident.index), sitting, new_day=rng.choice(options))
    item = rng.choice(sold)
    if kind == "sale_same":
        return Correction(kind, item.id, sitting)
    for _ in range(50):
        new = item.sale + rng.choice((-1, 1)) * rng.randrange(1, 6) * 100
        if 0 < new < item.value and new not in taken:
            taken.add(new)
            return Correction(kind, item.id, sitting, new_sale=new, new_sale_text=_amount_text(rng, new))
    return None


def people(facts: GoodsFacts) -> dict[str, str]:
    return {}


# -- the telling ----------------------------------------------------------------------------------


def _incident_turns(s, facts: GoodsFacts, subject: str) -> None:
    verb = "偷" if facts.crime == "盗窃" else "抢"
    n = len(facts.incidents)
    if facts.count_stated or n == 1:
        s.ask(s.pick((f"你一共{verb}过几次？", f"你前后作案几次？")))
        count = "两" if n == 2 else chinese_numeral(n)
        words = s.pick(("一共", "就", "前后")) if n > 1 else s.pick(("就", "只有"))
        s.answer("").add(words).add(f"{count}次", ("count",)).add("。")
    for incident in facts.incidents:
        items = [i for i in facts.items if i.incident == incident.index]
        ordinal = f"第{chinese_numeral(incident.index + 1)}次" if n > 1 else "那次"
        s.ask(s.pick((f"{ordinal}是什么时候、在哪里，{verb}了什么？", f"你把{ordinal}的经过说一下。")))
        things = "和".join(i.spoken for i in items)
        slots = {"date": s.day(("incident", incident.index, "date"), incident.when.surface)
                 if incident.when.precision == "day" else (incident.when.surface, ("incident", incident.index, "date")),
                 "tod": incident.time_of_day, "place": (incident.place, ("incident", incident.index, "place")),
                 "victim": incident.victim, "things": things, "acc": facts.accomplice or ""}
        if facts.crime == "盗窃":
            template = s.pick(("{date}{tod}，我在{place}，趁{victim}不注意，把{victim}的{things}拿走了",
                               "是{date}{tod}，在{place}，我看{victim}没注意，偷了{victim}{things}"))
        else:
            template = s.pick(("{date}{tod}，我和{acc}在{place}拦住{victim}，{acc}拿刀吓唬{victim}，我把{victim}的{things}抢了过来",
                               "是{date}{tod}，在{place}，{acc}拿着刀，我们逼{victim}把{things}交了出来"))
        para = s.answer(template, slots)
        if incident.cash:
            para.add("，还有" + s.pick(("钱包里的", "身上的")) + "现金").add(
                *s.money(("incident", incident.index, "cash"), incident.cash_text))
        para.add("。")
        for item in items:
            if item.grams:
                s.ask(s.pick((f"那{item.measure}{item.name}有多重？", f"{item.name}多少克？")))
                s.answer(s.pick(("{g}克，是后来称的。", "大概{g}克。", "有{g}克。")),
                         {"g": (str(item.grams) if s.rng.random() < 0.7 else chinese_numeral(item.grams),
                                ("item", item.id, "grams"))})


def _valuation_turns(s, facts: GoodsFacts) -> None:
    parts = []
    for item in facts.items:
        parts.append((item, s.money(("item", item.id, "value"), item.value_text)))
    verb = "盗窃" if facts.crime == "盗窃" else "抢劫"
    if s.rng.random() < 0.5:
        para = s.ask(f"经{facts.appraiser}价格认定，你{verb}的")
        for position, (item, value) in enumerate(parts):
            para.add("，" if position else "").add(f"{item.name}价值").add(*value)
        para.add("，你对价格认定有没有意见？")
        s.answer(s.pick(("没有意见。", "没有异议。")))
    else:
        s.ask(s.pick(("你拿的这些东西做过价格认定吗？", "东西值多少钱，你知道吗？")))
        para = s.answer(s.pick((f"你们给我看过{facts.appraiser}的价格认定结论，", "看过价格认定结论书，")))
        for position, (item, value) in enumerate(parts):
            para.add("，" if position else "").add(f"{item.name}认定价值").add(*value)
        para.add("，我没有意见。")


def _fate_turns(s, facts: GoodsFacts) -> None:
    s.ask(s.pick(("这些东西你后来怎么处理的？", "拿到的东西都去哪了？")))
    para = s.answer("")
    for position, item in enumerate(facts.items):
        para.add("；" if position else "")
        if item.fate == "sold":
            para.add(s.pick((f"{item.name}拿到{item.buyer}那里卖了", f"{item.name}卖给了{item.buyer}，卖了")))
            para.add(*s.money(("item", item.id, "sale"), item.sale_text))
        elif item.fate == "recovered":
            para.add(f"{item.name}").add(s.pick(("还在我住的地方，被你们查获了", "被民警从我身上搜出来扣押了",
                                                  "没来得及卖，被你们追回了")), ("item", item.id, "recovered"))
        else:
            para.add(f"{item.name}" + s.pick(("我自己用了一阵，后来弄丢了", "后来被我摔坏了")))
    para.add("。")


def _gap_turns(s, facts: GoodsFacts) -> None:
    if "buyer_name" in facts.gaps:
        s.ask(s.pick(("买你东西的人叫什么名字？", "收东西的人是谁？")))
        _said(s, s.pick(("叫什么我不知道，就见过那一次。", "不知道叫什么，没问过。")), "不知道", ("gap", "buyer_name"))
    if "money_use" in facts.gaps:
        s.ask(s.pick(("卖东西的钱呢？", "卖的钱用到哪里去了？")))
        _said(s, s.pick(("大部分花掉了，具体用在哪里我记不清了。", "吃饭上网花了，具体花在哪我记不清了。")), "记不清",
              ("gap", "money_use"))


def _said(s, text: str, phrase: str, key) -> None:
    start = text.index(phrase)
    s.answer("").add(text[:start]).add(phrase, key).add(text[start + len(phrase):])


def _restitution_turn(s, facts: GoodsFacts) -> None:
    r = facts.restitution
    s.ask(s.pick(("你家里人有没有替你退赔？", "被害人的损失退赔了没有？")))
    victim = facts.victims[0]
    s.answer(s.pick(("{when}，我{rel}{payer}替我退赔了{victim}{amount}。", "退了，我{rel}{payer}在{when}给{victim}退赔了{amount}。")),
             {"when": s.day(("restitution", "date"), write_day(r.when, s.pick(DAY_STYLES))), "rel": r.relation,
              "payer": r.payer, "victim": victim, "amount": s.money(("restitution", "amount"), r.text)})


def _correction_turn(s, facts: GoodsFacts, later: bool) -> None:
    c = facts.correction
    if later:
        s.ask(s.pick(("上回讲的内容，哪里要改正或者补充？", "你上次说的，有哪里要改吗？")))
    else:
        s.ask(s.pick(("你前面说的这些，有没有记错的地方？", "你刚才讲的再核实一下，有没有出入？")))
    if c.kind == "date_corrected":
        incident = facts.incidents[int(c.target)]
        ordinal = f"第{chinese_numeral(incident.index + 1)}次" if len(facts.incidents) > 1 else "那次"
        old = write_day(incident.when.hidden, s.pick(DAY_STYLES))
        s.answer(s.pick(("{ord}的时间我记错了，不是{old}，应该是{new}。", "{ord}不是{old}，是{new}，我想起来了。")),
                 {"ord": ordinal, "old": (old, ("correction", "old")),
                  "new": s.day(("correction", "new"), write_day(c.new_day, s.pick(DAY_STYLES)))})
        return
    item = facts.item(c.target)
    if c.kind == "sale_same":
        s.answer(s.pick(("没有，{name}就是卖了{sale}，这个我记得。", "{name}卖了{sale}，这个没错。")),
                 {"name": item.name, "sale": (write_amount(item.sale, "arabic").surface, ("correction", "new"))})
        return
    if c.kind == "sale_hedged":
        s.answer(s.pick(("{name}好像是卖了{new}，我记不太清了。", "{name}卖的钱好像是{new}，具体我记不太清了。")),
                 {"name": item.name, "new": s.money(("correction", "new"), c.new_sale_text)})
        return
    s.answer(s.pick(("有一处要更正，{name}实际卖了{new}，不是{old}，之前说错了。", "{name}我记错了，卖的是{new}。")),
             {"name": item.name, "new": s.money(("correction", "new"), c.new_sale_text),
              "old": (item.sale_text.surface, ("correction", "old"))})


def tell(s, sitting: Sitting) -> None:
    facts: GoodsFacts = s.case.facts
    c = s.case
    last = sitting.number == c.sittings[-1].number
    if sitting.number == 1:
        person = c.subject
        s.ask(s.pick(("你把你的个人情况说一下。", "先说说你自己的情况。")))
        s.answer(f"我叫{person.name}，{person.education}文化，{person.job}，住在{person.address}。")
        s.ask(s.pick(("你今天是怎么来派出所的？", "你是怎么到案的？")))
        _said(s, *(("是我自己到派出所投案的。", "自己到派出所投案", ("yesno", "surrender")) if facts.surrendered else
                   ("民警在我住的地方把我抓获的。", "把我抓获", ("yesno", "surrender"))))
        s.ask(s.pick(("你知道为什么对你进行讯问吗？", "你因为什么事被传唤？")))
        s.answer(s.pick((f"因为我{facts.crime}的事。", f"我{facts.crime}别人的东西。")))
        _incident_turns(s, facts, person.name)
        if facts.crime == "盗窃":
            s.ask(s.pick(("有没有人和你一起？", "你作案时有没有同伙？")))
            if facts.accomplice:
                _said(s, f"有，{facts.accomplice}和我一起去的。", "和我一起去的", ("yesno", "accomplice"))
            else:
                _said(s, "没有，都是我一个人干的。", "我一个人干的", ("yesno", "accomplice"))
        _fate_turns(s, facts)
        _valuation_turns(s, facts)
        _gap_turns(s, facts)
    if facts.restitution and facts.restitution.sitting == sitting.number:
        _restitution_turn(s, facts)
    elif facts.restitution is None and last:
        s.ask("被害人的损失退赔了没有？")
        s.answer(s.pick(("还没有，家里暂时拿不出钱。", "还没有退赔。")))
    if facts.correction and facts.correction.sitting == sitting.number:
        _correction_turn(s, facts, later=sitting.number > 1)


# -- questions ------------------------------------------------------------------------------------


def _pick_item(a: Asker, items: list[Item]) -> Item:
    return a.rng.choice(items)


def ask(a: Asker) -> None:
    c = a.case
    f: GoodsFacts = c.facts
    rng = a.rng
    verb = "偷" if f.crime == "盗窃" else "抢"
    value_keys = [("item", i.id, "value") for i in f.items]
    sales = [i.sale for i in f.items if i.sale] + ([f.correction.new_sale] if f.correction and f.correction.new_sale else [])
    a.value("valuation_total", rng.choice((f"被{verb}的财物经价格认定一共价值多少钱？", f"{c.subject.name}{verb}来的东西，认定的价格加起来是多少？")),
            f.valuation, value_keys, not_=sales + [f.valuation + f.cash, f.loss_left])
    item = _pick_item(a, f.items)
    a.value("item_value", f"那{item.measure}{item.name}价格认定是多少钱？", item.value, [("item", item.id, "value")],
            not_=[item.sale] if item.sale else [])
    corrected = f.correction if f.correction and f.correction.kind.startswith("sale") else None
    sold = [i for i in f.items if i.fate == "sold"]
    target = f.item(corrected.target) if corrected else rng.choice(sold)
    question = rng.choice((f"{target.name}卖了多少钱？", f"{c.subject.name}把{target.name}卖了多少钱？"))
    keys = [("item", target.id, "sale")]
    if corrected and corrected.kind in ("sale_hedged", "sale_corrected"):
        a.versions("sale_disputed", question, [target.sale, corrected.new_sale], keys + [("correction", "new")])
    else:
        kind = "sale_restated" if corrected else "sale"
        a.value(kind, question, target.sale, keys + ([("correction", "new")] if corrected else []),
                not_=[target.value])
    loss_keys = value_keys + [("incident", i.index, "cash") for i in f.incidents] + \
        [("item", i.id, "recovered") for i in f.items] + [("restitution", "amount")]
    a.value("loss_left", rng.choice(("扣除追回的财物和退赔的钱，被害人还有多少损失没有挽回？",
                                     "追回和退赔之后，还有多少损失没有弥补上？")),
            f.loss_left, loss_keys, not_=[f.valuation, f.valuation + f.cash])
    if f.restitution:
        r = f.restitution
        a.value("restitution", rng.choice((f"{c.subject.name}的{r.relation}退赔了多少钱？", f"{c.subject.name}的家人替他赔了多少钱？")),
                r.amount, [("restitution", "amount")], dates=[r.when.isoformat()])
    recovered = [i for i in f.items if i.fate == "recovered"]
    if recovered:
        if rng.random() < 0.5:
            a.add("recovered_items", "fact", "哪些东西被追回了？", {"text": [i.name for i in recovered]},
                  [("item", i.id, "recovered") for i in recovered])
        else:
            a.value("recovered_value", "追回的财物价格认定合计多少钱？", sum(i.value for i in recovered),
                    [("item", i.id, "value") for i in recovered] + [("item", i.id, "recovered") for i in recovered],
                    not_=[f.valuation])
    gold = [i for i in f.items if i.grams]
    if gold:
        g = rng.choice(gold)
        a.value("weight", f"{g.name}有多少克？", g.grams, [("item", g.id, "grams")], conflict=None)
    n = len(f.incidents)
    if n > 1:
        a.value("incident_count", rng.choice((f"{c.subject.name}一共作案几次？", f"{c.subject.name}前后{verb}了几次？")), n,
                [("count",)] if a.printed(("count",)) else [("incident", i.index, "date") for i in f.incidents],
                conflict=None)
        first, last = f.incidents[0], f.incidents[-1]
        disputed = f.correction and f.correction.kind == "date_corrected" and int(f.correction.target) in (0, n - 1)
        if not disputed:
            gap = (last.when.hidden - first.when.hidden).days
            keys = [("incident", 0, "date"), ("incident", n - 1, "date")]
            if rng.random() < 0.5:
                a.value("span_days", "第一次和最后一次作案相隔多少天？", gap, keys, conflict=None)
            else:
                a.value("span_days_inclusive", "从第一次作案到最后一次作案，前后一共多少天？", gap + 1, keys, conflict=None)
    date_fix = f.correction if f.correction and f.correction.kind == "date_corrected" else None
    choices = [i for i in f.incidents if not (date_fix and int(date_fix.target) == i.index)]
    if choices:
        incident = rng.choice(choices)
        ordinal = f"第{chinese_numeral(incident.index + 1)}次" if n > 1 else "这次"
        expect = {"dates": [incident.when.iso], "text": [incident.place]}
        if incident.when.approx:
            expect["approx_date"] = True
        a.add("incident", "fact", f"{ordinal}作案是哪天、在什么地方？", expect,
              [("incident", incident.index, "date"), ("incident", incident.index, "place")])
    if date_fix:
        incident = f.incidents[int(date_fix.target)]
        ordinal = f"第{chinese_numeral(incident.index + 1)}次" if n > 1 else "这次"
        a.add("date_disputed", "conflict", f"{ordinal}作案是哪一天？",
              {"conflict": True, "dates": sorted({incident.when.iso, date_fix.new_day.isoformat()})},
              [("incident", incident.index, "date"), ("correction", "new")])
    for gap in f.gaps:
        question = {"buyer_name": "买东西的人叫什么名字？", "money_use": "卖东西的钱用到哪里去了？"}[gap]
        a.said(gap, question, ("gap", gap))
    a.said("accomplice", rng.choice((f"{c.subject.name}有没有同伙？", f"有没有人和{c.subject.name}一起作案？")),
           ("yesno", "accomplice"), bool(f.accomplice))
    a.said("surrender", f"{c.subject.name}是主动投案的吗？", ("yesno", "surrender"), f.surrendered)
    a.header()
    a.pii()
    a.absent(ABSENT, {"subject": c.subject.name, "victim": f.victims[0]})


def check(case: NewCase, truths: list[Truth]) -> list[str]:
    f: GoodsFacts = case.facts
    problems = []
    loss = sum(i.value for i in f.items) + sum(i.cash or 0 for i in f.incidents) - \
        sum(i.value for i in f.items if i.fate == "recovered") - (f.restitution.amount if f.restitution else 0)
    if loss <= 0:
        problems.append(f"the loss left is not positive: {loss}")
    for t in truths:
        if t.kind == "goods.loss_left" and t.expect["numbers"] != [loss]:
            problems.append(f"loss_left expects {t.expect['numbers']}, the facts give {loss}")
        if t.kind == "goods.valuation_total" and t.expect["numbers"] != [sum(i.value for i in f.items)]:
            problems.append("valuation_total is not the sum of the valuations")
    if any(i.sale and i.sale >= i.value for i in f.items):
        problems.append("an item sold for its valuation or more")
    days = sorted(i.when.hidden for i in f.incidents)
    sales = {i.sale for i in f.items if i.sale} | ({f.correction.new_sale} if f.correction and f.correction.new_sale
                                                   else set())
    problems += answers_outside(truths, {
        "item_value": {i.value for i in f.items}, "sale": sales, "sale_restated": sales, "sale_disputed": sales,
        "restitution": {f.restitution.amount} if f.restitution else set(),
        "recovered_value": {sum(i.value for i in f.items if i.fate == "recovered")},
        "weight": {i.grams for i in f.items if i.grams}, "incident_count": {len(f.incidents)},
        "span_days": {(days[-1] - days[0]).days}, "span_days_inclusive": {(days[-1] - days[0]).days + 1}})
    return problems


def values(case: NewCase) -> dict:
    """Every figure and day of the facts, by the key it is printed under (selfcheck.stated_values)."""
    f: GoodsFacts = case.facts
    out = {("count",): Fact("number", len(f.incidents), "次")}
    for i in f.incidents:
        if i.when.precision == "day":
            out[("incident", i.index, "date")] = Fact("date", i.when.hidden)
        if i.cash:
            out[("incident", i.index, "cash")] = Fact("amount", i.cash)
    for item in f.items:
        out[("item", item.id, "value")] = Fact("amount", item.value)
        if item.sale:
            out[("item", item.id, "sale")] = Fact("amount", item.sale)
        if item.grams:
            out[("item", item.id, "grams")] = Fact("number", item.grams)
    if f.restitution:
        out[("restitution", "amount")] = Fact("amount", f.restitution.amount)
        out[("restitution", "date")] = Fact("date", f.restitution.when)
    c = f.correction
    if c and c.kind == "date_corrected":
        out[("correction", "old")] = Fact("date", f.incidents[int(c.target)].when.hidden)
        out[("correction", "new")] = Fact("date", c.new_day)
    elif c:
        item = f.item(c.target)
        out[("correction", "new")] = Fact("amount", c.new_sale or item.sale)
        if c.kind == "sale_corrected":
            out[("correction", "old")] = Fact("amount", item.sale)
    return out


def truth(f: GoodsFacts) -> dict:
    return {"crime": f.crime, "valuation": f.valuation, "cash": f.cash, "recovered": f.recovered,
            "restitution": None if not f.restitution else {"amount": f.restitution.amount,
                                                           "date": f.restitution.when.isoformat(),
                                                           "sitting": f.restitution.sitting},
            "loss_left": f.loss_left,
            "incidents": [{"date": i.when.iso, "precision": i.when.precision, "place": i.place, "victim": i.victim,
                           "cash": i.cash} for i in f.incidents],
            "items": [{"id": i.id, "name": i.name, "value": i.value, "grams": i.grams, "fate": i.fate, "sale": i.sale}
                      for i in f.items],
            "correction": None if not f.correction else {
                "kind": f.correction.kind, "target": f.correction.target, "sitting": f.correction.sitting,
                "new_sale": f.correction.new_sale,
                "new_day": f.correction.new_day.isoformat() if f.correction.new_day else None},
            "accomplice": f.accomplice, "surrendered": f.surrendered, "gaps": f.gaps}
