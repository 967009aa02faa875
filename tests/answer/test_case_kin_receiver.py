"""Money asked of someone named by family word (他堂弟, 他侄子): never the case's total of everyone's money;
what the record tells of that one. A sum written in the financial numerals (贰仟元) answers an ask of a
sum. Record written for this test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import re

import pytest

from engine.answer.casefile.asks import _MONEY_TOLD
from engine.text.case_lexicon import KIN
from tests.case_homes import amounts, ask, record_home

RECRUITER = """讯问笔录
时间：2024年7月2日9时00分至2024年7月2日10时30分
地点：某县公安局经侦大队讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：某丁 性别：男
问：你拉了哪些人进来？
答：第一个是我同学某戊，交了39800元；第二个是我同事某己，交了39800元；第三个是我堂弟某庚，交了3800元。
问：你堂弟来了以后怎么样？
答：他干了一个月就想走，我怕他把事情闹大，自己掏了贰仟元给他，让他再坚持一段时间。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("kin_receiver"), {"讯问笔录_某丁.pdf": RECRUITER})


@pytest.mark.unit
def test_family_words_and_financial_numerals():
    assert KIN.search("他有没有掏钱给过他堂弟") and KIN.search("给了她侄子多少")
    assert _MONEY_TOLD.search("自己掏了贰仟元给他") and not re.search(r"\d", "贰仟元")


@pytest.mark.integration
def test_money_given_to_a_cousin_is_never_the_cases_total(home):
    answer = ask(home, "讯问笔录_某丁.pdf", "他有没有自己掏钱给过他堂弟？给了多少？")
    assert answer.conclusion.startswith("是"), answer.conclusion
    assert amounts(answer.conclusion) == {2000}, answer.conclusion
    assert "贰仟元" in answer.conclusion and "未在材料中找到" not in answer.conclusion
