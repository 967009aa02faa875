"""已核验 for verdicts, places and calls only when the answer answers the question asked
(engine/answer/casefile/verdict.py, when.py, badge.py): a 是/否 stands on the sentence telling the
very act asked — its verbs and the things named after them — never on another act of that moment
(救护车来了，医生把老人抬走了 for 是不是等到救护车来了才走的); a bare 是/有 answers only a yes/no the
interviewer asked (是现金给的 answers 怎么给的, not 有没有用微信转账); a place stands on a sentence
telling the asked act with a place phrase; 第一个电话打给哪里 asks a call, never the speaker's own
number from the header; a verdict already read opens the answer once. A place, time or person read
out of what was said that passes these checks is held for review with STATEMENT_DOUBT alone
(held_as_said); a plain 是/否 keeps 已核验. Records written for these tests (witness and victim
accounts in several layouts), through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from engine.question import Slot, read_question

from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration


def _header(day: int, name: str, sex: str = "女") -> str:
    return (f"询问笔录\n时间：2024年8月{day}日14时00分至2024年8月{day}日15时00分\n"
            f"地点：某县公安局交警大队询问室\n询问人：甲某、乙某 记录人：乙某\n被询问人：{name} 性别：{sex}\n"
            f"联系电话：13600001111\n")


# Another act told at the moment asked of: the ambulance came and the old man was carried away; the
# onlookers left when the police came. Nothing is told of the rider's leaving.
OTHER_ACT = _header(5, "房晓梅") + """问：你看到了什么？
答：一辆摩托车把过马路的老人撞倒了，骑车的是个穿红衣服的男子。
问：救护车是几点到的？
答：救护车九点多到的，医生把老人抬走了。
问：民警到了以后呢？
答：民警来了以后，围观的人就陆续离开了。
"""

# The driver's leaving told, and denied by a negation before the waiting (没等…就走了).
DID_NOT_WAIT = _header(6, "葛海燕") + """问：你看到了什么？
答：一辆货车把骑自行车的人刮倒了，货车司机下来看了看。
问：货车司机后来呢？
答：他没等救护车来就开车走了，也没等民警来。
"""

WAITED = _header(7, "邝立秋") + """问：你看到了什么？
答：一辆三轮车把路边的小孩撞倒了，三轮车司机是个老头。
问：三轮车司机后来呢？
答：他一直等到救护车来了才走的，走之前还留了电话。
"""

# Cleft answers to questions asking how or who: 是… opens them, no 是 to a yes/no.
HOW_PAID = _header(8, "龙玉兰") + """问：你们平时怎么联系？
答：我们平时用微信聊天。
问：你那两万块钱是怎么给他的？
答：是现金给的，在他家楼下当面给的。
问：他给你打过欠条吗？
答：没有，他说过几天就还。
"""

# A place said of another act (meeting someone after paying) beside the payment asked; a fall told
# with no place.
PLACES = _header(9, "焦德顺", "男") + """问：你交钱以后去了哪里？
答：交完钱我去了菜市场买菜，在市场门口碰到了老乡。
问：钱交给谁了？
答：交给了他们的业务员，当场点清，他没给我收据。
问：你在哪里交的定金？
答：我在他们公司的前台交的定金，一共五千元。
问：骑电动车的人怎么样了？
答：他摔倒了，当时头上在流血。
"""

# Calls told in one answer; the speaker's own number stands in the header.
CALLS = _header(10, "麦秋生", "男") + """问：你当时报警了吗？
答：报了，第一个电话我打给了110，晚上八点二十打的，第二个电话打给了我哥麦秋林。
"""

PAID = _header(11, "温小川", "男") + """问：你交过什么钱？
答：我交过报名费三千元。
问：怎么交的？
答：是现金交的，交给了一个姓吴的老师。
"""


# Who lost is told, never who lost most; in the other record who lost most is said.
LOSSES = """询问笔录
时间：2024年7月2日10时00分至2024年7月2日11时00分
地点：某县公安局治安管理大队询问室
询问人：甲某、乙某 记录人：乙某
被询问人：郁德华 性别：男
问：那天你们几个人打牌？
答：四个人，我、方某、齐某和小刘，在茶楼二楼的包间里。
问：那天谁赢了？
答：方某手气好，赢了一千多。
问：其他人呢？
答：我、齐某和小刘都输了钱，具体输了多少我不清楚。
"""

MOST_SAID = """询问笔录
时间：2024年7月3日10时00分至2024年7月3日11时00分
地点：某县公安局治安管理大队询问室
询问人：甲某、乙某 记录人：乙某
被询问人：甘志远 性别：男
问：那天你们几个人打牌？
答：四个人，我、卜某、计某和老韩。
问：谁输得多？
答：老韩输得最多，输了三千多，我输了几百块。
"""


# Knowing asked with the question's own word for the act (行为) the record never uses (这样做).
KNEW = """讯问笔录
时间：2024年3月2日9时00分至2024年3月2日10时00分
地点：某县公安局刑警大队讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：祝明轩 男
问：你拿那些电缆的时候，知道这样做犯法吗？
答：知道，我心里清楚这样不对。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("verdicts"),
                           {"询问笔录_房晓梅.txt": OTHER_ACT, "询问笔录_葛海燕.txt": DID_NOT_WAIT,
                            "询问笔录_邝立秋.txt": WAITED, "询问笔录_龙玉兰.txt": HOW_PAID,
                            "询问笔录_焦德顺.txt": PLACES, "询问笔录_麦秋生.txt": CALLS,
                            "询问笔录_温小川.txt": PAID, "询问笔录_郁德华.txt": LOSSES,
                            "询问笔录_甘志远.txt": MOST_SAID, "讯问笔录_祝明轩.txt": KNEW})


@pytest.mark.parametrize("question", ["穿红衣服的男子是不是一直等到救护车来了才走的？",
                                      "骑摩托车的男子是不是等到民警来了才离开的？"])
def test_another_act_of_that_moment_gives_no_verdict(home, question):
    answer = ask(home, "询问笔录_房晓梅.txt", question)
    assert not (answer.status.value == "answered" and answer.conclusion.startswith("是")), answer.conclusion


def test_not_waiting_before_leaving_is_a_no(home):
    answer = ask(home, "询问笔录_葛海燕.txt", "货车司机是不是一直等到救护车来了才走的？")
    assert not answer.conclusion.startswith("是"), answer.conclusion
    if answer.status.value == "answered":
        assert answer.conclusion.startswith("否"), answer.conclusion


def test_waiting_told_is_the_verdict_read_from_the_sentence(home):
    # the sentence tells the act; no reply to the very question says so: 是 shown, held for review
    answer = ask(home, "询问笔录_邝立秋.txt", "三轮车司机是不是一直等到救护车来了才走的？")
    assert answer.conclusion.startswith("是"), answer.conclusion
    assert answer.status.value == "needs_review" and "是/否系从陈述中推断" in answer.conclusion, answer.conclusion


def test_a_short_answer_to_another_question_is_no_verdict(home):  # a control: main passes it too
    # 他给你打过欠条吗？—没有 answers the interviewer's question about an IOU, not this one; nor does
    # the cleft 是现金给的 answer 怎么给的 with a 是
    answer = ask(home, "询问笔录_龙玉兰.txt", "龙玉兰有没有用微信转账给他？")
    assert "过几天就还" not in answer.conclusion, answer.conclusion
    assert not (answer.status.value == "answered" and answer.conclusion.startswith("是")), answer.conclusion


def test_a_bare_no_to_the_act_asked_keeps_the_badge(home):
    answer = ask(home, "询问笔录_龙玉兰.txt", "他有没有给龙玉兰打欠条？")
    assert answer.status.value == "answered", answer.conclusion
    assert answer.conclusion.startswith("否"), answer.conclusion


def test_a_place_of_another_act_is_no_place_of_the_payment(home):
    answer = ask(home, "询问笔录_焦德顺.txt", "焦德顺在哪里交的钱？")
    assert not (answer.status.value == "answered" and "市场" in answer.conclusion), answer.conclusion


def test_a_fall_told_without_a_place_gives_no_place(home):
    answer = ask(home, "询问笔录_焦德顺.txt", "骑电动车的人倒在什么位置？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


def test_the_place_of_the_act_passes_the_badge_checks(home):
    answer = ask(home, "询问笔录_焦德顺.txt", "焦德顺在哪里交的定金？")
    assert held_as_said(answer), answer.conclusion
    assert "公司" in answer.conclusion, answer.conclusion


@pytest.mark.parametrize("question", ["第一个电话打给哪里？", "第一个电话是几点打的？"])
def test_a_call_is_not_the_speakers_number(home, question):
    answer = ask(home, "询问笔录_麦秋生.txt", question)
    assert "5678" not in answer.conclusion and "联系电话" not in answer.conclusion, answer.conclusion


def test_the_time_of_the_call_is_read_with_its_minutes(home):
    answer = ask(home, "询问笔录_麦秋生.txt", "第一个电话是几点打的？")
    assert held_as_said(answer), answer.conclusion
    assert "八点二十" in answer.conclusion, answer.conclusion


def test_the_speakers_number_asked_is_the_header_field(home):
    answer = ask(home, "询问笔录_麦秋生.txt", "麦秋生的联系电话是多少？")
    assert "联系电话" in answer.conclusion, answer.conclusion


def test_a_verdict_opens_the_answer_once(home):
    answer = ask(home, "询问笔录_温小川.txt", "温小川有没有交钱，交了多少？")
    assert not answer.conclusion.startswith("是，是"), answer.conclusion
    assert "是现金交的" not in answer.conclusion.split("；")[0] or not answer.conclusion.startswith("是"), \
        answer.conclusion


def test_calls_and_numbers_in_the_plan():
    assert read_question("第一个电话打给哪里？").case.fields == []
    assert read_question("他第二个电话是几点打的？").case.fields == []
    assert read_question("他的电话是多少？").case.fields == ["phone"]
    assert read_question("你的联系电话是什么？").case.fields == ["phone"]


def test_a_tail_asking_whether_the_speaker_knows_asks_no_verdict():
    assert read_question("他被骗了多少钱，你清楚吗？").case.slots == [Slot.AMOUNT]
    assert read_question("一共交了多少钱，对吗？").case.slots == [Slot.AMOUNT]
    assert Slot.YESNO in read_question("他有没有交钱，交了多少？").case.slots


def test_a_position_asked_is_a_place():
    assert read_question("伤者倒在什么位置？").case.slots == [Slot.PLACE]


@pytest.mark.parametrize("question", ["输钱最多的是谁？", "谁输的钱最多？"])
def test_who_lost_is_no_answer_to_who_lost_most(home, question):
    answer = ask(home, "询问笔录_郁德华.txt", question)
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    if answer.status.value == "needs_review":
        assert "最多" in answer.conclusion, answer.conclusion


def test_who_lost_most_said_passes_the_badge_checks(home):
    answer = ask(home, "询问笔录_甘志远.txt", "谁输的钱最多？")
    assert held_as_said(answer), answer.conclusion
    assert "老韩" in answer.conclusion, answer.conclusion


def test_who_won_asked_plainly_passes_the_badge_checks(home):
    answer = ask(home, "询问笔录_郁德华.txt", "那天谁赢了钱？")
    assert held_as_said(answer), answer.conclusion
    assert "方某" in answer.conclusion, answer.conclusion


def test_knowing_asked_in_other_words_keeps_the_badge(home):
    answer = ask(home, "讯问笔录_祝明轩.txt", "祝明轩当时知道自己的行为是犯法的吗？")
    assert answer.status.value == "answered", answer.conclusion
    assert answer.conclusion.startswith("是"), answer.conclusion
