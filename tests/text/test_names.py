"""Names found by form (engine/text/names.py): a surname and one or two characters, recurring."""

from __future__ import annotations

import pytest

from engine.text.names import looks_like_name, recurring_names

pytestmark = pytest.mark.unit


def test_an_amount_in_capital_numerals_is_not_a_name_though_it_starts_with_a_surname():
    # 伍 and 陆 are surnames; 伍佰元 and 陆万元 recur here as the ends of amounts
    text = ("我用支付宝打了壹万贰仟伍佰元给他。他退给我伍万捌仟伍佰元。后来又转了陆万元，再转了陆万元。"
            "伍德胜知道这件事，伍德胜也在场。")
    names = recurring_names(text)
    assert "伍德胜" in names
    assert not any(n.startswith(("伍佰", "陆万")) for n in names)
    assert not looks_like_name("伍佰元")
