"""Fees of a hearing told one sentence apart: a sum asked by its money word (租金总共付了多少) is the rows
whose own words name it — a figure whose own words name other money (另交车辆押金伍仟元) is that money,
wherever it is told, and a sentence telling two sums (交了租金2,660元和两笔押金共7,000元) gives each its
own; a row that calls itself the sum of the others (两笔押金共7,000元 beside 伍仟元 and 贰仟元) is their
total, checked, never another payment. Record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

RENTAL = """某区人民法院
庭审笔录
时间：2024年3月11日9时00分至10时20分
地点：某区人民法院第三法庭
案由：租赁合同纠纷
审判员：甲某　书记员：乙某
原告：言某某，男，1988年6月2日出生。
被告：某汽车租赁有限公司，法定代表人丙某。
审判员：原告陈述事实和理由。
原告：2023年8月2日我在被告门店租了一辆越野车，租期6天，另交车辆押金肆仟元、违章押金壹仟元，都是微信转账。
审判员：原告举证。
原告：证据一，转账记录，证明我交了租金2,280元和两笔押金共5,000元。
审判员：被告答辩。
被告：押金收到了，还车时发现车门有凹陷，扣了维修费1,300元。
"""

# a payment named in 款 (预付款) is a part of the price (货款), never other money
GOODS = RENTAL.replace("租赁合同纠纷", "买卖合同纠纷").split("审判员：原告陈述")[0] + """审判员：原告陈述事实和理由。
原告：原告于2023年4月2日依约支付了预付款120,000元。被告交了第一批货以后，原告于2023年6月1日支付货款叁拾万元。
审判员：被告答辩。
被告：两笔钱是收到了，但是货已经按合同交了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("deposit_pieces"), {"庭审笔录_言某某.pdf": RENTAL,
                                                                       "庭审笔录_货款.pdf": GOODS})


def test_the_money_asked_is_the_rows_naming_it_in_their_own_words(home):
    answer = ask(home, "庭审笔录_言某某.pdf", "租金总共付了多少？")
    assert 2280 in amounts(answer.conclusion), answer.conclusion
    assert not {7280, 4000, 1000, 5000} & amounts(answer.conclusion), answer.conclusion


def test_a_row_calling_itself_the_sum_of_the_others_is_their_total(home):
    answer = ask(home, "庭审笔录_言某某.pdf", "押金合计多少？")
    assert 5000 in amounts(answer.conclusion), answer.conclusion
    assert 10000 not in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == 5000 and c.ok for c in answer.calculations), answer.calculations


def test_a_payment_named_in_kuan_is_part_of_the_price(home):
    answer = ask(home, "庭审笔录_货款.pdf", "原告一共已经付了多少货款？")
    assert 420000 in amounts(answer.conclusion), answer.conclusion
