"""Names found by form (engine/text/names.py): a surname and one or two characters, recurring."""

from __future__ import annotations

import pytest

from engine.text.names import looks_like_name, party_names, recurring_names

pytestmark = pytest.mark.unit


def test_an_amount_in_capital_numerals_is_not_a_name_though_it_starts_with_a_surname():
    # 伍 and 陆 are surnames; 伍佰元 and 陆万元 recur here as the ends of amounts
    text = ("我用支付宝打了壹万贰仟伍佰元给他。他退给我伍万捌仟伍佰元。后来又转了陆万元，再转了陆万元。"
            "伍德胜知道这件事，伍德胜也在场。")
    names = recurring_names(text)
    assert "伍德胜" in names
    assert not any(n.startswith(("伍佰", "陆万")) for n in names)
    assert not looks_like_name("伍佰元")


@pytest.mark.parametrize("question", [
    "那笔贷款每期还多少？到第二次询问时已经还了几期、共多少？",  # 时已经: 询问时 + 已经
    "侄子每月工资多少？到被查时一共已经付了多少？",  # 查时: 被查时, "when caught"
    "第二次讯问时补充交代的那套房子是哪套？",  # 时补充: 讯问时 + 补充
    "他跟车一共从老板那里拿了多少钱？",  # 车一共: 跟车 + 一共 (the name would be 车 alone)
    "收差价用的那张卡的卡号是多少？",  # 张卡: 那张 counts one card
])
def test_a_clause_of_time_before_a_word_a_party_may_precede_is_no_party_name(question):
    assert party_names(question) == []


def test_a_name_jieba_does_not_know_is_still_read_where_a_party_stands():
    assert party_names("你和熊蕾以前认识吗？") == ["熊蕾"]
    assert party_names("熊蕾已经还了多少？") == ["熊蕾"]
    assert party_names("你和张卫东以前认识吗？") == ["张卫东"]  # 张 a surname where no numeral counts
