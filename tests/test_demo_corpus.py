"""The demo corpus in data/demo: reproducible byte for byte, and its ground truth says what the
files really show (checked against pdfplumber's text, the PDF font dictionaries, independent
numeral/date parsing and the public statute dataset)."""

from __future__ import annotations

import gzip
import json
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

import cn2an
import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pdfminer.pdftypes import resolve1

from engine.text.pii import id_card_checksum_ok, id_card_shape_ok, luhn_ok
from scripts.make_demo_corpus import GROUND_TRUTH, generate, generated_files
from tests.conftest import REPO, dataset_file

pytestmark = pytest.mark.integration

DEMO = REPO / "data" / "demo"
# Ground-truth lists whose entries carry a surface with its page and line.
LOCATED_LISTS = ("amounts", "dates", "pii", "gaps", "admissions", "statute_refs", "laws", "durations",
                 "rates", "venues", "effective_rules", "party_mentions")
WHITESPACE = re.compile(r"\s+")  # \s covers the ideographic space U+3000


def _squash(text: str) -> str:
    return WHITESPACE.sub("", text)


@pytest.fixture(scope="module")
def truth() -> dict[str, Any]:
    return json.loads((DEMO / GROUND_TRUTH).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    generate(out)
    return out


def _doc(truth: dict[str, Any], kind: str, **match: str) -> dict[str, Any]:
    found = [d for d in truth["documents"] if d["kind"] == kind and all(d.get(k) == v for k, v in match.items())]
    assert len(found) == 1, (kind, match)
    return found[0]


def _pdf_docs(truth: dict[str, Any]) -> list[dict[str, Any]]:
    return [d for d in truth["documents"] if d["media_type"] == "pdf"]


@lru_cache(maxsize=None)
def _page_texts(name: str) -> tuple[str, ...]:
    with pdfplumber.open(DEMO / name) as pdf:
        return tuple(page.extract_text() or "" for page in pdf.pages)


def _body_text(doc: dict[str, Any], first: int, last: int) -> str:
    """pdfplumber's text of pages first..last without their footers, whitespace removed."""
    parts = []
    for number in range(first, last + 1):
        furniture = {_squash(f) for f in doc["page_lines"][number - 1]["furniture"]}
        parts += [line for line in _page_texts(doc["file"])[number - 1].splitlines() if _squash(line) not in furniture]
    return _squash("".join(parts))


def _located(truth: dict[str, Any]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    for doc in truth["documents"]:
        for key in LOCATED_LISTS:
            for entry in doc.get(key, []):
                yield doc, entry


# --- reproducibility -------------------------------------------------------------------------------

def test_regenerating_reproduces_the_committed_files_byte_for_byte(regenerated: Path, truth: dict) -> None:
    committed = sorted(p.name for p in DEMO.iterdir() if p.is_file())
    assert committed == generated_files(truth) == sorted(p.name for p in regenerated.iterdir())
    for name in committed:
        assert (regenerated / name).read_bytes() == (DEMO / name).read_bytes(), (
            f"{name} differs from a fresh build: run python scripts/make_demo_corpus.py and commit the result")


def test_ground_truth_hashes_and_page_counts_describe_the_files(truth: dict) -> None:
    import hashlib

    for doc in truth["documents"]:
        data = (DEMO / doc["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == doc["sha256"] and len(data) == doc["bytes"]
        if doc["media_type"] == "pdf":
            assert len(_page_texts(doc["file"])) == doc["pages"] == len(doc["page_lines"])
    assert sum(d["bytes"] for d in truth["documents"]) < 600_000  # subset fonts keep the corpus small


# --- the text the PDFs really show ---------------------------------------------------------------

def test_text_pages_show_exactly_the_recorded_lines(truth: dict) -> None:
    for doc in _pdf_docs(truth):
        for recorded, extracted in zip(doc["page_lines"], _page_texts(doc["file"])):
            if recorded["scanned"]:
                continue
            expected = [_squash(line) for line in recorded["lines"] + recorded["furniture"] if line.strip()]
            assert [_squash(line) for line in extracted.splitlines() if line.strip()] == expected, (
                doc["file"], recorded["page"])


def test_every_recorded_surface_is_on_its_page_and_line(truth: dict) -> None:
    checked = 0
    for doc, entry in _located(truth):
        if doc["media_type"] != "pdf":
            continue
        drawn = doc["page_lines"][entry["page"] - 1]["lines"][entry["line"] - 1]
        assert entry["surface"] in drawn, entry["id"]
        page_text = _page_texts(doc["file"])[entry["page"] - 1]
        if entry["scanned"]:  # only the image shows it; the text layer there is garbage
            assert entry["surface"] not in page_text, entry["id"]
        else:
            assert entry["surface"] in page_text, entry["id"]
        checked += 1
    assert checked > 60


def test_fonts_are_embedded_subsets(truth: dict) -> None:
    for doc in _pdf_docs(truth):
        with pdfplumber.open(DEMO / doc["file"]) as pdf:
            names = {char["fontname"] for page in pdf.pages for char in page.chars}
            assert names and all(re.match(r"^[A-Z]{6}\+", name) for name in names), names
            for page in pdf.pages:
                for ref in resolve1(resolve1(page.page_obj.resources)["Font"]).values():
                    font = resolve1(ref)
                    descendant = resolve1(resolve1(font["DescendantFonts"])[0]) if "DescendantFonts" in font else font
                    descriptor = resolve1(descendant["FontDescriptor"])
                    assert "FontFile2" in descriptor, (doc["file"], font["BaseFont"])


# --- the transcript ------------------------------------------------------------------------------------

def test_transcript_has_the_shape_of_a_real_statement(truth: dict) -> None:
    doc = _doc(truth, "transcript")
    pages, texts = doc["pages"], _page_texts(doc["file"])
    assert 5 <= pages <= 7 and 20 <= len(doc["qa"]) <= 30
    header = texts[0]
    for label in ("讯问笔录", "时间：", "地点：", "侦查员", "记录人", "被讯问人", "性别", "出生日期", "身份证",
                  "户籍所在地", "现住址", "联系方式", "微信号"):
        assert label in header, label
    for recorded, text in zip(doc["page_lines"], texts):
        footer = recorded["furniture"]
        assert [_squash(f) for f in footer] == ["被讯问人签名：李志强", f"第{recorded['page']}页共{pages}页"]
        if not recorded["scanned"]:  # the footer is the last thing on the page, for chunkers to strip
            assert [_squash(line) for line in text.splitlines()[-2:]] == [_squash(f) for f in footer]
    assert "以上笔录我看过，和我说的相符" in texts[-1]
    assert all(qa["question"].startswith("问：") and qa["answer"].startswith("答：") for qa in doc["qa"])


def test_an_answer_runs_across_a_page_break(truth: dict) -> None:
    doc = _doc(truth, "transcript")
    texts = _page_texts(doc["file"])
    assert doc["answers_across_pages"]
    for n in doc["answers_across_pages"]:
        qa = doc["qa"][n - 1]
        before = [line for line in texts[qa["page_end"] - 2].splitlines()[:-2] if line.strip()][-1]
        after = texts[qa["page_end"] - 1].splitlines()[0]
        assert _squash(before + after) in _squash(qa["answer"]), n  # the answer continues after the footer
        assert not _squash(after).startswith(("问：", "答："))


def test_scanned_page_is_an_image_with_a_garbled_invisible_text_layer(truth: dict) -> None:
    doc = _doc(truth, "transcript")
    (scan,) = doc["scanned_pages"]
    with pdfplumber.open(DEMO / doc["file"]) as pdf:
        page = pdf.pages[scan["page"] - 1]
        (image,) = page.images
        assert image["width"] * image["height"] >= 0.9 * page.width * page.height
        layer = page.extract_text()
    assert layer and "问：" not in layer and "答：" not in layer
    assert "锟斤拷" in layer and "Ã" in layer
    for line in scan["image_lines"]:
        assert _squash(line) not in _squash(layer)
    pdf = pdfium.PdfDocument(DEMO / doc["file"])
    try:
        modes = {pdfium_c.FPDFTextObj_GetTextRenderMode(obj.raw)
                 for obj in pdf[scan["page"] - 1].get_objects() if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT}
    finally:
        pdf.close()
    assert modes == {pdfium_c.FPDF_TEXTRENDERMODE_INVISIBLE}
    # What only the image shows: OCR is the only way to these values.
    assert {"一万零五百元", "2023年1月6日"} <= set(scan["text_only_here"])
    text_pages = "".join(t for i, t in enumerate(_page_texts(doc["file"])) if i != scan["page"] - 1)
    for surface in scan["text_only_here"]:
        assert surface not in text_pages and any(surface in line for line in scan["image_lines"])


def test_conflicts_gaps_and_admission_are_recorded(truth: dict) -> None:
    doc = _doc(truth, "transcript")
    conflicts = {c["id"]: c for c in doc["conflicts"]}
    met = conflicts["met_when"]["statements"]
    assert [s["value"] for s in met] == ["2022-03", "2022-05"] and met[0]["page"] != met[1]["page"]
    paid = conflicts["second_payment"]["statements"]
    assert [s["value"] for s in paid] == [13000, 12000]
    assert any("记不清" in g["surface"] for g in doc["gaps"])
    assert doc["admissions"] and "承认" in doc["admissions"][0]["surface"]


# --- values, checked independently of the generator ------------------------------------------------

def _amount_of(surface: str) -> int:
    if surface.startswith(("$", "¥")):
        return int(float(surface[1:].replace(",", "")))
    figure = re.sub(r"^人民币|元整?|左右$", "", surface.replace("左右", "")).replace(",", "")
    return int(cn2an.cn2an(figure, "smart"))


def test_amount_values_match_their_surfaces(truth: dict) -> None:
    amounts = [e for d in truth["documents"] for e in d.get("amounts", [])]
    assert len(amounts) >= 20
    for entry in amounts:
        assert _amount_of(entry["surface"]) == entry["value"], entry["id"]
        assert entry["approx"] == ("左右" in entry["surface"]), entry["id"]
    transcript = _doc(truth, "transcript")
    surfaces = {e["surface"] for e in transcript["amounts"]}
    assert {"17000元", "壹万叁仟元", "6,000元", "六千元", "一万零五百元"} <= surfaces  # mixed numerals


_CN_DATE = re.compile(r"(\d{4})年(?:(\d{1,2})月份?(?:(\d{1,2})日)?)?(?:(\d{1,2})时(\d{1,2})分)?")
_HEDGES = ("大概", "左右", "年底", "年初", "约")


def test_date_values_match_their_surfaces(truth: dict) -> None:
    dates = [e for d in truth["documents"] for e in d.get("dates", [])]
    for entry in dates:
        if re.match(r"[A-Z][a-z]+ \d{1,2}, \d{4}$", entry["surface"]):
            iso, granularity, time = datetime.strptime(entry["surface"], "%B %d, %Y").date().isoformat(), "day", None
        else:
            m = _CN_DATE.search(entry["surface"])
            year, month, day, hour, minute = m.groups()
            granularity = "day" if day else "month" if month else "year"
            iso = "-".join([year] + [f"{int(x):02d}" for x in (month, day) if x])
            time = f"{int(hour):02d}:{int(minute):02d}" if hour else None
        assert (entry["value"], entry["granularity"], entry.get("time")) == (iso, granularity, time), entry["id"]
        datetime.strptime(entry["value"], {"day": "%Y-%m-%d", "month": "%Y-%m", "year": "%Y"}[granularity])
        assert entry["approx"] == any(h in entry["surface"] for h in _HEDGES), entry["id"]


def test_calculations_add_up(truth: dict) -> None:
    for doc in truth["documents"]:
        amounts = {e["id"]: e for e in doc.get("amounts", [])}
        for calc in doc.get("calculations", []):
            values = [term["sign"] * amounts[term["amount"]]["value"] for term in calc["terms"]]
            assert sum(values) == calc["recomputed"] == calc["stated"] == amounts[calc["stated_amount"]]["value"]
            assert [int(x) for x in re.findall(r"\d+", calc["expression"])] == [abs(v) for v in values]
    transcript = {c["id"]: c for c in _doc(truth, "transcript")["calculations"]}
    assert transcript["total_paid_check"]["expression"] == "17000 + 13000 + 6000 + 6000"
    assert transcript["net_loss_check"]["expression"] == "42000 - 10500"


def test_personal_identifiers_are_valid(truth: dict) -> None:
    pii = [e for d in truth["documents"] for e in d.get("pii", [])]
    by_type: dict[str, list[dict]] = {}
    for entry in pii:
        by_type.setdefault(entry["type"], []).append(entry)
    (id_card,) = by_type["id_card"]
    assert id_card_checksum_ok(id_card["value"]) and id_card_shape_ok(id_card["value"])
    births = {e["value"] for e in _doc(truth, "transcript")["dates"] if e["role"] == "birth_date"}
    assert births == {f"{id_card['value'][6:10]}-{id_card['value'][10:12]}-{id_card['value'][12:14]}"}
    assert int(id_card["value"][16]) % 2 == 1  # odd sequence digit: male, as the header says
    cards = by_type["bank_card"]
    assert len([c for c in cards if c["luhn"]]) >= 2
    for card in cards:
        assert luhn_ok(card["value"]) == card["luhn"], card["id"]
    assert all(re.fullmatch(r"1[3-9]\d{9}", e["value"]) for e in by_type["mobile"])


# --- statutes ---------------------------------------------------------------------------------------------

def test_statute_texts_are_verbatim_from_the_dataset(truth: dict, datasets: Path) -> None:
    statutes = [d for d in truth["documents"] if d["kind"] == "statute"]
    wanted = {a["id"]: a for d in statutes for a in d["articles"]}
    prefixes = tuple(f'"id": "{d["law_short"]}|{d["version"]}|' for d in statutes)
    found = {}
    with gzip.open(dataset_file(datasets, "statutes/articles_latest.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if any(p in line[:100] for p in prefixes):  # parse only the candidate lines
                record = json.loads(line)
                if record["id"] in wanted:
                    found[record["id"]] = record
    assert found.keys() == wanted.keys()
    for article_id, article in wanted.items():
        assert (article["text"], article["path"]) == (found[article_id]["text"], found[article_id]["path"])
    for doc in statutes:
        assert {found[a["id"]]["law_title"] for a in doc["articles"]} == {doc["law_title"]}
        assert f"({doc['version']})" in doc["file"]


def test_statute_files_show_every_article(truth: dict) -> None:
    markdown = _doc(truth, "statute", media_type="markdown")
    lines = (DEMO / markdown["file"]).read_text(encoding="utf-8").split("\n")
    assert lines[0] == f"# {markdown['law_title']}" and "<!-- INFO END -->" in lines
    for article in markdown["articles"]:
        first, *rest = article["text"].split("\n")
        start = lines.index(f"{article['label']} {first}")
        assert [line for line in lines[start + 1:] if line][:len(rest)] == rest
    assert any(line.startswith("#### ") for line in lines)

    pdf = _doc(truth, "statute", media_type="pdf")
    assert all(re.fullmatch(r"— \d+ —", p["furniture"][0]) for p in pdf["page_lines"])
    for article in pdf["articles"]:
        shown = _body_text(pdf, article["page_start"], article["page_end"])
        assert _squash(article["label"] + article["text"]) in shown, article["label"]


# --- contracts --------------------------------------------------------------------------------------------

def test_contracts_record_parties_terms_and_governing_law(truth: dict) -> None:
    cn, en = _doc(truth, "contract", language="zh"), _doc(truth, "contract", language="en")
    for doc in (cn, en):
        assert 2 <= doc["pages"] <= 3 and len(doc["parties"]) == 2
        texts = _page_texts(doc["file"])
        for party in doc["parties"]:
            assert party["name"] in texts[party["page"] - 1]
        for clause in doc["clauses"]:
            shown = _body_text(doc, clause["page_start"], clause["page_end"])
            assert _squash(clause["text"]) in shown, clause["label"]
        assert doc["effective_date"]["value"] and doc["calculations"]
    assert en["governing_law"]["value"] == "State of Delaware"
    assert en["effective_date"]["value"] == "2023-03-15"
    assert cn["governing_law"]["value"] == "中华人民共和国法律"
    assert cn["effective_date"]["basis"]["id"] == "cn_effective_rule"
    assert {c["label"] for c in en["headings"]} >= {"recitals", "3", "4", "7", "8"}


# --- OCR can read what only the scan shows ------------------------------------------------------------

@pytest.mark.slow
def test_ocr_recovers_what_only_the_scanned_page_shows(truth: dict) -> None:
    import numpy as np
    from rapidocr_onnxruntime import RapidOCR

    doc = _doc(truth, "transcript")
    (scan,) = doc["scanned_pages"]
    pdf = pdfium.PdfDocument(DEMO / doc["file"])
    try:
        image = pdf[scan["page"] - 1].render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        pdf.close()
    result, _ = RapidOCR()(np.array(image))
    read = _squash("".join(text for _, text, _ in result or []))
    for surface in scan["text_only_here"]:
        assert _squash(surface) in read, surface
