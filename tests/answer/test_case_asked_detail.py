"""A 是 stands only on a sentence telling the very detail asked: other things of the asked thing's
kind (示廓灯、雾灯 for the 远光灯 asked) say nothing of it; where the act moved something (转到公司账户上)
must be told, not only the act; a side's claim (判令被告承担…) is no consent, and a side named as
whose the thing is (原告的律师费) is not the side asked. Records written for these tests, typeset into
real PDFs."""

from __future__ import annotations

import pytest

from engine.answer.casefile.act_mentions import names_other_kind, object_hit
from engine.question.casefile import make_plan
from tests.case_homes import ask, record_home

# A lorry driver questioned about a night crash: the lamps he had on, listed, and one he had not.
LAMPS = """询问笔录
时间：2024年12月3日10时00分至2024年12月3日11时20分
地点：澧阳市公安局交警大队事故处理中队
询问人：宓某、宦某 记录人：宦某
被询问人：冼国栋 性别：男
问：事发时货车上开了哪些灯？
答：示廓灯、雾灯和近光灯都开了。车顶还有一个远光灯，那天灯泡坏了，没有开。
问：你当晚喝酒了吗？
答：没有喝酒，交警当场给我吹了，是零。
"""

# A shop's bookkeeper questioned about where two payments for goods went.
PAYMENTS = """讯问笔录
时间：2024年10月21日14时00分至2024年10月21日16时00分
地点：澧阳市公安局经侦大队讯问室
侦查员：郗某、宿某 记录人：宿某
犯罪嫌疑人：阙美玲 性别：女
问：客户的货款是怎么收的？
答：第一笔货款是客户打到公司对公账户上的。第二笔货款是十一月初收的，一共四万二千元。
问：第二笔货款收了以后交给谁了？
答：老板说走账慢，让客户直接转到他个人微信上，我只是记了账。
"""

# A hearing over a delayed flat: the buyer claims his lawyer's fee, the developer refuses it.
FEE = """庭审笔录
时间：2024年9月10日9时30分
地点：澧阳市城南区人民法院第四法庭
审判员：厍某 书记员：逯某
原告：蒯立新，男，1986年4月2日出生
被告：澧阳市瑞和置业有限公司
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告支付逾期交房违约金三万元；二、判令被告承担原告为本案支出的律师费五千元。
审判员：被告答辩。
被告代理人：逾期是因为政府停工，违约金最多一万元。律师费合同里没有约定，我公司不同意承担。
审判员：被告对交房日期有无异议？
被告代理人：没有异议。
"""

# A hearing over a cancelled show: what the organiser said of a stand-in, and a divorce settled earlier.
SHOW = """庭审笔录
时间：2024年11月20日14时00分
地点：澧阳市城东区人民法院第二法庭
审判员：勾某 书记员：亓某
原告：澧阳市星河文化传播有限公司
被告：滕野，男，1991年6月5日出生
审判员：被告，你方称曾提出由替补歌手演出，原告的意见？
原告代理人：被告说的那个替补歌手我们问过，他10月之前在外地有巡演，根本来不了。
审判员：被告，你和前妻的离婚协议是谁签的？
被告：离婚协议是我签的，我没有异议。
审判员：被告是否同意返还定金？
被告：定金我可以退，违约金不同意。
"""


# A hearing over a closed guesthouse: the landlord's side does not remember when an authority's order
# came, and does remember telling the tenant late; the tenant does not remember when he moved out.
NOTICE = """庭审笔录
时间：2024年8月14日9时00分
地点：澧阳市城西区人民法院第三法庭
审判员：仉某 书记员：鄢某
原告：阎志鹏，男，1989年3月12日出生
被告：澧阳市安和物业管理有限公司
原告：房子后来不能住了，被告一直不退租金。
审判员：被告，住建部门的停用通知是哪天下达的？
被告代理人：具体哪天我记不清了，大概是5月上旬。
审判员：原告是哪天搬出去的？
原告：哪天搬出去的我记不清了，反正是6月份。
"""


@pytest.fixture(scope="module")
def detail_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("asked_detail"),
                           {"询问笔录_冼国栋.pdf": LAMPS, "讯问笔录_阙美玲.pdf": PAYMENTS, "庭审笔录_蒯立新.pdf": FEE,
                            "庭审笔录_滕野.pdf": SHOW, "讯问笔录_冀文涛.pdf": TEA, "询问笔录_晁建军.pdf": PHONES,
                            "询问笔录_苗秀英.pdf": REPAID, "庭审笔录_阎志鹏.pdf": NOTICE})


@pytest.mark.parametrize(("thing", "text", "other"), [
    ("远光灯", "示廓灯、雾灯和近光灯都开了。", True),    # lamps of other kinds only
    ("远光灯", "那个灯没开。", False),                  # the head bare may be the thing asked
    ("远光灯", "远光灯那天没开。", False),              # the thing itself
    ("水果刀", "他拿的是一把菜刀。", True),
    ("远光灯", "示廓灯亮着，灯是好的。", False),        # the head bare beside another kind
    ("电动车", "那辆车停在门口。", False),              # a pointing and measure word say which one, not what kind
])
def test_other_things_of_the_asked_things_head_are_told_apart(thing, text, other):
    assert names_other_kind(thing, text) is other
    assert object_hit(thing, text) is not other


@pytest.mark.integration
def test_lamps_of_other_kinds_listed_do_not_answer_the_lamp_asked(detail_home):
    answer = ask(detail_home, "询问笔录_冼国栋.pdf", "货车当晚开了远光灯吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "没有开" in answer.conclusion and "示廓灯" not in answer.conclusion


def test_where_a_yes_no_asks_the_act_to_have_moved_something_is_read():
    assert make_plan("第二笔货款是打到公司对公账户上的吗？").focus.destination == "账户"
    assert make_plan("他把刀扔到河里了吗？").focus.destination == "河里"
    assert make_plan("钱打到他卡上了吗？").focus.destination == "卡"
    assert make_plan("他把钱还给郑某了吗？").focus.destination is None  # to whom, not where
    # a verb before a company is an act when it says where something went (not a company's name)
    assert "交到" in make_plan("第二期的费用是交到公司账户上的吗？").focus.acts


@pytest.mark.integration
def test_the_act_told_without_where_it_went_does_not_answer_where(detail_home):
    answer = ask(detail_home, "讯问笔录_阙美玲.pdf", "第二笔货款是打到公司对公账户上的吗？")
    assert not (answer.status.value == "answered" and answer.conclusion.startswith("是")), answer.conclusion
    assert "十一月初收的" not in answer.conclusion or not answer.conclusion.startswith("是")
    assert "是否" not in answer.conclusion.replace("是否同意", "")  # never 未在材料中找到是否
    first = ask(detail_home, "讯问笔录_阙美玲.pdf", "第一笔货款是打到公司对公账户上的吗？")
    assert first.conclusion.startswith("是"), first.conclusion


def test_the_side_asked_is_the_one_acting_not_the_owner_or_receiver():
    assert make_plan("被告同意承担原告的律师费吗？").acting_side == "被告"
    assert make_plan("开发商同意承担原告的律师费吗？").acting_side is None
    assert make_plan("被告同意调解吗？").acting_side == "被告"
    assert make_plan("手表要还给原告吗？").acting_side is None
    # 承担|原告的|律师费: the verb's object is whose, the verb is the act
    assert make_plan("开发商同意承担原告的律师费吗？").focus.acts == ["承担"]


@pytest.mark.integration
def test_a_claim_is_no_consent(detail_home):
    answer = ask(detail_home, "庭审笔录_蒯立新.pdf", "被告同意承担原告的律师费吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "不同意承担" in answer.conclusion
    other = ask(detail_home, "庭审笔录_蒯立新.pdf", "开发商同意承担原告的律师费吗？")
    assert not other.conclusion.startswith("是"), other.conclusion


@pytest.mark.parametrize(("before", "other"), [
    ("听他说还卖给过别人，卖给谁、卖了多少，我都", True),  # other acts than the 送 asked
    ("一共送了几次我", False),                              # the asked act itself
    ("这个我", False),                                      # no act at all: the very thing asked
    ("给了几回我", False),                                  # 送 asked, 给 told: an act of its kind
])
def test_not_knowing_of_another_act_is_no_gap_of_the_asked_one(before, other):
    from engine.answer.casefile.badge_subject import _other_act_unsure

    assert _other_act_unsure(make_plan("他一共给表哥送过几次茶叶？"), before) is other


def test_the_main_act_is_the_one_asked_not_a_setting_or_a_modifier():
    assert make_plan("被告离婚后有没有再婚？").focus.acts == ["再婚"]  # 离婚后: a time
    assert make_plan("他有没有拿到卖手机的钱？").focus.acts[0] == "拿到"  # 卖手机的: which money
    assert make_plan("他找代驾了吗？").focus.acts[0] == "找代驾"  # jieba's pieces of one verb stay one
    # telling someone something: the telling is asked, what was told is its content
    assert make_plan("他卖车的时候告诉买家车子抵押着了吗？").focus.acts[0] == "告诉"


@pytest.mark.integration
def test_another_act_the_question_names_does_not_answer_the_asked_one(detail_home):
    answer = ask(detail_home, "庭审笔录_滕野.pdf", "被告离婚后有没有再婚？")
    assert not answer.conclusion.startswith(("是", "否")), answer.conclusion
    assert answer.status.value != "answered" or "离婚协议" not in answer.conclusion


@pytest.mark.integration
def test_a_consent_is_read_from_words_of_consent(detail_home):
    answer = ask(detail_home, "庭审笔录_滕野.pdf", "原告有没有同意由替补歌手演出？")
    assert not answer.conclusion.startswith("是"), answer.conclusion
    agreed = ask(detail_home, "庭审笔录_滕野.pdf", "被告同意返还定金吗？")
    assert agreed.conclusion.startswith("是"), agreed.conclusion
    assert "可以退" in agreed.conclusion


# A seller questioned about tea cakes sold as old: what he was asked he knew, and what he knew.
TEA = """讯问笔录
时间：2024年7月9日9时00分至2024年7月9日10时30分
地点：澧阳市公安局食药环侦大队讯问室
侦查员：晏某、郦某 记录人：郦某
犯罪嫌疑人：冀文涛 性别：男
问：你知道今天为什么被传唤到公安机关接受讯问吗？
答：知道。
问：你卖的茶饼是从哪里进的货？
答：是从邻县一个茶厂进的，一饼进价六十元。
问：那些茶饼包装上印的是什么年份？
答：印的是二〇〇八年。
"""


@pytest.mark.integration
def test_knowing_something_else_is_no_verdict_on_what_was_asked(detail_home):
    answer = ask(detail_home, "讯问笔录_冀文涛.pdf", "冀文涛知道卖的茶饼是新压的吗？")
    assert not answer.conclusion.startswith("是"), answer.conclusion
    assert "为什么被传唤" not in answer.conclusion, answer.conclusion


def test_knowing_asked_is_of_the_act_the_question_puts_after_it():
    from engine.answer.casefile.act_mentions import tells_asked_act

    plan = make_plan("骆某知道卖的是假老茶吗？")
    doc = "问：你知道今天为什么被传唤到公安机关接受讯问吗？答：知道。"  # the file never says 假老茶
    assert not tells_asked_act(plan, "你知道今天为什么被传唤到公安机关接受讯问吗？知道。", [], doc)
    assert tells_asked_act(plan, "你知道这些茶是新茶冒充老茶卖的吗？知道。", [], doc)


# A witness whose header gives one phone, and who says later he uses another now.
PHONES = """询问笔录
时间：2024年8月12日15时00分至2024年8月12日16时10分
地点：澧阳市公安局城北派出所
询问人：郜某、訾某 记录人：訾某
被询问人：晁建军 性别：男 身份证号码：430621198203157216 联系电话：13907318852
问：你现在用的是哪个电话号码？
答：上面这个13907318852是我原来的号码，已经停用了，现在用的是18674502396。
问：案发当晚你在哪里？
答：我在店里守夜。
"""


@pytest.mark.integration
def test_a_number_the_person_says_replaced_the_headers_is_shown_beside_it(detail_home):
    answer = ask(detail_home, "询问笔录_晁建军.pdf", "晁建军的手机号码是多少？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert "139****8852" in answer.conclusion and "186****2396" in answer.conclusion, answer.conclusion
    assert "13907318852" not in answer.conclusion  # still masked
    alone = ask(detail_home, "询问笔录_晁建军.pdf", "晁建军的身份证号码是多少？")  # one number: as before
    assert alone.status.value == "answered", alone.conclusion


@pytest.mark.parametrize(("question", "asked", "answer", "untold"), [
    # a bare 有 tells the asker's words
    ("他有没有拿走郑某的手机？", "你有没有拿走郑某的手机？", "有。", []),
    # a sentence of its own must tell the act itself, not the asker
    ("李某承认骗了王某的钱吗？", "你是怎么骗王某的？", "认识她以后，我每天跟她聊天，让她觉得我靠得住。", ["承认骗"]),
    ("李某承认骗了王某的钱吗？", "", "我承认我以投资为名骗了王某的钱。", []),
    # the thing the act is done to
    ("他扔掉水果刀了吗？", "", "他把钥匙扔掉了。", ["水果刀"]),
])
def test_what_a_verdicts_sentence_leaves_unsaid_is_named(question, asked, answer, untold):
    from engine.answer.casefile.act_mentions import untold_of_asked

    plan = make_plan(question)
    assert untold_of_asked(plan, f"{asked}{answer}", [], None, "李某", answer) == untold


# A lender who first says she was never repaid, and later tells a repayment.
REPAID = """询问笔录
时间：2024年6月3日9时00分至2024年6月3日10时20分
地点：澧阳市公安局城南派出所
询问人：蒙某、闵某 记录人：闵某
被询问人：苗秀英 性别：女
问：你借给饶建平的钱，他还过吗？
答：没有。
问：你们最后一次联系是什么时候？
答：今年3月，那次他用微信还了我五千元，说剩下的年底再给。
"""


@pytest.mark.integration
def test_an_account_telling_the_act_the_other_way_is_shown_beside_the_verdict(detail_home):
    answer = ask(detail_home, "询问笔录_苗秀英.pdf", "饶建平还过钱吗？")
    assert answer.status.value == "needs_review" and answer.conflicts, answer.conclusion
    assert "没有" in answer.conclusion and "还了我五千元" in answer.conclusion, answer.conclusion


@pytest.mark.parametrize(("question", "sentence", "value", "itself"), [
    ("覃某办过狩猎证吗？", "没有，我从来没有办过狩猎证。", "否", True),   # its own 否 and the act
    ("覃某办过狩猎证吗？", "我从来没有办过狩猎证。", "否", False),       # the act told, no 是/否 of its own
    ("覃某办过狩猎证吗？", "有，办证的事我不清楚。", "否", False),       # its 有 says the other way
])
def test_a_sentence_saying_its_own_verdict_and_the_act_is_a_reply(question, sentence, value, itself):
    from engine.answer.casefile.verdict import _says_itself

    assert _says_itself(make_plan(question), sentence, value) is itself


@pytest.mark.integration
def test_not_knowing_when_another_act_was_done_is_no_verified_gap_of_the_act_asked(detail_home):
    # 具体哪天下达的我记不清了 is of the authority's order, not of the company telling the tenant
    told = ask(detail_home, "庭审笔录_阎志鹏.pdf", "物业公司是什么时候通知原告房子不能住的？")
    assert told.status.value != "answered", told.conclusion
    # the very act asked of, by its asker's words: the gap stands
    moved = ask(detail_home, "庭审笔录_阎志鹏.pdf", "原告是什么时候搬出去的？")
    assert moved.status.value == "answered" and "记不清" in moved.conclusion, moved.conclusion
