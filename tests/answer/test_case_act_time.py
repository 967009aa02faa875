"""The time of an act is told in what was said, never taken from the record's own header: the
header's 时间 is when the record was made (an answer only to a question about the record)."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration

KEEPER = """讯问笔录（第一次）
时间：2024年3月12日14时05分至2024年3月12日16时30分
地点：河川市公安局城南分局办案中心
讯问人：甲某、乙某
被讯问人：丙某某
问：你在公司做什么工作？
答：我在公司仓库当保管员，管进出库登记。
问：你从仓库往外弄东西卖，是从什么时候开始的？
答：那阵子手头紧，就动了歪心思。第一次是前年国庆过后没多久，具体哪天记不得了，我开车从仓库拉了两箱水管接头出去卖。
问：后来呢？
答：后来又弄过几回，卖给收废品的，都是现金。
"""

DRIVER = """询问笔录
时间：2023年11月2日9时00分至2023年11月2日10时10分
地点：河川市公安局交警大队
询问人：丁某、戊某
被询问人：己某某
问：你把那辆货车借给别人开过吗？
答：借过，借给我表弟开过几次，哪几次我记不住了。
"""


STOCK = """讯问笔录
时间：2024年5月8日9时00分至2024年5月8日11时00分
地点：河川市公安局城北分局办案中心
讯问人：庚某、辛某
被讯问人：壬某某
问：仓库里的角磨机是怎么少的？
答：去年11月3日晚上，我从仓库拉了12台角磨机出去，卖给了收旧货的。
问：还有别的吗？
答：还拉过一批电钻，一共18台，哪天拉的我记不清了。
"""


ROAD = """询问笔录
时间：2024年6月2日15时00分至2024年6月2日16时00分
地点：河川市公安局交警大队
询问人：癸某、子某
被询问人：丑某某
问：你看到了什么？
答：我跑过去一看，被撞的老人躺在路边的人行道上，三轮车倒在他后面五六米远的花坛边上。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("act_time"),
                           {"keeper.txt": KEEPER, "driver.txt": DRIVER, "stock.txt": STOCK, "road.txt": ROAD})


def test_a_first_act_is_never_dated_by_the_header_of_the_first_session(home):
    answer = ask(home, "keeper.txt", "他第一次往外拉货大概是什么时候？")
    assert "2024年3月12日" not in answer.conclusion, answer.conclusion


def test_an_act_never_dated_gets_no_date_from_the_header(home):
    answer = ask(home, "driver.txt", "他表弟第一次开那辆货车是什么时候？")
    assert "2023年11月2日" not in answer.conclusion, answer.conclusion
    assert answer.status != "answered" and not held_as_said(answer), answer.conclusion


def test_the_record_time_is_still_the_header(home):
    answer = ask(home, "keeper.txt", "这次讯问是什么时间做的？")
    assert "2024年3月12日" in answer.conclusion, answer.conclusion


def test_each_part_of_a_quantity_question_is_answered_or_its_gap_said(home):
    both = ask(home, "stock.txt", "角磨机是哪天拉的？拉了几台？")
    assert "12台" in both.conclusion and "11月3日" in both.conclusion, both.conclusion
    vague = ask(home, "stock.txt", "电钻是哪天拉的？拉了几台？")
    assert "18台" in vague.conclusion, vague.conclusion
    assert "记不清" in vague.conclusion, vague.conclusion  # the day the speaker does not know: said, not dropped


def test_where_the_asked_one_lay_is_never_where_something_else_fell(home):
    answer = ask(home, "road.txt", "被撞的人倒在什么位置？")
    assert "花坛" not in answer.conclusion.split("（")[0], answer.conclusion  # the tricycle fell there
