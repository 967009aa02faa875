"""A scan's invisible layer with the right characters but wrong digits: its numbers are checked
against OCR of the image, OCR's reading is kept, and a reading OCR is unsure of is a conflict."""

from __future__ import annotations

import pytest

from engine.answer.model import Answer, Evidence, Status
from engine.answer.readings import reading_conflicts
from engine.ingest import quality as gate
from engine.ingest.crosscheck import apply_ocr_numbers
from engine.ingest.layout import LineDraft, assemble_page
from engine.ingest.loaders.pdf import load_pdf
from engine.types import Chunk, PageQuality, Span
from engine.bench.pdfmaker import PageSpec, make_pdf

# Written for this test: a page of a record with an amount, a date, an ID and a phone number.
LINES = ["讯问笔录", "时间：2024年11月5日9时20分至2024年11月5日10时40分",
         "问：那块手表的认定价格是多少？", "答：价格认证中心认定价格人民币36,800元。",
         "问：你是什么时候把手表还回去的？", "答：2023年11月份，我约他在楼下见面还给他的。",
         "问：你的身份证号码和手机号是多少？", "答：身份证号码110101198503020011，手机13912345678。"]
# The layer a poor scanner wrote: every character right except digits (3→8, 0→8, 1→7, 5→6 …).
SWAP = str.maketrans({"0": "8", "1": "7", "3": "8", "5": "6"})
WRONG_DIGITS = [line.translate(SWAP) if line.startswith("答") else line for line in LINES]


@pytest.fixture(scope="module")
def scanned_page(tmp_path_factory, cjk_font):
    path = make_pdf(tmp_path_factory.mktemp("digits") / "digits.pdf",
                    [PageSpec(LINES, scanned=True, hidden_text=WRONG_DIGITS)], font=cjk_font, scan_dpi=200)
    return load_pdf(path.name, path.read_bytes(), ocr="auto").pages[0]


@pytest.mark.slow
@pytest.mark.integration
def test_a_layer_with_wrong_digits_is_kept_but_its_numbers_are_ocrs(scanned_page):
    page, q = scanned_page, scanned_page.quality
    # The layer passes the bigram gate: only digits are wrong...
    assert q.decision == "verified" and q.agreement >= gate.SCAN_LAYER_CONFIRMED and page.source == "text"
    # ...but every number in the page text is now what the image shows.
    for value in ("36,800元", "2023年11月份", "110101198503020011", "13912345678"):
        assert value in page.text, value
    for wrong in ("86,888", "2828", "778787", "78972"):
        assert wrong not in page.text, wrong
    assert gate.NUMBERS_READ_BY_OCR in q.reasons
    changed = {(r["layer"], r["ocr"]) for r in q.readings}
    assert ("86,888", "36,800") in changed and ("2828", "2023") in changed
    for reading in q.readings:
        assert page.text[reading["start"]:reading["end"]] == reading["ocr"]
    for line in page.lines:  # boxes still describe every character
        assert line.char_x is not None and len(line.char_x) == line.end - line.start + 1


def _page(lines: list[str], confidence: list[float] | None = None):
    drafts = [LineDraft(text, (50.0, 100.0 + 20 * i, 50.0 + 12 * len(text), 112.0 + 20 * i),
                        [50.0 + 12 * k for k in range(len(text) + 1)],
                        None if confidence is None else [confidence[i]] * len(text))
              for i, text in enumerate(lines)]
    return assemble_page(1, drafts, width=595.0, height=842.0, source="ocr" if confidence else "text")


@pytest.mark.unit
def test_an_unsure_ocr_reading_is_recorded_as_one_of_two_readings():
    layer = _page(["答：一共转了5,600元，第二天又转了3000元。", "答：日期是二〇二三年三月。"])
    ocr = _page(["答：一共转了5，800元，第二天又转了3000元。", "答：日期是二〇二三年五月。"], confidence=[0.62, 0.97])
    page, readings = apply_ocr_numbers(layer, ocr)
    assert [(r.layer, r.ocr, r.sure) for r in readings] == [("5,600", "5,800", False), ("三", "五", True)]
    assert "5,800元" in page.text and "3000元" in page.text and "二〇二三年五月" in page.text
    assert all(len(ln.char_x) == ln.end - ln.start + 1 for ln in page.lines)


@pytest.mark.unit
def test_a_number_ocr_cannot_see_stays_as_the_layer_wrote_it_and_is_unsure():
    layer = _page(["答：转了4200元。"])
    ocr = _page(["答：转了元。"], confidence=[0.99])
    page, (reading,) = apply_ocr_numbers(layer, ocr)
    assert page.text == "答：转了4200元。" and reading.ocr == "" and not reading.sure


@pytest.mark.unit
def test_an_answer_quoting_an_unsure_number_carries_both_readings_as_a_conflict():
    page = _page(["答：一共转了5,800元。"])
    page.quality = PageQuality(page=1, char_count=12, garbled_rate=0.0, pattern_hits=1, needs_ocr=True,
                               readings=[{"line": 0, "start": 6, "end": 11, "layer": "5,600", "ocr": "5,800",
                                          "confidence": 0.62, "sure": False}])
    chunk = Chunk("d1:00000", "d1", 0, "transcript", "qa", page.text, [Span(1, 0, len(page.text))], [], {})
    answer = Answer(question="转了多少钱？", intent="fact", status=Status.ANSWERED, conclusion="5800元（E1）",
                    evidence=[Evidence("E1", chunk, "x.pdf", 0, len(page.text), [], 1.0)])
    (conflict,) = reading_conflicts(answer, lambda doc: {1: page})
    assert conflict.kind == "reading" and conflict.evidence == ["E1"]
    assert "5,600" in conflict.description and "5,800" in conflict.description
    elsewhere = Answer(question="?", intent="fact", status=Status.ANSWERED, conclusion="（E1）",
                       evidence=[Evidence("E1", chunk, "x.pdf", 0, 5, [], 1.0)])
    assert reading_conflicts(elsewhere, lambda doc: {1: page}) == []  # the quote stops before it


@pytest.mark.unit
def test_reports_show_a_long_number_read_two_ways_masked():
    quality = PageQuality(page=1, char_count=30, garbled_rate=0.0, pattern_hits=1, needs_ocr=True,
                          readings=[{"line": 3, "start": 10, "end": 28, "layer": "778787798688828877",
                                     "ocr": "110101198503020011", "confidence": 0.99, "sure": True},
                                    {"line": 4, "start": 5, "end": 11, "layer": "86,888", "ocr": "36,800",
                                     "confidence": 0.99, "sure": True}])
    shown = quality.to_dict()["readings"]
    assert shown[0]["ocr"] == "110*************11" and "110101198503020011" not in str(shown)
    assert shown[1]["ocr"] == "36,800"  # an amount is no personal data
    assert quality.readings[0]["ocr"] == "110101198503020011"  # the page keeps what answers check
