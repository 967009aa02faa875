"""A question naming two sides of a hearing, each before its own particulars (被申请人的身份证号码和申请人
的联系电话): each field is that side's, read where the header introduces that side — never the other
side's number under the first side's name, nor one side's fields alone. A record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

DEBT = """某区人民法院
庭审笔录
时间：2024年9月3日9时00分至10时20分
地点：某区人民法院第八法庭
案由：民间借贷纠纷
审判员：卯某　书记员：辰某
原告：焦一鸣，男，1977年6月18日出生，公民身份号码110101197706180015，联系电话13911112222。
被告：柴雨桐，女，1989年2月27日出生，公民身份号码110102198902270026，联系电话13733334444。
审判员：原告陈述诉讼请求。
原告：请求判令被告归还借款三万元。
审判员：被告答辩。
被告：借款是有的，我只是暂时没钱还。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("fields"), {"借贷庭审.txt": DEBT})


@pytest.mark.parametrize("question, says, never", [
    ("被告的身份证号码和原告的联系电话是多少？", ["柴雨桐的身份证号码", "0026", "焦一鸣的联系电话", "2222"], ["4444", "0015"]),
    ("原告的身份证号码和电话、被告的电话是多少？", ["焦一鸣的身份证号码", "0015", "2222", "柴雨桐的联系电话", "4444"], ["0026"]),
])
def test_each_field_is_the_side_named_before_it(home, question, says, never):
    answer = ask(home, "借贷庭审.txt", question)
    assert all(s in answer.conclusion for s in says), answer.conclusion
    assert not any(s in answer.conclusion for s in never), answer.conclusion
