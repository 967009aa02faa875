"""A figure counts for the occasion a question asks (第三次, 第一次, 第二批) only when the turn that tells
it is about that occasion: the speaker opens it (第一次是…一共12台) or the asker's turn names it (第三次呢？ /
上次你说第三次拉了18台，准不准确？). Another trip's figure is never listed as a version of the one asked,
nor added into its sum; the same trip told again in a later session is a version and is reported.
Records written for this test (问：/答：), typeset into a real PDF and asked through Engine.ask; the
text helper is checked on its own."""

from __future__ import annotations

import re

import pytest

from engine.text.ordinals import counts_occasions, occasion_at
from tests.case_homes import ask, held_as_said, record_home

TRIPS = """讯问笔录
时间：2025年9月3日9时00分至2025年9月3日10时30分
地点：某县公安局执法办案中心
讯问人：甲某、乙某 记录人：乙某
被讯问人：聂某某 性别：男
问：你把经过讲一下。
答：今年4月初我在旧货市场认识了收废品的柯某。第一次是4月5日晚上，我从厂里拉了两箱电焊机，一共12台，柯某给我每台200元，一共2400元。
问：第二次呢？
答：第二次是5月1日，我从厂里拉了切割机，一共8台，柯某给我每台300元，一共2400元。
问：第三次呢？
答：第三次是6月中旬，我拉的还是电焊机，拉了18台，柯某按每台150元给我，一共2700元。
问：以上说的是否属实？
答：属实。
补充讯问
时间：2025年9月5日14时00分至2025年9月5日14时40分
地点：某县看守所提讯室
讯问人：甲某、乙某 记录人：乙某
被讯问人：聂某某
问：上次你说第三次拉了电焊机18台，你再想想准不准确？
答：上次说错了。那次我拉的是3箱，一共15台，不是18台。
问：以上说的是否属实？
答：属实。
"""

SALES = """讯问笔录
时间：2025年3月20日9时00分至2025年3月20日11时00分
地点：某市公安局网安支队办案区
讯问人：丙某、丁某 记录人：丁某
被讯问人：符某某 性别：男
问：你把导出来的客户资料卖给了谁？
答：卖给一个做中介的，大家叫他钱总。
问：第一次卖是什么时候？卖了多少？
答：第一次是2024年6月3日，卖给钱总3000条，价格是每千条200元。
问：第二次呢？
答：第二次是7月9日，一共1万条，按每千条180元算。
问：以上说的是否属实？
答：属实。
补充讯问
时间：2025年3月21日9时00分至2025年3月21日9时30分
地点：同上
讯问人：丙某、丁某 记录人：丁某
被讯问人：符某某
问：你昨天说第二次卖了1万条，是不是这个数？
答：那1万条里面有1000条是跟第一次重复的，实际新的只有9000条。
问：以上说的是否属实？
答：属实。
"""


def said(figure: str, text: str) -> bool:
    """The figure in the text as a whole number (8台 is not said by 18台)."""
    return re.search(rf"(?<![\d.]){re.escape(figure)}", text) is not None


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("asked_occasion"),
                           {"讯问笔录_聂某某.pdf": TRIPS, "讯问笔录_符某某.pdf": SALES})


@pytest.mark.integration
def test_the_third_trips_versions_without_the_first_trips_figure(home):
    answer = ask(home, "讯问笔录_聂某某.pdf", "聂某某第三次从厂里拉出去的电焊机是多少台？")
    assert said("18台", answer.conclusion) and said("15台", answer.conclusion), answer.conclusion
    assert not said("12台", answer.conclusion) and not said("8台", answer.conclusion), answer.conclusion
    assert answer.conflicts, answer.conclusion  # the same trip told twice: a conflict, reported


@pytest.mark.integration
def test_the_session_asked_only(home):
    answer = ask(home, "讯问笔录_聂某某.pdf", "按第二次讯问的说法，聂某某第三次拉了多少台电焊机？")
    assert said("15台", answer.conclusion) and not said("18台", answer.conclusion), answer.conclusion


@pytest.mark.integration
def test_the_second_trips_count_is_its_own(home):
    answer = ask(home, "讯问笔录_聂某某.pdf", "第二次拉了几台？")
    assert said("8台", answer.conclusion), answer.conclusion
    assert not any(said(f, answer.conclusion) for f in ("12台", "18台", "15台")), answer.conclusion


@pytest.mark.integration
def test_the_first_sales_count_from_the_turn_that_opens_it(home):
    # the sentence names neither 客户资料 nor 信息: the turn's 第一次是… says whose figure it is
    answer = ask(home, "讯问笔录_符某某.pdf", "符某某第一次卖客户信息卖了多少条？")
    assert said("3000条", answer.conclusion), answer.conclusion
    assert not any(said(f, answer.conclusion) for f in ("1万条", "9000条", "1000条")), answer.conclusion


def test_the_occasion_a_text_is_telling():
    assert occasion_at("第一次是晚上八点多，我从仓库拉了一箱半，一共") == 1
    assert occasion_at("前天你说第三次拿了") == 3
    assert occasion_at("头一批") == 1
    assert occasion_at("第二批是10月9日，一共") == 2
    # a session of the record is no occasion told in it
    assert occasion_at("第一次讯问时我说的是") is None
    # an occasion a figure is only compared with is not the one it is of
    assert occasion_at("那1万条里面有1000条是跟第一次重复的，实际新的只有") is None
    # occasions counted together after the last one named: the figure is of them all
    assert occasion_at("第一次卖了3000条，第二次1万条，这样算两次一共是") is None
    assert counts_occasions("四批加起来是") and not counts_occasions("第四批是")


# A fee asked by its name (介绍费): the sums told where the asker asked about the investments are
# other money, never added up as the fee.
FEE = """询问笔录
时间：2025年5月6日9时00分至2025年5月6日10时00分
地点：某市公安局经侦支队接待室
询问人：戊某、己某 记录人：己某
被询问人：祁某某 性别：女
问：你在这家公司投了几次钱？
答：投了两次。第一次是2024年3月，转了2万元；第二次是2024年6月，又转了3万元。
问：你有没有介绍别人去投资？
答：介绍过我表妹。
问：你介绍表妹投资，公司给了你什么好处？
答：业务员给了我五百元介绍费，是现金给的。
问：以上所说是否属实？
答：属实。
"""

# A hearing where one side states the sum paid and the other side tells a figure of its own: two
# accounts of one fact, each attributed — never the two sides' rows added under one side's sum.
FEES_HEARING = """某区人民法院
庭审笔录
时间：2026年3月2日9时00分至2026年3月2日10时30分
地点：某区人民法院第二法庭
案由：物业服务合同纠纷
审判员：庚某　　书记员：辛某
原告：某物业服务有限公司。
被告：郁某某，女，1980年2月1日出生。
审判员：原告陈述诉讼请求及事实和理由。
原告：被告自2024年1月起未交管理费，共24个月，应交7200元，其间被告于2025年2月10日交纳现金3000元，尚欠4200元。
审判员：被告答辩。
被告：管理费我交过。2025年2月我交了现金3000元，2025年9月我又用微信转给管家小黎2000元，一共交了5000元。
审判员：双方还有什么补充？
原告：没有。
被告：没有。
"""


@pytest.fixture(scope="module")
def money_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("asked_money"),
                           {"询问笔录_祁某某.pdf": FEE, "庭审笔录_郁某某.pdf": FEES_HEARING})


@pytest.mark.integration
def test_the_fee_asked_is_never_the_sum_of_the_investments(money_home):
    answer = ask(money_home, "询问笔录_祁某某.pdf", "她一共拿了多少介绍费？")
    assert not any(said(f, answer.conclusion) for f in ("50000元", "50500元", "5万元", "20000元", "30000元")), answer.conclusion
    assert (answer.status.value != "answered" and not held_as_said(answer)) or said("500元", answer.conclusion) or "五百元" in answer.conclusion


@pytest.mark.integration
def test_each_sides_figure_of_the_sum_paid_is_reported(money_home):
    answer = ask(money_home, "庭审笔录_郁某某.pdf", "被告到底已经交了多少管理费？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert said("3000元", answer.conclusion) and said("5000元", answer.conclusion), answer.conclusion
    assert "原告" in answer.conclusion and "被告" in answer.conclusion and answer.conflicts, answer.conclusion


# A total asked over the occasions the question counts (三次一共), of which fewer are told with a
# figure: the rows read are not all of them — the sums stated answer, each session's own, as versions.
PROCEEDS = """讯问笔录
时间：2025年10月9日9时00分至2025年10月9日10时30分
地点：某县公安局执法办案中心
讯问人：壬某、癸某 记录人：癸某
被讯问人：蔺某某 性别：男
问：你把经过讲一下。
答：第一次是5月初，我从厂里拉了一批铜线卖给收废品的申某，申某给了我2000元。
问：第二次呢？
答：第二次是6月中旬，又拉了一批铜线，申某给了我3000元，是微信转的。
问：第三次呢？
答：第三次是7月底，拉的是铝线，钱是现金给的，具体多少我记不太清了。
问：你前后一共拿了几次？卖了多少钱？
答：一共三次，总共卖给申某八千元。
问：以上说的是否属实？
答：属实。
补充讯问
时间：2025年10月11日14时00分至2025年10月11日14时30分
地点：某县看守所提讯室
讯问人：壬某、癸某 记录人：癸某
被讯问人：蔺某某
问：你再想想，三次一共从申某那里得了多少钱？
答：一共七千五百元，上次说多了。
问：以上说的是否属实？
答：属实。
"""


@pytest.fixture(scope="module")
def proceeds_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("occasions_total"), {"讯问笔录_蔺某某.pdf": PROCEEDS})


@pytest.mark.integration
def test_a_total_over_occasions_not_all_told_is_the_sums_stated(proceeds_home):
    answer = ask(proceeds_home, "讯问笔录_蔺某某.pdf", "三次一共从申某那里得了多少钱？")
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion
    assert ("八千元" in answer.conclusion or said("8000元", answer.conclusion)) and \
        ("七千五百元" in answer.conclusion or said("7500元", answer.conclusion)), answer.conclusion
    assert not said("5000元", answer.conclusion), answer.conclusion  # 2000 + 3000: not the three occasions


# 逾期多少天 beside 工期90天 and 顺延15天: figures of the same unit that measure another thing, named right
# before them, are no versions of the days late; each side's days late are.
DELAY = """某区人民法院
庭审笔录
时间：2026年4月7日9时00分至2026年4月7日10时00分
地点：某区人民法院第一法庭
案由：装饰装修合同纠纷
审判员：子某　　书记员：丑某
原告：卯某某，男，1975年6月1日出生。
被告：某装饰工程有限公司。
审判员：原告陈述诉讼请求及事实和理由。
原告：双方签订了装修工程合同，约定工期60天，2025年5月1日开工，被告直到2025年7月30日才交付，逾期30天。
审判员：被告答辩。
被告：装修工程工期60天没有异议，但原告中途要求增加吊顶，工期应当顺延12天，所以逾期只有18天。
"""


@pytest.fixture(scope="module")
def delay_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("named_figure"), {"庭审笔录_卯某某.pdf": DELAY})


@pytest.mark.integration
def test_the_days_late_without_the_term_or_the_extension(delay_home):
    answer = ask(delay_home, "庭审笔录_卯某某.pdf", "这个装修工程到底逾期了多少天？")
    assert said("30天", answer.conclusion) and said("18天", answer.conclusion), answer.conclusion
    assert not said("60天", answer.conclusion) and not said("12天", answer.conclusion), answer.conclusion


# Rows told by the two sides of a hearing and no sum stated by either: their sum is neither side's
# account, never 已核验 (nor held back only as read from what was said).
TWO_SIDES = """某县人民法院
庭审笔录
时间：2026年5月12日9时00分至2026年5月12日10时00分
地点：某县人民法院第三法庭
案由：买卖合同纠纷
审判员：辰某　　书记员：巳某
原告：某某石材经营部。
被告：午某某，男，1982年9月9日出生。
审判员：原告陈述诉讼请求及事实和理由。
原告：被告购买石材，货款九万元，被告2025年3月1日银行转账付了三万元货款，其余未付。
审判员：被告答辩。
被告：2025年4月我还另外转给原告的业务员一万元货款。
"""


@pytest.fixture(scope="module")
def sides_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("two_sides_rows"), {"庭审笔录_午某某.pdf": TWO_SIDES})


@pytest.mark.integration
def test_rows_of_both_sides_added_are_never_verified(sides_home):
    answer = ask(sides_home, "庭审笔录_午某某.pdf", "被告一共付了多少货款？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


@pytest.mark.parametrize(("text", "first", "last"), [
    ("记录上从2024年5月3日第一次收，到2024年9月20日最后一次，一共收了41次。", 1, -1),
    ("第一次是3月2日，第二次是4月8日。", 1, 2),
])
def test_each_date_of_a_sentence_naming_several_occasions_is_its_own(text, first, last):
    from engine.text.dates import find_dates
    from engine.text.ordinals import occasion_of, occasions_named

    dates = [d for d in find_dates(text) if d.meta.get("granularity") == "day"]
    spans = [(d.start, d.end) for d in dates]
    assert occasions_named(text) == 2
    assert [occasion_of(text, d.start, d.end, [s for s in spans if s != (d.start, d.end)]) for d in dates] \
        == [first, last]


# A man who took in scrap without a licence: a vague start in the first session, his notebook's dates
# of the first and last time in the second.
NOTEBOOK = """讯问笔录
时间：2024年10月8日9时00分至2024年10月8日10时00分
地点：某县公安局执法办案中心
讯问人：戊某、己某 记录人：己某
被讯问人：庚某某 性别：男
问：你是什么时候开始收废旧电瓶的？
答：2024年5月上旬开始的，到被查的时候差不多五个月。
补充讯问
时间：2024年10月15日9时00分至2024年10月15日9时40分
地点：某县看守所提讯室
讯问人：戊某、己某 记录人：己某
被讯问人：庚某某
问：按你记的本子，一共收了多少次电瓶？
答：本子上从2024年5月3日第一次收，到2024年9月20日最后一次，一共收了41次。
"""


@pytest.mark.integration
def test_a_vague_first_time_and_its_day_in_a_later_account_agree(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("notebook"), {"讯问笔录_庚某某.pdf": NOTEBOOK}):
        answer = ask(home, "讯问笔录_庚某某.pdf", "庚某某第一次收废旧电瓶是哪天？")
        assert not answer.conflicts and "2024年9月20日" not in answer.conclusion, answer.conclusion
        assert "2024年5月3日" in answer.conclusion, answer.conclusion
