"""Facts a record tells around the question rather than in it: the day the asker's question names
(…那天下午…), the price charged among several told per piece (the usual one, another buyer's, the one
the turn's own arithmetic confirms), a person called by the role the record gives them (持卡人某某)
whose number is never the witness's own, and calls counted rather than a phone number asked.
Records written for these tests, typeset into real PDFs."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.case_homes import amounts, ask, record_home

# A shop inspected on a day the asker names; the reply says only 那天.
INSPECTED = """讯问笔录
时间：2024年9月3日9时00分至2024年9月3日10时20分
地点：岑溪县公安局河西派出所讯问室
侦查员：隋某、卞某 记录人：卞某
犯罪嫌疑人：幸志坚 性别：男
问：你的仓库是谁租给你的？
答：是村里的鄢德旺租给我的，一年六千元。
问：2024年8月21日发生了什么事？
答：那天上午10点左右，市场监管局的人和派出所民警一起到我仓库检查，把没有标签的饲料都封存了。
问：封存了多少袋？
答：清单上写的是一百二十袋。
"""

# Feed sold to two buyers: a usual price, a price given to one buyer with its own arithmetic.
FEED = """讯问笔录
时间：2024年9月10日9时00分至2024年9月10日10时30分
地点：岑溪县公安局河西派出所讯问室
侦查员：隋某、卞某 记录人：卞某
犯罪嫌疑人：幸志坚 性别：男
问：你的饲料都卖给了谁？
答：成批拿货的有两个人，养猪的戚宝林和开饲料店的殷秀梅。
问：卖给戚宝林的情况呢？
答：戚宝林去年冬天拿了猪饲料80袋。猪饲料我平时卖一袋95元，他拿得多，我按90元一袋算，一共是7,200元，他用微信转给我的。
问：卖给殷秀梅的情况呢？
答：殷秀梅拿了鸡饲料30袋，一袋110元，一共三千三百元，是现金给的。
"""

# A bank's collector as witness: the card holder is named by that role; her own number in the header.
HOLDER = """询问笔录
时间：2024年4月8日14时00分至2024年4月8日15时30分
地点：岑溪县公安局经侦大队询问室
询问人：隋某、卞某 记录人：卞某
被询问人：鞠晓岚 性别：女 联系电话：13907715286
问：你来反映什么情况？
答：我们行的持卡人甘国栋透支以后一直不还，我们行报了案。
问：甘国栋最后一次还款是什么时候？
答：甘国栋最后一次还款是2023年5月，还了一千元。
问：你们是怎么催收的？
答：先发短信，后来打电话。我本人给他打过的催收电话有三十多次，后来他好像换了号码，新号码我们一直不知道。
"""


# Goods taken from a store on three dated occasions, and the whole sold told as one total.
STORE = """讯问笔录
时间：2024年6月18日9时00分至2024年6月18日10时40分
地点：岑溪县公安局河西派出所讯问室
侦查员：隋某、卞某 记录人：卞某
犯罪嫌疑人：佟建辉 性别：男
问：讲一下第一次的经过。
答：2024年2月3日晚上，我把12台电暖器从库房拉出去，卖给了开五金店的晏长青，按每台200元算，他微信转了2400元给我。
问：第二次呢？
答：第二次是2024年3月9日，拿的是洗衣液，一共40箱。晏长青按每箱55元算，用银行卡转给我贰仟贰佰元。
问：第三次呢？
答：第三次是2024年4月20日，又是电暖器，10台，还是每台200元，一共2,000元，微信转账。
问：你一共卖了多少钱？
答：一共三次，总共卖了六千六百元。
问：库房钥匙是谁给你的？
答：是一个叫“老鬼”的人，四十岁左右，在物流园开叉车。他真名叫什么我不知道，只知道他住在园区宿舍。
"""


# Trees felled kind by kind, the same act told of each; timber priced per cubic metre.
FELLED = """讯问笔录
时间：2024年1月9日9时00分至2024年1月9日10时30分
地点：岑溪县森林公安局讯问室
侦查员：隋某、卞某 记录人：卞某
犯罪嫌疑人：莫永生 性别：男
问：一共砍了多少树？
答：桉树砍了120株，松树砍了40株，都是在自家承包地旁边的山上。
问：木头卖了多少钱？
答：桉木一共30立方米，每立方米700元，卖给了镇上的木材厂。
问：你去山上买过什么吗？
答：买了10条烟，卖了6条给工人。
"""


# A labour hearing: the worker is 原告, the company 被告; the question calls them 员工 and 公司.
LABOUR = """庭审笔录
案由：劳动争议
开庭时间：2024年6月4日上午9时
审判员：岳某 书记员：詹某
原告：苗俊杰，男，1990年3月5日出生，汉族
被告：岑溪县宏远建材有限公司，住所地岑溪县工业园
审判员：原告陈述诉讼请求。
原告：请求判令被告支付经济补偿金24,000元。
审判员：被告答辩。
被告：原告的月工资是4,500元，经济补偿金只应按四个月计算。
审判员：双方是否愿意调解？
原告：愿意调解，但是不能少于两万元。
被告：我方最多在一万五千元的基础上再增加一千元，也就是总共一万六千元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("said_around"),
                           {"inspected.pdf": INSPECTED, "feed.pdf": FEED, "holder.pdf": HOLDER,
                            "store.pdf": STORE, "felled.pdf": FELLED,
                            "labour.pdf": LABOUR})


def test_that_day_of_a_reply_is_the_day_the_askers_question_names(home):
    answer = ask(home, "inspected.pdf", "市场监管局是哪天到仓库检查的？")
    assert answer.status is not Status.NOT_FOUND
    assert "2024年8月21日" in answer.conclusion
    assert "询问人所述" in answer.conclusion  # the day is the asker's words, said so
    assert any("那天上午10点左右" in (e.quote or "") for e in answer.evidence)


def test_a_reply_without_that_day_takes_no_date_from_the_question(home):
    answer = ask(home, "inspected.pdf", "封存饲料是哪天封存的？")
    assert "2024年8月21日" not in answer.conclusion or "那天" in answer.conclusion


@pytest.mark.parametrize("question, price, never", [
    ("卖给戚宝林的猪饲料每袋算多少钱？", 90, 95),  # confirmed by 80 × 90 = 7,200, the usual 95 not charged
    ("戚宝林的饲料一袋多少钱？", 90, 95),
    ("殷秀梅拿的鸡饲料一袋多少钱？", 110, 90),  # another buyer's turn: her own price
])
def test_the_price_charged_is_the_one_of_the_buyer_asked_and_its_arithmetic(home, question, price, never):
    answer = ask(home, "feed.pdf", question)
    found = amounts(answer.conclusion)
    assert price in found and never not in found


def test_a_person_named_by_the_role_the_record_gives_them_is_not_the_witness(home):
    answer = ask(home, "holder.pdf", "持卡人后来换的新手机号是多少？")
    assert "13907715286" not in answer.conclusion and "5286" not in answer.conclusion
    assert answer.status is not Status.ANSWERED
    own = ask(home, "holder.pdf", "鞠晓岚的联系电话是多少？")
    assert "5286" in own.conclusion  # her own number is still hers


def test_calls_counted_are_no_phone_number_asked(home):
    answer = ask(home, "holder.pdf", "这位催收员本人给持卡人打过多少次电话？")
    assert "5286" not in answer.conclusion
    assert not (answer.plan or {}).get("fields")


@pytest.mark.parametrize("question", ["2024年3月那次卖的货总共多少钱？", "2024年3月9日那次一共卖了多少钱？"])
def test_a_total_of_the_occasion_named_by_its_time_is_that_occasions_sum(home, question):
    answer = ask(home, "store.pdf", question)
    found = amounts(answer.conclusion)
    assert 2200 in found and 6600 not in found


def test_not_knowing_the_real_name_of_one_just_named_by_a_nickname_is_a_gap(home):
    answer = ask(home, "store.pdf", "给他钥匙的那个“老鬼”真名叫什么？")
    assert answer.status is not Status.NOT_FOUND and answer.gaps
    assert any("他真名叫什么我不知道" in (e.quote or "") for e in answer.evidence)


def test_the_way_money_moved_is_read_from_the_account_of_the_goods_asked(home):
    answer = ask(home, "store.pdf", "卖洗衣液的那笔钱是通过微信收的吗？")
    assert answer.conclusion.startswith("否")  # 用银行卡转给我, though the heaters' money came by 微信
    assert any("银行卡" in (e.quote or "").replace("\n", "") for e in answer.evidence)


def test_a_correction_of_another_thing_of_the_kind_asked_is_not_taken_for_the_one_asked():
    from engine.answer.casefile.retracted import _names_other

    assert _names_other("白金卡累计透支了多少本金？", "刚才我说金卡的透支本金是29,750.00元，说错了。")
    assert not _names_other("白金卡累计透支了多少本金？", "刚才我说白金卡的透支本金是五万元，说错了。")
    assert not _names_other("累计透支了多少本金？", "刚才我说的透支本金说错了。")  # a verb's end is no other thing


def test_a_name_never_ends_with_a_pointing_word_before_its_measure_word():
    from engine.text.names import party_names

    assert not any(n.endswith("那") for n in party_names("金卡那张透支的本金到底是多少？"))


def test_the_same_act_told_of_each_kind_in_turn_is_one_list_added_in_the_unit_asked(home):
    answer = ask(home, "felled.pdf", "他一共砍了多少棵树？")  # 株 and 棵 are one measure of trees
    assert "160" in answer.conclusion and "说法不一" not in answer.conclusion


def test_two_acts_in_turn_are_never_one_list():
    from engine.answer.casefile.goods import _PARALLEL

    assert _PARALLEL.match("，松树砍了").group("act") == "砍了"
    assert _PARALLEL.match("，卖了") is None  # no kind of its own: another act of the same goods


def test_a_price_per_cubic_metre_asked_as_per_fang(home):
    answer = ask(home, "felled.pdf", "桉木卖给木材厂是多少钱一方？")
    assert 700 in amounts(answer.conclusion)


def test_an_offer_is_the_sum_it_comes_to_and_a_floor_is_an_offer():
    from engine.answer.casefile.mediation import _own_offer
    from engine.answer.casefile.accounts import Said

    from types import SimpleNamespace

    def said(text):
        return Said(SimpleNamespace(party="被告"), text, [], 0)

    assert _own_offer(said("被告最多在判决的基础上再增加二千元，也就是总共一万五千元。")).value == 15000
    assert _own_offer(said("愿意调解，但是两项加起来不能少于三万元。")).value == 30000
    assert _own_offer(said("三万元太多了，不同意。")) is None  # the other side's sum refused


def test_a_hearing_sides_named_by_their_part_are_read_as_the_records_sides(home):
    from engine.answer.casefile.side_roles import _organisation

    assert _organisation("岑溪县宏远建材有限公司，住所地岑溪县工业园")
    assert not _organisation("苗俊杰，男，1990年3月5日出生，汉族")
    from engine.answer.casefile.side_roles import _ORG_WORDS, _PERSON_WORDS

    # a hospital, a school, a shop sued by a patient, a parent, a customer: the same reading
    assert _ORG_WORDS.search("医院认可的误工费是多少") and _ORG_WORDS.search("学校同意赔多少")
    assert _PERSON_WORDS.search("患者要求赔多少") and _organisation("某市第一人民医院，住所地某市某路1号")
    answer = ask(home, "labour.pdf", "调解时公司最多愿意出多少？")  # the company's offer alone
    found = amounts(answer.conclusion)
    assert 16000 in found and 20000 not in found and 1000 not in found, answer.conclusion
    answer = ask(home, "labour.pdf", "调解时员工最少要多少？")
    assert 20000 in amounts(answer.conclusion) and 16000 not in amounts(answer.conclusion), answer.conclusion


def test_a_sum_handed_over_in_the_next_clause_is_the_buyers_payment(home):
    # 一共是7,200元，他用微信转给我的: the clause after the figure says who paid it
    answer = ask(home, "feed.pdf", "戚宝林一共给了他多少钱？")
    assert amounts(answer.conclusion) == {7200}
    other = ask(home, "feed.pdf", "殷秀梅一共给了他多少钱？")
    assert amounts(other.conclusion) & {3300} and 7200 not in amounts(other.conclusion)


def test_sales_totals_of_two_buyers_add_up_to_the_whole(home):
    answer = ask(home, "feed.pdf", "他一共卖了多少钱？")
    assert 10500 in amounts(answer.conclusion)
    assert any(c.result == 10500 for c in answer.calculations)
