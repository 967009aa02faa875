"""Hearing records, second round: an interest question with its topic said first (第一笔借款的利息，
被告一共付了多少) is read as that loan's interest — the sum of the monthly payments as the payer told
them, beside the payee's stated total — and never answered with the loan's principal; a task asked for
by one side and granted with its days by the court in the next turn is the thing (from the request)
and the days (from the grant), both cited. Records written for these tests (a PDF with short labels,
a text with full labels), through Engine.ask on a real home."""

from __future__ import annotations

import re

import pytest

from engine.answer.model import Status
from engine.question import read_question

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

TWO_LOANS = """某县人民法院
庭审笔录
时间：2024年9月3日9时10分至2024年9月3日10时50分
地点：某县人民法院第二法庭
案由：民间借贷纠纷
审判员：庚某　　书记员：辛某
原告：柏秋实，男，1975年2月9日出生。
被告：阎若溪，女，1986年12月1日出生。
审：原告陈述借款经过。
原：第一笔是2022年6月20日借给被告六万元，第二笔是2023年2月8日借给被告三万元。
审：第一笔借款被告付过利息没有？
被：付过。每个月15号前用微信转给他利息900元，从2022年7月一直转到2023年4月，一共是10个月。
原：认可，第一笔的利息一共收到9,000元。
审：第二笔借款付过利息吗？
被：第二笔的利息一直没有给过。
审：被告对借款还有什么补充？
被：我们申请庭后提交2023年的银行取款记录。
审：准许，被告在庭后三日内提交。
"""

ONE_LOAN = """某区人民法院
庭审笔录
时间：2024年10月15日14时00分至2024年10月15日15时30分
地点：某区人民法院第七审判庭
案由：民间借贷纠纷
审判长：壬某　　书记员：癸某
原告：车怀瑾，男，个体经营。
原告委托诉讼代理人：霍青禾，律师。
被告：骆晚晴，女，务工。
审判长：原告，借款的经过？
原告委托诉讼代理人：2022年5月原告借给被告八万元，约定按月付利息。
审判长：借款以后，被告有没有支付过利息？
被告：有，每月月底前用支付宝转给原告利息两千元，从去年三月转到今年一月，总共十一个月。
原告委托诉讼代理人：对，这笔借款的利息原告一共收到二万二千元。
审判长：原告还有什么要说明的？
原告委托诉讼代理人：原告申请休庭后补充提供出借资金来源的存款凭证。
审判长：可以，原告于庭后五个工作日内提交。
"""


TABLE_HEADER = """某县人民法院
庭审笔录
时间：2024年6月4日9时00分至2024年6月4日10时00分
地点：某县人民法院第四法庭
案由：买卖合同纠纷
审判员：子某　　书记员：丑某
原告｜姓名：钟予安｜身份证号：330102198203154417｜电话：13857120346
被告｜姓名：祁望舒｜身份证号：510104199011082263｜电话：18980053172
审：原告陈述诉讼请求。
原：请求判令被告支付货款五万元。
被：货款我认可欠三万元。
审：被告对原告提交的送货单有什么意见？
被：送货单上的签字是我本人签的，没有异议。
审：原告，被告已经付过多少货款？
原：被告在2023年10月付过二万元，是银行转账。
审：被告，还有什么要补充的？
被：剩下的钱我想分期付。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("hearing_turns"), {"两笔借款.pdf": TWO_LOANS, "一笔借款.txt": ONE_LOAN,
                                                                                  "表格表头.pdf": TABLE_HEADER})


@pytest.mark.parametrize("question", [
    "第一笔借款的利息，被告前后一共付了多少？",
    "那笔借款的利息，他一共给了多少",
    "这笔借款的利息被告总共付了多少钱？",
])
def test_a_topic_first_interest_question_is_read_as_the_loans_interest(question):
    assert read_question(question).case.loan_interest, question


@pytest.mark.parametrize("name, question, total, principal", [
    ("两笔借款.pdf", "第一笔借款的利息，被告前后一共付了多少？", 9000, 60000),
    ("一笔借款.txt", "那笔借款的利息，他一共给了多少", 22000, 80000),
    ("一笔借款.txt", "借款的利息被告一共付过多少钱？", 22000, 80000),
])
def test_interest_asked_with_its_topic_first_is_the_payments_summed(home, name, question, total, principal):
    answer = ask(home, name, question)
    found = amounts(answer.conclusion)
    assert total in found and principal not in found, answer.conclusion
    assert any(c.result == total for c in answer.calculations), answer.calculations
    assert held_as_said(answer), (answer.conclusion, answer.checks)


def test_interest_never_paid_in_figures_is_never_answered_with_the_principal(home):
    answer = ask(home, "两笔借款.pdf", "第二笔借款的利息，被告一共付了多少？")
    assert 30000 not in amounts(answer.conclusion), answer.conclusion
    assert (answer.status is not Status.ANSWERED and not held_as_said(answer)) or not amounts(answer.conclusion), answer.conclusion


@pytest.mark.parametrize("name, question, says", [
    ("两笔借款.pdf", "答应庭后补交什么材料？给了几天？", ["取款记录", "三日"]),
    ("一笔借款.txt", "原告申请庭后补充什么材料，法庭给了几天？", ["存款凭证", "五个工作日"]),
])
def test_a_task_asked_for_and_granted_in_the_next_turn_is_the_thing_and_the_days(home, name, question, says):
    answer = ask(home, name, question)
    assert all(s in answer.conclusion for s in says), answer.conclusion
    assert held_as_said(answer), (answer.conclusion, answer.checks)
    assert len(set(re.findall(r"（(E\d+)）", answer.conclusion))) >= 2, answer.conclusion  # request and grant cited


@pytest.mark.parametrize("question, shown, never", [
    ("被告祁望舒的身份证号码和电话是多少", ["2263", "3172"], ["4417", "0346"]),
    ("原告钟予安的电话是多少？", ["0346"], ["3172"]),
    ("被告的身份证号是多少", ["2263"], ["4417"]),
])
def test_a_partys_numbers_in_a_table_row_header_are_that_partys(home, question, shown, never):
    answer = ask(home, "表格表头.pdf", question)
    assert all(s in answer.conclusion for s in shown), answer.conclusion
    assert not any(s in answer.conclusion for s in never), answer.conclusion
    assert answer.status is Status.ANSWERED, answer.conclusion
