"""已核验 by where a value was read: the record's form (its header fields) and a reply's own 是/否
can carry the badge; a value read out of what was said (an amount, a date or a count of an event)
is shown with its quote and left to be checked — with the badge check's more telling note where it
has one. A 是 whose quote holds none of the sums the question names affirms something else, and a
bare assent with a condition after it (愿意，但只能…) is no plain 是. Records written for these
tests; no dev file's wording."""

from __future__ import annotations

import pytest

from engine.answer.casefile.badge import STATEMENT_DOUBT
from engine.answer.casefile.verdict import figures_unsaid
from engine.question.casefile import make_plan
from tests.case_homes import ask, held_as_said, record_home

BORROWER = """询问笔录
时间：2025年10月14日9时10分至2025年10月14日10时40分
地点：澄江市公安局城南派出所第三询问室
询问人：韩某、瞿某 记录人：瞿某
被询问人：栾德胜 性别：男 身份证号码：530102198807153317 联系电话：13987654321
问：你向谁借过钱？
答：向邻居薄师傅借过钱，2024年5月6日借了两万元，是现金给我的。
问：还过没有？
答：2024年9月还了他五千元现金，剩下的还没还。
问：你有没有打过借条？
答：打过，借条在薄师傅手里。
"""

HEARING = """庭审笔录
时间：2025年11月3日14时30分至16时00分
地点：澄江市东湖区人民法院第四审判庭
案由：民间借贷纠纷
审判员：尉某
原告：薄永年
被告：栾德胜
审判员：原告陈述诉讼请求。
原告：请求判令被告归还借款两万元。
审判员：被告答辩。
被告：借款是事实，已经还了五千元，剩下的没钱还。
审判员：双方是否同意调解？
原告：同意调解。
被告：愿意，但只能按我算的数还。
"""

BORROWER_FILE, HEARING_FILE = "询问笔录_栾德胜.txt", "庭审笔录_薄永年.txt"


@pytest.fixture(scope="module")
def reading_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("badge_reading"),
                           {BORROWER_FILE: BORROWER, HEARING_FILE: HEARING})


@pytest.mark.integration
def test_an_amount_read_from_what_was_said_is_shown_and_left_to_be_checked(reading_home):
    answer = ask(reading_home, BORROWER_FILE, "栾德胜向薄师傅借了多少钱？")
    assert held_as_said(answer), answer.conclusion
    assert "两万元" in answer.conclusion or "20000" in answer.conclusion, answer.conclusion


@pytest.mark.integration
def test_the_records_own_form_keeps_the_badge(reading_home):
    place = ask(reading_home, BORROWER_FILE, "这次询问是在什么地方做的？")
    assert place.status.value == "answered" and "第三询问室" in place.conclusion, place.conclusion
    phone = ask(reading_home, BORROWER_FILE, "栾德胜的联系电话是多少？")
    assert phone.status.value == "answered" and STATEMENT_DOUBT not in phone.conclusion, phone.conclusion


@pytest.mark.integration
def test_a_plain_verdict_keeps_the_badge(reading_home):
    answer = ask(reading_home, BORROWER_FILE, "栾德胜打过借条吗？")
    assert answer.status.value == "answered" and answer.conclusion.startswith("是"), answer.conclusion


def test_a_yes_whose_quote_holds_none_of_the_sums_asked_affirms_something_else():
    plan = make_plan("栾德胜有没有还过一万元现金？")
    assert figures_unsaid(plan, "是（E1：「2024年9月还了他五千元现金，剩下的还没还。」）") == ["一万元"]
    assert figures_unsaid(plan, "是（E1：「还过，还了他10000元现金。」）") == []
    assert figures_unsaid(plan, "否（E1：「没有还过。」）") == []  # a denial need not repeat the sum
    assert figures_unsaid(make_plan("栾德胜还过钱吗？"), "是（E1：「还了五千元。」）") == []


@pytest.mark.integration
def test_a_yes_about_another_sum_is_not_verified(reading_home):
    answer = ask(reading_home, BORROWER_FILE, "栾德胜有没有还过一万元现金？")
    assert answer.status.value != "answered", answer.conclusion
    # the note never restates the asker's figure: every number of an answer is the material's
    assert "一万" not in answer.conclusion and answer.checks.numbers_grounded, answer.conclusion


@pytest.mark.integration
def test_a_bare_assent_with_a_condition_is_no_plain_yes(reading_home):
    answer = ask(reading_home, HEARING_FILE, "被告同意调解吗？")
    assert answer.status.value == "needs_review", answer.conclusion
    assert "附有条件" in answer.conclusion, answer.conclusion


def test_a_record_answered_past_its_ledger_is_held_by_the_same_rule():
    from engine.answer.model import Answer, Evidence, Status
    from engine.answer.subject import subject_problems
    from engine.question import read_question
    from engine.types import Chunk

    said = Chunk("d1:0", "d1", 0, "transcript", "qa", "答：伤残鉴定是2024年1月15日做的。", [], [], {})
    answer = Answer(question="", intent="fact", status=Status.ANSWERED, conclusion="材料显示为2024年1月15日（E1）。",
                    evidence=[Evidence("E1", said, "笔录.pdf", 3, 16, [], 0.5)])
    assert STATEMENT_DOUBT in subject_problems(read_question("伤残鉴定是哪天做的？"), answer)
    assert STATEMENT_DOUBT not in subject_problems(read_question("伤残鉴定是哪天做的？"), answer, case_file=True)


def test_a_numbered_thing_listed_with_the_fields_is_an_ask_of_its_own():
    assert make_plan("栾德胜的身份证号码、手机号和微信号是多少？").unplanned == ["微信号"]
    assert make_plan("栾德胜的QQ号和电话分别是多少？").unplanned == ["栾德胜的QQ号"]
    assert make_plan("栾德胜的身份证号码和联系电话是多少？").unplanned == []
    assert make_plan("他的车牌号和手机号是多少？").unplanned == []  # 车牌号 is a field


@pytest.mark.integration
def test_fields_asked_with_a_number_no_field_holds_are_not_verified(reading_home):
    answer = ask(reading_home, BORROWER_FILE, "栾德胜的身份证号码、手机号和微信号是多少？")
    assert answer.status.value == "needs_review" and "微信号" in answer.conclusion, answer.conclusion


TWO_DEFENDANTS = """庭审笔录
时间：2025年12月2日9时30分至11时00分
地点：澄江市东湖区人民法院第二审判庭
案由：民间借贷纠纷
审判员：尉某
原告：薄永年，男，住澄江市东湖区湖滨路8号，身份证号码530102196505021234，联系电话13800001111。
被告：栾德胜，男，住澄江市东湖区柳巷3号，身份证号码530102198807153317，联系电话13987654321。
被告：甘玉兰，女，住澄江市东湖区柳巷5号，身份证号码530102199001204428，联系电话13655552222。
审判员：现在开庭。原告陈述诉讼请求。
原告：请求判令被告栾德胜归还借款两万元，被告甘玉兰承担保证责任。
审判员：被告栾德胜答辩。
被告栾德胜：借款是事实，已经还了五千元。
审判员：被告甘玉兰答辩。
被告甘玉兰：我只是介绍人，没有签过担保。
"""


@pytest.mark.integration
def test_two_parties_of_one_role_each_keep_their_own_particulars(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("two_defendants"), {"庭审笔录_两被告.pdf": TWO_DEFENDANTS}):
        second = ask(home, "庭审笔录_两被告.pdf", "甘玉兰的身份证号码是多少？")
        assert second.status.value == "answered", second.conclusion
        assert "4428" in second.conclusion and "3317" not in second.conclusion, second.conclusion
        both = ask(home, "庭审笔录_两被告.pdf", "栾德胜和甘玉兰的联系电话是多少？")
        assert "4321" in both.conclusion and "2222" in both.conclusion, both.conclusion


def test_two_things_asked_each_with_its_own_predicate_are_two_asks():
    assert make_plan("车行有营业执照、有税务登记吗？").unplanned == ["有税务登记吗？"]
    assert make_plan("他是否知情，是否参与？").unplanned == ["是否参与？"]
    assert make_plan("你认识栾德胜、薄永年吗？").unplanned == []  # one predicate over two people
    assert make_plan("有没有打借条，借条在谁手里？").unplanned == []  # a yes/no and a who: planned as such


TWICE_DENIED = """询问笔录
时间：2025年10月14日9时10分至2025年10月14日10时40分
地点：澄江市公安局城南派出所第三询问室
询问人：韩某、瞿某 记录人：瞿某
被询问人：栾德胜 性别：男
问：你在网上替人收款，上家是谁？
答：一个叫“老鹰”的人，只在微信上联系。
问：你和老鹰见过面吗？
答：没有见过面，都是微信联系。
问：你收了多少钱？
答：一共收了三万元左右。
询问笔录（第二次）
时间：2025年10月21日14时00分至2025年10月21日15时00分
地点：澄江市公安局城南派出所第三询问室
询问人：韩某、瞿某 记录人：瞿某
被询问人：栾德胜 性别：男
问：上次说的情况属实吗？
答：属实。
问：你到底有没有和老鹰见过面？
答：没有，一次面都没见过。
"""


@pytest.mark.integration
def test_a_denial_told_again_in_a_later_session_is_cited_with_the_first(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("twice_denied"), {"询问笔录_两次.txt": TWICE_DENIED}):
        answer = ask(home, "询问笔录_两次.txt", "栾德胜和老鹰见过面吗？")
        assert answer.conclusion.startswith("否"), answer.conclusion
        assert "没有见过面" in answer.conclusion and "一次面都没见过" in answer.conclusion, answer.conclusion


def test_a_sim_card_and_the_time_of_phones_as_goods_ask_no_phone_number():
    assert make_plan("他出租银行卡和电话卡一共拿到多少钱？").fields == []
    assert make_plan("第四批手机大概是什么时候收的？").fields == []
    assert make_plan("他用的手机卡是谁的？").fields == []
    assert make_plan("栾德胜的手机号是多少？").fields == ["phone"]
    assert make_plan("栾德胜的电话是多少？").fields == ["phone"]


TAKEN_BACK_RECORD = """询问笔录
时间：2025年6月9日9时00分至2025年6月9日10时30分
地点：澄江市应急管理局第一询问室
询问人：鲍某、芮某 记录人：芮某
被询问人：廉国栋 性别：男
问：你在工地负责什么？
答：我是架子班的班长，管十几个人。
问：出事的工人当时有没有系安全绳？
答：他系了安全绳，就是挂钩没挂上。
问：他是从多高掉下来的？
答：大概七米多。
补充询问
时间：2025年6月16日14时00分至2025年6月16日15时00分
地点：澄江市应急管理局第一询问室
问：上次的笔录有没有要更正的？
答：安全绳的事我上次说得不对，他那天根本没领到安全绳，身上什么都没系。
问：还有别的吗？
答：没有了。
"""


@pytest.mark.integration
def test_an_account_taken_back_later_is_one_of_two(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("taken_back"), {"询问笔录_廉国栋.txt": TAKEN_BACK_RECORD}):
        answer = ask(home, "询问笔录_廉国栋.txt", "出事的工人身上有没有系安全绳？")
        assert answer.status.value == "needs_review" and answer.conflicts, answer.conclusion
        assert "上次说得不对" in answer.conclusion, answer.conclusion
        height = ask(home, "询问笔录_廉国栋.txt", "工人是从多高掉下来的？")
        assert not height.conflicts, height.conclusion  # the correction is of another matter


SPOKEN_UNTRUE_RECORD = """讯问笔录
时间：2025年7月2日9时00分至2025年7月2日10时20分
地点：澄江市公安局城北分局第一讯问室
侦查员：卜某、谷某 记录人：谷某
犯罪嫌疑人：聂长青 性别：男
问：你给卖出去的鸭子喂过什么？
答：就是玉米和稻谷。
问：你往饲料里加过别的东西没有？
答：没有，就是玉米。
问：鸭子卖给谁了？
答：卖给镇上的两家饭馆。
问：你给鸭子打过针没有？
答：没有打过针。
问：第一次卖是哪天？
答：第一次是2025年5月1日，卖了十只。
问：第二次呢？
答：第二次是2025年5月3日。
补充讯问
时间：2025年7月9日14时00分至2025年7月9日15时00分
地点：澄江市公安局城北分局第一讯问室
问：上次讯问时你说饲料里只有玉米，是否属实？
答：上次没说实话。出栏前半个月，我往饲料里拌过一种催肥的药粉，是在集上买的。
问：鸭子卖给谁了，上次说的对吗？
答：对的。
问：你上次说一共卖了二十只，现向你出示饭馆的进货单，上面写的鸭子是多少只？
答：那就是二十五只，我上次记错了。
问：你前面说第二次是2025年5月3日，到底是哪天？
答：我刚才说错了。第二次是2025年5月6日。
"""


@pytest.mark.integration
def test_an_account_taken_back_in_reply_to_the_askers_words_is_one_of_two(tmp_path_factory):
    # the earlier time is in the asker's words (上次讯问时你说), the reply says it was untrue and the
    # next sentence tells the account instead; the earlier reply is bare (没有，就是玉米)
    for home in record_home(tmp_path_factory.mktemp("spoken_untrue"), {"讯问笔录_聂长青.txt": SPOKEN_UNTRUE_RECORD}):
        answer = ask(home, "讯问笔录_聂长青.txt", "聂长青往饲料里加过别的东西吗？")
        assert answer.status.value == "needs_review" and answer.conflicts, answer.conclusion
        assert "药粉" in answer.conclusion, answer.conclusion
        buyers = ask(home, "讯问笔录_聂长青.txt", "鸭子卖给谁了？")
        assert not buyers.conflicts, buyers.conclusion  # confirmed, not taken back
        # the count taken back is another matter, though its asker names the ducks
        shots = ask(home, "讯问笔录_聂长青.txt", "聂长青给鸭子打过针吗？")
        assert not shots.conflicts and "记错" not in shots.conclusion, shots.conclusion
        # the date of the second sale put back and corrected shares only dates with the first sale's
        first = ask(home, "讯问笔录_聂长青.txt", "聂长青第一次卖鸭子是哪天？")
        assert "说错" not in first.conclusion and "收回" not in first.conclusion, first.conclusion


BATCHES = """讯问笔录
时间：2025年3月4日9时00分至2025年3月4日11时00分
地点：澄江市公安局城西分局第二讯问室
侦查员：房某、巫某 记录人：巫某
犯罪嫌疑人：阚志明 性别：男
问：你从他手里收过几次旧手机？
答：一共四次。
问：第一次是什么时候，收了几部，多少钱？
答：第一次是去年11月初，具体哪天记不清了，微信转账记录上有。那次是4部，每部800元。
问：第四次呢？
答：第四次是去年腊月二十几号，快过年了，他拿来3部，我给了他两千块现金。
"""


@pytest.mark.integration
def test_not_remembering_another_occasion_is_no_answer_for_the_one_asked(tmp_path_factory):
    for home in record_home(tmp_path_factory.mktemp("batches"), {"讯问笔录_阚志明.txt": BATCHES}):
        answer = ask(home, "讯问笔录_阚志明.txt", "第四批手机大概是什么时候收的？")
        assert answer.status.value != "answered", answer.conclusion
        assert "另一次" in answer.conclusion, answer.conclusion


def test_fields_of_one_named_by_kin_are_an_ask_no_header_line_answers():
    assert make_plan("栾德胜和他老婆的身份证号、手机号是多少？").unplanned == ["他老婆"]
    assert make_plan("他老婆的电话是多少？").unplanned == ["他老婆"]
    assert make_plan("栾德胜的身份证号和手机号是多少？").unplanned == []


def test_a_negation_inside_a_modifier_asks_of_no_absence():
    assert not make_plan("没考过的考生，周哥有没有退钱给他？").focus.negated
    assert make_plan("还有工资没拿到吗？").focus.negated
    assert make_plan("没还的钱有多少？").focus.negated  # no act but the modified one is told


def test_a_prohibition_told_is_no_denial_of_the_act():
    from engine.answer.casefile.verdict import _clause_negated

    sentence = "镇上的人来过，说这是耕地，不能倒垃圾，让我停下来。"
    assert not _clause_negated(sentence, sentence.index("倒垃圾"))
    assert _clause_negated("我没有倒垃圾", len("我没有"))

