"""Answers over facts the asker put to the speaker, through Engine.ask on a real home: a PDF record
whose long question lines wrap (a transfer record shown and confirmed after a vague telling), and
text records (a tally hedged; another person's account answered with another figure; a denial).
The paralegal's questions: which day and what time the second transfer was (only the record has
them), how much went to one person (only the tally line has it), the gain, what the other person
says against what the speaker says. Records written for these tests."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home
from tests.ledger.test_put_facts import CITED, SHOWN, TALLY, VERSIONED

pytestmark = pytest.mark.integration

# The record shown spelt out in longer lines, so that the PDF wraps the question inside its figures.
SHOWN_LONG = SHOWN.replace(
    "问:现向你出示你的微信转账记录，显示你于",
    "问:现在依法向你出示从微信支付平台调取的你本人微信账户的转账记录，该记录显示你于")


# 问：/答： full-width: a call told vaguely, then the call record put and confirmed; a recap confirmed.
CALL = """询问笔录
时间：2024年6月11日14时00分至2024年6月11日15时10分
地点：某市公安局南湖派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：卢佩琳 性别：女
问：案发当天你给韩振东打过电话吗？
答：打过，下午三点多吧，具体几点记不清了。
问：经调取你的通话记录，你于2023年8月26日15时42分拨打韩振东的手机，通话2分钟，是否属实？
答：属实。
问：你前面说你在9月1日用现金还了韩振东5000元，是不是？
答：是的。
问：你还有别的事要说吗？
答：没有了。
"""


@pytest.fixture(scope="module")
def put_home(tmp_path_factory):
    # the .pdf record is typeset as a real PDF (its long question lines wrap inside the figures)
    yield from record_home(tmp_path_factory.mktemp("put-facts"), {
        "讯问笔录_蒋文斌.pdf": SHOWN_LONG, "讯问笔录_核算.txt": TALLY, "讯问笔录_供述.txt": CITED,
        "询问笔录_卢佩琳.txt": CALL, "讯问笔录_宁光耀.txt": VERSIONED})


def test_the_day_and_time_only_the_confirmed_record_has(put_home):
    answer = ask(put_home, "讯问笔录_蒋文斌.pdf", "第二笔是哪天转的？")
    assert "2023年8月27日" in answer.conclusion and held_as_said(answer)
    assert "确认「对」" in answer.conclusion and "以记录为准" in answer.conclusion and not answer.conflicts
    answer = ask(put_home, "讯问笔录_蒋文斌.pdf", "第二次转账是几点转的？")
    assert "21时14分" in answer.conclusion and held_as_said(answer)


def test_a_sum_only_the_tally_line_has_and_a_gain_with_its_hedge(put_home):
    answer = ask(put_home, "讯问笔录_核算.txt", "一共给饶德明支付了多少钱？")
    assert amounts(answer.conclusion) == {31000} and answer.checks.ok
    answer = ask(put_home, "讯问笔录_核算.txt", "非法获利多少？")
    assert 42900 in amounts(answer.conclusion) and 86400 not in amounts(answer.conclusion)
    assert "差不多就是这个数" in answer.conclusion


def test_what_the_other_person_says_against_what_the_speaker_says(put_home):
    answer = ask(put_home, "讯问笔录_供述.txt", "龙海生分给邬国栋多少钱？")
    assert {40000, 30000} <= amounts(answer.conclusion) and answer.status.value == "needs_review"
    assert "邬国栋称" in answer.conclusion and "龙海生本人称" in answer.conclusion and answer.conflicts
    answer = ask(put_home, "讯问笔录_供述.txt", "龙海生分给邬国栋4万元是真的吗？")
    assert {40000, 30000} <= amounts(answer.conclusion) and answer.status.value == "needs_review"
    assert "邬国栋称" in answer.conclusion and not answer.conclusion.startswith(("是", "否"))
    answer = ask(put_home, "讯问笔录_供述.txt", "邬国栋说分给他多少钱？")
    assert amounts(answer.conclusion) == {40000}
    answer = ask(put_home, "讯问笔录_供述.txt", "9月2日饶德明给龙海生转了多少钱？")
    assert 20000 not in amounts(answer.conclusion)


def test_the_time_of_a_call_and_a_payment_recapped_and_confirmed(put_home):
    answer = ask(put_home, "询问笔录_卢佩琳.txt", "卢佩琳几点给韩振东打的电话？")
    assert "15时42分" in answer.conclusion and "以记录为准" in answer.conclusion
    assert held_as_said(answer)
    answer = ask(put_home, "询问笔录_卢佩琳.txt", "卢佩琳一共还了韩振东多少钱？")
    assert amounts(answer.conclusion) == {5000} and "确认「是的」" in answer.conclusion


def test_a_total_over_an_act_told_two_ways_carries_both_accounts(put_home):
    answer = ask(put_home, "讯问笔录_宁光耀.txt", "一共给车晓峰转了多少钱？")
    assert {10000, 9000} <= amounts(answer.conclusion) and answer.status.value == "needs_review"
    assert "按车晓峰所述" in answer.conclusion and "按宁光耀本人所述" in answer.conclusion
    answer = ask(put_home, "讯问笔录_宁光耀.txt", "车晓峰说第二笔是多少钱？")
    assert {6000, 5000} <= amounts(answer.conclusion) and "车晓峰称" in answer.conclusion
