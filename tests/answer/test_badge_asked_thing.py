"""The badge checks pass only when the part answers the very thing asked (engine/answer/casefile/badge.py and the
sum guard in engine/answer/casefile/money.py): a date quoted must be of the asked act, a name asked
must be given, a computed remainder must agree with the one the cited sentence states, and a row
that equals the sum of other rows is never added to them under the badge. A value read out of what was
said that passes them is still held back (held_as_said), never 已核验. Records written for these tests,
through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from engine.answer.casefile.badge import _names_someone_new
from engine.question import read_question

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

HEADER = """询问笔录
时间：2024年5月10日9时00分至2024年5月10日10时30分
地点：某区公安分局第二询问室
询问人：甲某、乙某 记录人：乙某
被询问人：{who} 性别：男
"""

# The departure has a date; the repayment asked of has none.
LEFT_NOT_REPAID = HEADER.format(who="詹远航") + """问：你在厂里做到什么时候？
答：我是2024年1月20日离开厂里的。
问：欠你的工资厂里后来给了吗？
答：给了，具体哪天给的我没记。
问：还有要补充的吗？
答：没有了。
"""

# A neighbour filmed it; the record never gives the neighbour's name. A shop is named whole.
NEIGHBOUR = HEADER.format(who="祁运来") + """问：当时有人拍视频吗？
答：楼上的邻居拿手机拍了视频，后来交给了你们。
问：你的货是从哪里进的？
答：从城东的康宁药品批发部进的，老板姓贺。
"""

# Compensation agreed, then paid in two parts.
PAID_IN_TWO = HEADER.format(who="戚国栋") + """问：你赔了对方多少钱？
答：最后谈下来赔二万二千元，车和手机都算在里面。
问：钱是怎么给的？
答：3月14日我用微信转给他12000元，3月16日又当面给了他一万元现金。
"""


# Three payments told one by one, the last equal to the two before it: a total or a third payment.
THIRD_EQUALS_TWO = HEADER.format(who="戚国梁") + """问：你给过他几次钱？
答：给过三次。3月14日我用微信转给他18000元，4月2日又转给他12000元，5月6日又当面给了他现金30000元。
"""

# A refund promised, part paid, the rest said; cash handed over the other way beside it.
REFUND = HEADER.format(who="钮春生") + """问：你在讲座上交过钱吗？
答：10月10日我转了30000元买鱼油，另外还给了小陶六千八百元现金。
问：后来退钱了吗？
答：我女儿带我去找小陶，他答应退两万元，10月23号在微信上退了我八千元，说剩下的一万二千元月底给，后来就找不到人了。
"""


# The speaker does not remember where he threw the wrench; how often he hit the car is never said.
WRENCH = HEADER.format(who="邝明远") + """问：你用什么砸的车？
答：用一把活动扳手砸的，砸的是挡风玻璃。
问：扳手后来放哪了？
答：警察来之前我顺手扔到绿化带里了，具体扔在哪里我记不清了，当时天太黑。
"""


# The speaker's own figure of a fine, and the decision the asker reads out on a later page.
FINE = HEADER.format(who="龙德旺") + """问：你以前受过处罚吗？
答：2021年9月份卫健局来查过一次，罚了我五千块钱。
问：你给病人家属赔了多少钱？
答：赔了两万元。
问：现向你出示行政处罚决定书，上面写明对你作出罚款捌仟元的处罚。你怎么解释？
答：我记不太清了。
"""

# A fine told once; compensation of another act beside it.
FINE_ONCE = HEADER.format(who="龙德兴") + """问：你以前受过处罚吗？
答：2021年9月份卫健局来查过一次，罚了我五千块钱。
问：你给病人家属赔了多少钱？
答：赔了两万元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    folder = tmp_path_factory.mktemp("asked_thing")
    yield from record_home(folder, {"left.pdf": LEFT_NOT_REPAID, "neighbour.pdf": NEIGHBOUR,
                                    "paid.pdf": PAID_IN_TWO, "refund.pdf": REFUND, "wrench.pdf": WRENCH, "fine.pdf": FINE,
                                    "fine_once.pdf": FINE_ONCE, "third.pdf": THIRD_EQUALS_TWO})


def test_a_date_of_another_act_is_not_the_asked_date(home):  # guards the ledger's acts; no badge rule needed
    answer = ask(home, "left.pdf", "厂里是哪天把欠的工资给詹远航的？")
    assert (answer.status.value != "answered" and not held_as_said(answer)) or "1月20日" not in answer.conclusion, answer.conclusion


def test_the_date_of_the_act_itself_passes_the_badge_checks(home):
    answer = ask(home, "left.pdf", "詹远航是哪天离开厂里的？")
    assert held_as_said(answer), answer.conclusion
    assert "2024年1月20日" in answer.conclusion


def test_a_name_asked_but_not_given_is_not_verified(home):
    answer = ask(home, "neighbour.pdf", "拍视频的那个邻居叫什么名字？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


SHOP = "他进货的那个药品批发部叫什么名字？"
AGENT = "那个代理叫什么名字？"


@pytest.mark.parametrize(("question", "quote", "given"), [
    (SHOP, "从城东的康宁药品批发部进的，老板姓贺。", True),  # the shop's own name before its kind
    (SHOP, "从县城城东的贺某那里进的，他开了一个药品批发部。", False),  # the kind only, as asked; a person
    (AGENT, "代理叫“斌哥”，真名我不知道。", True),  # a nickname in quotes is a name given
    (AGENT, "代理每个月来收一次钱，后来交给了你们。", False),
])
def test_a_quote_gives_a_name_only_beyond_the_questions_words(question, quote, given):
    plan = read_question(question).case
    assert _names_someone_new(quote, "", plan) is given


def test_a_total_told_beside_its_parts_is_not_added_to_them(home):
    answer = ask(home, "paid.pdf", "戚国栋一共赔给对方多少钱？")
    passed = answer.status.value == "answered" or held_as_said(answer)
    assert 44000 not in amounts(answer.conclusion) or not passed, answer.conclusion
    assert not passed or amounts(answer.conclusion) & {22000}, answer.conclusion


def test_both_readings_of_a_row_equal_to_the_others_are_worked_out(home):
    """18000 + 12000 and a 30000 told after them: a total, or a third payment (60000) — either sum shown is
    a calculation of the answer, so the recheck finds every figure of the conclusion grounded."""
    from engine.bench.scoring import ungrounded_values

    answer = ask(home, "third.pdf", "一共给了他多少钱？")
    assert answer.status.value != "answered" and {30000, 60000} <= amounts(answer.conclusion), answer.conclusion
    assert ungrounded_values(answer.to_dict()) == [], answer.conclusion


def test_the_plan_says_a_name_is_asked():
    assert read_question("在楼上拍视频的那位邻居叫什么名字？").case.name_asked
    assert read_question("卖保健品的公司全称是什么？").case.name_asked
    assert not read_question("是谁脱了外套给老人盖上的？").case.name_asked


def test_a_remainder_computed_against_the_one_said_is_never_verified_wrong(home):
    answer = ask(home, "refund.pdf", "小陶答应退的钱还有多少没有退？")
    passed = answer.status.value == "answered" or held_as_said(answer)
    assert not passed or amounts(answer.conclusion) <= {12000}, answer.conclusion


@pytest.mark.parametrize(("values", "restated"), [
    ([22000, 12000, 10000], 22000),
    ([12000, 22000, 10000], 22000),
    ([30000, 24000, 6000, 30000], None),  # equal to some of the others only: a payment of its own
    ([1000, 2500, 4000], None),
    ([22000, 22000], None),  # one row told twice is a repetition, not parts
])
def test_a_row_equal_to_all_the_others_is_their_total(values, restated):
    from decimal import Decimal
    from types import SimpleNamespace

    from engine.answer.casefile.money import _restated_total, _Term

    terms = [_Term(SimpleNamespace(currency="CNY"), SimpleNamespace(value=Decimal(v))) for v in values]
    found = _restated_total(terms)
    assert (found.amount.value if found else None) == (Decimal(restated) if restated else None)


@pytest.mark.parametrize(("question", "unplanned"), [
    ("他砸坏了车的哪些部位？用的什么工具？", ["用的什么工具？"]),
    ("价格认定的损失是多少？比维修估价少多少？", ["比维修估价少多少？"]),
    ("第一次给钱是哪天、给了多少、怎么给的？", []),
    ("他的身份证号码是多少？手机号是多少？", []),  # header fields are planned on their own
    ("这次庭审在哪一天、哪个审判庭？", []),  # 在哪一天 reads as date and place: the court is its own part
])
def test_a_second_part_of_a_slot_already_asked_is_named(question, unplanned):
    assert read_question(question).case.unplanned == unplanned


def test_an_answer_to_one_part_of_two_of_one_slot_is_not_verified(home):
    answer = ask(home, "paid.pdf", "钱是哪天转的？现金是哪天给的？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion


def test_how_many_blows_asks_a_count_not_a_gap_of_another_act(home):
    # 几下 counts blows (plan slot count): before, it asked text and quoted the 记不清 of where the
    # wrench was thrown as the answer, 已核验; passing the checks and held as said would be no better
    answer = ask(home, "wrench.pdf", "邝明远用扳手砸了车几下？")
    passed = answer.status.value == "answered" or held_as_said(answer)
    assert not (passed and "记不清" in answer.conclusion), answer.conclusion


def test_one_value_of_a_fact_told_otherwise_elsewhere_is_not_verified(home):
    answer = ask(home, "fine.pdf", "龙德旺被卫健局罚了多少钱？")
    assert answer.status.value != "answered" and not held_as_said(answer), answer.conclusion
    assert "另有" in answer.conclusion or "说法不一" in answer.conclusion, answer.conclusion


def test_a_figure_of_another_act_is_no_other_value_of_the_asked_one(home):
    answer = ask(home, "fine_once.pdf", "龙德兴被卫健局罚了多少钱？")
    assert held_as_said(answer), answer.conclusion
    assert 5000 in amounts(answer.conclusion)
