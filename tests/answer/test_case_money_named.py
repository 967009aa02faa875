"""A sum asked by its own name (签证费, 保险费) is that money only: of the sums one sentence tells
(先交了报名费三千元，后来又交了签证费一万八千元) the one its own clause names; and money the record names
but books no payment of (年交保险费8,760元, a figure of a policy) is never answered with the sum of
other payments. Record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home

AGENCY = """询问笔录
时间：2024年6月3日9时00分至2024年6月3日10时20分
地点：某市公安局某派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：覃某某 性别：男
问：你是怎么认识那家中介的？
答：朋友介绍的，中介说日本的工厂包吃包住，干满三年还能续签。
问：你交了哪些钱？
答：先交了报名费三千元，后来又交了签证费一万八千元，都是微信转给中介的。
问：保险是怎么约定的？
答：保险单上写的是年交保险费8,760元，交二十年。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("money_named"), {"询问笔录_覃某某.pdf": AGENCY})


@pytest.mark.integration
def test_the_sum_whose_own_clause_names_the_money_asked(home):
    answer = ask(home, "询问笔录_覃某某.pdf", "签证费交了多少？")
    assert 18000 in amounts(answer.conclusion), answer.conclusion
    assert not {3000, 21000} & amounts(answer.conclusion), answer.conclusion


@pytest.mark.integration
def test_money_named_but_never_paid_is_no_sum_of_other_payments(home):
    answer = ask(home, "询问笔录_覃某某.pdf", "每年交多少保险费？")
    assert not {3000, 18000, 21000} & amounts(answer.conclusion), answer.conclusion
