"""A refusal put by the asker (原告寄回的东西你是否拒收过？—拒收过。) answers a question of the act
itself (被告收下了吗) with 否, and a question of the refusal (被告拒收了吗) with 是; a clause telling
the refusal (被告拒收) denies the act. Record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

HEARING = """某区人民法院
庭审笔录
时间：2024年4月9日9时00分至10时00分
地点：某区人民法院第一法庭
案由：买卖合同纠纷
审判员：甲某　书记员：乙某
原告：房某某，女，1992年3月5日出生。
被告：邹某某，男，1986年7月1日出生。
审判员：原告，你退回商品的经过？
原告：我1月20日把那台相机用快递寄回被告的店里，被告拒收，相机又退回来了。
审判员：被告，原告寄回的相机你是否拒收过？
被告：拒收过。我们没有谈好退货条件，我不同意退。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("refusal_put"), {"庭审笔录_房某某.pdf": HEARING})


def test_a_refusal_put_answers_the_act_with_no(home):
    answer = ask(home, "庭审笔录_房某某.pdf", "原告把相机寄回去以后，被告收下了吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion


def test_a_refusal_asked_is_answered_yes(home):
    answer = ask(home, "庭审笔录_房某某.pdf", "被告拒收了吗？")
    assert answer.conclusion.startswith("是"), answer.conclusion
