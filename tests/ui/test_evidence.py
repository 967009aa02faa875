"""ui/evidence.py without Streamlit running: marks, escaping, viewer annotations, panel lines."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.answer.model import Answer, Calculation, Conflict, Evidence, Status
from engine.types import BBox, Chunk, Span
from ui.evidence import (
    BOX_PAD_PT,
    FULL_RENDER_MAX_PAGES,
    WINDOW_PAGES,
    Mark,
    ViewerTarget,
    calculation_line,
    escape_markdown,
    marked_html,
    pages_to_render,
    pdf_annotations,
    quote_marks,
    uncertain_values,
    used_values,
    value_marks,
)

pytestmark = [pytest.mark.ui, pytest.mark.unit]


def evidence(text: str, eid: str = "E1", bboxes: list[BBox] | None = None) -> Evidence:
    chunk = Chunk(chunk_id=f"d1:{eid}", doc_id="d1", seq=1, kind="transcript", chunk_type="qa",
                  text=text, spans=[Span(page=3, start=0, end=len(text))], bboxes=[], meta={})
    return Evidence(id=eid, chunk=chunk, doc_name="笔录.pdf", quote_start=0, quote_end=len(text),
                    bboxes=bboxes or [], score=0.5)


def answer(conclusion: str, items: list[Evidence], calculations=(), conflicts=()) -> Answer:
    return Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion=conclusion,
                  evidence=items, calculations=list(calculations), conflicts=list(conflicts))


# --- annotations: stored boxes (PDF points, top-left origin) → viewer annotations --------------


def test_annotation_is_the_box_in_points_grown_by_the_pad():
    (note,) = pdf_annotations([BBox(page=3, x0=84.83, top=542.76, x1=188.83, bottom=555.76)])
    assert note["page"] == 3 and note["color"] and note["border"] == "solid"
    assert note["x"] == pytest.approx(84.83 - BOX_PAD_PT)
    assert note["y"] == pytest.approx(542.76 - BOX_PAD_PT)
    assert note["width"] == pytest.approx(104.0 + 2 * BOX_PAD_PT)
    assert note["height"] == pytest.approx(13.0 + 2 * BOX_PAD_PT)


def test_annotations_are_in_reading_order_and_never_leave_the_page():
    notes = pdf_annotations([BBox(4, 10, 20, 50, 30), BBox(3, 0.5, 0.5, 40, 12),
                             BBox(3, 60, 100, 90, 112)])
    assert (notes[0]["page"], notes[0]["y"]) == (3, 0.0)  # clamped at the top-left corner
    assert [n["page"] for n in notes] == [3, 3, 4]
    assert notes[0]["x"] == 0.0 and notes[0]["width"] == pytest.approx(40 + BOX_PAD_PT)


def test_viewer_target_carries_the_evidence_page_and_boxes():
    item = evidence("总共四万二千元。", bboxes=[BBox(5, 10, 20, 30, 40), BBox(4, 10, 700, 30, 720)])
    target = ViewerTarget.of(item)
    assert (target.page, target.page_end) == (4, 5)
    assert [a["page"] for a in target.annotations] == [4, 5]
    assert (target.doc_id, target.chunk_id, target.evidence_id) == ("d1", "d1:E1", "E1")


def test_long_documents_render_a_window_around_the_evidence():
    assert pages_to_render(3, 3, FULL_RENDER_MAX_PAGES) == []  # [] means every page
    assert pages_to_render(50, 51, 400) == list(range(50 - WINDOW_PAGES, 51 + WINDOW_PAGES + 1))
    assert pages_to_render(1, 1, 400) == list(range(1, 1 + WINDOW_PAGES + 1))
    assert pages_to_render(400, 400, 400)[-1] == 400


# --- which values to mark ----------------------------------------------------------------------


def test_marks_only_the_values_the_answer_uses():
    quote = "第一次转了17000元，第二次转了贰万伍仟元，平台显示收益3,200元。"
    result = answer("共计四万二千元（E1）", [evidence(quote)],
                    calculations=[Calculation("17000 + 25000", Decimal(42000), 42000, True, ["E1"])])
    used = used_values(result)
    assert {Decimal(17000), Decimal(25000), Decimal(42000)} <= used.numbers
    marked = [quote[m.start:m.end] for m in value_marks(quote, used)]
    assert marked == ["17000元", "贰万伍仟元"]  # 3,200元 is in the quote but not in the answer


def test_dates_and_conflict_values_are_marked_too():
    quote = "第二次是2022年11月2日，她又转了一万二千元。"
    conflict = Conflict("testimony", "E1称一万二千元（即12000元），E2称壹万叁仟元", ["E1", "E2"])
    result = answer("材料显示为2022年11月2日（E1）", [evidence(quote)], conflicts=[conflict])
    marks = value_marks(quote, used_values(result))
    assert [(quote[m.start:m.end], m.kind) for m in marks] == [("2022年11月2日", "date"),
                                                               ("一万二千元", "amount")]


def test_a_quote_without_used_values_is_marked_whole():
    quote = "讯问的时候，侦查人员不得少于二人。"
    assert quote_marks(quote, used_values(answer("材料显示：「…」（E1）", []))) == [
        Mark(0, len(quote), "quote")]


def test_hedged_values_are_listed_as_uncertain():
    item = evidence("具体哪天我记不清了，大概是2022年11月份左右，金额是6,000元。", "E4")
    result = answer("第三次大概在2022年11月，金额6000元（E4）", [item])
    assert uncertain_values(result, used_values(result)) == [("E4", "大概是2022年11月份左右")]


# --- text for st.markdown ----------------------------------------------------------------------


def test_escaping_leaves_no_markdown_math_or_html_to_interpret():
    out = escape_markdown("fee $12,500.00 and $30,000.00 <script>x</script> a_b *c* [l](u) #1")
    for raw in ("$", "<script>", "_", "*", "[", "]", " #"):
        assert raw not in out
    assert "12,500.00" in out and "&lt;script&gt;" in out and "&#35;1" in out


def test_marked_html_wraps_the_marks_and_joins_pdf_line_breaks():
    text = "她用手机银行给我转了17000元，说是先投一点\n试试水。Total fee\nis due"
    start = text.index("17000元")
    html = marked_html(text, [Mark(start, start + len("17000元"), "amount")])
    assert ">17000元</mark>" in html
    assert "先投一点试试水" in html  # no space between CJK characters
    assert "fee is due" in html  # a space between Latin words
    kept = marked_html(text, [], keep_lines=True)
    assert "先投一点<br>试试水" in kept


def test_marked_html_ignores_marks_outside_or_overlapping():
    html = marked_html("abcdef", [Mark(1, 3, "amount"), Mark(2, 4, "amount"), Mark(5, 9, "date")])
    assert html.count("<mark") == 1 and html.endswith("def")


def test_calculation_lines_say_what_was_checked():
    ok = Calculation("17000 + 13000 + 6000 + 6000", Decimal(42000), Decimal(42000), True,
                     ["E2", "E3"])
    assert calculation_line(ok) == "✓ 17000 + 13000 + 6000 + 6000 = 42000 · 所述 42000，一致 · 依据 E2、E3"
    wrong = Calculation("42000 - 10500", Decimal(31500), Decimal(32500), False, [])
    assert calculation_line(wrong).startswith("✗ 42000 - 10500 = 31500 · 所述 32500，与复算不符")
    unstated = Calculation("0.5 + 0.25", Decimal("0.75"), None, True, ["E1"])
    assert "= 0.75 · 材料未给出总数" in calculation_line(unstated)


# --- the conclusion's marks, the question line, the zoomed region ------------------------------


def test_conclusion_marks_only_known_evidence_and_escape_the_rest():
    from ui.evidence import conclusion_html

    out = conclusion_html("共计42000元（E1、E2）<b>注</b>，另见E9。", ["E1", "E2"], "ask-open-")
    assert out.count('class="lx-ev"') == 2
    assert 'data-button="ask-open-E1"' in out and 'data-button="ask-open-E2"' in out
    assert "E9" in out and 'data-button="ask-open-E9"' not in out  # no such evidence: plain text
    assert "&lt;b&gt;注&lt;/b&gt;" in out and "<b>" not in out


def _qa(text: str, question: str, answer_start: int | None) -> Evidence:
    chunk = Chunk(chunk_id="d1:7", doc_id="d1", seq=7, kind="transcript", chunk_type="qa", text=text,
                  spans=[Span(3, 0, len(text))], bboxes=[],
                  meta={"question": question, "answer_start": answer_start})
    start = text.index("答") + 2 if "答" in text else 0
    return Evidence("E1", chunk, "笔录.pdf", start, len(text), [], 0.5)


def test_a_quote_from_an_answer_carries_its_question_line():
    from ui.evidence import question_line

    text = "问：陈晓梅前后一共转给你多少钱？\n答：总共四万二千元。"
    item = _qa(text, "问：陈晓梅前后一共转给你多少钱？", text.index("答"))
    assert question_line(item, masked=True) == "问：陈晓梅前后一共转给你多少钱？"
    # a quote that holds the question itself needs no context line
    whole = Evidence("E1", item.chunk, "笔录.pdf", 0, len(text), [], 0.5)
    assert question_line(whole, masked=True) is None
    # not a Q/A chunk: none
    other = Evidence("E1", Chunk("d1:1", "d1", 1, "contract", "clause", "第一条 价款。", [], [], {}),
                     "合同.pdf", 0, 3, [], 0.5)
    assert question_line(other, masked=True) is None


def test_a_question_line_is_masked_and_shortened():
    from ui.evidence import QUESTION_LINE_CHARS, question_line

    question = "问：你的身份证号码是330183198503121234吗？" + "还有什么" * 40
    text = question + "\n答：是的。"
    item = _qa(text, question, text.index("答"))
    shown = question_line(item, masked=True)
    assert "330183198503121234" not in shown and "3301**********1234" in shown
    assert len(shown) == QUESTION_LINE_CHARS and shown.endswith("…")
    assert "330183198503121234" in question_line(item, masked=False)


def _page(number: int, rows: list[tuple[float, float]], width: float = 595.0, height: float = 842.0):
    from engine.types import Line, PageText

    lines, text = [], ""
    for top, bottom in rows:
        start = len(text)
        text += "一行文字\n"
        lines.append(Line(start=start, end=start + 4, bbox=BBox(number, 72.0, top, 520.0, bottom)))
    return PageText(number=number, text=text, lines=lines, width=width, height=height)


def test_the_viewer_zooms_to_the_box_with_the_lines_around_it():
    from ui.evidence import FOCUS_MARGIN_PT, focus_region

    rows = [(100 + 20 * i, 112 + 20 * i) for i in range(20)] + [(760, 772)]  # text, then a footer
    page = _page(3, rows)
    box = BBox(3, 90.0, 300.0, 200.0, 312.0)  # on line 10
    region = focus_region(page, [box])
    assert region.x0 == pytest.approx(72 - FOCUS_MARGIN_PT) and region.x1 == pytest.approx(520 + FOCUS_MARGIN_PT)
    assert region.top < box.top - 100 and region.bottom > box.bottom + 100  # context both sides
    assert region.bottom < 760  # the footer far below is not context
    assert region.bottom - region.top < page.height / 2  # zoomed: well under the whole page
    # a box near the top keeps the region on the page
    top_region = focus_region(page, [BBox(3, 90.0, 100.0, 200.0, 112.0)])
    assert top_region.top >= 0 and top_region.top <= 100
    # the box on the last line of the text: the region ends there, no blank band down to the footer
    last = focus_region(page, [BBox(3, 90.0, 480.0, 200.0, 492.0)])
    assert last.bottom == pytest.approx(492 + FOCUS_MARGIN_PT) and last.top < 380
    # no highlight on this page: the whole page
    assert focus_region(page, [BBox(4, 1, 1, 2, 2)]) == BBox(3, 0.0, 0.0, 595.0, 842.0)
