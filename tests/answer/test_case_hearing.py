"""Hearing records (庭审笔录) where each side states its own figures: the sum each side says is owed,
attributed to it, as a conflict (never one chosen), and their difference with its equation; a rate
said per month asked per year (×12, with the equation — never the monthly figure as the yearly);
each side's offer in mediation (never added together); the tasks set after the hearing with their
days. Records written for these tests in three layouts (shortened labels with colons, full labels,
labels set off by an ideographic space), through Engine.ask on a real home."""

from __future__ import annotations

import re

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

LOAN_SHORT = """某县人民法院
庭审笔录
时间：2024年3月12日9时00分至2024年3月12日11时20分
地点：某县人民法院第三法庭
案由：民间借贷纠纷
审判员：甲某　　书记员：乙某
原告：温立新，男，1979年5月3日出生。
被告：樊雪芹，女，1983年8月21日出生。
审：原告陈述诉讼请求。
原：请求判令被告归还借款本金八万元及利息。
审：被告答辩。
被：借款是有的，但是我只欠原告五万元，不是八万元。
审：第一笔借款的利息怎么约定的？
原：第一笔是2022年6月1日借的，约定月利率1.5%。
被：对，月息一分五。
审：第二笔借款的情况？
原：第二笔是2023年1月10日借的，借条写两万元，约定每月百分之二。
审：第一笔借款被告实际收到多少？
被：第一笔借条是写了十万元，但原告当场预先扣除了利息六千元，我实际到手只有九万四千元。
原：第一笔没有扣利息，十万元是全额转给被告的。
审：被告付过哪些利息？
被：第一笔借款的利息我每月付一千五百元，付了十个月。
被：第二笔的利息我分三次付过，分别是四百元、四百元和三百元。
原：利息是付过的，认可。
审：被告称2023年春节前给过原告现金一万元，原告有什么意见？
原：这一万元我记不清了，可能没有。
被：我是春节前当面给的现金，没有打收条。
审：被告主张这一万元是还本金还是利息？
被：是还本金。
原：我们不认可是还本金，只能算利息。
被：多付的利息三千元应抵本金。
审：双方是否愿意调解？
原：如果被告一次性还六万元，我可以接受。
被：我最多只能付四万元。
审：原告庭后七日内提交银行流水；被告庭后十日内提交证人名单。
"""

LOAN_FULL = """某区人民法院
庭审笔录
时间：2023年11月8日14时30分至2023年11月8日16时00分
地点：某区人民法院第五审判庭
案由：民间借贷纠纷
审判长：丙某　　书记员：丁某
原告：蒲家旺，男，个体经营。
原告委托诉讼代理人：严思远，律师。
被告：闵彩云，女，务工。
审判长：原告方，被告现在还欠多少钱？
原告委托诉讼代理人：截至起诉之日，被告仍欠借款本金十二万元。
审判长：被告，你的意见？
被告：我认为只剩七万元没还，其余都用现金还掉了。
审判长：利息是怎么说的？
原告委托诉讼代理人：当时口头说好2分利。
审判长：被告，第二笔借款你拿到多少？
被告：第二笔借条上写的是五万元，出借当天他扣了五千元手续费。
审判长：第二笔借款的利息付了多少？
被告：第二笔借款我每个月给他一千元利息，一共给了八个月。
原告委托诉讼代理人：第二笔的利息只付了六个月，每月一千元。
审判长：被告称2023年年底通过微信转给原告二万元，原告方是否认可？
原告委托诉讼代理人：不认可，原告没有收到这二万元。
被告：是年底转的，记录我手机里有。
审判长：原告，被告以前还的三万元，你们认为是本金还是利息？
原告委托诉讼代理人：三万元认可是归还的本金。
被告：我多付的利息四千元要求冲抵本金。
原告委托诉讼代理人：多付利息是被告自愿的，不同意冲抵。
审判长：本庭组织双方调解。原告的意见？
原告委托诉讼代理人：原告同意被告分期支付十万元，可以调解。
审判长：被告的意见？
被告：最多能拿出六万元，多了没有。
审判长：休庭。双方于庭后五个工作日内提交书面代理意见，被告在三日内补交转账凭证。
"""

WAGES_SPACED = """某市某区人民法院
庭审笔录
时间：2024年5月20日9时30分至2024年5月20日10时40分
地点：某区人民法院第一法庭
案由：劳务合同纠纷
审判员：戊某　书记员：己某
原告：葛长生，男，瓦工。
被告：某建材经营部，经营者符晓东。
审判员　原告，被告拖欠你多少劳务费？
原告　被告还欠我劳务费二万三千元，一直没给。
审判员　被告，你们认为欠多少？
被告　原告说我们还欠二万三千元，这个数不对，我们只欠一万八千元，原告有五天没来上工。
审判员　被告称2024年3月给原告现金五千元，原告认可吗？
原告　这五千元收到了，认可。
审判员　借支的钱利息怎么算的？
原告　借支的钱说好年利率百分之六。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("hearing"), {
        "借贷庭审.pdf": LOAN_SHORT, "借贷庭审_全称.txt": LOAN_FULL, "劳务庭审.txt": WAGES_SPACED})


@pytest.mark.parametrize("name, question, owed", [
    ("借贷庭审.pdf", "被告还欠原告多少本金？", {80000, 50000}),
    ("借贷庭审_全称.txt", "被告到底还欠原告多少钱？", {120000, 70000}),
    ("劳务庭审.txt", "被告还欠原告多少劳务费？", {23000, 18000}),
])
def test_a_sum_owed_told_differently_by_the_sides_is_each_sides_attributed(home, name, question, owed):
    answer = ask(home, name, question)
    assert owed <= amounts(answer.conclusion), answer.conclusion
    assert "原告" in answer.conclusion and "被告" in answer.conclusion, answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW, answer.conclusion  # a conflict, never one side chosen
    assert answer.conflicts and all(s in answer.conflicts[0].description for s in ("原告", "被告"))


@pytest.mark.parametrize("name, question, gap", [
    ("借贷庭审.pdf", "原告主张的欠款比被告认可的多出多少？", 30000),
    ("借贷庭审_全称.txt", "双方说的欠款相差多少？", 50000),
    ("劳务庭审.txt", "原被告说的劳务费差额是多少？", 5000),
])
def test_the_difference_between_the_sides_sums_is_computed_with_its_equation(home, name, question, gap):
    answer = ask(home, name, question)
    assert gap in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == gap for c in answer.calculations), answer.calculations


@pytest.mark.parametrize("name, question, own, other", [
    ("借贷庭审.pdf", "原告主张被告还欠多少？", 80000, 50000),
    ("借贷庭审_全称.txt", "被告自己认为还欠多少钱？", 70000, 120000),
])
def test_one_side_asked_gets_its_own_figure_attributed(home, name, question, own, other):
    answer = ask(home, name, question)
    assert own in amounts(answer.conclusion) and other not in amounts(answer.conclusion), answer.conclusion
    side = "原告" if own == 80000 else "被告"
    assert answer.conclusion.startswith(f"{side}称"), answer.conclusion


def test_each_sides_sum_is_given_when_asked_what_each_says(home):
    answer = ask(home, "劳务庭审.txt", "双方对欠款数额各自怎么说？")
    assert {23000, 18000} <= amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts, answer.conclusion


@pytest.mark.parametrize("name, question, monthly, yearly", [
    ("借贷庭审.pdf", "第一笔借款的利率换算成年利率是多少？", "1.5", 18),
    ("借贷庭审.pdf", "第二笔借款年利率是多少？", "2", 24),
    ("借贷庭审_全称.txt", "说好的利息折合年利率是多少？", "2", 24),
])
def test_a_rate_said_per_month_asked_per_year_is_times_twelve(home, name, question, monthly, yearly):
    answer = ask(home, name, question)
    assert f"{yearly}%" in answer.conclusion and "×12" in answer.conclusion, answer.conclusion
    assert held_as_said(answer), (answer.conclusion, answer.checks)
    assert any(str(c.result) == str(yearly) for c in answer.calculations), answer.calculations


def test_a_rate_said_per_year_is_never_multiplied_and_a_monthly_one_never_shown_as_yearly(home):
    answer = ask(home, "劳务庭审.txt", "借支的钱年利率是多少？")
    assert "百分之六" in answer.conclusion and "×12" not in answer.conclusion, answer.conclusion
    answer = ask(home, "借贷庭审.pdf", "第二笔借款的月利率是多少？")
    assert "每月百分之二" in answer.conclusion and "×12" not in answer.conclusion, answer.conclusion


@pytest.mark.parametrize("name, question, accept, most, never", [
    ("借贷庭审.pdf", "调解时原告愿意接受多少？被告最多愿意付多少？", 60000, 40000, 100000),
    ("借贷庭审_全称.txt", "调解中原告和被告各自提出的数额是多少？", 100000, 60000, 160000),
])
def test_mediation_offers_are_each_sides_never_summed(home, name, question, accept, most, never):
    answer = ask(home, name, question)
    found = amounts(answer.conclusion)
    assert {accept, most} <= found and never not in found, answer.conclusion
    plaintiff = answer.conclusion.index("原告")
    defendant = re.search(r"被告(?:称|提出的数额为)", answer.conclusion).start()  # the side's own sum, stated
    assert str(accept // 10000) not in answer.conclusion[defendant:] or plaintiff > defendant


@pytest.mark.parametrize("name, question, says, not_says", [
    ("借贷庭审.pdf", "原告庭后要在几日内提交什么材料？", ["七日", "银行流水"], ["证人名单"]),
    ("借贷庭审.pdf", "被告庭后需要提交什么？期限几天？", ["十日", "证人名单"], ["银行流水"]),
    ("借贷庭审_全称.txt", "庭后双方要提交什么材料，期限是几天？", ["五个工作日", "书面代理意见", "三日", "转账凭证"], []),
])
def test_tasks_set_after_the_hearing_are_what_and_how_many_days(home, name, question, says, not_says):
    answer = ask(home, name, question)
    assert all(s in answer.conclusion for s in says), answer.conclusion
    assert not any(s in answer.conclusion for s in not_says), answer.conclusion
    assert held_as_said(answer), answer.conclusion


@pytest.mark.parametrize("name, question, says", [
    ("借贷庭审.pdf", "第一笔借款被告实际到手多少钱？", {94000, 100000}),
])
def test_what_the_borrower_got_is_attributed_and_a_denied_deduction_is_a_conflict(home, name, question, says):
    answer = ask(home, name, question)
    assert says <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion


def test_the_iou_sum_less_a_fee_taken_off_is_what_was_got_with_its_equation(home):
    answer = ask(home, "借贷庭审_全称.txt", "第二笔借款被告实际拿到手多少？")
    assert 45000 in amounts(answer.conclusion) and "被告" in answer.conclusion, answer.conclusion
    assert any(c.result == 45000 for c in answer.calculations), answer.calculations
    assert held_as_said(answer), (answer.conclusion, answer.checks)


@pytest.mark.parametrize("name, question, total, held", [  # held: passes every badge check, held as said
    ("借贷庭审.pdf", "第一笔借款被告一共付了多少利息？", {15000}, True),
    ("借贷庭审.pdf", "第二笔借款的利息一共付了多少？", {1100}, True),
    ("借贷庭审_全称.txt", "第二笔借款一共付了多少利息？", {8000, 6000}, False),
])
def test_interest_paid_on_one_loan_is_summed_over_its_payments(home, name, question, total, held):
    answer = ask(home, name, question)
    assert total <= amounts(answer.conclusion), answer.conclusion
    assert {c.result for c in answer.calculations} >= total, answer.calculations
    if held:
        assert held_as_said(answer), (answer.conclusion, answer.checks)
    else:
        assert answer.status is Status.NEEDS_REVIEW and not held_as_said(answer), (answer.conclusion, answer.checks)


@pytest.mark.parametrize("name, question, opens, says, held", [  # held: passes every badge check, held as said
    ("借贷庭审.pdf", "被告说春节前给过原告现金一万元，原告认不认？", "原告称记不清", ["春节前"], False),
    ("借贷庭审_全称.txt", "被告称年底转给原告二万元，原告认可吗？", "否", ["没有收到", "年底"], False),
    ("劳务庭审.txt", "被告说给过原告现金五千元，原告认可吗？", "是", ["收到了"], True),
    ("借贷庭审.pdf", "原告认不认这一万元是还本金？", "否", ["只能算利息", "是还本金"], False),
    ("借贷庭审_全称.txt", "原告认可被告还的三万元是本金吗？", "是", ["归还的本金"], True),
])
def test_the_other_sides_answer_to_a_claim_is_quoted_beside_it(home, name, question, opens, says, held):
    answer = ask(home, name, question)
    assert answer.conclusion.startswith(opens), answer.conclusion
    assert all(s in answer.conclusion for s in says), answer.conclusion
    if held:
        assert held_as_said(answer), answer.conclusion
    else:
        assert answer.status is Status.NEEDS_REVIEW, answer.conclusion
        assert answer.conflicts, "the claim and the answer disagree: stated as a conflict"


def test_an_approximate_time_of_a_claimed_payment_is_never_made_a_day(home):
    answer = ask(home, "借贷庭审.pdf", "被告说春节前给过原告现金一万元，原告认不认？")
    assert not re.search(r"\d{4}年\d{1,2}月\d{1,2}日", answer.conclusion), answer.conclusion


@pytest.mark.parametrize("name, question, sum_, conflict", [
    ("借贷庭审.pdf", "被告认为多付的利息有多少应抵本金？", 3000, False),
    ("借贷庭审_全称.txt", "被告要求冲抵本金的利息是多少？", 4000, True),
])
def test_overpaid_interest_to_be_set_off_is_the_sides_own_figure(home, name, question, sum_, conflict):
    answer = ask(home, name, question)
    assert sum_ in amounts(answer.conclusion) and "被告称" in answer.conclusion, answer.conclusion
    assert bool(answer.conflicts) is conflict, answer.conclusion


def test_a_word_of_assent_negated_right_before_it_is_a_denial():
    from engine.answer.casefile.hearing import _DENY

    for denial in ("我没有同意过，协议写得很清楚。", "原告从未认可这笔钱。", "这八千元我并未收到。", "我没承认过。"):
        assert _DENY.search(denial), denial
    for assent in ("我同意，这笔钱确实收到了。", "认可，收到过。"):
        assert not _DENY.search(assent), assent


def test_a_principal_listed_beside_the_interest_is_no_interest_paid():
    from engine.answer.casefile.loans import _interest_listed
    from engine.text.numbers import find_amounts

    claim = "判令被告偿还借款本金200,000元、利息30,800元（以200,000元为基数，按年利率15.4%计算）"
    assert [a.value for a in _interest_listed(claim, find_amounts(claim))] == [30800]
    paid = "第一次付了3000元、第二次付了2500元"
    assert [a.value for a in _interest_listed(paid, find_amounts(paid))] == [3000, 2500]
