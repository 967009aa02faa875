"""A hearing whose claims are one unnumbered demand with its total (请求判令被告赔偿…医药费、误工费…，合计96500元):
that total is the claims list's — never a side's figure of one item (误工费) — and the claim less a sum
the question names by its act (扣掉被告已经垫付的钱 → 垫付的一万元) is computed. A figure per day said of the
item (每天收入二百元) is the rate it is reckoned by, not the side's sum. A record written for this test."""

from __future__ import annotations

import pytest

from engine.answer.model import Status

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

INJURY = """某区人民法院
庭审笔录
时间：2025年5月6日9时00分至11时00分
地点：某区人民法院第二法庭
案由：生命权、身体权、健康权纠纷
审判员：甲某　书记员：乙某
原告：柯晓东，男，1975年2月3日出生。
被告：某市宏达物流有限公司。
审判员：原告陈述诉讼请求。
原告代理人：请求判令被告赔偿原告医药费、误工费、护理费、伤残赔偿金，合计96500元；本案诉讼费由被告负担。
原告代理人：事实和理由：原告受伤后于2025年1月3日到市一院住院，住院18天。2025年2月10日原告又到康复医院住院，住院12天。
审判员：被告有何证据？
被告代理人：我方事故当天垫付的一万元，应当在赔偿中扣除。
审判员：原告对被告垫付的一万元有无异议？
原告代理人：垫付的一万元收到了，同意扣除。
审判员：误工费，原告怎么主张？
原告代理人：原告原来在工地打零工，每天收入二百元。误工期按120日，误工费24000元。
被告代理人：原告没有收入证明，误工费最多一万二。
"""


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("itemclaims"), {"人身损害.txt": INJURY})


def test_each_sides_item_is_never_the_claims_total_nor_a_daily_rate(home):
    answer = ask(home, "人身损害.txt", "误工费双方各主张多少？")
    found = amounts(answer.conclusion)
    assert {24000, 12000} <= found and not found & {96500, 200}, answer.conclusion
    assert answer.status is Status.NEEDS_REVIEW and answer.conflicts, answer.conclusion


def test_an_unnumbered_claim_less_what_was_advanced(home):
    answer = ask(home, "人身损害.txt", "原告主张的赔偿总额扣掉被告已经垫付的钱，还要被告再赔多少？")
    assert 86500 in amounts(answer.conclusion), answer.conclusion


WORKS = """某区人民法院
庭审笔录
时间：2025年9月2日14时30分至16时00分
地点：某区人民法院第六法庭
案由：承揽合同纠纷
审判员：甲某　书记员：乙某
原告：钟一鸣，男，1982年4月8日出生。
被告：某市巧手家具有限公司。
审判员：原告陈述诉讼请求。
原告：诉讼请求：一、判令被告支付逾期交货违约金7,200元；二、判令被告退还定金5,000元。
审判员：被告答辩。
被告：定金我们同意退还。合同约定工期60天、违约金每天200元。交货晚了，但原告中途改了两次尺寸，所以只晚了10天，违约金最多2,000元，不是7,200元。
审判员：被告，增项多少？
被告：增项一共4,500元：书柜3,000元，鞋柜1,500元。
审判员：原告，对增项有什么意见？
原告：书柜3,000元我认可，鞋柜是合同里本来就有的。我方认可的增项只有3,000元。
"""


@pytest.fixture(scope="module")
def works(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("claimgranted"), {"承揽.txt": WORKS})


def test_a_demand_less_the_figure_the_other_side_grants(works):
    answer = ask(works, "承揽.txt", "原告主张的违约金比被告认可的最多违约金多多少？")
    assert 5200 in amounts(answer.conclusion), answer.conclusion


def test_the_hearing_is_asked_by_its_own_header(home):
    # 哪天开的庭、在哪个法庭: the record's own header, never a date told in it
    answer = ask(home, "人身损害.txt", "这个案子是哪天开的庭、在哪个法庭？")
    assert "2025年5月6日" in answer.conclusion and "第二法庭" in answer.conclusion, answer.conclusion


def test_a_total_over_the_occasions_counted_adds_them(home):
    # 两次住院一共: one teller's two stays are the occasions' parts, never two versions of one figure
    answer = ask(home, "人身损害.txt", "柯晓东前后两次住院一共住了多少天？")
    assert 30 in amounts(answer.conclusion) or "30天" in answer.conclusion, answer.conclusion


def test_one_sides_admitted_sum_against_the_others_claimed(works):
    # 原告认可的增项 against 被告主张的增项: each side's own sum, and the gap — never an item's (书柜3,000元)
    answer = ask(works, "承揽.txt", "原告认可的增项一共多少？比被告主张的增项少多少？")
    found = amounts(answer.conclusion)
    assert {3000, 4500, 1500} <= found, answer.conclusion
    assert "4500 - 3000 = 1500" in answer.conclusion, answer.conclusion


ARBITRATION = """某市劳动人事争议仲裁委员会
仲裁笔录
时间：2024年6月3日9时00分至10时30分
地点：某市劳动人事争议仲裁院第一仲裁庭
仲裁员：甲某　书记员：乙某
申请人：龚小芸，女，1990年3月2日出生。
被申请人：某市顺通快递有限公司。
仲裁员：申请人陈述仲裁请求。
申请人：请求裁决被申请人支付拖欠工资6,000元。
仲裁员：被申请人答辩。
被申请人：工资已经发了，不欠。
"""


@pytest.fixture(scope="module")
def arbitration(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("arbheader"), {"仲裁.txt": ARBITRATION})


def test_a_hearing_header_is_labelled_as_a_hearing(arbitration):
    # two sides answering in turn: its header is of a hearing (开庭时间), never of an interrogation
    answer = ask(arbitration, "仲裁.txt", "这次仲裁是什么时间开庭的，在哪个仲裁庭？")
    assert "开庭时间" in answer.conclusion and "讯问" not in answer.conclusion, answer.conclusion
    assert "第一仲裁庭" in answer.conclusion, answer.conclusion
