"""What each side of a hearing owns or refuses of the other's figures: the items of a bill a side
admits (物业费我认可，停车费我不认) added with the equation, those refused named beside; a side asked
whether it agrees to a deduction (原告同意扣除…吗) answered by its own words on that thing (否 with the
conflict, never a yes); the clause setting a penalty quoted beside the penalty claimed. A record
written for these tests."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

SERVICE_FEES = """某区人民法院
庭审笔录
时间：2024年11月5日9时30分至11时00分
地点：某区人民法院第四法庭
案由：物业服务合同纠纷
审判员：辛某　书记员：壬某
原告：某物业服务有限公司，法定代表人癸某。
原告委托诉讼代理人：钱立言，律师。
被告：聂晓红，女，1984年12月8日出生。
审判员：原告陈述诉讼请求。
原告委托诉讼代理人：诉讼请求：一、判令被告支付物业服务费及其他费用共计5,460元；二、判令被告支付违约金600元。
审判员：被告答辩。
被告：我不是故意不交，是物业一直不管事。
审判员：原告举证。
原告委托诉讼代理人：证据一，物业服务合同，合同第五条约定：业主逾期缴纳物业费的，每日按欠费金额的千分之三支付违约金。证据二，欠费明细，证明被告欠物业费4,200元、停车费960元、垃圾清运费300元。
审判员：被告质证。
被告：物业费我认可，停车费我不认，我家没有车位，垃圾清运费也没有异议。
被告：另外，楼道灯坏了半年，我自己花了280元请电工修的，应当从物业费里扣。
审判员：原告质证。
原告委托诉讼代理人：合同是真实的。楼道灯是被告家里的线路问题，不属于公共部分，这个钱我们不认。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("admissions"), {"物业庭审.txt": SERVICE_FEES})


def test_the_items_a_side_admits_are_added_and_those_refused_named(home):
    answer = ask(home, "物业庭审.txt", "物业服务费及其他费用原告主张多少，被告认可其中多少？")
    found = amounts(answer.conclusion)
    assert {5460, 4500} <= found, answer.conclusion
    assert any(c.result == 4500 for c in answer.calculations), answer.calculations
    admitted = answer.conclusion[answer.conclusion.index("被告认可"):]
    assert "停车费" in admitted[admitted.index("不认可"):], answer.conclusion  # refused, never in the sum


def test_a_side_asked_whether_it_agrees_to_a_deduction_answers_in_its_own_words(home):
    answer = ask(home, "物业庭审.txt", "原告同意从物业费里扣除楼道灯的维修费吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert 280 in amounts(answer.conclusion), answer.conclusion


def test_the_clause_setting_a_penalty_is_quoted_beside_the_penalty_claimed(home):
    answer = ask(home, "物业庭审.txt", "合同对违约金是怎么约定的？原告主张的违约金是多少？")
    assert 600 in amounts(answer.conclusion) and "千分之三" in answer.conclusion, answer.conclusion
    assert held_as_said(answer), answer.conclusion
