"""Acts that move no money: how many times they happened (a count stated, else the occurrences
told one by one — never the ledger's payments), yes/no verdicts that need the asked act itself
asserted or denied (a qualified or reversed position is a conflict, being arrested is no answer to
a surrender unless the record says so), and the dates of a stretch (its start, the days between
two told dates). Records written for these tests; no dev file's wording."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

# A pickpocket's interrogation: three thefts told one by one (no count stated), a payment he got
# for the goods (a money row that is not a theft), arrested at a relative's flat.
THIEF = """讯问笔录
时间：2025年3月12日9时00分至2025年3月12日10时30分
地点：澄江市公安局城南分局第二讯问室
侦查员：伍某、程某 记录人：程某
犯罪嫌疑人：饶光明 性别：男
问：你把偷东西的经过讲一下。
答：我在公交车上偷过别人的东西。
问：第一次是什么时候、在哪里？
答：第一次是2024年11月3日早上，在12路公交车上，我趁一个老人不注意，把他口袋里的钱包拿走了。
问：第二次呢？
答：第二次是2024年12月9日下午，在火车站候车室，我偷了一个年轻人的手机。
问：第三次呢？
答：第三次是2025年1月20日晚上，在夜市，我偷了一个女的挎包。
问：偷来的手机怎么处理的？
答：手机我卖给了一个收旧货的，他用微信转给我900元。
问：你是怎么到案的？
答：2025年3月10日晚上，我在表哥家里被民警抓获。
问：有没有人和你一起偷？
答：没有，都是我自己一个人干的。
问：你说的这些还有要更正的吗？
答：第二次我说错了，不是12月9日，是2024年12月11日，那天是星期三。
"""

# A robbery suspect who states how many times and how many people, and turned himself in.
ROBBER = """讯问笔录
时间：2025年4月2日14时00分至2025年4月2日15时20分
地点：澄江市公安局刑侦大队第三讯问室
侦查员：柴某、温某 记录人：温某
犯罪嫌疑人：毕云飞 性别：男
问：你们一共抢了几次、抢了几个人？
答：前后抢了三次，一共抢了四个人。
问：抢来的钱怎么分的？
答：每次抢完我分给邝涛五百元。
问：三月份以后你又去抢过别人吗？
答：没有再抢了，钱花完了我就回老家了。
问：你是怎么到案的？
答：2025年3月30日我自己到澄江市公安局刑侦大队投案的。
"""

# A hearing about tiles delivered in batches; the defendant's position on mediation is qualified at
# first and refused later.
TILES = """澄江市东湖区人民法院
庭审笔录
时间：2025年5月8日9时30分至11时00分
地点：澄江市东湖区人民法院第四审判庭
案由：买卖合同纠纷
审判长：鲍某
原告：澄江市瑞丰陶瓷有限公司
委托诉讼代理人：蒋某，律师。
被告：祝永刚，男，1976年2月9日出生。
审判长：双方对对方出庭人员的身份有无异议？
原告委托诉讼代理人：没有异议。
被告：没有。
审判长：合同签订后，原告的货是怎么送的？
原告委托诉讼代理人：一共分四次送的货，第一批2024年8月2日送货600箱，第二批2024年8月20日送货500箱，第三批2024年9月6日送货450箱，第四批2024年9月25日送货450箱。
审判长：被告答辩。
被告：四批货都收到了，但是有一批瓷砖有破损，所以剩下的钱没有付。
审判长：双方是否愿意调解？
原告委托诉讼代理人：愿意调解，但是货款一分不能少。
被告：愿意调解，但是要先把破损的瓷砖换掉。
审判长：被告，原告不同意换货，你是否还愿意调解？
被告：那我不同意调解了，请法院判决。
"""

# A worker's inquiry: the stretch he worked told in one sentence, its start a month part.
MASON = """询问笔录
时间：2025年1月15日10时00分至2025年1月15日11时00分
地点：澄江市人力资源和社会保障局第三询问室
询问人：谷某、贺某 记录人：贺某
被询问人：蓝海波 性别：男
问：你在工地上干了多长时间？
答：我是2024年5月上旬进场开始干的，一直干到二〇二
四年十二月二十日工程结束。
问：老板欠你多少工钱？
答：老板还欠我三万二千元没给。
问：一起干活的人工钱都拿到了吗？
答：还有三个人。跟我一起进场的五个人里，只有两个人拿到了。
问：隔壁楼栋当时有多少个人在干活？
答：隔壁楼栋是另一个老板的队伍，人来来去去的，有多少人我没数过，记不清了。
问：工程结束以后，还留在工地上看场子的工友是谁？
答：工程结束以后工友们都走了，现在去哪了我不清楚。
"""

THIEF_FILE, ROBBER_FILE, TILES_FILE, MASON_FILE = (
    "讯问笔录_饶光明.txt", "讯问笔录_毕云飞.txt", "庭审笔录_瓷砖.txt", "询问笔录_蓝海波.txt")


@pytest.fixture(scope="module")
def acts_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("acts_cases"),
                           {THIEF_FILE: THIEF, ROBBER_FILE: ROBBER, TILES_FILE: TILES, MASON_FILE: MASON})


@pytest.mark.integration
def test_a_count_of_acts_is_the_occurrences_told_one_by_one_never_the_payments(acts_home):
    answer = ask(acts_home, THIEF_FILE, "饶光明一共作案几次？")
    # three thefts told by their order, each dated; the one payment he got for a phone is no theft
    assert "共3次" in answer.conclusion and "1笔" not in answer.conclusion
    assert "2024年11月3日" in answer.conclusion and "2025年1月20日" in answer.conclusion


@pytest.mark.integration
def test_a_count_stated_answers_each_count_asked(acts_home):
    answer = ask(acts_home, ROBBER_FILE, "他们一共作案几次，抢了几个人？")
    assert "即3次" in answer.conclusion and "即4人" in answer.conclusion
    delivered = ask(acts_home, TILES_FILE, "瓷砖一共分几批送的？")
    assert "即4次" in delivered.conclusion and "一共分四次送的货" in delivered.conclusion


@pytest.mark.integration
def test_days_between_the_first_and_last_told_occurrence(acts_home):
    between = ask(acts_home, TILES_FILE, "第一批和最后一批货相隔多少天？")
    assert "54天" in between.conclusion
    inclusive = ask(acts_home, TILES_FILE, "从第一批送货到最后一批送货，前后一共多少天？")
    assert "55天" in inclusive.conclusion
    thefts = ask(acts_home, THIEF_FILE, "第一次和最后一次作案相隔多少天？")
    assert "78天" in thefts.conclusion


@pytest.mark.integration
def test_a_consent_given_on_a_condition_then_refused_is_no_plain_yes(acts_home):
    # the 被告 agreed on a condition, then refused: both quoted, a conflict; never the 原告's words
    defendant = ask(acts_home, TILES_FILE, "被告同意调解吗？")
    assert defendant.status.value == "needs_review" and defendant.conflicts
    assert "不同意调解" in defendant.conclusion and "货款一分不能少" not in defendant.conclusion
    plaintiff = ask(acts_home, TILES_FILE, "原告同意调解吗？")
    assert plaintiff.status.value == "needs_review" and not held_as_said(plaintiff) and "货款一分不能少" in plaintiff.conclusion


@pytest.mark.integration
def test_being_taken_by_the_police_is_no_surrender(acts_home):
    taken = ask(acts_home, THIEF_FILE, "饶光明是主动投案的吗？")
    assert not taken.conclusion.startswith("是")
    gave_up = ask(acts_home, ROBBER_FILE, "毕云飞是主动投案的吗？")
    assert gave_up.conclusion.startswith("是") and "投案" in gave_up.conclusion


@pytest.mark.integration
def test_the_start_of_a_stretch_is_quoted_without_its_wrapped_end(acts_home):
    answer = ask(acts_home, MASON_FILE, "蓝海波是什么时候进场开始干活的？")
    assert "2024年5月上旬" in answer.conclusion
    assert "二十日" not in answer.conclusion and "12月20日" not in answer.conclusion


@pytest.mark.integration
def test_an_occurrence_redated_in_one_sentence_with_its_old_day_first_is_a_conflict(acts_home):
    answer = ask(acts_home, THIEF_FILE, "第二次作案是哪一天？")
    assert "2024年12月9日" in answer.conclusion and "12月11日" in answer.conclusion
    assert answer.status.value == "needs_review" and answer.conflicts


@pytest.mark.integration
def test_the_asked_verb_said_of_something_else_is_no_reversal(acts_home):
    answer = ask(acts_home, ROBBER_FILE, "毕云飞后来又抢过别人吗？")
    assert answer.conclusion.startswith("否") and not answer.conflicts


@pytest.mark.integration
def test_a_count_of_people_answering_a_question_about_the_act(acts_home):
    answer = ask(acts_home, MASON_FILE, "除了蓝海波，还有几个人的工钱没拿到？")
    assert "即3人" in answer.conclusion and "即2人" not in answer.conclusion


def test_a_count_is_asked_by_how_many_not_by_these_few():
    from engine.question import read_question

    assert [c.counter for c in read_question("他们一共作案几次，抢了几个人？").case.counts] == ["次", "人"]
    assert read_question("老板一共欠这几个工人多少工钱？").case.counts == []


def test_a_count_the_speaker_does_not_know_is_his_gap_not_a_silence(acts_home):
    answer = ask(acts_home, MASON_FILE, "隔壁楼栋当时有几个人在干活？")
    # no count is told and none can be counted: the speaker's 记不清 is what the material says
    assert answer.status.value != "not_found", answer.conclusion
    assert "记不清" in answer.conclusion and answer.gaps, answer.conclusion


def test_not_knowing_something_else_is_no_gap_for_a_count(acts_home):
    answer = ask(acts_home, MASON_FILE, "工程结束以后留在工地上看场子的工友有几个人？")
    # the speaker does not know where they went, not how many stayed: no count, and no 记不清 of it
    assert answer.status.value == "not_found", answer.conclusion
