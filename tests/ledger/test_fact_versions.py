"""Versions of one fact told twice (engine/answer/casefile/facts/versions.py): a figure a later
statement takes back, reconsiders, explains or hedges is linked to the earlier one as its version;
figures of other things, other acts or the speaker's own are not. Text written for these tests."""

from __future__ import annotations

from decimal import Decimal

from engine.answer.casefile.facts import versions_of
from engine.answer.casefile.facts.versions import explained_numbers, same_unit
from tests.ledger.text_ledger import TextLedger

HEADER = """询问笔录
时间：2025年3月4日9时00分至2025年3月4日10时30分
地点：江城市公安局河东派出所询问室
询问人：石某、郁某 记录人：郁某
被询问人：邝立群 性别：男
"""


def _chain(ledger, unit: str) -> list[Decimal]:
    """The figures of the first row in ``unit`` that is no version, and its versions, oldest first."""
    first = next(e for e in ledger.events if e.unit == unit and not e.corrects)
    return [v.amount.value for v in versions_of(ledger, first)]


def test_a_speed_reconsidered_later_is_a_version_and_the_speakers_own_speed_is_not():
    text = HEADER + """问：那辆货车开得有多快？
答：非常快，我看起码有一百公里/小时。我自己开六十左右，被它一下超过去了。
问：你还看到了什么？
答：货车是蓝色的，车斗盖着篷布。
问：你前面说的货车车速，是怎么判断的？
答：我是看自己的表估的。我当时开到六十公里/小时左右，后来我又仔细想了想，前面说的那个数可能说多了，它大概开到八十公里/小时上下。
"""
    ledger = TextLedger(text).ledger
    assert _chain(ledger, "公里/小时") == [Decimal(100), Decimal(80)]
    own = next(e for e in ledger.events if e.unit == "公里/小时" and e.amount.value == 60)
    assert own.corrects is None  # the speaker's own speed told again is no version of the truck's


def test_a_count_taken_up_and_explained_gives_its_later_figure_in_the_generic_classifier():
    text = HEADER + """问：你们那个群有多少人？
答：群里人最多的时候有四百一十个人。
问：这些人都来买过吗？
答：四百一十是群里显示的总数，里面有我自己的小号七八个，真正下过单的客户，账上记的是三百五十六个。
"""
    ledger = TextLedger(text).ledger
    assert _chain(ledger, "人") == [Decimal(410), Decimal(356)]


def test_figures_only_added_to_or_told_once_are_not_versions():
    text = HEADER + """问：你偷了几部手机？
答：我偷了三部手机。
问：后来呢？
答：第二天我又去偷了两部，一共五部，都卖给了收旧货的。
问：你有几个同伙？
答：就两个，一个叫阿勇，一个叫阿明。
"""
    ledger = TextLedger(text).ledger
    assert not any(e.corrects for e in ledger.events if e.unit is not None)


def test_a_hedged_retelling_of_a_cash_payment_makes_the_other_figure_a_version():
    text = HEADER + """问：第三次是怎么给的？
答：第三次他让我到城南的望江茶楼，把现金交给一个叫单小伟的人。我在茶楼门口给了他六千元，他数了一下就走了。
问：单小伟到案后说他从你手里拿到的是五千元，你怎么说？
答：这个我说不准了。可能当时只给了他五千，也可能给的就是六千，我真记不清了。
"""
    tl = TextLedger(text)
    act = next(e for e in tl.ledger.events if e.unit is None and e.role == "event" and e.amount.value == 6000
               and not e.same_as)
    assert [v.amount.value for v in versions_of(tl.ledger, act)] == [Decimal(6000), Decimal(5000)]
    again = [e for e in tl.ledger.events if e.same_as == act.id]
    assert again and all(e.role == "mention" for e in again)  # 六千 said again: the act, not a second one


def test_two_cash_payments_of_one_statement_are_no_versions_without_a_hedge():
    text = HEADER + """问：你给过他几次钱？
答：第一次在他家给了他六千元。
问：后来呢？
答：后来在他家又给了五千元，一共是一万一千元。
"""
    tl = TextLedger(text)
    assert not any(e.corrects for e in tl.ledger.events if e.unit is None and e.role == "event")


def test_units_of_one_count():
    assert same_unit("人", "个") and same_unit("部", "个") and same_unit("公里/小时", "公里/小时")
    assert not same_unit("公里/小时", "个") and not same_unit("克", "个") and not same_unit("人", "部")
    assert explained_numbers("一百二十是群里显示的总数") == {Decimal(120)}
    assert explained_numbers("三部手机卖了两千元") == set()


def test_a_list_told_again_is_left_to_the_lists_not_paired_by_a_figure_said_again():
    text = HEADER + """问：你拿了哪些东西？
答：拿了不锈钢管六十米、镀锌管四十米，用面包车拉走的。
问：你再说一下拿的管子有多少。
答：我上次说少了，拿了不锈钢管八十米、镀锌管四十米。
"""
    ledger = TextLedger(text).ledger
    assert not any(e.corrects for e in ledger.events if e.unit == "米")  # 八十 is no version of 四十


def test_two_acts_of_one_hedged_sentence_are_no_versions():
    # 第二次也是五千，第三次给了三千: two more acts, not another figure of the first
    text = HEADER + """问：第一次给了多少？
答：第一次在他店里给了他五千元。
问：后来呢？
答：第二次也是给了他五千元，第三次给了他三千元，具体哪天我记不清了。
"""
    tl = TextLedger(text)
    assert not any(e.corrects for e in tl.ledger.events if e.unit is None and e.role == "event")


def test_a_sum_taken_back_with_the_right_one_in_the_next_sentence_is_a_version_and_a_piece_price_is_not():
    text = HEADER + """问：你在茶叶店买了什么？
答：我买了三罐白茶，花了九百元，刷的卡。
问：还有什么要补充的吗？
答：有。上次说我买白茶花了九百元，是我记错了。我翻到了付款记录，是1,260元，三罐每罐420元，刷的卡。
"""
    ledger = TextLedger(text).ledger
    first = next(e for e in ledger.events if e.amount is not None and e.amount.value == 900 and not e.corrects)
    assert [v.amount.value for v in versions_of(ledger, first)] == [Decimal(900), Decimal(1260)]
    assert not any(e.corrects and e.amount.value == 420 for e in ledger.events)


def test_a_sum_taken_back_before_another_act_told_next_has_no_version():
    text = HEADER + """问：你在茶叶店买了什么？
答：我买了三罐白茶，花了九百元，刷的卡。
问：还有什么要补充的吗？
答：有。上次说我买白茶花了九百元，是我记错了。另外我还给店员转了两百元小费。
"""
    ledger = TextLedger(text).ledger
    assert not any(e.corrects for e in ledger.events if e.amount is not None and e.amount.value == 200)


def test_a_count_taken_back_in_another_counting_word_is_a_version_beside_small_counts_of_others():
    text = HEADER + """问：你找了几个帮手？
答：帮手一共7个，都是在兼职群里招的，还有两个是没工作的年轻人。
问：你还有什么要补充的？
答：刚才说帮手是7个，我说错了，一共是9个人，有两个是后来才来的。
"""
    ledger = TextLedger(text).ledger
    first = next(e for e in ledger.events if e.amount is not None and e.amount.value == 7)
    assert [v.amount.value for v in versions_of(ledger, first)] == [Decimal(7), Decimal(9)]
