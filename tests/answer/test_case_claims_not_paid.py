"""A sum a side claims (诉讼请求：一、判令被告返还…) is no money that moved: a figure composed with it is
never verified (已核验) when the question does not ask the claims — the repayments told are what was paid.
A hearing record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

LOAN = """某县人民法院
庭审笔录
时间：2024年7月30日9时00分至10时00分
地点：某县人民法院第一法庭
案由：民间借贷纠纷
审判员：甲某　书记员：乙某
原告：鲁宏伟，男，1978年11月2日出生。
被告：车晓丽，女，1986年5月17日出生。
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告返还借款本金30,000元；二、判令被告支付利息1,800元。
审判员：被告还过钱吗？
被告：还过两次，2023年5月还了5,000元，2023年9月还了3,000元。
原告：这两次是还了，我认可。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("claimsnotpaid"), {"借贷庭审.txt": LOAN})


def test_a_total_paid_is_never_verified_with_a_claimed_sum_in_it(home):
    answer = ask(home, "借贷庭审.txt", "被告一共还了多少钱？")
    found = amounts(answer.conclusion)
    verified_wrong = (answer.status is Status.ANSWERED or held_as_said(answer)) and 8000 not in found
    assert not verified_wrong, answer.conclusion
