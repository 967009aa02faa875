"""Answers planned over the ledger, through Engine.ask on real homes: every asked part answered
from cited rows, sums recomputed and checked, disputed rows carried into conflicts, gaps and
absent facts said plainly."""

from __future__ import annotations

import re

import pytest

from engine.question import read_question
from tests.case_homes import amounts, ask, held_as_said

pytestmark = pytest.mark.integration


LOAN, TAKINGS = "询问笔录_周晓燕.txt", "讯问笔录_谢志远.txt"


def test_a_multi_part_question_answers_every_part(case_home):
    answer = ask(case_home, LOAN, "第一次借钱是哪天、借了多少、怎么给的？")
    assert held_as_said(answer) and answer.checks.ok
    assert "2022年4月10日" in answer.conclusion and "30000元" in answer.conclusion and "支付宝" in answer.conclusion


def test_a_total_is_recomputed_and_checked_against_the_stated_one(case_home):
    answer = ask(case_home, LOAN, "周晓燕一共借给吴国平多少钱？")
    (calc,) = answer.calculations
    assert calc.result == 50000 and calc.stated == 50000 and calc.ok
    assert held_as_said(answer) and not answer.conflicts


def test_repaid_is_not_received(case_home):
    answer = ask(case_home, LOAN, "吴国平还过多少本金？")
    assert 5000 in amounts(answer.conclusion) and 50000 not in amounts(answer.conclusion)
    assert "2023年6月1日" in answer.conclusion


def test_what_is_still_owed_is_stated_and_recomputed(case_home):
    answer = ask(case_home, LOAN, "吴国平现在还欠周晓燕多少本金？")
    assert 45000 in amounts(answer.conclusion)
    assert any(c.result == 45000 for c in answer.calculations)


def test_interest_per_month_over_a_span_is_counted(case_home):
    answer = ask(case_home, LOAN, "周晓燕一共收到多少利息？")
    (calc,) = answer.calculations
    assert calc.expression == "300 * 6" and calc.result == 1800 and calc.factors[0]["from"] == "2022-05"
    assert answer.checks.ok


def test_a_corrected_date_is_a_conflict_with_both_quotes(case_home):
    answer = ask(case_home, LOAN, "第三次借钱是哪天？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert "2023年1月20日" in answer.conclusion and "2023年1月22日" in answer.conclusion


def test_a_total_including_a_corrected_row_gives_each_version(case_home):
    answer = ask(case_home, TAKINGS, "谢志远一共拿了公司多少钱？")
    assert answer.status.value == "needs_review" and answer.conflicts
    assert {45000, 43000} <= amounts(answer.conclusion) | {int(c.result) for c in answer.calculations}
    # each version's rows are named once, and review is asked for once
    lists = re.findall(r"E\d+(?:、E\d+)+", answer.conclusion)
    assert lists and len(lists) == len(set(lists)), answer.conclusion
    assert answer.conclusion.count("需人工") == 1, answer.conclusion


def test_an_unknown_is_a_gap_and_an_absent_fact_is_not_found(case_home):
    gap = ask(case_home, LOAN, "吴国平把钱用到哪里了？")
    assert gap.gaps and "不知道" in gap.conclusion
    absent = ask(case_home, LOAN, "吴国平的身份证号码是多少？")  # the only ID is the lender's
    assert absent.status.value == "not_found" and "110105" not in absent.conclusion
    nothing = ask(case_home, TAKINGS, "仓库里有没有监控录像？")
    assert nothing.status.value == "not_found"


def test_yes_no_from_the_answer_that_decides(case_home):
    answer = ask(case_home, TAKINGS, "谢志远是主动投案的吗？")
    assert answer.conclusion.startswith("否") and "不是" in answer.conclusion


def test_the_record_of_the_second_session(case_home):
    answer = ask(case_home, TAKINGS, "第二次讯问是在什么时间、什么地点？")
    assert "2024年5月20日" in answer.conclusion and "看守所第二讯问室" in answer.conclusion
    # 后来那次: the later session, named without its ordinal
    later = ask(case_home, TAKINGS, "后来那次讯问是在什么地方？")
    assert "看守所第二讯问室" in later.conclusion, later.conclusion


def test_personal_data_is_masked_by_default(case_home):
    answer = ask(case_home, LOAN, "周晓燕的联系电话是多少？")
    assert "13912345678" not in str(answer.to_dict()) and "139****5678" in answer.conclusion


def test_what_the_questioning_side_cited_is_the_sentence_naming_the_article(case_home):
    answer = ask(case_home, TAKINGS, "讯问开始时民警援引了哪部法律的哪一条？")
    assert "第一百二十条" in answer.conclusion and "刑事诉讼法" in answer.conclusion


def test_what_is_said_of_someone_outside_the_money_flow_is_a_gap_with_that_quote(case_home):
    answer = ask(case_home, LOAN, "周晓丽借给吴国平多少钱？")
    assert answer.gaps and "借了多少我不清楚" in answer.conclusion
    assert not amounts(answer.conclusion)  # never the speaker's own loans


def test_an_unscoped_question_goes_to_the_case_file_naming_its_person(case_home):
    """Among the case files of the best hits, the one whose people the question names — even when
    another file's passages rank first (their words match better)."""
    from types import SimpleNamespace

    engine, docs = case_home
    hit = lambda doc: SimpleNamespace(chunk=SimpleNamespace(doc_id=docs[doc], kind="transcript"))
    ranked = SimpleNamespace(results=[hit(TAKINGS), hit(TAKINGS), hit(LOAN)])
    assert engine.answerer._case_file_asked(read_question("吴国平从公司账户转了多少钱？"), ranked) == docs[LOAN]
    assert engine.answerer._case_file_asked(read_question("谢志远第二次拿了多少？"), ranked) == docs[TAKINGS]
    assert engine.answerer._case_file_asked(read_question("第二次拿了多少？"), ranked) == docs[TAKINGS]  # no name: the best
