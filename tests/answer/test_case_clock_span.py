"""The minutes between two acts each told with its clock time (从…到…过了多少分钟): computed from the two
times quoted, shown in the calculation panel, approximate when a time is; an act told at no clock time
gives no figure. Record written for this test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import pytest

from engine.question import read_question
from engine.text.case_lexicon import TIME_OF_DAY, clock_minutes
from tests.case_homes import ask, held_as_said, record_home

FLOOD = """询问笔录
时间：2024年8月3日9时00分至2024年8月3日10时00分
地点：某区应急管理局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：郝某某 性别：男
问：你发现仓库进水是几点？
答：我巡查的时候大概是19时40分，看到仓库门口已经进水了。
问：你什么时候通知的物业？
答：我先搬了几箱货，物业是20时15分左右被我叫来的，他们来了就开始抽水。
问：抽水用了什么设备？
答：两台水泵。
问：监控里那个人是什么时候进出仓库的？
答：录像里他是21时07分从大门进来的，21时12分进了库房，21时31分从库房出来，21时34分从大门出去。
"""


# The same, with one time hedged by 将近 (the hedge quantities read before a figure): the span is approximate.
FLOOD_NEARLY = FLOOD.replace("我巡查的时候大概是19时40分", "我巡查的时候已经将近19时40分").replace("20时15分左右", "20时15分")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("clock_span"), {"询问笔录_郝某某.pdf": FLOOD,
                                                                   "询问笔录_郝某甲.pdf": FLOOD_NEARLY})


@pytest.mark.unit
@pytest.mark.parametrize("said, minutes", [("19时40分", 1180), ("晚上八点一刻", 1215), ("20时15分左右", 1215),
                                           ("下午3点半", 930), ("0时05分", 5)])
def test_clock_minutes(said, minutes):
    assert clock_minutes(TIME_OF_DAY.fullmatch(said)) == minutes


@pytest.mark.unit
@pytest.mark.parametrize("question, acts", [
    ("从发现仓库进水到物业赶来，过了多少分钟？", ("发现仓库进水", "物业赶来")),
    ("从开始抽水到水退了隔了多长时间？", ("开始抽水", "水退了")),
    ("从第一次转账到最后一次前后多少天？", None),
])
def test_the_two_acts_a_duration_is_asked_between(question, acts):
    assert read_question(question).case.clock_span == acts


@pytest.mark.integration
@pytest.mark.parametrize("doc", ["询问笔录_郝某某.pdf", "询问笔录_郝某甲.pdf"])  # 大概 … 左右; 将近 … (none)
def test_minutes_between_two_told_times_computed_and_shown(home, doc):
    answer = ask(home, doc, "从发现仓库进水到物业赶来，大约过了多少分钟？")
    assert held_as_said(answer), answer.conclusion
    assert "约35分钟" in answer.conclusion  # approximate: a time told with a hedge
    (calc,) = answer.calculations
    assert int(calc.result) == 35 and len(set(calc.evidence)) == 2


@pytest.mark.integration
def test_an_act_told_at_no_clock_time_gives_no_figure(home):
    answer = ask(home, "询问笔录_郝某某.pdf", "从开始抽水到水泵停下来过了多少分钟？")
    assert (answer.status.value != "answered" and not held_as_said(answer)) or "分钟" not in answer.conclusion.split("：")[0]
    assert not answer.calculations


@pytest.mark.integration
def test_several_times_in_one_sentence_are_each_their_clauses(home):
    # each time is of the clause holding it: 从大门进来 at 21时07分, 从大门出去 at 21时34分
    answer = ask(home, "询问笔录_郝某某.pdf", "那个人从进大门到出大门一共待了几分钟？")
    (calc,) = answer.calculations
    assert int(calc.result) == 27, answer.conclusion
