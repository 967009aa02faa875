"""A total asked of figures one sentence tells as parts (第一批10个，第二批14个) is their sum, shown with
its working and under review (engine/answer/casefile/quote_sums.py); ordinals and per-piece prices are
no parts. Records written for these tests."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.answer.casefile.quote_sums import parts_told
from tests.case_homes import ask, record_home

NETS = """讯问笔录
时间：2025年9月5日9时00分至2025年9月5日10时00分
地点：澄江市公安局森林警察大队讯问室
讯问人：伍某、祁某 记录人：祁某
被讯问人：阚玉生 性别：男
问：你的渔网是怎么来的？
答：在集上买的，分三回买的，第一回3张，第二回5张，第三回2张，一张30块钱。
问：你前后下河去了多少个晚上？
答：七月去了4个晚上，八月去了6个晚上，第二个晚上就被抓了。
"""


@pytest.fixture(scope="module")
def nets_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("quote_sums"), {"讯问笔录_阚玉生.txt": NETS})


def test_the_parts_a_sentence_tells_skip_ordinals_and_prices():
    assert parts_told("第一回3张，第二回5张，第三回2张，一张30块钱。", "张") == [Decimal(3), Decimal(5), Decimal(2)]
    assert parts_told("七月去了4个晚上，八月去了6个晚上，第二个晚上就被抓了。", "个") == [Decimal(4), Decimal(6)]


def test_a_total_of_the_parts_one_sentence_tells_is_their_sum_under_review(nets_home):
    answer = ask(nets_home, "讯问笔录_阚玉生.txt", "阚玉生前后一共下河去了几个晚上？")
    assert answer.conclusion.startswith("共10个"), answer.conclusion
    assert answer.status.value == "needs_review"
    assert any(c.result == 10 for c in answer.calculations)


def test_parts_told_in_batches_keep_their_own_sum(nets_home):
    # 第一回…第二回…: the goods' batches are read by their own route, never added twice
    answer = ask(nets_home, "讯问笔录_阚玉生.txt", "阚玉生一共买了几张渔网？")
    assert answer.conclusion.startswith("共10张"), answer.conclusion
