"""engine.redact: PII boxes of an ingested PDF and the page rendered with them painted black."""

from __future__ import annotations

import numpy as np
import pytest

from engine.redact import (pii_boxes, redacted_pages, render_redacted_page, unread_pages)
from engine.types import BBox
from engine.bench.pdfmaker import PageSpec, make_pdf
from tests.engine.conftest import engine  # noqa: F401 — the fixture (OCR off, temporary home)
from tests.text.test_pii import VALID_ID_X

pytestmark = pytest.mark.integration

ID_LINE = f"身份证号：{VALID_ID_X}"
NORMAL_LINE = "问：你今天来公安局做什么？"
SCALE = 2.0


@pytest.fixture
def ingested(engine, tmp_path, cjk_font):  # noqa: F811 — pytest fixture injection
    path = make_pdf(tmp_path / "笔录.pdf", [
        ["讯问笔录", "被讯问人：张某某", ID_LINE, NORMAL_LINE, "答：来说明转账的情况。"],
        PageSpec(lines=["第二页是扫描件", f"身份证号：{VALID_ID_X}"], scanned=True),
    ], font=cjk_font)
    report = engine.ingest([path])
    assert report.ok, report.to_dict()
    (record,) = engine.docs().documents
    return engine, record.doc_id


def _line_box(engine, doc_id, page_number: int, needle: str) -> BBox:
    page = next(p for p in engine.pages(doc_id) if p.number == page_number)
    at = page.text.index(needle)
    line = next(l for l in page.lines if l.start <= at < l.end)
    return line.bbox


def _pixels(image, box: BBox, inset: float = 0.0) -> np.ndarray:
    gray = np.asarray(image.convert("L"))
    return gray[int((box.top + inset) * SCALE):int((box.bottom - inset) * SCALE),
                int((box.x0 + inset) * SCALE):int((box.x1 - inset) * SCALE)]


def test_pii_boxes_cover_the_id_number_and_not_the_other_lines(ingested):
    engine, doc_id = ingested
    boxes = pii_boxes(engine, doc_id)
    id_line = _line_box(engine, doc_id, 1, VALID_ID_X)
    normal = _line_box(engine, doc_id, 1, NORMAL_LINE)
    on_page = boxes[1]
    assert on_page and all(b.page == 1 for b in on_page)
    # a box on the ID's line, over its right part (the number), not the label 身份证号
    covering = [b for b in on_page if b.top <= id_line.top + 1 and b.bottom >= id_line.bottom - 1]
    assert covering
    assert min(b.x0 for b in covering) > id_line.x0 + 20
    assert max(b.x1 for b in covering) >= id_line.x1 - 1
    assert not [b for b in on_page if b.top < normal.bottom and b.bottom > normal.top]


def test_rendered_page_is_black_over_the_id_and_clear_over_normal_text(ingested):
    engine, doc_id = ingested
    boxes = pii_boxes(engine, doc_id)
    data = engine.document_bytes(doc_id)
    normal = _line_box(engine, doc_id, 1, NORMAL_LINE)
    image = render_redacted_page(data, 1, boxes[1], [normal], scale=SCALE)
    page = next(p for p in engine.pages(doc_id) if p.number == 1)
    assert image.size == (round(page.width * SCALE), round(page.height * SCALE))
    for box in boxes[1]:
        assert _pixels(image, box).max() < 30  # solid black: no glyph shows through
    inside = _pixels(image, normal, inset=2.0)
    assert inside.size and np.mean(inside > 200) > 0.5  # mostly white paper, the text readable
    assert inside.min() < 100  # and its glyphs are drawn, not painted over or lost
    assert np.mean(inside < 30) < 0.5
    # the highlight outline is drawn in its colour just on the box edge
    rgb = np.asarray(image)
    edge = rgb[int(normal.top * SCALE) + 1, int((normal.x0 + normal.x1) / 2 * SCALE)]
    assert edge[0] > 200 and edge[2] < 80


def test_the_unrendered_original_holds_the_id_where_the_redaction_paints(ingested):
    engine, doc_id = ingested
    data = engine.document_bytes(doc_id)
    boxes = pii_boxes(engine, doc_id)[1]
    plain = render_redacted_page(data, 1, [], scale=SCALE)
    assert any(_pixels(plain, b).min() < 100 and np.mean(_pixels(plain, b) > 200) > 0.3
               for b in boxes)  # without boxes the number's glyphs are on white paper


def test_an_unread_page_is_blanked_entirely(ingested):
    engine, doc_id = ingested
    record = engine.document(doc_id)
    assert unread_pages(record) == {2}  # the scan failed the gate and OCR is off
    first, second = redacted_pages(engine, doc_id, [1, 2], scale=SCALE)
    assert not first.blanked and second.blanked
    gray = np.asarray(second.image.convert("L"))
    assert np.mean(gray < 30) > 0.98  # black but for the short note
    with pytest.raises(ValueError):
        render_redacted_page(engine.document_bytes(doc_id), 3, [], scale=SCALE)
