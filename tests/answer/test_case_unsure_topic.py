"""A 记不清 / 没记住 says nothing of the thing asked when the sentence it closes named another thing first
(那个男的叫什么名字，她跟我说过，我没记住: a name, never the rent or the date asked). Record written for this
test, typeset into a real PDF, asked through Engine.ask."""

from __future__ import annotations

import pytest

from engine.answer.casefile.said import _unsure_about
from engine.question import Slot
from tests.case_homes import ask, record_home

TENANT = """询问笔录
时间：2024年4月2日14时00分至2024年4月2日15时00分
地点：某区公安分局某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：某丙 性别：女
问：房东跟你说过她之前把房子租给谁了吗？
答：她说租给了一个男的。那个男的叫什么名字，她跟我说过，我没记住。
问：你交了多少押金？
答：押金交了2600元，是微信转的。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("unsure_topic"), {"询问笔录_某丙.pdf": TENANT})


@pytest.mark.unit
def test_a_closing_not_remembered_is_about_what_the_sentence_named_first():
    said = "那个男的叫什么名字，她跟我说过，我没记住。"
    assert _unsure_about(said, Slot.PERSON)
    assert not _unsure_about(said, Slot.AMOUNT) and not _unsure_about(said, Slot.DATE)
    assert _unsure_about("具体哪天我记不清了", Slot.DATE)
    assert _unsure_about("我记不清了", Slot.AMOUNT)  # naming nothing: about whatever was asked


@pytest.mark.integration
def test_a_name_not_remembered_is_no_gap_of_a_date(home):
    answer = ask(home, "询问笔录_某丙.pdf", "房东是什么时候把房子租给那个男的？")
    assert not answer.gaps and "没记住" not in answer.conclusion, answer.conclusion
