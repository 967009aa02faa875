"""Which of two answers each side of a hearing gives (那5万元是借款还是货款？双方说法一致吗？): each side's
own answer quoted and attributed — the sides differing is a conflict (否, needs review); a choice a side
names only to deny it (不是借款) is not its answer. A record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

TRANSFER = """某区人民法院
庭审笔录
时间：2024年6月25日9时30分至10时30分
地点：某区人民法院第六法庭
案由：民间借贷纠纷
审判员：甲某　书记员：乙某
原告：邱志远，男，1981年7月7日出生。
被告：温雅婷，女，1990年3月30日出生。
审判员：原告陈述事实。
原告：2022年6月我转给被告5万元，是借给她周转的，说好年底还。
审判员：被告的意见？
被告：这5万元是原告欠我的货款，不是借款，我给他供过两批茶叶。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("choice"), {"借贷庭审.txt": TRANSFER})


def test_each_sides_answer_of_two_is_attributed_and_differing_is_a_conflict(home):
    answer = ask(home, "借贷庭审.txt", "原告转给被告的那5万元，双方说法一致吗？是借款还是货款？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "原告称是借款" in answer.conclusion and "被告称是货款" in answer.conclusion, answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
