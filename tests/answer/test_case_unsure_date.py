"""The date of a payment no movement of the file dates, which the speaker says he does not remember
(还他的也是现金，具体哪天还的记不清了): the answer is that gap, quoted — not 未找到 as if the file were silent,
and never a date of another payment. A hearing record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

REPAID = """某区人民法院
庭审笔录
时间：2024年10月22日9时00分至10时10分
地点：某区人民法院第九法庭
案由：离婚后财产纠纷
审判员：戌某　书记员：亥某
原告：谷晓燕，女，1988年4月2日出生。
被告：谭志斌，男，1986年9月30日出生。
审判员：原告陈述存款的情况。
原告：被告在2023年9月5日从共同账户取了六万元，我事先不知道。
审判员：被告，取出来的钱用到哪里去了？
被告：有四万是还我表哥樊家宁的，我以前做生意跟他借过四万。
审判员：钱是哪天还给樊家宁的？
被告：还他的是现金，具体哪天还的记不清了，大概是九月中旬。
原告：我不知道他借过樊家宁的钱。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("unsure"), {"离婚庭审.txt": REPAID})


def test_a_date_the_speaker_does_not_remember_is_that_gap_never_another_date(home):
    answer = ask(home, "离婚庭审.txt", "被告说还给樊家宁的钱是哪天还的？")
    assert answer.gaps and "记不清" in answer.conclusion, answer.conclusion
    assert "9月5日" not in answer.conclusion, answer.conclusion
