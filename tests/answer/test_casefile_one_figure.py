"""An answer about a case file states the figure asked and no other: a rate asked per day or per
piece is the figure said per that unit (never a payment in the same sentence), what is due is that
rate times the units said beside it (never the payments), a start date is
quoted without the end date beside it, a correction naming the first payment by its old date makes
that payment the first (not an earlier one the other side disputes), and a room of the court asked
by 哪个审判庭 is a place of the record's header — never a quote of something else. Records written
for these tests, through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from engine.text.dates import find_dates

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

WORKER = """询问笔录
时间：2024年1月9日9时00分至2024年1月9日10时30分
地点：某县公安局劳动保障案件询问室
询问人：甲某、乙某 记录人：乙某
被询问人：柯文山 性别：男
问：你是什么时候开始在厂里干活的，干到什么时候？
答：2023年3月6日开始干的，一直干到2023年9月28日。
问：你的工钱怎么算？
答：我是搬运工，一天二百三十元，干了一百二十天，老板在2023年8月2日用微信给我付过四千元，剩下的一直没给。
问：滕小梅的工钱怎么算？
答：滕小梅是计件的，缝一件八元，做了2100件，老板在2023年9月1日给她付过三千元，剩下的没给。
问：厂里和买家的合同是怎么约定的？
答：合同约定买家购买瓶装水3000箱，每箱24元。
问：庞永福的工钱怎么算？
答：庞永福是开叉车的，一个月八千元，一共四个月，老板一分钱没给。
问：鲁大勇的工钱怎么算？
答：鲁大勇一天二百元，干了五十天，老板给过他两千元。
问：你刚才说的有没有要改的？
答：庞永福干的月数我说错了，实际是3个月，不是4个月。
"""

HEARING = """某区人民法院
庭审笔录（第一次）
时间：2023年9月5日9时30分至2023年9月5日11时00分
地点：某区人民法院第二法庭
案由：买卖合同纠纷
审判长：甲某　　书记员：乙某
原告：常立群，个体工商户。
被告：钟晓燕，女，会计。
审判长　原告，被告付过哪些货款？
原告　被告2023年4月10日通过银行转账支付货款五万元，余款至今未付。
审判长　被告，你有什么答辩意见？
被告　除了转账，我2023年3月20日还当面给过原告现金六千元，原告不认。
审判长　原告有什么意见？
原告　现金我们没有收到，被告拿不出收条。
庭审笔录（第二次）
时间：2023年10月17日14时00分至2023年10月17日15时00分
地点：某区人民法院第六法庭
审判长：甲某 书记员：乙某
审判长　今天继续开庭，双方有没有需要更正的？
原告　我方更正一处：被告第一笔付款的日期是2023年4月12日，不是2023年4月10日。
审判长　被告有无意见？
被告　没有意见。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("one_figure"), {"询问笔录_柯文山.txt": WORKER, "庭审笔录_常立群.txt": HEARING})


def days(text):
    return {str(d.value) for d in find_dates(text) if d.meta.get("granularity") == "day"}


def test_a_rate_per_day_or_piece_is_the_figure_said_per_that_unit(home):
    answer = ask(home, "询问笔录_柯文山.txt", "柯文山一天的工钱是多少？")
    assert amounts(answer.conclusion) == {230}, answer.conclusion
    answer = ask(home, "询问笔录_柯文山.txt", "滕小梅缝一件多少钱？")
    assert amounts(answer.conclusion) == {8}, answer.conclusion


def test_a_start_date_is_quoted_without_the_end_date(home):
    answer = ask(home, "询问笔录_柯文山.txt", "柯文山是什么时候开始在厂里干活的？")
    assert days(answer.conclusion) == {"2023-03-06"}, answer.conclusion


def test_a_correction_naming_the_first_payment_by_its_old_date_makes_it_the_first(home):
    answer = ask(home, "庭审笔录_常立群.txt", "被告第一次付款是哪天？")
    assert "2023-03-20" not in days(answer.conclusion), answer.conclusion
    assert "2023-04-12" in days(answer.conclusion), answer.conclusion


def test_a_court_room_asked_is_the_place_of_the_sessions_header(home):
    answer = ask(home, "庭审笔录_常立群.txt", "第二次庭审在哪一天、哪个审判庭？")
    assert days(answer.conclusion) == {"2023-10-17"}, answer.conclusion
    assert "第六法庭" in answer.conclusion, answer.conclusion


def test_what_is_due_is_the_rate_times_its_units_never_a_sum_of_payments_nor_a_price_per_piece(home):
    answer = ask(home, "询问笔录_柯文山.txt", "柯文山的工钱一共应该是多少？")
    assert amounts(answer.conclusion) == {27600}, answer.conclusion  # 230 a day × 120 days
    answer = ask(home, "询问笔录_柯文山.txt", "滕小梅应得多少工钱？")
    assert amounts(answer.conclusion) == {16800}, answer.conclusion  # 8 a piece × 2100 pieces
    answer = ask(home, "询问笔录_柯文山.txt", "合同约定的总价款是多少？")
    assert 24 not in amounts(answer.conclusion), answer.conclusion


def test_a_product_one_of_whose_figures_is_corrected_is_given_under_each_version(home):
    # 8000 × 4, corrected to 3 months: both products, attributed, as a conflict — never one of them alone
    answer = ask(home, "询问笔录_柯文山.txt", "庞永福应得多少工钱？")
    assert {32000, 24000} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts and answer.status.value == "needs_review", answer.conclusion


def test_what_is_still_owed_is_the_rate_times_its_units_less_what_the_same_sentence_says_was_paid(home):
    answer = ask(home, "询问笔录_柯文山.txt", "老板还欠柯文山多少工钱？")
    assert amounts(answer.conclusion) == {23600}, answer.conclusion  # 230 × 120 − 4000
    answer = ask(home, "询问笔录_柯文山.txt", "老板还欠滕小梅多少工钱？")
    assert amounts(answer.conclusion) == {13800}, answer.conclusion  # 8 × 2100 − 3000
    # the sentence does not say the rest is unpaid: what else was paid is unknown
    answer = ask(home, "询问笔录_柯文山.txt", "老板还欠鲁大勇多少工钱？")
    assert 8000 not in amounts(answer.conclusion), answer.conclusion
    # one worker's account is no answer for him and the others together
    answer = ask(home, "询问笔录_柯文山.txt", "柯文山和工友们一共还有多少工钱没拿到？")
    assert 23600 not in amounts(answer.conclusion), answer.conclusion
