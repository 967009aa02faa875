"""The case ledger read from real ingested case files: kinds, directions, ordinals, dates,
corrections, periods — each row pointing at the exact characters it came from."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.answer.casefile.facts import build_ledger, versions_of

pytestmark = pytest.mark.integration


def ledger_of(case_home, name):
    engine, docs = case_home
    chunks = engine.index.catalog.chunks(docs[name], with_facts=True)
    return build_ledger(docs[name], chunks), {c.chunk_id: c for c in chunks}


def movements(ledger, kind):
    return [e for e in ledger.events if e.role == "event" and e.kind == kind and not e.corrects]


def test_loans_are_ordered_dated_and_anchored(case_home):
    ledger, chunks = ledger_of(case_home, "询问笔录_周晓燕.txt")
    loans = movements(ledger, "pay")
    assert [e.ordinal for e in loans] == [1, 2, 3]
    assert [e.amount.value for e in loans] == [Decimal(30000), Decimal(8000), Decimal(12000)]
    assert [e.means.text for e in loans] == ["支付宝", "现金", "银行转账"]
    assert loans[0].date.value == "2022-04-10" and loans[1].date.value == "2022-09"
    assert loans[1].date.precision in ("month", "approx")  # 9月份, 具体哪天记不清了
    assert "date" in loans[1].uncertain  # 具体哪天记不清了
    assert all(e.payer == "周晓燕" for e in loans)
    for e in loans:  # every value is the verbatim text of its chunk at its anchor
        text = chunks[e.amount.anchor.chunk_id].text
        assert text[e.amount.anchor.start:e.amount.anchor.end] == e.amount.text


def test_totals_balances_periods_and_repayments_keep_their_roles(case_home):
    ledger, _ = ledger_of(case_home, "询问笔录_周晓燕.txt")
    roles = {(e.kind, e.role): e for e in ledger.events}
    assert roles[("pay", "total")].amount.value == 50000  # 三次一共多少钱？—一共五万元
    assert roles[("pay", "balance")].amount.value == 45000
    interest = roles[("interest", "periodic")]
    assert interest.amount.value == 300 and interest.period_span == ("2022-05", "2022-10") and interest.periods == 6
    (repay,) = movements(ledger, "repay")
    assert repay.amount.value == 5000 and repay.payee == "周晓燕" and repay.means.text == "微信"
    assert {e.count for e in ledger.events if e.role == "count"} == {3, 1}


def test_a_restated_date_that_the_answer_corrects_targets_its_row(case_home):
    ledger, _ = ledger_of(case_home, "询问笔录_周晓燕.txt")
    third = next(e for e in movements(ledger, "pay") if e.ordinal == 3)
    (correction,) = [c for c in ledger.corrections if c.field == "date"]
    assert correction.target == third.id and correction.new.value == "2023-01-22"


def test_someone_elses_money_is_not_the_speakers(case_home):
    ledger, _ = ledger_of(case_home, "询问笔录_周晓燕.txt")
    sister = [e for e in ledger.events if e.payer == "周晓丽"]
    assert not sister or all(e.amount is None for e in sister)  # 借了多少我不清楚: no amount, no row


def test_speaker_labels_sessions_and_a_correction_across_sessions(case_home):
    ledger, _ = ledger_of(case_home, "讯问笔录_谢志远.txt")
    assert ledger.subject == "谢志远" and sorted(ledger.headers) == [1, 2]
    takes = movements(ledger, "take")
    assert [(e.ordinal, e.amount.value) for e in takes] == [(1, 16000), (2, 9000), (3, 20000)]
    assert takes[2].amount.approx and "amount" in takes[2].uncertain
    second = takes[1]
    chain = versions_of(ledger, second)
    assert [v.amount.value for v in chain] == [9000, 7000] and chain[1].session == 2
    (refund,) = movements(ledger, "repay")
    assert refund.amount.value == 20000 and refund.payer == "谢志远"  # 哥哥替我退: on his behalf


def test_the_ledger_is_stored_with_its_document_and_read_back_exactly(case_home):
    from engine.answer.casefile.facts import ledger_to_record
    from engine.answer.casefile.facts.store import LEDGER_VERSION, LedgerStore

    engine, docs = case_home
    doc = docs["询问笔录_周晓燕.txt"]
    row = engine.index.catalog._conn().execute("SELECT version, events FROM ledgers WHERE doc_id=?",
                                               (doc,)).fetchone()
    assert row is not None and row[0] == LEDGER_VERSION and row[1] > 0  # built at ingest
    fresh = LedgerStore(engine.index.catalog)  # no cache: read from SQLite
    assert ledger_to_record(fresh.get(doc)) == ledger_to_record(ledger_of(case_home, "询问笔录_周晓燕.txt")[0])
