"""Money that comes back, and money that does not fit one payer → one payee (issue #26 items 2, 6):
a refund promised and part of it paid (what is still owed of the promise), whether a refund was made
(有没有退过钱 asks whether and how much, never what is left), and money handed over "as well"
(另外还给了他…现金 is a payment, not money back). A record written for these tests."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from engine.answer.casefile.badge import STATEMENT_DOUBT
from engine.question import read_question
from tests.case_homes import amounts, ask, held_as_said, record_home
from tests.ledger.text_ledger import TextLedger

# A victim's inquiry: two purchases (one transfer, one partly in cash handed to the seller), a refund
# promised, part of it paid, and goods not yet taken back (还没有 of the goods, not of the money).
BUYER = """询问笔录
时间：2023年6月20日9时00分至2023年6月20日10时10分
地点：某县公安局城关派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：司马兰 性别：女
问：你买了些什么？怎么付的钱？
答：5月8日我在店里买了一台按摩椅，用手机银行转了15,000.00元，另外还给了推销员欧阳平三千二百元现金。
问：后来有没有去找过他们？
答：找过。6月2日我去店里找欧阳平，他答应退我们一万元。6月9日他用微信给我转了4000元，说剩下的下个月给。
问：按摩椅退回去了吗？
答：还没有，他说等钱退齐了再来搬，现在按摩椅还在我家里。
问：以上所说是否属实？
答：属实。
"""


def test_money_handed_over_as_well_is_a_payment_not_money_back():
    t = TextLedger(BUYER)
    cash = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(3200)]
    assert cash and all(e.kind != "repay" for e in cash)  # 另外还给了: 还 is "also"


def test_whether_a_refund_was_made_is_no_question_of_what_is_left():
    plan = read_question("欧阳平有没有退过钱？哪天退的，退了多少？").case
    assert plan.aggregate != "outstanding" and plan.kind == "repay"
    # what is still not refunded stays a balance, whichever way it is put
    assert read_question("还有没退的钱吗？还有多少？").case.aggregate == "outstanding"
    assert read_question("答应退的钱还有多少没有退？").case.aggregate == "outstanding"

# A witness sent money she did not take: the transfer is told, her refusing it in the same sentence.
REFUSED = """询问笔录
时间：2024年6月3日9时00分至2024年6月3日10时00分
地点：某县公安局城东派出所询问室
询问人：甲某、乙某 记录人：乙某
被询问人：温雅琴 性别：女
问：那个科长后来有没有找过你？
答：5月8日晚上，他用微信给我发了一笔转账，金额是1,500.00元，我没有收，过了二十四小时自动退回去了。
问：你们在茶庄买东西了吗？
答：第二天车开进了一个普洱茶庄，导游说“昨天没买够的今天必须补上”。我爱人买了两饼普洱茶，花了九百六十元，付的现金。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Iterator:
    yield from record_home(Path(tmp_path_factory.mktemp("refunds")), {"buyer.txt": BUYER, "refused.txt": REFUSED})


def test_money_sent_and_not_taken_answers_whether_she_took_it_no(home):
    answer = ask(home, "refused.txt", "科长微信转给她的钱，她收下了没有？转了多少？")
    assert answer.conclusion.startswith("否") and 1500 in amounts(answer.conclusion), answer.conclusion


def test_a_refund_made_is_answered_yes_with_its_day_and_sum(home):
    answer = ask(home, "buyer.txt", "欧阳平有没有退过钱？哪天退的，退了多少？")
    text = answer.conclusion
    # the 还没有 of the goods is no verdict on the money: the refund row says it happened (the 是否 of
    # the note on a value read out of what was said is no verdict either: read the text without it)
    assert text.startswith("是") and "否" not in text.replace(STATEMENT_DOUBT, "")
    assert "4000" in text and "6月9日" in text
    assert "6000" not in text  # what is left is not asked


def test_a_refund_promised_less_the_refunds_paid_is_what_is_still_owed_of_it(home):
    answer = ask(home, "buyer.txt", "欧阳平答应退的钱还有多少没有退？")
    assert "6000" in answer.conclusion
    assert "3200" not in answer.conclusion and "800" not in answer.conclusion


def test_a_means_beside_another_figure_is_not_this_figures():
    t = TextLedger(BUYER)
    transfer = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(15000)]
    # 用手机银行转了15,000.00元，另外还给了…三千二百元现金: 现金 is how the 3200 went, never the 15000
    assert transfer and transfer[0].means is not None and transfer[0].means.text == "手机银行"
    t2 = TextLedger(BUYER.replace("用手机银行转了15,000.00元", "又转了15,000.00元"))
    transfer = [e for e in t2.ledger.money if e.amount is not None and e.amount.value == Decimal(15000)]
    assert transfer and (transfer[0].means is None or transfer[0].means.text != "现金")


# A suspect's interrogation: damages agreed after haggling, paid in two parts (one by a relative), and
# the victim's family asking for more.
DAMAGES = """讯问笔录
时间：2023年8月2日14时00分至2023年8月2日15时20分
地点：某县公安局河西派出所讯问室
侦查员：丙某、丁某 记录人：丁某
被讯问人：诸葛强 性别：男
问：出事以后你给受害人家里赔过钱没有？
答：赔过两次。第一次是7月10日，我拿了一万五千元现金给他的女儿上官敏。
问：第二次呢？
答：第二次是7月25日，我手上没钱了，找我姐姐借的，她直接用支付宝转给上官敏两万五千元。
问：受害人家里要求你赔多少？
答：上官敏说要赔八万，包括医疗费、护理费这些。我说一下拿不出那么多，还在商量。
"""

SETTLED = """讯问笔录
时间：2023年9月5日10时00分至2023年9月5日11时00分
地点：某县公安局河西派出所讯问室
侦查员：丙某、丁某 记录人：丁某
被讯问人：欧阳明 性别：男
问：你们双方有没有协商赔偿？
答：协商了。令狐伟开口要四万，说车要按4S店的价算。
问：最后赔了多少？
答：最后谈下来是一万八千元。9月1日我用微信转给他8000元，9月3日又在派出所当面给了他一万元现金。
"""


def test_a_sum_asked_with_yao_pei_is_a_demand_not_a_payment():
    t = TextLedger(DAMAGES)
    asked = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(80000)]
    assert asked and asked[0].role == "demand" and asked[0].kind != "compensation"


def test_a_sum_haggled_down_is_agreed_and_the_payments_are_checked_against_it():
    t = TextLedger(SETTLED)
    agreed = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(18000)]
    assert agreed and agreed[0].role == "agreed"  # 谈下来是: an obligation, never a third payment
    paid = sorted(e.amount.value for e in t.rows() if e.kind == "compensation")
    assert paid == [Decimal(8000), Decimal(10000)]


def test_paid_and_short_of_the_demand_is_planned_as_two_parts_of_one_question():
    plan = read_question("出事后诸葛强一共赔了多少钱？离家属要求的数额还差多少？").case
    assert plan.short_of_demand and plan.kind == "compensation" and plan.aggregate == "total"
    assert not plan.unplanned
    assert not read_question("他还要求再赔多少？").case.short_of_demand


@pytest.fixture(scope="module")
def damages(tmp_path_factory) -> Iterator:
    yield from record_home(Path(tmp_path_factory.mktemp("damages")),
                           {"damages.txt": DAMAGES, "settled.txt": SETTLED,
                            "overpaid.txt": DAMAGES.replace("说要赔八万", "说要赔三万")})


def test_the_payments_summed_and_the_demand_less_them(damages):
    answer = ask(damages, "damages.txt", "出事后诸葛强一共赔了受害人家多少钱？离家属要求的数额还差多少？")
    assert held_as_said(answer)
    assert "40000" in answer.conclusion and "80000" in answer.conclusion and "还差40000" in answer.conclusion


def test_a_demand_below_what_was_paid_is_never_a_negative_difference(damages):
    answer = ask(damages, "overpaid.txt", "出事后诸葛强一共赔了受害人家多少钱？离家属要求的数额还差多少？")
    assert answer.status.value != "answered" and "-10000" not in answer.conclusion


def test_what_was_actually_paid_is_the_payments_not_the_sum_agreed_nor_asked(damages):
    answer = ask(damages, "settled.txt", "欧阳明最后实际赔给令狐伟多少钱？")
    assert "18000" in answer.conclusion and "36000" not in answer.conclusion and "40000" not in answer.conclusion


@pytest.mark.parametrize("bought, prices", [
    ("买了3盒蜂胶，一盒980元，一共2940元，又买了2盒鱼油，每盒1500元", {980, 1500}),
    # one pattern for 一盒980元 and 吊水一瓶四十元: a unit of weight or of shots, with 是 / 要 before the figure
    ("买了2斤茶叶，一斤是六百元，又打了一针，一针要一百五十元", {600, 150}),
])
def test_a_price_per_piece_said_before_the_sum_is_per_piece_not_a_payment(bought, prices):
    t = TextLedger(BUYER.replace("买了一台按摩椅，用手机银行转了15,000.00元", f"{bought}，用手机银行转了15,000.00元"))
    each = {e.amount.value for e in t.ledger.money if e.role == "each"}
    assert {Decimal(p) for p in prices} <= each
    assert not any(e.role == "event" and e.amount.value in prices for e in t.ledger.money)


def test_the_rest_paid_in_cash_is_not_how_this_figure_was_paid():
    t = TextLedger(BUYER.replace("用手机银行转了15,000.00元，另外还给了推销员欧阳平三千二百元现金",
                                 "在银行转了一万五，剩下的三千二是现金给推销员欧阳平的"))
    transfer = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(15000)]
    assert transfer and (transfer[0].means is None or "现金" not in transfer[0].means.text)


def test_a_channel_named_by_tongguo_is_no_payer():
    plan = read_question("通过银行转账一共转出去多少钱？").case
    assert plan.payer is None and plan.channels == ["银行"]
    assert read_question("保险公司一共赔了多少钱？").case.payer == "保险公司"


def test_cash_handed_to_someone_restricts_to_cash():
    assert read_question("不算会员费，直接交给欧阳平的现金一共是多少？").case.channels == ["现金"]
    assert read_question("他的现金放在哪里？一共多少钱？").case.channels == []


# A shop manager's interrogation: money underpaid is told by its verb (少交的…), an organisation is
# paid by its kind's name (转给自来水公司), and the repairman is named by his trade.
METER = """讯问笔录
时间：2024年3月4日14时00分至2024年3月4日15时20分
地点：某县公安局经侦大队办公室
讯问人：甲某、乙某 记录人：乙某
被讯问人：童立群 性别：男
问：水表是谁改的？你给了他多少钱？
答：是一个修水管的范师傅改的，我给了范师傅三千元现金。
问：改了以后每个月少交多少水费？
答：我没仔细算，少交的水费一个月也就两千块钱左右。
问：出事以后店里有没有补交？
答：补了。3月1日店里通过对公账户转给自来水公司四万五千元。我在一家物流公司干过两年，这些手续我熟。
"""


def test_money_underpaid_is_no_payment_and_an_organisation_is_paid_by_its_name():
    t = TextLedger(METER)
    paid = {e.amount.value: e for e in t.rows(kind="pay") if e.amount is not None}
    assert Decimal(2000) not in paid  # 少交的水费…两千块钱: what was not paid moves nothing
    assert paid[Decimal(3000)].payee == "范师傅"
    # 转给自来水公司: the company received it — never a payer read out of 公司, never the repairman's
    assert paid[Decimal(45000)].payee == "自来水公司" and paid[Decimal(45000)].payer != "公司"
    # an organisation named with no marker (在一家物流公司干过) is nobody's party
    assert all("物流公司" not in (e.payer or "") for e in t.ledger.money)


def test_words_someone_is_quoted_saying_deny_nothing_of_the_act(home):
    """导游说“昨天没买够的…” is the guide's words, no denial that the tea was bought: the figure answers."""
    answer = ask(home, "refused.txt", "她爱人买普洱茶花了多少钱？")
    assert 960 in amounts(answer.conclusion) and "并无此笔款项" not in answer.conclusion, answer.conclusion


def test_an_unmarked_organisation_word_run_into_a_date_is_still_its_plain_party():
    """3月20日银行把…退回: 日银行 is no organisation's name — the bank (银行) is the one who gave it back."""
    t = TextLedger(METER.replace("我在一家物流公司干过两年，这些手续我熟。",
                                 "3月20日银行把冻结的8,500元原路退回到店里的卡上了。"))
    back = [e for e in t.ledger.money if e.amount is not None and e.amount.value == Decimal(8500)]
    assert back and back[0].payer == "银行", back
