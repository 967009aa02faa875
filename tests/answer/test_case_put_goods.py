"""Goods the asker reads out from a shown document (扣押清单, 鉴定意见) and the speaker confirms are the
speaker's facts: a list whose kinds carry a bracketed qualifier (某牌（硬）) counted kind by kind, a
finding of the goods' state (均为假冒 / 均为真品) answering 是假的吗 — while a finding the speaker
disputes (不认可，…) answers nothing. Records written for these tests (问：/答：, speaker labels),
one typeset into a real PDF, asked through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

# Counterfeit cigarettes seized in a rented room: the list read out with qualified brands, the finding
# of counterfeit confirmed.
SEIZED = """讯问笔录
时间：2025年3月4日9时00分至2025年3月4日10时30分
地点：某县公安局刑侦大队讯问室
侦查员：子某、丑某 记录人：丑某
犯罪嫌疑人：詹文涛 性别：男
问：你把卖烟的事情说一下。
答：我从外地进了一批烟，放在出租屋里准备卖。
问：现向你出示扣押清单，民警在你租住的出租屋内查获并扣押利群（硬）60条、中华（软）25条、芙蓉王40条，你是否认可？
答：认可。
问：鉴定意见：上述卷烟均为假冒注册商标的卷烟，你是否认可？
答：认可。
问：你还有什么要补充的吗？
答：没有了。
"""

# Liquor held at a shop (speaker labels): the list read out with half-width brackets, the finding of
# genuine goods met with no objection.
LIQUOR = """询问笔录
时间：2025年4月9日14时00分至2025年4月9日15时00分
地点：某区市场监督管理局询问室
询问人：寅某、卯某 记录人：卯某
被询问人：鲍春梅 性别：女
询问人：你店里进的是什么酒？
鲍春梅：进的都是白酒，从批发市场拿的货。
询问人：现在向你宣读扣押清单：茅台(飞天)12瓶、五粮液(普五)30瓶、剑南春45瓶，对吗？
鲍春梅：对，就是这些。
询问人：现向你宣读检验报告：上述白酒经鉴定均为真品，你有什么意见？
鲍春梅：没有意见。
询问人：现向你宣读价格认定结论书：茅台(飞天)每瓶2400元、五粮液(普五)每瓶950元、剑南春每瓶380元，上述白酒总价值为74400元，你有没有异议？
鲍春梅：没有异议。
"""

# A finding the speaker disputes: his own words are his version, the finding confirms nothing.
DISPUTED = """讯问笔录
时间：2025年5月6日10时00分至2025年5月6日11时00分
地点：某市公安局经侦支队讯问室
侦查员：辰某、巳某 记录人：巳某
犯罪嫌疑人：费立群 性别：男
问：你仓库里的运动鞋是从哪里进的？
答：从一个广州的老板那里进的货。
问：鉴定意见：你仓库内的运动鞋均为假冒注册商标的商品，你是否认可？
答：不认可，老板跟我说是正品的。
问：价格认定结论：你仓库内的运动鞋总价值为36000元，你有什么意见？
答：不认可，我进这批鞋只花了八千元。
"""


# Prices per piece read out with a stated whole that the products do not make (2×1800 + 5×700 =
# 7100, not 7600): no part of it can be composed.
UNEVEN = """讯问笔录
时间：2025年6月2日9时00分至2025年6月2日10时00分
地点：某县公安局治安大队讯问室
侦查员：午某、未某 记录人：未某
犯罪嫌疑人：卜友亮 性别：男
问　现向你出示扣押清单：扣押笔记本电脑2台、平板电脑5台，你是否认可？
答　认可。
问　现向你宣读价格认定结论：笔记本电脑每台1800元、平板电脑每台700元，总价值为7600元，你有没有异议？
答　没有异议。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("put_goods"),
                           {"讯问笔录_詹文涛.pdf": SEIZED, "询问笔录_鲍春梅.txt": LIQUOR,
                            "讯问笔录_费立群.txt": DISPUTED, "讯问笔录_卜友亮.txt": UNEVEN})


@pytest.mark.parametrize("name, question, expected", [
    ("讯问笔录_詹文涛.pdf", "一共扣了多少条烟？", 125),
    ("询问笔录_鲍春梅.txt", "一共扣押了多少瓶酒？", 87),
])
def test_a_confirmed_list_with_qualified_kinds_is_counted(home, name, question, expected):
    answer = ask(home, name, question)
    assert held_as_said(answer), answer.conclusion
    assert f"共{expected}" in answer.conclusion
    calc = answer.calculations[0]
    assert int(calc.result) == expected and len(calc.expression.split("+")) == 3


@pytest.mark.parametrize("name, question, expected", [
    ("讯问笔录_詹文涛.pdf", "扣的烟是假货吗？", "是"),
    ("讯问笔录_詹文涛.pdf", "这些烟是假的吗？", "是"),
    ("询问笔录_鲍春梅.txt", "扣的酒是假酒吗？", "否"),
])
def test_a_confirmed_finding_of_the_goods_state(home, name, question, expected):
    answer = ask(home, name, question)
    assert answer.conclusion.startswith(expected), answer.conclusion
    assert "认可" in answer.conclusion or "没有意见" in answer.conclusion


def test_a_disputed_finding_is_no_fact_of_the_speaker(home):
    answer = ask(home, "讯问笔录_费立群.txt", "运动鞋是假货吗？")
    assert not answer.conclusion.startswith("是（"), answer.conclusion


@pytest.mark.parametrize("question", ["认定总共值多少钱？", "这些酒鉴定下来一共值多少钱？"])
def test_a_confirmed_valuation_asked_in_other_words(home, question):
    answer = ask(home, "询问笔录_鲍春梅.txt", question)
    assert held_as_said(answer), answer.conclusion
    assert 74400 in amounts(answer.conclusion)


def test_a_disputed_valuation_is_not_stated_as_verified(home):
    answer = ask(home, "讯问笔录_费立群.txt", "运动鞋认定总共值多少钱？")
    assert not (answer.status.value == "answered" and 36000 in amounts(answer.conclusion)
                and "8000" not in answer.conclusion and "八千" not in answer.conclusion), answer.conclusion


@pytest.mark.parametrize("question, expected", [
    ("剑南春先不算，其余按认定价值多少钱？", 57300),
    ("只算五粮液和剑南春，认定价值多少？", 45600),
])
def test_kinds_priced_per_piece_valued_as_count_times_price(home, question, expected):
    answer = ask(home, "询问笔录_鲍春梅.txt", question)
    assert held_as_said(answer), answer.conclusion
    stated = amounts(answer.conclusion)
    assert expected in stated and 74400 not in stated.difference({expected})
    (calc,) = answer.calculations
    assert int(calc.result) == expected and "*" in calc.expression and "+" in calc.expression


def test_prices_not_making_the_whole_value_no_part(home):
    answer = ask(home, "讯问笔录_卜友亮.txt", "平板电脑先不算，其余认定价值多少钱？")
    assert answer.status.value != "answered" and not held_as_said(answer)
    assert not amounts(answer.conclusion) & {3600, 7600}
