"""The quantity of one batch asked by its order (第二批…一共有多少吨): that batch's own figure, or the
count of its containers times the load of each (4车×每车都是32吨), computed and cited — never a figure of
another batch; a batch told without a figure in the unit asked is not found. A telling corrected in the
answer's next sentences (第三批是3车，不是4车。…一共96吨。) is read to its end, so the versions are both told.
Record written for this test (问：/答：), typeset into a real PDF and asked through Engine.ask."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration

CEMENT = """询问笔录
时间：2024年4月8日14时00分至2024年4月8日15时20分
地点：某县公安局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：虞某某 性别：男
问：你们给工地送了几批水泥？
答：一共送了四批。第一批是3月2日，2车水泥，每车30吨，一共60吨。第二批是3月9日，4车水泥，每车都是32吨。第三批是3月15日，4车，每车也是32吨。第四批是3月20日送的，具体多少吨我记不清了。
问：上次你说第三批是4车，对不对？
答：第三批是3车，不是4车。本来装了4车，有一车在路上坏了拉回去了，实际送到的是3车，一共96吨。
问：你还有什么要补充的？
答：没有了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("batch_quantities"), {"询问笔录_虞某某.pdf": CEMENT})


def test_a_batch_told_as_containers_times_the_load_of_each(home):
    answer = ask(home, "询问笔录_虞某某.pdf", "第二批水泥一共有多少吨？")
    assert held_as_said(answer), answer.conclusion
    assert "128吨" in answer.conclusion and "60吨" not in answer.conclusion
    (calc,) = answer.calculations
    assert int(calc.result) == 128 and calc.expression.replace(" ", "") == "4*32"


def test_a_batch_with_its_own_figure(home):
    answer = ask(home, "询问笔录_虞某某.pdf", "第一批一共送了多少吨？")
    assert held_as_said(answer), answer.conclusion
    assert "60吨" in answer.conclusion and "128" not in answer.conclusion


def test_a_batch_told_without_a_figure_is_not_answered_with_another_batchs(home):
    answer = ask(home, "询问笔录_虞某某.pdf", "第四批一共有多少吨？")
    assert answer.status.value == "not_found", answer.conclusion
    assert not any(f in answer.conclusion for f in ("60吨", "128吨", "96吨"))


def test_a_batch_corrected_in_the_next_sentences_gives_both_versions(home):
    answer = ask(home, "询问笔录_虞某某.pdf", "第三批一共有多少吨？")
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion
    assert "128吨" in answer.conclusion and "96吨" in answer.conclusion
