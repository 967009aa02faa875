"""The thing a quantity is asked of, right after its unit, is a noun of the question even where the
tagger reads it as a numeral (多少斤大米: 斤/m 大米/m) — else no figure can be told about it from
figures of other things. Questions written for this test."""

from __future__ import annotations

import pytest

from engine.question import read_question

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("question, noun", [
    ("每户发了多少斤大米？", "大米"),
    ("他们一共领了多少斤大米？", "大米"),
    ("他喝了几瓶啤酒？", "啤酒"),
])
def test_the_thing_after_the_unit_asked_is_a_noun(question, noun):
    assert noun in read_question(question).case.question.nouns


def test_a_numeral_after_a_unit_is_no_noun():
    assert not {n for n in read_question("一共送了多少斤？").case.question.nouns if n.isdigit()}


@pytest.mark.parametrize("question, verb", [
    ("案发后药房的医保结算有没有被暂停？", "暂停"),  # 暂停/d after 被
    ("他的驾驶证有没有吊销？", "吊销"),
])
def test_the_word_asked_of_after_a_yes_no_or_a_passive_is_a_verb(question, verb):
    assert verb in read_question(question).case.question.verbs
