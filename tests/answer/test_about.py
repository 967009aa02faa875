"""Whether a sentence speaks of the asked act and what it says of it (engine/answer/casefile/about.py),
and a hearing's turns read party by party (engine/ledger/statements.py) — on sentences written
for these tests."""

from __future__ import annotations

import pytest

from engine.answer.casefile.about import act_at, mentions, object_hit, side_of, speaks_of
from engine.ledger.statements import party_turns
from engine.question import read_question
from engine.types import Chunk

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
    assert side_of("原告委托诉讼代理人") == "原告" and side_of("被告") == "被告" and side_of("被告人") == "被告人"
    assert side_of("王某") == "王某" and side_of(None) is None


def _chunk(text: str, **meta) -> Chunk:
    return Chunk("d:1", "d", 1, "transcript", "qa", text, [], [], meta)


def test_every_party_of_a_hearing_speaks_its_own_turn():
    text = ("审判长：货物是哪天送到的？\n原告代理人：3月20日才送到，逾期了。\n被告：我3月15日就送到了。\n"
            "原告代理人：送货单是被告自己填的。")
    turns = party_turns(_chunk(text, asker="审判长", answerer="被告", answer_start=text.find("被告：")))
    said = [(speaker, text[a:b].strip()) for speaker, _, (a, b) in turns]
    assert said == [("原告代理人", "3月20日才送到，逾期了。"), ("被告", "我3月15日就送到了。"),
                    ("原告代理人", "送货单是被告自己填的。")]
    assert all(text[q[0]:q[1]].strip() == "货物是哪天送到的？" for _, q, _ in turns)


def test_an_ordinary_exchange_has_no_party_turns():
    text = "民警：你拿了多少？\n王某：三千元。"
    assert party_turns(_chunk(text, asker="民警", answerer="王某", answer_start=text.find("王某"))) == []
    text = "问：你拿了多少？\n答：三千元。"
    assert party_turns(_chunk(text, asker="问", answerer="答", answer_start=text.find("答"))) == []
