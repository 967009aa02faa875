"""Payments told instalment by instalment, as an inquiry record tells them: the interviewer asks
第一笔/第二次呢/第三笔是怎么给的, and the answer opens with the date in a sentence of its own (or a
vague one: 十月下旬，具体哪天记不清了), then tells how, to whom (an account's holder: 户名是某某) and
how much in later sentences, sometimes where cash was handed over (到某区的某某茶楼, 某小区门口).
Around them: the other side's demands (never payments), the count of instalments, totals by the
channels money moved by, and what is still lost after recoveries (追回, 发还, 退缴, 冻结).
Records written for these tests, printed as real PDFs, asked through Engine.ask on a real home."""

from __future__ import annotations

import pytest

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

# 第N笔, 户名是 / 账户名是, a place inside a longer phrase, a demand lowered and a new one after.
BY_ORDINAL = """询问笔录
时间：2024年6月3日9时10分至2024年6月3日10时40分
地点：某市公安局某分局询问室
询问人：甲某、乙某 记录人：乙某
被询问人：包雨桐 性别：女
问：你来派出所反映什么事？
答：卢振邦一直拿我的照片威胁我，找我要钱。
问：他第一次向你要钱是什么时候？要了多少？
答：春节过后没几天，具体哪天我记不清了，他打电话给我，开口就要五万元。
问：你给了吗？
答：我说我拿不出那么多，他后来说最少要三万元。
问：第一笔是怎么给的？
答：第一笔是2024年2月20日。那天晚上我用微信转给卢振邦八千元。
问：第二笔呢？
答：第二笔是3月上旬，具体哪天记不清了。我通过支付宝转的，收款账户的户名是柯丽娟，卢振邦说是他老婆的。转了六千元。
问：第三笔是怎么给的？
答：第三笔是2024年3月28日。卢振邦约我到城西区的聚福茶楼，我在包间里把一万元现金交给了他。
问：第四笔呢？
答：第四笔是2024年4月15日。我用工商银行卡转账，账户名是贺明轩，转了五千元。
问：后来他还找你要过钱吗？
答：5月份他又要我再拿两万元，我没给，就来报警了。
问：钱追回来了吗？
答：公安机关冻结追回了一万二千元，已经发还给我了。
"""

# 第N次, a vague date of a later month, a place at a gate, a demand after the payments.
BY_TIMES = """询问笔录
时间：2024年1月8日14时00分至2024年1月8日15时10分
地点：某县公安局刑警大队询问室
询问人：丙某、丁某 记录人：丁某
被询问人：龚晓岚 性别：女
问：温启航第一次找你要钱是什么时候，要了多少？
答：国庆节后没几天，具体哪天记不清了。温启航张口就要三万元，说不给就把视频发到网上。
问：第一次是怎么给的？
答：第一次是2023年10月12日。我在手机上用支付宝转的，收款账户的账户名是温启航。转过去九千元。
问：第二次呢？
答：第二次是10月下旬，具体哪天我记不清了。那次是通过微信转的。转给温启航七千元。
问：第三次呢？
答：第三次是2023年11月18日晚上。温启航让我到锦华小区门口，我把装着一万五千元现金的信封交给了他。
问：后来呢？
答：12月初他又打电话要我再给五万元，我没有再给，直接报了警。
问：钱追回来了吗？
答：案发后公安机关从温启航那里追回了八千元，已经发还给我。
"""

# A suspect's own gain, told only as a sum; relatives' refunds and money frozen taken off it.
GAIN = """讯问笔录
时间：2024年7月9日14时00分至2024年7月9日15时30分
地点：某县公安局办案中心讯问室
侦查员：戊某、己某 记录人：己某
犯罪嫌疑人：滕志刚 性别：男
问：你通过这种方式一共得了多少钱？
答：前后一共得了十二万元，都花在还网贷上了。
问：这些钱退了吗？
答：我父亲已经替我退缴了三万元，我妹妹又帮我退赔了一万五千元。
问：还有其他的吗？
答：我那张农业银行卡里有两万元被你们冻结了。
"""


# The same, in other words: 非法获利, a spouse's 代为退赔, money in an e-wallet frozen.
GAIN_OTHER = """讯问笔录
时间：2024年10月15日9时00分至2024年10月15日10时20分
地点：某市公安局经侦支队讯问室
侦查员：子某、丑某 记录人：丑某
犯罪嫌疑人：阎书豪 性别：男
问：你从中非法获利多少？
答：我非法获利八万元。
问：赃款退了没有？
答：我爱人已经代我退赔了两万元。我名下微信零钱里的一万元也已经被冻结了。
"""

# Incomes lost because of what was done, told after their figures; a part made good later.
INCOME = """询问笔录
时间：2024年8月12日16时00分至2024年8月12日16时50分
地点：某县公安局交警大队询问室
询问人：庚某、辛某 记录人：辛某
被询问人：鲁长青 性别：男
问：你是做什么工作的？
答：我开网约车。
问：车被扣的那几天对你有什么影响？
答：8月5日那天送完一单客人，车就被拦下来了，这一单车费四百二十元没收。第二天约好的一单去机场的六百元，车被扣着只好推掉了。
问：后来有人赔你吗？
答：车主后来补了我三百元。
"""

SHOP = """询问笔录
时间：2024年9月20日10时00分至2024年9月20日10时45分
地点：某区公安分局某派出所询问室
询问人：壬某、癸某 记录人：癸某
被询问人：岑若溪 性别：女
问：店门被堵那天你有什么损失？
答：那天店门被堵了一上午，有一单婚庆的花篮一千二百元没做成，本来说好下午来取货的客户也走了，三百五十元的货款没收到。
问：对方后来有没有赔你？
答：过了一个星期，对方赔了我五百元。
"""


# The verb of an act told before its figure, in a sentence of its own (那次是通过…给她的。金额是…).
VERB_BEFORE = """询问笔录
时间：2023年4月11日10时00分至2023年4月11日11时00分
地点：某县公安局某派出所询问室
询问人：寅某、卯某 记录人：卯某
被询问人：申佳宁 性别：女
问：你给过欧阳锐钱吗？
答：给过。最开始那次是2022年8月2日。那次是通过手机银行给他的。金额是叁万贰仟元。第二笔是2023年1月9日。我在东湖路的一家咖啡馆，把现金一万八千元交给了欧阳锐。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("instalments"),
                           {"询问笔录_包雨桐.pdf": BY_ORDINAL, "询问笔录_龚晓岚.pdf": BY_TIMES,
                            "讯问笔录_滕志刚.pdf": GAIN, "讯问笔录_阎书豪.pdf": GAIN_OTHER,
                            "询问笔录_鲁长青.pdf": INCOME, "询问笔录_岑若溪.pdf": SHOP,
                            "询问笔录_申佳宁.pdf": VERB_BEFORE})


def test_an_instalment_told_sentence_by_sentence_answers_every_asked_part(home):
    second = ask(home, "询问笔录_包雨桐.pdf", "第二笔是哪天、怎么给、给谁、多少？")
    text = second.conclusion
    assert "3月上旬" in text and "记不清" in text
    assert "支付宝" in text and "柯丽娟" in text and amounts(text) == {6000}
    other = ask(home, "询问笔录_龚晓岚.pdf", "第二次是哪天、怎么给的、给了多少？")
    assert "10月下旬" in other.conclusion and "记不清" in other.conclusion
    assert "微信" in other.conclusion and amounts(other.conclusion) == {7000}
    first = ask(home, "询问笔录_龚晓岚.pdf", "第一次给谁转的，转了多少？")
    assert "温启航" in first.conclusion and 9000 in amounts(first.conclusion)


def test_a_vague_instalment_date_is_never_given_as_an_exact_day(home):
    answer = ask(home, "询问笔录_龚晓岚.pdf", "第二次是哪天给的？")
    assert "记不清" in answer.conclusion and "10月下旬" in answer.conclusion
    assert "10月12日" not in answer.conclusion and "11月18日" not in answer.conclusion


def test_the_place_of_an_instalment_is_the_whole_place_named(home):
    tea = ask(home, "询问笔录_包雨桐.pdf", "第三笔是在哪里交的？")
    assert "城西区的聚福茶楼" in tea.conclusion
    gate = ask(home, "询问笔录_龚晓岚.pdf", "第三次是在什么地方给的钱？")
    assert "锦华小区门口" in gate.conclusion


def test_totals_by_channel_add_the_instalments_that_moved_by_them(home):
    listed = ask(home, "询问笔录_包雨桐.pdf", "通过微信、支付宝和银行卡一共转了多少？")
    assert held_as_said(listed) and amounts(listed.conclusion) & {19000, 29000} == {19000}
    two = ask(home, "询问笔录_龚晓岚.pdf", "通过微信和支付宝一共转了多少钱？")
    assert amounts(two.conclusion) & {16000, 31000} == {16000}


def test_money_transferred_leaves_out_the_cash_handed_over(home):
    answer = ask(home, "询问笔录_包雨桐.pdf", "包雨桐转账转出去的钱一共是多少？")
    assert amounts(answer.conclusion) & {19000, 29000} == {19000}
    other = ask(home, "询问笔录_龚晓岚.pdf", "龚晓岚通过转账一共付了多少钱？")
    assert amounts(other.conclusion) & {16000, 31000} == {16000}


def test_what_is_still_lost_after_recoveries(home):
    paid_back = ask(home, "询问笔录_龚晓岚.pdf", "追回一部分以后还差多少没拿回来？")
    assert amounts(paid_back.conclusion) & {23000, 31000, 8000} == {23000}
    gain = ask(home, "讯问笔录_滕志刚.pdf", "滕志刚得的钱还有多少没有追回？")
    assert amounts(gain.conclusion) & {55000, 75000, 120000} == {55000}
    net = ask(home, "讯问笔录_滕志刚.pdf", "扣除家属退缴的和被冻结的，还有多少没追回？")
    assert 55000 in amounts(net.conclusion)


def test_a_demand_is_answered_as_a_demand_and_never_counted_as_paid(home):
    first = ask(home, "询问笔录_龚晓岚.pdf", "第一次向他要钱是什么时候？要了多少？")
    assert 30000 in amounts(first.conclusion) and not amounts(first.conclusion) & {9000, 7000}
    assert "记不清" in first.conclusion and "10月12日" not in first.conclusion
    assert "第一笔" not in first.conclusion  # a demand is no instalment
    times = ask(home, "询问笔录_龚晓岚.pdf", "龚晓岚一共给了几次钱？")
    assert "3" in times.conclusion or "三" in times.conclusion
    assert "4" not in times.conclusion and "四" not in times.conclusion



def test_a_gain_told_in_other_words_less_refunds_and_frozen_money(home):
    answer = ask(home, "讯问笔录_阎书豪.pdf", "退赔和冻结以后，阎书豪还有多少赃款没追回？")
    assert amounts(answer.conclusion) & {50000, 80000, 60000} == {50000}


def test_incomes_not_had_are_added_and_a_later_compensation_taken_off(home):
    gross = ask(home, "询问笔录_鲁长青.pdf", "鲁长青因为车被扣一共损失了多少收入？")
    assert amounts(gross.conclusion) & {1020, 720} == {1020}
    net = ask(home, "询问笔录_鲁长青.pdf", "车主补了钱以后鲁长青实际还损失多少？")
    assert amounts(net.conclusion) & {1020, 720} == {720}
    fares = ask(home, "询问笔录_鲁长青.pdf", "一共有多少车费没收到？")
    assert amounts(fares.conclusion) & {1020, 720, 420} == {1020}
    shop = ask(home, "询问笔录_岑若溪.pdf", "因为店门被堵，岑若溪一共少收了多少钱？")
    assert amounts(shop.conclusion) & {1550, 1050} == {1550}
    shop_net = ask(home, "询问笔录_岑若溪.pdf", "对方赔了五百元以后，还有多少损失没弥补？")
    assert amounts(shop_net.conclusion) & {1550, 1050} == {1050}


def test_the_verb_told_before_the_figure_makes_it_a_payment_of_that_act(home):
    first = ask(home, "询问笔录_申佳宁.pdf", "最开始那次给了多少？用的什么方式？")
    assert amounts(first.conclusion) & {32000, 18000} == {32000} and "手机银行" in first.conclusion
    times = ask(home, "询问笔录_申佳宁.pdf", "申佳宁一共给欧阳锐转过几次钱？")
    assert "2" in times.conclusion or "两" in times.conclusion
    total = ask(home, "询问笔录_申佳宁.pdf", "申佳宁一共给了欧阳锐多少钱？")
    assert 50000 in amounts(total.conclusion)
