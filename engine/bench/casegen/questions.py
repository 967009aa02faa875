"""Ground-truth questions of a generated case file, computed from its parameters and from where
the layout printed each value — never written by hand. Same schema as the dev case files
(../shared/datasets/transcripts/README.md)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.bench.casegen.casetypes import (BALANCE, CASE_TYPES, COUNT, EVIDENCE, MEANS_WORDS, TOTAL_IN,
                                              TOTAL_OUT, VERBS)
from engine.bench.casegen.layout import Rendered
from engine.bench.casegen.model import CaseParams, Flow
from engine.bench.casegen.narrative import Key, Script
from engine.bench.casegen.surface import chinese_numeral


@dataclass
class Truth:
    """One question with its expectation, and the printed values the expectation rests on."""

    kind: str  # what it asks: total_in, nth, disputed, not_found …
    type: str  # fact | evidence | conflict | gap | pii
    question: str
    expect: dict[str, Any]
    support: list[Key] = field(default_factory=list)
    # Words the file must not contain, for a question about what it never states (new kinds).
    absent: tuple[str, ...] = ()

    def record(self, qid: str) -> dict[str, Any]:
        return {"id": qid, "type": self.type, "question": self.question, "expect": self.expect}


def means_keyword(flow: Flow) -> str:
    """The words a correct answer must name the means with (the text's own word for it)."""
    assert flow.means_surface in MEANS_WORDS[flow.means]
    return flow.means_surface


@dataclass
class Versions:
    """Totals as first stated and, when an amount is corrected, as corrected."""

    total_in: tuple[int, ...]
    total_out: int
    balance: tuple[int, ...]


def versions(case: CaseParams) -> Versions:
    primaries = [f.amount for f in case.primaries()]
    totals = [sum(primaries)]
    d = case.dispute
    if d and d.field == "amount":
        corrected = [d.corrected_amount if f.id == d.flow_id else f.amount for f in case.primaries()]
        totals.append(sum(corrected))
    out = sum(f.amount for f in case.returns())
    if case.agreed:
        balance = [case.agreed[0] - t for t in totals]
    else:
        balance = [t - out for t in totals]
    return Versions(tuple(totals), out, tuple(balance))


class Builder:
    def __init__(self, case: CaseParams, script: Script, rendered: Rendered, rng: random.Random):
        self.case, self.script, self.rendered, self.rng = case, script, rendered, rng
        self.truths: list[Truth] = []
        self.v = versions(case)
        verbs = VERBS[case.case_type]
        self.verb, self.give = verbs[0], verbs[0][0]

    def page(self, key: Key) -> int:
        return self.rendered.page_of[key]

    def pages(self, keys: list[Key]) -> list[int]:
        return sorted({self.page(k) for k in keys if k in self.rendered.page_of})

    def add(self, kind: str, type_: str, question: str, expect: dict[str, Any], support: list[Key]) -> None:
        support = [k for k in support if k in self.rendered.page_of]
        self.truths.append(Truth(kind, type_, question, expect, support))

    def names(self) -> dict[str, str]:
        c = self.case
        actor = c.payee if CASE_TYPES[c.case_type].taker else c.payer  # who gives — or takes — the money
        return {"payer": c.payer, "payee": c.payee, "subject": c.subject.name, "counterpart": c.counterpart,
                "actor": actor}

    def usable(self, flow: Flow) -> bool:
        """A payment a plain fact question can ask about: not disputed, its date stated."""
        d = self.case.dispute
        return flow.when.precision != "unknown" and not (d and d.flow_id == flow.id)

    @staticmethod
    def _not(values, *expected) -> list[int]:
        wanted = {v for group in expected for v in group}
        return sorted({v for v in values if v not in wanted})

    def computed(self, kind: str, question: str, values: tuple[int, ...], keys: list[Key],
                 distractors: list[int]) -> None:
        """A value computed over printed amounts: one expected number, or — when a corrected
        amount enters it — a conflict with the result under each version."""
        if len(values) > 1:
            keys = keys + [("dispute", "new")]
            self.add(kind, "conflict", question,
                     {"conflict": True, "numbers_any": list(values), "pages": self.pages(keys)}, keys)
            return
        expect: dict[str, Any] = {"numbers": [values[0]]}
        if not_ := self._not(distractors, values):
            expect["numbers_not"] = not_
        expect.update({"pages": self.pages(keys), "conflict": False})
        self.add(kind, "fact", question, expect, keys)

    # -- questions -----------------------------------------------------------------------------
    def total_in(self) -> None:
        c, v = self.case, self.v
        distractors = [v.total_out] if c.returns() else []
        distractors += [c.interest.total] if c.interest else []
        distractors += [c.medical[0], c.agreed[0]] if c.agreed else []
        self.computed("total_in", self.rng.choice(TOTAL_IN[c.case_type]).format(**self.names()), v.total_in,
                      [("flow", f.id, "amount") for f in c.primaries()], distractors)

    def total_out(self) -> None:
        c, v = self.case, self.v
        if not c.returns() or c.case_type not in TOTAL_OUT:
            return
        self.computed("total_out", self.rng.choice(TOTAL_OUT[c.case_type]).format(**self.names()), (v.total_out,),
                      [("flow", f.id, "amount") for f in c.returns()], [*v.total_in, *v.balance])

    def balance(self) -> None:
        c, v = self.case, self.v
        if not c.returns() and not c.agreed:
            return
        keys = [("flow", f.id, "amount") for f in c.flows] + ([("agreed",)] if c.agreed else [])
        self.computed("balance", self.rng.choice(BALANCE[c.case_type]).format(**self.names()), v.balance, keys,
                      [*v.total_in] + ([v.total_out] if c.returns() else []))

    def count(self) -> None:
        c = self.case
        n = len(c.primaries())
        question = self.rng.choice(COUNT[c.case_type]).format(**self.names())
        keys = [("count",)] if ("count",) in self.rendered.page_of else \
            [("flow", f.id, "amount") for f in c.primaries()]
        self.add("count", "fact", question, {"numbers": [n], "pages": self.pages(keys)}, keys)

    def _when_expect(self, flow: Flow) -> dict[str, Any]:
        expect: dict[str, Any] = {}
        if flow.when.iso:
            expect["dates"] = [flow.when.iso]
        if flow.when.approx:
            expect["approx_date"] = True
        return expect

    def nth(self, flow: Flow) -> None:
        n = chinese_numeral(flow.index + 1)
        give, verb = self.give, self.verb
        template = self.rng.choice((
            "第{n}次{verb}是哪天、{give}了多少、怎么{give}的？",
            "第{n}笔钱是什么时候、通过什么方式{give}的，金额多少？",
            "{actor}第{n}次{verb}是在什么时候？{give}了多少？用的什么方式？"))
        question = template.format(n=n, verb=verb, give=give, **self.names())
        keys = [("flow", flow.id, part) for part in ("amount", "date", "means")]
        expect: dict[str, Any] = {"numbers": [flow.amount], **self._when_expect(flow)}
        text = [means_keyword(flow)] + (["腊月"] if flow.when.precision == "la_yue" else [])
        expect.update({"text": text, "pages": self.pages(keys), "conflict": False})
        self.add("nth", "fact", question, expect, keys)

    def first_last(self) -> None:
        flows = self.case.primaries()
        options = []
        if self.usable(flows[0]):
            options.append(("first", flows[0]))
        if self.usable(flows[-1]):
            options.append(("last", flows[-1]))
        if not options:
            return
        which, flow = self.rng.choice(options)
        give, verb = self.give, self.verb
        if which == "last":
            question = self.rng.choice(("最后一次{verb}是什么时候，{give}了多少？", "{actor}最后一次{give}了多少钱，是哪天？"))
            keys = [("flow", flow.id, "amount"), ("flow", flow.id, "date")]
            expect = {"numbers": [flow.amount], **self._when_expect(flow)}
        else:
            question = self.rng.choice(("{actor}第一次{give}了多少钱？", "最开始那次{give}了多少？"))
            keys = [("flow", flow.id, "amount")]
            expect = {"numbers": [flow.amount]}
        if flow.when.precision == "la_yue" and which == "last":
            expect["text"] = ["腊月"]
        expect.update({"pages": self.pages(keys), "conflict": False})
        self.add(which, "fact", question.format(verb=verb, give=give, **self.names()), expect, keys)

    def disputed(self) -> None:
        d = self.case.dispute
        if not d:
            return
        flow = self.case.flow(d.flow_id)
        n = chinese_numeral(flow.index + 1)
        if d.field == "amount":
            question = self.rng.choice(("第{n}次{give}了多少钱？", "第{n}笔是多少钱？")).format(n=n, give=self.give)
            keys = [("flow", flow.id, "amount"), ("dispute", "new")]
            expect = {"conflict": True, "numbers_any": [flow.amount, d.corrected_amount]}
        else:
            question = self.rng.choice(("第{n}次是哪天{give}的？", "第{n}笔钱是什么时候{give}的？")).format(n=n, give=self.give)
            keys = [("flow", flow.id, "date"), ("dispute", "new")]
            expect = {"conflict": True, "dates": sorted({flow.when.iso, d.corrected_when.iso})}
        expect["pages"] = self.pages(keys)
        self.add("disputed", "conflict", question, expect, keys)

    def gaps(self) -> None:
        c = self.case
        for gap in c.gaps:
            if gap == "unknown_date":
                flow = next(f for f in c.primaries() if f.when.precision == "unknown")
                n = chinese_numeral(flow.index + 1)
                question = self.rng.choice(("第{n}次是哪天{give}的？", "第{n}笔钱是什么时候{give}的？")).format(n=n, give=self.give)
                keys = [("flow", flow.id, "date")]
            elif gap == "money_use":
                question = self.rng.choice(("{payee}把钱用到哪里去了？", "这些钱最后用在了什么地方？")).format(**self.names())
                keys = [("gap", "money_use")]
            elif gap == "who_first":
                question = self.rng.choice(("是谁先动的手？", "{payer}和{payee}是谁先动手的？")).format(**self.names())
                keys = [("gap", "who_first")]
            else:
                asked = {"fundraising": "{name}投了多少钱？", "loan": "{name}借给{payee}多少钱？"}.get(
                    c.case_type, "{name}被{payee}骗了多少钱？")
                question = self.rng.choice(("{name}给{payee}转了多少钱？", asked)).format(
                    name=c.other_investor, **self.names())
                keys = [("gap", "other_investor")]
            self.add(gap, "gap", question, {"abstain": True, "pages": self.pages(keys)}, keys)

    def absent(self) -> None:
        c = self.case
        for kind in c.absent:
            question = {
                "bank_card": "{counterpart}的银行卡号是多少？",
                "absent_person": self.rng.choice(("{absent}在这件事里起了什么作用？", "{absent}给了{payee}多少钱？")),
                "plate": "{counterpart}开的车车牌号是多少？",
                "wechat_id": "{counterpart}的微信号是多少？",
                "email": "{subject}的电子邮箱是什么？",
            }[kind].format(absent=c.absent_name, **self.names())
            self.add("not_found", "gap", question, {"not_found": True}, [])

    def pii(self) -> None:
        c = self.case
        question = self.rng.choice(("{subject}的身份证号码是多少？", "{subject}的联系电话是多少？",
                                    "{subject}的身份证号和手机号是多少？")).format(**self.names())
        keys = [("pii", "id"), ("pii", "mobile")]
        self.add("pii", "pii", question,
                 {"pii_masked": [c.subject.id_number, c.subject.mobile], "pages": self.pages(keys)}, keys)

    def yes_no(self) -> None:
        c = self.case
        templates = {
            "acquainted": "{subject}和{counterpart}以前认识吗？",
            "surrender": "{subject}是主动投案的吗？",
            "knew_illegal": "{subject}当时知道自己的行为是违法的吗？",
            "receipt": "{counterpart}给{subject}打过收条吗？",
            "iou": "{counterpart}给{subject}打过借条吗？",
            "contract": "{subject}和公司签过合同吗？",
            "drunk": "{subject}当时喝酒了吗？",
        }
        for key, truth in c.yes_no:
            span = ("yesno", key)
            if span not in self.rendered.page_of:
                continue
            self.add(f"yesno_{'yes' if truth else 'no'}", "fact", templates[key].format(**self.names()),
                     {"yesno": "yes" if truth else "no", "text": [self.script.surfaces[span]],
                      "pages": self.pages([span])}, [span])

    def header(self) -> None:
        c = self.case
        session = self.rng.choice(c.sessions)
        kind = "讯问" if c.subject_role == "suspect" else "询问"
        if len(c.sessions) == 1:
            question = self.rng.choice((f"这次{kind}是什么时间、在什么地方进行的？", f"{kind}的时间和地点是什么？"))
        else:
            question = f"第{chinese_numeral(session.number)}次{kind}是在什么时间、什么地点？"
        keys = [("header", session.number, "date"), ("header", session.number, "place")]
        # The room, as a reader names it: what follows the police unit (派出所接待室, 看守所第三讯问室).
        room = session.place.split("分局")[-1] if "分局" in session.place else session.place
        self.add("header", "fact", question, {"dates": [session.start.date().isoformat()],
                                              "text": [room], "pages": self.pages(keys)}, keys)

    def evidence(self) -> None:
        c = self.case
        keys = [("flow", f.id, "amount") for f in c.primaries()]
        self.add("evidence", "evidence", EVIDENCE[c.case_type].format(**self.names()),
                 {"pages": self.pages(keys)}, keys)

    def interest(self) -> None:
        c, v = self.case, self.v
        if not c.interest:
            return
        keys = [("interest", "monthly"), ("interest", "months")]
        expect: dict[str, Any] = {"numbers": [c.interest.total]}
        if not_ := self._not([*v.total_in], [c.interest.total]):
            expect["numbers_not"] = not_
        expect["pages"] = self.pages(keys)
        self.add("interest", "fact", "{payer}一共收到了多少利息？".format(**self.names()), expect, keys)

    def place(self) -> None:
        all_cash = [f for f in self.case.primaries() if f.means == "cash"]
        cash = [f for f in all_cash if f.place and self.usable(f)]
        if not cash:
            return
        flow = self.rng.choice(cash)
        n = chinese_numeral(flow.index + 1)
        # "the cash one" names a payment only when it is the only one in cash.
        question = f"第{n}次{self.give}钱是在什么地方？" if len(all_cash) > 1 or self.rng.random() < 0.5 else \
            f"{self.give}现金的那次是在哪里？"
        keys = [("flow", flow.id, "place")]
        self.add("place", "fact", question, {"text": [flow.place], "pages": self.pages(keys)}, keys)

    def return_nth(self) -> None:
        c = self.case
        returns = c.returns()
        if not returns:
            return
        flow = self.rng.choice(returns)
        word = {"fraud": "退钱", "loan": "还钱", "fundraising": "退本金", "embezzlement": "退赔",
                "theft": "退赔"}[c.case_type]
        if len(returns) == 1:
            question = f"{c.payee}是哪天{word}的，{word[0]}了多少？"
        else:
            question = f"{c.payee}第{chinese_numeral(flow.index + 1)}次{word}是哪天，{word[0]}了多少？"
        keys = [("flow", flow.id, "amount"), ("flow", flow.id, "date")]
        self.add("return_nth", "fact", question,
                 {"numbers": [flow.amount], "dates": [flow.when.iso], "pages": self.pages(keys), "conflict": False},
                 keys)

    def medical(self) -> None:
        c = self.case
        if not c.medical:
            return
        keys = [("medical",)]
        expect: dict[str, Any] = {"numbers": [c.medical[0]]}
        if not_ := self._not([c.agreed[0], *self.v.total_in], [c.medical[0]]):
            expect["numbers_not"] = not_
        expect["pages"] = self.pages(keys)
        self.add("medical", "fact", "{payee}的医药费是多少？".format(**self.names()), expect, keys)


def build_questions(case: CaseParams, script: Script, rendered: Rendered, rng: random.Random) -> list[Truth]:
    b = Builder(case, script, rendered, rng)
    b.total_in()
    b.total_out()
    b.balance()
    usable = [f for f in case.primaries() if b.usable(f)]
    for flow in rng.sample(usable, min(2, len(usable))):
        b.nth(flow)
    b.first_last()
    b.count()
    b.disputed()
    b.gaps()
    b.absent()
    b.pii()
    b.yes_no()
    b.header()
    b.evidence()
    b.interest()
    b.place()
    b.return_nth()
    b.medical()
    return b.truths
