"""Several lists of goods in one record: a list of what was stolen and another of what was found
at the speaker's home (or of another occasion) are different facts, not versions of one total. The
list a count is asked of is the one the question's act, kinds or occasion name; when the question
names none that tells them apart, each list is named with its own total (needs review), never their
sum and never one chosen silently. Lists of the same kinds with different figures are versions of
one total. A list the asker reads out that the speaker does not confirm (记不清 / 不认可，…) is never
stated as verified. Records written for these tests (问：/答：, 问　/答　, speaker labels), one typeset
into a real PDF, asked through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from engine.text.quantities import find_quantities
from tests.case_homes import ask, held_as_said, record_home

pytestmark = pytest.mark.integration

# A break-in at a tobacco kiosk: the speaker lists what he took; the seizure list of his flat (other
# brands, bought earlier for resale) is read out and confirmed.
KIOSK = """讯问笔录
时间：2025年7月2日9时00分至2025年7月2日10时40分
地点：某县公安局刑侦大队讯问室
侦查员：甲某、乙某 记录人：乙某
犯罪嫌疑人：闻志强 性别：男
问：你把撬烟摊的经过讲一下。
答：6月28日凌晨两点多，我把车站旁边那个烟摊的挂锁撬开，偷了一些香烟。
问：偷了哪些烟？
答：偷了软中华30条、芙蓉王20条、白沙15条，装在两个纸箱里搬走了。
问：现向你出示扣押清单，民警在你住处查获并扣押南京40条、双喜20条，你是否认可？
答：认可，这些是我之前从别人手里收来准备转卖的，不是偷的。
问：偷的烟放在哪里了？
答：放在我朋友的车库里。
"""

# Two break-ins, told in 问　/答　 with an ideographic space: phones taken from a repair shop the
# first time, from a market stall the second time — other brands each time.
PHONES = """讯问笔录
时间：2025年8月11日14时00分至2025年8月11日15时30分
地点：某区公安分局执法办案中心讯问室
侦查员：丙某、丁某 记录人：丁某
犯罪嫌疑人：邹海涛 性别：男
问　你一共作案几次？
答　两次。
问　第一次是在哪里偷的？偷了什么？
答　第一次是7月初在一家手机维修店，偷了华为手机3部、小米手机2部。
问　第二次呢？
答　第二次是7月20日在城西市场的一个摊位，偷了苹果手机4部、vivo手机6部。
问　偷的手机卖到哪里去了？
答　都卖给一个收二手手机的人了。
"""

# Speaker labels: the list of wine the shop reported stolen is read out and the speaker does not
# remember it; the seizure list of his home (other wines) is read out and confirmed.
WINE = """讯问笔录
时间：2025年9月3日9时00分至2025年9月3日10时00分
地点：某市公安局某派出所讯问室
侦查员：戊某、己某 记录人：己某
犯罪嫌疑人：颜国栋 性别：男
侦查员：你从超市仓库拿了什么？
嫌疑人：拿了一些白酒，具体多少我记不住了。
侦查员：现向你宣读超市报案时提交的被盗物品清单：茅台12瓶、五粮液20瓶，你是否认可？
嫌疑人：记不清了，我觉得没有那么多。
侦查员：现向你出示扣押清单：在你家中扣押剑南春6瓶、泸州老窖8瓶，你是否认可？
嫌疑人：认可，这几瓶酒是我自己买来喝的。
"""

# Cable stolen from a building site, told in two interrogations with different figures of the same
# kinds: versions of one total.
CABLE = """讯问笔录（第一次）
时间：2025年5月10日9时00分至2025年5月10日10时00分
地点：某区公安分局讯问室
侦查员：庚某、辛某 记录人：辛某
犯罪嫌疑人：聂永福
问：你在工地偷了什么？
答：偷了铜芯电缆300米、铝芯电缆200米，用三轮车拉走的。
讯问笔录（第二次）
时间：2025年5月17日9时00分至2025年5月17日10时00分
地点：某区看守所讯问室
侦查员：庚某、辛某 记录人：庚某
犯罪嫌疑人：聂永福
问：你再说一下偷的电缆有多少。
答：我上次说少了，偷了铜芯电缆350米、铝芯电缆200米。
"""

# A seller's inquiry with two lists of cigarettes of disjoint brands, each coming to 30 条, and no act
# telling them apart in the question's words: what she took in from a supplier, and what was left on
# her shelves.
SHELVES = """询问笔录
时间：2025年10月9日15时00分至2025年10月9日16时00分
地点：某县市场监督管理局询问室
询问人：壬某、癸某 记录人：癸某
被询问人：岑月娥 性别：女
询问人：你在哪里经营？经营什么？
岑月娥：我在镇上开了一家便利店，卖烟酒和日用品，开了三年多了。
询问人：你店里从那个供货人手里进过什么烟？
岑月娥：他上个月开车送来过一回，进过利群18条、黄鹤楼12条，说是厂家直接拿的货。
询问人：执法人员检查时你店里货架上还有什么烟？
岑月娥：货架上还有红塔山21条、云烟9条，都是从烟草公司订的。
询问人：你还有什么要补充的吗？
岑月娥：没有了。
"""

# Jackets taken from a clothes stall (问　/答　): the seizure list names the same jackets to the piece.
JACKETS = """讯问笔录
时间：2025年11月4日9时00分至2025年11月4日10时00分
地点：某县公安局城关派出所讯问室
侦查员：子某、丑某 记录人：丑某
犯罪嫌疑人：阎广利 性别：男
问　你在服装摊偷了什么？
答　趁摊主不在，偷了羽绒服12件、冲锋衣8件，用蛇皮袋装着拿走了。
问　现向你出示扣押清单：在你暂住的出租屋内扣押羽绒服12件、冲锋衣8件，你是否认可？
答　认可，就是我偷的那些衣服。
问　你还有什么要补充的吗？
答　没有了，我愿意退赔摊主的损失。
"""

# Liquor taken from a storeroom, told again in a second interrogation with another figure of the same
# kinds, in answer to a question naming no act: a later version of the stolen count.
RETOLD = """讯问笔录（第一次）
时间：2025年12月1日9时00分至2025年12月1日10时00分
地点：某区公安分局讯问室
侦查员：寅某、卯某 记录人：卯某
犯罪嫌疑人：窦春生
问：你从库房偷了什么？
答：偷了茅台酒5瓶、五粮液8瓶，放在自己车的后备箱里。
讯问笔录（第二次）
时间：2025年12月8日9时00分至2025年12月8日10时00分
地点：某区看守所讯问室
侦查员：寅某、卯某 记录人：寅某
犯罪嫌疑人：窦春生
问：你把那批酒的数量再说一遍。
答：茅台酒6瓶、五粮液8瓶，上次我记错了。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("goods_lists"),
                           {"讯问笔录_闻志强.pdf": KIOSK, "讯问笔录_邹海涛.txt": PHONES,
                            "讯问笔录_颜国栋.txt": WINE, "讯问笔录_聂永福.txt": CABLE,
                            "询问笔录_岑月娥.txt": SHELVES, "讯问笔录_阎广利.txt": JACKETS,
                            "讯问笔录_窦春生.txt": RETOLD})


def counts(text: str) -> set[int]:
    """The counts with a unit a conclusion states (30条, 5部, 500米)."""
    return {int(q.value) for q in find_quantities(text)}


def _passed_count(answer, expected: int, other: set[int]) -> None:
    """The count passes every badge check (held back only as read from what was said) and is the one asked."""
    assert held_as_said(answer), answer.conclusion
    assert f"共{expected}" in answer.conclusion, answer.conclusion
    assert not counts(answer.conclusion) & other, answer.conclusion
    assert int(answer.calculations[0].result) == expected


@pytest.mark.parametrize("question, expected, other", [
    ("一共偷了多少条烟？", 65, {125, 60, 40}),
    ("他从烟摊偷的香烟总共有多少条？", 65, {125, 60, 40}),
    ("在他住处一共扣押了多少条烟？", 60, {125, 65, 30, 15}),
])
def test_the_list_of_the_act_asked_is_counted_not_the_other(home, question, expected, other):
    answer = ask(home, "讯问笔录_闻志强.pdf", question)
    _passed_count(answer, expected, other)
    stolen = "软中华" in answer.conclusion
    seized = "南京" in answer.conclusion
    assert stolen != seized, answer.conclusion
    assert seized == ("扣押" in question)


@pytest.mark.parametrize("question, expected, other", [
    ("第一次偷了多少部手机？", 5, {15, 10}),
    ("第二次一共偷了几部手机？", 10, {15, 5}),
])
def test_the_list_of_the_occasion_asked_is_counted(home, question, expected, other):
    answer = ask(home, "讯问笔录_邹海涛.txt", question)
    _passed_count(answer, expected, other)


def test_lists_of_other_kinds_no_question_tells_apart_are_each_named(home):
    answer = ask(home, "讯问笔录_邹海涛.txt", "一共偷了多少部手机？")
    # two occasions' lists: not versions of one total, and no figure chosen silently
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert "说法不一" not in answer.conclusion, answer.conclusion
    assert {5, 10} <= counts(answer.conclusion), answer.conclusion
    shelves = ask(home, "询问笔录_岑月娥.txt", "一共有多少条烟？")
    assert shelves.status.value != "answered" and not held_as_said(shelves), shelves.conclusion
    # both lists come to 30: still two lists, each named, never their sum
    assert 60 not in counts(shelves.conclusion), shelves.conclusion
    assert "利群" in shelves.conclusion and "红塔山" in shelves.conclusion, shelves.conclusion


def test_a_list_read_out_and_not_confirmed_is_not_verified(home):
    answer = ask(home, "讯问笔录_颜国栋.txt", "一共偷了多少瓶酒？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert 14 not in counts(answer.conclusion), answer.conclusion  # the seized wines are no stolen ones
    # the list read out is named as such, with the speaker's answer to it
    assert "未确认" in answer.conclusion and "记不清" in answer.conclusion, answer.conclusion
    seized = ask(home, "讯问笔录_颜国栋.txt", "在他家里一共扣押了多少瓶酒？")
    _passed_count(seized, 14, {32, 46})
    assert "剑南春" in seized.conclusion


def test_lists_of_the_same_kinds_with_other_figures_are_versions(home):
    answer = ask(home, "讯问笔录_聂永福.txt", "一共偷了多少米电缆？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert {500, 550} <= counts(answer.conclusion), answer.conclusion
    assert "说法不一" in answer.conclusion


def test_the_same_goods_stolen_and_seized_to_the_piece_are_one_count(home):
    # two acts, the same kinds and figures: one count, whichever list the question means
    for question in ("这些衣服一共多少件？", "一共偷了多少件衣服？", "一共扣押了多少件衣服？"):
        _passed_count(ask(home, "讯问笔录_阎广利.txt", question), 20, {40})


def test_a_list_told_again_without_its_act_is_a_version_of_the_act_asked(home):
    answer = ask(home, "讯问笔录_窦春生.txt", "一共偷了多少瓶酒？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert {13, 14} <= counts(answer.conclusion) and "说法不一" in answer.conclusion, answer.conclusion
