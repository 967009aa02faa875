"""Every wrap position of an ID (digit and X check character), a mobile and a bank card, through
real PDFs — one with a text layer, one scanned and read by OCR — and every masked output: the
page text, each line quoted alone in an answer, real answers, and the redacted page images
(which are read back by OCR: no run of five characters of any value may be legible).

The values are chained so that each line ends with the head of one value and the next line
starts with its tail: ``…{tail of A}，{label}{head of B}`` / ``{tail of B}，{label}{head of C}``.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from engine.text.pii import find_pii, mask_text
from tests.text.test_pii_wrapped import CARD16, ID_DIGIT, ID_X, MOBILE, leaks, lines_quoted_alone

pytestmark = [pytest.mark.integration, pytest.mark.slow]

VALUES = [("id_card", "身份证号码", ID_DIGIT), ("id_card", "公民身份号码", ID_X),
          ("mobile", "联系电话", MOBILE), ("bank_card", "银行卡号", CARD16)]
WRAPS = [(kind, label, value, cut) for kind, label, value in VALUES for cut in range(1, len(value))]
WRAPS_PER_PAGE = 30


def chained_lines(wraps) -> list[str]:
    """One page: each line ends with the head of a value, the next line starts with its tail."""
    lines, tail = [], "被讯问人李某，男，汉族"
    for _, label, value, cut in wraps:
        lines.append(f"{tail}，{label}{value[:cut]}")
        tail = value[cut:]
    lines.append(f"{tail}，现住本市。")
    return lines


def _home(tmp_path_factory, cjk_font, scanned: bool):
    from engine import Engine
    from engine.bench.pdfmaker import PageSpec, make_pdf
    from tests.engine.conftest import settings_for

    tmp = tmp_path_factory.mktemp("scanned" if scanned else "text")
    pages = [chained_lines(WRAPS[i:i + WRAPS_PER_PAGE]) for i in range(0, len(WRAPS), WRAPS_PER_PAGE)]
    specs = [PageSpec(p, scanned=True) if scanned else p for p in pages]
    pdf = make_pdf(tmp / "wrapped.pdf", specs, font=cjk_font, scan_dpi=200)
    engine = Engine(settings=settings_for(tmp / "home", ocr="auto" if scanned else "off"))
    report = engine.ingest([pdf]).documents[0]
    assert report.status.value == "ingested", report
    assert all(q.ocr_used == scanned for q in report.quality), report.quality
    return engine, report.doc_id


@pytest.fixture(scope="module", params=["text", "ocr"])
def wrapped(request, tmp_path_factory, cjk_font):
    engine, doc_id = _home(tmp_path_factory, cjk_font, scanned=request.param == "ocr")
    yield request.param, engine, doc_id
    engine.index.catalog.close()


def _flat(text: str) -> str:
    return re.sub(r"\s", "", text).replace("×", "X")


def test_every_wrapped_value_is_read_and_found_as_one_span(wrapped):
    source, engine, doc_id = wrapped
    found = [(f.meta["type"], _flat(f.text)) for page in engine.pages(doc_id) for f in find_pii(page.text)]
    for kind, _, value, cut in WRAPS:
        # the page really holds the value across a line break (OCR read every digit)
        assert any(value[:cut] in page.text and value[cut:] in page.text for page in engine.pages(doc_id)), \
            (source, value, cut)
    expected = sorted((kind, value) for kind, _, value, _ in WRAPS)
    assert sorted(f for f in found if f[0] in {"id_card", "mobile", "bank_card"}) == expected, source


def test_masked_page_text_shows_no_piece_of_any_value(wrapped):
    _, engine, doc_id = wrapped
    for page in engine.pages(doc_id):
        masked = mask_text(page.text, find_pii(page.text))
        for _, _, value in VALUES:
            assert leaks(masked, value) == [], (value, masked)


def test_each_line_quoted_alone_is_masked(wrapped):
    """Every line of every chunk as an answer's only quote, conclusion and gap (a composer that
    cut a quote at a line end)."""
    _, engine, doc_id = wrapped
    for shown in lines_quoted_alone(engine.chunks(doc_id, with_facts=True)):
        for _, _, value in VALUES:
            assert all(leaks(text, value) == [] for text in shown), (value, shown)


@pytest.mark.parametrize("question", ["他的身份证号码是多少？", "联系电话是多少？", "银行卡号是多少？"])
def test_masked_answers_show_no_piece_of_any_value(wrapped, question):
    _, engine, doc_id = wrapped
    answer = engine.ask(question, doc_id=doc_id, llm=False)
    shown = [answer.conclusion, *(e["quote"] for e in answer.to_dict()["evidence"]),
             *(g.description for g in answer.gaps), *(c.description for c in answer.conflicts)]
    assert answer.evidence
    for _, _, value in VALUES:
        assert all(leaks(text, value) == [] for text in shown), (value, shown)


def test_redacted_page_images_show_no_piece_of_any_value(wrapped):
    """The redacted pages, read back by OCR: the labels around the values stay legible (the page
    was read), no five characters in a row of any value are."""
    from engine.ingest.ocr import default_engine
    from engine.redact import redacted_pages

    _, engine, doc_id = wrapped
    numbers = [p.number for p in engine.pages(doc_id)]
    reader = default_engine()
    for page in redacted_pages(engine, doc_id, numbers, scale=200 / 72):
        text = reader.ocr_image(np.asarray(page.image), page_number=page.number,
                                width=page.image.width * 72 / 200,
                                height=page.image.height * 72 / 200).text
        assert "被讯问人" in text and "号码" in text, text[:200]
        for _, _, value in VALUES:
            assert leaks(text, value) == [], (page.number, value, text)
