"""Splitting answers and summaries into atomic statements (engine/faithfulness/statements.py)."""

from __future__ import annotations

import pytest

from engine.faithfulness.statements import build_statements, fuse, split_statements

pytestmark = pytest.mark.unit


def test_sentences_and_clauses_that_carry_their_own_claim():
    text = "李志强骗了陈晓梅的钱。陈晓梅分四次转账，第一次17000元、第二次壹万叁仟元，共计四万二千元！"
    assert split_statements(text) == ["李志强骗了陈晓梅的钱", "陈晓梅分四次转账", "第一次17000元",
                                      "第二次壹万叁仟元", "共计四万二千元"]


def test_a_list_of_names_stays_one_statement_and_short_clauses_join_their_neighbour():
    assert split_statements("侦查员是王建国、刘洋。") == ["侦查员是王建国、刘洋"]
    assert split_statements("我看过了，清楚。") == ["我看过了，清楚"]


def test_english_sentences_split_at_full_stops_but_not_after_abbreviations_or_in_decimals():
    text = ("Emily R. Carter signed for Northwind Analytics, Inc. on March 15, 2023. "
            "Overdue amounts bear interest at 1.5% per month. Fees are $12,500.00 per month.")
    assert split_statements(text) == [
        "Emily R. Carter signed for Northwind Analytics, Inc. on March 15, 2023",
        "Overdue amounts bear interest at 1.5% per month", "Fees are $12,500.00 per month"]


def test_citations_framing_and_the_composers_remarks_are_not_claims():
    conclusion = ("材料中说法不一：E1称一万二千元（即12000元）；E2称壹万叁仟元（即13000元），需人工核实。")
    assert split_statements(conclusion) == ["一万二千元（即12000元）", "壹万叁仟元（即13000元）"]
    assert split_statements("材料显示为八千元左右（即8000元）（E1），系约数。") == ["八千元左右（即8000元）"]
    assert split_statements("未在材料中找到相关内容（检索范围：全部 5 份文件）。") == []


def test_questions_assert_nothing():
    assert split_statements("陈晓梅转了几次？转了四次。") == ["转了四次"]
    assert split_statements("大概是2022年11月份左右（问：第三笔钱是哪天转的？）") == ["大概是2022年11月份左右"]


def test_bullets_and_lines_of_a_summary():
    assert split_statements("- 被讯问人是李志强\n2. 讯问于2023年5月12日进行") == [
        "被讯问人是李志强", "讯问于2023年5月12日进行"]


@pytest.mark.parametrize("question, value, claim", [
    ("陈晓梅第一次转了多少钱？", "17000元", "陈晓梅第一次转了17000元"),
    ("陈晓梅一共转了几次钱？", "四次", "陈晓梅一共转了四次钱"),
    ("What is the monthly service fee?", "$12,500.00", "the monthly service fee is $12,500.00"),
    ("讯问笔录应当交犯罪嫌疑人核对吗？", "是", "讯问笔录应当交犯罪嫌疑人核对：是"),
])
def test_a_bare_value_is_put_into_its_question(question, value, claim):
    assert fuse(question, value) == claim


def test_only_bare_values_are_fused_with_the_question():
    bare, full = build_statements("材料显示为2022年10月15日（E1）。陈晓梅第一次用手机银行转账。",
                                  "陈晓梅第一次转账是什么时间？")
    assert (bare.text, bare.claim) == ("2022年10月15日", "陈晓梅第一次转账是2022年10月15日")
    assert bare.fused and not full.fused and full.claim == full.text
    assert build_statements("材料显示为2022年10月15日。")[0].fused is False  # no question given


# -- attribution is framing, not a claim (engine/faithfulness/statements.py) ----------------------
@pytest.mark.parametrize("text, expected", [
    ("根据笔录，第二次转了壹万叁仟元（E2）。", ["第二次转了壹万叁仟元"]),
    ("依据《中华人民共和国刑法》第二百六十六条的规定，诈骗公私财物数额较大的处三年以下有期徒刑",
     ["诈骗公私财物数额较大的处三年以下有期徒刑"]),
    ("根据上述证据，被告无罪", ["被告无罪"]),
    ("根据合同约定，乙方应于2023年5月1日前付款", ["乙方应于2023年5月1日前付款"]),
    ("据张某某供述，他转了钱", ["据张某某供述，他转了钱"]),  # a named source is a claim to check
    ("按照约定支付租金", ["按照约定支付租金"]),  # 约定 here is what is claimed
])
def test_attribution_to_the_material_is_not_a_statement(text, expected):
    assert split_statements(text) == expected
