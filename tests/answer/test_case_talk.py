"""Answers from what was said in a case file: the statement that speaks of the asked act (and of
the thing it is done to) answers, its polarity read with the negation's scope; a proposal is not
the act; a gap is reported with its quote; a subject the file never tells is not found; a
hearing's parties each speak for themselves. Two case files written for these tests."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, held_as_said, record_home

# A driver questioned after a night out: a proposal he refused, a time of day, a host, a knife of
# nobody's, a card thrown away, a witness's whereabouts unknown, a fact put to him and confirmed,
# two occasions told by their order, one redated later.
DRIVER = """讯问笔录
时间：2024年6月3日9时10分至2024年6月3日10时40分
地点：青岚市公安局交通警察大队第一讯问室
侦查员：许某、沈某 记录人：沈某
犯罪嫌疑人：龚海涛 性别：男
联系电话：13700001234
问：你把5月30日晚上的经过讲一下。
答：那天晚上我同事严立军过生日请客，在梧桐路的一家火锅店吃饭，我喝了三瓶啤酒，中间我用手机给家里打了个电话。
问：吃完饭以后，有没有人劝你别开车？
答：严立军劝我找个代驾，我觉得路不远，就没找代驾，自己把车开走了。
问：你是在什么地方、什么时间被交警查到的？
答：在梧桐路和长河路路口，交警设卡检查。我被拦下来的时候看了一下表，是22时15分。
问：你开车途中有没有撞到人？
答：在长河路上我的车把一个骑电动车的人带倒了，我下车看了一眼，那人说没事，我就走了。
问：现向你宣读被害人祁晓梅的陈述：祁晓梅左膝擦伤，经鉴定为轻微伤。你知道吗？
答：知道。
问：行车记录仪的存储卡在哪里？
答：我怕被查，把存储卡拔了，扔进了路边的垃圾桶。
问：严立军现在在哪里？
答：我不知道，他上个月去外地了，具体在哪我不清楚。
问：你以前酒后开过车吗？
答：开过两次。第一次是2023年3月8日晚上，在滨江路喝完酒开回家的。
问：第二次呢？
答：第二次是2023年11月2日晚上，在老街吃完烧烤开回家的。
问：你前面说第二次是11月2日，准确吗？
答：我记错了，第二次是2023年11月5日，那天下着雨。
问：以上所说是否属实？
答：属实。
"""

# A witness who stopped at the scene of a hit-and-run: his own stopping is not the other car's.
WITNESS = """询问笔录
时间：2024年7月1日14时00分至2024年7月1日15时00分
地点：青岚市公安局交通警察大队询问室
询问人：陆某、韩某 记录人：韩某
证人：庞志勇 性别：男
问：你看到了什么？
答：我开车经过长河路，看到前面一辆灰色面包车把一个行人撞倒了。
问：那辆面包车撞人以后停了吗？
答：我赶紧停车下去看，那辆面包车没有停，直接往北开走了。
问：被撞的人伤得怎么样？
答：头上流了血，我打了急救电话。
"""

# A hearing: the judge asks, the plaintiff's agent and the defendant each answer in turn.
HEARING = """青岚市长河区人民法院
庭审笔录
时间：2024年5月20日9时30分至11时00分
地点：青岚市长河区人民法院第二审判庭
案由：买卖合同纠纷
审判长：罗某
原告：青岚市恒远建材有限公司
委托诉讼代理人：方某，律师。
被告：章德明，男，1980年4月2日出生。
审判长：双方对对方出庭人员的身份有无异议？
原告委托诉讼代理人：无异议。
被告：没有异议。
审判长：由原告陈述诉讼请求。
原告委托诉讼代理人：请求判令被告支付逾期交货违约金。原告与被告于2024年1月8日签订《水泥购销合同》，被告直至2024年3月20日才把水泥送到工地，逾期12天。
审判长：被告答辩。
被告：合同是签了。水泥我是2024年3月15日就送到工地的，不是3月20日。
审判长：被告，原告付的两笔货款你收到了吗？
被告：两笔货款都收到了。
审判长：原告，送货单是谁签收的？
原告委托诉讼代理人：是原告的仓管员俞小波签收的。
审判长：原告，受潮的水泥用到工程上没有？
原告委托诉讼代理人：这个我不清楚，要回去问项目部。
审判长：双方是否还有补充？
原告委托诉讼代理人：没有补充。
被告：没有。
"""

# Workers asked about a complaint they made: the day is told without its year.
WORKERS = """询问笔录
时间：2024年12月10日14时00分至2024年12月10日15时10分
地点：青岚市人力资源和社会保障局第二询问室
询问人：田某、钟某 记录人：钟某
被询问人：滕家旺 性别：男
问：你们讨要工资的经过讲一下。
答：老板一直拖着不给，11月20日我们五个人到区信访局反映了欠薪的事。
问：你们跟老板有书面的劳动合同吗？
答：劳动合同是签了，但是在老板手里。我们交的材料有签收单，签收人是窗口的工作人员，签收日期是12月2日。
问：你们在工地上做了什么？
答：11月25日上午，我们五个人一起去了工地。老板不在，我们就在大门口拉了横幅。11月28日老板的会计才出面。
"""


@pytest.fixture(scope="module")
def talk_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("talk_cases"),
                           {"讯问笔录_龚海涛.txt": DRIVER, "询问笔录_庞志勇.txt": WITNESS, "庭审笔录_水泥.txt": HEARING,
                            "询问笔录_滕家旺.txt": WORKERS})


DRIVER_FILE, WITNESS_FILE, HEARING_FILE = "讯问笔录_龚海涛.txt", "询问笔录_庞志勇.txt", "庭审笔录_水泥.txt"


@pytest.mark.integration
def test_a_proposal_refused_is_a_no_read_where_the_negation_scopes(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "他喝完酒以后找代驾了吗？")
    assert answer.conclusion.startswith("否") and "没找代驾" in answer.conclusion


@pytest.mark.integration
def test_the_speakers_own_act_does_not_answer_for_someone_else(talk_home):
    answer = ask(talk_home, WITNESS_FILE, "面包车撞人以后停车了吗？")
    assert answer.conclusion.startswith("否") and "没有停" in answer.conclusion


@pytest.mark.integration
def test_a_time_of_day_is_answered_with_the_clock_time(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "交警是几点把他拦下来的？")
    assert held_as_said(answer) and "22时15分" in answer.conclusion


@pytest.mark.integration
def test_who_hosted_is_not_a_birth_date_field(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "那天晚上是谁过生日请的客？")
    assert held_as_said(answer) and "严立军" in answer.conclusion and "出生" not in answer.conclusion


@pytest.mark.integration
def test_an_act_told_only_of_another_thing_is_not_found(talk_home):
    # 扔 is told of the memory card; nobody says anything was done with a knife
    knife = ask(talk_home, DRIVER_FILE, "他把刀扔到哪里去了？")
    assert knife.status.value == "not_found" and "垃圾桶" not in knife.conclusion
    # the file names a phone, but never that it was thrown anywhere
    phone = ask(talk_home, DRIVER_FILE, "作案时用的手机后来扔到哪里去了？")
    assert phone.status.value == "not_found" and "垃圾桶" not in phone.conclusion
    card = ask(talk_home, DRIVER_FILE, "存储卡后来扔到哪里去了？")
    assert held_as_said(card) and "垃圾桶" in card.conclusion


@pytest.mark.integration
def test_an_unknown_is_a_gap_with_its_quote(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "严立军现在人在哪里？")
    assert answer.gaps and "不知道" in answer.conclusion


@pytest.mark.integration
def test_a_fact_put_to_the_speaker_and_confirmed_answers_yes_and_who(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "有没有人受伤？谁受了伤？")
    assert answer.conclusion.startswith("是") and "祁晓梅" in answer.conclusion and "知道" in answer.conclusion
    assert held_as_said(answer)


@pytest.mark.integration
def test_a_yes_no_asked_beside_a_value_opens_with_the_verdict(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "他以前酒后开过车吗？第一次是哪天？")
    assert answer.conclusion.startswith("是") and "2023年3月8日" in answer.conclusion


@pytest.mark.integration
def test_an_occurrence_by_its_order_and_its_redating_is_a_conflict(talk_home):
    answer = ask(talk_home, DRIVER_FILE, "第二次酒后开车是哪一天？")
    assert "2023年11月5日" in answer.conclusion and "2023年11月2日" in answer.conclusion
    assert answer.status.value == "needs_review" and answer.conflicts
    first = ask(talk_home, DRIVER_FILE, "第一次酒后开车是在什么地方？")
    assert "滨江路" in first.conclusion and "老街" not in first.conclusion


@pytest.mark.integration
def test_a_hearings_parties_each_speak_for_themselves(talk_home):
    said = ask(talk_home, HEARING_FILE, "原告说被告逾期交货多少天？")
    # a figure with its unit: answered from the ledger row of the 原告's own words (quoted as evidence)
    assert "12天" in said.conclusion and "逾期12天" in said.evidence[0].quote
    received = ask(talk_home, HEARING_FILE, "被告收到原告付的两笔货款了吗？")
    assert received.conclusion.startswith("是") and "两笔货款都收到了" in received.conclusion
    signed = ask(talk_home, HEARING_FILE, "送货单上签收的是谁？")
    assert "俞小波" in signed.conclusion
    unknown = ask(talk_home, HEARING_FILE, "受潮的水泥原告有没有用到工程上？")
    assert unknown.gaps and "不清楚" in unknown.conclusion


@pytest.mark.integration
def test_a_date_the_parties_tell_differently_is_a_conflict_attributed_to_each(talk_home):
    answer = ask(talk_home, HEARING_FILE, "水泥到底是哪天送到工地的？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert "2024年3月20日" in answer.conclusion and "2024年3月15日" in answer.conclusion
    # each version attributed to the side it is told for (the agent speaks for the 原告)
    assert "原告称" in answer.conclusion and "被告称" in answer.conclusion
    signed = ask(talk_home, HEARING_FILE, "双方的《水泥购销合同》是哪天签的？")
    assert "2024年1月8日" in signed.conclusion and not signed.conflicts


@pytest.mark.integration
def test_a_day_said_without_its_year_is_given_with_the_records_year_cited(talk_home):
    answer = ask(talk_home, "询问笔录_滕家旺.txt", "他们去信访局反映过吗？是哪天？")
    assert answer.conclusion.startswith("是") and "2024年11月20日（年份依笔录时间" in answer.conclusion, \
        answer.conclusion


@pytest.mark.integration
def test_a_date_beside_another_thing_of_a_kindred_act_does_not_date_the_act_asked(talk_home):
    # 签收日期 of a 签收单 is no date of signing the 劳动合同: the record never dates that
    answer = ask(talk_home, "询问笔录_滕家旺.txt", "他们和老板的劳动合同是哪天签的？")
    assert "12月2日" not in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_a_figure_under_an_account_no_side_is_named_for_is_not_another_sides_figure(talk_home):
    # 逾期12天 is the 原告's figure; the question asks it by the supplier's own dates
    answer = ask(talk_home, HEARING_FILE, "要是按送水泥的那一方自己说的送货日子算，逾期多少天？")
    assert "12天" not in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_a_date_setting_the_scene_of_the_act_dates_it_and_one_told_after_does_not(talk_home):
    answer = ask(talk_home, "询问笔录_滕家旺.txt", "他们哪天在工地拉的横幅？")
    assert "2024年11月25日" in answer.conclusion and "11月28日" not in answer.conclusion, answer.conclusion
