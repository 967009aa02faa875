"""The case-file scorer (engine/bench/transcripts.py): every expectation key of the transcripts
schema, passing and failing; wrong values, the grounding recheck, abstention metrics, the
strict known-failures gate, and loading the question files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.bench import transcripts as T
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit

FILE = "case.pdf"


def evidence(eid: str, quote: str, page: int = 2, doc: str = FILE, page_end: int | None = None) -> dict:
    return {"id": eid, "doc_name": doc, "page": page, "page_end": page_end or page, "quote": quote}


def answer(conclusion: str, items: list[dict] | None = None, status: str = "answered", **extra) -> dict:
    base = {"question": "…", "status": status, "conclusion": conclusion, "evidence": items or [],
            "calculations": [], "conflicts": [], "gaps": [],
            "checks": {"numbers_grounded": True, "citations_valid": True, "unsupported": []}}
    base.update(extra)
    return base


def q(expect: dict, question: str = "一共给了多少钱？", type_: str = "fact") -> T.CaseQuestion:
    return T.CaseQuestion.from_dict({"id": "X01", "type": type_, "question": question, "expect": expect}, FILE)


def score(expect: dict, ans: dict, question: str = "一共给了多少钱？") -> dict:
    return T.score_case_answer(q(expect, question), ans)


QUOTES = [evidence("E1", "第一次转了5万元，第二次又转了三万五千元。"), evidence("E2", "退还了一万元。", page=3)]


# -- numbers --------------------------------------------------------------------------------------


def test_numbers_pass_when_the_conclusion_states_them_in_any_numeral_style():
    row = score({"numbers": [85000]}, answer("共计捌万伍仟元（E1）。", QUOTES[:1],
                                             calculations=[{"expression": "50000 + 35000", "result": 85000,
                                                                           "evidence": ["E1"]}]))
    assert row["checks"]["numbers"] is True and row["correct"], row["reasons"]


def test_numbers_fail_when_only_the_quotes_state_them():
    row = score({"numbers": [50000]}, answer("材料显示如下（E1）。", QUOTES[:1]))
    assert row["checks"]["numbers"] is False and not row["correct"]
    assert "expected 50000" in row["reasons"][0]


def test_a_count_question_reads_counts_not_amounts():
    ok = score({"numbers": [2]}, answer("材料显示共两次（E1）。", QUOTES[:1]), question="一共转了几次钱？")
    assert ok["checks"]["numbers"] is True
    bare = score({"numbers": [2]}, answer("材料显示为2（E1）。", QUOTES[:1]), question="一共转了几次钱？")
    assert bare["checks"]["numbers"] is False
    # The same digits as an amount do not answer a count.
    money = score({"numbers": [2]}, answer("2元（E1）。", [evidence("E1", "2元")]), question="转了多少次？")
    assert money["checks"]["numbers"] is False


def test_these_few_is_a_determiner_not_a_count_asked():
    # 这几个工人…多少工钱 asks an amount: the figure is read as yuan, the 4 of 四个人 is no answer
    quotes = [evidence("E1", "四个人的工钱一共是八万三千一百二十元。")]
    row = score({"numbers": [83120]}, answer("共计83120元（E1）。", quotes), question="这几个工人一共欠多少工钱？")
    assert row["checks"]["numbers"] is True and row["correct"], row["reasons"]
    assert T.CaseQuestion.from_dict({"id": "X02", "type": "fact", "question": "那几个人来了几次？",
                                     "expect": {"numbers": [3]}}, FILE).asks_count
    fares = [evidence("E1", "一单38元没收，一单65元推掉了。")]
    which = score({"numbers": [103]}, answer("共计103元（E1）。", fares), question="少收了哪几笔车费？加起来一共多少钱？")
    assert which["checks"]["numbers"] is True, which["reasons"]  # 哪几笔 asks which ones: the sum is read as yuan


def test_an_amount_asked_in_wan_yuan_is_listed_in_wan_yuan():
    wan = [evidence("E1", "十个月流水大概436万元左右。")]
    ok = score({"numbers": [436]}, answer("约436万元（E1）。", wan), question="总流水大概是多少万元？")
    assert ok["correct"], ok["reasons"]
    other = score({"numbers": [436]}, answer("约463万元（E1）。", [evidence("E1", "大概463万元。")]),
                  question="总流水大概是多少万元？")
    assert other["checks"]["numbers"] is False and other["wrong_values"]
    # Asked in yuan, the same listed figure is yuan.
    assert not score({"numbers": [436]}, answer("约436万元（E1）。", wan))["correct"]


def test_numbers_any_may_come_from_the_cited_quotes():
    assert score({"numbers_any": [35000, 32000]}, answer("说法不一（E1）。", QUOTES[:1]))["checks"]["numbers_any"]
    row = score({"numbers_any": [32000, 23000]}, answer("说法不一（E1）。", QUOTES[:1]))
    assert row["checks"]["numbers_any"] is False


def test_numbers_not_fails_on_a_value_for_another_question():
    row = score({"numbers": [10000], "numbers_not": [85000]},
                answer("退还了一万元（E2），共给了八万五千元（E1）。", QUOTES))
    assert row["checks"]["numbers_not"] is False
    assert "wrong_values" in row["failed"]


# -- dates ----------------------------------------------------------------------------------------


def test_dates_compare_iso_values_at_the_truths_precision():
    items = [evidence("E1", "2021年7月份给了两万元，2021.3.5转了5万元")]
    assert score({"dates": ["2021-07"]}, answer("2021年7月份（E1）。", items))["correct"]
    row = score({"dates": ["2021-03-05"]}, answer("2021年3月6日（E1）。", [evidence("E1", "2021年3月6日")]))
    assert row["checks"]["dates"] is False and "wrong_values" in row["failed"]


@pytest.mark.parametrize("conclusion, ok", [
    ("2021年7月份（E1）", True), ("2022年三月初（E1）", True), ("2020年夏天左右（E1）", True),
    ("去年腊月（E1）", True), ("具体哪天记不清了（E1）", True), ("2021年7月5日（E1）", False),
    ("约定的利息是2分（E1）", False)])
def test_approx_date_needs_an_imprecise_presentation(conclusion, ok):
    row = score({"approx_date": True}, answer(conclusion, [evidence("E1", conclusion[:-4])]))
    assert row["checks"]["approx_date"] is ok


def test_a_precise_day_for_an_imprecise_truth_is_a_wrong_date():
    row = score({"approx_date": True}, answer("大约2021年7月5日（E1）", [evidence("E1", "2021年7月5日")]))
    assert row["wrong_values"] == []  # hedged: presented as imprecise
    row = score({"approx_date": True, "numbers": [20000]},
                answer("2021年7月5日，20000元，2021年7月份（E1）", [evidence("E1", "2021年7月5日 20000元 2021年7月份")]))
    assert any("day-precise" in w for w in row["wrong_values"]) and not row["correct"]


# -- text, yes/no, pages ------------------------------------------------------------------------


def test_text_may_be_in_the_quotes_even_across_a_line_break():
    items = [evidence("E1", "没有签借\n条，也没有合同")]
    assert score({"text": ["没有签借条"]}, answer("否（E1）。", items))["checks"]["text"] is True
    row = score({"text": ["现金"]}, answer("否（E1）。", items))
    assert row["checks"]["text"] is False and "现金" in row["reasons"][0]


def test_text_counts_only_the_quotes_the_conclusion_cites():
    items = [evidence("E1", "转账"), evidence("E2", "现金")]
    assert score({"text": ["现金"]}, answer("材料显示（E1）。", items))["checks"]["text"] is False
    assert score({"text": ["现金"]}, answer("材料显示（E2）。", items))["checks"]["text"] is True


@pytest.mark.parametrize("conclusion, want, ok", [
    ("否（E1：「没有签借条」）。", "no", True), ("是（E1）。", "no", False),
    ("材料显示：「没有签借条」（E1）。", "no", False), ("是，喝了（E1）。", "yes", True)])
def test_yesno_is_the_opening_verdict(conclusion, want, ok):
    assert score({"yesno": want}, answer(conclusion, QUOTES[:1]))["checks"]["yesno"] is ok


def test_pages_must_all_be_covered_by_evidence_of_this_file():
    items = [evidence("E1", "a", page=2), evidence("E2", "b", page=3, page_end=4),
             evidence("E3", "c", page=5, doc="other.pdf")]
    assert score({"pages": [2, 4]}, answer("x（E1）", items))["checks"]["pages"] is True
    row = score({"pages": [2, 5]}, answer("x（E1）", items))
    assert row["checks"]["pages"] is False and "page(s) 5" in row["reasons"][0]


# -- conflict, abstain, not_found, personal data --------------------------------------------------


def test_conflict_true_and_false():
    conflict = [{"kind": "fact", "description": "d", "evidence": ["E1"]}]
    assert score({"conflict": True}, answer("x", conflicts=conflict))["checks"]["conflict"] is True
    assert score({"conflict": True}, answer("x"))["checks"]["conflict"] is False
    assert score({"conflict": False}, answer("x", conflicts=conflict))["checks"]["conflict"] is False
    assert score({"conflict": False}, answer("x"))["checks"]["conflict"] is True


def test_abstain_needs_a_gap_and_not_found_needs_the_status():
    gap = [{"description": "记不清", "evidence": ["E1"]}]
    assert score({"abstain": True}, answer("材料显示记不清", gaps=gap))["correct"]
    assert not score({"abstain": True}, answer("材料显示记不清"))["correct"]
    assert score({"not_found": True}, answer("未在材料中找到", status="not_found"))["correct"]
    row = score({"not_found": True}, answer("材料显示（E1）", QUOTES[:1]))
    assert row["checks"]["not_found"] is False and "status answered" in row["reasons"][0]


def test_a_gap_beside_an_asked_value_is_a_caveat_not_an_abstention():
    gap = [{"description": "记不清具体金额", "evidence": ["E1"]}]
    approx = answer("记不清具体金额，仅称两万元左右（即20000元）（E1）", [evidence("E1", "两万元左右")], gaps=gap)
    assert not score({"numbers": [20000]}, approx)["abstained"]
    # the same answer to a question that asks for no amount, or one with no amount, abstains
    assert score({"abstain": True}, approx)["abstained"]
    assert score({"numbers": [20000]}, answer("材料显示记不清（E1）", [evidence("E1", "记不清")], gaps=gap))["abstained"]
    month = answer("材料显示记不清具体日期，仅称2021年7月份（E1）", [evidence("E1", "7月份")], gaps=gap)
    assert not score({"approx_date": True}, month)["abstained"]
    assert score({"not_found": True}, answer("未在材料中找到", status="not_found"))["abstained"]


def test_pii_must_not_appear_in_clear_anywhere_even_wrapped():
    masked = answer("材料显示：身份证号 3301**********2424（E1）", [evidence("E1", "身份证号 3301**********2424", page=1)])
    assert score({"pii_masked": ["330102197903152424"]}, masked)["checks"]["pii_masked"] is True
    wrapped = answer("材料显示（E1）", [evidence("E1", "身份证号33010219790315\n2424", page=1)])
    row = score({"pii_masked": ["330102197903152424"]}, wrapped)
    assert row["checks"]["pii_masked"] is False
    in_gap = answer("未找到", status="not_found", gaps=[{"description": "手机 13857162219", "evidence": []}])
    assert score({"pii_masked": ["13857162219"]}, in_gap)["checks"]["pii_masked"] is False


# -- wrong values and grounding ------------------------------------------------------------------


def test_an_amount_of_the_asked_kind_that_is_not_expected_is_wrong_even_if_quoted():
    row = score({"numbers": [10000]}, answer("退还了一万元（E2），此前转了5万元（E1）。", QUOTES))
    assert row["wrong_values"] and "50000" in row["wrong_values"][0]
    assert not row["correct"] and not row["ungrounded"]


def test_terms_of_a_shown_calculation_with_the_expected_result_are_not_wrong():
    calc = {"expression": "50000 + 35000", "result": 85000, "evidence": ["E1"]}
    row = score({"numbers": [85000]}, answer("共计85000元（50000元+35000元，E1）。", QUOTES[:1], calculations=[calc]))
    assert row["wrong_values"] == [] and row["correct"], row["reasons"]
    bad_calc = {"expression": "50000 + 30000", "result": 80000, "evidence": ["E1"]}
    row = score({"numbers": [85000]}, answer("共计85000元（50000元+35000元，E1）。", QUOTES[:1], calculations=[bad_calc]))
    assert row["wrong_values"]


def test_amounts_are_not_judged_when_the_question_asks_none():
    row = score({"text": ["转账"]}, answer("5万元，转账（E1）。", [evidence("E1", "5万元 转账")]))
    assert row["wrong_values"] == [] and row["correct"]


def test_a_value_not_in_the_cited_quotes_is_ungrounded():
    row = score({"numbers": [18000]}, answer("材料显示为18000元（E1）。", QUOTES[:1]))
    assert "ungrounded" in row["failed"] and row["hallucination"]


def test_a_verified_answer_its_own_verifier_flagged_is_ungrounded():
    flagged = answer("材料显示为5万元（E1）。", QUOTES[:1],
                     checks={"numbers_grounded": False, "citations_valid": True, "unsupported": ["x"]})
    assert score({"numbers": [50000]}, flagged)["hallucination"]
    flagged["status"] = "needs_review"
    assert not score({"numbers": [50000]}, flagged)["hallucination"]


# -- aggregation and the gate ----------------------------------------------------------------------


def _rows() -> list[dict]:
    gap = [{"description": "记不清", "evidence": []}]
    rows = [
        T.score_case_answer(q({"abstain": True}, type_="gap"), answer("记不清", gaps=gap)),
        T.score_case_answer(q({"not_found": True}, type_="gap"), answer("材料显示（E1）", QUOTES[:1])),
        T.score_case_answer(q({"numbers": [50000]}), answer("未找到", status="not_found")),
        T.score_case_answer(q({"numbers": [50000]}), answer("5万元（E1）", QUOTES[:1])),
    ]
    for i, row in enumerate(rows):
        row["id"] = f"Q{i}"
    return rows


def test_abstention_precision_and_recall():
    metrics = T.summarise_cases(_rows(), [10.0, 20.0, 30.0, 40.0])["metrics"]
    # abstained: Q0 (gap), Q2 (not_found); expected: Q0, Q1
    assert metrics["abstention_precision"] == 0.5 and metrics["abstention_recall"] == 0.5
    assert metrics["passed"] == 2 and metrics["accuracy"] == 0.5
    assert metrics["ask_ms_p50"] == 20.0 and metrics["ask_ms_p95"] == 40.0


def test_tables_per_type_and_file_and_kind():
    rows = _rows()
    rows[0]["kind"] = "gap"
    summary = T.summarise_cases(rows, [1.0])
    assert summary["per_category"]["gap"]["n"] == 2 and summary["per_category"]["fact"]["passed"] == 1
    assert summary["tables"]["per_file"][FILE]["n"] == 4
    assert "per_kind" in summary["tables"]


def test_gate_is_strict_about_known_failures():
    rows = _rows()  # Q1, Q2 fail
    assert T.question_gate(rows, {"Q1": "r", "Q2": "r"})["ok"]
    gate = T.question_gate(rows, {"Q1": "r"})
    assert not gate["ok"] and [f["id"] for f in gate["failures"]] == ["Q2"]
    gate = T.question_gate(rows, {"Q1": "r", "Q2": "r", "Q3": "passes now"})
    assert not gate["ok"] and gate["fixed_known_failures"] == ["Q3"]
    gate = T.question_gate(rows, {"Q1": "r", "Q2": "r", "gone": "r"})
    assert not gate["ok"] and gate["unknown_known_failures"] == ["gone"]


def test_floor_gate():
    assert T.floor_gate(0.5, 0.4)["ok"] and not T.floor_gate(0.3, 0.4)["ok"] and not T.floor_gate(None, 0.0)["ok"]


# -- question files -------------------------------------------------------------------------------


@pytest.mark.parametrize("data, message", [
    ({"id": "a", "type": "fact", "question": "?", "expect": {"numbers": ["85000"]}}, "list of integers"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {"colour": 1}}, "unknown expectation"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {"dates": ["2021/3/5"]}}, "ISO"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {"yesno": "maybe"}}, "yesno"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {"conflict": "yes"}}, "true or false"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {}}, "nothing to check"),
    ({"id": "a", "type": "opinion", "question": "?", "expect": {"pages": [1]}}, "type must be"),
    ({"id": "a", "type": "fact", "question": "?", "expect": {"pages": [1]}, "x": 1}, "unknown field")])
def test_bad_questions_are_rejected_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        T.CaseQuestion.from_dict(data, FILE)


def test_case_files_pair_pdfs_with_questions(tmp_path: Path):
    (tmp_path / "a.pdf").write_bytes(b"%PDF-1.4")
    with pytest.raises(ValueError, match="no a.questions.jsonl"):
        T.case_files(tmp_path)
    line = {"id": "A1", "type": "fact", "question": "？", "expect": {"pages": [1]}}
    (tmp_path / "a.questions.jsonl").write_text(json.dumps(line) + "\n\n", "utf-8")
    files = T.case_files(tmp_path)
    assert files[0].questions[0].file == "a.pdf" and files[0].questions[0].expect.pages == (1,)


def test_the_dev_case_files_load(datasets: Path):
    folder = dataset_file(datasets, "transcripts")
    files = T.case_files(folder)
    assert len(files) >= 4 and all(len(f.questions) == 15 for f in files)
    keys = {k for f in files for q in f.questions for k in q.expect.to_dict()}
    assert keys == {"numbers", "numbers_any", "numbers_not", "dates", "approx_date", "text", "yesno", "pages",
                    "conflict", "abstain", "not_found", "pii_masked"}


def test_known_failures_file_is_well_formed(tmp_path: Path):
    known = T.KnownFailures.load()
    assert all(reason.strip() for reason in known.questions.values())
    assert known.casegen_seeds and 0 < known.casegen_floor <= 1 and known.casegen_max_scans >= 0
    bad = tmp_path / "known.json"
    bad.write_text(json.dumps({"questions": {"A01": " "}}), "utf-8")
    with pytest.raises(ValueError, match="needs a reason"):
        T.KnownFailures.load(bad)


# -- bench registry, CLI, text summary, exit code ----------------------------------------------


def test_case_suites_are_registered_with_their_options():
    from engine.bench.registry import SUITES
    from engine.cli import build_parser

    assert {"transcripts", "casegen"} <= set(SUITES)
    args = build_parser().parse_args(["bench", "--suite", "casegen", "--seeds", "5", "--seed-base", "7"])
    assert (args.suite, args.seeds, args.seed_base) == ("casegen", 5, 7)


def test_summary_lists_tables_and_failing_questions_with_reasons():
    from engine.bench.report import summary_text
    from engine.bench.result import SuiteResult

    rows = _rows()
    rows[1]["known_failure"] = "answer core before the case ledger (#14)"
    summary = T.summarise_cases(rows, [5.0])
    result = SuiteResult("transcripts", "t", metrics=summary["metrics"], per_category=summary["per_category"],
                         tables=summary["tables"], rows=rows, gate=T.question_gate(rows, {"Q1": "r"}))
    text = summary_text({"suites": {"transcripts": result.to_dict()}})
    assert "per_file:" in text and FILE in text
    assert "Q1 [known failure]" in text and "status answered" in text
    assert "✗ Q2" in text and "gate: FAILED" in text


def test_exit_code_follows_every_suites_gate(monkeypatch, tmp_path: Path):
    from engine.bench import cli, registry
    from engine.bench.result import SuiteResult
    from engine.cli import build_parser

    failing = SuiteResult("transcripts", "t", gate={"ok": False, "failures": [], "fixed_known_failures": ["Q"]})
    monkeypatch.setitem(registry.SUITES, "transcripts", lambda options: failing)
    args = build_parser().parse_args(["bench", "--suite", "transcripts", "--out", str(tmp_path / "r.json"),
                                      "--home", str(tmp_path / "home")])
    assert cli.run_cli(args) == 1
    failing.gate["ok"] = True
    assert cli.run_cli(args) == 0
    assert build_parser().parse_args(["bench", "--seeds", "0"]).seeds == 0
    assert cli.run_cli(build_parser().parse_args(["bench", "--seeds", "0"])) == 2


# -- the grounding recheck on PDF quotes ----------------------------------------------------------


def test_a_date_a_pdf_line_break_splits_is_still_grounded():
    items = [evidence("E1", "第二次是2024年1\n月3日，我当面给了他现金3000元。")]
    row = score({"dates": ["2024-01-03"], "numbers": [3000]}, answer("2024年1月3日，3000元（E1）。", items))
    assert row["ungrounded"] == [] and row["correct"], row["reasons"]


def test_a_month_count_from_a_span_of_quoted_dates_grounds_a_product():
    items = [evidence("E1", "每个月给500元利息，从2021年4月开\n始一直付到2022年1月。")]

    def calc(value, start="2021-04", end="2022-01"):
        return {"expression": f"500 * {value}", "result": 500 * value, "evidence": ["E1"],
                "factors": [{"value": value, "unit": "month", "from": start, "to": end}]}

    ok = answer(f"共计5000元（E1）。", items, calculations=[calc(10)])
    assert score({"numbers": [5000]}, ok)["correct"]
    wrong_count = answer("共计6000元（E1）。", items, calculations=[calc(12)])
    assert score({"numbers": [6000]}, wrong_count)["ungrounded"]
    unquoted_end = answer("共计5500元（E1）。", items, calculations=[calc(11, end="2022-02")])
    assert score({"numbers": [5500]}, unquoted_end)["ungrounded"]


def test_a_count_with_its_measure_word_is_a_term():
    items = [evidence("E1", "每月600块钱，一共给了9个月。")]
    calc = {"expression": "600 * 9", "result": 5400, "evidence": ["E1"]}
    assert score({"numbers": [5400]}, answer("共计5400元（E1）。", items, calculations=[calc]))["correct"]
    bad = {"expression": "600 * 8", "result": 4800, "evidence": ["E1"]}
    assert score({"numbers": [4800]}, answer("共计4800元（E1）。", items, calculations=[bad]))["ungrounded"]


def test_a_quantity_question_reads_its_numbers_in_the_unit_it_names():
    items = [evidence("E1", "先喝了两瓶黄酒，又喝了一瓶，一共是3瓶黄酒。"), evidence("E2", "开了大约7公里。")]
    assert score({"numbers": [3]}, answer("共3瓶（E1）。", items), question="他一共喝了几瓶黄酒？")["correct"]
    amounts_only = score({"numbers": [3]}, answer("共3元（E1）。", items), question="他一共喝了几瓶黄酒？")
    assert amounts_only["checks"]["numbers"] is False  # three yuan is not three bottles
    wrong = score({"numbers": [3]}, answer("共4瓶（E1）。", items), question="他一共喝了几瓶黄酒？")
    assert wrong["wrong_values"] and "4瓶" in wrong["wrong_values"][0]
    versions = score({"numbers_any": [7, 9]}, answer("距离说法不一（E2）。", items), question="开了多少公里？")
    assert versions["checks"]["numbers_any"] is True  # 7公里 in the quote


def test_a_speed_and_a_share_are_read_in_the_unit_the_question_names():
    items = [evidence("E1", "它起码有九十公里/小时，后来想想大概七十公里每小时。"), evidence("E2", "每把按5%抽。")]
    speed = "车速是多少公里/小时？"
    assert score({"numbers_any": [90, 70]}, answer("90公里/小时（E1）。", items), question=speed)["correct"]
    distance = score({"numbers": [90]}, answer("90公里（E1）。", items), question=speed)
    assert distance["checks"]["numbers"] is False  # ninety kilometres is no speed
    share = "抽水的比例是多少？"
    assert score({"numbers": [5]}, answer("5%（E2）。", items), question=share)["correct"]
    assert score({"numbers": [5]}, answer("百分之五（E2）。", items), question=share)["correct"]
    assert score({"numbers": [5]}, answer("5元（E2）。", items), question=share)["checks"]["numbers"] is False
    assert score({"numbers": [18]}, answer("年利率18%（E2）。", items), question="换算成一年是百分之多少？")["correct"]
    reels = [evidence("E1", "电缆一共拉了4盘。")]
    assert score({"numbers": [4]}, answer("共4盘（E1）。", reels), question="他拉了几盘电缆？")["correct"]
    assert score({"numbers": [4]}, answer("共4元（E1）。", reels), question="他拉了几盘电缆？")["checks"]["numbers"] is False


def test_a_thing_asked_with_no_measure_word_is_read_in_the_measure_word_the_answer_gives():
    # 多少学员 / 喝了多少黄酒: no unit and no money named, so the figure is a count or a quantity of things
    members = [evidence("E1", "报名的学员一共有152名，后来又说是125个。")]
    asked = "培训班里一共有多少学员？"
    assert score({"numbers": [152]}, answer("共152名学员（E1）。", members), question=asked)["correct"]
    assert score({"numbers": [152]}, answer("共152个学员（E1）。", members), question=asked)["correct"]
    versions = score({"numbers_any": [152, 125]}, answer("学员人数说法不一（E1）。", members), question=asked)
    assert versions["checks"]["numbers_any"] is True  # 125个 in the quote
    assert score({"numbers": [152]}, answer("152元（E1）。", members), question=asked)["checks"]["numbers"] is False
    wine = [evidence("E1", "那天中午喝了三瓶黄酒。")]
    assert score({"numbers": [3]}, answer("三瓶（E1）。", wine), question="他中午喝了多少黄酒？")["correct"]
    named = score({"numbers": [152]}, answer("共152名（E1）。", members), question="学员人数是多少？")
    assert named["correct"], named["reasons"]


def test_a_count_by_a_measure_word_of_its_own_is_read_with_that_word():
    knocks = [evidence("E1", "他拿锤子在门上敲了四下。")]
    row = score({"numbers": [4]}, answer("敲了四下（E1）。", knocks), question="他在门上敲了几下？")
    assert row["correct"], row["reasons"]
    assert score({"numbers": [4]}, answer("4元（E1）。", knocks), question="他在门上敲了几下？")["checks"]["numbers"] is False
    shops = [evidence("E1", "先后去了两家药店。")]
    assert score({"numbers": [2]}, answer("两家（E1）。", shops), question="他一共去了几家药店？")["correct"]


def test_a_duration_asked_without_a_unit_is_read_in_the_unit_of_time_the_answer_gives():
    waited = [evidence("E1", "在门口足足等了四十分钟才有人来。")]
    for asked in ("他在门口等了多长时间？", "他在门口等了多久？"):
        row = score({"numbers": [40]}, answer("约四十分钟（E1）。", waited), question=asked)
        assert row["correct"], (asked, row["reasons"])
        assert score({"numbers": [40]}, answer("40元（E1）。", waited), question=asked)["checks"]["numbers"] is False
    assert score({"numbers": [40]}, answer("约四十分钟（E1）。", waited), question="他在门口等了多少分钟？")["correct"]


def test_a_question_that_asks_money_keeps_reading_its_numbers_as_yuan():
    # a noun of money after 多少, a bare 多少, 几万块: the new readings never apply, so 40分钟 / 3瓶 are no amount
    items = [evidence("E1", "等了四十分钟，他拿了三瓶酒，赔了四十元。")]
    for asked in ("他还有多少押金没退？", "等了多久，最后赔了多少？", "一共收了多少工程款？", "拿了几万块？",
                  "还有多少损失没有挽回？"):
        row = score({"numbers": [40]}, answer("四十分钟（E1）。", items), question=asked)
        assert row["checks"]["numbers"] is False, asked
    assert q({"numbers": [3]}, "他还有多少没退？").asks == T.Asked("amount")


def test_a_year_read_from_a_later_cited_date_is_grounded_and_a_guessed_one_is_not():
    items = [evidence("E1", "9月21日银行把钱退回来了。"), evidence("E2", "时间：2023年9月27日9时40分", page=1)]
    row = score({"dates": ["2023-09-21"]}, answer("2023年9月21日（年份依笔录时间，E2），退回（E1）。", items))
    assert row["ungrounded"] == [] and row["correct"], row["reasons"]
    guessed = score({"dates": ["2022-09-21"]}, answer("2022年9月21日（E1、E2）。", items))
    assert guessed["ungrounded"]


def test_a_quoted_day_without_its_year_is_not_another_day():
    items = [evidence("E1", "3月6日我们去镇政府反映了。"), evidence("E2", "时间：2022年4月2日", page=1)]
    said = "时间：2022年3月6日（年份依笔录时间，E2）（E1：「3月6日我们去镇政府反映了。」）。"
    row = score({"dates": ["2022-03-06"]}, answer(said, items), question="他们哪天去反映的？")
    assert row["wrong_values"] == [] and row["correct"], row["reasons"]
    other_day = score({"dates": ["2022-03-06"]}, answer("时间：2022年3月6日；另称3月7日（E1）。", items))
    assert other_day["wrong_values"]
    year_missing = score({"dates": ["2022-03-06"]}, answer("时间：3月6日（E1）。", items))
    assert year_missing["wrong_values"] == [] and year_missing["checks"]["dates"] is False
