"""Whether a sentence speaks of the asked act and what it says of it
(engine/answer/casefile/act_mentions.py), and a hearing's turns read side by side
(engine/answer/casefile/facts/statements.py: one statement per side's answer) — on sentences written for these
tests."""

from __future__ import annotations

import pytest

from engine.answer.casefile.act_mentions import act_at, mentions, object_hit, side_of, speaks_of, voice
from engine.question import read_question
from tests.ledger.text_ledger import TextLedger

pytestmark = pytest.mark.unit


def plan(question: str):
    return read_question(question).case


def test_a_negation_scopes_over_the_act_and_a_proposal_is_not_the_act():
    said = mentions(plan("他吃完饭以后找代驾了吗？"), "朋友劝我找个代驾，我觉得路不远，就没找代驾，自己开走了。")
    assert [(m.irrealis, m.negated) for m in said] == [(True, False), (False, True)]
    done = mentions(plan("他报警了吗？"), "我当场就报了警，警察十分钟就到了。")
    assert done and not done[0].negated and not done[0].irrealis


def test_what_is_outstanding_is_read_as_paid_up_or_not():
    asked = plan("小王还有工钱没拿到吗？")
    assert [m.settled for m in mentions(asked, "小王的工钱老板已经全部结清了，一分不欠。")] == [True, True]
    assert [m.settled for m in mentions(asked, "小王还欠三千没给。")] == [False]


def test_an_act_of_the_same_kind_with_an_aspect_or_a_line_break_inside():
    helped = plan("他有没有给对方帮过忙？")
    assert act_at(helped, "我跟科长打了招呼，事情就办成了。") >= 0
    assert act_at(helped, "想以后继续得到我的关\n照。") >= 0
    assert act_at(helped, "我们只是一起吃过饭。") < 0
    assert act_at(plan("他是怎么威胁对方的？"), "他拿着棍子吓唬对方。") >= 0


def test_the_thing_must_be_the_asked_one():
    thrown = plan("作案用的那把水果刀后来扔到哪里去了？")
    assert not speaks_of(thrown, "手机卡呢？", "我把卡扔进了河里。", ["水果刀"])
    assert speaks_of(thrown, "刀呢？", "我把刀扔进了河里。", ["水果刀"])  # 水果刀 ~ 刀
    assert object_hit("货款", "两笔钱都收到了。") and not object_hit("水果刀", "一把钥匙")


def test_a_party_label_speaks_for_its_side():
    # the side a label names as statements carry it (the chunker's party_of): 被告人 is the 被告
    assert side_of("原告委托诉讼代理人") == "原告" and side_of("被告") == "被告" and side_of("被告人") == "被告"
    assert side_of("王某") == "王某" and side_of(None) is None


HEARING = """庭审笔录
时间：2024年4月2日9时30分至11时00分
地点：某区人民法院第二审判庭
审判长：单某 书记员：桂某
原告：某某建材有限公司
委托诉讼代理人：蔺某，某律师事务所律师。
被告：郜某，男，1979年3月4日出生。
审判长：原告方到庭的是谁？
原告委托诉讼代理人：蔺某，受原告委托出庭。
审判长：被告到庭的是谁？
被告：郜某，本人到庭。
审判长：货物是哪天送到的？
原告委托诉讼代理人：3月20日才送到，逾期了。
被告：我3月15日就送到了。
原告委托诉讼代理人：送货单是被告自己填的。
审判长：被告有没有证据？
被告：有送货单。
审判长：送货单上是谁签的字？
被告：是原告的仓管签的。
以上笔录经当事人阅读，确认无误。
"""


def test_every_party_of_a_hearing_speaks_its_own_turn():
    ledger = TextLedger(HEARING).ledger
    said = [(s.party, s.speaker, voice(s), s.answer.strip()) for s in ledger.statements if "哪天送到" in s.question]
    assert said == [("原告", "蔺某", "原告", "3月20日才送到，逾期了。"), ("被告", "郜某", "被告", "我3月15日就送到了。"),
                    ("原告", "蔺某", "原告", "送货单是被告自己填的。")]


def test_an_ordinary_exchange_is_one_statement_of_the_person_questioned():
    ledger = TextLedger("""询问笔录
时间：2024年5月6日9时00分至10时00分
询问人：甲某 记录人：乙某
被询问人：荀某，男
问：你拿了多少？
答：三千元。
问：放在哪里了？
答：放在家里。
问：还有什么要说的？
答：没有了。
""").ledger
    said = [(s.party, s.speaker, voice(s), s.answer.strip()) for s in ledger.statements if s.kind == "qa"]
    assert said == [("被询问人", "荀某", "荀某", "三千元。"), ("被询问人", "荀某", "荀某", "放在家里。"),
                    ("被询问人", "荀某", "荀某", "没有了。")]


def test_a_thing_with_latin_letters_is_found_in_either_case():
    # the question is read lower-cased (4s店); the record writes 4S店
    from engine.answer.casefile.figure_relevance import _names

    assert object_hit("4s店", "4S店报价维修费28,600元") and _names("4S店报价维修费28,600元", "4s店")
    assert not object_hit("4s店", "评估结论是车辆损失24,350元")
