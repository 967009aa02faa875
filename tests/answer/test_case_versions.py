"""Versions of a count of goods and of a price obtained: a count corrected later in the same or a
second session is given in both figures, the later named, as a conflict; a price the speaker states
and another person's account of it put to him (a second session) are both given, attributed — never
one figure under the 已核验 badge. Records written for these tests, typeset into real PDFs."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.case_homes import ask, record_home

# A warehouse theft: three crates first, then the count corrected in the same session.
CRATES = """讯问笔录
时间：2024年5月14日9时00分至2024年5月14日10时30分
地点：柳川市公安局城东派出所讯问室
侦查员：骆某、卜某 记录人：卜某
犯罪嫌疑人：甘立峰 性别：男
问：你从仓库里拿了几箱白酒？
答：我只拿了三箱，放在我车的后备箱里。
问：你再好好想想，到底拿了多少？
答：上回我讲只拿了三箱，这个不对，后来半夜我又去拿过一箱，总共是四箱。
"""

# Welders from a building site: two in the first session, three in the second.
TWO = """讯问笔录
时间：2024年7月2日14时00分至2024年7月2日15时00分
地点：柳川市公安局城南派出所讯问室
侦查员：伍某、柯某 记录人：柯某
犯罪嫌疑人：房德明 性别：男
问：你从工地拿走了几台电焊机？
答：拿走了两台，卖给了收废品的。

讯问笔录（第二次）
时间：2024年7月9日9时30分至2024年7月9日10时20分
地点：柳川市公安局城南派出所讯问室
侦查员：伍某、柯某 记录人：柯某
犯罪嫌疑人：房德明 性别：男
问：关于电焊机的数量，你还有什么要补充的？
答：前面说的两台不准确，实际是三台，还有一台放在我姐家。
"""

# Copper wire sold in two lots; the buyer's account of the first lot put to the seller a week later.
LOT = """讯问笔录
时间：2024年3月20日10时00分至2024年3月20日11时30分
地点：柳川市公安局经侦大队讯问室
侦查员：郝某、葛某 记录人：葛某
犯罪嫌疑人：钮振华 性别：男
问：偷来的铜线你是怎么处理的？
答：分两回卖的，第一回卖给废品站的老韩，他给了我七千五百元现金。第二回又卖了一些，卖了三千元。

讯问笔录（第二次）
时间：2024年3月27日14时00分至2024年3月27日15时00分
地点：柳川市公安局经侦大队讯问室
侦查员：郝某、葛某 记录人：葛某
犯罪嫌疑人：钮振华 性别：男
问：老韩说第一回收你的铜线给了你七千元，不是七千五，你怎么解释？
答：那可能是我记错了，应该是七千元。
"""

@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("versions"),
                           {"crates.pdf": CRATES, "two.pdf": TWO, "lot.pdf": LOT})


@pytest.mark.parametrize("name, question, old, new", [
    ("crates.pdf", "他到底承认拿了几箱？", "三箱", "四箱"),
    ("two.pdf", "他到底拿走了几台电焊机？", "两台", "三台"),
])
def test_count_of_goods_corrected_is_both_figures_the_later_named(home, name, question, old, new):
    answer = ask(home, name, question)
    assert answer.status is Status.NEEDS_REVIEW, answer.conclusion
    assert old in answer.conclusion and f"{new}（即" in answer.conclusion, answer.conclusion
    latest = answer.conclusion.split("（最新陈述）")[0].rsplit("；", 1)[-1]
    assert new in latest, answer.conclusion  # the correction is the one named latest, never a part it adds


@pytest.mark.parametrize("name, question, speaker, mine, buyer, theirs, other_lot", [
    ("lot.pdf", "第一回卖铜线，对方到底给了多少钱？", "钮振华", "七千五百元", "老韩", "七千元", "三千元"),
])
def test_price_obtained_stated_differently_is_both_accounts_attributed(home, name, question, speaker, mine, buyer,
                                                                       theirs, other_lot):
    answer = ask(home, name, question)
    assert answer.status is Status.NEEDS_REVIEW, answer.conclusion
    assert f"{speaker}本人称{mine}" in answer.conclusion, answer.conclusion
    assert f"{buyer}称{theirs}" in answer.conclusion, answer.conclusion
    assert other_lot not in answer.conclusion, answer.conclusion  # the other lot's price is no version
