"""The parse-quality gate on hand-made pages and on real legal text (no false alarms)."""

from __future__ import annotations

import gzip
import json
import random

import pytest

from engine.ingest import quality as gate
from engine.ingest.layout import text_lines
from engine.types import PageQuality
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit

CLEAN = ("问：你于2023年5月1日借给李四多少钱？\n答：人民币42,000元，有借条为证。\n"
         "依照《中华人民共和国民法典》第六百六十七条的规定，借款合同成立。\n第1页 共3页")


def assess(text: str, **kwargs) -> PageQuality:
    return gate.assess_page(text_lines(1, text), **kwargs)


def random_cjk(n: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    return "".join(chr(rng.randint(0x4E00, 0x9FA5)) for _ in range(n))


def test_clean_legal_text_passes():
    quality = assess(CLEAN)
    assert quality.garbled_rate == 0.0 and not quality.needs_ocr and quality.reasons == []
    assert quality.pattern_hits >= 6  # 问：答： date amount 人民币 第X条 legal words footer
    assert quality.char_count == len(CLEAN.replace("\n", "").replace(" ", ""))


def test_clean_text_on_a_scanned_page_is_only_checked():
    # Never trusted unchecked (OCR cross-checks it), but nothing says the layer itself is bad.
    assert assess(CLEAN, image_coverage=1.0).reasons == [gate.TEXT_OVER_SCAN]
    assert assess(CLEAN, image_coverage=0.0).reasons == []


@pytest.mark.parametrize("junk", [
    "锟斤拷" * 5, "烫烫烫烫烫烫", "屯屯屯屯", "\ufffd" * 8, "\ue000\ue001\uf8ff" * 3,
    "\x01\x02\x03\x1b" * 3, "\x85\x9f\x80" * 4, "Ã¥Â…Â¬Ã¥Â¸Â", "(cid:12)(cid:345)",
    "公司法".encode().decode("latin-1"), "中文".encode().decode("cp1252"),
    "⼈⺠⼤", "\U0010fffd" * 5,
])
def test_junk_characters_are_garbled(junk):
    assert gate.garbled_rate(junk) > 0.9, junk
    quality = assess(junk)
    assert quality.needs_ocr and gate.GARBLED in quality.reasons


@pytest.mark.parametrize("text", [
    "café crème brûlée", "Müller & Söhne GmbH", "№ 5 — “quoted” – ‘single’ …",
    "㎡ ℃ ① ② ※ □ ■ ●", "烫烫的茶", "Zoë Saldaña, São Paulo",
])
def test_real_accents_and_symbols_are_not_garbled(text):
    assert gate.garbled_rate(text) == 0.0, text


def test_mojibake_inside_clean_text_counts_only_its_characters():
    text = "合同总价 Ã©tÃ© 元"  # 'Ã©' (é read as Latin-1) twice: 4 of 10 visible characters
    assert gate.garbled_rate(text) == pytest.approx(4 / 10)


def test_word_bullets_stay_under_the_threshold():
    # Word maps Symbol-font bullets to private use; a list page has a few of them.
    page = "\n".join(f"\uf0b7 第{i}项 甲方应当按期支付价款，逾期按日万分之五支付违约金。" for i in range(12))
    quality = assess(page)
    assert 0 < quality.garbled_rate < gate.GARBLED_RATE_MAX and not quality.needs_ocr


def test_random_cjk_is_implausible():
    junk = random_cjk(200)
    assert gate.garbled_rate(junk) == 0.0  # every character is a valid ideograph...
    quality = assess(junk)
    assert gate.IMPLAUSIBLE_CJK in quality.reasons and quality.needs_ocr  # ...but not Chinese
    share, count = gate.common_cjk_share(CLEAN)
    assert share > 0.9 and count > 30
    assert not gate.is_implausible_cjk(random_cjk(20))  # too little to judge


def test_empty_and_near_empty_pages():
    empty = assess("")
    assert empty.needs_ocr and empty.reasons == [gate.EMPTY_TEXT_LAYER] and empty.char_count == 0
    assert assess(" \n \n").reasons == [gate.EMPTY_TEXT_LAYER]
    stamp_caption = assess("第3页", image_coverage=0.9)
    assert stamp_caption.needs_ocr and gate.NEAR_EMPTY in stamp_caption.reasons
    # A short page without images (a signature page, an end page) is text, not a scan.
    assert not assess("（以下无正文）", image_coverage=0.0).needs_ocr


def test_image_page_with_plausible_but_unexpected_text_needs_ocr():
    # Common characters in an order no legal page has: a wrong-font-map OCR layer.
    plausible_junk = "的一是了我不人在他有这个上们来到时大地为子中你说生国年着就那和要她出也得里后自以会" * 3
    quality = assess(plausible_junk, image_coverage=0.95)
    assert gate.IMAGE_PAGE_WITHOUT_PATTERNS in quality.reasons and quality.needs_ocr
    # It does not read as language either: even a visible layer of it is checked against the image.
    assert assess(plausible_junk, image_coverage=0.0).reasons == [gate.IMPLAUSIBLE_LANGUAGE]


def test_sources_without_pages_report_but_never_ask_for_ocr():
    quality = assess("锟斤拷" * 5, ocr_possible=False)
    assert not quality.needs_ocr and gate.GARBLED in quality.reasons


def test_text_agreement():
    assert gate.text_agreement(CLEAN, CLEAN.replace("\n", " ")) == 1.0
    assert gate.text_agreement("问：钱呢？", "问:钱呢?") == 1.0  # OCR's half-width punctuation
    assert gate.text_agreement("", "") == 1.0
    assert gate.text_agreement(CLEAN, "") == 0.0
    assert gate.text_agreement("甲乙丙丁", "甲乙戊己") == pytest.approx(0.5)


def test_prefer_ocr_decisions():
    garbled = assess("锟斤拷" * 10, image_coverage=1.0)
    assert gate.prefer_ocr(garbled, "锟斤拷" * 10, CLEAN)[:2] == (True, "ocr_preferred")
    assert gate.prefer_ocr(garbled, "锟斤拷" * 10, "  ") == (False, "ocr_found_no_text", None)
    # A layer flagged only for missing patterns that OCR confirms is kept: its digits are exact.
    unconfirmed = PageQuality(page=1, char_count=80, garbled_rate=0.0, pattern_hits=0,
                              needs_ocr=True, reasons=[gate.IMAGE_PAGE_WITHOUT_PATTERNS])
    assert gate.prefer_ocr(unconfirmed, CLEAN, CLEAN.replace("？", "?"))[:2] == \
        (False, "text_layer_confirmed_by_ocr")
    half = CLEAN[: len(CLEAN) * 2 // 3]
    assert gate.prefer_ocr(unconfirmed, half, CLEAN)[:2] == (False, "text_layer_kept")
    assert gate.prefer_ocr(unconfirmed, random_cjk(80), CLEAN)[:2] == (True, "ocr_preferred")
    # A scan's layer is kept only when OCR confirms it bigram by bigram: the same characters in
    # another order (a bag of characters would call them equal) are replaced.
    scan = PageQuality(page=1, char_count=80, garbled_rate=0.0, pattern_hits=3, needs_ocr=True,
                       reasons=[gate.INVISIBLE_TEXT, gate.TEXT_OVER_SCAN])
    use, why, agreement = gate.prefer_ocr(scan, CLEAN, CLEAN.replace("？", "?"))
    assert (use, why) == (False, "text_layer_confirmed_by_ocr") and agreement > 0.9
    reordered = "".join(sorted(CLEAN))
    assert gate.text_agreement(reordered, CLEAN) == 1.0
    use, why, agreement = gate.prefer_ocr(scan, reordered, CLEAN)
    assert (use, why) == (True, "ocr_preferred") and agreement < gate.SCAN_LAYER_CONFIRMED


@pytest.mark.integration
def test_no_false_alarms_on_real_statutes_and_judgments(datasets):
    """Real legal text cut into page-sized pieces, even on an image-covered page, is trusted."""
    articles = dataset_file(datasets, "statutes/articles_latest.jsonl.gz")
    rng = random.Random(7)
    with gzip.open(articles, "rt", encoding="utf-8") as f:
        texts = [json.loads(line)["text"] for line in f]
    pages = []
    for start in rng.sample(range(len(texts) - 6), 150):
        pages.append("\n".join(texts[start:start + 6]))
    with open(dataset_file(datasets, "cjrc/docs_dev.jsonl"), encoding="utf-8") as f:
        pages += [json.loads(line)["context"] for _, line in zip(range(150), f)]
    # On a scanned page the layer is always cross-checked (text_over_scanned_image); nothing may
    # say that real text is itself bad, and without an image nothing may flag it at all.
    flagged = [(p[:40], q.reasons) for p in pages
               if set((q := assess(p, image_coverage=1.0)).reasons) - {gate.TEXT_OVER_SCAN} and q.char_count >= 60]
    assert not flagged
    assert not [p[:40] for p in pages if assess(p).needs_ocr]
