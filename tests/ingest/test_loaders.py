"""Loaders on real files: PDF geometry and text, DOCX / Markdown / TXT structure, refusals."""

from __future__ import annotations

import io
import time
import zipfile
from pathlib import Path

import docx
import pdfplumber
import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from engine.ingest.layout import LineDraft, assemble_page, cluster_rows
from engine.ingest.loaders import load_document
from engine.ingest.quality import text_agreement
from engine.types import IngestError, LoadedDocument, PageText
from engine.bench.pdfmaker import A4, PageSpec, make_pdf
from tests.conftest import dataset_file
from tests.ingest.builders import LEADING, MARGIN, SIZE, mixed_fonts_pdf, transformed_pdf, \
    zero_page_pdf

pytestmark = pytest.mark.integration

MB = 1024 * 1024
TRANSCRIPT = ["讯问笔录", "问：你叫什么名字？", "答：我叫张三，2023年5月1日借给李四人民币42,000元。",
              "问：对方还了多少？", "答：还了一万七千元，余款二万五千元未还。"]
SECOND_PAGE = ["第二页 Second page with English words", "问：以上属实吗？", "答：属实。"]
GARBAGE_LAYER = ["锟斤拷锟斤拷烫烫烫烫屯屯屯 Ã¥Â…Â¬Ã¥Â¸Â ÃƒÂ©"]


def load(path: Path, **kwargs) -> LoadedDocument:
    kwargs.setdefault("ocr", "off")  # OCR has its own (slow) tests
    return load_document(path.name, path.read_bytes(), max_bytes=20 * MB, **kwargs)


def line_texts(page: PageText) -> list[str]:
    return [page.text[line.start:line.end] for line in page.lines]


def assert_consistent(page: PageText) -> None:
    """The invariants every consumer relies on, for any page of any loader."""
    assert "\n".join(line_texts(page)) == page.text
    previous_end = -1
    for line in page.lines:
        assert line.start == previous_end + 1  # lines tile the text, separated by one "\n"
        previous_end = line.end
        if line.char_x is not None:
            assert len(line.char_x) == line.end - line.start + 1
        if line.bbox is not None:
            box = line.bbox
            assert box.page == page.number
            assert -0.5 <= box.x0 <= box.x1 <= page.width + 0.5
            assert -0.5 <= box.top <= box.bottom <= page.height + 0.5
            if line.char_x is not None:
                assert box.x0 - 0.5 <= line.char_x[0] and line.char_x[-1] <= box.x1 + 0.5


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory, cjk_font) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("pdfs")
    long_line = "本合同" + "甲方应当按照约定的期限和方式向乙方支付价款" * 3 + "。"
    made = {
        "clean": make_pdf(root / "讯问笔录 “张三”.pdf", [TRANSCRIPT, SECOND_PAGE, [long_line]],
                          title="讯问笔录（张三）"),
        "scanned_garbage": make_pdf(root / "scan.pdf", [
            PageSpec(lines=TRANSCRIPT, scanned=True, hidden_text=GARBAGE_LAYER)]),
        "scanned_good_layer": make_pdf(root / "scan_ok.pdf", [
            PageSpec(lines=TRANSCRIPT, scanned=True, hidden_text=TRANSCRIPT)]),
        "with_empty_page": make_pdf(root / "empty page.pdf", [TRANSCRIPT, []]),
        "encrypted": make_pdf(root / "locked.pdf", [TRANSCRIPT], password="secret"),
        "mixed_fonts": mixed_fonts_pdf(root / "mixed.pdf"),
    }
    return made


# --- PDF text and geometry --------------------------------------------------------------------


def test_pdf_text_lines_and_meta(pdfs):
    document = load(pdfs["clean"])
    assert document.media_type == "pdf"
    assert document.meta["page_count"] == 3 and document.meta["title"] == "讯问笔录（张三）"
    assert [p.number for p in document.pages] == [1, 2, 3]
    assert line_texts(document.pages[0]) == TRANSCRIPT
    assert line_texts(document.pages[1]) == SECOND_PAGE
    wrapped = line_texts(document.pages[2])
    assert len(wrapped) >= 2 and "".join(wrapped).startswith("本合同甲方应当")
    for page in document.pages:
        assert (page.width, page.height) == pytest.approx(A4)
        assert page.source == "text"
        assert_consistent(page)


def test_pdf_line_boxes_sit_where_the_text_was_written(pdfs):
    page = load(pdfs["clean"]).pages[0]
    first_top = page.lines[0].bbox.top
    # pdfmaker writes line k in a LEADING-high cell from the top margin, the glyphs centred in it.
    assert first_top == pytest.approx(MARGIN + (LEADING - SIZE) / 2, abs=2.0)
    for k, line in enumerate(page.lines):
        assert line.bbox.top == pytest.approx(first_top + k * LEADING, abs=0.5)
        assert line.bbox.bottom - line.bbox.top == pytest.approx(SIZE, abs=1.0)
        assert MARGIN <= line.bbox.x0 <= MARGIN + 4  # plus fpdf's cell padding
    # A CJK character is one em wide: "讯问笔录" spans 4 x 12pt.
    title = page.lines[0]
    assert title.bbox.x1 - title.bbox.x0 == pytest.approx(4 * SIZE, abs=0.5)


def test_pdf_char_x_matches_the_characters_drawn(pdfs):
    page = load(pdfs["clean"]).pages[0]
    line = page.lines[2]
    text = page.text[line.start:line.end]
    with pdfplumber.open(pdfs["clean"]) as pdf:
        chars = [c for c in pdf.pages[0].chars if abs(c["top"] - line.bbox.top) < 1]
    assert "".join(c["text"] for c in chars) == text  # no inserted spaces on this line
    for i, char in enumerate(chars):
        assert line.char_x[i] == pytest.approx(char["x0"], abs=0.01)
    assert line.char_x[-1] == pytest.approx(chars[-1]["x1"], abs=0.01)
    start = text.index("42,000")
    assert all(line.char_x[i] < line.char_x[i + 1] for i in range(start, start + 6))


def test_pdf_spaces_get_boundaries_between_their_neighbours(pdfs):
    page = load(pdfs["clean"]).pages[1]
    line = page.lines[0]
    text = page.text[line.start:line.end]
    assert text == SECOND_PAGE[0]
    for i, ch in enumerate(text):
        if ch == " ":
            assert line.char_x[i] <= line.char_x[i + 1]  # from the previous glyph's end
            assert line.char_x[i - 1] < line.char_x[i]  # to the next glyph's start


def test_pdf_mixed_font_sizes_stay_on_one_line_and_bold_is_deduplicated(pdfs):
    page = load(pdfs["mixed_fonts"]).pages[0]
    assert line_texts(page) == ["人民币42,000元整 大字 small note", "加粗标题"]
    assert_consistent(page)
    amount = page.lines[0]
    text = page.text[amount.start:amount.end]
    assert amount.char_x[text.index("4")] == pytest.approx(92.0, abs=0.2)  # where it was drawn


def test_pdf_rotated_pages_keep_reading_order(pdfs):
    source = pdfs["clean"].read_bytes()
    for rotation in (90, 180, 270):
        data = transformed_pdf(source, rotation=rotation)
        page = load_document("rotated.pdf", data, max_bytes=20 * MB, ocr="off").pages[0]
        assert line_texts(page) == TRANSCRIPT, rotation
        assert_consistent(page)
        if rotation in (90, 270):
            assert (page.width, page.height) == pytest.approx((A4[1], A4[0]))
            assert all(line.char_x is None for line in page.lines)  # vertical on screen
            assert all(line.bbox.bottom - line.bbox.top > line.bbox.x1 - line.bbox.x0
                       for line in page.lines[1:])
        else:
            assert all(line.char_x is None for line in page.lines)  # upside down
    # Turned clockwise, the first line sits at the right edge, where it was the top.
    page = load_document("r.pdf", transformed_pdf(source, rotation=90), max_bytes=20 * MB,
                         ocr="off").pages[0]
    first = page.lines[0].bbox
    assert page.width - first.x1 == pytest.approx(MARGIN + (LEADING - SIZE) / 2, abs=2.0)


def test_pdf_cropbox_moves_the_origin(pdfs):
    source = pdfs["clean"].read_bytes()
    plain = load_document("a.pdf", source, max_bytes=20 * MB, ocr="off").pages[0]
    left, bottom, right, top = 40.0, 300.0, 500.0, 820.0  # PDF user space, y up
    data = transformed_pdf(source, cropbox=(left, bottom, right, top))
    cropped = load_document("c.pdf", data, max_bytes=20 * MB, ocr="off").pages[0]
    assert (cropped.width, cropped.height) == pytest.approx((right - left, top - bottom))
    assert line_texts(cropped) == line_texts(plain)
    dy = A4[1] - top  # the crop's top edge, in top-left coordinates
    for a, b in zip(plain.lines, cropped.lines):
        assert b.bbox.x0 == pytest.approx(a.bbox.x0 - left, abs=0.01)
        assert b.bbox.top == pytest.approx(a.bbox.top - dy, abs=0.01)
        assert b.char_x[0] == pytest.approx(a.char_x[0] - left, abs=0.01)


def test_pdf_text_outside_the_cropbox_is_dropped(pdfs):
    source = pdfs["clean"].read_bytes()
    line_top = MARGIN + 2 * LEADING  # keep only the first two lines (y is up in a crop box)
    data = transformed_pdf(source, cropbox=(0, A4[1] - line_top, A4[0], A4[1]))
    page = load_document("c.pdf", data, max_bytes=20 * MB, ocr="off").pages[0]
    assert line_texts(page) == TRANSCRIPT[:2]


def test_pdf_kangxi_radicals_from_broken_font_maps_are_repaired(tmp_path, cjk_font):
    path = make_pdf(tmp_path / "k.pdf", [["⼈民法院⼀审"]])  # U+2F08 and U+2F00, not 人 and 一
    page = load(path).pages[0]
    assert page.text == "人民法院一审"
    assert len(page.lines[0].char_x) == len(page.text) + 1


# --- the gate inside the PDF loader -----------------------------------------------------------


def test_clean_pages_are_not_flagged(pdfs):
    for page in load(pdfs["clean"]).pages:
        assert page.quality is not None
        assert not page.quality.needs_ocr and page.quality.reasons == []
        assert page.quality.garbled_rate == 0.0


def test_scanned_page_with_garbage_layer_is_flagged(pdfs):
    page = load(pdfs["scanned_garbage"]).pages[0]
    quality = page.quality
    assert quality.needs_ocr and not quality.ocr_used
    assert "garbled" in quality.reasons
    assert "image_page_without_expected_patterns" in quality.reasons
    assert quality.reasons[-1] == "ocr_disabled"
    assert quality.garbled_rate > 0.5


def test_scanned_page_with_a_good_layer_is_verified_and_kept(pdfs):
    document = load(pdfs["scanned_good_layer"], ocr="auto")
    page = document.pages[0]
    # A layer over a scan is never trusted unchecked: OCR of the image confirms it, and it is kept.
    assert page.quality.decision == "verified" and not page.quality.ocr_used and page.source == "text"
    assert line_texts(page) == TRANSCRIPT
    assert document.meta["ocr"]["pages"] == [1]


def test_empty_page_is_flagged(pdfs):
    pages = load(pdfs["with_empty_page"]).pages
    assert not pages[0].quality.needs_ocr
    assert pages[1].text == "" and pages[1].lines == []
    assert pages[1].quality.needs_ocr and pages[1].quality.reasons[0] == "empty_text_layer"


def test_ocr_unavailable_marks_pages_instead_of_crashing(pdfs, monkeypatch):
    from engine.ingest.ocr import OcrEngine

    monkeypatch.setitem(__import__("sys").modules, "rapidocr_onnxruntime", None)  # import fails
    engine = OcrEngine()
    assert not engine.available()
    assert "rapidocr" in engine.unavailable_reason and "OCR" in engine.unavailable_reason
    document = load(pdfs["scanned_garbage"], ocr="auto", ocr_engine=engine)
    quality = document.pages[0].quality
    assert quality.needs_ocr and not quality.ocr_used and "ocr_unavailable" in quality.reasons
    assert "rapidocr" in document.meta["ocr_error"]


# --- refusals ---------------------------------------------------------------------------------


def refusal(name: str, data: bytes, max_bytes: int = 20 * MB) -> str:
    with pytest.raises(IngestError) as info:
        load_document(name, data, max_bytes=max_bytes, ocr="off")
    return str(info.value)


def test_bad_pdfs_are_refused_with_reasons(pdfs):
    clean = pdfs["clean"].read_bytes()
    assert "加密" in refusal("locked.pdf", pdfs["encrypted"].read_bytes())
    assert "password" in refusal("locked.pdf", pdfs["encrypted"].read_bytes())
    for cut in (len(clean) // 2, len(clean) - 300, 400):
        message = refusal("cut.pdf", clean[:cut])
        assert "损坏" in message and "truncated" in message
    assert "no pages" in refusal("zero.pdf", zero_page_pdf())
    assert "不是 PDF" in refusal("fake.pdf", b"hello, I am text\n")
    assert "not a PDF" in refusal("fake.PDF", b"\x89PNG\r\n\x1a\n" + b"\x00" * 50)


def test_other_bad_inputs_are_refused_with_reasons(tmp_path):
    assert refusal("empty.txt", b"") == "文件为空 (empty file)"
    # both sizes in the unit of the limit (engine/units.py); one byte over never reads as equal
    message = refusal("big.txt", b"a" * 2048, max_bytes=1024)
    assert "too large" in message and "2 KiB > 1 KiB limit" in message, message
    assert "1.1 KiB > 1 KiB limit" in refusal("big.txt", b"a" * 1025, max_bytes=1024)
    assert "PNG" in refusal("scan.png", b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    assert "JPEG" in refusal("photo", b"\xff\xd8\xff\xe0" + b"\x00" * 64)
    assert "旧版 Office" in refusal("old.doc", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 64)

    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("notes.txt", "hello")
    assert "ZIP" in refusal("bundle.zip", archive.getvalue())
    assert "word/document.xml" in refusal("broken.docx", archive.getvalue())
    sheet = io.BytesIO()
    with zipfile.ZipFile(sheet, "w") as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    assert "Excel" in refusal("book.xlsx", sheet.getvalue())
    broken_docx = io.BytesIO()
    with zipfile.ZipFile(broken_docx, "w") as z:
        z.writestr("word/document.xml", "<not really xml")
    assert "DOCX" in refusal("broken.docx", broken_docx.getvalue())
    assert "not a Word .docx" in refusal("x.docx", b"plain text pretending")

    assert "binary" in refusal("blob.bin", bytes(range(256)) * 4)
    assert "neither UTF-8 nor GB18030" in refusal("odd.txt", b"\x80\x80abc\xff")
    assert "no text" in refusal("blank.md", b"  \r\n\t\n")
    random_cjk = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(200))
    assert "garbled" in refusal("mojibake.txt", random_cjk.encode("utf-8"))


def test_no_library_exception_escapes_on_fuzzed_pdf_bytes(pdfs):
    clean = pdfs["clean"].read_bytes()
    for position in range(200, len(clean), max(1, len(clean) // 25)):
        damaged = clean[:position] + b"\x00garbage\xff" * 3 + clean[position + 30:]
        try:
            document = load_document("fuzz.pdf", damaged, max_bytes=20 * MB, ocr="off")
        except IngestError:
            continue
        for page in document.pages:
            assert_consistent(page)


# --- DOCX -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def docx_file(tmp_path_factory) -> Path:
    document = docx.Document()
    document.core_properties.title = "借款合同"
    document.add_heading("借款合同", level=0)
    document.add_heading("第一条 借款金额", level=1)
    document.add_paragraph("甲方向乙方借款人民币42,000元。")
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 0).text = "出借人"
    table.cell(0, 1).merge(table.cell(0, 2)).text = "张三（合并单元格）"
    table.cell(1, 0).text = "借款人"
    table.cell(1, 1).text = "李四"
    table.cell(1, 2).text = "2023年5月1日"
    document.add_heading("第二条 还款", level=2)
    paragraph = document.add_paragraph("第一行")
    paragraph.add_run().add_break()  # a soft line break inside one paragraph
    paragraph.add_run("第二行")
    tracked = document.add_paragraph("原文")
    tracked._p.append(parse_xml(f'<w:ins {nsdecls("w")} w:id="1" w:author="a"><w:r><w:t>新增'
                                f'</w:t></w:r></w:ins>'))
    tracked._p.append(parse_xml(f'<w:del {nsdecls("w")} w:id="2" w:author="a"><w:r><w:delText>'
                                f'删除</w:delText></w:r></w:del>'))
    path = tmp_path_factory.mktemp("docx") / "借款 合同 'v2'.docx"
    document.save(str(path))
    return path


def test_docx_text_in_document_order(docx_file):
    document = load(docx_file)
    assert document.media_type == "docx" and len(document.pages) == 1
    page = document.pages[0]
    assert line_texts(page) == ["借款合同", "第一条 借款金额", "甲方向乙方借款人民币42,000元。",
                                "出借人", "张三（合并单元格）", "借款人", "李四", "2023年5月1日",
                                "第二条 还款", "第一行", "第二行", "原文新增"]
    assert all(line.bbox is None and line.char_x is None for line in page.lines)
    assert_consistent(page)
    assert not page.quality.needs_ocr


def test_docx_meta_headings_styles_tables(docx_file):
    meta = load(docx_file).meta
    assert meta["title"] == "借款合同"
    assert meta["headings"] == [(0, 0, "借款合同"), (1, 1, "第一条 借款金额"), (8, 2, "第二条 还款")]
    assert meta["paragraph_styles"][1] == "Heading 1"
    assert meta["tables"] == [{"index": 0, "first_line": 3, "last_line": 7, "rows": 2}]
    assert (4, 0, 0, 1) in meta["table_cells"] and (7, 0, 1, 2) in meta["table_cells"]


def test_docx_without_text_is_refused(tmp_path):
    path = tmp_path / "images only.docx"
    docx.Document().save(str(path))
    assert "no text" in refusal(path.name, path.read_bytes())


# --- Markdown and TXT -------------------------------------------------------------------------

STATUTE_MD = ("# 中华人民共和国测试法\r\n\r\n# 总则编\r\n\r\n2020年5月28日 第十三届全国人民代表大会第三次会议通过"
              "\r\n\r\n2021年1月1日 施行\r\n\r\n<!-- INFO END -->\r\n\r\n## 第一章 一般规定\r\n\r\n"
              "第一条 为了测试，制定本法。\u3000全角空格\t制表符  两个空格 \r\n\r\n```\r\n# 不是标题\r\n```\r\n"
              "### 第一节 细则 ###\r\n\r\n第二条 ……\r")


def test_markdown_text_is_kept_verbatim_but_newlines(tmp_path):
    path = tmp_path / "中华人民共和国 “测试”法 'x'(2021-01-01).md"
    path.write_bytes(STATUTE_MD.encode("utf-8-sig"))
    document = load(path)
    page = document.pages[0]
    assert document.media_type == "markdown"
    assert page.text == STATUTE_MD.replace("\r\n", "\n").replace("\r", "\n")
    assert len(page.lines) == page.text.count("\n") + 1
    assert_consistent(page)
    meta = document.meta
    assert meta["version"] == "2021-01-01" and meta["encoding"] == "utf-8-bom"
    assert meta["title"] == "中华人民共和国测试法" and meta["part"] == "总则编"
    assert meta["info_end_line"] == 8
    assert meta["promulgation"] == [(4, "2020年5月28日 第十三届全国人民代表大会第三次会议通过"),
                                    (6, "2021年1月1日 施行")]
    assert meta["headings"] == [(0, 1, "中华人民共和国测试法"), (2, 1, "总则编"),
                                (10, 2, "第一章 一般规定"), (17, 3, "第一节 细则")]


def test_markdown_real_lawrefbook_file(datasets):
    path = dataset_file(datasets, "statutes/laws/中华人民共和国民法典(2021-01-01)_人格权编.md")
    document = load(path)
    meta = document.meta
    assert meta["title"] == "中华人民共和国民法典" and meta["part"] == "人格权编"
    assert meta["version"] == "2021-01-01"
    lines = line_texts(document.pages[0])
    assert lines[meta["info_end_line"]] == "<!-- INFO END -->"
    assert any("通过" in text for _, text in meta["promulgation"])
    chapters = [h for h in meta["headings"] if h[1] == 2]
    assert chapters[0][2] == "第一章 一般规定" and lines[chapters[0][0]] == "## 第一章 一般规定"
    assert document.pages[0].text == path.read_text(encoding="utf-8").replace("\r\n", "\n")
    assert not document.pages[0].quality.reasons


def test_txt_encodings_and_odd_names(tmp_path):
    text = "询问笔录\r\n问：你欠多少钱？\r\n答：人民币二万五千元整。\r\n"
    cases = {"gb18030": text.encode("gbk"), "utf-8": text.encode("utf-8"),
             "utf-16-le-bom": b"\xff\xfe" + text.encode("utf-16-le")}
    for encoding, data in cases.items():
        path = tmp_path / f"笔录 '{encoding}' “副本” (2023-12-29).txt"
        path.write_bytes(data)
        document = load(path)
        assert document.media_type == "text" and document.meta["encoding"] == encoding
        assert document.meta["version"] == "2023-12-29"
        page = document.pages[0]
        assert line_texts(page) == ["询问笔录", "问：你欠多少钱？", "答：人民币二万五千元整。", ""]
        assert_consistent(page)


def test_unknown_extension_decodable_text_is_text():
    document = load_document("notes", "甲方：张三".encode(), max_bytes=MB)
    assert document.media_type == "text" and document.pages[0].text == "甲方：张三"
    note = "# 笔记\nPDF 文件以 %PDF-1.7 开头。".encode()
    assert load_document("note.md", note, max_bytes=MB).media_type == "markdown"


def test_pdf_header_after_junk_is_still_a_pdf(pdfs):
    data = b"\xef\xbb\xbf\r\n" + pdfs["clean"].read_bytes()
    document = load_document("prefixed.pdf", data, max_bytes=20 * MB, ocr="off")
    assert line_texts(document.pages[0]) == TRANSCRIPT


# --- layout helpers ---------------------------------------------------------------------------


def test_cluster_rows_groups_by_vertical_overlap_not_top():
    # (top, bottom): a big glyph, a small one and a normal one on one baseline; a next line.
    items = [(87.3, 105.3), (94.4, 101.4), (90.5, 103.6), (110.5, 123.6), (111.0, 122.0)]
    rows = cluster_rows(items, lambda b: b)
    assert [sorted(r) for r in rows] == [sorted(items[:3]), sorted(items[3:])]


def test_assemble_page_checks_char_x_length():
    page = assemble_page(1, [LineDraft("ab", (0, 0, 2, 1), [0, 1, 2]), LineDraft("", None, None)],
                         width=10, height=10, source="text")
    assert page.text == "ab\n" and [(line.start, line.end) for line in page.lines] == [(0, 2), (3, 3)]
    with pytest.raises(ValueError):
        assemble_page(1, [LineDraft("ab", (0, 0, 2, 1), [0, 2])], width=10, height=10,
                      source="text")


# --- real PDFs --------------------------------------------------------------------------------

CUAD_SAMPLES = ("cuad/contracts_pdf/CANOPETROLEUM,INC_12_13_2007-EX-10.1-Sponsorship Agreement.pdf",
                "cuad/contracts_pdf/PelicanDeliversInc_20200211_S-1_EX-10.3_11975895_EX-10.3_"
                "Development Agreement2.pdf",
                "cuad/contracts_pdf/LOOKSMARTLTD_07_20_2012-EX-99.(D)(I)-SPONSORSHIP "
                "AGREEMENT.pdf")


def test_real_cuad_pdfs(datasets, record_property):
    paths = [dataset_file(datasets, rel) for rel in CUAD_SAMPLES]
    pages = 0
    started = time.perf_counter()
    documents = [load(path, ocr="auto") for path in paths]
    elapsed = time.perf_counter() - started
    for path, document in zip(paths, documents):
        assert document.meta["page_count"] == len(document.pages) > 0
        pages += len(document.pages)
        with pdfplumber.open(path) as pdf:
            reference = "\n".join(p.extract_text() for p in pdf.pages)
        ours = "\n".join(p.text for p in document.pages)
        assert text_agreement(reference, ours) > 0.99  # same characters as pdfplumber's text
        for page in document.pages:
            assert_consistent(page)
            if page.text.strip():
                assert not page.quality.needs_ocr, (path.name, page.number, page.quality)
    record_property("cuad_pages_per_second", round(pages / elapsed, 1))
    print(f"CUAD: {pages} pages in {elapsed:.2f}s = {pages / elapsed:.1f} pages/s")
