"""Yes/no verdicts read from the reply's own polarity toward the asked predicate: a negation anywhere
in the clause before the asked word (不经过我的手) denies it; a way of paying asked (付的是现金吗) is
answered by the sentence telling how that person paid — another way is 否, none told is no verdict,
never 是 by default. Records written for these tests; no dev file's wording."""

from __future__ import annotations

import pytest

from engine.question.casefile import channel_asked, doer_named, make_plan
from engine.answer.casefile.verdict import _clause_negated, _denied_after
from tests.case_homes import ask, record_home

# A recruiter in a selling scheme: the money of the lower levels goes past him; a dealer's buyers,
# each paying one way.
RECRUITER = """询问笔录
时间：2025年6月3日9时00分至2025年6月3日10时10分
地点：澄江市公安局经侦支队第一询问室
询问人：柯某、滕某 记录人：滕某
被询问人：屠新民 性别：男
问：你发展的会员交钱是怎么交的？
答：我直接发展的九个人，钱是交给我，我再转给上面的。
问：再往下的几层呢？
答：更下面几层的会费是他们各自的推荐人收的，从不经我的手。
"""

DEALER = """讯问笔录
时间：2025年7月9日14时00分至2025年7月9日15时30分
地点：澄江市公安局禁毒大队第二讯问室
侦查员：鄢某、卜某 记录人：卜某
犯罪嫌疑人：居志强 性别：男
问：你的货是从哪里来的？
答：从一个外地人那里拿的，一共20克，用支付宝转给他的四千元。
问：你卖给过谁？
答：卖给了两个人，一个叫小灰，一个叫阿芳。
问：卖给小灰的情况呢？
答：小灰买过2次，每次1克，两次都是当面给的现金，一共500元。
问：卖给阿芳的情况呢？
答：阿芳买过1次，1克，她用支付宝转了我260元。
"""

# A seller saying a buyer always paid one way, and later telling one payment made another way.
SELLER = """讯问笔录
时间：2025年8月12日9时00分至2025年8月12日10时20分
地点：澄江市公安局森林警察大队讯问室
侦查员：鄢某、卜某 记录人：卜某
犯罪嫌疑人：简国平 性别：男
问：常丽芬收你的货，怎么付钱给你？
答：她都是用微信转账给我，每次送过去当场就转。
问：你还有什么要补充的？
答：9月中旬我又送了一批给常丽芬，那次她是拿现金给我的，没有微信转账记录，上次我忘了讲。
"""

# A worker who does not know something else and denies what was asked, in one sentence.
WORKER = """讯问笔录
时间：2025年9月2日9时00分至2025年9月2日10时00分
地点：澄江市公安局城西派出所讯问室
侦查员：鄢某、卜某 记录人：卜某
犯罪嫌疑人：尤国胜 性别：男
问：你拿仓库的铜管，是跟别的工友一起拿的吗？
答：这个我不清楚，我没跟别人一起拿过，也没听别人说过。
问：铜管卖到哪里去了？
答：卖给了城南的废品站。
"""

RECRUITER_FILE, DEALER_FILE, SELLER_FILE = "询问笔录_屠新民.txt", "讯问笔录_居志强.txt", "讯问笔录_简国平.txt"
WORKER_FILE = "讯问笔录_尤国胜.txt"


def test_a_denial_after_not_knowing_something_else_answers_no():
    """这个我不清楚，我没跟别人一起拿过: the clause after the one not knowing denies the question's own words."""
    plan = make_plan("他是跟别的工友一起拿的吗？")
    assert _denied_after(plan, "，我没跟别人一起拿过，也没听别人说过。")
    assert not _denied_after(plan, "，我没注意。")  # denies nothing the question says
    assert not _denied_after(plan, "，后来跟别人一起拿过。")  # no denial


def test_a_negation_in_the_clause_before_the_asked_word_denies_it():
    sentence = "更下面几层的会费是他们各自的推荐人收的，从不经我的手。"
    assert not _clause_negated(sentence, sentence.index("推荐人"))
    assert _clause_negated("钱从来不经过我的手", len("钱从来不经过我的"))
    assert not _clause_negated("是不是经过我的手", len("是不是经过我的"))  # the question form
    assert not _clause_negated("我不知道经过谁的手", len("我不知道经过谁的"))  # not knowing


def test_the_way_of_paying_a_yes_no_asks_and_who_paid():
    assert channel_asked(make_plan("小灰买货付的是现金吗？")) == "现金"
    assert channel_asked(make_plan("是用微信还是现金付的？")) is None  # a choice asks which one
    assert channel_asked(make_plan("小灰一共付了多少钱？")) is None
    assert channel_asked(make_plan("银行有没有把钱退回来？")) is None  # the bank acts, it is no way of paying
    assert channel_asked(make_plan("钱是通过微信转的吗？")) == "微信"
    assert channel_asked(make_plan("他收的现金存到银行了吗？")) is None  # the cash is the thing asked of
    assert doer_named(make_plan("小灰买货付的是现金吗？")) == "小灰"


@pytest.fixture(scope="module")
def polarity_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("polarity_cases"),
                           {RECRUITER_FILE: RECRUITER, DEALER_FILE: DEALER, SELLER_FILE: SELLER,
                            WORKER_FILE: WORKER})


@pytest.mark.integration
def test_not_knowing_one_thing_and_denying_the_asked_one_is_no(polarity_home):
    answer = ask(polarity_home, WORKER_FILE, "他是跟别的工友一起拿的吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion


@pytest.mark.integration
def test_money_said_not_to_pass_through_the_speaker_is_no(polarity_home):
    answer = ask(polarity_home, RECRUITER_FILE, "下面几层会员交的会费经过屠新民的手吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion


@pytest.mark.integration
def test_the_way_each_buyer_paid_answers_whether_it_was_cash(polarity_home):
    other_way = ask(polarity_home, DEALER_FILE, "阿芳付的是现金吗？")
    assert other_way.conclusion.startswith("否") and "支付宝" in other_way.conclusion, other_way.conclusion
    cash = ask(polarity_home, DEALER_FILE, "小灰付的是现金吗？")
    assert cash.conclusion.startswith("是") and "现金" in cash.conclusion, cash.conclusion


@pytest.mark.integration
def test_one_payment_told_made_another_way_is_an_account_against_always(polarity_home):
    # 有没有…过: the one payment told made in cash answers it; the 都是用微信 account is cited against it
    ever = ask(polarity_home, SELLER_FILE, "常丽芬有没有用现金付过钱？")
    assert ever.conclusion.startswith("是") and ever.status.value == "needs_review", ever.conclusion
    assert "都是用微信转账" in ever.conclusion and ever.conflicts
    # (没有微信转账记录 names no way the money moved)
    either = ask(polarity_home, SELLER_FILE, "常丽芬付的是现金吗？")
    assert either.status.value == "needs_review" and either.conflicts, either.conclusion


def test_a_title_after_a_word_is_the_alias_asked_never_the_words_last_character():
    # 公司老板: 司 ends 公司, it is no surname; 某总 asked for a full name is the alias even when the
    # tagger reads it as a name
    plan = make_plan("公司老板谭总的全名叫什么？")
    assert plan.aliases == ["谭总"] and plan.real_name
    assert make_plan("他跟司老板说了什么？").aliases == ["司老板"]


INVESTOR = """询问笔录
时间：2025年8月2日9时00分至2025年8月2日10时00分
地点：澄江市公安局经侦支队第二询问室
询问人：蓬某、郁某 记录人：郁某
被询问人：苗秀英 性别：女
问：公司的老板是谁？
答：大家都叫他卢总，全名叫什么我不知道，只见过一面。
"""


@pytest.mark.integration
def test_a_full_name_the_speaker_does_not_know_is_a_gap(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("alias_gap"), {"询问笔录_苗秀英.txt": INVESTOR}):
        answer = ask(home, "询问笔录_苗秀英.txt", "公司老板卢总的全名叫什么？")
        assert answer.gaps and "全名叫什么我不知道" in answer.conclusion, answer.conclusion


CARER = """庭审笔录
时间：2025年9月4日9时30分至11时00分
地点：澄江市东湖区人民法院第二审判庭
案由：医疗损害责任纠纷
审判员：滑某
原告：房秀云
被告：澄江市第六人民医院
审判员：原告，护理你的是谁？
原告：是我儿子，护理了两个月。
审判员：你儿子之前做什么工作，一个月收入多少？
原告：他在外面跑运输，一个月能挣多少我说不上来，有时多有时少。
"""


@pytest.mark.integration
def test_a_figure_the_speaker_cannot_say_is_a_gap_though_the_reply_repeats_no_word_of_the_question(
        tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("figure_gap"), {"庭审笔录_房秀云.txt": CARER}):
        answer = ask(home, "庭审笔录_房秀云.txt", "护理原告的儿子原来每个月收入多少？")
        assert answer.gaps and "我说不上来" in answer.conclusion, answer.conclusion


LENDER = """询问笔录
时间：2025年10月6日14时00分至2025年10月6日15时00分
地点：澄江市公安局经侦支队第三询问室
询问人：茅某、栾某 记录人：栾某
被询问人：乔文斌 性别：男
问：你是怎么投钱给瑞丰达公司的？
答：2024年6月2日我从建设银行卡转了30000元到瑞丰达公司的对公账户上，签了一份协议。
"""


@pytest.mark.integration
def test_a_figure_named_by_a_word_the_record_never_says_is_not_found(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("figure_unnamed"), {"询问笔录_乔文斌.txt": LENDER}):
        answer = ask(home, "询问笔录_乔文斌.txt", "瑞丰达公司的注册资本是多少？")
        assert answer.status.value == "not_found" and "30000" not in answer.conclusion, answer.conclusion


# A recruiter's account where the record's lines wrap inside the words of denial (没|有, 没|人), as a
# word processor breaks them.
WRAPPED = """讯问笔录
时间：2025年8月11日9时00分至2025年8月11日10时20分
地点：澄江市公安局网安支队第二讯问室
讯问人：苗某、乔某 记录人：乔某
被讯问人：符建军 性别：男
问：带你入行的那个人是什么人？
答：我只知道他网名叫“老鹰”，是在一个群里认识的。我们从来没
有见过面，一直是在网上联系。
问：拉人的时候谁帮你？
答：没
人跟我一起，都是我自己在群里发的。
"""


def test_a_denial_cut_by_a_line_break_still_denies(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("wrapped_denial"), {"讯问笔录_符建军.txt": WRAPPED}):
        met = ask(home, "讯问笔录_符建军.txt", "符建军和老鹰见过面吗？")
        assert met.conclusion.startswith("否"), met.conclusion
        alone = ask(home, "讯问笔录_符建军.txt", "符建军拉人的时候有没有同伙？")
        assert not alone.conclusion.startswith("是"), alone.conclusion


def test_a_yes_whose_quote_denies_the_asked_thing_is_contradicted():
    from engine.answer.casefile.verdict import verdict_contradicted

    plan = make_plan("他有没有危险废物经营许可证？")
    assert verdict_contradicted(plan, "是（E1：「我没有危险废物经营许可证，也没有运输资质。」）。")
    assert not verdict_contradicted(plan, "是（E1：「我有危险废物经营许可证，是去年办的。」）。")
    assert not verdict_contradicted(plan, "否（E1：「我没有危险废物经营许可证。」）。")
    # asked of the absence: a denial affirms it
    assert not verdict_contradicted(make_plan("他是不是没有还钱？"), "是（E1：「钱我一直没还。」）。")
