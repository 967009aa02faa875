"""Calls told in order and short answers to the interviewer's own yes/no question
(engine/question/casefile.py's ordinal of 第N个电话, engine/answer/casefile/when.py, verdict.py).

第N个电话打给谁/哪里 is answered by the target of the Nth call the speaker tells (先…后来/然后/又…),
its time when asked (the told clock time, or one shown in a record the speaker confirms); never the
speaker's own number; a target the speaker does not know is a gap. A short 在/有/是 answers the
interviewer's question only about the thing that question asked (聊天记录 is not 转账记录).
Records written for these tests in several layouts, through Engine.ask on a real home (PDFs)."""

from __future__ import annotations

import pytest

from engine.question import read_question

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration


def _header(kind: str, day: int, name: str, sex: str = "男") -> str:
    return (f"{kind}\n时间：2025年3月{day}日09时10分至2025年3月{day}日10时20分\n"
            f"地点：某市公安局某某派出所办案区\n询问人：丙某、丁某 记录人：丁某\n被询问人：{name} 性别：{sex}\n"
            f"联系电话：13955550000\n")


# Two calls told with 先…后来, the first one's time told plainly.
TWO_CALLS = _header("询问笔录", 3, "符建平") + """问：事情发生后你做了什么？
答：我看到他倒在地上不动了，就赶紧打电话。我先打的120，是晚上23点14分打的，后来又打了110报警。
问：救护车多久到的？
答：大概十来分钟就到了。
"""

# Calls told as 先给我哥打了电话，然后报了警; the time vague.
BROTHER_FIRST = _header("询问笔录", 4, "冼晓东") + """问：你发现被骗以后怎么办的？
答：我当时很慌，晚上十一点多吧，我先给我哥打了电话，然后报了警。
问：你哥怎么说？
答：他让我赶紧报警，别再转钱了。
"""

# The first call's target not known to the speaker.
UNKNOWN_TARGET = _header("讯问笔录", 5, "蒯立新") + """问：你到了现场以后干了什么？
答：我到了以后先打了一个电话，打给谁我记不清了，然后又给老板打了电话。
"""

# A call time shown in a phone record the speaker confirms.
SHOWN_RECORD = _header("询问笔录", 6, "游春华", "女") + """问：你报警是几点？
答：具体几点我说不准。
问：我们调取了你的通话记录，显示你当晚22时47分拨打了110，这个记录是否属实？
答：属实，那个电话就是我打的。我打完110又马上打了我妈的电话。
"""

# Short answers to the interviewer's own yes/no question; the transfer record never asked.
CHAT_KEPT = _header("询问笔录", 7, "鲁雅琴", "女") + """问：你和对方是怎么联系的？
答：一直用微信聊。
问：聊天记录还在吗？
答：在，我都截图保存了。
问：你是怎么付款的？
答：我通过手机银行转了两次账。
"""

RECEIPT_KEPT = _header("询问笔录", 8, "易长河") + """问：他给你开过收据没有？
答：开过，收据我一直留着。
问：你们签合同了吗？
答：没有签。
问：你们吵架那次的录音还有吗？
答：有，一直存在我手机里。
"""

RECORDS = {"询问笔录_符建平.pdf": TWO_CALLS, "询问笔录_冼晓东.pdf": BROTHER_FIRST,
           "讯问笔录_蒯立新.pdf": UNKNOWN_TARGET, "询问笔录_游春华.pdf": SHOWN_RECORD,
           "询问笔录_鲁雅琴.pdf": CHAT_KEPT, "询问笔录_易长河.pdf": RECEIPT_KEPT}



@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("calls"), RECORDS)


@pytest.mark.parametrize("name, question, target, time", [
    ("询问笔录_符建平.pdf", "第一个电话是打给哪里的？几点打的？", "120", "23点14分"),
    ("询问笔录_符建平.pdf", "他第二个电话打给谁？", "110", None),
    ("询问笔录_冼晓东.pdf", "他第一个电话打给谁？", "我哥", None),
    ("询问笔录_冼晓东.pdf", "第二个电话打给哪里？", "报了警", None),
    ("询问笔录_冼晓东.pdf", "第一个电话是打给谁的，几点打的？", "我哥", "十一点多"),
    ("讯问笔录_蒯立新.pdf", "他第二个电话打给谁？", "老板", None),
    ("询问笔录_游春华.pdf", "第一个电话打给哪里？几点打的？", "110", "22时47分"),
    ("询问笔录_游春华.pdf", "她第二个电话打给谁了？", "我妈", None),
])
def test_the_nth_call_told_is_its_target(home, name, question, target, time):
    answer = ask(home, name, question)
    assert held_as_said(answer), answer.conclusion
    assert target in answer.conclusion.split("（")[0], answer.conclusion
    assert "13955550000" not in answer.conclusion and "联系电话" not in answer.conclusion, answer.conclusion
    if time:
        assert time in answer.conclusion, answer.conclusion


def test_a_target_not_known_is_the_speakers_gap(home):
    answer = ask(home, "讯问笔录_蒯立新.pdf", "第一个电话打给谁？")
    assert answer.conclusion.startswith("材料显示记不清"), answer.conclusion


def test_a_call_never_told_is_not_found(home):  # a control: the second call is beyond what was told
    answer = ask(home, "询问笔录_易长河.pdf", "第二个电话打给谁？")
    assert answer.status.value == "not_found", answer.conclusion


def test_the_ordinal_of_calls_only_in_the_plan():
    plan = read_question("他第二个电话打给谁？").case
    assert plan.call and plan.ordinal == 2 and plan.fields == []
    other = read_question("第二个人是谁？").case  # a control: 个 counts calls only
    assert not other.call and other.ordinal is None
    assert read_question("第二次转账是几点？").case.ordinal == 2 and not read_question("第二次转账是几点？").case.call


@pytest.mark.parametrize("name, question", [
    ("询问笔录_鲁雅琴.pdf", "她有没有保留聊天记录？"),
    ("询问笔录_鲁雅琴.pdf", "聊天记录她保存了吗？"),
    ("询问笔录_鲁雅琴.pdf", "鲁雅琴保存聊天记录了吗？"),
    ("询问笔录_易长河.pdf", "他有没有保存吵架时的录音？"),
])
def test_a_short_yes_to_the_askers_own_question_is_a_yes(home, name, question):
    answer = ask(home, name, question)
    assert answer.status.value == "answered", answer.conclusion
    assert answer.conclusion.startswith("是"), answer.conclusion


def test_the_act_told_after_a_reply_to_another_question_is_a_yes_held_for_review(home):
    # 他给你开过收据没有？—开过，收据我一直留着: the 开过 replies to another question; 留着 tells the act asked
    answer = ask(home, "询问笔录_易长河.pdf", "他有没有保留收据？")
    assert answer.conclusion.startswith("是") and "一直留着" in answer.conclusion, answer.conclusion
    assert answer.status.value == "needs_review" and "是/否系从陈述中推断" in answer.conclusion, answer.conclusion


@pytest.mark.parametrize("name, question", [
    ("询问笔录_鲁雅琴.pdf", "她有没有保留转账记录？"),  # 记录 shared, 转账记录 never asked
    ("询问笔录_鲁雅琴.pdf", "她有没有保存转账记录？"),
    ("询问笔录_易长河.pdf", "他有没有保留合同？"),  # a kept receipt is no kept contract
])
def test_a_short_yes_about_another_thing_is_no_verdict(home, name, question):
    answer = ask(home, name, question)
    assert not answer.conclusion.startswith("是"), answer.conclusion


def test_a_bare_no_to_the_askers_question_stays_a_no(home):  # a control: main passes it too
    answer = ask(home, "询问笔录_易长河.pdf", "他们签合同了吗？")
    assert answer.status.value == "answered" and answer.conclusion.startswith("否"), answer.conclusion
