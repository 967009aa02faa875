"""Case facts beyond payments, read from text written for these tests through the real loader and
chunker (tests/ledger/text_ledger.py): what each figure measures, its unit, who, when (festivals,
lunar months, days without a year), figures told again, versions and slips of the pen."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.answer.casefile.facts.when import relative_range, resolve
from engine.answer.casefile.facts import Anchor, Value
from tests.ledger.text_ledger import TextLedger

pytestmark = pytest.mark.unit

HEADER = """询问笔录
时间：2024年6月20日9时00分至2024年6月20日11时00分
地点：某县公安局第二询问室
询问人：甲某、乙某
被询问人：吕春燕 性别：女
"""


def rows(ledger, **want):
    return [e for e in ledger.events if all(getattr(e, k) == v for k, v in want.items())]


def test_a_sum_raised_from_a_withdrawal_and_a_loan_is_the_deposit_and_the_loan_runs_the_other_way():
    t = TextLedger(HEADER + """问：第四次是怎么给的？
答：第四次是6月3日，我在银行柜台取了三万元定期，又向我表姐宋美华借了一万元现金，一共4万元，用无卡存款存到一个账户里，户名龚立新，卡号6217000011112222333。
""")
    moved = rows(t.ledger, role="event")
    loan = next(e for e in moved if e.measure == "loan")
    deposit = next(e for e in moved if e.measure != "loan")
    assert (loan.amount.value, loan.payer, loan.payee) == (Decimal(10000), "宋美华", "吕春燕")
    assert (deposit.amount.value, deposit.payer, deposit.payee) == (Decimal(40000), "吕春燕", "龚立新")
    assert not [e for e in moved if e.amount.value == 30000]  # one's own money taken out


def test_a_figure_told_again_is_a_mention_and_one_said_to_be_another_is_not():
    t = TextLedger(HEADER + """问：你转了几笔？
答：5月6日我用手机银行转给龚立新2万元，5月9日又转给他2万元。
问：钱退回来没有？
答：我5月9日转的那笔2万元被冻结了，后来退回来8000元。
""")
    moved = rows(t.ledger, role="event", kind="pay")
    assert [e.amount.value for e in moved] == [Decimal(20000), Decimal(20000)]  # 又: a second one
    (mention,) = rows(t.ledger, role="mention")
    assert mention.same_as == moved[1].id  # 5月9日转的那笔: the second transfer, told again


def test_a_correction_with_its_cue_in_the_sentence_before_targets_the_row_it_names():
    t = TextLedger(HEADER + """问：第一次转了多少？
答：第一次是5月2日，转了5000元。
问：第二次呢？
答：第二次是5月6日，转了5000元。
询问笔录（第二次）
时间：2024年6月27日9时00分至2024年6月27日10时00分
问：上次说的有没有要更正的？
答：有。第二笔上次说错了。5月6日那笔是6500元，不是5000元。
""")
    first, second = rows(t.ledger, role="event", ordinal=1)[0], rows(t.ledger, role="event", ordinal=2)[0]
    corrected = next(e for e in t.ledger.events if e.corrects)
    assert corrected.corrects == second.id and corrected.amount.value == 6500 and corrected.session == 2
    assert corrected.kind == second.kind and not any(e.corrects == first.id for e in t.ledger.events)


def test_a_sum_stated_again_after_a_correction_is_a_later_version_of_it():
    t = TextLedger(HEADER + """问：你一共转了多少？
答：三次一共一万二千元。
询问笔录（第二次）
时间：2024年6月27日9时00分至2024年6月27日10时00分
问：有没有要更正的？
答：第三笔我记错了，应该是5500元，不是4000元。这样算一共是一万三千五百元。
""")
    first, later = [e for e in t.ledger.events if e.role == "total"]
    assert (first.amount.value, later.amount.value, later.corrects) == (Decimal(12000), Decimal(13500), first.id)


def test_not_misremembered_is_no_correction():
    t = TextLedger(HEADER + """问：有没有要更正的？
答：第一次那3000元没有记错。
""")
    assert t.ledger.corrections == []


def test_what_a_figure_measures_beside_the_movements():
    t = TextLedger(HEADER + """问：现向你宣读价格认定结论书：被盗索尼相机一台认定价值4200元；金手镯一只认定价值7800元；以上两项合计认定价值12000元。你有没有异议？
答：没有异议。
问：相机卖到哪里去了？
答：卖给了一个收旧货的，卖了九百块钱，我分到六百元。
问：你对方还说了什么？
答：他又说还差两千，让我再想办法。
""")
    valued = [e for e in rows(t.ledger, measure="valuation") if e.is_money]
    assert {(e.role, e.amount.value) for e in valued} == {("value", 4200), ("value", 7800), ("total", 12000)}
    assert all(e.source == "asker" for e in valued)  # read out by the asker
    assert [(e.role, e.amount.value) for e in rows(t.ledger, measure="sale") if e.is_money] == [("value", 900)]
    assert [(e.role, e.amount.value) for e in rows(t.ledger, measure="share") if e.is_money] == [("value", 600)]
    assert [e.role for e in t.ledger.events if e.amount is not None and e.amount.value == 2000] == ["demand"]


def test_per_piece_figures_are_not_sums():
    t = TextLedger(HEADER + """问：钱是怎么发的？
答：老板转给我6万元，我给10个人每人发了6000元。信封里是购物卡，每张面值500元，都是一百元一张的现金。
""")
    each = {e.amount.value for e in t.ledger.events if e.role == "each"}
    assert {Decimal(6000), Decimal(500)} <= each and not rows(t.ledger, role="event", amount=None)


def test_a_price_per_cubic_metre_square_metre_or_mu_is_no_payment():
    for said in ("老板说混凝土按每立方米两千元给我算钱，一共打了三十方，他已经付给我一万元。",
                 "每方给我三百元，他转给我一万元。", "地按每亩八百元算，他转给我一万元。",
                 "石料三百元一方，他付给我一万元。"):
        t = TextLedger(HEADER + "问：钱是怎么算的？\n答：" + said + "\n")
        paid = [e.amount.value for e in rows(t.ledger, role="event") if e.amount is not None]
        assert paid == [Decimal(10000)], (said, paid)


def test_the_askers_frame_says_who_gave_to_whom():
    t = TextLedger(HEADER + """问：冯国栋第二次给你送钱是什么时候？
答：2023年国庆节前几天。他走了以后我打开纸袋一看，里面是现金8万元。
""")
    (gift,) = rows(t.ledger, role="event")
    assert (gift.payer, gift.payee, gift.measure) == ("冯国栋", "吕春燕", "gift")
    assert gift.date.precision == "festival" and gift.date.range == ("2023-09-24", "2023-09-30")


def test_two_peoples_second_gifts_are_two_gifts_not_versions():
    t = TextLedger(HEADER + """问：冯国栋第二次给你送钱是什么时候？
答：2022年春节前，他送来现金3万元。
问：严佳丽第二次给你送了什么？
答：2022年端午节前后，她送来现金2万元。
""")
    assert not [e for e in t.ledger.events if e.corrects]


def test_festivals_lunar_months_and_relative_words_are_ranges_never_days():
    def placed(text, reference="2024-03-20", context=None):
        value = Value(text, text, Anchor("", 0, 0), precision="festival")
        resolve(value, reference, context)
        return value.range, value.resolved

    assert placed("2021年春节前") == (("2021-01-13", "2021-02-11"), None)
    assert placed("中秋节前一天", "2023-12-01") == (("2023-09-28", "2023-09-28"), None)
    assert placed("腊月二十五六", context=2021) == (("2021-02-06", "2021-02-07"), None)
    assert placed("去年腊月") == (("2024-01-11", "2024-02-09"), None)  # lunar 2023's, before 2024's spring
    from datetime import date
    assert relative_range("上个月中旬", date(2024, 3, 20)) == (date(2024, 2, 11), date(2024, 2, 20))


def test_a_day_without_its_year_takes_the_records_year_and_the_closing_date_counts():
    t = TextLedger("""询问笔录
问：钱退回来没有？
答：12月28日退回来了3000元。
以上笔录我看过，和我说的相符。
被询问人：吕春燕 2024年1月9日
""")
    (refund,) = rows(t.ledger, role="event")
    assert refund.date.value == "--12-28" and refund.date.resolved == "2023-12-28"
    assert t.ledger.dated[1][0] == "2024-01-09"


def test_quantities_are_rows_with_units_totals_and_slips_of_the_pen():
    t = TextLedger(HEADER + """问：你喝了多少？
答：先喝了两瓶黄酒，后来又喝了一瓶黄酒，一共是3瓶黄酒。
问：不合格的管材有多少吨？
答：检测报告载明不合格的重量是18吨，起诉状中写的20吨是笔误。
""")
    bottles = [(e.role, e.amount.value, e.subject) for e in t.ledger.events if e.unit == "瓶"]
    assert bottles == [("value", 2, "黄酒"), ("value", 1, "黄酒"), ("total", 3, "黄酒")]
    assert [e.amount.value for e in t.ledger.events if e.unit == "吨"] == [Decimal(18)]
    (slip,) = t.ledger.corrections
    assert (slip.field, slip.unit, slip.old.value, slip.new.value, slip.clerical) == ("quantity", "吨", 20, 18, True)


def test_goods_got_back_are_named_and_cash_lost_is_a_loss():
    t = TextLedger(HEADER + """问：据受害人陈述，被抢现金600元，是否属实？
答：属实。
问：被抢的索尼相机已于2024年5月2日追回，并已发还被害人，你知道吗？
答：知道。
""")
    (lost,) = rows(t.ledger, measure="loss")
    assert lost.amount.value == 600 and lost.kind == "take"
    (goods,) = rows(t.ledger, role="recovered")
    assert "相机" in goods.subject and goods.date.value == "2024-05-02"


def test_a_spouse_paying_pays_for_the_one_named_by_surname_and_title():
    t = TextLedger(HEADER + """问：苗德旺欠你们多少工资？
答：苗德旺一共欠我们5万元。
问：苗德旺付过钱没有？
答：付过一次，苗老板的老婆韩秀云拿了现金1万元交给我。
""")
    (paid,) = rows(t.ledger, role="event")
    assert (paid.payer, paid.behalf, paid.amount.value) == ("韩秀云", "苗德旺", Decimal(10000))


def test_an_appraisal_the_asker_puts_to_the_speaker_for_objection_is_read_as_the_records_fact():
    # 经…价格认定，…价值X元…，你对…有没有意见: the asker states a finding and asks for objections
    t = TextLedger(HEADER + """问：经本县价格认证中心认定，你拿走的那台笔记本电脑价值肆仟伍佰元，一块手表价值八百块钱，你对认定的价格有没有意见？
答：没有意见。
""")
    valued = sorted(e.amount.value for e in rows(t.ledger, measure="valuation"))
    assert valued == [Decimal(800), Decimal(4500)]
    assert all(e.source == "asker" for e in rows(t.ledger, measure="valuation"))


def test_goods_the_police_seized_are_goods_got_back():
    t = TextLedger(HEADER + """问：东西都去哪了？
答：电动自行车被民警从我住处搜出来扣押了。
""")
    (got_back,) = [e for e in t.ledger.events if e.role == "recovered"]
    assert "电动自行车" in got_back.subject


HEARING_WITH_HEADINGS = """某市某区人民法院
庭审笔录
时间：2024年6月3日9时00分至11时20分
地点：某市某区人民法院第三审判庭
审判长：苗某
书记员：葛某
原告：某某建材有限公司，住所地某市某路1号。
委托诉讼代理人：濮某，某律师事务所律师。
被告：宓某，男，1980年1月2日出生。
审判长：现在开庭，核对当事人身份。原告方到庭的是谁？
原告委托诉讼代理人：濮某，受原告委托出庭。
审判长：被告。
被告：宓某，本人到庭。
审判长：请原告陈述诉讼请求和事实理由。
原告委托诉讼代理人：诉讼请求：一、判令被告支付货款五万元；二、本案诉讼费由被告承担。
原告委托诉讼代理人：事实和理由：原告向被告供应瓷砖，货款共计八万元，被告于2024年1月5日支付了三万元，余款至今未付。
审判长：被告答辩。
被告：货是收到了，钱我只欠四万元。
审判长：双方是否愿意调解？
原告委托诉讼代理人：同意调解。
被告：不同意调解。
以上笔录经当事人阅读，确认无误。
"""


def test_a_speakers_turn_opening_with_a_heading_is_speech_and_its_claim_is_a_demand():
    # 原告委托诉讼代理人：诉讼请求：… has two `key：` but is the plaintiff speaking, not a header field
    t = TextLedger(HEARING_WITH_HEADINGS)
    claims = [s for s in t.ledger.statements if "诉讼请求" in s.answer]
    assert claims and claims[0].party == "原告"
    claimed = [e for e in t.ledger.money if e.amount.value == 50000]
    assert [(e.kind, e.role) for e in claimed] == [("demand", "demand")]
    paid = [e for e in t.ledger.money if e.role == "event" and e.kind == "pay"]
    assert [e.amount.value for e in paid] == [Decimal(30000)]


def test_the_unit_a_price_is_per_is_not_a_quantity_of_one():
    t = TextLedger(HEADER + """问：工钱怎么算的？
答：我做木工，一个月六千元，一共四个月。苗海燕是计件的，贴砖一件捌元，做了2150件。
""")
    quantities = {(e.unit, e.amount.value) for e in t.ledger.events if e.kind == "quantity"}
    assert ("件", Decimal(2150)) in quantities and ("个月", Decimal(4)) in quantities
    assert not [q for q in quantities if q[1] == 1]


SPACED_HEARING = """某市某区人民法院
庭审笔录
时间：2024年9月3日9时00分至11时20分
地点：某市某区人民法院第二审判庭
审判长：柏某
书记员：岑某
原告：某某五金有限公司，住所地某市某路8号。
委托诉讼代理人：詹某，某律师事务所律师。
被告：滕某，男，1979年3月4日出生。
审判长 现在开庭，核对当事人身份。原告方到庭的是谁？
原告代理人詹某 詹某，受原告委托出庭。
审判长 被告。
被告滕某 滕某，本人到庭。
审判长 请原告陈述诉讼请求。
原告代理人詹某 诉讼请求：一、判令被告支付货款六万元；二、本案诉讼费由被告承担。
审判长被告答辩。
被告滕某货是收到了，我已经在2024年3月8日转账付了两万元。
审判长 双方是否同意调解？
原告代理人詹某 同意调解。
被告滕某 不同意调解，请法院依法判决。
以上笔录经当事人阅读，确认无误。
"""


def test_speaker_labels_set_off_by_a_space_or_glued_to_the_speech_are_turns():
    # 审判长 请原告陈述… / 被告滕某货是收到了…: no colon; the second has lost its space too
    t = TextLedger(SPACED_HEARING)
    said = [(s.party, s.question, s.answer.strip()) for s in t.ledger.statements if s.kind == "qa"]
    assert ("原告", "请原告陈述诉讼请求。", "诉讼请求：一、判令被告支付货款六万元；二、本案诉讼费由被告承担。") in said
    assert ("被告", "被告答辩。", "货是收到了，我已经在2024年3月8日转账付了两万元。") in said
    assert {(e.kind, e.role, e.amount.value) for e in t.ledger.money} == {
        ("demand", "demand", Decimal(60000)), ("pay", "event", Decimal(20000))}


def test_one_by_one_is_no_count_of_times():
    # 我一笔一笔说 / 一次一次地: how the speaker tells it, never "once"
    t = TextLedger(HEADER + """问：你是怎么给他钱的？
答：前后分了好几次给的，我一笔一笔说。
问：第一笔呢？
答：2023年3月2日我用微信转给他三千元。
问：你再说一遍，给了几次？
答：一共给了三次。
""")
    assert [e.count for e in t.ledger.events if e.role == "count"] == [3]


def test_the_cash_machine_money_was_drawn_at_is_not_how_it_was_handed_over():
    t = TextLedger(HEADER + """问：第二次是怎么给的？
答：第二次是4月初。他说这次要现金，让我到河西的一家茶馆交给他。我在茶馆旁边的取款机上取了钱，进去以后给了他五千元。
""")
    paid = [e for e in t.ledger.events if e.role == "event" and e.amount is not None]
    assert len(paid) == 1 and paid[0].means is not None and paid[0].means.text == "现金"
