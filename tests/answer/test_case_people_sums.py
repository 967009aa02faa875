"""Sums of several people in one record: each person's own total, never the whole file's (一共…, naming
nobody) for one of them; a figure quoted from a paper (收条上写的是“今收到某某…”) tells a payment
again; a figure told before and said to be wrong (上次说…，我说错了) is no row; a repayment told
again in the answer to 一共多少 is the one told before; what one person still has not got back is
that person's payments less what went back to that person. Also two yes/no readings: a cleft naming
another doer (合同是开发商签的，我没签字) and the other side's sentence about its own act. Records
written for these tests, typeset into real PDFs."""

from __future__ import annotations

import pytest

from engine.answer.model import Status
from tests.case_homes import amounts, ask, record_home

# A man who promised jobs took money from two people; a receipt, a repayment told twice, a total told
# of both, and a correction of one person's total in the last turn.
JOBS = """讯问笔录
时间：2024年10月8日9时00分至2024年10月8日11时20分
地点：滨江县公安局城西派出所讯问室
侦查员：闵某、樊某 记录人：樊某
犯罪嫌疑人：郑立群 性别：男
问：你知道自己为什么被带到公安机关吗？
答：知道。2024年10月7日晚上9点左右，你们到我租的房子里把我带回来的。
问：你以前受过什么处罚没有？
答：2018年我因为诈骗被滨江县法院判过刑，判了一年。
问：许红英给过你多少钱？
答：第一次是2024年3月2日，在她家楼下，她给了我现金2万元。第二次是4月初，她用手机银行转了4万元到我的卡上。
问：你给许红英打过收条没有？
答：第一次打了一张收条，上面写的是“今收到许红英办事款贰万元整”，落款是我的名字。
问：你退过许红英钱没有？
答：2024年6月5日用微信还了她9,000元，剩下的没还。
问：何玉洁给了你多少钱？
答：2024年5月中旬，她用支付宝分两次转给我，一次1.5万元，一次5000元，一共两万元。
问：你收何玉洁的钱有没有凭证？
答：邓俊给她写了一张收条，写的是“今收到何玉洁办事款壹万伍仟元整”。
问：介绍人王永福拿了多少？
答：许红英这笔我给了他3000元现金，是在他家给的。
问：你一共收了多少钱？
答：一共八万元，还了许红英九千元。
问：你还有什么要补充的吗？
答：有。上次说何玉洁一共给了我两万元，我刚才说错了。7月初她又给了我4000元现金。所以何玉洁一共给了我24000元。
"""

# A hearing: the defendant says the developer signed, not he; the plaintiff's own signing is its act.
SIGNED = """庭审笔录
案由：物业服务合同纠纷
开庭时间：2024年5月10日上午9时
审判员：祁某 书记员：卓某
原告：滨江县安和物业服务有限公司
被告：甄海波，男，1979年2月3日出生，汉族
审判员：原告陈述诉讼请求和事实理由。
原告：2017年5月，原告与开发商签订了物业服务合同，被告所住房屋在服务范围内。
审判员：被告在物业服务合同上签过字吗？
被告：物业服务合同是开发商签的，我没签字，收房时签的确认书我认。
审判员：被告是否以书面形式提出过服务质量的意见？
被告：没有书面提过，都是在业主群里说的。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("people_sums"), {"jobs.pdf": JOBS, "signed.pdf": SIGNED})


def test_one_persons_total_is_never_the_sum_naming_nobody(home):
    answer = ask(home, "jobs.pdf", "许红英一共给了他多少钱？")
    found = amounts(answer.conclusion)
    assert 60000 in found and 80000 not in found, answer.conclusion
    assert 20000 not in found or 60000 in found  # the receipt's 贰万元 is the first payment told again, not a third


def test_a_total_said_wrong_is_no_row_and_the_corrected_one_is_the_latest(home):
    answer = ask(home, "jobs.pdf", "何玉洁前后一共给了他多少钱？")
    assert 24000 in amounts(answer.conclusion) and 80000 not in amounts(answer.conclusion), answer.conclusion


def test_what_one_person_has_not_got_back_is_hers_less_what_went_back_to_her(home):
    answer = ask(home, "jobs.pdf", "他退给许红英一部分钱以后，许红英还有多少钱没拿回来？")
    assert 51000 in amounts(answer.conclusion), answer.conclusion  # 20000 + 40000 − 9000, the repayment once
    assert any(c.result == 51000 for c in answer.calculations)


def test_the_person_named_as_the_topic_of_a_sum_is_not_its_payer(home):
    # 许红英这笔我给了他3000元: the suspect paid the introducer, she did not
    answer = ask(home, "jobs.pdf", "许红英一共给了他多少钱？")
    assert 63000 not in amounts(answer.conclusion) and 57000 not in amounts(answer.conclusion)


def test_a_cleft_naming_another_doer_says_nothing_of_the_speaker(home):
    answer = ask(home, "signed.pdf", "被告在物业服务合同上签过字吗？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "说法不一" not in answer.conclusion  # the plaintiff's own signing is no account of the defendant's


def test_a_verdict_of_a_two_part_question_comes_from_the_records_own_question(home):
    answer = ask(home, "signed.pdf", "被告有没有书面提过服务质量的意见？是通过什么方式反映的？")
    assert answer.conclusion.startswith("否"), answer.conclusion
    assert "业主群" in answer.conclusion
    assert answer.status is not Status.ANSWERED


# A divorce hearing: each side tells figures of several debts; a house resold with the agent's fee.
DEBTS = """庭审笔录
案由：离婚纠纷
开庭时间：2024年7月2日上午9时
审判员：祁某 书记员：卓某
原告：韩秀兰，女，1988年4月9日出生，汉族
被告：高建军，男，1986年1月12日出生，汉族
审判员：原告陈述夫妻共同债务情况。
原告：房子是2019年买的，截至2024年6月，剩余贷款本金是50万元。我名下的信用卡现在欠两万一千元，都是家里的开销。
审判员：被告有何意见？
被告：被告归还父亲6万元有合理解释，信用卡欠款应由原告个人负担。
审判员：房子卖过没有？
被告：2024年3月挂牌卖过一次，买方交了定金30,000元后反悔了。
"""


@pytest.fixture(scope="module")
def debts(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("debts"), {"debts.pdf": DEBTS})


def test_a_sides_figure_of_one_debt_is_never_given_for_another(debts):
    card = ask(debts, "debts.pdf", "女方名下的信用卡欠了多少钱？")
    assert amounts(card.conclusion) == {21000}, card.conclusion
    loan = ask(debts, "debts.pdf", "房子还剩多少贷款本金没还？")
    assert amounts(loan.conclusion) == {500000}, loan.conclusion
    assert "原告" in loan.conclusion  # one side's figure, as that side's


def test_a_word_and_the_first_character_of_the_next_is_jiebas_cut():
    from engine.question import cut_across

    assert cut_across("房子现", "房子现在还剩多少贷款本金没还？")
    assert not cut_across("银行卡", "银行卡号是多少")


def test_an_act_in_the_passive_with_its_agent_between_and_being_taken_in(home):
    judged = ask(home, "jobs.pdf", "他以前被判过刑吗？")  # 被滨江县法院判过刑: 被…判
    assert judged.conclusion.startswith("是"), judged.conclusion
    taken = ask(home, "jobs.pdf", "他是哪天被警察带走的？")  # 把我带回来的 is being taken away
    assert "2024年10月7日" in taken.conclusion, taken.conclusion


def test_a_receipt_quoted_names_its_payer_not_the_one_who_wrote_it(home):
    from engine.answer.casefile.facts.store import LedgerStore

    engine, docs = home
    ledger = LedgerStore(engine.index.catalog).get(docs["jobs.pdf"])
    receipt = next(e for e in ledger.money if "今收到何玉洁" in e.words)
    assert receipt.payer == "何玉洁" and receipt.payee != "何玉洁"
