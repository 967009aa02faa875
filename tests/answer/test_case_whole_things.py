"""A yes/no is answered about the very thing asked, by the one whose account it is: a thing the
question writes as a compound (股权代持协议, 行车记录仪) is not another thing sharing its head or its
modifier (《借款协议》, 行车电脑); a company's name is no act (恒锐公司); whether another person knew
is not answered 否 by the speaker's 我说不准; a word that asks (叫什么) is no content shared with a
question; two sides of a hearing telling the act each their own way are a conflict naming each side.
Records written for these tests, typeset into real PDFs."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

# A former engineer questioned about what he signed and whom he gave the files to.
SIGNED = """讯问笔录
时间：2024年5月14日9时10分至2024年5月14日11时00分
地点：湘川市公安局经侦大队讯问室
侦查员：祁某、芦某 记录人：芦某
犯罪嫌疑人：邝振华 性别：男
问：你在恒锐公司工作期间签过哪些文件？
答：入职时签了劳动合同，后来借钱买房，跟公司签了一份《借款协议》，约定从工资里扣。股权代持协议我没签过，那是老板跟别人签的。
问：你把这些模具图纸给过谁？
答：给过做模具的乔丽萍。
问：乔丽萍知不知道这些图纸是恒锐公司的？
答：这个我说不准。我发给她的时候把公司的标志去掉了，她怎么想的我不知道。
问：现向你出示恒锐公司的图纸借阅登记表，上面记的你借阅的记录对不对？
答：对的。表上记的是今年1月到3月我借了14次。3月2日给乔丽萍的那一套没登记。
问：你妻子苏文静知道你拿图纸的事吗？
答：苏文静不知道，我一直没跟她说过。
问：帮你拷贝文件的那个师傅你了解吗？
答：那个师傅姓滕，用的是他自己带的U盘，全名叫什么、家住哪里我都不知道，平时只在电话里联系。
"""

# A car owner asked about the parts of his car after a fire.
CAR = """询问笔录
时间：2024年8月3日14时00分至2024年8月3日15时10分
地点：湘川市公安局交警支队事故处理中队
询问人：巫某、车某 记录人：车某
被询问人：甘立群 性别：男
问：车上的这些设备是不是原车带的原装货？
答：行车电脑是原装的，出厂就有。行车记录仪是后来在网上买的，是不是原装的我说不清。
问：起火前你在车上干什么？
答：我在车里等人，开着空调，大概等了二十分钟就闻到焦味了。
"""

# A hearing over a bicycle crash: each side tells the helmet its own way.
HEARING = """庭审笔录
时间：2024年11月6日9时30分
地点：湘川市城东区人民法院第三法庭
审判员：蔺某 书记员：言某
原告：邰秋燕，女，1990年3月2日出生
被告：苟明杰，男，1988年7月9日出生
审判员：现在开庭。原告陈述诉讼请求和事实理由。
原告：2024年6月2日晚上，被告骑电动车在滨江路把我撞倒，被告骑车时没有戴头盔，车速很快，我的右腿骨折，请求赔偿医疗费三万二千元。
审判员：被告答辩。
被告：我承认撞到了原告，但我是戴了头盔的，车速也不快，是原告突然从路边走出来。
审判员：被告，事故发生后你有没有报警？
被告：没有报警，当时原告说不用报警，我就送她去了医院。
审判员：原告，是这样吗？
原告：被告确实没有当场报警，是我自己后来打的电话。
审判员：双方对事故发生的时间有无异议？
原告：没有异议。
被告：没有异议。
"""

# A hearing over a wedding deposit: a father and his daughter, both defendants, answer in turn.
TWO_DEFENDANTS = """庭审笔录
时间：2024年9月12日14时00分
地点：湘川市城北区人民法院第一法庭
审判员：綦某 书记员：暴某
原告：邴文博，男，1995年1月8日出生
被告一：马晓雯，女，1997年5月3日出生
被告二：马德顺，男，1968年2月11日出生
审判员：现在开庭。原告陈述诉讼请求。
原告：请求判令二被告返还订金八万元，返还我送的一块手表。
审判员：被告答辩。
被告马德顺：订金是我收的，收了六万，不是八万。
被告马晓雯：手表在我这里，我可以原样退还给他。
审判员：原告对被告的答辩有什么意见？
原告：订金是八万，有转账记录。手表要还，订金也要全部还。
审判员：被告马德顺，订金是什么时候收的？
被告马德顺：2024年3月订婚那天收的，现金。
审判员：被告马晓雯，手表现在在哪里？
被告马晓雯：在我家里，一直没戴过。
审判员：被告马德顺，收订金的时候有没有写收条？
被告马德顺：没有写收条。
审判员：被告马晓雯，你和原告是什么时候分手的？
被告马晓雯：今年6月份。
审判员：被告是否同意调解？
被告马德顺：订金我最多还四万，不同意全部还。
被告马晓雯：我同意调解。
"""

# A coach crash heard for three passengers: who was kept in hospital is told of each by name.
THREE_PASSENGERS = """庭审笔录
时间：2024年10月15日9时00分
地点：湘川市城西区人民法院第二法庭
审判员：庹某 书记员：仉某
原告一：骆红梅，女，1980年6月1日出生
原告二：潘建国，男，1975年9月9日出生
原告三：殷小琴，女，1992年12月12日出生
被告：湘川市顺达客运有限公司
审判员：原告陈述事实和理由。
原告代理人：2024年4月8日客车在山路上侧翻，原告骆红梅、潘建国当晚被送进医院住院观察，原告殷小琴只在急诊包扎了伤口。
审判员：被告答辩。
被告代理人：对事故经过没有异议，车辆事故当天共有十二人住院。
审判员：原告骆红梅住了几天院？
原告代理人：骆红梅住院十一天。
审判员：原告殷小琴后来有没有复诊？
原告代理人：复诊过两次，都是门诊。
审判员：被告对医疗费有什么意见？
被告代理人：医疗费票据我们核对过，没有意见。
"""


@pytest.fixture(scope="module")
def whole_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("whole_things"),
                           {"讯问笔录_邝振华.pdf": SIGNED, "询问笔录_甘立群.pdf": CAR, "庭审笔录_邰秋燕.pdf": HEARING,
                            "庭审笔录_邴文博.pdf": TWO_DEFENDANTS, "庭审笔录_骆红梅.pdf": THREE_PASSENGERS})


@pytest.mark.integration
def test_a_compound_thing_asked_is_not_another_thing_of_its_head(whole_home):
    answer = ask(whole_home, "讯问笔录_邝振华.pdf", "邝振华签过股权代持协议吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "没签过" in answer.conclusion and "《借款协议》" not in answer.conclusion


@pytest.mark.integration
def test_a_state_of_a_compound_thing_is_not_the_state_of_another_sharing_its_modifier(whole_home):
    answer = ask(whole_home, "询问笔录_甘立群.pdf", "车上用的行车记录仪是不是原装的？")
    assert answer.status.value != "answered" or not answer.conclusion.startswith("是"), answer.conclusion
    assert "行车电脑是原装的" not in answer.conclusion
    assert "说不清" in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_whether_another_knew_is_a_gap_when_the_speaker_cannot_say(whole_home):
    answer = ask(whole_home, "讯问笔录_邝振华.pdf", "乔丽萍知道这些图纸是恒锐公司的吗？")
    assert not answer.conclusion.startswith(("是", "否")), answer.conclusion
    assert "说不准" in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_another_persons_not_knowing_told_by_the_speaker_answers_no(whole_home):
    answer = ask(whole_home, "讯问笔录_邝振华.pdf", "苏文静知道邝振华拿图纸的事吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion


@pytest.mark.integration
def test_a_bare_assent_says_nothing_of_a_person_the_asker_did_not_name(whole_home):
    answer = ask(whole_home, "讯问笔录_邝振华.pdf", "给乔丽萍的那一套图纸在登记表上登记了吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "没登记" in answer.conclusion


@pytest.mark.parametrize(("quote", "question", "of_it"), [
    # the words of not knowing share only a question word with the question: another thing
    ("那个师傅姓滕，全名叫什么、家住哪里我都不知道，平时只在电话里联系。", "姓滕的师傅用的U盘是什么牌子？", False),
    # they share the act asked (买了): the very thing
    ("她具体买了些什么我不清楚，没有问过她。", "她用那张卡都买了些什么？", True),
])
def test_not_knowing_another_thing_is_told_apart_by_content_not_question_words(quote, question, of_it):
    from engine.answer.casefile.badge_subject import _unsure_of_asked
    from engine.text.case_lexicon import UNCERTAIN

    assert any(_unsure_of_asked(quote, m, question) for m in UNCERTAIN.finditer(quote)) is of_it


@pytest.mark.integration
def test_two_sides_of_a_hearing_telling_the_act_each_their_way_are_a_conflict(whole_home):
    answer = ask(whole_home, "庭审笔录_邰秋燕.pdf", "苟明杰骑车时有没有戴头盔？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert "原告称否" in answer.conclusion and "被告称是" in answer.conclusion, answer.conclusion
    assert answer.conflicts, answer
    # both sides deny it, one with words between the negation and the act: no conflict
    reported = ask(whole_home, "庭审笔录_邰秋燕.pdf", "事故发生后苟明杰有没有报警？")
    assert reported.conclusion.startswith("否") and "双方说法不一" not in reported.conclusion, reported.conclusion
    # a side's account asked for is that side's, no conflict
    told = ask(whole_home, "庭审笔录_邰秋燕.pdf", "被告说自己戴没戴头盔？")
    assert "双方说法不一" not in told.conclusion, told.conclusion


@pytest.mark.integration
def test_two_people_of_one_side_answering_in_turn_are_each_their_own_account(whole_home):
    answer = ask(whole_home, "庭审笔录_邴文博.pdf", "马晓雯同意退还手表吗？")
    assert answer.conclusion.startswith("是"), answer.conclusion
    assert "可以原样退还给他" in answer.conclusion and "返还我送的一块手表" not in answer.conclusion
    father = ask(whole_home, "庭审笔录_邴文博.pdf", "马德顺同意全部退还订金吗？")
    assert father.conclusion.startswith("否"), father.conclusion
    assert "最多还四万" in father.conclusion or "不同意全部还" in father.conclusion


@pytest.mark.integration
def test_the_act_told_of_other_people_is_not_the_named_persons(whole_home):
    answer = ask(whole_home, "庭审笔录_骆红梅.pdf", "殷小琴住院了吗？")
    assert not answer.conclusion.startswith("是"), answer.conclusion
    assert "十二人住院" not in answer.conclusion and "潘建国当晚" not in answer.conclusion.split("；")[0]
    told = ask(whole_home, "庭审笔录_骆红梅.pdf", "骆红梅住院了吗？")
    assert told.conclusion.startswith("是"), told.conclusion


def test_a_company_name_is_no_act_of_the_question():
    from engine.question import read_question

    plan = read_question("乔丽萍知道这些图纸是恒锐公司的吗？").case
    assert "恒锐" not in plan.focus.acts and "公司" not in plan.focus.acts, plan.focus.acts
    assert plan.focus.knower == "乔丽萍"
    assert read_question("你知道这些图纸是恒锐公司的吗？").case.focus.knower is None
