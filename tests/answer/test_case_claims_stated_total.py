"""A side's claims total where fewer than two demands state a sum (诉讼请求是：一、判令被告赔偿维修费…、
拖车费…，共计…元；二、诉讼费由被告承担 / 一、退还货款…；二、赔偿运费和检测费…，三项金额合计…元): the total
the side states, and the total it states anew after changing its claims (总金额变更为… / asked for the
changed claims: …一共是…元) — both cited, the later named, never one chosen. Records written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

HEADER = """某区人民法院
庭审笔录
时间：2024年9月3日9时00分至10时30分
地点：某区人民法院第四法庭
案由：{cause}
审判员：甲某　书记员：乙某
原告：柴某某，男，1985年2月3日出生。
被告：宁某某，男，1979年8月9日出生。
审判员：原告陈述诉讼请求和事实理由。
"""

ONE_DEMAND = HEADER.format(cause="财产损害赔偿纠纷") + """原告：诉讼请求是：一、判令被告赔偿车辆维修费12,400元、评估费900元、拖车费300元，共计13,600元；二、本案诉讼费由被告承担。事实和理由：被告家的围墙倒塌砸坏了我的车。
审判员：拖车费有票据吗？
原告：刚才说错了，拖车费是500元。诉讼请求里的拖车费改成500元。
审判员：原告变更后的诉讼请求总额是多少？
原告：维修费12,400元、评估费900元、拖车费500元，一共是13,800元。
审判员：被告答辩。
被告：围墙是台风吹倒的，维修费过高，不同意全额赔偿。
"""

STATED_AFTER = HEADER.format(cause="买卖合同纠纷") + """原告：诉讼请求：一、解除买卖合同，被告退还货款3,260元；二、被告赔偿我支出的运费和检测费；三、本案诉讼费由被告承担。起诉状上写的检测费是200元，三项金额合计3,520元。
审判员：检测费发票是多少？
原告：发票是260元，我现在把第二项请求里的检测费变更为260元，总金额变更为3,580元。
审判员：被告答辩。
被告：货是按描述发的，不同意退货。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("claims_stated_total"),
                           {"庭审笔录_围墙.pdf": ONE_DEMAND, "庭审笔录_货款.pdf": STATED_AFTER})


@pytest.mark.parametrize("name, first, later", [
    ("庭审笔录_围墙.pdf", 13600, 13800),  # one demand's own 共计, then the total asked for anew
    ("庭审笔录_货款.pdf", 3520, 3580),  # the list's stated total, then 总金额变更为
])
def test_the_stated_claims_total_and_its_later_version(home, name, first, later):
    answer = ask(home, name, "原告一共要求被告赔多少钱？")
    assert {first, later} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
