"""A hearing's claims and the contract terms its record states (庭审笔录, 仲裁庭审笔录): the demand a
question names, as claimed; the claims added less a term taken off (扣除保证金后), with the equation —
or needs review when that term is stated as two sums; a term stated after its word (保证金一万元,
月租金16,000元) with who said it, agreed or a conflict attributed to each side; the period a contract set.
Records written for these tests (an arbitration hearing with 仲裁员/申请人/被申请人, two court hearings)."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, held_as_said, record_home

pytestmark = pytest.mark.integration

ARBITRATION = """某市劳动人事争议仲裁委员会
仲裁庭审笔录
时间：2024年10月15日14时00分至16时10分
地点：某市劳动人事争议仲裁委员会第二仲裁庭
案由：劳动争议
仲裁员：甲某　书记员：乙某
申请人：卢晓川，男，1991年2月9日出生。
申请人委托代理人：汪宁，律师。
被申请人：某物流有限公司，法定代表人丙某。
仲裁员：下面由申请人陈述仲裁请求。
申请人委托代理人：仲裁请求：一、裁决被申请人支付拖欠的工资26,400元；二、裁决被申请人支付未签订书面劳动合同的二倍工资差额三万三千元；三、裁决被申请人退还入职时收取的保证金两千元。事实和理由：申请人于2023年3月入职，被申请人一直未与申请人签订书面劳动合同。
仲裁员：被申请人答辩。
被申请人：入职时收的保证金是两千元，这个没错。工资只欠两个月，不是三个月。
仲裁员：申请人，工资是怎么发的？
申请人：每个月十五号发上个月的工资，月工资8800元，从今年一月起就没发过。
"""

LEASE = """某县人民法院
庭审笔录
时间：2024年6月3日9时00分至10时30分
地点：某县人民法院第二法庭
案由：租赁合同纠纷
审判员：丁某　书记员：戊某
原告：岑国栋，男，1975年4月1日出生，个体经营。
被告：郝立伟，男，1980年7月2日出生。
审判员：原告陈述诉讼请求。
原告：诉讼请求：1、判令被告支付拖欠的挖掘机租金48,000元；2、判令被告支付逾期付款违约金4,800元；3、判令被告赔偿铲斗维修费3,250元。以上费用扣除被告已交的保证金后支付。事实和理由：双方于2023年4月签订租赁合同，租期从2023年5月1日至2023年10月31日，月租金16,000元，保证金一万元。
审判员：被告答辩。
被告：保证金交了一万元没错，月租金16000元也没错。租金我只欠两个月，三万二千元。
审判员：铲斗是怎么坏的？
被告：是干活时正常磨损的，不是我弄坏的。
"""

DEPOSIT_DISPUTED = """某区人民法院
庭审笔录
时间：2024年8月20日14时30分至15时40分
地点：某区人民法院第六法庭
案由：买卖合同纠纷
审判员：己某　书记员：庚某
原告：沈家豪，男，1986年9月3日出生。
被告：韦秋菊，女，1990年1月15日出生。
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告返还货款六万元；二、判令被告支付利息3,600元。以上款项扣除原告已收的定金后支付。
审判员：被告答辩。
被告：原告收的定金是三万元，不是两万元。
原告：我收的定金两万元，有收条。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("claims"), {
        "劳动仲裁.txt": ARBITRATION, "租赁庭审.pdf": LEASE, "定金庭审.txt": DEPOSIT_DISPUTED})


@pytest.mark.parametrize("name, question, claimed, never", [
    ("劳动仲裁.txt", "申请人要求退还多少保证金？", 2000, {26400, 33000}),
    ("劳动仲裁.txt", "申请人的仲裁请求里，二倍工资差额是多少？", 33000, {26400, 2000, 8800}),
    ("租赁庭审.pdf", "原告主张的维修费是多少？", 3250, {48000, 4800}),
])
def test_the_demand_a_question_names_is_given_as_claimed(home, name, question, claimed, never):
    answer = ask(home, name, question)
    found = amounts(answer.conclusion)
    assert claimed in found and not found & never, answer.conclusion
    assert "请求" in answer.conclusion, answer.conclusion


def test_the_claims_less_a_term_are_added_and_the_term_taken_off_with_the_equation(home):
    answer = ask(home, "租赁庭审.pdf", "按原告的诉讼请求，扣除保证金后被告一共还应付多少钱？")
    assert 46050 in amounts(answer.conclusion), answer.conclusion
    assert any(c.result == 46050 and "10000" in c.expression for c in answer.calculations), answer.calculations


def test_a_term_taken_off_stated_as_two_sums_is_not_computed(home):
    answer = ask(home, "定金庭审.txt", "按原告的诉讼请求，扣除定金后被告还应付多少钱？")
    assert answer.status is not Status.ANSWERED and not held_as_said(answer), answer.conclusion
    assert not amounts(answer.conclusion) & {43600, 33600}, answer.conclusion


@pytest.mark.parametrize("name, question, value", [
    ("租赁庭审.pdf", "被告交了多少保证金？", 10000),
    ("租赁庭审.pdf", "月租金是多少？双方有没有争议？", 16000),
    ("劳动仲裁.txt", "被申请人收了多少保证金？", 2000),
])
def test_a_term_stated_by_both_sides_alike_is_answered_as_agreed(home, name, question, value):
    answer = ask(home, name, question)
    assert amounts(answer.conclusion) == {value}, answer.conclusion
    assert held_as_said(answer) and not answer.conflicts, answer.conclusion


def test_a_term_stated_differently_by_the_sides_is_a_conflict_attributed_to_each(home):
    answer = ask(home, "定金庭审.txt", "原告收了多少定金？")
    assert {30000, 20000} <= amounts(answer.conclusion), answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion
    assert "原告称" in answer.conclusion and "被告称" in answer.conclusion, answer.conclusion


def test_the_period_a_contract_set_is_its_two_ends(home):
    answer = ask(home, "租赁庭审.pdf", "租期是从哪天到哪天？")
    assert "2023年5月1日" in answer.conclusion and "2023年10月31日" in answer.conclusion, answer.conclusion
    assert "2023年4月" not in answer.conclusion.split("（")[0], answer.conclusion
