"""Quantities with their units (engine/text/quantities.py): the value, the unit in one spelling,
hedges and per-piece figures — never a numeral that belongs to money or a date."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.text.quantities import find_quantities

pytestmark = pytest.mark.unit


def read(text):
    return [(f.text, f.value, f.meta["unit"], f.meta["approx"], f.meta["each"]) for f in find_quantities(text)]


@pytest.mark.parametrize("text, value, unit", [
    ("他一共喝了4瓶黄酒", Decimal(4), "瓶"),
    ("那只玉镯重二十五克", Decimal(25), "克"),
    ("共运来30吨水泥", Decimal(30), "吨"),
    ("开了大约7公里", Decimal(7), "公里"),
    ("血液中乙醇含量为96.3mg/100ml", Decimal("96.3"), "mg/100ml"),
    ("呼出气体酒精含量为81毫克/100毫升", Decimal(81), "mg/100ml"),
    ("车速有80km/h", Decimal(80), "公里/小时"),
    ("时速大概六十公里", Decimal(60), "公里/小时"),
    ("他在工地干了120天", Decimal(120), "天"),
    ("驾驶证暂扣了3个月", Decimal(3), "个月"),
    ("每日按0.03%计算", Decimal("0.03"), "%"),
    ("抽水百分之五", Decimal(5), "%"),
    ("喝了半斤白酒", Decimal("0.5"), "斤"),
    ("又拉走了两盘电缆", Decimal(2), "盘"),
    ("库里少了3卷铜线", Decimal(3), "卷"),
])
def test_a_figure_and_its_unit(text, value, unit):
    (fact,) = find_quantities(text)
    assert (fact.value, fact.meta["unit"]) == (value, unit)


@pytest.mark.parametrize("text, value, unit", [
    ("窃电三万二千度", Decimal(32000), "度"),
    ("追补电量34560千瓦时", Decimal(34560), "千瓦时"),
    ("设备功率一共45千瓦", Decimal(45), "千瓦"),
    ("客厅加主卧共62平方米", Decimal(62), "平方米"),
    ("承包了12亩地", Decimal(12), "亩"),
    ("数学买了60课时", Decimal(60), "课时"),
    ("另外送了8个课时", Decimal(8), "课时"),
    ("这本书印了1500册", Decimal(1500), "册"),
    ("一共盗印了四种书", Decimal(4), "种"),
    ("按追补电费的3倍收", Decimal(3), "倍"),
    ("评定为十级伤残", Decimal(10), "级"),
    ("酒席一共摆了十六桌", Decimal(16), "桌"),
    ("查获兰花二十三盆", Decimal(23), "盆"),
    ("这个月跑了四十单", Decimal(40), "单"),
    ("一晚上赌了九局", Decimal(9), "局"),
    ("私教课上了18节", Decimal(18), "节"),
])
def test_measure_words_of_energy_area_hours_and_things(text, value, unit):
    (fact,) = find_quantities(text)
    assert (fact.value, fact.meta["unit"]) == (value, unit)


def test_measure_words_that_start_other_words_are_not_units():
    assert read("他本人在场，本金三万元另算") == []  # 本人, 本金
    assert read("那两项目都停了，三头发型师") == []  # 项目, 头发
    assert read("我一度想放弃") == []  # 一度 (once) before a verb: no energy (三万二千度电, 三万二千度。 are)
    assert read("第一项诉讼请求") == []  # a position
    assert read("那单位的局长说节日放假") == []  # 单位, 局长, 节日


def test_hedges_and_per_piece_figures_are_marked():
    assert read("最多也就8吨左右") == [("8吨", Decimal(8), "吨", True, False)]
    assert read("一共9车，每车20吨") == [("9车", Decimal(9), "车", False, False),
                                     ("20吨", Decimal(20), "吨", False, True)]


def test_money_dates_positions_and_words_are_not_quantities():
    assert read("2023年5月6日转了3万元") == []  # a date and an amount
    assert read("第3车卸在东门") == []  # a position
    assert read("他克服了困难，台湾来的车间主任") == []  # 克服, 台湾, 车间 are words
    assert read("2019年他还在上学") == []  # a year, not 2019 years
    assert read("年底三盘点出来少了货，第二卷宗里有记录") == []  # 盘点, 卷宗 are words


def test_digits_with_wan_before_a_unit_are_one_quantity_and_cubic_metres_a_unit():
    from engine.text.quantities import find_quantities

    found = [(f.text, f.value, f.meta["unit"]) for f in find_quantities("经测量共计2.46万立方米，其中一批3万条，另有12立方")]
    assert found == [("2.46万立方米", 24600, "立方米"), ("3万条", 30000, "条"), ("12立方", 12, "立方米")]
    assert find_quantities("第2万条") == [] and find_quantities("共3万元") == []


def test_a_figure_per_piece_with_a_word_between_each_and_it():
    from engine.text.quantities import find_quantities

    found = [(f.text, f.meta["each"]) for f in find_quantities("4个柜，每柜也是25吨，每箱都是24瓶，每天喝了2瓶")]
    assert found == [("4个", False), ("25吨", True), ("24瓶", True), ("2瓶", False)]
    seated = [(f.text, f.meta["each"]) for f in find_quantities("6辆摩托车，每辆车上坐两个人，应该是12个人")]
    assert seated == [("6辆", False), ("两个人", True), ("12个人", False)]


def test_a_cubic_metre_said_as_ge_fang_and_a_price_per_one():
    from engine.text.quantities import find_quantities

    found = [(f.text, f.value, f.meta["unit"]) for f in find_quantities("18个方一共是一万一千七百块，有三个方面，一个方案")]
    assert found == [("18个方", 18, "立方米")]
