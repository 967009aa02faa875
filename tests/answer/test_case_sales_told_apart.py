"""Sale figures told in several statements, each of its own thing (电脑卖了…元 … 烟卖了…元 … 相机卖了…元):
一共卖了多少钱 is their sum, and where one is corrected later (相机不是卖了一千六，是一千九百元) the sum under
each version, the later named — never the figures of different things as versions of one sum. The
figure taken back, said again in the correcting sentence, is no item. Record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

THIEF = """讯问笔录
时间：2024年5月6日9时00分至2024年5月6日10时40分
地点：某市公安局某派出所讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：卜某某 性别：男
问：偷来的平板电脑怎么处理的？
答：拿到旧货市场一家店卖了，老板给了我六百元现金。
问：偷的两条烟呢？
答：两条烟我拿到一家烟酒店卖了，卖了五百元。
问：那台相机呢？
答：我在网上挂出去卖，有个买家拍下了，卖了1,600元，钱转到了我的支付宝上。
问：你还有什么要补充的？
答：平板六百元，烟五百元，相机……刚才说错了，相机不是卖了一千六，是一千九百元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("sales_told_apart"), {"讯问笔录_卜某某.pdf": THIEF})


def test_sales_of_different_things_are_summed_under_each_version(home):
    answer = ask(home, "讯问笔录_卜某某.pdf", "他把偷来的东西卖掉，一共拿到多少钱？")
    assert {2700, 3000} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert sorted(c.result for c in answer.calculations) == [2700, 3000], answer.calculations
