"""A date counted from an act is not that act's date: 在签订合同前一个月…2月1日 and 快签合同的时候 (2月) date
something before the signing, so they are no other side's version of when the contract was signed —
the date both sides tell is the answer, without a conflict. A record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration

SIGNING = """某区人民法院
庭审笔录
时间：2024年4月16日9时30分至10时40分
地点：某区人民法院第三法庭
案由：装饰装修合同纠纷
审判员：巳某　书记员：午某
原告：詹文远，男，1983年5月6日出生。
被告：某装饰工程有限公司，法定代表人未某。
被告委托诉讼代理人：颜清，律师。
审判员：双方是哪天签订装修合同的？
原告：双方是2023年3月2日签订的装修合同。
被告委托诉讼代理人：对签订时间没有异议，是2023年3月2日签订的。
审判员：定金是什么时候交的？
原告：在签订合同前一个月，被告的业务员来量房，2023年2月1日我就交了定金五千元。
被告委托诉讼代理人：那是2023年2月快签合同的时候原告先付的定金，金额没有异议。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("dates"), {"装修庭审.txt": SIGNING})


def test_a_time_counted_from_the_act_is_no_version_of_its_date(home):
    answer = ask(home, "装修庭审.txt", "原、被告是哪天签订装修合同的？")
    assert "2023年3月2日" in answer.conclusion, answer.conclusion
    assert "2023年2月" not in answer.conclusion and not answer.conflicts, answer.conclusion
    assert held_as_said(answer), answer.conclusion


MET = """询问笔录
时间：2024年6月3日14时至15时
被询问人：甲某，男，1990年1月2日出生
问：你是怎么认识乙某的？
答：我是2023年4月在一个钓鱼群里认识他的。
问：认识以后你们怎么联系？
答：都是在微信上联系。
问：你再说一下认识的经过。
答：2023年6月我们在群里认识以后，他几乎每天都找我聊天。
"""


@pytest.fixture(scope="module")
def met_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("met"), {"询问.txt": MET})


def test_a_date_before_the_act_and_after_it_the_story_goes_on_still_dates_the_act(met_home):
    # 2023年6月我们在群里认识以后: June 2023 is another account of when they met, not a time counted from it
    answer = ask(met_home, "询问.txt", "甲某是什么时候认识乙某的？")
    assert answer.conflicts, answer.conclusion
    assert "2023年4月" in answer.conclusion and "2023年6月" in answer.conclusion
