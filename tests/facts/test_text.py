"""Flat text, sentences, periods and quotes: the offsets every fact's span rests on."""

from __future__ import annotations

import pytest

from engine.contract_facts.document import bounded_quote
from engine.contract_facts.text import find_durations, flatten, sentence_spans
from engine.text.numbers import english_number

pytestmark = pytest.mark.unit


def test_flatten_joins_chinese_line_breaks_and_maps_back_to_the_chunk():
    text = "服务期限自2023年3月\n1日起至2024年2月29日止，共十二\n个月。"
    flat = flatten(text)
    assert flat.text == "服务期限自2023年3月1日起至2024年2月29日止,共十二个月。"
    at = flat.text.index("2023年3月1日")
    start, end = flat.chunk_span(at, at + len("2023年3月1日"))
    assert text[start:end] == "2023年3月\n1日"  # the verbatim surface, line break included
    s = flat.text.index("十二个月")
    assert text[slice(*flat.chunk_span(s, s + 4))] == "十二\n个月"


def test_flatten_collapses_whitespace_and_straightens_quotes_without_losing_offsets():
    text = "the  “Effective\n  Date”  means"
    flat = flatten(text)
    assert flat.text == 'the "Effective Date" means'
    s = flat.text.index("Effective")
    assert text[slice(*flat.chunk_span(s, s + len("Effective Date")))] == "Effective\n  Date"
    assert flatten("non-\nrenewal").text == "non-renewal"


def test_sentences_end_at_periods_but_not_after_abbreviations_or_clause_numbers():
    text = "1.1 Northwind Analytics, Inc. shall pay. The term is 24 months. 第一条 保密。乙方应当保密；违约的赔偿。"
    sentences = [text[s:e] for s, e in sentence_spans(text)]
    assert sentences == ["1.1 Northwind Analytics, Inc. shall pay.", "The term is 24 months.", "第一条 保密。",
                         "乙方应当保密；", "违约的赔偿。"]


def test_a_clause_number_after_a_heading_starts_a_sentence_but_a_reference_does_not():
    text = "合同价款及支付方式3.1 本合同总价款为人民币贰拾万元整。"
    assert [text[s:e] for s, e in sentence_spans(text)][0] == "合同价款及支付方式"
    english = "as provided in Section 8.1 The Company shall pay"
    assert len(sentence_spans(english)) == 1


@pytest.mark.parametrize("words, value", [("one", 1), ("twenty-four", 24), ("ninety", 90), ("Sixty", 60),
                                          ("one hundred", 100), ("twenty one", 21), ("eleventy", None)])
def test_english_number_words(words, value):
    assert english_number(words) == value


def test_durations_in_words_digits_and_chinese():
    found = find_durations("continues for twenty-four (24) months, renews for 12 month periods, "
                           "ninety (90) days' notice, ten (10) business days")
    assert [d.value for d in found] == [{"months": 24}, {"months": 12}, {"days": 90}, {"business_days": 10}]
    assert found[0].text == "twenty-four (24) months"
    assert [d.value for d in find_durations("共十二个月，保密期限为三年，十个工作日内")] == [
        {"months": 12}, {"years": 3}, {"business_days": 10}]


def test_a_period_written_twice_that_disagrees_is_not_read():
    assert find_durations("a term of five (6) years") == []


def test_a_year_inside_a_date_is_no_period():
    text = "自2023年3月1日起"
    assert find_durations(text, taken=[(1, 10)]) == []


def test_bounded_quote_keeps_the_value_and_cuts_at_word_boundaries():
    text = "word " * 200 + "VALUE" + " word" * 200
    v = text.index("VALUE")
    start, end = bounded_quote(text, 0, len(text), v, v + 5, limit=60)
    assert start <= v and v + 5 <= end and end - start <= 60
    assert text[start - 1] == " " and text[end] == " "
