"""Values in a point must be in its sources, compared after normalisation."""

from __future__ import annotations

import pytest

from engine.summary.grounding import ungrounded_values

pytestmark = pytest.mark.unit

SOURCE = "答：第二次是2022年11月2日。那天她又转了壹万叁仟元追加投资。"


def test_the_same_values_written_differently_are_grounded():
    assert ungrounded_values("第二次转账 13,000元（2022-11-02）", [SOURCE]) == []
    assert ungrounded_values("twenty-four (24) months", ["continues for twenty-four (24) months"]) == []


def test_an_amount_the_sources_do_not_state_is_reported_with_its_surface():
    problems = ungrounded_values("第二次转了一万二千元", [SOURCE])
    assert len(problems) == 1 and "一万二千元" in problems[0] and "amount" in problems[0]


def test_a_date_and_a_bare_number_are_checked_too():
    problems = ungrounded_values("2022年11月3日转账，共25个月", [SOURCE])
    assert any("2022年11月3日" in p and "date" in p for p in problems)
    assert any("25" in p and "number" in p for p in problems)


def test_values_are_looked_up_in_every_source_and_text_without_values_passes():
    assert ungrounded_values("退还一万零五百元，合计壹万叁仟元", ["转回给她一万零五百元", SOURCE]) == []
    assert ungrounded_values("他的真实姓名我不知道", []) == []
    assert ungrounded_values("退还一万零五百元", []) != []
