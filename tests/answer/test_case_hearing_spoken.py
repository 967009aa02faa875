"""Hearings of every kind where each side states its own figures (an arbitration with 仲裁员/申请人/被申请人
代理人, a court hearing with 审判员/原告/被告): a claims list said aloud (我的请求有四项。第一，…) added and
checked against the total the side states; each side's figure of a measure stated as it (以7600元为基数),
a side's figure times its count, one side's total less the other's (never a figure per month); the
mediation's offers, the gap between them and a side's yes or no to the other's proposal — the notice of
rights read at the start (请求调解…的权利) being no mediation; a side putting off what it is asked (我这边
没有材料，需要庭后核实) is a gap, not an answer. Records written for these tests."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

ARBITRATION = """某市劳动人事争议仲裁委员会
仲裁庭审笔录
开庭时间：2024年9月10日9时00分至11时20分
开庭地点：某市劳动人事争议仲裁院第一仲裁庭
仲裁员：甲某　书记员：乙某
申请人：符海燕，女，1990年3月2日出生。
被申请人：某电子科技有限公司，法定代表人丙某。
委托代理人：丁某，律师。
仲裁员：当事人有申请回避、举证、辩论、请求调解和最后陈述的权利。双方是否听清？
申请人：听清了。
被申请人代理人：听清楚了。
仲裁员：申请人陈述仲裁请求。
申请人：我的请求有四项。第一，裁决被申请人支付违法解除劳动合同的赔偿金55,200元，按月工资9200元乘以6个月算；第二，支付2023年9月至2024年2月的加班费12,600元；第三，支付未休年假工资2,115元；第四，退还押金1,000元。四项合计70,915元。
仲裁员：被申请人答辩。
被申请人代理人：关于工资基数，申请人离职前十二个月平均工资不是9200元，奖金是一次性发放的，应当以7600元为基数，按3个月计算。
仲裁员：申请人，你离职前月工资是多少？
申请人：我每个月工资是9200元，工资单上都有。
仲裁员：加班时间各自怎么说？
申请人：我平时每周加班5个小时左右，这半年一共加班150个小时，有打卡记录。
被申请人代理人：按公司打卡记录，申请人这半年加班共90小时，都已经调休。
仲裁员：押金1,000元是怎么收取的？有没有收据？
被申请人代理人：押金具体怎么收的我这边没有材料，需要庭后向公司核实。
仲裁员：双方是否愿意调解？
被申请人代理人：公司可以一次性支付两万五千元，双方再无争议。
申请人：不接受。两万五太低了，我至少要四万元。
被申请人代理人：四万元公司不能接受。
仲裁员：调解不成，庭审结束。
"""

COURT = """某区人民法院
庭审笔录
时间：2024年11月5日14时00分至15时30分
地点：某区人民法院第三法庭
审判员：戊某　书记员：己某
原告：某建材有限公司，法定代表人庚某。
被告：辛建国，男，1978年6月8日出生。
审判员：当事人享有申请回避、举证、质证、辩论和请求调解的权利，是否听清？
原告：听清了。
被告：听清了。
审判员：原告陈述诉讼请求。
原告：诉讼请求有三项。第一，判令被告支付货款96,000元；第二，判令被告支付逾期付款利息3,840元；第三，判令被告承担本案诉讼费。
审判员：被告答辩。
被告：货款我认，利息不认。
审判员：双方能否调解？
原告：同意调解，最少要八万元。
被告：我最多只能给六万元。
审判员：原告，被告提出的六万元你同意吗？
原告：不同意，六万太少了。
"""

SHARED_HOME = """某县人民法院
庭审笔录
时间：2024年12月2日9时30分至11时00分
地点：某县人民法院第一法庭
审判员：壬某　书记员：癸某
原告：邝玉梅，女，1985年5月9日出生。
被告：欧阳志强，男，1983年2月1日出生。
审判员：房子的首付是怎么付的？
原告：首付一共40万元，首付里我哥哥出了15万，剩下的是我们两个人的工资攒的。
审判员：被告，你怎么说？
被告：首付40万元没错，但首付里我父母也给了10万，原告哥哥那15万是借的。
"""

RENTAL = """某区人民法院
庭审笔录
时间：2025年1月8日9时00分至10时00分
地点：某区人民法院第五法庭
审判员：甲某　书记员：乙某
原告：某机械租赁有限公司，法定代表人丙某。
被告：某路桥工程有限公司，法定代表人丁某。
审判员：租金是怎么算的？
原告：吊车租金按每天800元的标准，按25天计算，被告一天都没付过。
审判员：被告，吊车用了几天？
被告：按我们的施工日志只用了20天，每天的价格没有异议。
"""


MEDIATED = """某区人民法院
庭审笔录
时间：2025年2月11日9时00分至10时10分
地点：某区人民法院第二法庭
审判员：甲某　书记员：乙某
原告：庞丽华，女，1979年3月3日出生。
被告：某装饰工程有限公司，法定代表人丙某。
审判员：双方是否愿意调解？
原告：愿意。
被告：愿意。
审判员：经本庭主持调解，双方自愿达成如下协议：被告于2025年3月1日前返还原告装修款三万元。
"""

PUT_OFF = """某区人民法院
庭审笔录
时间：2025年2月12日14时00分至15时00分
地点：某区人民法院第四法庭
审判员：甲某　书记员：乙某
原告：祁海波，男，1986年7月7日出生。
被告：伍建新，男，1984年8月8日出生。
审判员：原告是否同意调解？
原告：同意调解，但被告要先把钱退了。
审判员：庭后由本院组织双方调解，调解不成的，本院将依法判决。
"""

# A claims list read out by the plaintiff's agent, each item answered by the defendant's agents named
# after their role (a label of 12 characters) under the bench's question naming the item.
ITEMISED = """某区人民法院
庭审笔录
时间：2025年3月4日9时00分至11时30分
地点：某区人民法院第六法庭
审判员：甲某　书记员：乙某
原告：贝秋萍，女，1975年4月4日出生。
被告：某骨科医院，法定代表人丙某。
审判员：原告陈述诉讼请求和具体损失。
原告委托诉讼代理人：原告的具体损失如下：1.医疗费52,300元；2.误工费，每天按250元计算，120天，为30,000元；3.护理费4,800元。以上合计87,100元。
审判员：被告对医疗费有何意见？
被告委托诉讼代理人司马文斌：票据真实，但其中3,150元是原告自行购买的保健品，与本案无关。被告只认可49,150元。
审判员：被告对误工费的意见？
被告委托诉讼代理人司马文斌：原告没有收入证明，应当按每天100元计算，认可120天，为12,000元。
审判员：护理费？
被告委托诉讼代理人欧阳慧：护理费4,800元无异议。
审判员：原告入院时交过押金吗？
原告委托诉讼代理人：误工费的票据都交了，住院押金伍仟元，误工费按每天250元算。
审判员：原告还有什么补充？
原告委托诉讼代理人：证据四，误工证明，证明原告误工120天，误工费共30,000元。
审判员：原告对护理费的请求有无变更？
原告委托诉讼代理人：护理期按鉴定意见应为90天，护理费变更为7,200元。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("spoken"), {"劳动仲裁.pdf": ARBITRATION, "买卖庭审.txt": COURT,
                                                               "共有房屋.txt": SHARED_HOME,
                                                               "吊车租赁.txt": RENTAL, "调解成立.txt": MEDIATED,
                                                               "庭后调解.txt": PUT_OFF, "分项质证.txt": ITEMISED})


def test_a_claims_lists_item_against_the_other_sides_sum_under_the_benchs_question(home):
    """误工费双方主张的数额相差多少: the claims list's item is the plaintiff's, the defendant's agent
    (被告委托诉讼代理人某某：) answers the bench's question naming the item — never its figure per day."""
    answer = ask(home, "分项质证.txt", "误工费这一项，双方主张的数额相差多少钱？")
    assert {30000, 12000, 18000} <= amounts(answer.conclusion) and not {250, 100} & amounts(answer.conclusion)


def test_a_sides_figure_is_the_sum_it_owns_not_one_it_mentions_to_exclude(home):
    answer = ask(home, "分项质证.txt", "医疗费双方各自主张多少？")
    got = amounts(answer.conclusion)
    assert {52300, 49150} <= got and 3150 not in got


def test_a_spoken_claims_list_is_added_and_checked_against_its_stated_total(home):
    answer = ask(home, "劳动仲裁.pdf", "申请人的仲裁请求一共多少钱？")
    assert 70915 in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == 70915 and "55200" in c.expression for c in answer.calculations), answer.calculations
    assert 9200 not in amounts(answer.conclusion), answer.conclusion  # how a demand was reckoned, no demand


def test_a_spoken_claims_list_of_a_court_hearing_sums_the_demands_stating_a_sum(home):
    answer = ask(home, "买卖庭审.txt", "原告的诉讼请求合计是多少？")
    assert 99840 in amounts(answer.conclusion), answer.conclusion


def test_each_sides_figure_of_a_measure_stated_as_it_is_a_conflict_attributed_to_each(home):
    answer = ask(home, "劳动仲裁.pdf", "计算赔偿金的月工资基数，双方各自主张多少？")
    assert {9200, 7600} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert "申请人称" in answer.conclusion and "被申请人称" in answer.conclusion, answer.conclusion


def test_the_difference_of_the_sides_figures_of_a_measure(home):
    answer = ask(home, "劳动仲裁.pdf", "双方主张的月工资基数相差多少？")
    assert 1600 in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == 1600 for c in answer.calculations), answer.calculations


@pytest.mark.parametrize("question, result, never", [
    ("按被申请人主张的工资基数和月数，赔偿金是多少？", 22800, {55200}),
    ("按申请人主张的工资基数和月数，赔偿金是多少？", 55200, {22800}),
])
def test_a_sides_figure_times_its_count_is_computed_with_the_equation(home, question, result, never):
    answer = ask(home, "劳动仲裁.pdf", question)
    assert result in amounts(answer.conclusion) and not amounts(answer.conclusion) & never, answer.conclusion
    assert any(c.result == result for c in answer.calculations), answer.calculations


def test_one_sides_total_less_the_others_never_a_figure_per_period(home):
    answer = ask(home, "劳动仲裁.pdf", "申请人主张的加班时长比公司打卡记录的多多少小时？")
    assert "60小时" in answer.conclusion, answer.conclusion
    assert "5个小时" not in answer.conclusion, answer.conclusion  # 每周加班5个小时: a rate, no total
    assert any(c.result == 60 for c in answer.calculations), answer.calculations


@pytest.mark.parametrize("name, question, gap, offers", [
    ("劳动仲裁.pdf", "调解时双方的金额差了多少？", 15000, {25000, 40000}),
    ("买卖庭审.txt", "调解中双方的数额相差多少？", 20000, {80000, 60000}),
])
def test_the_gap_between_the_sides_offers_in_mediation(home, name, question, gap, offers):
    answer = ask(home, name, question)
    found = amounts(answer.conclusion)
    assert gap in found and offers <= found, answer.conclusion
    assert not found & {70915, 55200, 96000}, answer.conclusion  # the claims, said before, are no offer
    assert any(c.result == gap for c in answer.calculations), answer.calculations


@pytest.mark.parametrize("name, question, verdict, said", [
    ("劳动仲裁.pdf", "申请人同意被申请人提出的调解方案吗？", "否", "不接受"),
    ("买卖庭审.txt", "原告同意被告提出的调解金额吗？", "否", "不同意"),
])
def test_a_sides_yes_or_no_to_the_others_proposal(home, name, question, verdict, said):
    answer = ask(home, name, question)
    assert answer.conclusion.startswith(verdict) and said in answer.conclusion, answer.conclusion


def test_a_side_putting_off_how_a_thing_was_done_is_a_gap(home):
    answer = ask(home, "劳动仲裁.pdf", "押金是怎么收取的？")
    assert answer.gaps and "未作说明" in answer.conclusion, answer.conclusion


def test_the_rest_of_a_term_once_the_part_one_side_tells_is_taken_off(home):
    answer = ask(home, "共有房屋.txt", "按原告的说法，首付里除了她哥哥出的钱，其余是多少？")
    assert 250000 in amounts(answer.conclusion), answer.conclusion
    assert not amounts(answer.conclusion) & {100000, 300000}, answer.conclusion  # the other side's part
    assert any(c.result == 250000 for c in answer.calculations), answer.calculations


def test_a_sides_rate_times_its_days_in_a_court_hearing(home):
    answer = ask(home, "吊车租赁.txt", "按原告主张的日租金标准和天数，租金是多少？")
    assert 20000 in amounts(answer.conclusion) and 16000 not in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == 20000 for c in answer.calculations), answer.calculations


@pytest.mark.parametrize(("name", "question", "verdict", "said"), [
    ("劳动仲裁.pdf", "庭上调解成了吗？", "否", "调解不成"),
    ("调解成立.txt", "双方达成调解了吗？", "是", "自愿达成如下协议"),
])
def test_how_the_mediation_ended_is_the_benchs_own_words(home, name, question, verdict, said):
    answer = ask(home, name, question)
    assert answer.conclusion.startswith(verdict) and said in answer.conclusion, answer.conclusion
    assert answer.status is Status.ANSWERED, answer.conclusion


@pytest.mark.parametrize("name", ["买卖庭审.txt", "庭后调解.txt"])
def test_a_sides_willingness_or_what_follows_if_it_fails_tells_no_end_of_the_mediation(home, name):
    # 同意调解 / 调解不成的，本院将依法判决: nothing said of how it ended
    answer = ask(home, name, "双方调解成了吗？")
    assert answer.status is Status.NOT_FOUND, answer.conclusion


@pytest.mark.parametrize(("question", "chosen", "other"), [
    ("原告最后主张的护理费是多少？", 7200, 4800),
    ("原告起诉时主张的护理费是多少？", 4800, 7200),
])
def test_one_sides_figure_stated_twice_is_the_version_asked_the_other_named(home, question, chosen, other):
    answer = ask(home, "分项质证.txt", question)
    text = answer.conclusion
    # the version asked is the answer; the other is pointed to by its cite, its quote in the evidence
    assert chosen in amounts(text) and other not in amounts(text) and "另有不同说法" in text, text
    assert other in amounts(" ".join(e.quote for e in answer.evidence)), text


def test_one_sides_figure_stated_twice_asked_without_a_version_is_each_version(home):
    """原告主张的护理费 told 4,800 in the claims list, then 7,200: both, the last named — never the other
    side's figure beside them."""
    answer = ask(home, "分项质证.txt", "原告主张的护理费是多少？")
    assert {4800, 7200} == amounts(answer.conclusion) and answer.conflicts, answer.conclusion
    assert answer.status.value != "answered"


def test_figures_of_a_thing_told_again_without_a_change_are_no_versions_of_it(home):
    """误工费…为30,000元 in the list, 误工费共30,000元 again, a rate beside it: one figure, never 前后不一."""
    answer = ask(home, "分项质证.txt", "原告那边主张的误工费是多少？")
    assert "前后不一" not in answer.conclusion and 30000 in amounts(answer.conclusion), answer.conclusion


def test_the_claims_total_before_and_after_a_demand_changed(home):
    """以上合计87,100元, then 护理费变更为7,200元: the total as listed and as changed (89,500), the later
    named, each with its equation — never a price per day taken for a demand's sum."""
    answer = ask(home, "分项质证.txt", "原告一共要求被告赔多少钱？")
    assert {87100, 89500} <= amounts(answer.conclusion) and 250 not in amounts(answer.conclusion), answer.conclusion
    assert answer.conflicts and answer.status.value != "answered"
    assert {c.result for c in answer.calculations} >= {87100, 89500}
