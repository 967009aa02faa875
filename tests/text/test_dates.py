import pytest

from engine.text.dates import find_dates

pytestmark = pytest.mark.unit


def _one(text):
    facts = find_dates(text)
    assert len(facts) == 1, facts
    fact = facts[0]
    assert text[fact.start:fact.end] == fact.text
    return fact


@pytest.mark.parametrize("text, value", [
    ("2020年1月15日", "2020-01-15"),
    ("二〇二〇年一月十五日", "2020-01-15"),
    ("二零二零年十二月三十一日", "2020-12-31"),
    ("2020 年 1 月 15 日", "2020-01-15"),
    ("2020年01月05号", "2020-01-05"),
    ("2020年元月5日", "2020-01-05"),
    ("2020-01-15", "2020-01-15"),
    ("2020.1.15", "2020-01-15"),
    ("2020/01/15", "2020-01-15"),
    ("January 15, 2020", "2020-01-15"),
    ("Jan. 15, 2020", "2020-01-15"),
    ("15 January 2020", "2020-01-15"),
    ("JANUARY 15, 2020", "2020-01-15"),
    ("13/01/2020", "2020-01-13"),
    ("12/31/2020", "2020-12-31"),
])
def test_exact_dates(text, value):
    fact = _one(text)
    assert fact.value == value
    assert fact.meta["precision"] == "exact" and fact.meta["approx"] is False
    assert fact.meta["granularity"] == "day"


def test_english_ordinal_day_of_month():
    fact = _one("made on the 1st day of March, 2019 by")
    assert (fact.value, fact.text) == ("2019-03-01", "1st day of March, 2019")


@pytest.mark.parametrize("text, value, precision", [
    ("2020年1月份", "2020-01", "month"),
    ("2020年1月", "2020-01", "month"),
    ("2020年", "2020", "year"),
    ("2020年度", "2020", "year"),
    ("March 2019", "2019-03", "month"),
])
def test_month_and_year_precision(text, value, precision):
    fact = _one(text)
    assert (fact.value, fact.meta["precision"], fact.meta["approx"]) == (value, precision, False)


@pytest.mark.parametrize("text, surface, value, granularity, qualifier", [
    ("2020年1月份左右", "2020年1月份左右", "2020-01", "month", ["左右"]),
    ("约2020年3月", "约2020年3月", "2020-03", "month", ["约"]),
    ("大概是在2019年10月中旬", "大概是在2019年10月中旬", "2019-10", "month", ["大概是在", "中旬"]),
    ("2020年初", "2020年初", "2020", "year", ["年初"]),
    ("2020年底", "2020年底", "2020", "year", ["年底"]),
    ("2020年上半年", "2020年上半年", "2020", "year", ["上半年"]),
    ("on or about June 1, 2021", "on or about June 1, 2021", "2021-06-01", "day", ["on or about"]),
])
def test_approximate_dates(text, surface, value, granularity, qualifier):
    fact = _one(text)
    assert (fact.text, fact.value) == (surface, value)
    assert fact.meta["precision"] == "approx" and fact.meta["approx"] is True
    assert fact.meta["granularity"] == granularity and fact.meta["qualifier"] == qualifier


def test_memory_hedge_in_the_sentence_makes_the_date_approximate_and_invents_nothing():
    fact = _one("具体哪天我记不清了，是2020年几月份吧。")
    assert fact.value == "2020" and fact.meta["precision"] == "approx"
    fact = _one("那个我记不清了。2020年1月15日他来过。")
    assert fact.meta["precision"] == "exact"  # the hedge was in another sentence
    fact = _one("我记不清是2020年几月了")
    assert fact.value == "2020" and fact.meta["approx"] is True and "记不清" in fact.meta["qualifier"]
    assert find_dates("我记不清是几月几号了") == []


def test_contract_yue_is_not_a_hedge():
    fact = _one("双方签约2020年1月15日生效")
    assert fact.meta["approx"] is False and fact.text == "2020年1月15日"
    fact = _one("约定于2020年1月15日前付清")
    assert fact.meta["approx"] is False


def test_clock_time_is_carried_in_meta():
    fact = _one("2021年3月5日14时30分")
    assert (fact.value, fact.meta["time"], fact.text) == ("2021-03-05", "14:30", "2021年3月5日14时30分")
    fact = _one("2021年3月5日下午3点半左右")
    assert fact.meta["time"] == "15:30" and fact.meta["time_approx"] is True
    assert fact.meta["approx"] is False  # 左右 hedges the time, not the day
    fact = _one("2020-01-15 09:05")
    assert fact.meta["time"] == "09:05"


def test_ambiguous_midnight_time_is_left_out():
    fact = _one("2021年3月5日晚上12点")
    assert fact.text == "2021年3月5日" and "time" not in fact.meta


def test_month_day_without_year_is_not_given_a_year():
    fact = _one("他3月5日来过")
    assert (fact.value, fact.meta["precision"]) == ("--03-05", "no_year")


@pytest.mark.parametrize("text, relative", [("去年3月5日", "去年"), ("同年 3月5日", "同年"), ("今年十月一日", "今年")])
def test_relative_expressions_are_flagged_not_resolved(text, relative):
    fact = _one(text)
    assert fact.value.startswith("--") and fact.meta["relative"] == relative
    assert relative not in fact.text


@pytest.mark.parametrize("text", [
    "2021年2月29日", "2020年2月30日", "2020年13月5日", "01/02/2020", "3.5.2020", "may 2019",
    "判处有期徒刑三年", "(2020)京0105刑初123号", "电话13812345678", "身份证号420106199001013413",
    "借款12.5万元", "上个月", "去年", "第3页", "5000年历史",
])
def test_no_dates(text):
    assert find_dates(text) == []


def test_ranges_give_both_ends():
    facts = find_dates("2019年12月31日至2020年1月3日")
    assert [f.value for f in facts] == ["2019-12-31", "2020-01-03"]


def test_chu_of_chubu_is_not_a_year_qualifier():
    fact = _one("2020年初步查明")
    assert (fact.text, fact.meta["precision"]) == ("2020年", "year")


def test_spans_in_a_transcript_sentence():
    text = "答：大概是2020年1月份左右，我在他家里，具体时间是1月15日晚上8点。"
    facts = find_dates(text)
    assert [(f.value, f.meta["precision"]) for f in facts] == [("2020-01", "approx"), ("--01-15", "no_year")]
    assert facts[1].meta["time"] == "20:00"
    assert all(text[f.start:f.end] == f.text for f in facts)


def test_a_month_day_takes_the_year_of_the_reference_it_falls_on_or_before():
    from engine.text.dates import date_grounded, year_for

    assert year_for("--09-21", "2023-09-27") == "2023-09-21"
    assert year_for("--12-30", "2024-01-05") == "2023-12-30"  # the December before
    assert year_for("--02-29", "2025-03-01") == "2024-02-29"  # the last 29 February within a year
    assert year_for("--02-29", "2023-05-01") is None  # none in 2023 nor 2022
    assert date_grounded("2023-09-21", {"--09-21", "2023-09-27"})
    assert not date_grounded("2022-09-21", {"--09-21", "2023-09-27"})  # a year not read, guessed
    assert not date_grounded("2023-09-21", {"2023-09-27"})  # the month-day is not quoted
