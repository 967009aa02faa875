"""The parse-quality gate: is a page's text trustworthy, or does it need OCR?

OCR costs seconds per page, so clean text pages must never be OCRed; but a scanned page whose
invisible text layer is garbage must be caught, because everything downstream (chunks, facts,
verified quotes) trusts the page text. The gate combines three cheap signals:

* ``garbled_rate``: the share of characters that cannot be real text (U+FFFD, private use, control,
  unassigned, CJK radical/compatibility junk, UTF-8-read-as-Latin-1 mojibake, 锟斤拷-style tokens);
* a plausibility check on Chinese: real text is dominated by the 3,755 common GB2312 level-1
  characters, a layer decoded through the wrong font map is not;
* ``pattern_hits``: legal patterns (问：/答：, 第X页 共Y页, dates, amounts, 第X条, legal words) that a
  real text layer of a legal page shows and a garbage layer does not;
* how the text is drawn: ``invisible_text`` (share of text objects in render mode 3/7, measured by
  the PDF loader) and text lying over an image that covers most of the page — a scan with an OCR
  layer, which is never trusted without a check;
* ``dictionary_coverage`` (engine/ingest/plausibility.py): does the Chinese read as language? A poor
  OCR layer of common characters in the wrong order passes every check above but this one.

A suspect page is cross-checked against OCR of its image (``prefer_ocr``): the layer is kept when
OCR reads the same text (exact characters and positions, no OCR digit errors), replaced otherwise.
Every page's report says which signals fired, their values, the decision and the agreement.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from engine.ingest.plausibility import DICTIONARY_COVERAGE_MIN, MIN_CJK_FOR_COVERAGE, dictionary_coverage
from engine.types import PageQuality, PageText

# --- thresholds -------------------------------------------------------------------------------

# Above this share of junk characters the text layer is not worth keeping. Word-made PDFs map
# bullets to private-use code points, which stays far below 5% of a page; a broken font map or a
# scanner's garbage layer is far above it.
GARBLED_RATE_MAX = 0.05

# Fewer non-space characters than this on a page that carries an image: the text layer is a page
# number or a stamp caption, and the content is in the image.
NEAR_EMPTY_CHARS = 20

# Image area share of the page from which a page counts as "mostly an image" (a scan): 50%.
SCAN_IMAGE_COVERAGE = 0.5

# Image area share from which a near-empty page is worth OCR (smaller images are logos, stamps).
NEAR_EMPTY_IMAGE_COVERAGE = 0.1

# On an image page, a trustworthy text layer shows at least one expected legal pattern per this
# many characters (measured: statute, transcript and contract pages show one per 20-60 chars).
CHARS_PER_EXPECTED_PATTERN = 300

# Common-character plausibility, only judged with enough Chinese to be meaningful. Real legal text
# measured 0.91-0.99 level-1 share per 800 characters (statutes, CJRC judgments); uniformly random
# CJK code points give ~0.18.
MIN_CJK_FOR_PLAUSIBILITY = 30
COMMON_CJK_SHARE_MIN = 0.6

# OCR versus text layer, compared as bags of characters (order-free, so line order differences
# between the two do not count). At or above CONFIRMED the text layer is right and is kept: its
# characters are exact, OCR's digits are not guaranteed. Below DISAGREES the two describe different
# pages and OCR, which read the visible image, wins.
TEXT_LAYER_CONFIRMED = 0.9
OCR_DISAGREES = 0.5
# The same two, for a layer drawn invisibly or over a scan, compared as bags of character bigrams
# (order matters: a layer of the page's own characters shuffled shares every character but few
# bigrams). Measured on generated scans (tests/ingest/test_scan_gate.py): a correct layer against
# OCR of its image ≥ 0.8; a shuffled or look-alike layer ≤ 0.3.
SCAN_LAYER_CONFIRMED = 0.7

# From this share of invisible text objects (render mode 3 or 7) a page is a scan's OCR layer.
INVISIBLE_SHARE = 0.5

# Reasons (machine-readable codes, also shown to users in the quality report).
EMPTY_TEXT_LAYER = "empty_text_layer"
NEAR_EMPTY = "near_empty"
GARBLED = "garbled"
IMPLAUSIBLE_CJK = "implausible_cjk"
IMAGE_PAGE_WITHOUT_PATTERNS = "image_page_without_expected_patterns"
TEXT_LAYER_UNREADABLE = "text_layer_unreadable"
INVISIBLE_TEXT = "invisible_text_layer"
TEXT_OVER_SCAN = "text_over_scanned_image"
IMPLAUSIBLE_LANGUAGE = "does_not_read_as_language"
# A kept scan layer whose numbers OCR read otherwise: OCR's reading is the page text (and, when OCR
# was unsure, both readings are recorded as a conflict). See engine/ingest/crosscheck.py.
NUMBERS_READ_BY_OCR = "numbers_read_by_ocr"
NUMBERS_UNSURE = "numbers_unsure"
# Reasons that say the text layer itself is bad (as opposed to merely unconfirmed).
UNUSABLE_LAYER_REASONS = frozenset({EMPTY_TEXT_LAYER, NEAR_EMPTY, GARBLED, IMPLAUSIBLE_CJK,
                                    TEXT_LAYER_UNREADABLE, IMPLAUSIBLE_LANGUAGE})
# Reasons that say the layer belongs to a scan: kept only when OCR of the image confirms it.
SCAN_LAYER_REASONS = frozenset({INVISIBLE_TEXT, TEXT_OVER_SCAN})

# --- garbled characters -----------------------------------------------------------------------

# Known mojibake tokens: 锟斤拷 is U+FFFD's UTF-8 bytes read as GBK; 烫 (0xCCCC) and 屯 (0xCDCD) are
# MSVC's uninitialised stack/heap fill read as GBK. Two 烫 can be a real word, three cannot.
_MOJIBAKE_TOKENS = re.compile(r"锟斤拷|烫{3,}|屯{3,}")
# pdfminer's placeholder for a glyph without a Unicode mapping.
_CID_PLACEHOLDER = re.compile(r"\(cid:\d+\)")

# Characters that are junk by themselves: U+FFFD; C0/C1 controls other than text whitespace;
# lone surrogates; private use (BMP and planes 15-16); CJK radicals and compatibility
# ideographs, which broken font maps emit instead of ordinary ideographs (⼈ for 人).
_JUNK_CHARS = re.compile(
    "[\ufffd\x00-\x08\x0e-\x1f\x7f-\x9f\ud800-\udfff\ue000-\uf8ff\U000f0000-\U0010ffff"
    "\u2e80-\u2eff\u2f00-\u2fdf\uf900-\ufaff\U0002f800-\U0002fa1f]")
# Characters outside the scripts legal text is written in: only these are looked up for being
# unassigned (category Cn), which keeps the scan fast on long statutes.
_UNUSUAL_CHARS = re.compile("[^\t\n\r\x0b\x0c\x20-\x7e\u00a0-\u024f\u2000-\u206f\u3000-\u303f"
                            "\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def _cp1252_class(low: int, high: int) -> str:
    """Regex class of the characters that bytes low..high become when decoded as cp1252/Latin-1."""
    chars = set()
    for byte in range(low, high + 1):
        chars.add(chr(byte))  # Latin-1 view (also how cp1252's undefined bytes are often shown)
        try:
            chars.add(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            pass
    return "[" + "".join(re.escape(c) for c in sorted(chars)) + "]"


# UTF-8 multi-byte sequences shown as cp1252/Latin-1 ('Ã©' for é, 'å…¬' for 公): a lead byte
# (0xC2-0xF4) followed by exactly the continuation bytes (0x80-0xBF) it requires. Real accented
# text ('café', 'São') has no continuation characters after its accents.
_CONTINUATION = _cp1252_class(0x80, 0xBF)
_LATIN1_MOJIBAKE = re.compile(f"{_cp1252_class(0xC2, 0xDF)}{_CONTINUATION}|"
                              f"{_cp1252_class(0xE0, 0xEF)}{_CONTINUATION}{{2}}|"
                              f"{_cp1252_class(0xF0, 0xF4)}{_CONTINUATION}{{3}}")


def _is_blank(ch: str) -> bool:
    """Whitespace that text may contain (not the separator controls \x1c-\x1f or NEL)."""
    return ch.isspace() and (ch in "\t\n\r\x0b\x0c" or unicodedata.category(ch) != "Cc")


def garbled_mask(text: str) -> list[bool]:
    """Per character of ``text``: is it junk (see module doc)? Whitespace is never junk."""
    mask = [False] * len(text)
    for pattern in (_LATIN1_MOJIBAKE, _MOJIBAKE_TOKENS, _CID_PLACEHOLDER, _JUNK_CHARS):
        for match in pattern.finditer(text):
            for j in range(match.start(), match.end()):
                mask[j] = True
    for match in _UNUSUAL_CHARS.finditer(text):
        ch = match.group()
        if not mask[match.start()] and not _is_blank(ch) and unicodedata.category(ch) == "Cn":
            mask[match.start()] = True
    return mask


def garbled_rate(text: str) -> float:
    """Share of non-whitespace characters that are junk; 0.0 for a text without any."""
    mask = garbled_mask(text)
    counted = len(text) - sum(1 for ch in text if _is_blank(ch))
    return sum(mask) / counted if counted else 0.0


_CJK_IDEOGRAPHS = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\U00020000-\U000323af]")


def _gb2312_level_one() -> frozenset[str]:
    """GB2312 level 1: the 3,755 most frequent characters (rows 0xB0-0xD7)."""
    chars = set()
    for lead in range(0xB0, 0xD8):
        for trail in range(0xA1, 0xFF):
            try:
                chars.add(bytes([lead, trail]).decode("gb2312"))
            except UnicodeDecodeError:
                pass  # the five unassigned cells at the end of row 0xD7
    return frozenset(chars)


_COMMON_CJK = _gb2312_level_one()


def common_cjk_share(text: str) -> tuple[float, int]:
    """(share of CJK ideographs that are common, number of CJK ideographs) — (1.0, 0) without any."""
    cjk = _CJK_IDEOGRAPHS.findall(text)
    if not cjk:
        return 1.0, 0
    return sum(ch in _COMMON_CJK for ch in cjk) / len(cjk), len(cjk)


def is_implausible_cjk(text: str) -> bool:
    share, count = common_cjk_share(text)
    return count >= MIN_CJK_FOR_PLAUSIBILITY and share < COMMON_CJK_SHARE_MIN


# --- expected patterns ------------------------------------------------------------------------

_CN_NUM = "零〇一二三四五六七八九十百千万两壹贰叁肆伍陆柒捌玖拾佰仟"
_EXPECTED_PATTERNS = tuple(re.compile(p) for p in (
    r"[问答][:：]",  # transcript turns
    r"第\s*\d+\s*页\s*[,，]?\s*共\s*\d+\s*页|共\s*\d+\s*页\s*[,，]?\s*第\s*\d+\s*页",  # page footer
    r"\d{4}\s*年\s*\d{1,2}\s*月(?:\s*\d{1,2}\s*日)?",  # 2023年5月1日
    r"[〇零一二三四五六七八九]{4}\s*年\s*[一二三四五六七八九十]{1,2}\s*月",  # 二〇二三年五月
    r"(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)",  # 2023-05-01
    rf"\d[\d,，.]*\s*(?:万|亿)?(?:元|美元|港元|欧元)|[{_CN_NUM}]+(?:元|圆)",  # amounts in yuan
    r"人民币|RMB|US\$|\$\s?\d",
    rf"第\s*[{_CN_NUM}\d]+\s*[条款项章节编]",  # 第五百八十四条
    r"被告人?|原告|犯罪嫌疑人|当事人|申请人|被申请人|上诉人|甲方|乙方|合同|协议|法院|判决|裁定|"
    r"笔录|讯问|询问|证人|签名|捺印|规定|依照|根据|违反|法律|条例|应当|不得|依法|责任|处罚|罚款|"
    r"国家|人民政府|国务院|部门|有关|负责|管理|赔偿|权利|义务",  # legal and administrative vocabulary
    r"(?i)\b(?:agreement|shall|part(?:y|ies)|section|article|hereby|herein|hereof|pursuant|"
    r"company|whereas|term|notice)\b",
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
    r"\s+\d{1,2},?\s+\d{4}",
))


def count_expected_patterns(text: str) -> int:
    return sum(len(pattern.findall(text)) for pattern in _EXPECTED_PATTERNS)


# --- the gate ---------------------------------------------------------------------------------


def assess_page(page: PageText, *, image_coverage: float = 0.0, invisible_text: float = 0.0,
                ocr_possible: bool = True) -> PageQuality:
    """Judge one page's text. ``image_coverage``: share of the page area covered by images (0-1);
    ``invisible_text``: share of its text objects drawn invisibly (render mode 3/7).

    ``ocr_possible=False`` (Markdown, TXT, DOCX: nothing to render) still reports the problems
    found in ``reasons`` but never asks for OCR.
    """
    text = page.text
    char_count = len(text) - sum(1 for ch in text if _is_blank(ch))
    rate = garbled_rate(text)
    hits = count_expected_patterns(text)
    common, cjk = common_cjk_share(text)
    coverage, counted = dictionary_coverage(text)
    signals = {"invisible_text": round(invisible_text, 3), "image_coverage": round(image_coverage, 3),
               "garbled_rate": round(rate, 4), "common_cjk_share": round(common, 3),
               "dictionary_coverage": round(coverage, 3) if counted >= MIN_CJK_FOR_COVERAGE else None,
               "pattern_hits": hits}

    reasons: list[str] = []
    if char_count == 0:
        reasons.append(EMPTY_TEXT_LAYER)
    elif char_count < NEAR_EMPTY_CHARS and image_coverage >= NEAR_EMPTY_IMAGE_COVERAGE:
        reasons.append(NEAR_EMPTY)
    if rate > GARBLED_RATE_MAX:
        reasons.append(GARBLED)
    if cjk >= MIN_CJK_FOR_PLAUSIBILITY and common < COMMON_CJK_SHARE_MIN:
        reasons.append(IMPLAUSIBLE_CJK)
    if counted >= MIN_CJK_FOR_COVERAGE and coverage < DICTIONARY_COVERAGE_MIN:
        reasons.append(IMPLAUSIBLE_LANGUAGE)
    if char_count and invisible_text >= INVISIBLE_SHARE:
        reasons.append(INVISIBLE_TEXT)
    if char_count and image_coverage >= SCAN_IMAGE_COVERAGE:
        reasons.append(TEXT_OVER_SCAN)
        if hits * CHARS_PER_EXPECTED_PATTERN < char_count:
            # A scan whose text layer shows none of what a legal page shows: probably an OCR layer
            # made of wrong characters, which only looking at the image can tell.
            reasons.append(IMAGE_PAGE_WITHOUT_PATTERNS)

    return PageQuality(page=page.number, char_count=char_count, garbled_rate=rate,
                       pattern_hits=hits, needs_ocr=bool(reasons) and ocr_possible,
                       reasons=reasons, signals=signals,
                       decision="unverified" if reasons else "trusted")


def text_agreement(a: str, b: str) -> float:
    """Dice overlap of two texts as bags of non-space characters (NFKC, so ？ == ?), 0-1."""
    bag_a = Counter(unicodedata.normalize("NFKC", ch) for ch in a if not _is_blank(ch))
    bag_b = Counter(unicodedata.normalize("NFKC", ch) for ch in b if not _is_blank(ch))
    total = sum(bag_a.values()) + sum(bag_b.values())
    if total == 0:
        return 1.0
    return 2 * sum((bag_a & bag_b).values()) / total


def bigram_agreement(a: str, b: str) -> float:
    """Dice overlap of two texts as bags of character bigrams (non-space, NFKC), 0-1. Order inside
    a line counts, the order of lines does not (OCR and a layer may list them differently)."""
    def bigrams(text: str) -> Counter:
        chars = [unicodedata.normalize("NFKC", ch) for ch in text if not _is_blank(ch)]
        return Counter(zip(chars, chars[1:]))
    bag_a, bag_b = bigrams(a), bigrams(b)
    total = sum(bag_a.values()) + sum(bag_b.values())
    if total == 0:
        return 1.0
    return 2 * sum((bag_a & bag_b).values()) / total


def prefer_ocr(quality: PageQuality, text_layer: str, ocr_text: str) -> tuple[bool, str, float | None]:
    """After OCR ran on a flagged page: keep OCR's text? Returns (use_ocr, reason code, agreement).

    A scan's layer (invisible, or over a page-size image) is kept only when OCR confirms it
    character bigram by bigram; any other flagged layer as before, by character bags."""
    if not any(not ch.isspace() for ch in ocr_text):
        return False, "ocr_found_no_text", None
    if SCAN_LAYER_REASONS.intersection(quality.reasons):
        agreement = bigram_agreement(text_layer, ocr_text)
        if agreement >= SCAN_LAYER_CONFIRMED and not UNUSABLE_LAYER_REASONS.intersection(quality.reasons):
            return False, "text_layer_confirmed_by_ocr", agreement
        return True, "ocr_preferred", agreement
    agreement = text_agreement(text_layer, ocr_text)
    if agreement >= TEXT_LAYER_CONFIRMED:
        return False, "text_layer_confirmed_by_ocr", agreement
    if UNUSABLE_LAYER_REASONS.intersection(quality.reasons) or agreement < OCR_DISAGREES:
        return True, "ocr_preferred", agreement
    return False, "text_layer_kept", agreement
