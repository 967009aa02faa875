"""The scan gate decides per page from several signals, and says which fired.

PDFs built here: an image-only scan; a scan with an invisible layer of the page's own common
characters in the wrong order (legal patterns kept, so the old pattern check passes it); a scan with
a correct invisible layer (kept, verified against OCR); a text page with a logo; a text page in a
non-embedded CJK font. Plus every scanned page of the dev case files and the demo corpus.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.ingest import quality as gate
from engine.ingest.loaders.pdf import load_pdf
from engine.ingest.plausibility import dictionary_coverage, reads_as_language
from engine.bench.pdfmaker import PageSpec, make_pdf
from tests.browser.nonembedded_pdf import nonembedded_cjk_pdf
from tests.conftest import REPO, SHARED_DATASETS

LINES = ["询问笔录", "时间：2023年6月12日14时05分", "问：你把钱借给了谁？",
         "答：我分两次借给了他，第一次是五万元，用银行转账给他的。",
         "问：他承诺怎么还款？", "答：他说每个月付利息，年底把本金还给我，后来一直没有还。",
         "问：你们签过借条吗？", "答：签过一张借条，借条上写明了借款金额和还款日期。"]


def shuffled_layer(lines: list[str], seed: int = 7) -> list[str]:
    """The page's own characters in the wrong order, with the 问：/答： labels where they were: every
    character is common, legal patterns remain — what a poor OCR engine leaves behind."""
    rng = random.Random(seed)
    out = []
    for line in lines:
        head, body = (line[:2], line[2:]) if line[:2] in ("问：", "答：") else ("", line)
        chars = list(body)
        rng.shuffle(chars)
        out.append(head + "".join(chars))
    return out


def logo_png() -> bytes:
    image = Image.new("RGB", (120, 60), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((5, 5, 55, 55), fill=(180, 20, 20))
    draw.rectangle((65, 15, 115, 45), fill=(20, 20, 160))
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


@pytest.fixture(scope="module")
def gate_pdf(tmp_path_factory, cjk_font) -> Path:
    return make_pdf(tmp_path_factory.mktemp("gate") / "gate.pdf", [
        PageSpec(LINES, scanned=True),                                        # 1 image only
        PageSpec(LINES, scanned=True, hidden_text=shuffled_layer(LINES)),      # 2 wrong layer
        PageSpec(LINES, scanned=True, hidden_text=LINES),                      # 3 correct layer
        PageSpec(LINES, images=[(logo_png(), 420, 40, 100)]),                  # 4 text + logo
    ], font=cjk_font, scan_dpi=200)


@pytest.fixture(scope="module")
def gate_pages(gate_pdf):
    return load_pdf(gate_pdf.name, gate_pdf.read_bytes(), ocr="auto").pages


@pytest.mark.unit
def test_language_plausibility_separates_text_from_shuffled_characters():
    real = "".join(LINES)
    assert dictionary_coverage(real)[0] > 0.6 and reads_as_language(real)
    assert reads_as_language("".join(shuffled_layer(LINES))) is False
    assert reads_as_language("问：好") is None  # too little to tell


@pytest.mark.slow
@pytest.mark.integration
def test_image_only_scan_is_read_by_ocr(gate_pages):
    q = gate_pages[0].quality
    assert q.decision == "ocr" and q.ocr_used and gate.EMPTY_TEXT_LAYER in q.reasons
    assert "五万元" in gate_pages[0].text.replace(" ", "")


@pytest.mark.slow
@pytest.mark.integration
def test_a_plausible_wrong_invisible_layer_is_replaced_by_ocr(gate_pages):
    q = gate_pages[1].quality
    assert q.signals["invisible_text"] == 1.0 and q.signals["image_coverage"] > 0.9
    assert q.signals["garbled_rate"] == 0 and q.signals["common_cjk_share"] > 0.9  # the old signals pass it
    assert gate.IMPLAUSIBLE_LANGUAGE in q.reasons and gate.INVISIBLE_TEXT in q.reasons
    assert q.decision == "ocr" and q.ocr_used and q.agreement < gate.SCAN_LAYER_CONFIRMED
    assert gate_pages[1].source == "ocr" and "五万元" in gate_pages[1].text.replace(" ", "")


@pytest.mark.slow
@pytest.mark.integration
def test_a_correct_invisible_layer_is_verified_and_kept(gate_pages):
    page, q = gate_pages[2], gate_pages[2].quality
    assert gate.INVISIBLE_TEXT in q.reasons and gate.TEXT_OVER_SCAN in q.reasons
    assert q.decision == "verified" and not q.ocr_used and q.agreement >= gate.SCAN_LAYER_CONFIRMED
    assert page.source == "text" and page.text.split("\n") == LINES  # exact layer, no OCR text


@pytest.mark.slow
@pytest.mark.integration
def test_a_text_page_with_a_logo_is_left_alone(gate_pages):
    q = gate_pages[3].quality
    assert 0 < q.signals["image_coverage"] < 0.1 and q.signals["invisible_text"] == 0
    assert q.reasons == [] and q.decision == "trusted" and not q.needs_ocr and not q.ocr_used


@pytest.mark.integration
def test_a_text_page_in_a_non_embedded_cjk_font_is_trusted(tmp_path):
    pdf = nonembedded_cjk_pdf(tmp_path / "nonembedded.pdf", LINES)
    page = load_pdf(pdf.name, pdf.read_bytes(), ocr="auto").pages[0]
    assert page.quality.decision == "trusted" and not page.quality.needs_ocr, page.quality
    assert "五万元" in page.text


@pytest.mark.integration
def test_the_report_carries_signals_decision_and_agreement(gate_pages):
    entry = gate_pages[2].quality.to_dict()
    assert {"page", "garbled_rate", "needs_ocr", "ocr_used", "signals", "decision", "agreement"} <= set(entry)
    assert set(entry["signals"]) == {"invisible_text", "image_coverage", "garbled_rate", "common_cjk_share",
                                     "dictionary_coverage", "pattern_hits"}


SCANNED = [p for p in [*sorted((SHARED_DATASETS / "transcripts").glob("*.pdf")),
                       *sorted((REPO / "data" / "demo").glob("*.pdf"))]]


@pytest.mark.slow
@pytest.mark.integration
@pytest.mark.parametrize("pdf", SCANNED, ids=[p.name for p in SCANNED])
def test_every_scanned_page_of_the_case_files_is_ocred_or_verified(pdf):
    for page in load_pdf(pdf.name, pdf.read_bytes(), ocr="auto").pages:
        q = page.quality
        if q.signals["image_coverage"] >= gate.SCAN_IMAGE_COVERAGE:
            assert q.decision in ("ocr", "verified"), (pdf.name, q.to_dict())
        else:
            assert q.decision == "trusted", (pdf.name, q.to_dict())
