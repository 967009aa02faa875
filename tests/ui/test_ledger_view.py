"""ui/ledger.py without Streamlit running: ledger rows as table cells (dates with their precision,
exact amounts, masking), the table's marks, and a conflict's versions with their results."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from engine.answer.model import Answer, Calculation, Conflict, Evidence, Status
from engine.answer.casefile.facts import Anchor, Event, Value
from engine.answer.casefile.facts.extract import UNSAID_KIND
from engine.text.case_lexicon import KIND_CUES
from engine.types import Chunk, Span
from ui.labels import LEDGER_KIND_NAMES, LEDGER_ROLE_NAMES
from ui.ledger import (
    amount_cell,
    conflict_versions,
    date_cell,
    masker,
    money_text,
    result_line,
    row_views,
    table_html,
    version_value,
)

pytestmark = [pytest.mark.ui, pytest.mark.unit]

CARD = "6217000030251876307"
# Every role the ledger writes (engine/answer/casefile/facts/extract.py, Event's docstring).
ROLES = ("event", "total", "balance", "remainder", "agreed", "periodic", "demand", "cost", "count")


def evidence(eid: str, text: str, page: int = 3, doc: str = "d1") -> Evidence:
    chunk = Chunk(chunk_id=f"{doc}:{eid}", doc_id=doc, seq=1, kind="transcript", chunk_type="qa",
                  text=text, spans=[Span(page=page, start=0, end=len(text))], bboxes=[], meta={})
    return Evidence(id=eid, chunk=chunk, doc_name="笔录.pdf", quote_start=0, quote_end=len(text),
                    bboxes=[], score=0.5)


def row(rid: str, eid: str, amount, **more) -> dict:
    """A ledger row as engine/answer/casefile/case.py ``ledger_rows`` writes it."""
    base = {"id": rid, "evidence": eid, "kind": "pay", "role": "event", "date": None, "payer": None,
            "payee": None, "amount": amount, "amount_text": None, "currency": "CNY", "means": None,
            "ordinal": None, "periods": None, "session": 1, "page": 3, "corrects": None, "uncertain": []}
    return {**base, **more}


def value(v, text: str, **more) -> Value:
    return Value(v, text, Anchor("d1:x", 0, len(text)), **more)


def stored(rid: str, amount: Value | None = None, date: Value | None = None, currency: str = "CNY") -> Event:
    return Event(id=rid, kind="pay", role="event", statement=0, sentence=Anchor("d1:x", 0, 1),
                 amount=amount, date=date, currency=currency)


def disputed_total() -> Answer:
    """Four payments, the second said twice (13000, later corrected to 12000), a stated total."""
    items = [evidence("E1", "总共四万二千元。"), evidence("E2", "第一次她用手机银行转了17000元。"),
             evidence("E3", "第二次是2022年11月2日，又转了壹万叁仟元。"),
             evidence("E4", "第三次转了12000元。"), evidence("E5", "她第二次转了一万二千元以后。", page=5)]
    ledger = [row("L3", "E2", 17000, date="2022年10月15日", payer="陈某", payee="李某", means="手机银行"),
              row("L4", "E3", 13000, date="2022年11月2日", ordinal=2),
              row("L5", "E4", 12000, ordinal=3),
              row("L7", "E1", 42000, role="total"),
              row("L9", "E5", 12000, ordinal=2, page=5, corrects="L4")]
    calcs = [Calculation("17000 + 13000 + 12000", Decimal(42000), Decimal(42000), True, ["E2", "E3", "E4", "E1"]),
             Calculation("17000 + 12000 + 12000", Decimal(41000), Decimal(42000), False, ["E2", "E5", "E4", "E1"])]
    conflict = Conflict("testimony", "合计所含款项说法不一", ["E2", "E3", "E4", "E5"])
    return Answer(question="一共多少", intent="fact", status=Status.NEEDS_REVIEW, conclusion="…",
                  evidence=items, calculations=calcs, conflicts=[conflict], ledger=ledger)


def test_dates_show_how_precise_they_are():
    assert date_cell(value("2022-10-15", "2022年10月15日", precision="exact"), None, False).text == "2022年10月15日"
    month = date_cell(value("2022-11", "2022年11月份", precision="month"), None, False)
    assert (month.text, month.notes, month.words) == ("2022年11月", ("仅到月",), "2022年11月份")
    approx = date_cell(value("2022", "大概2022年底", precision="approx", approx=True), None, True)
    assert approx.text == "2022年" and approx.notes == ("约", "记不清") and approx.words == "大概2022年底"
    assert date_cell(value("--03-05", "3月5日", precision="no_year"), None, False).notes == ("未写年份",)
    relative = date_cell(value("去年腊月", "去年腊月", precision="relative", approx=True), None, False)
    assert relative.text == "去年腊月" and relative.notes == ("约", "相对日期")
    assert date_cell(None, None, False).text == "不详"
    assert date_cell(None, None, True).notes == ("记不清",)
    assert date_cell(None, None, False, dated=False).text == "—"  # a stated total has no date of its own


def test_amounts_are_the_stored_decimal_with_their_unit():
    exact = stored("L1", value(Decimal("12000.50"), "12,000.50元"))
    assert amount_cell(exact, row("L1", "E1", 12000.5)).text == "12000.50 元"
    approx = stored("L1", value(Decimal("20000"), "2万元左右", approx=True))
    assert amount_cell(approx, row("L1", "E1", 20000)).text == "约 20000 元"
    assert money_text(Decimal("1.2E+4"), "USD") == "12000 美元"  # plain notation, never an exponent
    assert money_text(300, "XYZ") == "300 XYZ"
    periodic = amount_cell(None, row("L1", "E1", 300, periods=6, role="periodic", uncertain=["amount"]))
    assert periodic.text == "300 元 × 6期" and periodic.notes == ("记不清",)
    assert amount_cell(None, row("L1", "E1", None)).text == "—"


def test_rows_read_precision_from_the_stored_ledger_and_fall_back_when_it_changed():
    answer = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="…",
                    evidence=[evidence("E1", "大概是2022年11月份左右，转了6,000元。")],
                    ledger=[row("L5", "E1", 6000, date="大概是2022年11月份左右", uncertain=["date"])])
    event = stored("L5", value(Decimal("6000"), "6,000元"),
                   value("2022-11", "大概是2022年11月份左右", precision="approx", approx=True))
    (view,) = row_views(answer, {("d1", "L5"): event})
    assert view.stored and view.date.text == "2022年11月" and view.date.notes == ("约", "记不清")
    # a ledger rebuilt since with other numbers: the row says what the answer holds
    changed = stored("L5", value(Decimal("7000"), "7,000元"), event.date)
    (view,) = row_views(answer, {("d1", "L5"): changed})
    assert not view.stored and view.amount.text == "6000 元" and view.date.text == "大概是2022年11月份左右"
    (view,) = row_views(answer, {("other-doc", "L5"): event})  # another document's L5
    assert not view.stored


def test_a_disputed_total_marks_its_two_versions_and_links_every_row():
    answer = disputed_total()
    views = row_views(answer)
    assert [v.evidence_id for v in views if v.disputed] == ["E3", "E5"]
    corrected = views[-1]
    assert corrected.page == "5" and "更正E3" in corrected.notes and "说法不一" in corrected.notes
    assert views[0].parties == "陈某 → 李某" and views[1].parties == "—"
    assert views[1].category == "第2笔" and views[3].category == "所述合计"
    table = table_html(views, "ask-open-")
    assert re.findall(r'data-button="ask-open-(E\d)"', table) == ["E2", "E3", "E4", "E1", "E5"]
    assert table.count('class="lx-disputed"') == 2
    assert "None" not in table and "pay" not in table


def test_conflict_versions_carry_the_result_computed_under_each():
    answer = disputed_total()
    versions = conflict_versions(answer, answer.conflicts[0])
    assert [v.evidence_id for v in versions] == ["E3", "E5"]  # the terms every sum shares are no side
    assert [[n for n, _ in v.results] for v in versions] == [[1], [2]]
    assert versions[1].corrects == "E3" and versions[0].corrects is None
    assert version_value(versions[0], {}, masker(answer)) == "13000 元 · 2022年11月2日"
    assert result_line(*versions[0].results[0]) == ("复算① = 42000，与所述一致", True)
    assert result_line(*versions[1].results[0]) == ("复算② = 41000 ≠ 所述 42000", False)


def test_a_conflict_outside_any_sum_keeps_every_cited_side():
    answer = disputed_total()
    # a date said twice, the second from a correcting sentence that is no ledger row
    answer.evidence.append(evidence("E6", "应该是2022年11月5日，我记错了。"))
    dated = Conflict("testimony", "日期说法不一", ["E3", "E6"])
    versions = conflict_versions(answer, dated)
    assert [v.evidence_id for v in versions] == ["E3", "E6"] and not any(v.results for v in versions)
    assert versions[1].row is None and version_value(versions[1], {}, masker(answer)) == ""


def test_a_card_number_in_a_rows_quote_is_shown_with_its_means_and_masked():
    quote = f"第一次我用手机银行从我的建设银行卡{CARD}转给对方8000元。"
    rows = [row("L2", "E1", 8000, means="银行卡", payer="林某")]
    masked = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="…",
                    evidence=[evidence("E1", quote)], ledger=rows, pii_masked=True)
    (view,) = row_views(masked)
    assert view.means == f"银行卡（卡号 {CARD[:4]}{'*' * (len(CARD) - 8)}{CARD[-4:]}）"
    assert CARD not in table_html([view], "ask-open-")
    clear = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="…",
                   evidence=[evidence("E1", quote)], ledger=rows, pii_masked=False)
    assert row_views(clear)[0].means == f"银行卡（卡号 {CARD}）"


def test_a_wrapped_id_piece_in_a_cell_is_masked():
    """A cell built from a quote can hold one line of a wrapped ID (身份证号码3301831983, the rest
    on the next line): masked with the pieces of the cited chunks, like every other text."""
    text = "被询问人张三，身份证号码3301831983\n06150011，住某市。"
    answer = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="…",
                    evidence=[evidence("E1", text)],
                    ledger=[row("L1", "E1", 100, payer="张三（身份证号码3301831983")], pii_masked=True)
    assert "3301831983" not in row_views(answer)[0].parties


def test_every_ledger_kind_and_role_has_a_label():
    assert set(KIND_CUES) | {UNSAID_KIND} <= set(LEDGER_KIND_NAMES)
    assert set(ROLES) <= set(LEDGER_ROLE_NAMES)


def test_table_headers_in_english_behind_the_setting(monkeypatch):
    monkeypatch.setenv("LEXTRACE_UI_ENGLISH", "1")
    views = row_views(disputed_total())
    table = table_html(views, "ask-open-")
    assert "出处 source" in table and "付款方 → 收款方 payer → payee" in table
    assert "disputed" in " ".join(views[1].notes)


def test_cells_are_escaped():
    answer = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion="…",
                    evidence=[evidence("E1", "x")], ledger=[row("L1", "E1", 1, payer="<b>甲</b>")],
                    pii_masked=False)
    table = table_html(row_views(answer), "ask-open-")
    assert "<b>甲" not in table and "&lt;b&gt;甲" in table
