"""Each ask of a question asking several things, read on its own words (engine/question/asks.py)."""

from engine.question.asks import ask_words
from engine.question.plan import read_question
from engine.question import Slot


def test_one_ask_is_no_list():
    assert ask_words("借条上写的金额是多少？") == []


def test_two_sentences_are_two_asks():
    assert ask_words("租赁合同是哪天订的？押金多少？") == ["租赁合同是哪天订的？", "押金多少？"]


def test_ask_without_a_subject_carries_the_first_asks():
    asks = ask_words("违约金是合同价的百分之几、多少钱？")
    assert asks[1] == "违约金，多少钱？"


def test_figure_asked_is_removed_to_carry_its_goods():
    asks = ask_words("张某从老陈那里买了多少斤茶叶，花了多少钱？")
    assert asks[1] == "张某从老陈那里买了茶叶，花了多少钱？"


def test_a_noun_after_the_figure_word_is_kept():
    asks = ask_words("他拉人入股，拿了多少介绍费？介绍的是谁？")
    assert asks[1] == "他拉人入股，拿了介绍费，介绍的是谁？"


def test_setting_before_the_first_ask_holds_for_every_ask():
    asks = ask_words("按第三次询问的说法，她拿了几箱，付了多少现金？")
    assert all(a.startswith("按第三次询问的说法，") for a in asks)


def test_question_plan_reads_each_ask_with_its_own_slot():
    plan = read_question("租赁合同是哪天订的？押金多少？")
    assert [a.case.slots[0] for a in plan.asks] == [Slot.DATE, Slot.AMOUNT]
    assert all(a.asks == [] for a in plan.asks)


def test_two_sums_of_different_names_in_one_clause_are_two_asks():
    assert ask_words("物业公司起诉时要了多少物业费和多少滞纳金？") == ["物业公司起诉时要了多少物业费？", "物业公司起诉时要了多少滞纳金？"]
    assert ask_words("那套房子买的时候总价和首付各是多少？") == ["那套房子买的时候总价是多少？", "那套房子买的时候首付是多少？"]


def test_things_asked_each_that_are_no_sums_stay_one_ask():
    # figures of one kind over things joined by 和 (engine/question/asks.figures_each), or over people
    assert ask_words("账面库存和实际盘点数各是多少台？") == []
    assert ask_words("张三和李四各给了多少钱？") == []


def test_an_ask_naming_only_a_side_carries_the_thing_of_the_first():
    assert ask_words("误工费原告要多少，被告说最多认多少？") == ["误工费原告要多少", "误工费，被告说最多认多少？"]
