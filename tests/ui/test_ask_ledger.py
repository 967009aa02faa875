"""The Ask page over case files the tests bring in: the ledger rows behind a total and the
conflict panel with both versions (a generated case file whose total includes a corrected
payment), and a card number in the 方式 column masked for a role that may not see it (a case file
written here).

Expected values come from the generator's parameters (engine/bench/casegen), never from the
engine: every payment's amount, page and date must be in the table, and the total under each
version in its own version block.
"""

from __future__ import annotations

import re
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from engine.bench.casegen import Options, generate
from engine.bench.casegen.params import draw_case
from engine.bench.casegen.questions import versions
from tests.ui.conftest import all_text, texts
from tests.ui.test_ask_page import RAW, ask, shown_answer

pytestmark = pytest.mark.ui

SEEDS = range(1, 60)  # the first seed whose total includes a corrected payment is used
CARD = "6217000030251876307"  # Luhn-valid, written for this test
# A victim's inquiry written for these tests: three transfers, the first from a card the answer
# names, a stated total.
CARD_CASE = f"""询问笔录
时间：2024年4月2日9时00分至2024年4月2日10时10分
地点：某区派出所第二询问室
询问人：张某、王某  记录人：王某
被询问人：林秀兰  性别：女
问：你今天来反映什么事？
答：我在网上被人骗了钱。
问：你一共转给对方几次钱？
答：一共转了三次。
问：第一次是什么时候，怎么转的，转了多少？
答：第一次是2023年3月8日，我用手机银行从我的建设银行卡{CARD}转给对方8000元。
问：第二次呢？
答：第二次是2023年3月20日，我又通过银行转账从同一张卡转给他1.5万元。
问：第三次呢？
答：第三次是2023年4月份，具体哪天记不清了，我用微信转给他5000元左右。
问：三次一共转了多少钱？
答：一共两万八千元左右。
"""
CARD_QUESTION = "三次一共转了多少钱？"
# Values of the ledger that must never reach the screen raw (Event.kind, Event.role, Value.precision).
RAW_LEDGER = re.compile(r"\b(pay|take|repay|interest|compensation|cost|demand|money|event|total|balance|"
                        r"remainder|agreed|periodic|count|exact|month|year|approx|no_year|relative|None|null)\b")


@pytest.fixture(scope="module")
def cases(ui_home, tmp_path_factory):
    """A generated case file with a corrected amount inside its total, and the card case, both
    ingested into the shared home (and deleted again: other tests count the demo corpus)."""
    seed = next(s for s in SEEDS if len(versions(draw_case(s, Options(max_scans=0))).total_in) > 1)
    folder = tmp_path_factory.mktemp("ledger-cases")
    generated = generate(seed, folder, Options(max_scans=0))
    card_file = folder / "询问笔录_林秀兰.txt"
    card_file.write_text(CARD_CASE, encoding="utf-8")
    result = ui_home.engine.ingest([generated.pdf, card_file], kind="transcript")
    assert result.ok, result.to_dict()
    ids = {Path(d.name).suffix: d.doc_id for d in result.documents}
    yield generated, ids[".pdf"], ids[".txt"]
    for doc_id in ids.values():
        ui_home.engine.delete(doc_id)


class _Tables(HTMLParser):
    """Rows of the ledger table: each cell's text, and the button each row's E-id mark clicks."""

    def __init__(self):
        super().__init__()
        self.heads: list[str] = []
        self.rows: list[dict] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr":
            self.rows.append({"cells": [], "button": None, "disputed": attrs.get("class") == "lx-disputed"})
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "a" and "data-button" in attrs:
            self.rows[-1]["button"] = attrs["data-button"]
        elif tag == "span" and self._cell is not None and attrs.get("class") == "lx-note":
            self._cell.append(" ")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            text = "".join(self._cell).strip()
            (self.heads if tag == "th" else self.rows[-1]["cells"]).append(text)
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def ledger_table(at: AppTest) -> list[dict]:
    """The table as {column name: cell text} rows, plus the row's mark target."""
    (table,) = [h for h in texts(at, "html") if 'class="lx-ledger"' in h]
    parser = _Tables()
    parser.feed(table)
    body = [r for r in parser.rows if r["cells"]]
    return [{**dict(zip(parser.heads, r["cells"])), "button": r["button"], "disputed": r["disputed"]}
            for r in body]


def version_blocks(at: AppTest) -> list[str]:
    return [h for h in texts(at, "html") if h.startswith('<div class="lx-version">')]


def visible_text(at: AppTest) -> str:
    """What a person reads: tags (and their attributes) taken out of the HTML elements."""
    return re.sub(r"<[^>]+>", " ", all_text(at))


def calendar_date(day: date, precision: str) -> str | None:
    if precision == "day":
        return f"{day.year}年{day.month}月{day.day}日"
    if precision in ("month", "month_part"):
        return f"{day.year}年{day.month}月"
    return None


def test_a_disputed_total_shows_its_ledger_rows_and_both_versions(app, cases):
    generated, doc_id, _ = cases
    params, pages = generated.params, generated.rendered.page_of
    question = next(r["question"] for r, t in zip(generated.records, generated.truths)
                    if t.kind == "total_in")
    totals = versions(params).total_in
    dispute = params.dispute

    at = ask(app(Role.PARALEGAL), question, doc_id)
    answer = shown_answer(at)
    assert answer.ledger and answer.conflicts and len(answer.calculations) >= 2, answer.to_dict()
    rows = ledger_table(at)
    buttons = {b.key for b in at.button}
    assert all(r["button"] in buttons for r in rows), rows  # every row's E-id opens its card

    # every payment of the file, with its amount, page and (when the text pins one) its date
    for flow in params.primaries():
        matching = [r for r in rows if re.search(rf"(^|\s){flow.amount} 元", r["金额"])
                    and r["页"] == str(pages[("flow", flow.id, "amount")])]
        assert matching, (flow, rows)
        shown = calendar_date(flow.when.hidden, flow.when.precision)
        if shown is not None:
            assert any(r["日期"].startswith(shown) for r in matching), (flow, matching)
        if flow.when.precision in ("month", "month_part"):
            assert any(("仅到月" in r["日期"] or "约" in r["日期"]) for r in matching), matching
    # the correction: its own row, on its page, marked as correcting the first version
    corrected = [r for r in rows if f"{dispute.corrected_amount} 元" in r["金额"]]
    assert corrected and corrected[0]["页"] == str(pages[("dispute", "new")]), rows
    assert "更正E" in corrected[0]["备注"] and corrected[0]["disputed"]
    assert sum(r["disputed"] for r in rows) == 2  # the two versions of the payment, highlighted

    # the conflict: both versions side by side, each with its quote, page and its own total
    blocks = version_blocks(at)
    assert len(blocks) == 2, blocks
    disputed_flow = params.flow(dispute.flow_id)
    said = [f"{disputed_flow.amount} 元", f"{dispute.corrected_amount} 元"]
    for block, amount, total in zip(blocks, said, totals):
        assert amount in block and f"= {total}" in block, (block, amount, total)
        assert re.search(r"第\d+页", block) and 'data-button="ask-open-E' in block
        assert "「" in block  # the quote itself
    assert re.search(r'data-button="(ask-open-E\d+)"', blocks[0]).group(1) != \
        re.search(r'data-button="(ask-open-E\d+)"', blocks[1]).group(1)

    # Chinese only, nothing raw
    page = visible_text(at)
    assert not [raw for raw in RAW if raw in page], [raw for raw in RAW if raw in page]
    assert not RAW_LEDGER.findall(page), RAW_LEDGER.findall(page)

    # a row's mark clicks its card's button: the viewer opens the correction's page
    at.button(key=corrected[0]["button"]).click()
    at.run()
    assert at.session_state["ask.viewer"].page == pages[("dispute", "new")]

    # English behind the setting, for the table too
    at.toggle(key="ui.english").set_value(True)
    at.run()
    assert "出处 source" in ledger_table_heads(at) and "金额 amount" in ledger_table_heads(at)


def ledger_table_heads(at: AppTest) -> str:
    (table,) = [h for h in texts(at, "html") if 'class="lx-ledger"' in h]
    return table


def test_a_card_number_in_the_means_column_is_masked_unless_unmasked(app, cases):
    _, _, doc_id = cases
    masked = CARD[:4] + "*" * (len(CARD) - 8) + CARD[-4:]

    at = ask(app(Role.PARALEGAL), CARD_QUESTION, doc_id)
    rows = ledger_table(at)
    first = next(r for r in rows if r["金额"].startswith("8000 元"))
    assert masked in first["方式"], first
    assert CARD not in all_text(at) and CARD[4:-4] not in all_text(at)
    assert not any(CARD in (b.label or "") for b in at.button)

    at = ask(app(Role.LEAD), CARD_QUESTION, doc_id)
    at.toggle(key="ask.unmask").set_value(True)
    at.run()
    first = next(r for r in ledger_table(at) if r["金额"].startswith("8000 元"))
    assert CARD in first["方式"], first
    # the other rows: approximate amount and month-only date said so, never a raw value
    third = next(r for r in ledger_table(at) if re.search(r"(^|\s)5000 元", r["金额"]))
    assert third["金额"].startswith("约") and third["日期"].startswith("2023年4月") and "记不清" in third["日期"]


def test_a_quantity_row_shows_its_unit_not_a_currency():
    from ui.ledger import amount_cell

    row = {"amount": 3, "currency": "", "unit": "瓶", "uncertain": []}
    assert amount_cell(None, row).text == "3 瓶"
    assert amount_cell(None, {"amount": 5000, "currency": "CNY", "uncertain": []}).text == "5000 元"
