"""A sum the answer gives that a sentence of the record denies while stating another (被告代理人：实际付款金额
是5999元，不\\n是6499元) is shown with that sentence as another account — a conflict, under review, never
the one sum alone. Record written for this test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

HEARING = """庭审笔录
时间：2024年5月20日9时30分至2024年5月20日11时00分
地点：某区人民法院第二法庭
审判员：甲某 书记员：乙某
原告：某甲 被告：某区某电器商行
审判员：原告陈述事实和理由。
原告：2023年6月我在被告店里买了一台洗衣机，用微信付款4280元，用了两个月就漏水。
审判员：被告答辩。
被告代理人：原告在我方门店购买洗衣机属实，但实际付款金额是3980元，不
是4280元。4280元是标价，当天原告用了一张300元的券。
审判员：原告对被告的答辩有什么意见？
原告：洗衣机漏水是质量问题，我要求退货。
审判员：被告是否同意退货？
被告代理人：不同意退货，可以再维修一次。
审判员：双方是否愿意调解？
原告：愿意。
被告代理人：愿意。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("denied_figure"), {"庭审笔录_某甲.pdf": HEARING})


@pytest.mark.integration
def test_a_sum_denied_elsewhere_is_shown_with_the_denial(home):
    answer = ask(home, "庭审笔录_某甲.pdf", "原告买这台洗衣机付了多少钱？")
    assert {4280, 3980} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status.value == "needs_review" and answer.conflicts
