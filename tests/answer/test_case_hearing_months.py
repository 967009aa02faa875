"""A sum owed told by each side of a hearing as months (一共欠了九个月 / 只欠五个月，不是九个月) of a sum
agreed per month (每月1500元): each side's months × that sum, with the equation, attributed — a conflict
when they differ; the side asked (按被告的说法), its own; a month count a side denies (不是九个月) is not
its account. A record written for these tests."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

SUPPORT = """某县人民法院
庭审笔录
时间：2024年12月3日9时00分至10时00分
地点：某县人民法院第一法庭
案由：赡养费纠纷
审判员：申某　书记员：酉某
原告：邬桂兰，女，1950年8月9日出生。
被告：邬建军，男，1975年1月20日出生。
审判员：原告陈述诉讼请求。
原告：请求判令被告按约定支付赡养费。
审判员：赡养费是怎么约定的？
原告：2022年家里签了协议，被告每月给我赡养费1500元。
审判员：现在欠了多少？
原告：从今年3月开始他就不给了，一共欠了九个月。
被告：我只欠五个月，不是九个月，前面几个月我给过现金。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("months"), {"赡养庭审.txt": SUPPORT})


def test_each_sides_months_times_the_monthly_sum_attributed_as_a_conflict(home):
    answer = ask(home, "赡养庭审.txt", "被告拖欠的赡养费到底是多少？")
    assert {13500, 7500} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert {c.result for c in answer.calculations} >= {13500, 7500}, answer.calculations


def test_the_side_asked_gets_its_own_months_never_the_count_it_denies(home):
    answer = ask(home, "赡养庭审.txt", "按被告自己的说法，他欠的赡养费是多少钱？")
    found = amounts(answer.conclusion)
    assert 7500 in found and 13500 not in found, answer.conclusion
    assert answer.conclusion.startswith("被告称"), answer.conclusion
