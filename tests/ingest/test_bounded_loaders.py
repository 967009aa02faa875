"""Bounded loaders (#24 item 6): real zip and XML bombs, small on disk, each refused with one
Chinese line within seconds and bounded memory, the rest of a batch unaffected."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from engine.ingest.loaders import load_document
from engine.ingest.loaders.archive import ArchiveLimits, entry_count
from engine.ingest.loaders.budget import ParseBudget
from engine.ingest.loaders.docx import load_docx
from engine.ingest.loaders.pdf import load_pdf
from engine.types import IngestError, IngestStatus
from tests.conftest import REPO
from tests.ingest.bombs import PARAGRAPH, docx_bytes, entity_bomb_docx, many_entries_zip, pdf_stream_bomb

pytestmark = pytest.mark.integration

MIB = 1024 * 1024
# No limit of ours: what the budget alone must stop.
UNLIMITED = ArchiveLimits(entries=10**6, unpacked_bytes=1 << 40, part_bytes=1 << 40, xml_tags=10**12,
                          paragraphs=10**12)
DEFAULT_MAX_BYTES = 50 * MIB


@pytest.fixture(scope="module")
def bombs() -> dict[str, bytes]:
    return {
        # 100 MiB of paragraphs declared honestly in the central directory: over the 64 MiB part limit
        "declared": docx_bytes("<w:p/>", repeat=100 * MIB // 6),
        # the same bomb whose directory says 1 KiB: inflating it stops where the declaration ends
        "lying": docx_bytes("<w:p/>", repeat=100 * MIB // 6, declared_size=1024),
        # 50 MiB of empty runs: under the part limit, 8.7 million tags
        "tags": docx_bytes("<w:p>" + "<w:r/>" * 1000 + "</w:p>", repeat=50 * MIB // 6006),
        # 150,000 empty paragraphs: under every size limit, over the paragraph limit
        "paragraphs": docx_bytes("<w:p/>", repeat=150_000),
        "entities": entity_bomb_docx(),
        "dtd elsewhere": docx_bytes(extra={"word/styles.xml": b'<?xml version="1.0"?><!DOCTYPE s '
                                           b'[<!ENTITY a "aaaaaaaaaa">]><w:styles xmlns:w="x">&a;</w:styles>'}),
        "entries": many_entries_zip(20_000),
    }


def refusal(data: bytes) -> tuple[str, float]:
    start = time.perf_counter()
    with pytest.raises(IngestError) as caught:
        load_document("bomb.docx", data, max_bytes=DEFAULT_MAX_BYTES)
    return str(caught.value), time.perf_counter() - start


def one_chinese_line(message: str) -> bool:
    return "\n" not in message and any("\u4e00" <= ch <= "\u9fff" for ch in message[:12])


@pytest.mark.parametrize("name, words", [
    ("declared", "解压后过大"), ("lying", "已损坏"), ("tags", "标记过多"), ("paragraphs", "段落过多"),
    ("entities", "DTD"), ("dtd elsewhere", "DTD"), ("entries", "文件过多"),
])
def test_each_bomb_is_refused_within_seconds_with_one_chinese_line(bombs, name, words):
    assert len(bombs[name]) < 3 * MIB  # small on disk
    message, seconds = refusal(bombs[name])
    assert words in message and one_chinese_line(message), message
    assert seconds < 8, (name, seconds)


def test_the_central_directory_is_read_before_zipfile_lists_it(bombs):
    assert entry_count(bombs["entries"]) == 20_003
    assert entry_count(docx_bytes()) == 3
    assert entry_count(b"not a zip") is None


def test_memory_stays_bounded_while_refusing_bombs(tmp_path, bombs):
    """Every bomb in one fresh process: its peak and its parser children's stay small (children:
    ru_maxrss is fine there, they fork from the small process)."""
    for name, data in bombs.items():
        (tmp_path / f"{len(name)}-{name}.docx").write_bytes(data)
    script = (
        "import json, resource, sys, pathlib\n"
        "from engine.ingest.loaders import load_document\n"
        "from engine.types import IngestError\n"
        "out = {}\n"
        "for path in sorted(pathlib.Path(sys.argv[1]).glob('*.docx')):\n"
        "    try:\n"
        "        load_document(path.name, path.read_bytes(), max_bytes=50 << 20)\n"
        "        out[path.name] = 'loaded'\n"
        "    except IngestError as exc:\n"
        "        out[path.name] = str(exc)\n"
        # VmHWM, not ru_maxrss: Linux carries the forked parent's peak (pytest's) across exec
        "status = pathlib.Path('/proc/self/status').read_text()\n"
        "out['self_mb'] = int(status.split('VmHWM:')[1].split()[0]) // 1024\n"
        "out['children_mb'] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024\n"
        "print(json.dumps(out))\n")
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True,
                         cwd=REPO, timeout=120)
    elapsed = time.perf_counter() - start
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert all(out[f"{len(n)}-{n}.docx"] != "loaded" for n in bombs), out
    assert out["self_mb"] < 400 and out["children_mb"] < 400, out  # the tester saw 3.7 GB
    assert elapsed < 60, elapsed


def test_the_wall_clock_budget_stops_a_parse_no_limit_would(tmp_path):
    data = docx_bytes(PARAGRAPH, repeat=300_000)  # 300,000 paragraphs: minutes in python-docx
    start = time.perf_counter()
    with pytest.raises(IngestError) as caught:
        load_docx("slow.docx", data, limits=UNLIMITED, budget=ParseBudget(seconds=1.5))
    assert time.perf_counter() - start < 6
    assert "超时" in str(caught.value) and one_chinese_line(str(caught.value))


def test_the_memory_budget_stops_a_parse_no_limit_would():
    data = docx_bytes("<w:p/>", repeat=1_000_000)  # a million paragraphs: far over 150 MiB as a tree
    with pytest.raises(IngestError) as caught:
        load_docx("big.docx", data, limits=UNLIMITED, budget=ParseBudget(seconds=60, memory_bytes=150 * MIB))
    assert "内存" in str(caught.value) and "150 MiB" in str(caught.value)
    assert one_chinese_line(str(caught.value))


@pytest.fixture(scope="module")
def pdf_bomb() -> bytes:
    return pdf_stream_bomb(200 * MIB)  # 0.4 MiB on disk


def test_a_pdf_whose_stream_stalls_the_parser_is_stopped_by_the_wall_clock(pdf_bomb):
    start = time.perf_counter()
    with pytest.raises(IngestError) as caught:
        load_pdf("bomb.pdf", pdf_bomb, budget=ParseBudget(seconds=2))
    assert time.perf_counter() - start < 8
    assert "超时" in str(caught.value) and one_chinese_line(str(caught.value))


def test_a_pdf_stream_over_the_memory_budget_is_refused_not_rendered_by_the_caller(pdf_bomb):
    """pdfminer answers a stream it cannot inflate with no text at all; the empty page then goes
    to OCR, and PDFium rendering it took the caller to gigabytes for minutes. Now the child that
    reads it, or the one that renders it, stops at the budget and the file is refused."""
    start = time.perf_counter()
    with pytest.raises(IngestError) as caught:
        load_pdf("bomb.pdf", pdf_bomb, budget=ParseBudget(seconds=60, memory_bytes=150 * MIB))
    assert time.perf_counter() - start < 60
    assert "内存" in str(caught.value) or "异常终止" in str(caught.value)
    assert one_chinese_line(str(caught.value))


def test_a_long_pdf_gets_a_budget_grown_with_its_pages(tmp_path, cjk_font):
    from engine.ingest.loaders.budget import DEFAULT_BUDGET
    from engine.ingest.loaders.pdf import SECONDS_PER_PAGE, budget_for
    from engine.bench.pdfmaker import make_pdf

    long = make_pdf(tmp_path / "long.pdf", [["第一条 本法所称合同。"]] * 40, font=cjk_font).read_bytes()
    assert budget_for(long).seconds == DEFAULT_BUDGET.seconds + 40 * SECONDS_PER_PAGE
    assert budget_for(b"%PDF-1.4 not a pdf") == DEFAULT_BUDGET


def test_an_ordinary_docx_still_loads_through_the_child(tmp_path):
    document = load_docx("合同.docx", docx_bytes(PARAGRAPH, repeat=2_000))
    assert len(document.pages[0].lines) == 2_000
    assert document.pages[0].text.split("\n")[0] == "甲方向乙方借款人民币42,000元。"


def test_a_batch_with_bombs_fails_them_alone_and_loses_nothing(tmp_path, bombs, cjk_font):
    from engine import Engine
    from engine.bench.pdfmaker import make_pdf
    from tests.engine.conftest import TRANSCRIPT_LINES, settings_for

    engine = Engine(settings=settings_for(tmp_path / "home"))
    try:
        first = make_pdf(tmp_path / "笔录.pdf", [TRANSCRIPT_LINES], font=cjk_font)
        assert engine.ingest([first]).documents[0].status is IngestStatus.INGESTED
        paths = []
        for name in ("declared", "tags", "entities"):
            paths.append(tmp_path / f"{name}.docx")
            paths[-1].write_bytes(bombs[name])
        paths.append(tmp_path / "炸弹.pdf")  # over the default memory budget: refused in seconds
        paths[-1].write_bytes(pdf_stream_bomb(3 * 1024 * MIB))  # 6 MiB inflating past 2 GiB
        good = tmp_path / "合同.docx"
        good.write_bytes(docx_bytes(PARAGRAPH, repeat=3))
        start = time.perf_counter()
        result = engine.ingest([*paths, good])
        assert time.perf_counter() - start < 60
        by_name = {d.name: d for d in result.documents}
        assert by_name["合同.docx"].status is IngestStatus.INGESTED, by_name["合同.docx"].error
        for path in paths:
            report = by_name[path.name]
            assert report.status is IngestStatus.FAILED and one_chinese_line(report.error), report
        assert sorted(d.name for d in engine.docs().documents) == sorted(["笔录.pdf", "合同.docx"])
        assert engine.consistency().ok
    finally:
        engine.index.catalog.close()
