import pytest

from engine.text.pii import (find_pii, id_card_checksum_ok, id_card_shape_ok, luhn_ok, mask_text, mask_value,
                             pii_level)
from engine.types import Fact

pytestmark = pytest.mark.unit

VALID_ID = "420106199001013413"  # check digit computed by MOD 11-2
VALID_ID_X = "11010519491231002X"  # the GB 11643 standard's own example
WRONG_CHECK_ID = "420106199001013410"
VISA_TEST = "4111111111111111"  # the Luhn-valid test card number
UNIONPAY_19 = "6222021234567890128"


def _types(text):
    facts = find_pii(text)
    assert all(text[f.start:f.end] == f.text == f.value for f in facts)
    return [(f.text, f.meta["type"]) for f in facts]


def test_id_checksum():
    assert id_card_checksum_ok(VALID_ID)
    assert id_card_checksum_ok(VALID_ID_X) and id_card_checksum_ok(VALID_ID_X.lower())
    assert not id_card_checksum_ok(WRONG_CHECK_ID)
    assert not id_card_checksum_ok("42010619900101341")


def test_id_shape():
    assert id_card_shape_ok(VALID_ID)
    assert not id_card_shape_ok("990106199001013413")  # no province 99
    assert not id_card_shape_ok("420106199002303413")  # 30 February


def test_luhn():
    assert luhn_ok(VISA_TEST) and luhn_ok("4111 1111 1111 1111") and luhn_ok(UNIONPAY_19)
    assert not luhn_ok("4111111111111112")


def test_valid_id_card_found():
    facts = find_pii(f"身份证号：{VALID_ID}，男")
    assert [(f.text, f.meta) for f in facts] == [(VALID_ID, {"type": "id_card", "checksum_ok": True})]
    assert _types(f"公民身份号码{VALID_ID_X}") == [(VALID_ID_X, "id_card")]


def test_id_with_wrong_check_digit_is_still_masked_but_flagged():
    (fact,) = find_pii(f"身份证号{WRONG_CHECK_ID}")
    assert fact.meta == {"type": "id_card", "checksum_ok": False}


def test_eighteen_random_digits_are_not_an_id():
    assert find_pii("订单号990106199013413413") == []


@pytest.mark.parametrize("text, surface", [
    ("手机13812345678。", "13812345678"), ("电话：138 1234 5678", "138 1234 5678"),
    ("tel +86-139-1234-5678", "+86-139-1234-5678"), ("联系8613912345678", "8613912345678"),
])
def test_mobile_numbers(text, surface):
    assert _types(text) == [(surface, "mobile")]


def test_bank_cards_need_luhn_unless_labelled():
    assert _types(f"转入{VISA_TEST}") == [(VISA_TEST, "bank_card")]
    assert _types("转入4111 1111 1111 1111") == [("4111 1111 1111 1111", "bank_card")]
    assert _types("流水号4111111111111112") == []
    (fact,) = find_pii("银行卡号：6222021234567890")
    assert fact.meta == {"type": "bank_card", "luhn": False, "labelled": True}


def test_email_wechat_address():
    text = "微信号：zhang_san88，邮箱zhangsan@example.com，住址：湖北省武汉市洪山区珞喻路100号，电话13912345678。"
    assert _types(text) == [("zhang_san88", "wechat"), ("zhangsan@example.com", "email"),
                            ("湖北省武汉市洪山区珞喻路100号", "address"), ("13912345678", "mobile")]


def test_phone_after_wechat_label_stays_a_mobile():
    assert _types("微信13812345678") == [("13812345678", "mobile")]


def test_standalone_address_starts_at_the_province_or_city():
    assert _types("他在北京市朝阳区建国路88号3栋2单元301室上班") == [
        ("北京市朝阳区建国路88号3栋2单元301室", "address")]


def test_licence_plates_are_personal_data():
    assert _types("他开的车牌号是浙C8K2M5，登记在他名下") == [("浙C8K2M5", "plate")]
    assert _types("一辆粤B·D12345的新能源车") == [("粤B·D12345", "plate")]
    assert _types("京A-3K9J7") == [("京A-3K9J7", "plate")]
    assert _types("型号为苏ABCDEF") == [] and _types("ABC浙C8K2M5") == []  # no digit; inside a code


def test_labelled_address_stops_before_the_next_field():
    assert _types("户籍地湖北省武汉市青年路5号2020年迁入") == [("湖北省武汉市青年路5号", "address")]


@pytest.mark.parametrize("text", [
    "借款42000元", "2020年1月15日", "(2020)京0105刑初123号", "依照本法第四十五条", "12,000.00元",
    "共计12345678901234元", "地址不详", "湖北省武汉市", "住院治疗",
])
def test_no_pii(text):
    assert find_pii(text) == []


def test_pii_level():
    def fact(t):
        return Fact(kind="pii", text="x", start=0, end=1, value="x", meta={"type": t})
    assert pii_level([]) == "none"
    assert pii_level([Fact(kind="amount", text="1元", start=0, end=2, value=1)]) == "none"
    assert pii_level([fact("mobile"), fact("address")]) == "low"
    assert pii_level([fact("mobile"), fact("id_card")]) == "high"
    assert pii_level([fact("bank_card")]) == "high"


@pytest.mark.parametrize("value, kind, masked", [
    ("420106199001013414", "id_card", "4201**********3414"),
    ("13812345678", "mobile", "138****5678"),
    ("+86-139-1234-5678", "mobile", "+86-139-****-5678"),
    ("138 1234 5678", "mobile", "138 **** 5678"),
    ("6222021234567890128", "bank_card", "6222***********0128"),
    ("4111 1111 1111 1111", "bank_card", "4111 **** **** 1111"),
    ("zhangsan@example.com", "email", "z*******@example.com"),
    ("zhang_san88", "wechat", "zh********8"),
    ("湖北省武汉市洪山区珞喻路100号", "address", "湖北省武汉市**********"),
    ("北京市朝阳区建国路88号", "address", "北京市*********"),
    ("洪山区珞喻路100号", "address", "**********"),
    ("浙C8K2M5", "plate", "浙C****5"),
    ("粤B·D12345", "plate", "粤B·*****5"),
])
def test_mask_value_rules(value, kind, masked):
    assert mask_value(value, kind) == masked
    assert len(masked) == len(value)


def test_mask_text_keeps_length_and_everything_else():
    text = f"被讯问人张三，身份证号{VALID_ID}，手机13812345678，借款42000元。"
    masked = mask_text(text, find_pii(text))
    assert masked == "被讯问人张三，身份证号4201**********3413，手机138****5678，借款42000元。"
    assert len(masked) == len(text)


def test_mask_text_refuses_facts_from_another_text():
    facts = find_pii("手机13812345678")
    with pytest.raises(ValueError):
        mask_text("电话号码是13812345678", facts)


def test_fullwidth_digits_are_found_and_spans_index_the_original():
    text = "手机１３８１２３４５６７８"
    (fact,) = find_pii(text)
    assert fact.text == "１３８１２３４５６７８" and mask_text(text, [fact]) == "手机１３８****５６７８"


@pytest.mark.parametrize("text", ["计算：180392 - 20000 = 160392（元）", "180392 − 20000 = 160392"])
def test_an_equations_figures_are_no_mobile(text):
    """Eleven digits that start like a mobile but are grouped as figures of a sum (6 + 5) are
    left as they are: an answer's computation must stay readable."""
    assert [t for _, t in _types(text)] == []
