"""A figure the file tells another way (一共发了二十双 in one session, 只发下来16双 in the 补充 section) is
a conflict shown with both sentences cited — never one figure chosen under
a doubt that hides the other. A figure in another unit of the same kind (一个月 beside 停了37天) is
another span, not another account. Records written for these tests."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

GLOVES = """询问笔录
时间：2025年5月6日9时00分至2025年5月6日10时00分
地点：某县应急管理局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：滕某某 性别：男 工作单位：某劳务公司 职务：班组长
问：你们班组的防护手套是哪里来的？
答：开工的时候公司发的，一人一双，一共发了二十双，都发到个人手上了。
问：事故当天你在哪里？
答：我在二楼看着他们砌墙。
补充询问笔录
时间：2025年5月9日14时00分至2025年5月9日14时40分
地点：某县应急管理局询问室
问：关于防护手套，你还有什么要补充的？
答：我回去查了领用登记表，公司今年3月只发下来16双手套，四月来的新工人都没领到。
"""


LIFT = """庭审笔录
时间：2025年6月10日9时30分至11时00分
地点：某区人民法院第三法庭
案由：物业服务合同纠纷
审判员：甲某 书记员：乙某
原告：某物业服务有限公司
被告：覃某某
审判员：被告陈述答辩意见。
被告：电梯经常坏，2025年3月整整停了37天，物业费不应全额交。
审判员：原告对此有何意见？
原告：3月电梯是更换主机，停运37天，我们提前贴了通知。考虑到电梯停运给业主造成不便，原告同意减免一个月物业费。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("other_figure"), {"询问笔录_滕某某.pdf": GLOVES,
                                                                   "庭审笔录_覃某某.pdf": LIFT})


@pytest.mark.integration
def test_a_figure_told_another_way_is_a_conflict_citing_both(home):
    answer = ask(home, "询问笔录_滕某某.pdf", "公司一共给班组发了几双防护手套？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert answer.conflicts, answer.conclusion
    quotes = " ".join(e.quote for e in answer.evidence).replace("\n", "")
    assert "二十双" in quotes and "16双" in quotes, quotes


@pytest.mark.integration
def test_another_span_in_another_unit_is_no_conflict(home):
    answer = ask(home, "庭审笔录_覃某某.pdf", "2025年3月电梯停运了多少天？")
    assert "37天" in answer.conclusion, answer.conclusion
    assert not answer.conflicts, [c.description for c in answer.conflicts]
