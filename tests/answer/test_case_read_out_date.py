"""The date of an act told only in a document the asker shows or reads out (现向你出示…通知书，上面写明
于某日…), answered from it when the speaker confirms what was put to him — attributed to the document
and the confirmation; not when he disputes it; a valuation the record gives as a loss valued
(价格认定…损失价值为…元) is a valuation's figure. Record written for this test."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

LANDLORD = """询问笔录
时间：2024年5月6日9时00分至2024年5月6日10时00分
地点：某区住房和城乡建设局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：费某某 性别：男
问：你的房子出租给谁了？
答：租给了一个开小饭馆的老板。
问：现向你出示某区住房和城乡建设局责令整改通知书，上面写明于2023年11月8日责令你拆除违规搭建的阁楼。你知道吗？
答：对，收到过，后来拆了一半。
问：现向你宣读消防部门的检查记录，上面写明于2023年12月2日对你的出租房进行了消防检查。是否属实？
答：不对，那天他们没有来，是后来才来的。
问：现向你宣读价格认定结论书：被拆除的阁楼损失价值为人民币3,600元，被损坏的空调损失价值为人民币1,850元。有无异议？
答：没有异议。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("read_out"), {"询问笔录_费某某.pdf": LANDLORD})


def test_a_date_read_out_and_confirmed(home):
    answer = ask(home, "询问笔录_费某某.pdf", "责令整改通知书是哪天作出的？")
    assert held_as_said(answer), answer.conclusion
    assert "2023年11月8日" in answer.conclusion and "确认" in answer.conclusion


def test_a_date_read_out_and_disputed_is_no_answer(home):
    answer = ask(home, "询问笔录_费某某.pdf", "消防检查是哪天进行的？")
    assert "2023年12月2日" not in answer.conclusion.split("（")[0] \
        or (answer.status.value != "answered" and not held_as_said(answer))


def test_a_loss_valued_is_a_valuation_figure(home):
    answer = ask(home, "询问笔录_费某某.pdf", "被损坏的空调价格认定是多少钱？")
    assert held_as_said(answer), answer.conclusion
    assert 1850 in amounts(answer.conclusion) and 3600 not in amounts(answer.conclusion)
