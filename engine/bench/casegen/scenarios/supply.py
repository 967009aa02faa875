"""A sales contract before a civil court (买卖合同纠纷), the 庭审笔录: the seller sues the buyer for
the price of goods delivered — quantity × unit price (吨 × 元/吨, 台/件/箱 × 单价), several
deliveries and payments — and each party states its own figure where they disagree (how much one
delivery was, the day it came, a payment the seller does not acknowledge): the conflict is
attributed to each party. A second hearing may bring the plaintiff's correction of a payment."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

from engine.bench.casegen import pools
from engine.bench.casegen.model import Person
from engine.bench.casegen.newcase import Fact, Ground, NewCase, Sitting
from engine.bench.casegen.newquestions import CARD_NUMBER, Asker, answers_outside
from engine.bench.casegen.params import _amount_text
from engine.bench.casegen.questions import Truth
from engine.bench.casegen.surface import AmountText, DAY_STYLES, chinese_numeral, write_amount, write_day

key = "supply"
record = "庭审"
subject_role = "defendant"

# goods, unit, unit price (low, high, step), quantity (low, high, step)
GOODS = (("螺纹钢", "吨", (3500, 4800, 10), (60, 400, 5)), ("水泥", "吨", (320, 520, 5), (100, 900, 10)),
         ("钢管", "吨", (4200, 5600, 10), (20, 160, 2)), ("大米", "吨", (3600, 5200, 20), (10, 90, 1)),
         ("化肥", "吨", (2200, 3600, 20), (20, 240, 2)), ("空调", "台", (1800, 4500, 50), (20, 160, 1)),
         ("羽绒服", "件", (120, 480, 5), (300, 3000, 10)), ("白酒", "箱", (480, 1800, 20), (50, 500, 5)),
         ("瓷砖", "箱", (45, 160, 1), (500, 4000, 10)))
FIRM_WORDS = ("衡正", "明德", "华信", "正方", "德衡", "天平", "公信", "启元")
PAY_MEANS = ("银行转账", "微信", "对公转账")

ABSENT = {
    "factory": ("这批{goods}是哪家厂生产的？", ("生产",)),
    "bank_card": ("被告付款用的银行卡号是多少？", (CARD_NUMBER,)),
    "absent_person": ("{absent}在这笔买卖里起了什么作用？", ()),
    "plate": ("送货的货车车牌号是多少？", ("车牌",)),
    "invoice": ("原告开了多少钱的发票？", ("发票",)),
}


@dataclass
class Batch:
    index: int
    day: date
    qty: int  # as the plaintiff states it


@dataclass
class Payment:
    index: int
    day: date
    amount: int
    text: AmountText
    means: str


@dataclass
class Dispute:
    """Where the defendant's account differs from the plaintiff's."""

    kind: str  # qty | date | paid
    batch: int | None = None
    qty: int | None = None  # the defendant's quantity of that batch
    day: date | None = None  # the defendant's day of that batch, or of his extra payment
    extra: int | None = None  # a payment only the defendant speaks of (cash)
    extra_text: AmountText | None = None
    owed_stated: bool = False  # the defendant states what he owes by his account


@dataclass
class Correction:
    """The plaintiff corrects a payment in the second hearing."""

    payment: int
    field: str  # amount | date
    amount: int | None = None
    text: AmountText | None = None
    day: date | None = None


@dataclass
class SupplyFacts:
    goods: str
    unit: str
    price: int
    qty: int
    signed: date
    sum_stated: bool
    batches: list[Batch]
    payments: list[Payment]
    dispute: Dispute
    correction: Correction | None
    mediation: bool  # the defendant agrees to mediation
    count_stated: bool
    plaintiff: str
    agent: str | None
    people: dict[str, object] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.qty * self.price

    def delivered(self) -> list[int]:
        """The quantity delivered by each party's account: plaintiff's first."""
        d = self.dispute
        if d.kind == "qty":
            return [self.qty, self.qty - self.batches[d.batch].qty + d.qty]
        return [self.qty]

    def paid(self) -> list[int]:
        """What was paid, by every account (the plaintiff's before and after a correction, the
        defendant's with a payment only he speaks of)."""
        base = sum(p.amount for p in self.payments)
        versions = [base]
        c = self.correction
        if c and c.field == "amount":
            versions.append(base - self.payments[c.payment].amount + c.amount)
        if self.dispute.kind == "paid":
            versions.append(base + self.dispute.extra)
        return versions

    def owed(self) -> list[int]:
        """Every figure still owed the accounts allow: the plaintiff's claim first."""
        out = []
        for delivered in self.delivered():
            for paid in self.paid():
                value = delivered * self.price - paid
                if value not in out:
                    out.append(value)
        return out


def _quantity_text(rng, value: int, unit: str) -> str:
    if value < 100000 and rng.random() < 0.25:
        return f"{chinese_numeral(value)}{unit}"
    return f"{value}{unit}"


def _split(rng, total: int, parts: int, step: int) -> list[int]:
    units = total // step
    cuts = sorted(rng.sample(range(1, units), parts - 1))
    return [(b - a) * step for a, b in zip([0] + cuts, cuts + [units])]


def draw(g: Ground, subject: Person) -> SupplyFacts:
    rng = g.rng
    goods, unit, (plo, phi, pstep), (qlo, qhi, qstep) = rng.choice(GOODS)
    price = rng.randrange(plo // pstep, phi // pstep + 1) * pstep
    n = rng.randint(2, 4)
    qty = rng.randrange(max(qlo, n * 3 * qstep) // qstep, qhi // qstep + 1) * qstep
    signed = g.first_day - timedelta(days=rng.randint(150, 400))
    days = sorted(signed + timedelta(days=d) for d in rng.sample(range(5, 90), n))
    batches = [Batch(i, d, q) for i, (d, q) in enumerate(zip(days, _split(rng, qty, n, qstep)))]
    total = qty * price
    m = rng.randint(1, 3)
    pay_days = sorted(signed + timedelta(days=d) for d in rng.sample(range(1, 120), m))
    step = 1000 if total > 100000 else 100
    paid_target = int(total * rng.uniform(0.3, 0.75))
    amounts = _split(rng, max(paid_target // step, m + 1) * step, m, step) if m > 1 else [paid_target // step * step]
    payments = [Payment(i, d, a, _amount_text(rng, a), rng.choice(PAY_MEANS))
                for i, (d, a) in enumerate(zip(pay_days, amounts))]
    kind = rng.choice(("qty", "date", "paid"))
    if kind == "qty":
        k = max(range(n), key=lambda i: (batches[i].qty, rng.random()))  # a batch with room to be short of
        short = rng.randint(1, max(1, batches[k].qty // (qstep * 4))) * qstep
        dispute = Dispute("qty", batch=k, qty=batches[k].qty - short, owed_stated=rng.random() < 0.5)
    elif kind == "date":
        k = rng.randrange(n)
        low = batches[k - 1].day + timedelta(days=1) if k else batches[k].day - timedelta(days=9)
        high = batches[k + 1].day - timedelta(days=1) if k + 1 < n else batches[k].day + timedelta(days=12)
        options = [batches[k].day + timedelta(days=d) for d in range(-9, 13) if d]
        options = [d for d in options if low <= d <= high] or [batches[k].day + timedelta(days=2)]
        dispute = Dispute("date", batch=k, day=rng.choice(options))
    else:
        extra = rng.randrange(2, 40) * (step if step == 100 else 500)
        dispute = Dispute("paid", day=rng.choice(days), extra=extra, extra_text=_amount_text(rng, extra),
                          owed_stated=rng.random() < 0.5)
    correction = None
    if len(g.sittings) > 1 and rng.random() < 0.7:
        p = rng.randrange(m)
        if rng.random() < 0.5:
            delta = rng.choice((-1, 1)) * rng.randrange(1, 6) * step
            amount = payments[p].amount + delta
            if amount > 0:
                correction = Correction(p, "amount", amount=amount, text=_amount_text(rng, amount))
        else:
            low = pay_days[p - 1] + timedelta(days=1) if p else signed
            high = pay_days[p + 1] - timedelta(days=1) if p + 1 < m else pay_days[p] + timedelta(days=10)
            options = [pay_days[p] + timedelta(days=d) for d in range(-6, 7) if d]
            options = [d for d in options if low <= d <= high]
            if options:
                correction = Correction(p, "date", day=rng.choice(options))
    agent = g.name() if rng.random() < 0.7 else None
    plaintiff = pools.company_name(rng, g.city) if agent else g.name()
    facts = SupplyFacts(goods, unit, price, qty, signed, rng.random() < 0.5, batches, payments, dispute, correction,
                        rng.random() < 0.5, rng.random() < 0.5, plaintiff, agent)
    if min(facts.owed()) <= 0:
        raise ValueError("drawn accounts leave nothing owed")  # cannot happen: paid ≤ 0.75 of the price
    year = g.first_day.year
    facts.people = {
        "case_number": f"（{year}）{rng.choice('浙苏闽赣湘鄂皖鲁')}{rng.randint(1, 9)}{rng.randint(100, 199):03d}民初"
                       f"{rng.randint(1000, 9999)}号",
        "cause": "买卖合同纠纷",
        "plaintiff": plaintiff, "agent": agent, "plaintiff_speaker": agent or plaintiff,
        "plaintiff_lines": _plaintiff_lines(g, plaintiff, agent),
    }
    return facts


def _plaintiff_lines(g: Ground, plaintiff: str, agent: str | None) -> list[str]:
    rng = g.rng
    address = pools.street_address(rng, g.city).split("号")[0] + "号"
    if agent:
        firm = f"{g.city}{rng.choice(FIRM_WORDS)}律师事务所"
        return [f"原告：{plaintiff}，住所地{address}。", f"法定代表人：{g.name()}，该公司总经理。",
                f"委托诉讼代理人：{agent}，{firm}律师。"]
    return [f"原告：{plaintiff}，个体工商户，住{address}。"]


def people(facts: SupplyFacts) -> dict[str, str]:
    return facts.people


# -- the telling ----------------------------------------------------------------------------------


def _per_unit(s, price_key, f: SupplyFacts) -> list:
    """单价4160元/吨, 每吨4160元 … as (text, key) pieces."""
    amount = write_amount(f.price, s.pick(("arabic", "arabic", "comma"))).surface
    form = s.pick(("slash", "each", "each_price"))
    if form == "slash":
        return ["单价", (f"{amount}/{f.unit}", price_key)]
    if form == "each":
        return [f"每{f.unit}", (amount, price_key)]
    return [f"单价为每{f.unit}", (amount, price_key)]


def _identities(s, f: SupplyFacts, sitting: Sitting) -> None:
    c = s.case
    judge, member, _ = sitting.askers
    s.turn("judge", s.pick(("开庭。先核实到庭人员的身份，原告方先说。", "庭审开始，请到庭各方报明身份，原告方在先。")))
    if f.agent:
        s.turn("plaintiff", f"{f.agent}，执业律师，受{f.plaintiff}委托到庭，权限是特别授权。")
    else:
        s.turn("plaintiff", f"{f.plaintiff}，本人到庭。")
    s.turn("judge", "被告。")
    s.turn("defendant", s.pick((f"{c.subject.name}，我本人来的，没委托代理人。", f"{c.subject.name}，我自己来的。")))
    s.turn("judge", "原、被告对彼此到庭人员的身份是否认可？")
    s.turn("plaintiff", "认可。")
    s.turn("defendant", "没意见。")
    s.turn("judge", f"合议庭由{judge}（审判长）和{member}组成，{sitting.recorder}任书记员。对以上人员，"
                    "双方要不要申请回避？")
    s.turn("plaintiff", "不申请回避。")
    s.turn("defendant", "不申请。")


def _claims(s, f: SupplyFacts) -> None:
    s.turn("judge", "现在进入法庭调查，请原告方说明诉请及所依据的事实。")
    owed = f.owed()[0]
    s.turn("plaintiff", "诉讼请求：一、判令被告支付货款{owed}；二、本案诉讼费用由被告承担。",
           {"owed": s.money(("claim", "owed"), _amount_text(s.rng, owed))})
    para = s.turn("plaintiff", "事实和理由：{signed}，原告与被告签订《{goods}购销合同》，约定被告向原告购买{goods}{qty}，",
                  {"signed": s.day(("contract", "date"), write_day(f.signed, s.pick(DAY_STYLES))), "goods": f.goods,
                   "qty": (_quantity_text(s.rng, f.qty, f.unit), ("contract", "qty"))})
    for piece in _per_unit(s, ("contract", "price"), f):
        para.add(*piece) if isinstance(piece, tuple) else para.add(piece)
    if f.sum_stated:
        para.add("，合同总价款").add(*s.money(("contract", "sum"), _amount_text(s.rng, f.total)))
    para.add("。")
    n = len(f.batches)
    para = s.turn("plaintiff", "合同签订后，原告分{n}次向被告送货：", {"n": ("两" if n == 2 else chinese_numeral(n), ("count",))})
    for batch in f.batches:
        para.add("，" if batch.index else "").add(f"第{chinese_numeral(batch.index + 1)}批").add(
            *s.day(("batch", batch.index, "date"), write_day(batch.day, s.pick(("cn", "cn", "cn_hao"))))).add(
            "送货").add(_quantity_text(s.rng, batch.qty, f.unit), ("batch", batch.index, "qty"))
    para.add("，合计").add(_quantity_text(s.rng, f.qty, f.unit), ("delivered", "plaintiff")).add("，被告均已签收。")
    para = s.turn("plaintiff", "被告")
    for pay in f.payments:
        para.add("，" if pay.index else "").add(*s.day(("payment", pay.index, "date"),
                                                        write_day(pay.day, s.pick(("cn", "cn", "dot")))))
        para.add(f"通过{pay.means}支付").add(*s.money(("payment", pay.index, "amount"), pay.text))
    para.add("，余款经原告多次催要，被告至今未付。")


def _answer(s, f: SupplyFacts) -> None:
    d = f.dispute
    s.turn("judge", "被告答辩。")
    para = s.turn("defendant", s.pick(("合同是签了，单价也没有问题。", "合同是我签的，价格没有异议。")))
    if d.kind == "qty":
        b = f.batches[d.batch]
        para.add(f"但是第{chinese_numeral(d.batch + 1)}批我只收到").add(_quantity_text(s.rng, d.qty, f.unit),
                                                                       ("dispute", "defendant"))
        para.add(f"，不是{b.qty}{f.unit}，送货单上写的就是这个数。")
    elif d.kind == "date":
        para.add(f"但是第{chinese_numeral(d.batch + 1)}批货不是那天送到的，是").add(
            *s.day(("dispute", "defendant"), write_day(d.day, s.pick(("cn", "cn_hao"))))).add("才送到我那里的。")
    else:
        para.add("但是我除了转账，").add(*s.day(("dispute", "extra_date"), write_day(d.day, "cn"))).add(
            "还当面给过原告现金").add(*s.money(("dispute", "defendant"), d.extra_text)).add("，他们不认。")
    if d.owed_stated:
        owed = f.owed()[-1]
        para.add("按我算，我只欠").add(*s.money(("dispute", "owed"), _amount_text(s.rng, owed))).add("。")
    who = "原告委托诉讼代理人" if f.agent else "原告"
    s.turn("judge", f"{who}，对被告说的有什么意见？")
    if d.kind == "qty":
        b = f.batches[d.batch]
        s.turn("plaintiff", f"第{chinese_numeral(d.batch + 1)}批确实是{b.qty}{f.unit}，有过磅单和签收单为证。")
    elif d.kind == "date":
        b = f.batches[d.batch]
        s.turn("plaintiff", f"第{chinese_numeral(d.batch + 1)}批就是{b.day.month}月{b.day.day}日送到的，签收单上有被告的签字。")
    else:
        s.turn("plaintiff", "被告说的现金原告没有收到，被告也拿不出收条。")
    if f.count_stated:
        s.turn("judge", "被告，货一共是分几次收到的？")
        s.turn("defendant", f"分{'两' if len(f.batches) == 2 else chinese_numeral(len(f.batches))}次。")
    s.turn("judge", s.pick((f"被告，这批{f.goods}后来用到哪里了？", f"被告，{f.goods}你卖给了谁？")))
    text = s.pick(("具体去了哪里我不清楚，是我手下的人在管。", "这个我记不清了，都是分散出去的。"))
    phrase = "不清楚" if "不清楚" in text else "记不清"
    start = text.index(phrase)
    s.turn("defendant", "").add(text[:start]).add(phrase, ("gap", "use")).add(text[start + len(phrase):])


def _mediation(s, f: SupplyFacts) -> None:
    s.turn("judge", "双方是否同意调解？")
    s.turn("plaintiff", s.pick(("同意调解，但货款不能少。", "可以调解。")))
    text, phrase = (("同意调解，希望分期付款。", "同意调解") if f.mediation else ("不同意调解，请法院依法判决。", "不同意调解"))
    start = text.index(phrase)
    s.turn("defendant", "").add(text[:start]).add(phrase, ("yesno", "mediation")).add(text[start + len(phrase):])
    s.turn("judge", "双方最后陈述。")
    s.turn("plaintiff", "坚持诉讼请求。")
    s.turn("defendant", "请求法院依法判决。")


def _correction(s, f: SupplyFacts) -> None:
    c = f.correction
    pay = f.payments[c.payment]
    ordinal = f"第{chinese_numeral(c.payment + 1)}笔"
    if c.field == "amount":
        s.turn("plaintiff", "我方对事实部分作一处更正：被告{ord}付款实际是{new}，起诉状误写为{old}，以银行流水为准。",
               {"ord": ordinal, "new": s.money(("correction", "new"), c.text),
                "old": (pay.text.surface, ("correction", "old"))})
    else:
        s.turn("plaintiff", "我方更正一处：被告{ord}付款的日期是{new}，不是{old}。",
               {"ord": ordinal, "new": s.day(("correction", "new"), write_day(c.day, "cn")),
                "old": (write_day(pay.day, "cn"), ("correction", "old"))})
    s.turn("judge", "被告对此有无意见？")
    s.turn("defendant", "没有意见。")


def tell(s, sitting: Sitting) -> None:
    f: SupplyFacts = s.case.facts
    last = sitting.number == s.case.sittings[-1].number
    if sitting.number == 1:
        _identities(s, f, sitting)
        _claims(s, f)
        _answer(s, f)
    elif f.correction:
        _correction(s, f)
    else:
        s.turn("judge", "双方有无新的证据提交？")
        s.turn("plaintiff", "没有新的证据。")
        s.turn("defendant", "没有。")
    if last:
        _mediation(s, f)


# -- questions ------------------------------------------------------------------------------------


def ask(a: Asker) -> None:
    c = a.case
    f: SupplyFacts = c.facts
    rng = a.rng
    d = f.dispute
    unit, goods = f.unit, f.goods
    owed, paid, delivered = f.owed(), f.paid(), f.delivered()
    contract_keys = [("contract", "qty"), ("contract", "price")] + ([("contract", "sum")] if f.sum_stated else [])
    a.value("contract_sum", rng.choice(("合同约定的总价款是多少？", f"这批{goods}合同总价是多少钱？")), f.total, contract_keys,
            not_=owed + paid)
    a.value("unit_price", rng.choice((f"{goods}的单价是每{unit}多少钱？", f"合同约定的{goods}单价是多少？")), f.price,
            [("contract", "price")], not_=[f.total])
    a.value("contract_qty", f"合同约定买多少{unit}{goods}？", f.qty, [("contract", "qty")], conflict=None)
    batch_keys = [("batch", b.index, "qty") for b in f.batches]
    question = rng.choice((f"原告一共送了多少{unit}{goods}？", f"被告一共收到多少{unit}{goods}？"))
    if len(delivered) > 1:
        a.versions("delivered_disputed", question, delivered, batch_keys + [("dispute", "defendant")])
        b = f.batches[d.batch]
        k = chinese_numeral(d.batch + 1)
        if rng.random() < 0.5:
            a.value("party_figure", f"被告说第{k}批收到了多少{unit}？", d.qty, [("dispute", "defendant")], conflict=None)
        else:
            a.value("party_figure", f"原告说第{k}批送了多少{unit}？", b.qty, [("batch", b.index, "qty")], conflict=None)
    else:
        a.value("delivered", question, f.qty, batch_keys, conflict=None)
    pay_keys = [("payment", p.index, "amount") for p in f.payments]
    question = rng.choice(("被告一共付了多少货款？", "被告已经支付了多少钱？"))
    if len(paid) > 1:
        a.versions("paid_disputed", question, paid, pay_keys + [("correction", "new"), ("dispute", "defendant")])
    else:
        a.value("paid", question, paid[0], pay_keys, not_=owed + [f.total])
    question = rng.choice(("被告还欠原告多少货款？", "扣除已付的，被告还差多少货款没付？"))
    keys = contract_keys + batch_keys + pay_keys + [("claim", "owed")]
    if len(owed) > 1:
        a.versions("owed_disputed", question, owed, keys + [("dispute", "defendant"), ("correction", "new")])
    else:
        a.value("owed", question, owed[0], keys, not_=[f.total] + paid)
    fixed = f.correction.payment if f.correction else None
    plain = [p for p in f.payments if p.index != fixed]
    if plain and len(f.payments) > 1:
        pay = rng.choice(plain)
        a.value("payment", f"被告第{chinese_numeral(pay.index + 1)}次付款是哪天，付了多少？", pay.amount,
                [("payment", pay.index, "amount"), ("payment", pay.index, "date")], dates=[pay.day.isoformat()])
    if f.correction:
        pay = f.payments[f.correction.payment]
        question = f"被告第{chinese_numeral(pay.index + 1)}次付款{'付了多少' if f.correction.field == 'amount' else '是哪天'}？"
        keys = [("payment", pay.index, f.correction.field), ("correction", "new")]
        if f.correction.field == "amount":
            a.versions("payment_corrected", question, [pay.amount, f.correction.amount], keys)
        else:
            a.add("payment_corrected", "conflict", question,
                  {"conflict": True, "dates": sorted({pay.day.isoformat(), f.correction.day.isoformat()})}, keys)
    if d.kind == "date":
        b = f.batches[d.batch]
        a.add("batch_date_disputed", "conflict", f"第{chinese_numeral(b.index + 1)}批货是哪天送到的？",
              {"conflict": True, "dates": sorted({b.day.isoformat(), d.day.isoformat()})},
              [("batch", b.index, "date"), ("dispute", "defendant")])
    a.value("batch_count", rng.choice(("货一共分几次送的？", f"原告分几次送的{goods}？")), len(f.batches),
            [("count",)], conflict=None)
    dated = [b for b in f.batches if not (d.kind == "date" and d.batch == b.index)]
    if f.batches[0] in dated and f.batches[-1] in dated:
        gap = (f.batches[-1].day - f.batches[0].day).days
        keys = [("batch", 0, "date"), ("batch", len(f.batches) - 1, "date")]
        if rng.random() < 0.5:
            a.value("span_days", "第一批和最后一批货相隔多少天？", gap, keys, conflict=None)
        else:
            a.value("span_days_inclusive", "从第一批送货到最后一批送货，前后一共多少天？", gap + 1, keys, conflict=None)
    a.said("use_unknown", f"这批{goods}后来被告用到哪里去了？", ("gap", "use"))
    a.said("mediation", "被告同意调解吗？", ("yesno", "mediation"), f.mediation)
    a.header()
    a.pii()
    a.absent(ABSENT, {"goods": goods})


def check(case: NewCase, truths: list[Truth]) -> list[str]:
    f: SupplyFacts = case.facts
    problems = []
    if sum(b.qty for b in f.batches) != f.qty:
        problems.append("the deliveries do not add up to the contract quantity")
    claim = f.qty * f.price - sum(p.amount for p in f.payments)
    if f.owed()[0] != claim or claim <= 0:
        problems.append(f"the claim {f.owed()[0]} is not quantity × price − paid = {claim}")
    for t in truths:
        if t.kind == "supply.contract_sum" and t.expect["numbers"] != [f.qty * f.price]:
            problems.append("contract_sum is not quantity × unit price")
        if t.kind == "supply.owed" and t.expect["numbers"] != [claim]:
            problems.append("owed is not the plaintiff's claim")
    paid = sum(p.amount for p in f.payments)
    days = [b.day for b in f.batches]
    problems += answers_outside(truths, {
        "unit_price": {f.price}, "contract_qty": {f.qty}, "delivered": {f.qty}, "paid": {paid},
        "batch_count": {len(f.batches)}, "payment": {p.amount for p in f.payments},
        "party_figure": {b.qty for b in f.batches} | ({f.dispute.qty} if f.dispute.qty else set()),
        "span_days": {(days[-1] - days[0]).days}, "span_days_inclusive": {(days[-1] - days[0]).days + 1}})
    return problems


def values(case: NewCase) -> dict:
    """Every figure and day of the facts, by the key it is printed under (selfcheck.stated_values)."""
    f: SupplyFacts = case.facts
    d, c = f.dispute, f.correction
    out = {("claim", "owed"): Fact("amount", f.owed()[0]), ("contract", "date"): Fact("date", f.signed),
           ("contract", "qty"): Fact("number", f.qty, f.unit), ("contract", "price"): Fact("amount", f.price, f.unit),
           ("contract", "sum"): Fact("amount", f.total), ("count",): Fact("number", len(f.batches)),
           ("delivered", "plaintiff"): Fact("number", f.qty, f.unit), ("dispute", "owed"): Fact("amount", f.owed()[-1])}
    for b in f.batches:
        out[("batch", b.index, "date")] = Fact("date", b.day)
        out[("batch", b.index, "qty")] = Fact("number", b.qty, f.unit)
    for pay in f.payments:
        out[("payment", pay.index, "date")] = Fact("date", pay.day)
        out[("payment", pay.index, "amount")] = Fact("amount", pay.amount)
    if d.kind == "qty":
        out[("dispute", "defendant")] = Fact("number", d.qty, f.unit)
    elif d.kind == "date":
        out[("dispute", "defendant")] = Fact("date", d.day)
    else:
        out[("dispute", "defendant")] = Fact("amount", d.extra)
        out[("dispute", "extra_date")] = Fact("date", d.day)
    if c and c.field == "amount":
        out[("correction", "new")] = Fact("amount", c.amount)
        out[("correction", "old")] = Fact("amount", f.payments[c.payment].amount)
    elif c:
        out[("correction", "new")] = Fact("date", c.day)
        out[("correction", "old")] = Fact("date", f.payments[c.payment].day)
    return out


def truth(f: SupplyFacts) -> dict:
    d, c = f.dispute, f.correction
    return {"goods": f.goods, "unit": f.unit, "price": f.price, "qty": f.qty, "total": f.total,
            "signed": f.signed.isoformat(), "sum_stated": f.sum_stated,
            "batches": [{"date": b.day.isoformat(), "qty": b.qty} for b in f.batches],
            "payments": [{"date": p.day.isoformat(), "amount": p.amount, "means": p.means} for p in f.payments],
            "dispute": {"kind": d.kind, "batch": d.batch, "qty": d.qty, "date": d.day.isoformat() if d.day else None,
                        "extra": d.extra, "owed_stated": d.owed_stated},
            "correction": None if not c else {"payment": c.payment, "field": c.field, "amount": c.amount,
                                              "date": c.day.isoformat() if c.day else None},
            "delivered": f.delivered(), "paid": f.paid(), "owed": f.owed(), "mediation": f.mediation,
            "plaintiff": f.plaintiff, "agent": f.agent}
