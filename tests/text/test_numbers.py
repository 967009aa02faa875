from decimal import Decimal

import cn2an
import pytest

from engine.text.numbers import find_amounts, find_numbers, format_decimal, parse_number, to_chinese

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("text, expected", [
    ("42000", 42000), ("42,000", 42000), ("12,000.00", 12000), ("4.2万", 42000), ("1.5万", 15000),
    ("0.5万", 5000), ("1万", 10000), ("四万二千", 42000), ("一万零五百", 10500), ("贰万伍仟", 25000),
    ("贰拾万", 200000), ("两千", 2000), ("三千五百", 3500), ("十二", 12), ("十", 10), ("一十二", 12),
    ("一百零五", 105), ("一千零五十", 1050), ("一亿二千万", 120000000), ("一亿零五百万", 105000000),
    ("3万5千", 35000), ("1万5000", 15000), ("一点五万", 15000), ("二十万零三千", 203000),
    ("１２，０００", 12000), ("壹佰", 100), ("两万两千", 22000), ("一万亿", 10**12),
])
def test_parse_number_exact_values(text, expected):
    assert parse_number(text) == Decimal(expected)


@pytest.mark.parametrize("text, expected", [
    # Colloquial: a bare final digit counts in the next lower unit (documented choice).
    ("三千五", 3500), ("一万五", 15000), ("四万二", 42000), ("三百五", 350), ("十一万五", 115000),
    ("1万5", 15000),
    # 零 switches the colloquial reading off.
    ("一万零五", 10005), ("三千零五", 3005),
])
def test_parse_number_colloquial_final_digit(text, expected):
    assert parse_number(text) == Decimal(expected)


def test_parse_number_decimals_are_exact_not_float():
    value = parse_number("三十五点五")
    assert value == Decimal("35.5") and isinstance(value, Decimal)
    assert parse_number("1.15万") == Decimal(11500)
    assert parse_number("12345.67") == Decimal("12345.67")


def test_parse_number_reads_digit_runs_positionally():
    assert parse_number("二〇二〇") == 2020
    assert parse_number("二零二零") == 2020
    assert parse_number("九八") == 98 and parse_number("二〇") == 20


@pytest.mark.parametrize("text", ["七八", "八九", "三四", "两三", "一二"])
def test_two_neighbouring_digits_are_an_estimate_not_a_number(text):
    assert parse_number(text) is None  # 干了七八年 is seven or eight years, never 78


def test_an_estimate_between_two_digits_gives_no_quantity():
    from engine.text.quantities import find_quantities

    assert find_quantities("我干这行有七八年了，大概八九斤，三四个人") == []
    assert [f.value for f in find_quantities("一共十二个人")] == [12]


@pytest.mark.parametrize("text", ["", "万", "百万", "十几", "五千零", "一百十", "百五", "1,0000", "三点五十",
                                  "4.2万3", "abc", "42000元", "十十", "千百", "一万万"])
def test_parse_number_rejects_what_has_no_single_reading(text):
    assert parse_number(text) is None


def test_overlong_runs_are_not_numbers():
    assert parse_number("1" * 41) is None
    assert parse_number("一" * 5000) is None
    assert parse_number("9" * 40) == Decimal("9" * 40)


def test_parse_number_round_trips_cn2an_numerals():
    # cn2an writes numerals correctly (plain and financial); we must read back exactly what it wrote.
    numbers = [*range(0, 1200), *range(1200, 130000, 97), 100000010, 105000000, 2000000001]
    wrong = [(n, style) for n in numbers for style in ("low", "up")
             if parse_number(cn2an.an2cn(n, style)) != n]
    assert wrong == []


@pytest.mark.parametrize("text", ["四万二千", "一万零五百", "贰万伍仟", "贰拾万", "两千", "三千五", "十二",
                                  "一亿零五百万", "三十万五", "十一万五", "一千零一十", "二十万零三千", "叁仟"])
def test_parse_number_agrees_with_cn2an_where_both_read(text):
    assert parse_number(text) == Decimal(cn2an.cn2an(text, "normal"))


def test_to_chinese_matches_statute_label_style():
    assert [to_chinese(n) for n in (10, 110, 101, 1010, 1260)] == ["十", "一百一十", "一百零一", "一千零一十",
                                                                  "一千二百六十"]


def test_format_decimal():
    assert format_decimal(Decimal("42000.0")) == "42000"
    assert format_decimal(Decimal("12.50")) == "12.5"


def _amounts(text):
    return [(f.text, f.value) for f in find_amounts(text)]


@pytest.mark.parametrize("text, surface, value", [
    ("共计42000元。", "42000元", 42000),
    ("借款4.2万元", "4.2万元", 42000),
    ("借款1.5万元", "1.5万元", 15000),
    ("借款四万二千元", "四万二千元", 42000),
    ("金额人民币贰万伍仟元整。", "人民币贰万伍仟元整", 25000),
    ("价款12,000.00元", "12,000.00元", 12000),
    ("小写：￥3,000", "￥3,000", 3000),
    ("给了他1万块", "1万块", 10000),
    ("五千块钱", "五千块钱", 5000),
    ("贰拾万元", "贰拾万元", 200000),
    ("一万零五百元", "一万零五百元", 10500),
    ("港币5000元", "港币5000元", 5000),
    ("壹佰元伍角陆分", "壹佰元伍角陆分", Decimal("100.56")),
    ("花了3块5毛", "3块5毛", Decimal("3.5")),
])
def test_find_amounts_chinese_forms(text, surface, value):
    facts = find_amounts(text)
    assert [(f.text, f.value) for f in facts] == [(surface, value)]
    fact = facts[0]
    assert text[fact.start:fact.end] == fact.text
    assert type(fact.value) is (int if isinstance(value, int) else Decimal)


def test_find_amounts_meta_currency_and_unit():
    (cny,) = find_amounts("人民币贰万伍仟元整")
    assert cny.meta == {"unit": "元", "currency": "CNY", "approx": False}
    (hkd,) = find_amounts("港币5000元")
    assert hkd.meta["currency"] == "HKD"
    (usd,) = find_amounts("5000美元")
    assert (usd.value, usd.meta["currency"], usd.meta["unit"]) == (5000, "USD", "美元")


@pytest.mark.parametrize("text, surface, value, currency", [
    ("a fee of $1,000,000 payable", "$1,000,000", 1000000, "USD"),
    ("USD 5,000 per month", "USD 5,000", 5000, "USD"),
    ("US$5 million", "US$5 million", 5000000, "USD"),
    ("5,000 U.S. dollars", "5,000 U.S. dollars", 5000, "USD"),
    ("RMB 100,000", "RMB 100,000", 100000, "CNY"),
])
def test_find_amounts_english_contracts(text, surface, value, currency):
    (fact,) = find_amounts(text)
    assert (fact.text, fact.value, fact.meta["currency"]) == (surface, value, currency)


def test_bare_dollar_sign_is_flagged_as_assumed_usd():
    (fact,) = find_amounts("$1,000")
    assert fact.meta.get("currency_assumed") is True
    (fact,) = find_amounts("USD 1,000")
    assert "currency_assumed" not in fact.meta


@pytest.mark.parametrize("text, qualifier", [
    ("约4.2万元", ["约"]), ("42000元左右", ["左右"]), ("大概五千块钱", ["大概"]), ("一万多元", ["多"]),
    ("二十余万元", ["余"]), ("approximately $3,500", ["approximately"]),
])
def test_find_amounts_approximate_markers(text, qualifier):
    (fact,) = find_amounts(text)
    assert fact.meta["approx"] is True and fact.meta["qualifier"] == qualifier
    assert fact.text == text


def test_more_than_markers_keep_the_stated_lower_bound():
    assert _amounts("十多万元") == [("十多万元", 100000)]
    assert _amounts("三百多万元") == [("三百多万元", 3000000)]


def test_contract_words_with_yue_are_not_approximate():
    (fact,) = find_amounts("双方约定5000元")
    assert fact.text == "5000元" and fact.meta["approx"] is False
    (fact,) = find_amounts("签约5000元")
    assert fact.meta["approx"] is False


@pytest.mark.parametrize("text", [
    "见第3页", "依照本法第四十五条", "2020年1月15日", "二〇二〇年一月十五日", "电话13812345678",
    "身份证号420106199001013413", "(2020)京0105刑初123号", "判处有期徒刑三年", "共2页第1页",
    "一元化管理", "我们一块去", "三块石头", "42000", "他有五五分成", "1,0000元", "一分不少",
])
def test_find_amounts_no_false_positives(text):
    assert find_amounts(text) == []


def test_cents_are_not_read_from_idioms():
    assert _amounts("42000元一分不少") == [("42000元", 42000)]


def test_list_separator_comma_is_not_a_thousands_separator():
    # "1000，2000元": the full-width comma separates two numbers; only the second has a unit.
    assert _amounts("分别为1000，2000元") == [("2000元", 2000)]
    assert _amounts("12，000元") == [("12，000元", 12000)]


def test_amounts_spans_hold_in_a_sentence():
    text = "被告于2020年1月15日借款4.2万元，约定月息1%，已还人民币贰万伍仟元整，余款约一万七千元左右。"
    facts = find_amounts(text)
    assert [f.value for f in facts] == [42000, 25000, 17000]
    assert all(text[f.start:f.end] == f.text for f in facts)


def test_find_numbers_normalises_and_skips_words():
    text = "第四十五条规定，三十日内支付4.2万元即42,000元，一个人十分重要，H5N1"
    assert [(f.text, f.value) for f in find_numbers(text)] == [
        ("四十五", 45), ("三十", 30), ("4.2万", 42000), ("42,000", 42000)]


def test_find_numbers_does_not_split_dotted_or_grouped_runs():
    assert find_numbers("2020.1.15") == []
    assert [f.text for f in find_numbers("1,0000")] == []


def test_a_thousand_misread_as_its_look_alike_inside_a_numeral_is_read_whole_never_as_its_tail():
    # OCR reads 千 as 干 (same strokes but one): 两干五百块钱 is 2500, never 五百 alone; 一干二净 stays a word
    found = find_amounts("相机价值两干五百块钱，手表价值叁干元，他输得一干二净。")
    assert [(f.value, f.text) for f in found] == [(2500, "两干五百块钱"), (3000, "叁干元")]


def test_a_full_width_comma_before_three_digits_groups_thousands():
    # typed so, or OCR's reading of a scanned page's comma: 128，000元 is 128000, never 128 and 000
    found = [(a.text, int(a.value)) for a in find_amounts("剩下8，000元是现金，这样128，000元车款就全部付清了。")]
    assert found == [("8，000元", 8000), ("128，000元", 128000)]
    assert [int(a.value) for a in find_amounts("分3，4次给的，每次500元")] == [500]  # two counts, then a sum
