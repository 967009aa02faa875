"""An act asked in the question's words is found told in the statement's: a verb with another result
complement (被拦下 ~ 把车拦住, 扣下 ~ 扣住) — the question's words for how an act ended are not the
statement's, the verb is; a sanction asked in general (以前有没有被处罚过) told as the one imposed
(被行政拘留过5天). Record written for this test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import pytest

from engine.answer.casefile.act_mentions import _act_positions, kin, word_hit
from engine.answer.casefile.when import _act_as_time
from engine.question.casefile import make_plan
from tests.case_homes import ask, record_home

STOPPED = """询问笔录
时间：2024年6月2日14时00分至2024年6月2日15时10分
地点：某县交警大队询问室
询问人：甲某、乙某 记录人：乙某
被询问人：窦某某 性别：男
问：你把6月1日晚上的经过说一下。
答：那天我从县城开货车回村里，6月1日晚上大概9点40分，在路口被执勤的交警把车拦住了，
他们让我下车做了呼气检测。
问：车上拉的什么？
答：拉的是两吨化肥，是帮邻居拉的。
问：后来怎么处理的？
答：交警把车扣住了，让我第二天来处理。
问：6月5日那天你是怎么被查获的？
答：那天晚上十点左右，我在仓库门口卸货，你们的人就过来了。
问：你以前有没有违法犯罪记录？
答：2019年因为打架被行政拘留过5天，别的没有。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("result_complement"), {"询问笔录_窦某某.pdf": STOPPED})


@pytest.mark.unit
def test_the_same_verb_with_another_result_is_the_same_act():
    assert {"拦住", "拦停", "拦下"} <= kin("拦下")
    assert word_hit("拦下", "在路口被交警把车拦住了") == 0.8
    assert word_hit("扣下", "交警把车扣住了") == 0.8


@pytest.mark.unit
def test_a_complement_turning_the_act_back_is_another_act():
    # 送回 (sent back) is not 送到 (delivered); a verb without a result complement gets none added
    assert "送回" not in kin("送到")
    assert kin("拦") == frozenset({"拦"})
    assert "拘留" in kin("处罚") and word_hit("处罚", "我愿意认罪认罚") == 0.0  # 认罚 is no sanction told


@pytest.mark.unit
def test_a_verb_opening_with_a_one_character_acts_character_is_not_that_act():
    # 开始当厂长 / 日常开支 open nothing; 打算 hits no one
    assert _act_positions("开", "2019年开始当厂长，管生产和日常开支。") == []
    assert _act_positions("打", "我打算回家") == []
    assert _act_positions("开", "那天装置开了一夜") == [4]


@pytest.mark.integration
def test_the_time_of_an_act_asked_with_another_complement(home):
    answer = ask(home, "询问笔录_窦某某.pdf", "他是几点被交警拦下的？")
    assert answer.status.value != "not_found", answer.conclusion
    assert "9点40分" in answer.conclusion


@pytest.mark.integration
def test_a_sanction_asked_in_general_is_told_as_the_one_imposed(home):
    answer = ask(home, "询问笔录_窦某某.pdf", "他以前有没有被处罚过？")
    assert answer.conclusion.startswith("是"), answer.conclusion
    assert "行政拘留过5天" in answer.conclusion


@pytest.mark.integration
def test_the_clock_time_of_an_act_asked_in_the_askers_words(home):
    # 被抓住 ~ 查获 (到案); the reply to 那天你是怎么被查获的 opens with its clock time: under review
    answer = ask(home, "询问笔录_窦某某.pdf", "他是几点被当场抓住的？")
    assert "晚上十点左右" in answer.conclusion and answer.status.value == "needs_review", answer.conclusion


@pytest.mark.unit
def test_an_act_named_only_as_the_time_of_another_thing_narrates_no_act():
    # 这些是你们抓到我以后我才知道的: the sentence before it (大概2月份，她发现…) sets no scene of the arrest
    plan = make_plan("他是哪天被抓住的？")
    assert _act_as_time(plan, "这些是你们抓到我以后我才知道的。")
    assert not _act_as_time(plan, "后来在小区门口被你们抓到了。")
