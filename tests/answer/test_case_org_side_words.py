"""A hearing between a person and an organisation, the question naming the organisation by its trade or
by a word of its own name (酒楼 / 餐饮 for 被告：某某餐饮有限公司): that side is asked; its offer capped
in its own words (在四千元的基础上再加一点，最多五千元) is the cap. Record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

BANQUET = """某区人民法院
庭审笔录
时间：2024年2月6日9时30分至11时00分
地点：本院第三审判庭
案由：服务合同纠纷
审判员：甲某　书记员：乙某
原告：伍某某，女，1990年4月2日出生。
被告：某市聚福餐饮有限公司，住所地某市某区某路1号。
审判员：原告陈述诉讼请求和事实理由。
原告：诉讼请求：一、判令被告退还菜品差价8,800元；二、本案诉讼费由被告承担。事实和理由：婚宴当天被告少上了两道菜。
审判员：被告答辩。
被告：少上的菜已经用别的菜替换了，不同意全额退还。
审判员：双方是否愿意调解？
原告：愿意调解，但是被告至少要退七千元。
被告：同意调解，我方可以在四千元的基础上再加一点，最多五千元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("org_side_words"), {"庭审笔录_伍某某.pdf": BANQUET})


@pytest.mark.parametrize("question", ["酒楼最多愿意出多少？", "聚福最多愿意出多少？"])
def test_the_organisation_named_by_its_trade_or_its_name_is_its_side(home, question):
    answer = ask(home, "庭审笔录_伍某某.pdf", question)
    assert 5000 in amounts(answer.conclusion), answer.conclusion
    assert 7000 not in amounts(answer.conclusion), answer.conclusion
