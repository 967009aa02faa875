"""Excerpts are cut at sentence and clause boundaries and never leave a bracket open."""

from __future__ import annotations

import pytest

from engine.summary.excerpts import (around, close_brackets, excerpt_text, join_lines, open_brackets, trim,
                                    whole_facts)
from engine.types import Fact
from tests.summary.builders import chunk

pytestmark = pytest.mark.unit

REFUND_QA = ("问：你有没有给陈晓梅退过钱？\n答：退过一次。2023年1月6日她说要提现，我怕她起疑心，就用我的工商银行卡转\n"
             "回给她一万零五百元，跟她说这是“收益提现”。")


def span_of(text: str, needle: str) -> tuple[int, int]:
    start = text.index(needle)
    return start, start + len(needle)


def test_line_breaks_are_layout_between_cjk_but_a_space_between_words():
    assert join_lines("工商银行卡转\n回给她") == "工商银行卡转回给她"
    assert join_lines("(\"Provider\"), and\nHarbor Lane") == "(\"Provider\"), and Harbor Lane"
    assert join_lines("  a\n\n  b  ") == "a b"


def test_trim_drops_blanks_and_clause_punctuation_but_keeps_a_question_mark():
    text = "  转了多少？，\n"
    start, end = trim(text, 0, len(text))
    assert text[start:end] == "转了多少？"
    assert trim("，，", 0, 2) is None


def test_a_long_sentence_is_quoted_by_the_clauses_holding_the_values():
    qa = chunk(REFUND_QA, meta={"answer_start": REFUND_QA.index("答")})
    anchors = [span_of(REFUND_QA, "2023年1月6日"), span_of(REFUND_QA, "一万零五百元")]
    ranges = around(qa, anchors)
    assert excerpt_text(qa, ranges) == "2023年1月6日她说要提现…就用我的工商银行卡转回给她一万零五百元"
    for start, end in ranges:  # every piece is the chunk's own text
        assert REFUND_QA[start:end] in REFUND_QA
    assert all(REFUND_QA[s:e] for s, e in ranges)


def test_a_short_sentence_is_quoted_whole_without_its_turn_marker():
    text = "问：陈晓梅前后一共转给你多少钱？\n答：总共四万二千元。这些钱都是她用手机银行直接转到我那张工商银行卡上的。"
    qa = chunk(text, meta={"answer_start": text.index("答")})
    assert excerpt_text(qa, around(qa, [span_of(text, "四万二千元")])) == "总共四万二千元"


def test_a_question_is_not_quoted_when_only_the_answer_is_asked_for():
    text = "问：你转了17000元吗？\n答：没有。"
    qa = chunk(text, meta={"answer_start": text.index("答")})
    assert around(qa, [span_of(text, "17000元")]) == []


def test_a_short_clause_takes_its_neighbour_along():
    text = "答：大概2023年2月份，她发现平台打不开了，在微信上也找不到我，就去报了警，这些是你们抓到我以后我才知道的。"
    qa = chunk(text, meta={"answer_start": 0})
    excerpt = excerpt_text(qa, around(qa, [span_of(text, "大概2023年2月份")]))
    assert excerpt == "大概2023年2月份，她发现平台打不开了"


def test_an_excerpt_runs_on_to_close_the_bracket_it_opened():
    text = 'entered into as of March 15, 2023 (the\n"Effective Date") by and between Northwind'
    end = text.index("(the") + len("(the")
    assert text[:close_brackets(text, 0, end)].endswith('"Effective Date")')
    assert close_brackets("《刑法修正案（十", 0, 3) == 3  # nothing opened in the first three chars
    never_closed = "条文（" + "很长" * 100
    assert close_brackets(never_closed, 0, 3) == 3  # out of reach: left as it was


def test_an_excerpt_starting_inside_a_bracket_takes_its_opening_along():
    text = 'The initial term (the “Term”) shall commence as of April 1, 2018'
    start = text.index("“Term”")
    assert text[open_brackets(text, start, len(text)):].startswith("(the “Term”)")
    assert open_brackets("《刑法（十二）》", 4, 8) == 0
    assert open_brackets("no opener) here", 3, 15) == 3  # nothing to find: left as it was


def test_an_excerpt_never_cuts_an_amount_or_a_date_in_two():
    text = "答：这一期从March 1, 2018开始，共付了人民币贰拾万元整。"
    date = Fact("date", "March 1, 2018", text.index("March"), text.index("March") + 13, "2018-03-01")
    money = Fact("amount", "人民币贰拾万元整", text.index("人民币"), text.index("人民币") + 8, 200000)
    qa = chunk(text, facts=[date, money])
    assert whole_facts(qa, date.start + 3, money.start + 2) == (date.start, money.end)
    assert whole_facts(qa, 0, 2) == (0, 2)
