"""A hearing record (庭审笔录) written for these tests, with shortened speaker labels (审/原代/被):
each party states its own figures. A payment one side says it made and the other denies, and a
payment the plaintiff corrects at a later sitting, are versions: totals and balances give the
result under each, attributed, and need review — never one side's figure as settled."""

from __future__ import annotations

import pytest

from engine.answer.casefile.facts import build_ledger

from tests.case_homes import amounts, ask, record_home

pytestmark = pytest.mark.integration

TILES = """某县人民法院
庭审笔录（第一次）
时间：2023年5月9日14时00分至15时10分
地点：某县人民法院第二审判庭
审判长：柏某　　书记员：仇某
原告：某某建材经营部，住所地某县某路8号。
委托诉讼代理人：郜某，某律师事务所律师。
被告：滕某，男，1979年4月2日出生。
审：现在开庭。请原告陈述诉讼请求和事实。
原代：诉讼请求：判令被告支付剩余货款。
原代：事实和理由：2022年7月1日双方签订合同，约定被告购买瓷砖一千五百箱，每箱60元，合同总价款九万元。
原代：被告2022年8月20日银行转账付了三万元，2022年9月15日银行转账付了两万元，其余一直没付。
审：被告答辩。
被：合同是我签的。另外2022年10月2日我又当面交给原告现金三千元，原告不承认。
审：原告对此有何意见？
原代：被告说的三千元现金我方没有收到。
审：被告，货分几批收到的？
被：两批。
审：今天先到这里，休庭。
以上笔录经当事人阅读，确认无误。
庭审笔录（第二次）
时间：2023年6月1日9时00分至9时40分
地点：某县人民法院第二审判庭
审：继续开庭。原告对上次陈述有无更正？
原代：有一处更正：被告第一笔付款实际是三万二千元，起诉状误写为三万元，以银行流水为准。
审：被告对此有无意见？
被：没有意见。
审：双方是否同意调解？
原代：同意调解。
被：不同意调解。
以上笔录经当事人阅读，确认无误。
"""
NAME = "庭审笔录_瓷砖.txt"


@pytest.fixture(scope="module")
def hearing_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("hearing"), {NAME: TILES})


def test_shortened_labels_give_each_statement_its_side(hearing_home):
    engine, docs = hearing_home
    ledger = build_ledger(docs[NAME], engine.index.catalog.chunks(docs[NAME], with_facts=True))
    sides = {(s.party, s.speaker) for s in ledger.statements if s.kind != "header"}
    assert sides == {("原告", "郜某"), ("被告", "滕某")}
    cash = next(e for e in ledger.events if e.amount is not None and e.amount.value == 3000)
    assert cash.disputed and ledger.statements[cash.statement].party == "被告"


def test_the_figure_a_correction_calls_miswritten_is_no_payment_of_its_own(hearing_home):
    engine, docs = hearing_home
    ledger = build_ledger(docs[NAME], engine.index.catalog.chunks(docs[NAME], with_facts=True))
    paid = [e for e in ledger.events if e.role == "event" and e.kind == "pay" and e.amount is not None]
    # 三万元 (first told), 二万元, the denied 三千元 and the corrected 三万二千元 (a version of the first)
    assert sorted(int(e.amount.value) for e in paid) == [3000, 20000, 30000, 32000]
    corrected = next(e for e in paid if e.amount.value == 32000)
    assert ledger.by_id(corrected.corrects).amount.value == 30000


def test_a_balance_over_a_denied_payment_gives_each_version_and_needs_review(hearing_home):
    answer = ask(hearing_home, NAME, "被告还欠原告多少货款？")
    assert answer.status.value == "needs_review" and answer.conflicts
    # without the denied cash, as first told and as corrected; with it, as the rows stood when the
    # defendant claimed it (before the plaintiff's correction)
    assert {40000, 38000, 37000} <= amounts(answer.conclusion) and 35000 not in amounts(answer.conclusion)
    assert "被告称" in answer.conclusion and "对方否认" in answer.conclusion
    assert {c.result for c in answer.calculations} >= {40000, 38000, 37000}


def test_a_total_over_a_denied_and_a_corrected_payment_gives_each_version(hearing_home):
    answer = ask(hearing_home, NAME, "被告一共付了多少货款？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert {50000, 52000, 53000} <= amounts(answer.conclusion) and 55000 not in amounts(answer.conclusion)
    # the later sitting's correction is cited beside the first sitting's statements
    assert any("误写为" in e.chunk.text for e in answer.evidence)


STEEL = """某市某区人民法院
庭审笔录
时间：2024年3月12日9时30分至10时50分
地点：某市某区人民法院第六审判庭
审判长：钮某　　审判员：戚某　　书记员：闵某
原告：某某钢材有限公司，住所地某市某路20号。
委托诉讼代理人：仉某，某律师事务所律师。
被告：蒯某，女，1985年6月7日出生。
审判长 开庭。核对当事人身份，原告方先说。
原告委托诉讼代理人 仉某，受原告委托出庭。
审判长 被告。
被告 蒯某，本人到庭。
审判长 请原告陈述诉讼请求及事实。
原告委托诉讼代理人 事实和理由：双方2023年9月5日签订合同，被告向原告购买钢材八十吨，合同总价款十六万元。第一批2023年9月20日送三十吨，第二批2023年10月8日送五十吨，合计八十吨。
原告委托诉讼代理人 被告2023年10月10日转账支付六万元，2023年11月20日转账支付三万六千元，余款未付。
审判长 被告答辩。
被告 合同是我签的。但是第一批我只收到二十八吨，不是三十吨。按我算，我只欠五万元。
审判长 原告对此有什么意见？
原告委托诉讼代理人 第一批确实是三十吨，有过磅单。
审判长 被告，货分几批收到的？
被告 两批。
审判长 休庭。
以上笔录经当事人阅读，确认无误。
"""
STEEL_NAME = "庭审笔录_钢材.txt"


@pytest.fixture(scope="module")
def steel_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("steel"), {STEEL_NAME: STEEL})


def test_a_quantity_one_side_says_it_did_not_get_is_a_correction_and_its_balance_stays_a_figure(steel_home):
    engine, docs = steel_home
    ledger = build_ledger(docs[STEEL_NAME], engine.index.catalog.chunks(docs[STEEL_NAME], with_facts=True))
    (tons,) = [c for c in ledger.corrections if c.field == "quantity"]
    assert (tons.old.value, tons.new.value, tons.unit) == (30, 28, "吨")
    # the correcting sentence spent its cue: the sum after it is the defendant's balance, no correction
    assert not [c for c in ledger.corrections if c.field == "amount"]
    owed = next(e for e in ledger.events if e.role == "balance")
    assert owed.amount.value == 50000 and ledger.statements[owed.statement].party == "被告"


def test_the_balance_one_side_states_against_the_recomputed_one_is_a_conflict_attributed_to_it(steel_home):
    answer = ask(steel_home, STEEL_NAME, "被告还欠原告多少货款？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert answer.conclusion.startswith("被告称") and {50000, 64000} <= amounts(answer.conclusion)
    assert any("被告所述" in c.description for c in answer.conflicts)


def test_a_quantity_total_whose_part_the_other_side_disputes_is_given_under_each_sides_account(steel_home):
    answer = ask(steel_home, STEEL_NAME, "被告一共收到多少吨钢材？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert "原告称共八十吨" in answer.conclusion and "按被告所述" in answer.conclusion and "共78吨" in answer.conclusion
    # the disputed part's figures are in the conflict, not stated as the answer
    assert "二十八吨" not in answer.conclusion and any("二十八吨" in c.description for c in answer.conflicts)


# An inquiry whose supplement restates, with a hedge, what the boss paid the speaker: a version of
# that payment (no old figure, occurrence or date names it — the one payment between the two does).
WAGES = """询问笔录
时间：2024年2月6日9时00分至10时10分
地点：某县公安局某派出所询问室
询问人：贝某、臧某
被询问人：计某，男，1970年8月9日出生。
问：你来反映什么情况？
答：包工头伏某欠我们的工钱不给。
问：你的工钱怎么算的？
答：我做木工，一天三百元，干了一百二十天，伏某在2023年12月10日用微信给我付过一万五千元，剩下的没给。
问：和你一起干活的还有谁？
答：还有穆某，他做小工，一个月四千元，干了五个月，伏某给他付过八千元。
问：伏某现在在哪里？
答：不知道。
以上笔录我看过，和我说的相符。
补充询问笔录
时间：2024年2月9日15时00分至15时30分
地点：某县公安局某派出所询问室
问：上回说的有没有要改或者补充的？
答：我又想了想，伏某转给我的好像是一万八千元，具体记不太清了。
问：还有别的吗？
答：没有了。
以上笔录我看过，和我说的相符。
"""
WAGES_NAME = "询问笔录_计某.txt"


@pytest.fixture(scope="module")
def wages_home(tmp_path_factory):
    yield from record_home(tmp_path_factory.mktemp("wages"), {WAGES_NAME: WAGES})


def test_a_hedged_restatement_in_a_supplement_is_a_version_of_the_one_payment_between_the_two(wages_home):
    paid = ask(wages_home, WAGES_NAME, "伏某给计某付过多少工钱？")
    assert paid.status.value == "needs_review" and paid.conflicts
    assert {15000, 18000} <= amounts(paid.conclusion) and 8000 not in amounts(paid.conclusion)
    owed = ask(wages_home, WAGES_NAME, "伏某还欠计某多少工钱？")
    assert owed.status.value == "needs_review" and owed.conflicts
    # 300 × 120 less each version of what was paid, the latest named
    assert {21000, 18000} <= amounts(owed.conclusion) and "最新陈述" in owed.conclusion
    assert {c.result for c in owed.calculations} == {21000, 18000}


def test_a_balance_only_one_side_states_is_never_settled(tmp_path):
    text = STEEL.replace("合同总价款十六万元。", "").replace("被告2023年10月10日转账支付六万元，2023年11月20日转账支付三万六千元，余款未付。",
                                                     "被告付过一部分，余款未付。")
    home = record_home(tmp_path, {STEEL_NAME: text})
    answer = ask(next(home), STEEL_NAME, "被告还欠原告多少货款？")
    assert 50000 in amounts(answer.conclusion) and "被告" in answer.conclusion
    assert answer.status.value == "needs_review" and answer.conflicts
