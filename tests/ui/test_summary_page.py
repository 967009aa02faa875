"""The Summary page in Streamlit's AppTest over the demo corpus (fixtures: tests/ui/conftest.py):
points with source badges, and a point's blocks highlighted in the viewer (the PDF, redacted page
images for roles that may not see personal data, or a block list for documents without pages)."""

from __future__ import annotations

import base64
import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from engine.summary import Summary
from tests.ui.conftest import all_text, page_run, texts
from ui.evidence import BOX_PAD_PT, REDACTED_CAPTION

pytestmark = pytest.mark.ui

SUMMARY = "pages/summary.py"
TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"
STATUTE_MD = "中华人民共和国刑事诉讼法(2018-10-26)节选.md"


def doc_id_named(ui_home, name: str) -> str:
    return next(d.doc_id for d in ui_home.engine.docs().documents if d.name == name)


def open_summary(at: AppTest, doc_id: str) -> Summary:
    at.selectbox(key="summary.document").set_value(doc_id).run()
    assert not at.exception, at.exception
    summary = at.session_state["summary.result"][1]
    assert summary.doc_id == doc_id
    return summary


def click_point(at: AppTest, summary: Summary, needle: str):
    point = next(p for p in summary.points if needle in p.text)
    at.button(key=f"summary.open.{point.id}").click()
    at.run()
    assert not at.exception, at.exception
    return point


def viewer_args(at: AppTest) -> list[dict]:
    return [json.loads(e.proto.json_args) for e in at.get("component_instance")]


def test_points_are_listed_with_their_source_badges_and_no_coming_soon(app, ui_home):
    at = app(Role.PARALEGAL, SUMMARY)
    assert not at.exception, at.exception
    summary = open_summary(at, doc_id_named(ui_home, TRANSCRIPT))
    page = all_text(at)
    assert "即将推出" not in page
    assert summary.points and summary.mode.value == "extractive"
    markdown = texts(at, "markdown")
    for point in summary.points:
        assert any(m.startswith(f"**{point.id}**") for m in markdown), point.id
    assert any(":green-badge[第3页 · 抽取 ·" in m for m in markdown)
    assert f"{len(summary.points)} 条要点" in page and "模式 确定性撰写" in page
    assert "extractive" not in page and "None" not in page
    assert {b.key for b in at.button if b.key and b.key.startswith("summary.open.")} == {
        f"summary.open.{p.id}" for p in summary.points}
    assert not viewer_args(at) and not at.image  # nothing opened yet
    assert not at.main.toggle  # a paralegal has no unmask switch; no LLM configured: no LLM switch


def test_a_paralegal_opens_a_point_on_a_redacted_page_with_its_boxes(app, ui_home):
    at = app(Role.PARALEGAL, SUMMARY)
    summary = open_summary(at, doc_id_named(ui_home, TRANSCRIPT))
    point = click_point(at, summary, "四万二千元")
    assert point.sources[0].page == 3
    assert not viewer_args(at)  # never the original PDF for a role that may not unmask
    pages = range(min(s.page for s in point.sources), max(s.page_end for s in point.sources) + 1)
    assert [img.proto.imgs[0].caption for img in at.image] == [f"第{n}页" for n in pages]
    assert any(REDACTED_CAPTION in c for c in texts(at, "caption"))
    assert any(b.label == f"▶ 正在查看 {point.id}" for b in at.button)
    assert at.session_state["summary.result"][1] is summary  # opening a point did not summarise again


def test_an_unmasking_lead_sees_the_pdf_with_boxes_on_the_quoted_words(app, ui_home):
    engine = ui_home.engine
    doc_id = doc_id_named(ui_home, TRANSCRIPT)
    at = app(Role.LEAD, SUMMARY)
    at.toggle(key="summary.unmask").set_value(True).run()
    summary = open_summary(at, doc_id)
    assert not summary.pii_masked
    point = click_point(at, summary, "四万二千元")
    assert len(at.image) == 1 and not viewer_args(at)  # the page zoomed to the boxes first
    at.toggle(key="summary.reader").set_value(True).run()  # then the original, on request

    (viewer,) = viewer_args(at)
    assert base64.b64decode(viewer["binary"]) == engine.document_bytes(doc_id)
    notes = viewer["annotations"]
    assert notes and {n["page"] for n in notes} == {s.page for s in point.sources}
    # the quoted words' boxes lie inside the boxes of the block they were quoted from
    (chunk,) = engine.index.catalog.get_chunks([point.sources[0].chunk_id])
    block = [b for b in chunk.bboxes if b.page == 3]
    first = notes[0]
    assert any(b.top - BOX_PAD_PT - 0.01 <= first["y"] and first["y"] + first["height"] <= b.bottom + BOX_PAD_PT + 0.01
               for b in block)
    assert not at.image
    events = engine.audit.records(kind="pii_unmasked", user=ui_home.users[Role.LEAD], limit=5)
    assert any(e.body["payload"]["view"] == "summary" and e.body["payload"]["doc_id"] == doc_id for e in events)


def test_a_contract_point_names_its_aspect_once(app, ui_home):
    """The summariser writes its own label ("期限 Term：…", "日期 Date：…"); the card names the
    aspect once, in Chinese: never 期限 期限 Term, never the raw aspect (effective)."""
    at = app(Role.PARALEGAL, SUMMARY)
    summary = open_summary(at, doc_id_named(ui_home, "Services_Agreement_Northwind-HarborLane_2023.pdf"))
    cards = [m for m in texts(at, "markdown") if m.startswith("**P")]
    assert cards and len(cards) == len(summary.points)
    for card in cards:
        head = card.split("　", 1)[0]
        body = card.split("　", 1)[1] if "　" in card else ""
        name = head.split(" · ", 1)[1]
        assert not re.search(r"[A-Za-z]", name), card  # no raw aspect, no English label
        assert not body.startswith(name), card  # not said twice
    aspects = {p.aspect for p in summary.points}
    assert "effective" in aspects and any(" · 日期　" in c for c in cards)


def test_a_markdown_point_lists_its_blocks_with_the_quote_marked(app, ui_home):
    at = app(Role.PARALEGAL, SUMMARY)
    summary = open_summary(at, doc_id_named(ui_home, STATUTE_MD))
    point = click_point(at, summary, "第一百一十八条")
    assert not at.get("component_instance")  # no PDF viewer for a Markdown file
    assert any("第一百一十八条 · 第1页" in c for c in texts(at, "caption"))
    quoted = point.text.split("：", 1)[1]
    marked = [m for m in texts(at, "markdown") if "<mark" in m]
    assert marked and any(f">{quoted}</mark>" in m for m in marked)


def test_the_page_needs_a_signed_in_user(app):
    at = page_run(SUMMARY, session_from=app())
    assert any("请先登录" in w for w in texts(at, "warning"))
    assert "summary.result" not in at.session_state  # nothing was summarised
