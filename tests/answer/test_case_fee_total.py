"""A fee asked with a verb of spending (一共花了多少团费) is answered from the rows naming that fee even
when the record tells it with a verb of paying (每人学费2,150元，我们两个人一共交了4,300元): the sum
stated, never other outlays of the file added (买药花的钱, 检测费). Words another person is quoted
saying (老师说“你们交的两千多块学费…”) are no row beside the sum the speaker states. Record written
for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

COURSE = """询问笔录
时间：2024年9月12日14时00分至2024年9月12日15时10分
地点：某市公安局某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：庞某某 性别：女
问：你们报的是什么班？
答：我和我妹妹报的是一个周末烘焙班，每人学费2,150元，我们两个人一共交了4,300元，是在门店刷卡付的。
问：上课的时候发生了什么？
答：第二节课老师就拿着话筒说：“你们交的两千多块学费只够买面粉，想学真本事要另外买工具包。”
问：你们买工具包了吗？
答：我买了一个工具包，花了六百八十元，付的现金。
问：后来呢？
答：后来我妹妹手上烫伤了，去药店买药花了九十五元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("fee_total"), {"询问笔录_庞某某.pdf": COURSE})


@pytest.mark.integration
@pytest.mark.parametrize("question", ["她们两个人一共花了多少学费？", "她们两个人一共交了多少学费？"])
def test_the_fee_asked_is_the_sum_stated_of_it(home, question):
    answer = ask(home, "询问笔录_庞某某.pdf", question)
    assert 4300 in amounts(answer.conclusion), answer.conclusion
    assert not {680, 95, 775, 2000} & amounts(answer.conclusion), answer.conclusion
