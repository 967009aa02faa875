"""Answers over versions told by a document read out and by two persons questioned, through
Engine.ask on a real home: a fine the speaker tells and the decision the asker reads out (both,
attributed, a conflict); a count told by a relative and by the person herself (each figure with
every person who tells it). Records written for these tests."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, record_home
from tests.ledger.test_document_versions import FINED

pytestmark = pytest.mark.integration

BOXES = """询问笔录
时间：2025年6月2日14时00分至2025年6月2日15时00分
地点：临川市公安局北关派出所询问室
询问人：岑某、翟某 记录人：翟某
被询问人：柯美玲 性别：女
问：你父亲买了些什么？
答：他买了8箱蜂胶，都堆在床底下。
问：还有别的吗？
答：没有了。
询问笔录
时间：2025年6月3日9时00分至2025年6月3日10时00分
地点：临川市公安局北关派出所询问室
询问人：岑某、翟某 记录人：翟某
被询问人：柯建国 性别：男
问：你买了几箱蜂胶？
答：我买了6箱蜂胶，是在讲座上买的。
问：还有别的事吗？
答：没有了。
"""


@pytest.fixture(scope="module")
def versions_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("document-versions"),
                           {"讯问笔录_洪立伟.txt": FINED, "询问笔录_柯建国.txt": BOXES})


def test_a_fine_told_by_the_speaker_and_read_from_the_decision_is_a_conflict_attributed(versions_home):
    answer = ask(versions_home, "讯问笔录_洪立伟.txt", "洪立伟被罚了多少钱？")
    assert {3000, 6000} <= amounts(answer.conclusion) and answer.conflicts
    assert answer.status.value == "needs_review"
    assert "行政处罚决定书称" in answer.conclusion and "洪立伟本人称" in answer.conclusion


def test_a_count_told_by_two_persons_names_each_teller(versions_home):
    answer = ask(versions_home, "询问笔录_柯建国.txt", "柯建国买了几箱蜂胶？")
    assert answer.conflicts and "柯美玲" in answer.conclusion and "柯建国" in answer.conclusion
