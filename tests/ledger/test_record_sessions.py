"""When and where, written for these tests: a header as one running paragraph whose keys carry no
colon, a 补充 section whose header refers back (地点…同上), the days between two sessions, an event
the asker names by its date and place (the speaker takes it up), a place told after the act (where
people went, not where it happened), and the date of the first occurrence told with its thing left
unsaid (第一次是…)."""

from __future__ import annotations

import pytest

from tests.case_homes import ask, record_home

pytestmark = pytest.mark.integration

RUNNING = """询问笔录
询问时间2023年10月12日9时15分至10时50分，询问地点某县公安局某派出所第二询问室，询问人甲某、乙某，记录人乙某。被询问人丙某，男，1985年2月3日出生，身份证号码110101198502030013，联系电话13600001234。
问：你今天为什么来派出所？
答：为了10月9日晚上桥头广场吵架打人的事情。
问：10月9日晚上桥头广场打架的事，你在场吗？
答：在场，我就在旁边卖水果。
问：打架是怎么结束的？
答：打了一会儿，有人喊警察来了，那几个人就散了，往北边的菜市场跑了。
问：你卖过几次水果给他们？
答：两次。
问：第一次卖是什么时候？
答：第一次是2023年9月3日，卖了二十斤苹果。
问：第二次呢？
答：第二次是9月20日，卖了十斤梨。
问：以上笔录是否属实？
答：属实。
以上笔录我看过，与我说的相符。
补充询问
询问时间2023年10月19日14时05分至14时40分，询问地点、询问人、记录人同上，被询问人丙某。
问：你还有什么要补充的？
答：没有了。
以上笔录我看过，与我说的相符。
"""


HEARING = """庭审笔录
时间：2024年3月5日9时00分
地点：某区人民法院第二法庭
原告：庚某，男，1979年4月5日出生。
被告：某某装修有限公司，住所地某市某路2号。
委托诉讼代理人：辛某，某律师事务所律师。
审判员：请原告陈述诉讼请求和事实理由。
原告：2023年5月8日我和被告签了装修合同，工期两个月。被告一直没完工，2023年9月1日被告发了停工通知，工人都撤了。
审判员：被告答辩。
被告委托诉讼代理人：工人是撤了，但不是2023年8月1日撤的。
审判员：双方对合同签订时间有没有异议？
被告委托诉讼代理人：没有异议，合同是2023年5月8日签订的。
审判员：今天庭审到此结束。
"""


MEETING = """讯问笔录
时间：2023年11月2日10时00分至11时30分
地点：某县公安局执法办案中心第四讯问室
被讯问人：壬某，男，1990年3月3日出生。
问：你们碰面之前商量过几次？在哪里商量的？
答：商量过一次，在我家客厅，是10月1日左右。
问：什么时候、在哪里碰的面？
答：2023年10月3日下午，在城南汽车站北门对面的停车场，那边人少。
问：碰完面以后去了哪里？
答：各自回家了。
问：第二次碰面是什么时候、在哪里？
答：第二次是2023年10月5日晚上，在河边的茶馆。
问：那辆面包车是谁的？
答：2022年3月买的二手面包车，登记在我表哥名下。
问：你表哥结婚了吗？
答：我表哥是2019年8月1日登记结婚的，车一直是我开。
问：你那个仓库是租的吗？
答：是租的，我们先到了店里，仓库在村口加油站后面的一排平房里，一个月八百元。
"""


@pytest.fixture(scope="module")
def sessions_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("sessions"), {"询问笔录_丙某.txt": RUNNING,
                                                                 "庭审笔录_装修.txt": HEARING,
                                                                 "讯问笔录_壬某.txt": MEETING})


def test_a_running_header_gives_the_first_sessions_time_and_place(sessions_home):
    answer = ask(sessions_home, "询问笔录_丙某.txt", "第一次询问丙某是什么时间、在哪里？")
    assert "2023年10月12日9时15分" in answer.conclusion and "第二询问室" in answer.conclusion
    assert answer.status.value == "answered"


def test_a_supplement_referring_back_gives_the_earlier_place_and_the_days_between(sessions_home):
    place = ask(sessions_home, "询问笔录_丙某.txt", "补充询问是在什么地方做的？")
    assert "第二询问室" in place.conclusion and "同上" in place.conclusion
    apart = ask(sessions_home, "询问笔录_丙某.txt", "补充询问是哪天做的？和第一次询问隔了几天？")
    assert "2023年10月19日" in apart.conclusion and "相隔7天" in apart.conclusion
    assert "2023年10月12日" not in apart.conclusion  # the other date is the calculation's, cited
    assert [c.result for c in apart.calculations] == [7]

    both = ask(sessions_home, "询问笔录_丙某.txt", "两次询问分别是哪天做的？中间隔了几天？")
    assert "2023年10月12日" in both.conclusion and "2023年10月19日" in both.conclusion, both.conclusion
    assert "相隔7天" in both.conclusion and [c.result for c in both.calculations] == [7]


def test_an_event_named_by_the_asker_and_taken_up_is_dated_and_placed(sessions_home):
    answer = ask(sessions_home, "询问笔录_丙某.txt", "斗殴是哪天晚上、在什么地方发生的？")
    assert "2023年10月9日" in answer.conclusion and "桥头广场" in answer.conclusion
    assert "菜市场" not in answer.conclusion  # where they ran to after it, not where it happened


def test_the_first_occurrence_told_without_its_thing_is_dated(sessions_home):
    answer = ask(sessions_home, "询问笔录_丙某.txt", "丙某第一次卖水果是哪天？")
    assert "2023年9月3日" in answer.conclusion and "9月20日" not in answer.conclusion


def test_a_day_both_sides_of_a_hearing_state_cites_each(sessions_home):
    answer = ask(sessions_home, "庭审笔录_装修.txt", "装修合同是哪天签订的？")
    assert "2023年5月8日" in answer.conclusion and "双方所述一致" in answer.conclusion
    assert "原告" in answer.conclusion and "被告" in answer.conclusion and not answer.conflicts


def test_the_answer_to_the_asker_asking_when_and_where_of_the_act_gives_both(sessions_home):
    # 碰面之前商量… dates and places the talks before it, not the meeting
    answer = ask(sessions_home, "讯问笔录_壬某.txt", "碰面是什么时间、在什么地方？")
    assert "2023年10月3日" in answer.conclusion and "城南汽车站北门对面的停车场" in answer.conclusion
    assert "客厅" not in answer.conclusion and "10月1日" not in answer.conclusion


def test_where_a_thing_is_is_where_an_answer_places_it(sessions_home):
    answer = ask(sessions_home, "讯问笔录_壬某.txt", "壬某是哪天碰的面？仓库在什么地方？")
    assert "村口加油站后面的一排平房里" in answer.conclusion and "店里" not in answer.conclusion.split("地点")[-1][:8]


def test_the_asker_asking_of_another_occurrence_does_not_answer_this_one(sessions_home):
    first = ask(sessions_home, "讯问笔录_壬某.txt", "第一次碰面是哪天？")
    assert "2023年10月3日" in first.conclusion and "10月5日" not in first.conclusion
    second = ask(sessions_home, "讯问笔录_壬某.txt", "第二次碰面是在什么地方？")
    assert "茶馆" in second.conclusion and "停车场" not in second.conclusion


def test_a_date_is_of_the_act_of_its_own_clause(sessions_home):
    # 登记在我表哥名下 beside the buying does not make 2019年8月1日登记结婚 another date of the buying
    answer = ask(sessions_home, "讯问笔录_壬某.txt", "面包车是什么时候买的？登记在谁名下？")
    assert answer.conclusion.startswith("时间：2022年3月") and not answer.conflicts
    assert "说法不一" not in answer.conclusion


def test_officers_a_supplement_gives_as_before_are_the_earlier_sessions(sessions_home):
    clerk = ask(sessions_home, "询问笔录_丙某.txt", "补充询问的记录人是谁？")
    assert "乙某" in clerk.conclusion and "同上" in clerk.conclusion
    officers = ask(sessions_home, "询问笔录_丙某.txt", "补充询问的询问人是谁？")
    assert "甲某、乙某" in officers.conclusion


def test_how_long_a_session_lasted_is_its_headers_end_less_its_start(sessions_home):
    answer = ask(sessions_home, "询问笔录_丙某.txt", "这次询问一共进行了多少分钟？")
    assert "95分钟" in answer.conclusion and answer.status.value == "answered", answer.conclusion
    assert any(c.result == 95 for c in answer.calculations), answer.calculations
