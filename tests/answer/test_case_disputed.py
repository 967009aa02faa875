"""Money owed where the record tells it per person and one figure of it has a second version:
what the whole group is still owed is given under each version, attributed, as a conflict — never
a sum across versions, never one version silently chosen. One delivery asked by its order (第二批):
each side's telling of it, attributed; a side's own figure when the question asks that side's. Records written for these tests (a
worker's 询问笔录 in 问：/答：, another with the officers' and the worker's names as speaker labels);
no dev or generated file's wording."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

# A steel fixer and a cook, each paid by the period; his own payment restated in a later sitting.
FIXER = """询问笔录
时间：2025年6月3日9时10分至2025年6月3日10时20分
地点：临川市公安局东城分局第一询问室
询问人：葛某、苗某 记录人：苗某
被询问人：石永福 性别：男
问：你今天来反映什么事？
答：我们给卢建军干活，他欠我们的工钱到现在不给。
问：你的工钱是怎么算的？
答：我做钢筋工，每天三百二十元，一共干了150天，卢建军2024年12月28日微信转给我一万二千元，其余的一分钱都没拿到。
问：跟你一起干活的还有谁？
答：还有田秀英，她在工地上做饭。
问：田秀英的工钱怎么算？
答：田秀英每个月四千五百元，干了6个月，卢建军2025年1月5日给过她现金八千元，剩下的也没给。
问：还有别的要说吗？
答：没有了。
补充询问笔录
时间：2025年6月10日14时00分至2025年6月10日14时40分
地点：临川市公安局东城分局第一询问室
问：上次讲的有没有要更正的？
答：卢建军转给我的那笔钱，我回去翻了一下，好像是一万三千元，记不太清了。
"""

# The same kind of account with name labels for the turns and a correction said plainly.
PAVER = """询问笔录
时间：2025年7月14日15时00分至2025年7月14日16时10分
地点：澜沧县公安局劳动监察联络室
民警：鲁建波 记录人：鲁建波
被询问人：贺小军
鲁建波：你来反映什么问题？
贺小军：包工头边志强拖欠我和工友的工资。
鲁建波：你的工资怎么结算？
贺小军：我铺地砖，按天算，一天二百八十元，做了120天，边志强2025年3月2日用支付宝付过我九千元，剩下的一直没给。
鲁建波：工友严冬梅的情况呢？
贺小军：严冬梅按月算，一个月五千元，做了4个月，边志强2025年3月9日转给她六千元，剩下的钱还没给。
补充询问笔录
时间：2025年7月20日10时00分至2025年7月20日10时30分
鲁建波：上次说的有什么要改的？
贺小军：边志强付给我的我说错了，实际是一万一千元，不是九千元。
"""

# Turns laid out 问　/答　 (an ideographic space, no colon); a workmate's days corrected.
MASONS = """询问笔录
时间：2025年8月2日9时00分至2025年8月2日10时00分
地点：岷山县公安局治安大队询问室
询问人：冉某、阮某 记录人：阮某
被询问人：龚德明 性别：男
问　你把欠薪的情况说一下。
答　我给包工头庞立新砌墙。我按天算，一天三百元，干了90天，庞立新给过我五千元，剩下的都没给。
问　还有谁的工钱没拿到？
答　还有我老乡齐海涛。
问　齐海涛的工钱怎么算？
答　齐海涛也是砌墙，一天三百元，干了80天，庞立新一分钱都没给过他。
问　你还有什么补充？
答　齐海涛干的天数我刚才说错了，实际是86天，不是80天。
"""

FIXER_FILE, PAVER_FILE, MASONS_FILE = "fixer.txt", "paver.txt", "masons.txt"


@pytest.fixture(scope="module")
def wages_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("disputed_wages"), {FIXER_FILE: FIXER, PAVER_FILE: PAVER,
                                                                                  MASONS_FILE: MASONS})


def test_a_groups_balance_with_a_restated_payment_is_given_under_each_version(wages_home):
    # 320 × 150 − 12000 = 36000 and 4500 × 6 − 8000 = 19000: 55000; with 13000 paid to him, 54000
    answer = ask(wages_home, FIXER_FILE, "卢建军一共还欠这几个工人多少工钱？")
    stated = amounts(answer.conclusion)
    assert {55000, 54000} <= stated, answer.conclusion
    assert not stated & {36000 + 19000 + 54000, 109000}, answer.conclusion  # never a sum across versions
    assert answer.conflicts, answer.conclusion
    assert answer.status.value == "needs_review"
    # every term of each version's sum is found in its own quotes (units as said: 150天)
    assert not answer.checks.unsupported, answer.checks.unsupported


def test_the_same_with_name_labels_and_a_plain_correction(wages_home):
    # 280 × 120 − 9000 = 24600 and 5000 × 4 − 6000 = 14000: 38600; with 11000 paid to him, 36600
    answer = ask(wages_home, PAVER_FILE, "贺小军和工友们一共还有多少工钱没拿到？")
    stated = amounts(answer.conclusion)
    assert {38600, 36600} <= stated, answer.conclusion
    assert answer.conflicts, answer.conclusion


def test_a_workmates_balance_said_with_also_is_his_account(wages_home):
    # 剩下的也没给: the rest of her pay is unpaid — her balance, not a refusal to answer
    answer = ask(wages_home, FIXER_FILE, "卢建军还欠田秀英多少工钱？")
    assert 19000 in amounts(answer.conclusion), answer.conclusion


def test_what_a_workmate_is_due_with_his_days_corrected_is_given_under_each_count(wages_home):
    # 300 × 80 = 24000, corrected to 86 days: 25800 — both, attributed, never one of them alone
    answer = ask(wages_home, MASONS_FILE, "齐海涛应得多少工钱？")
    assert {24000, 25800} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts, answer.conclusion


def test_a_groups_balance_with_a_workmates_days_corrected(wages_home):
    # 300 × 90 − 5000 = 22000 beside 24000, or beside 25800: 46000 and 47800
    answer = ask(wages_home, MASONS_FILE, "庞立新一共欠他们两个多少工钱？")
    assert {46000, 47800} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts, answer.conclusion
    assert not answer.checks.unsupported, answer.checks.unsupported


def test_an_own_balance_with_nothing_told_again_is_one_figure(wages_home):
    answer = ask(wages_home, MASONS_FILE, "庞立新还欠龚德明多少工钱？")
    assert 22000 in amounts(answer.conclusion) and not answer.conflicts, answer.conclusion


# A hearing over feed delivered in two batches: the sides disagree on the second batch's day, and
# the defendant on the first batch's weight; the first batch is named 头一批.
FEED = """沅江市西城区人民法院
庭审笔录
时间：2025年9月3日9时30分至2025年9月3日11时10分
地点：沅江市西城区人民法院第六审判庭
案由：买卖合同纠纷
审判长：钟某
书记员：唐某
原告：沅江市丰禾饲料有限公司
委托诉讼代理人：霍文斌，律师。
被告：岑国栋，男，1980年4月2日出生。
审判长：原告陈述诉讼请求和事实理由。
原告委托诉讼代理人：2024年10月8日双方签订合同，约定被告向我方购买饲料80吨，每吨2400元。
原告委托诉讼代理人：货是分两次送的，头一批50吨，2024年10月15日送到；后来又送了30吨，2024年11月2日送到。
审判长：被告答辩。
被告：价格我认可。头一批我只收到了48吨，不是50吨。第二批我是11月9日才收到的。
审判长：原告对此有何意见？
原告委托诉讼代理人：我方不认可，第二批货2024年11月2日已经由被告的仓管签收。
"""

# The same kind of hearing where only the defendant speaks of the second batch, denying a day.
PIPES = """泸溪县人民法院
庭审笔录
时间：2025年10月9日14时00分至2025年10月9日15时00分
地点：泸溪县人民法院第二审判庭
案由：买卖合同纠纷
审判员：詹某
原告：泸溪县恒通管业有限公司
被告：骆志勇
审判员：原告说一下送货情况。
原告：一共送了三次货，先送了200根，后来又送了两次，每次100根。
审判员：被告有什么意见？
被告：第二批不是9月3日到的，我记得是9月12日到的。
"""

FEED_FILE, PIPES_FILE = "feed.txt", "pipes.txt"


@pytest.fixture(scope="module")
def batches_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("disputed_batches"), {FEED_FILE: FEED, PIPES_FILE: PIPES})


def test_a_batchs_day_told_differently_by_the_two_sides_is_a_conflict(batches_home):
    answer = ask(batches_home, FEED_FILE, "第二批货是哪天送到的？")
    assert "2024年11月2日" in answer.conclusion and "11月9日" in answer.conclusion, answer.conclusion
    assert "原告" in answer.conclusion and "被告" in answer.conclusion, answer.conclusion
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert "10月15日" not in answer.conclusion, answer.conclusion  # never the first batch's day


def test_a_figure_asked_of_one_side_and_one_batch_is_that_sides_figure_of_it(batches_home):
    plaintiff = ask(batches_home, FEED_FILE, "原告说第一批送了多少吨？")
    assert "50吨" in plaintiff.conclusion and not {"48吨", "80吨", "30吨"} & set(
        plaintiff.conclusion.replace("（", " ").split()), plaintiff.conclusion
    assert "48" not in plaintiff.conclusion and "80吨" not in plaintiff.conclusion, plaintiff.conclusion
    defendant = ask(batches_home, FEED_FILE, "被告说头一批收到了多少吨？")
    assert "48吨" in defendant.conclusion and "80吨" not in defendant.conclusion, defendant.conclusion
    # what that side says it was not (不是50吨) is no second version of what it says
    assert not defendant.conflicts and "50吨" not in defendant.conclusion, defendant.conclusion


def test_a_day_denied_by_the_only_teller_is_still_another_version(batches_home):
    answer = ask(batches_home, PIPES_FILE, "第二批货是哪天到的？")
    assert "9月12日" in answer.conclusion and "9月3日" in answer.conclusion, answer.conclusion
    assert answer.status.value == "needs_review" and not held_as_said(answer), answer.conclusion


# A hearing over tiles: no contract sum told, only the boxes agreed and the price per box; a payment
# corrected by the seller in the same sitting in the second record.
TILES = """澄水县人民法院
庭审笔录
时间：2025年11月4日9时00分至2025年11月4日10时20分
地点：澄水县人民法院第一审判庭
案由：买卖合同纠纷
审判员：应某
书记员：祁某
原告：澄水县兴隆建材商行
被告：鲍德才，男，1975年6月1日出生。
审判员：原告陈述事实和理由。
原告：2025年2月10日双方签订购销合同，约定被告购买地砖1200箱，单价每箱85元。
原告：地砖已经全部送到。被告2025年3月5日付了40000元，2025年4月10日付了25000元，剩下的一直没付。
审判员：被告答辩。
被告：数量和单价没有异议。货款我会想办法付。
"""
TILES_CORRECTED = TILES + """审判员：原告对已付款项有无补充？
原告：需要更正一处，被告3月5日那笔实际是42000元，起诉时写成了40000元，以银行流水为准。
"""
# The buyer disputes how many boxes came: the balance for the boxes as each side counts them.
TILES_SUM_SHORT = TILES.replace("单价每箱85元。", "单价每箱85元，合同总价款102000元。").replace(
    "被告：数量和单价没有异议。货款我会想办法付。", "被告：单价没有异议，但是第一批我只收到700箱，不是800箱。")
TILES_SHORT = TILES.replace("被告：数量和单价没有异议。货款我会想办法付。",
                            "被告：单价没有异议，但是地砖我只收到1100箱，不是1200箱，货款不能按1200箱算。")


@pytest.fixture(scope="module")
def price_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("disputed_price"), {"tiles.txt": TILES,
                                                                       "tiles2.txt": TILES_CORRECTED,
                                                                       "tiles3.txt": TILES_SHORT,
                                                                       "tiles4.txt": TILES_SUM_SHORT})


def test_what_is_left_unpaid_is_the_agreed_quantity_times_its_price_less_the_payments(price_home):
    # 1200 × 85 = 102000, less 40000 and 25000: 37000
    for question in ("扣除已付的，被告还差多少货款没付？", "被告还欠原告多少货款？"):
        answer = ask(price_home, "tiles.txt", question)
        assert amounts(answer.conclusion) == {37000}, answer.conclusion
        assert held_as_said(answer) and not answer.checks.unsupported, answer.conclusion


def test_a_payment_corrected_gives_whats_left_under_each_version(price_home):
    answer = ask(price_home, "tiles2.txt", "扣除已付的，被告还差多少货款没付？")
    assert {37000, 35000} <= amounts(answer.conclusion), answer.conclusion
    assert 72000 not in amounts(answer.conclusion), answer.conclusion  # never a sum across versions
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert not answer.checks.unsupported, answer.checks.unsupported


# Batches whose days a typeset page broke across lines (第一批2025年 | 3月2日).
GRAVEL = """岳阳县人民法院
庭审笔录
时间：2025年6月18日9时00分至2025年6月18日10时00分
地点：岳阳县人民法院第三审判庭
案由：买卖合同纠纷
审判员：蔺某
原告：岳阳县通达砂石场
被告：卜海林
审判员：原告说一下送货经过。
原告：砂石分三批送到工地，第一批2025年
3月2日送货40吨，第二批2025年3月20日送货30吨，第三批2025年
4月3日送货30吨，被告都签收了。
审判员：被告对送货有无异议？
被告：没有异议，都收到了。
"""


@pytest.fixture(scope="module")
def gravel_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("disputed_gravel"), {"gravel.txt": GRAVEL})


def test_the_days_from_the_first_batch_to_the_last_read_whole_across_a_line_break(gravel_home):
    # 2025-03-02 to 2025-04-03, both days counted: 33
    answer = ask(gravel_home, "gravel.txt", "从第一批送货到最后一批送货，前后一共多少天？")
    assert "33天" in answer.conclusion and held_as_said(answer), answer.conclusion
    assert not answer.checks.unsupported, answer.checks.unsupported


def test_money_of_a_kind_the_record_never_speaks_of_is_not_found(wages_home, price_home):
    for home, name, question in ((wages_home, FIXER_FILE, "石永福有没有交社保，交了多少？"),
                                 (price_home, "tiles.txt", "原告开了多少钱的发票？"),
                                 (price_home, "tiles.txt", "被告交了多少押金？")):
        answer = ask(home, name, question)
        assert answer.status.value == "not_found", (question, answer.conclusion)
    # a kind the record does speak of is still answered, and so is a measure it never names as such
    answer = ask(price_home, "tiles.txt", "被告还欠原告多少货款？")
    assert held_as_said(answer), answer.conclusion
    answer = ask(price_home, "tiles.txt", "合同总价款是多少？")  # 1200箱 × 85元, the record never says 价款
    assert 102000 in amounts(answer.conclusion), answer.conclusion


def test_goods_counted_differently_by_the_buyer_give_whats_left_under_each_sides_count(price_home):
    # 1200 × 85 − 65000 = 37000; as the buyer counts them, 1100 × 85 − 65000 = 28500
    answer = ask(price_home, "tiles3.txt", "扣除已付的，被告还差多少货款没付？")
    assert {37000, 28500} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
    assert not answer.checks.unsupported, answer.checks.unsupported


def test_a_contract_sum_told_with_a_batch_counted_differently_by_the_buyer(price_home):
    # 102000 − 65000 = 37000; the buyer's first batch 100 boxes short: 85 × (1200 − 800 + 700) − 65000 = 28500
    answer = ask(price_home, "tiles4.txt", "被告还欠原告多少货款？")
    assert {37000, 28500} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion
