"""Facts of a case file that are not money, and its gaps: where someone lay (asked 倒在, told 躺在), who
else was there when a listed person is followed by what they did, a nickname whose real name the
speaker says he does not know — said across a line break of a record whose lines wrap anywhere.
Records written for these tests (plain text: the line breaks stand where they are written, as a Word
export leaves them inside words)."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

# A cyclist who came upon a fall at a crossing; lines wrapped inside words (不清\n楚, 不知\n道).
FALL = """询问笔录
时间：2024年11月3日9时00分至2024年11月3日10时10分
地点：柳川市公安局交警大队询问室
询问人：项某、贺某 记录人：贺某
被询问人：郁成林 性别：男
问：你看到了什么？
答：我骑车到路口，看见一辆三轮车翻了，车上的菜撒了一地，三轮车倒在路口东侧的花坛边上。骑三轮的大爷躺在斑马线北头的
人行道上，一动不动。
问：当时还有谁在场？
答：除了我，还有一个送外卖的小哥、一个遛狗的阿姨，后来对面药店的店员也拿着急救箱跑过来了。
问：撞三轮的那辆车的司机你认识吗？
答：不认识，大家都喊他“军哥”，他真名叫什么、住哪里我都不知
道。
"""


@pytest.fixture(scope="module")
def describe_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("describe_cases"), {"询问笔录_郁成林.txt": FALL})


@pytest.mark.integration
def test_where_someone_fell_is_told_by_any_verb_of_lying_not_by_what_else_fell(describe_home):
    answer = ask(describe_home, "询问笔录_郁成林.txt", "骑三轮的大爷倒在什么位置？")
    assert answer.status.value == "answered", answer.conclusion
    assert "斑马线北头" in answer.conclusion and "花坛" not in answer.conclusion.split("（")[0], answer.conclusion


@pytest.mark.integration
def test_a_listed_person_followed_by_what_they_did_is_counted(describe_home):
    answer = ask(describe_home, "询问笔录_郁成林.txt", "当时除了郁成林，现场还有几个人？都是什么人？")
    assert answer.conclusion.startswith("3人"), answer.conclusion
    for who in ("送外卖的小哥", "遛狗的阿姨", "对面药店的店员"):
        assert who in answer.conclusion
    assert "急救箱" not in answer.conclusion.split("（")[0]  # the person, not what they did


@pytest.mark.integration
def test_not_knowing_a_real_name_said_across_a_line_break_is_a_gap(describe_home):
    answer = ask(describe_home, "询问笔录_郁成林.txt", "“军哥”的真实姓名叫什么？")
    assert answer.gaps and answer.status.value != "not_found", answer.conclusion
    assert "不知" in answer.conclusion and "郁成林" not in answer.conclusion
