"""A single figure of a counted thing passes the badge checks only when no other sentence naming the
thing gives another figure in the asked unit (engine/answer/casefile/badge_subject.other_figures_doubt): a later
restatement, what the police counted, the other party's figure. The parts a sentence adds up to the
figure are no other version. Records written for these tests."""

from __future__ import annotations

import pytest

from engine.question import counted_thing
from tests.case_homes import ask, record_home

TWO_FIGURES = """讯问笔录
时间：2025年9月2日9时00分至2025年9月2日10时30分
地点：澄江市公安局森林警察大队讯问室
讯问人：伍某、祁某 记录人：祁某
被讯问人：晏德福 性别：男
问：你在河里放了几张渔网？
答：放了3张，都是我自己织的。
问：渔网放在什么地方？
答：放在水库上游的回水湾。
问：民警在回水湾起获渔网5张、鱼篓2个，以上是否属实？
答：属实。
"""

PARTS_ADDED = """讯问笔录
时间：2025年9月3日9时00分至2025年9月3日10时00分
地点：澄江市公安局森林警察大队讯问室
讯问人：伍某、祁某 记录人：祁某
被讯问人：邬长青 性别：男
问：渔网是从哪里来的？
答：在网上买的，渔网一共买了两批，第一批2张，第二批3张，一共5张。
问：买渔网花了多少钱？
答：一张60元，一共300元。
"""


@pytest.fixture(scope="module")
def figures_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("other_figures"),
                           {"讯问笔录_晏德福.txt": TWO_FIGURES, "讯问笔录_邬长青.txt": PARTS_ADDED})


def test_the_thing_a_figure_is_asked_of():
    assert counted_thing("他一共用了几张鸟网？", "张") == "鸟网"
    assert counted_thing("他在平台上一共发展了多少个会员？", "个") == "会员"
    assert counted_thing("100元面额的假币他一共花出去多少张？", "张") == "假币"
    assert counted_thing("他一共花了多少钱？", None) is None


def test_another_figure_of_the_thing_leaves_the_answer_under_review(figures_home):
    answer = ask(figures_home, "讯问笔录_晏德福.txt", "晏德福一共放了几张渔网？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert "其他数目" in answer.conclusion


def test_the_parts_of_the_figure_are_no_other_version(figures_home):
    answer = ask(figures_home, "讯问笔录_邬长青.txt", "邬长青一共买了几张渔网？")
    assert "5张" in answer.conclusion
    assert "其他数目" not in answer.conclusion, answer.conclusion
