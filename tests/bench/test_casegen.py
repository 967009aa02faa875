"""The case-file generator (engine/bench/casegen): exact value writers (cross-checked against
the engine's independent readers), valid identity numbers, determinism per seed, the self-check
(passing on generated files, failing on tampered expectations), and that every format, scan kind,
date precision and question kind is reachable."""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from engine.bench.transcripts import CaseQuestion
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.text.pii import id_card_checksum_ok
from engine.bench.casegen import Options, generate, pools
from engine.bench.casegen.layout import wrong_layer
from engine.bench.casegen.model import HEADER_STYLES, PRECISIONS, QA_STYLES, SCAN_KINDS
from engine.bench.casegen.params import draw_case
from engine.bench.casegen.questions import versions
from engine.bench.casegen.selfcheck import check_case
from engine.bench.casegen.surface import (DAY_STYLES, SPRING_FESTIVAL, amount_styles_for, chinese_numeral,
                                            id_check_digit, la_yue_window, write_amount, write_day)

PARAM_SEEDS = range(0, 400)  # drawing parameters is cheap; rendering is not


# -- writers --------------------------------------------------------------------------------------


@pytest.mark.unit
@pytest.mark.parametrize("value, plain, liang, capital", [
    (12000, "一万二千", "一万两千", "壹万贰仟"), (20000, "二万", "两万", "贰万"), (10500, "一万零五百", "一万零五百", "壹万零伍佰"),
    (100000, "十万", "十万", "壹拾万"), (150000, "十五万", "十五万", "壹拾伍万"), (2500, "二千五百", "两千五百", "贰仟伍佰"),
    (1050, "一千零五十", "一千零五十", "壹仟零伍拾"), (46500, "四万六千五百", "四万六千五百", "肆万陆仟伍佰"),
    (15, "十五", "十五", "壹拾伍")])
def test_chinese_numerals(value, plain, liang, capital):
    assert chinese_numeral(value) == plain
    assert chinese_numeral(value, liang=True) == liang
    assert chinese_numeral(value, capital=True) == capital


@pytest.mark.unit
def test_every_amount_style_states_its_value_for_an_independent_reader():
    values = [800, 1050, 2500, 7300, 12000, 20000, 22000, 46500, 71500, 100000, 105000, 150500]
    seen = set()
    for value in values:
        for style in amount_styles_for(value):
            surface = write_amount(value, style).surface
            seen.add(style)
            assert [f.value for f in find_amounts(f"转了{surface}。")] == [value], (style, surface)
    assert seen == {"arabic", "arabic_kuai", "comma", "comma_cents", "wan", "chinese", "chinese_liang",
                    "chinese_kuai", "capital"}
    assert write_amount(12000, "wan").surface == "1.2万元"
    assert write_amount(12000, "comma_cents").surface == "12,000.00元"


@pytest.mark.unit
@pytest.mark.parametrize("style", DAY_STYLES)
def test_every_day_style_states_its_date(style):
    for day in (date(2021, 3, 5), date(2022, 11, 23), date(2020, 10, 10)):
        assert [f.value for f in find_dates(write_day(day, style))] == [day.isoformat()]


@pytest.mark.unit
def test_identity_numbers_are_valid_and_match_the_person():
    for seed in range(60):
        person = draw_case(seed).subject
        number = person.id_number
        assert id_card_checksum_ok(number), number
        assert number[6:14] == person.birth.strftime("%Y%m%d")
        assert (int(number[16]) % 2 == 1) == (person.gender == "男")
        assert len(person.mobile) == 11 and person.mobile[0] == "1"
    assert id_check_digit("11010519491231002") == "X"  # the standard's worked example


@pytest.mark.unit
def test_name_pools_give_thousands_of_names():
    assert pools.name_combinations() >= 5000
    names = {draw_case(seed).subject.name for seed in PARAM_SEEDS}
    assert len(names) > 350


@pytest.mark.unit
def test_wrong_layer_is_plausible_but_not_the_page():
    lines = ["问：第二次是什么时候？", "答：2021年3月5日，我用微信转了12000元。"]
    import random

    wrong = wrong_layer(lines, random.Random(1))
    assert wrong != lines and [len(w) for w in wrong] == [len(line) for line in lines]
    for w, line in zip(wrong, lines):  # punctuation stays where it was: the layer still looks like text
        assert [c for c, o in zip(w, line) if o in "：？，。"] == [o for o in line if o in "：？，。"]
    assert "12000" not in "".join(wrong) or "2021" not in "".join(wrong)


# -- parameters -----------------------------------------------------------------------------------


@pytest.mark.unit
def test_parameters_are_deterministic_per_seed():
    assert draw_case(17) == draw_case(17)
    assert draw_case(17) != draw_case(18)


@pytest.mark.unit
def test_every_variation_is_reachable_from_the_seeds():
    cases = [draw_case(seed) for seed in PARAM_SEEDS]
    assert {c.case_type for c in cases} == {"fraud", "loan", "fundraising", "embezzlement", "theft", "assault"}
    assert {c.layout.qa_style for c in cases} == set(QA_STYLES)
    assert {c.layout.header_style for c in cases} == set(HEADER_STYLES)
    assert any(c.layout.id_wraps for c in cases)
    assert {f.when.precision for c in cases for f in c.flows} == set(PRECISIONS)
    assert {f.means for c in cases for f in c.flows} == {"wechat", "alipay", "bank", "online_bank", "cash"}
    assert {f.amount_text.style for c in cases for f in c.flows} >= {"arabic", "comma_cents", "wan", "chinese",
                                                                     "chinese_liang", "capital"}
    assert any(f.amount_text.approx for c in cases for f in c.flows)
    disputes = Counter((c.dispute.field, c.dispute.where) for c in cases if c.dispute)
    assert set(disputes) == {("amount", "same_session"), ("amount", "second_session"),
                             ("date", "same_session"), ("date", "second_session")}
    assert {c.subject_role for c in cases} == {"suspect", "victim"}
    assert {g for c in cases for g in c.gaps} == {"money_use", "unknown_date", "other_investor", "who_first"}
    assert {truth for c in cases for _, truth in c.yes_no} == {True, False}
    counts = Counter(len(c.flows) for c in cases)
    assert min(counts) >= 2 and max(counts) <= 6


@pytest.mark.unit
def test_la_yue_is_the_lunar_month_before_the_interviews_spring_festival():
    found = 0
    for seed in PARAM_SEEDS:
        case = draw_case(seed)
        interview = case.sessions[0].start.date()
        for flow in case.flows:
            if flow.when.precision == "la_yue":
                found += 1
                start, end = la_yue_window(interview.year)
                assert start <= flow.when.hidden <= end and interview > SPRING_FESTIVAL[interview.year]
    assert found


@pytest.mark.unit
def test_payments_are_in_order_and_every_balance_is_positive():
    for seed in PARAM_SEEDS:
        case = draw_case(seed)
        days = [f.when.hidden for f in case.primaries()]
        assert days == sorted(days)
        assert all(f.when.hidden < case.sessions[-1].start.date() for f in case.flows)
        paid = sum(f.amount for f in case.primaries())
        assert sum(f.amount for f in case.returns()) < paid
        assert all(balance > 0 for balance in versions(case).balance)  # also after a correction
        assert len({f.amount for f in case.flows}) == len(case.flows)


# -- whole files ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory):
    """Twelve files (scans on) — enough to reach every scan kind."""
    out = tmp_path_factory.mktemp("cases")
    return [generate(seed, out) for seed in range(1, 13)]


@pytest.mark.integration
@pytest.mark.slow
def test_generated_files_pass_their_self_check_and_cover_the_scan_kinds(generated):
    for case in generated:
        assert check_case(case.params, case.script, case.rendered, case.truths) == []
    assert {kind for case in generated for kind in case.rendered.scans.values()} == set(SCAN_KINDS)
    assert any(case.rendered.across_pages for case in generated)
    assert any(("pii", "id") in case.rendered.wrapped for case in generated)  # an ID wrapped across lines


@pytest.mark.integration
@pytest.mark.slow
def test_questions_follow_the_dev_schema_and_cover_the_kinds(generated):
    kinds = Counter()
    for case in generated:
        lines = case.questions_path.read_text("utf-8").splitlines()
        questions = [CaseQuestion.from_dict(json.loads(line), case.pdf.name) for line in lines]
        assert 12 <= len(questions) <= 20
        assert len({q.id for q in questions}) == len(questions)
        kinds.update(case.kinds().values())
        truth = json.loads(case.truth_path.read_text("utf-8"))
        assert truth["seed"] == case.seed and truth["kinds"] == case.kinds()
    assert {"total_in", "total_out", "balance", "nth", "count", "disputed", "not_found", "pii", "header",
            "evidence", "yesno_yes", "yesno_no"} <= set(kinds)


@pytest.mark.integration
@pytest.mark.slow
def test_the_same_seed_gives_the_same_bytes(generated, tmp_path: Path):
    again = generate(generated[0].seed, tmp_path)
    assert again.pdf.read_bytes() == generated[0].pdf.read_bytes()
    assert again.questions_path.read_text("utf-8") == generated[0].questions_path.read_text("utf-8")


@pytest.mark.integration
@pytest.mark.slow
def test_the_self_check_catches_expectations_the_file_does_not_state(generated):
    case = next(c for c in generated if c.rendered.pages >= 2)
    truths = [t for t in case.truths]
    target = next(t for t in truths if t.kind == "nth")
    wrong_page = 1 if target.expect["pages"] != [1] else 2
    original = dict(target.expect)
    try:
        target.expect["pages"] = [wrong_page]
        assert any("expected pages" in p for p in check_case(case.params, case.script, case.rendered, truths))
        target.expect["pages"] = original["pages"]
        target.expect["text"] = ["从未写过的话"]
        assert any("从未写过的话" in p for p in check_case(case.params, case.script, case.rendered, truths))
    finally:
        target.expect.clear()
        target.expect.update(original)
    # A name the file is said not to contain, written into it after all.
    case.rendered.page_lines[0].append(case.params.absent_name)
    try:
        assert any("absent name" in p for p in check_case(case.params, case.script, case.rendered, truths))
    finally:
        case.rendered.page_lines[0].pop()


@pytest.mark.integration
def test_the_cli_writes_and_checks_files(tmp_path: Path, capsys):
    from scripts.make_case_files import main

    assert main(["--seed", "3", "--count", "2", "--out", str(tmp_path), "--max-scans", "0"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "case_0000003.pdf", "case_0000003.questions.jsonl", "case_0000003.truth.json",
        "case_0000004.pdf", "case_0000004.questions.jsonl", "case_0000004.truth.json"]
    assert "case_0000003.pdf" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--seed", "3", "--count", "0", "--out", str(tmp_path)])


@pytest.mark.unit
def test_options_fix_the_case_type():
    assert {draw_case(seed, Options(case_type="theft")).case_type for seed in range(10)} == {"theft"}
