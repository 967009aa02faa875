"""有哪些证据表明…: sentences ranked by their likeness to the question are listed for the reader to weigh —
never 已核验, since whether they prove it is a judgement; the ledger's rows of the money asked are facts
the answer stands on, passing the badge checks (engine/answer/casefile/talk.answer_evidence; as read
from what was said, held back for review all the same). Records written for these tests."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

DREDGER = """询问笔录
时间：2025年10月9日9时00分至2025年10月9日10时20分
地点：澄江市公安局环境犯罪侦查大队询问室
询问人：伍某、祁某 记录人：祁某
被询问人：蒙立新 性别：男
问：你们为什么都是晚上开工？
答：老板说白天干容易被人看见举报，晚上水利站没人。
问：有人来检查的时候你们怎么办？
答：看到岸上有车灯就把船开到芦苇里躲起来。
问：老板给了你多少工钱？
答：老板第一次给了我三千元，是2025年8月2日用微信转的；第二次给了我四千元，是9月1日给的现金。
"""


@pytest.fixture(scope="module")
def dredger_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("evidence_badge"), {"询问笔录_蒙立新.txt": DREDGER})


def test_sentences_like_the_question_are_listed_under_review(dredger_home):
    answer = ask(dredger_home, "询问笔录_蒙立新.txt", "有哪些证据表明他们采砂时有意躲避查处？")
    assert answer.conclusion.startswith("相关证据"), answer.conclusion
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion


def test_the_ledgers_rows_of_the_money_asked_stand(dredger_home):
    answer = ask(dredger_home, "询问笔录_蒙立新.txt", "有哪些证据证明老板给蒙立新转过钱？")
    assert answer.conclusion.startswith("相关证据"), answer.conclusion
    assert held_as_said(answer), answer.conclusion
