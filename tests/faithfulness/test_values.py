"""Values and names held against the context (engine/faithfulness/values.py) and the value-aware
overlap (engine/faithfulness/overlap.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.faithfulness.overlap import Profile, has_negation, overlap, tokenize
from engine.faithfulness.values import (NameIndex, ValuePool, calculation_holds, missing_values,
                                        stated_values)

pytestmark = pytest.mark.unit

CONTEXT = ("答：第一次是2022年10月15日，她用手机银行给我转了17000元。总共四万二千元。"
           "服务期限自2023年3月1日起至2024年2月29日止，共十二个月。首期款为合同总价款的30%。")


def missing(statement: str, context: str = CONTEXT) -> list[str]:
    return [v.text for v in missing_values(stated_values(statement), ValuePool.of(context))]


@pytest.mark.parametrize("statement", [
    "一共转了42000元", "一共转了42,000.00元", "一共转了人民币肆万贰仟元", "第一次转了一万七千元",
    "2022年10月15日转账", "2022年10月转账", "2022年转账", "10月15日转账",  # less precise: fine
    "服务期限为12个月", "首期款为总价款的百分之三十",
])
def test_the_same_value_written_another_way_is_found(statement):
    assert missing(statement) == []


@pytest.mark.parametrize("statement, absent", [
    ("一共转了42500元", ["42500元"]),
    ("一共转了42000美元", ["42000美元"]),  # the value, but another currency
    ("2022年10月16日转账", ["2022年10月16日"]),
    ("2022年10月15日14时转账", []),  # the time is not a date value of its own
    ("服务期限为十二年", ["十二"]),  # twelve years are not twelve months
    ("首期款为总价款的40%", ["40"]),
    ("服务期限为五年", ["五年"]),  # a lone Chinese digit with a unit is a number too
])
def test_a_changed_value_is_missing(statement, absent):
    assert missing(statement) == absent


def test_a_more_precise_date_than_the_context_is_a_guess():
    assert missing("2022年11月2日转账", "大概是2022年11月份左右转的") == ["2022年11月2日"]


def test_a_sum_is_recomputed_from_numbers_of_the_context():
    pool = ValuePool.of("第一次17000元，第二次壹万叁仟元，第三次6,000元，第四次六千元")
    assert calculation_holds("复算 17000 + 13000 + 6000 + 6000 = 42000元", pool) is True
    assert calculation_holds("复算 17000 + 13000 + 6000 + 6000 = 43000元", pool) is False
    assert calculation_holds("复算 17000 + 14000 = 31000元", pool) is False  # 14000 not in the context
    assert calculation_holds("一共42000元", pool) is None


NAMES = NameIndex.of(["被讯问人：李志强 性别：男", "侦查员：王建国、刘洋",
                      "甲方（委托方）：江州市恒远贸易有限公司", "答：她用手机银行给我转了17000元。",
                      "讯问犯罪嫌疑人必须由人民检察院或者公安机关的侦查人员负责进行。",
                      "其行为已构成诈骗罪。被告王某向原告张某借款。",
                      "This Agreement is governed by the laws of the State of Delaware."])


@pytest.mark.parametrize("statement", [
    "被讯问人是李志强", "侦查员是王建国和刘洋", "甲方为江州市恒远贸易有限公司", "陈晓梅用手机银行转账",
    "讯问由人民检察院的侦查人员进行", "被告人的行为构成诈骗罪", "王某向张某借款",
    "The Agreement is governed by Delaware law.",
])
def test_names_of_the_context_pass(statement):
    assert NAMES.unknown_names(statement) == []


@pytest.mark.parametrize("statement, flagged", [
    ("被讯问人是李志刚", "李志刚"),  # one character from 李志强
    ("侦查员是王建国和刘波", "刘波"),
    ("甲方为江州市恒远科技有限公司", "恒远科技有限公司"),
    ("讯问由人民法院的审判人员进行", "人民法院"),
    ("被告人的行为构成盗窃罪", "盗窃罪"),
    ("李某向张某借款", "李某"),
    ("The Agreement is governed by the laws of New York.", "York"),
])
def test_a_changed_or_invented_name_is_flagged(statement, flagged):
    assert any(flagged in problem for problem in NAMES.unknown_names(statement))


def test_values_become_single_normalised_tokens():
    assert [t.text for t in tokenize("总共四万二千元，于2022年10月15日")] == \
        ["总", "共", "¤42000", "于", "@2022-10-15"]
    assert [t.text for t in tokenize("The fee is $12,500.00")] == ["fee", "¤12500"]


def test_overlap_is_the_mean_of_token_and_pair_recall():
    statement = Profile.of("甲乙丙丁")
    assert overlap(statement, Profile.of("甲乙丙丁戊")) == 1.0
    assert overlap(statement, Profile.of("丁丙乙甲")) == pytest.approx((1.0 + 0.0) / 2)
    assert overlap(statement, Profile.of("无关")) == 0.0
    assert overlap(Profile.of("总共42000元"), Profile.of("总共四万二千元")) == 1.0


@pytest.mark.parametrize("text, negated", [
    ("我不申请回避", True), ("没有再转了", True), ("尚未支付", True), ("Customer pays no fee", True),
    ("应当予以没收", False), ("处十年以上有期徒刑或者无期徒刑", False), ("你是否清楚", False),
    ("（以下无正文）", False), ("我未婚", True),
])
def test_negation_cues_and_words_that_only_look_negative(text, negated):
    assert has_negation(text) is negated


def test_stated_values_carry_their_units():
    (value,) = stated_values("服务期限为十二个月")
    assert (value.value, value.measure) == (Decimal(12), "月")
