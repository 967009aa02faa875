"""A share and the amount it is a share of (issue #26: sums by the measure of the money asked): in
第一层按15%，32份是121600元，我拿了18240元 the 121600元 is the base the rate applies to (18240 = 121600
× 15 %), a figure of the orders, not money the speaker took — a total of what was taken sums the
shares only. A base told with a movement of its own (借给他10万元，月息2%，每月利息2000元) stays a
movement. Records written for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from engine.text.rates import shares_said
from tests.case_homes import ask, record_home
from tests.ledger.text_ledger import TextLedger

COMMISSION = """讯问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：某市公安局执法办案中心
侦查员：甲某、乙某 记录人：乙某
被讯问人：柯丽萍 性别：女
问:你从下线那里拿了多少提成？
答:第一层按10%，20份是80000元，我拿了8000元；第二层按百分之五，30份是120000元，我拿了6000元。
问:开票费你拿了多少？
答:那一家价税合计50万元，按6个点，我拿了30000元。
"""

LOAN = """询问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：某区人民法院
被询问人：秦雅婷 性别：女
问:你借给他多少钱？
答:我借给他10万元，月息2%，每月利息2000元。
"""


def test_the_shares_said_are_read_as_percent():
    assert shares_said("第一层按15%，第二层按百分之八，开票费6个点") == [Decimal(15), Decimal(8), Decimal(6)]
    assert shares_said("下午3点到的") == []


def test_the_base_of_a_share_is_no_money_taken():
    t = TextLedger(COMMISSION)
    taken = {e.amount.value for e in t.rows(kind="take")}
    assert {Decimal(6000), Decimal(8000)} <= taken and Decimal(80000) not in taken
    assert Decimal(80000) in {e.amount.value for e in t.ledger.events if e.role == "value"}


def test_a_face_amount_the_fee_is_charged_on_is_a_base():
    t = TextLedger(COMMISSION)
    assert Decimal(500000) not in {e.amount.value for e in t.rows()}
    assert Decimal(30000) in {e.amount.value for e in t.rows()}


def test_a_base_told_with_a_movement_of_its_own_stays_a_movement():
    t = TextLedger(LOAN)
    assert Decimal(100000) in {e.amount.value for e in t.rows()}


# A net asked: the commissions she took, less what she paid in herself (no gain stated as a figure).
MEMBER = """讯问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：某市公安局执法办案中心
侦查员：甲某、乙某 记录人：乙某
被讯问人：柯丽萍 性别：女
问:你自己买份交了多少钱？
答:我买了5份，一共交了15000元，是用手机银行转给上线的。
问:你从下线那里拿了多少提成？
答:第一层按10%，20份是80000元，我拿了8000元；第二层按5%，60份是240000元，我拿了12000元。
"""


def test_the_plan_reads_a_net_asked_as_what_was_taken_less_the_named_parts():
    from engine.question import read_question

    plan = read_question("提成扣掉她自己买份交的钱，她净得多少？").case
    assert "taken" in plan.whole and plan.less == [("她自己买份交的钱", ("paid",))]
    assert not read_question("她一共拿了多少提成？").case.whole


@pytest.fixture(scope="module")
def member_home(tmp_path_factory) -> Iterator:
    yield from record_home(Path(tmp_path_factory.mktemp("member")),
                           {"member.txt": MEMBER, "poor.txt": MEMBER.replace("15000元", "30000元")})


def test_a_net_is_the_sums_taken_less_what_was_paid_in(member_home):
    a = ask(member_home, "member.txt", "提成扣掉她自己买份交的钱，她净得多少？")
    assert [c.result for c in a.calculations] == [Decimal(5000)], a.conclusion
    assert "净得5000元" in a.conclusion and "15000" in a.conclusion.replace(",", "")
    assert "80000" not in a.conclusion and "240000" not in a.conclusion  # the bases are not the terms
    b = ask(member_home, "poor.txt", "提成扣掉她自己买份交的钱，她净得多少？")
    assert b.status.value == "needs_review" and "结果为负" in b.conclusion, b.conclusion
    assert "80000" not in b.conclusion and "240000" not in b.conclusion


PROMISE = """讯问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：某市公安局执法办案中心
侦查员：甲某、乙某 记录人：乙某
被讯问人：柯丽萍 性别：女
问:她是怎么跟你说的？
答:她说只要交钱买份，再拉人进来，三年能赚五百万。
问:你交了多少钱？
答:我买了5份，一共交了15000元，是用手机银行转给上线的。
问:你的钱转给了谁？
答:前面说了，是转给上线的，一万五，她再交上去。
"""


def test_a_gain_promised_is_no_money_moved():
    t = TextLedger(PROMISE)
    assert Decimal(5000000) not in {e.amount.value for e in t.ledger.events if e.amount is not None}


def test_an_answer_that_tells_again_what_it_said_before_mentions_the_earlier_row():
    t = TextLedger(PROMISE)
    paid = [e for e in t.ledger.events if e.amount is not None and e.amount.value == Decimal(15000)]
    assert len(paid) == 2 and [e.role for e in paid].count("mention") == 1, [(e.role, e.kind) for e in paid]


# One advance told three times: by the claimant, by her counsel (垫付的两万元), and in answer to the
# judge putting the figure for her word on it (有无异议) — one sum, never three.
ADVANCE = """询问笔录
时间：2024年3月5日9时00分至2024年3月5日11时00分
地点：某区人民法院
被询问人：秦雅婷 性别：女
问:出院以后医院给过你钱没有？
答:2024年1月8日医院财务科垫付给我们一万五千元，是我丈夫去签字领的。
问:垫付的钱你们怎么看？
答:垫付的一万五千元我们收到了，同意在赔偿款中扣除。
问:对医院垫付的一万五千元有无异议？
答:一万五千元是收到了，没有异议。
"""


def test_an_advance_told_again_is_one_sum():
    t = TextLedger(ADVANCE)
    told = [e for e in t.ledger.events if e.amount is not None and e.amount.value == Decimal(15000)]
    assert len(told) == 3 and [e.role for e in told].count("mention") == 2, [(e.role, e.kind) for e in told]
