"""Goods as facts of a case file: an appraisal asked over some kinds only (X先不算, 除了X, 只算Y和Z,
扣的Y和Z按鉴定价值) is the sum of exactly those kinds — never the total of all kinds; goods listed
kind by kind counted in total; a count of pieces reckoned at the unit price the record states.
Records written for these tests (three layouts: 问：/答：, speaker labels, 问　/答　), one typeset
into a real PDF, asked through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

# A burglary of a tobacco shop: the brands listed with their counts, the appraisal read out item by
# item with its total, two rice cookers at a cost price per piece, three sales of the cigarettes.
TOBACCO = """讯问笔录
时间：2024年9月3日9时00分至2024年9月3日11时00分
地点：某县公安局刑侦大队第二讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：符建国 性别：男
问：你把偷东西的经过说一下。
答：2024年8月20日夜里，我撬开城南一家烟酒店的卷帘门，偷了一批香烟。
问：偷了哪些烟？
答：有红塔山80条、玉溪150条、黄鹤楼88条，都装在编织袋里拉走了。
问：现向你宣读价格认定结论书：红塔山香烟80条认定价值8000元，玉溪香烟150条认定价值33000元，黄鹤楼香烟88条认定价值17600元，合计认定价值58600元。你有无异议？
答：没有异议。
问：店里还丢了什么？
答：还拿了两台电饭煲，店老板说进价每台260元。
问：偷的烟卖了吗？
答：卖了几回。第一回卖给一个小卖部老板，卖了3000元；第二回在夜市卖了4500元；第三回卖给收烟的，卖了6200元。
"""

# Goods seized from a warehouse, the seizure list line by line; the appraisal in the answer; the
# speaker labels of an inquiry.
WAREHOUSE = """询问笔录
时间：2024年10月12日14时00分至2024年10月12日15时30分
地点：某市市场监督管理局执法科询问室
询问人：丙某、丁某 记录人：丁某
被询问人：龚丽萍 性别：女
询问人：执法人员在你仓库扣押了哪些货物？
龚丽萍：扣押清单上写的是：运动鞋120双；羽绒服65件；保温杯300个。
询问人：这些货物经鉴定价值多少？
龚丽萍：鉴定结论是运动鞋鉴定价值36000元，羽绒服鉴定价值19500元，保温杯鉴定价值9000元，总共64500元。
询问人：你这些货物进价是多少？
龚丽萍：羽绒服单价300元/件，保温杯每个30元。
"""

# Stolen bicycles and phones (问　/答　 with an ideographic space); an appraisal whose items do not add
# up to the total stated: no part of it can be composed.
SCOOTERS = """讯问笔录
时间：2024年11月5日9时00分至2024年11月5日10时20分
地点：某区公安分局执法办案中心第三讯问室
侦查员：戊某、己某 记录人：己某
犯罪嫌疑人：柴立新 性别：男
问　你在小区里偷了哪些东西？
答　偷了电动车3辆、山地车2辆、手机4部。
问　现向你宣读价格认定结论：电动车认定价值5400元，山地车认定价值2600元，手机认定价值7200元，以上合计认定价值16000元。有无异议？
答　没有异议。
问　现向你宣读另一份价格认定结论：被盗的三部手机中，华为手机认定价值2100元，小米手机认定价值1500元，苹果手机认定价值3800元；电动车头盔认定价值200元；以上合计7600元。有无异议？
答　没有异议。
问　偷的东西卖了几回，各卖了多少钱？
答　卖了两回，第一回卖了3000元，第二回卖了2500元。
"""


# Seized goods listed line by line (an 扣押清单 read out by the asker), counted in one unit.
SEIZED_LINES = """讯问笔录
时间：2024年12月2日10时00分至2024年12月2日11时00分
地点：某县公安局治安大队讯问室
侦查员：庚某、辛某 记录人：辛某
犯罪嫌疑人：诸葛彬 性别：男
问：现向你宣读扣押清单：
1. 白酒42箱；
2. 啤酒130箱；
3. 红酒18箱。
以上物品是不是从你的车上扣押的？
答：是的，都是从我车上扣下来的。
问：这些酒是从哪里来的？
答：是我从库房里偷出来的，打算拉去卖。
"""


# A shop assistant's inquiry with speaker labels: heaters taken, the retail and the cost price per
# piece told in one sentence.
HEATERS = """询问笔录
时间：2025年1月8日15时00分至2025年1月8日15时50分
地点：某镇派出所询问室
询问人：壬某、癸某 记录人：癸某
被询问人：阚小燕 性别：女
询问人：店里丢了什么？
阚小燕：丢了4台电暖器，店里卖的电暖器零售价每台480元，进价每台350元。
询问人：还丢了别的吗？
阚小燕：没有了。
询问人：你还有什么要补充的？
阚小燕：没有了。
"""


# Two interrogations: the value of stolen cable told one way, then another; the company's reported loss.
CABLE = """讯问笔录（第一次）
时间：2024年6月1日9时00分至2024年6月1日10时00分
地点：某区公安分局讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：鲁长河 性别：男
问：你从工地仓库偷了什么？
答：我偷了仓库里的电缆，值两万元。
问：偷的电缆放在哪里？
答：放在我租的车库里，后来都卖了。
讯问笔录（第二次）
时间：2024年6月8日9时00分至2024年6月8日10时00分
地点：某区看守所讯问室
侦查员：甲某、乙某 记录人：甲某
犯罪嫌疑人：鲁长河
问：你再说说偷的电缆值多少钱。
答：我仔细想了，偷的电缆值三万五千元。
问：公司报的损失是多少？
答：公司说损失了四万八千元。
问：有人替你退赔吗？
答：我哥哥替我退给公司一万元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("goods"),
                           {"讯问笔录_符建国.pdf": TOBACCO, "询问笔录_龚丽萍.txt": WAREHOUSE,
                            "讯问笔录_柴立新.txt": SCOOTERS, "讯问笔录_诸葛彬.txt": SEIZED_LINES,
                            "询问笔录_阚小燕.pdf": HEATERS, "讯问笔录_鲁长河.pdf": CABLE})


@pytest.mark.parametrize("question, expected", [
    ("红塔山先不算，剩下的烟认定价值多少钱？", 50600),
    ("除了玉溪，其他烟按认定价值多少钱？", 25600),
    ("只算玉溪和黄鹤楼，认定价值多少？", 50600),
])
def test_an_appraisal_over_some_brands_sums_exactly_those(home, question, expected):
    answer = ask(home, "讯问笔录_符建国.pdf", question)
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert expected in stated and not stated & {58600, 63000}


@pytest.mark.parametrize("question, expected", [
    ("扣的羽绒服和保温杯按鉴定价值多少钱？", 28500),
    ("保温杯先不算，其他货物鉴定价值多少？", 55500),
])
def test_an_appraisal_of_seized_goods_over_some_kinds(home, question, expected):
    answer = ask(home, "询问笔录_龚丽萍.txt", question)
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert expected in stated and 64500 not in stated


def test_items_not_adding_up_to_the_total_give_no_part(home):
    """5400 + 2600 + 7200 = 15200, not the 16000 stated: the part asked is never composed, nor the total given."""
    answer = ask(home, "讯问笔录_柴立新.txt", "手机先不算，电动车和山地车认定价值多少？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert not amounts(answer.conclusion) & {16000, 8000}


@pytest.mark.parametrize("name, question, expected", [
    ("讯问笔录_符建国.pdf", "一共偷了多少条烟？", 318),
    ("讯问笔录_符建国.pdf", "偷的香烟一共多少条？", 318),
    ("讯问笔录_柴立新.txt", "一共偷了几辆车？", 5),
    ("讯问笔录_诸葛彬.txt", "一共扣了多少箱酒？", 190),
])
def test_goods_listed_kind_by_kind_are_counted_in_total(home, name, question, expected):
    answer = ask(home, name, question)
    assert held_as_said(answer), answer.conclusion
    assert f"共{expected}" in answer.conclusion
    calc = answer.calculations[0]
    assert int(calc.result) == expected and len(calc.expression.split("+")) >= 2


def test_a_list_in_several_units_gives_no_total_in_one(home):
    answer = ask(home, "询问笔录_龚丽萍.txt", "一共扣押了多少件货物？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert "65件" not in answer.conclusion.split("（")[0]
    one = ask(home, "询问笔录_龚丽萍.txt", "一共扣了多少件羽绒服？")
    assert "65件" in one.conclusion


def test_a_list_of_other_goods_is_no_count_of_the_goods_asked(home):
    answer = ask(home, "讯问笔录_符建国.pdf", "一共偷了多少条裤子？")
    assert "318" not in answer.conclusion


@pytest.mark.parametrize("name, question, expected", [
    ("讯问笔录_符建国.pdf", "那两台电饭煲按进价算值多少钱？", 520),
    ("询问笔录_龚丽萍.txt", "那65件羽绒服按进价算值多少钱？", 19500),
    ("询问笔录_龚丽萍.txt", "保温杯按进价一共值多少钱？", 9000),
    ("询问笔录_阚小燕.pdf", "那4台电暖器按进价算值多少钱？", 1400),
    ("询问笔录_阚小燕.pdf", "电暖器按零售价计算一共多少钱？", 1920),
])
def test_pieces_reckoned_at_the_price_per_piece(home, name, question, expected):
    answer = ask(home, name, question)
    assert held_as_said(answer), answer.conclusion
    assert expected in amounts(answer.conclusion)
    (calc,) = answer.calculations
    assert int(calc.result) == expected and "*" in calc.expression and len(calc.evidence) >= 1


def test_a_count_the_record_does_not_tell_is_not_reckoned(home):
    answer = ask(home, "询问笔录_龚丽萍.txt", "那50件羽绒服按进价算值多少钱？")
    assert answer.status.value != "answered" and not held_as_said(answer) and 15000 not in amounts(answer.conclusion)


@pytest.mark.parametrize("question, expected", [
    ("公司报的损失比鲁长河第二次交代的多多少？", 13000),
    ("鲁长河第二次交代的比公司报的损失少多少？", 13000),
    ("鲁长河第一次说的和第二次说的电缆价值相差多少？", 15000),
])
def test_the_difference_between_two_figures_of_the_goods(home, question, expected):
    answer = ask(home, "讯问笔录_鲁长河.pdf", question)
    assert held_as_said(answer), answer.conclusion
    (calc,) = answer.calculations
    assert int(calc.result) == expected and "-" in calc.expression
    assert f"相差{expected}元" in answer.conclusion


def test_a_difference_the_wrong_way_round_is_not_composed(home):
    answer = ask(home, "讯问笔录_鲁长河.pdf", "鲁长河第二次交代的比公司报的损失多多少？")
    assert answer.status.value != "answered" and not held_as_said(answer) and "-13000" not in answer.conclusion


@pytest.mark.parametrize("name, question, expected", [
    ("讯问笔录_符建国.pdf", "卖货一共得了多少钱？", 13700),
    ("讯问笔录_符建国.pdf", "偷的烟一共卖了多少钱？", 13700),
    ("讯问笔录_柴立新.txt", "柴立新卖东西总共拿到多少钱？", 5500),
    ("讯问笔录_柴立新.txt", "卖赃物一共得了多少钱？", 5500),
])
def test_the_proceeds_of_several_sales_added(home, name, question, expected):
    answer = ask(home, name, question)
    assert held_as_said(answer), answer.conclusion
    assert expected in amounts(answer.conclusion)
    assert int(answer.calculations[0].result) == expected


def test_kinds_listed_that_name_several_items_take_each_of_them(home):
    """手机 names three items of the second appraisal (and one of the first, which names no helmet): all
    three are the phones asked, with the helmet left out."""
    answer = ask(home, "讯问笔录_柴立新.txt", "被盗的手机和头盔，价格认定合计是多少钱？")
    assert held_as_said(answer), answer.conclusion
    assert 7600 in amounts(answer.conclusion)
    phones = ask(home, "讯问笔录_柴立新.txt", "头盔先不算，被盗的手机认定价值一共多少？")
    assert held_as_said(phones), phones.conclusion
    assert 7400 in amounts(phones.conclusion) and not amounts(phones.conclusion) & {7600, 7200}


def test_people_listed_are_no_kinds_of_goods(home):
    """某甲和某乙 listed before the appraisal asked restrict nothing: the appraisal as a whole."""
    answer = ask(home, "讯问笔录_符建国.pdf", "符建国和同伙偷的香烟价格认定一共多少钱？")
    assert 58600 in amounts(answer.conclusion), answer.conclusion
