"""A time said without its year (今年5月左右开始的 / 大概6月中旬左右开始上街，一直干到10月29日): the answer to
the asker asking when, or the clause telling the act asked, gives the time — as said, its imprecision
kept, placed by the record's date — before any other date of the file or the sentence (a day told of
another clause is the end of the stretch, not its start, and is left out of the quote). Record written
for this test, with a line wrapped inside the month said."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

VENDOR = """讯问笔录
时间：2024年11月2日9时00分至2024年11月2日10时30分
地点：某市公安局某派出所讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：颜某某 性别：男
问：你从什么时候开始卖假酒的？
答：今年3月左右开始的，一开始只卖给熟人。
问：什么时候卖得最多？
答：8月12日七夕那几天卖得最多，一天能卖二十多瓶。
问：你们几个人什么时候开始到夜市摆摊的？
答：大概7月
中旬左右开始到夜市摆摊，一直摆到10月30日晚上被你们查获。
问：你是什么时候搬到这个城市的？
答：我是2018年秋天搬过来的，一直在夜市附近租房子。
问：你还有什么要补充的？
答：刚才说帮手是3个，我说错了，一共是5个人，有两个是后来才来的，所以我一开始没算进去。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("month_said"), {"讯问笔录_颜某某.pdf": VENDOR})


def test_the_answer_to_the_asker_gives_its_time_without_a_year(home):
    answer = ask(home, "讯问笔录_颜某某.pdf", "他大概从什么时候开始卖假酒的？")
    assert "3月左右" in answer.conclusion and "8月12日" not in answer.conclusion, answer.conclusion


def test_the_clause_telling_the_act_gives_its_time_not_another_clauses_day(home):
    answer = ask(home, "讯问笔录_颜某某.pdf", "他们大概从什么时候开始到夜市摆摊的？")
    assert "7月中旬左右" in answer.conclusion, answer.conclusion
    # the day of the other clause is neither the answer nor in its quote; a correction of another thing
    # (帮手…说错了…一开始没算进去) takes nothing back
    assert "10月30日" not in answer.conclusion and "说错了" not in answer.conclusion, answer.conclusion


def test_a_year_read_as_the_date_with_its_season_after_it_is_the_season(home):
    answer = ask(home, "讯问笔录_颜某某.pdf", "他是什么时候搬到这个城市的？")
    assert "2018年秋天" in answer.conclusion and "仅精确到年" not in answer.conclusion, answer.conclusion
