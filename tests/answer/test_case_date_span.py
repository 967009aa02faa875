"""The days (or months) between two acts the question names, each dated by what was said (从…到…过了多少
天, A和B中间隔了多少天, A以后过了多少天，B…, B是哪天？离A过了几天): computed from the two days quoted,
shown in the calculation panel; a day without its year takes the session's year (the header cited); an
act told only to the month gives no figure of days. Records written for this test, typeset into real
PDFs, asked through Engine.ask."""

from __future__ import annotations

from datetime import date

import pytest

from engine.answer.casefile.time_between import _months_apart
from engine.question import read_question
from tests.case_homes import ask, held_as_said, record_home

PARCEL = """询问笔录
时间：2024年11月7日14时30分至2024年11月7日16时00分
地点：某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：郑某某 性别：男
问：你把那几张卡寄给谁了？
答：寄给一个网名叫“小北”的人，6月24日卡寄出去当天，他微信转了我一千元。
问：卡后来怎么样了？
答：2024年9月12日他说农商行那张卡被冻结了，不能用了。
问：你们签过什么协议吗？
答：2023年3月签的合作协议，具体哪天记不清了，2023年4月办的营业执照。
问：货款是哪天收的？
答：货款是2023年5月10日收的，2024年1月8日厂子关门了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("date_span"), {"询问笔录_郑某某.pdf": PARCEL})


@pytest.mark.unit
@pytest.mark.parametrize("question, acts", [
    ("从把卡寄出去到卡被冻结，一共过了多少天？", ("把卡寄出去", "卡被冻结")),
    ("第三批货从进货到被扣押，中间隔了几天？", ("第三批货进货", "第三批货被扣押")),
    ("网签和过户分别是哪天？中间隔了多少天？", ("网签", "过户")),
    ("判决生效以后过了多少天，他就把车过户给了表弟？", ("判决生效", "他就把车过户给了表弟")),
    ("中标通知书是哪天拿到的？离开标过了几天？", ("开标", "中标通知书拿到")),
    ("从第一次挪用到第一次退钱，隔了多长时间？", ("第一次挪用", "第一次退钱")),
    ("从第一次到最后一次一共多少天？", None),  # the first and last rows (前后多少天), not two acts named
    ("从第一次转账到最后一次转账，前后一共是多少天？", None),  # the first and last rows of one act
    ("从吵起来到警察赶到过了多少分钟？", None),  # minutes of a day's clock: the clock span's
])
def test_the_two_acts_a_span_of_days_is_asked_between(question, acts):
    assert read_question(question).case.date_span == acts


@pytest.mark.unit
@pytest.mark.parametrize("first, last, months", [
    (date(2022, 11, 8), date(2023, 6, 9), (7, 1)),
    (date(2023, 1, 31), date(2023, 2, 28), (1, 0)),  # 1月31日 + one month is the end of February
    (date(2023, 1, 5), date(2023, 1, 20), (0, 15)),
])
def test_months_apart(first, last, months):
    assert _months_apart(first, last) == months


@pytest.mark.integration
def test_days_between_two_dated_acts_computed_and_shown(home):
    answer = ask(home, "询问笔录_郑某某.pdf", "从把卡寄出去到农商行卡被冻结，一共过了多少天？")
    assert held_as_said(answer), answer.conclusion  # read out of what was said: shown, to be checked
    assert answer.conclusion.startswith("80天"), answer.conclusion
    assert "2024年6月24日" in answer.conclusion and "年份依笔录时间" in answer.conclusion
    (calc,) = answer.calculations
    assert int(calc.result) == 80 and len(set(calc.evidence)) == 2


@pytest.mark.integration
def test_months_given_when_a_length_of_time_is_asked(home):
    answer = ask(home, "询问笔录_郑某某.pdf", "从收货款到厂子关门，隔了多长时间？")
    assert answer.conclusion.startswith("243天（7个月零29天）"), answer.conclusion


@pytest.mark.integration
def test_both_days_counted_when_asked_from_first_to_last(home):
    answer = ask(home, "询问笔录_郑某某.pdf", "从把卡寄出去到农商行卡被冻结，前后一共多少天？")
    assert answer.conclusion.startswith("81天"), answer.conclusion
    assert answer.calculations[0].description == "首尾日期均计入的天数"


@pytest.mark.integration
def test_an_act_told_only_to_the_month_gives_no_figure(home):
    answer = ask(home, "询问笔录_郑某某.pdf", "从签合作协议到办营业执照，中间隔了多少天？")
    assert not answer.calculations
    assert "相隔" not in answer.conclusion
