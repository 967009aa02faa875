"""Sums demanded, as an extortion victim tells them: a sum asked under a threat (要是不给他…就…) is a
demand, not a payment; demands are numbered in their own order (the first demand is the first told),
and an answer telling what happened is dated by its opening — with the speaker's unsureness about
that day — unless a later time is said on the way. Text written for these tests."""

from __future__ import annotations

from tests.ledger.text_ledger import TextLedger

THREAT = """询问笔录
时间：2024年3月12日9时00分至2024年3月12日10时30分
地点：柳川市公安局刑侦大队询问室
询问人：岑某、詹某 记录人：詹某
被询问人：甘立群 性别：男
问：后来发生了什么？
答：今年春节前几天，具体哪天我记不清了，有个自称“老三”的人打电话给我，说手里有我的把柄。他说如果不给他五万元，就把东西寄到我单位去。
问：你是怎么回应的？
答：我说拿不出来，他后来又说最少要三万元。
问：你给了吗？
答：2024年2月20日我用微信转给他一万元。
"""

LATER = """询问笔录
时间：2024年3月12日9时00分至2024年3月12日10时30分
地点：柳川市公安局刑侦大队询问室
询问人：岑某、詹某 记录人：詹某
被询问人：甘立群 性别：男
问：你把经过说一下。
答：2023年5月我在网上认识了一个做投资的人。过了大半年，他让我转了两万元到一个账户上。
"""


def test_a_sum_asked_under_a_threat_is_a_demand_numbered_apart_from_payments():
    ledger = TextLedger(THREAT)
    demands = ledger.rows(role="demand")
    assert [(int(e.amount.value), e.chrono) for e in demands] == [(50000, 1), (30000, 2)]
    assert [int(e.amount.value) for e in ledger.rows(kind="pay")] == [10000]  # the one paid stays a payment


def test_a_narration_is_dated_by_its_opening_with_its_unsureness():
    first = TextLedger(THREAT).rows(role="demand")[0]
    assert first.date is not None and "春节前" in first.date.text
    assert "date" in first.uncertain  # 具体哪天我记不清了, said of the opening's day


def test_a_later_time_said_on_the_way_stops_the_opening_dating_it():
    paid = TextLedger(LATER).rows(kind="pay")
    assert [int(e.amount.value) for e in paid] == [20000] and paid[0].date is None
