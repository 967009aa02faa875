"""OCR with the bundled RapidOCR models: text recovered, boxes in the text layer's frame."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine.ingest.loaders import load_document
from engine.ingest.ocr import OcrEngine, default_engine, ocr_available
from engine.ingest.quality import text_agreement
from engine.types import Line, PageText
from engine.bench.pdfmaker import PageSpec, make_pdf
from tests.ingest.builders import SIZE, transformed_pdf

pytestmark = [pytest.mark.slow, pytest.mark.integration]

MB = 1024 * 1024
LINES = ["讯问笔录", "问：你于2023年5月1日借给李四多少钱？", "答：人民币42,000元，后来还了一万七千元。",
         "Receipt No. 2023-0501 signed by Zhang San"]
GARBAGE_LAYER = ["锟斤拷锟斤拷烫烫烫 Ã¥Â…Â¬Ã¥Â¸Â"]
# Valid, common characters in an order no legal page has: what a wrong font map in a scanner's
# OCR layer produces. Nothing in it is junk character by character.
PLAUSIBLE_LAYER = ["的一是了我不人在他有这个上们来到时大地为子中你说生年着就那和要她出也得里后自以会" * 2]


@pytest.fixture(scope="module")
def pdf_path(tmp_path_factory, cjk_font) -> Path:
    """Page 1: the lines as text. Page 2: the same lines scanned, with a garbage text layer.
    Page 3: blank. Page 4: scanned again, with a plausible-looking but wrong text layer."""
    return make_pdf(tmp_path_factory.mktemp("ocr") / "扫描 件.pdf",
                    [LINES, PageSpec(LINES, scanned=True, hidden_text=GARBAGE_LAYER), [],
                     PageSpec(LINES, scanned=True, hidden_text=PLAUSIBLE_LAYER)])


@pytest.fixture(scope="module")
def document(pdf_path):
    return load_document(pdf_path.name, pdf_path.read_bytes(), max_bytes=20 * MB, ocr="auto")


def texts(page: PageText) -> list[str]:
    return [page.text[line.start:line.end] for line in page.lines]


def matching_line(page: PageText, text: str) -> Line:
    return max(page.lines, key=lambda ln: text_agreement(page.text[ln.start:ln.end], text))


def assert_aligned(text_page: PageText, ocr_page: PageText, upside_down: bool = False) -> None:
    """Every text-layer line has an OCR line in the same place. Tolerances: OCR boxes hug the ink
    and the detector pads them ~2.5pt on the glyphs' top side; text-layer boxes span glyph cells."""
    assert (ocr_page.width, ocr_page.height) == pytest.approx((text_page.width, text_page.height))
    for line in text_page.lines:
        expected = text_page.text[line.start:line.end]
        found = matching_line(ocr_page, expected)
        assert text_agreement(ocr_page.text[found.start:found.end], expected) > 0.9
        a, b = line.bbox, found.bbox
        # A line's last cell is often mostly blank ("。"): its end gets one em of tolerance.
        start_tolerance, end_tolerance = (SIZE, 3.0) if upside_down else (3.0, SIZE)
        assert b.x0 == pytest.approx(a.x0, abs=start_tolerance), expected
        assert b.x1 == pytest.approx(a.x1, abs=end_tolerance), expected
        assert b.top == pytest.approx(a.top, abs=4.0), expected
        assert b.bottom == pytest.approx(a.bottom, abs=4.0), expected


def test_models_are_bundled_and_load_offline():
    import rapidocr_onnxruntime

    models = Path(rapidocr_onnxruntime.__file__).parent / "models"
    assert sorted(p.suffix for p in models.iterdir()) == [".onnx"] * 3
    assert ocr_available() == (True, None)


def test_scanned_page_with_garbage_layer_is_read_by_ocr(document):
    page = document.pages[1]
    assert page.source == "ocr" and page.quality.ocr_used and page.quality.needs_ocr
    assert "garbled" in page.quality.reasons and page.quality.reasons[-1] == "ocr_preferred"
    assert page.quality.garbled_rate == 0.0  # the quality of the text now kept
    assert "讯问笔录" in page.text
    assert "人民币42,000元" in page.text  # the amount, exactly
    assert "2023年5月1日" in page.text and "一万七千元" in page.text
    assert text_agreement(page.text, "\n".join(LINES)) > 0.95
    for line in page.lines:
        assert line.char_x is not None and len(line.char_x) == line.end - line.start + 1


def test_scanned_page_with_a_wrong_but_plausible_layer_is_caught(document):
    page = document.pages[3]
    assert {"image_page_without_expected_patterns", "text_over_scanned_image"} <= set(page.quality.reasons)
    assert page.quality.reasons[-1] == "ocr_preferred" and page.quality.decision == "ocr"
    assert page.source == "ocr" and page.quality.ocr_used
    assert "人民币42,000元" in page.text and text_agreement(page.text, "\n".join(LINES)) > 0.95


def test_ocr_boxes_line_up_with_the_same_text_drawn_as_text(document):
    text_page, ocr_page = document.pages[0], document.pages[1]
    assert text_page.source == "text"  # the clean page was not OCRed
    assert texts(ocr_page)[:3] == LINES[:3]  # reading order
    assert_aligned(text_page, ocr_page)
    # Character level: where "42,000" starts, in both.
    # Character level: where "42,000" and the receipt number start and end, in both.
    for line_text, needle in ((LINES[2], "42,000"), (LINES[3], "2023-0501")):
        text_line, ocr_line = matching_line(text_page, line_text), matching_line(ocr_page, line_text)
        ocr_text = ocr_page.text[ocr_line.start:ocr_line.end]
        for offset in (0, len(needle)):
            text_x = text_line.char_x[line_text.index(needle) + offset]
            ocr_x = ocr_line.char_x[ocr_text.index(needle) + offset]
            assert ocr_x == pytest.approx(text_x, abs=3.0), (needle, offset)


def test_only_flagged_pages_are_ocred_and_timing_is_reported(document):
    ocr = document.meta["ocr"]
    assert ocr["pages"] == [2, 3, 4]  # the clean page 1 never went to OCR
    assert ocr["seconds_per_page"] > 0
    blank = document.pages[2]
    assert blank.text == "" and blank.quality.reasons == ["empty_text_layer", "ocr_found_no_text"]
    print(f"OCR: {ocr['seconds_per_page']:.2f} s/page (first page includes loading the models)")


def test_forced_ocr_of_a_cropped_page_stays_in_the_visible_frame(pdf_path):
    cropped = transformed_pdf(pdf_path.read_bytes(), cropbox=(40, 300, 500, 820))
    text_layer = load_document("c.pdf", cropped, max_bytes=20 * MB, ocr="off").pages[0]
    forced = load_document("c.pdf", cropped, max_bytes=20 * MB, ocr="force").pages[0]
    assert forced.source == "ocr" and forced.quality.ocr_used
    assert_aligned(text_layer, forced)


def test_upside_down_page_is_read_in_the_displayed_frame(pdf_path):
    turned = transformed_pdf(pdf_path.read_bytes(), rotation=180)
    text_layer = load_document("r.pdf", turned, max_bytes=20 * MB, ocr="off").pages[0]
    ocr_page = default_engine().ocr_pdf_page(turned, 1)
    assert_aligned(text_layer, ocr_page, upside_down=True)
    assert sorted(texts(ocr_page)) == sorted(LINES)  # read right way up...
    # ...but its characters run right to left on the page: no x boundaries, as in the text layer.
    assert all(line.char_x is None for line in ocr_page.lines + text_layer.lines)


def test_engine_is_shared_safely_between_threads(tmp_path):
    path = make_pdf(tmp_path / "short.pdf", [PageSpec(["合计人民币42,000元"], scanned=True)])
    data = path.read_bytes()
    engine = OcrEngine()  # a fresh engine: both threads race to load it
    results: list[str] = []
    errors: list[BaseException] = []

    def read() -> None:
        try:
            results.append(engine.ocr_pdf_page(data, 1).text)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=read) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors and results == ["合计人民币42,000元"] * 2
    assert engine.pages_read == 2 and engine.seconds_per_page > 0


def test_a_line_the_classifier_wrongly_turns_over_is_still_read(tmp_path, monkeypatch):
    """The angle classifier sometimes calls a long upright line upside down (seen on a scanned
    header row); the turned crop then reads as nothing. Here it says so of every line: each is
    read both ways and the surer reading kept, so the page still reads right, boxes upright."""
    from rapidocr_onnxruntime.ch_ppocr_cls import utils as cls_utils

    monkeypatch.setattr(cls_utils.ClsPostProcess, "__call__",
                        lambda self, preds, label=None: [("180", 0.99)] * len(preds))
    lines = ["时间：2023年6月12日9时15分至2023年6月12日11时40分 地点：某市公安局第三询问室",
             "问：你把钱借给了谁？"]
    path = make_pdf(tmp_path / "turned.pdf", [PageSpec(lines, scanned=True)])
    page = OcrEngine().ocr_pdf_page(path.read_bytes(), 1)
    read = page.text.replace(" ", "")
    assert "2023年6月12日9时15分" in read and "第三询问室" in read and "你把钱借给了谁" in read
    assert all(line.char_x is not None for line in page.lines)  # read as upright
