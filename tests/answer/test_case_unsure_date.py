"""The date of a payment no movement of the file dates, which the speaker says he does not remember
(还他的也是现金，具体哪天还的记不清了): the answer is that gap, quoted — not 未找到 as if the file were silent,
and never a date of another payment; an occasion not remembered by its number (第一次具体是哪天记不清了) that
another statement dates (从3月2日第一次到…) is both, as versions. Records written for these tests."""

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

# The first occasion not remembered in the first session, dated by its number in the second.
TWO_SESSIONS = """讯问笔录（第一次）
时间：2024年2月1日9时00分至2024年2月1日10时00分
地点：某县公安局城北派出所讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：鲁长河 性别：男
问：你是从什么时候开始从仓库偷拿电线的？
答：去年国庆以后开始的，第一次具体是哪天记不清了。
问：拿的电线卖给谁了？
答：卖给了一个收废品的，姓汪。
讯问笔录（第二次）
时间：2024年2月6日14时00分至2024年2月6日15时00分
地点：某县公安局城北派出所讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：鲁长河 性别：男
问：你有什么要更正的吗？
答：有。我对着收废品的账本核了一遍，从去年的10月9日第一次到12月20日最后一次，一共拿了9次。
问：仓库的门锁是什么时候被撬的？
答：中秋节前几天，半夜撬的，我在外面望风。具体是哪一天我记不清了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("unsure"), {"离婚庭审.txt": REPAID, "两次讯问.txt": TWO_SESSIONS})


def test_an_occasion_not_remembered_and_dated_by_its_number_elsewhere_is_both(home):
    answer = ask(home, "两次讯问.txt", "他第一次偷拿电线是什么时候？")
    assert "记不清" in answer.conclusion and "10月9日" in answer.conclusion, answer.conclusion
    assert answer.conflicts and answer.status.value != "answered", answer.conclusion
    assert "12月20日" not in answer.conclusion  # the last occasion's date, in the same clause, is not quoted


def test_a_date_the_speaker_does_not_remember_is_that_gap_never_another_date(home):
    answer = ask(home, "离婚庭审.txt", "被告说还给樊家宁的钱是哪天还的？")
    assert answer.gaps and "记不清" in answer.conclusion, answer.conclusion
    assert "9月5日" not in answer.conclusion, answer.conclusion


def test_a_day_not_remembered_beside_the_stretch_said_gives_the_stretch(home):
    """中秋节前几天…。具体是哪一天我记不清了: the stretch the speaker gives, and that the day is not remembered."""
    answer = ask(home, "两次讯问.txt", "仓库的门锁大概是什么时候被撬的？")
    assert "中秋节前几天" in answer.conclusion and "记不清" in answer.conclusion, answer.conclusion
