"""Joining a PDF's line breaks for display never changes a number and never glues two words."""

from __future__ import annotations

import pytest

from engine.text.lines import join_pdf_lines

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text, shown", [
    ("合\n同", "合同"),
    ("第一行\n第二行", "第一行第二行"),
    ("conflict of\nlaws principles", "conflict of laws principles"),
    ("upon\nninety (90) days", "upon ninety (90) days"),
    ("(90)\ndays", "(90) days"),
    ("Inc.,\na Delaware corporation", "Inc., a Delaware corporation"),
    ("4200\n0元", "42000元"),  # a number broken across lines stays one number
    ("¥12,\n500.00", "¥12,500.00"),
    ("3.\n5%", "3.5%"),
    ("non-\ncompete", "non-compete"),
    ("x  \n   y", "x y"),
    ("a\n\n\nb", "a b"),
    ("转给\n 陈晓梅 17000 元", "转给陈晓梅 17000 元"),
    ("末尾\n", "末尾"),
    ("", ""),
])
def test_line_breaks_join_for_reading(text, shown):
    assert join_pdf_lines(text) == shown


@pytest.mark.parametrize("text,kind,value,surface", [
    ("他转给我10\n万元。", "amount", 100000, "10\n万元"),
    ("一共付了5,600\n元货款", "amount", 5600, "5,600\n元"),
    ("退回24,\n000.00元", "amount", 24000, "24,\n000.00元"),
    ("现金叁\n万元", "amount", 30000, "叁\n万元"),
    ("2023年9月17\n日下午", "date", "2023-09-17", "2023年9月17\n日"),
    ("第五次是9月1\n0日上午", "date", "--09-10", "9月1\n0日"),
])
def test_values_a_line_break_cuts_are_read_whole_as_facts(text, kind, value, surface):
    from engine.ingest.enrich import enrich

    facts = [f for f in enrich(text).facts if f.kind == kind]
    assert [(f.value, f.text) for f in facts] == [(value, surface)]
    assert all(text[f.start:f.end] == f.text for f in facts)


def test_a_joined_reading_never_cuts_into_another_value():
    from engine.text.lines import find_whole
    from engine.text.numbers import find_amounts

    text = "第一笔5000元\n2023年又付了3000元"  # a break between two whole values joins nothing
    assert [f.value for f in find_whole(find_amounts, text)] == [5000, 3000]


def test_words_cut_by_a_line_break_still_match_across_it():
    import re

    from engine.text.case_lexicon import UNCERTAIN
    from engine.text.lines import across_lines

    pattern = re.compile(across_lines("不知道|记不清"))
    assert pattern.search("我都不知\n道。") and pattern.search("记不 \n 清了") and pattern.search("不知道")
    assert pattern.search("不知\n\n道")  # a blank line between the pieces too
    assert not pattern.search("知道")
    assert UNCERTAIN.search("住在哪里我都不知\n道") and UNCERTAIN.search("我没看\n清")
    assert not UNCERTAIN.search("我知\n道")


def test_a_posture_asked_is_told_by_any_verb_of_it():
    from engine.text.case_lexicon import same_posture

    assert same_posture("倒", "躺") and same_posture("躺", "趴") and same_posture("停", "停")
    assert not same_posture("倒", "停") and not same_posture("坐", "站")
