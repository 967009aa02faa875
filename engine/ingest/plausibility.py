"""Does a page's Chinese read as language? The share of it jieba's dictionary covers with words.

A poor OCR engine's invisible layer is made of real, common characters in the wrong order or
swapped for look-alikes: every character is legal (garbled rate 0, common-character share high),
but the characters do not form words. Real Chinese — statutes, judgments, colloquial answers in a
transcript — is mostly made of dictionary words of two characters or more; shuffled or substituted
text is not. The threshold and its measured error rates (real text calibrated on statute articles,
measured on CJRC judgments; negatives shuffled and substituted) are in docs/quality_gate.md
(``python scripts/calibrate_plausibility.py``).
"""

from __future__ import annotations

import re
import threading

# At least this many CJK characters before the score says anything (a short caption can be
# anything). Below the threshold the page is suspect and must be checked against OCR.
MIN_CJK_FOR_COVERAGE = 40
DICTIONARY_COVERAGE_MIN = 0.35  # docs/quality_gate.md: set on statutes, measured on CJRC

# A page's first 800 characters tell as well as all of them, at a bounded cost per page.
SAMPLE_CHARS = 800
_CJK_RUN = re.compile("[\u4e00-\u9fff]+")
_LOCK = threading.Lock()  # jieba's lazy dictionary load is not thread-safe


def dictionary_coverage(text: str) -> tuple[float, int]:
    """(share of CJK characters inside dictionary words of ≥ 2 characters, CJK count).

    Segmentation without HMM: a multi-character token then can only come from the dictionary,
    never from the HMM guessing unknown words — which would happily 'find' words in noise."""
    import jieba

    runs = _CJK_RUN.findall(text[:SAMPLE_CHARS])
    total = sum(len(r) for r in runs)
    if total == 0:
        return 1.0, 0
    with _LOCK:
        jieba.initialize()
    covered = sum(len(token) for run in runs for token in jieba.cut(run, HMM=False) if len(token) >= 2)
    return covered / total, total


def reads_as_language(text: str) -> bool | None:
    """False when the text does not read as Chinese; None when there is too little to tell."""
    share, count = dictionary_coverage(text)
    if count < MIN_CJK_FOR_COVERAGE:
        return None
    return share >= DICTIONARY_COVERAGE_MIN
