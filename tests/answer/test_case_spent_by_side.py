"""What one side spent of its own, told outlay by outlay (我自己花600元修的 / 花了85元换的), asked as a
total (被告自己花钱修东西一共花了多少): 花钱 names the act of spending, not a kind of money the record must
name — the outlays told right after 花 are added with the equation. A hearing record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

REPAIRS = """某区人民法院
庭审笔录
时间：2024年3月19日14时30分至15时40分
地点：某区人民法院第五法庭
案由：房屋租赁合同纠纷
审判员：甲某　书记员：乙某
原告：韩素梅，女，1966年10月3日出生。
被告：龙俊杰，男，1992年12月24日出生。
审判员：被告答辩。
被告：租金我认，但是房子里的东西坏了都是我修的。空调去年夏天坏了，是我自己花600元找人修的；洗衣机的排水管也是我花了85元换的。
审判员：原告的意见？
原告：空调是他自己用坏的，押金2000元我不同意退。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("spent"), {"租赁修理.txt": REPAIRS})


def test_a_sides_own_outlays_are_added(home):
    answer = ask(home, "租赁修理.txt", "被告自己花钱修东西一共花了多少？")
    found = amounts(answer.conclusion)
    assert 685 in found and 2000 not in found, answer.conclusion
