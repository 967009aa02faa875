from __future__ import annotations

from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings
from engine.bench.pdfmaker import make_pdf

TRANSCRIPT_LINES = [
    "讯问笔录",
    "时间：2023年5月12日9时10分至11时40分",
    "地点：某市公安局办案中心第三讯问室",
    "侦查员：王强、李明  记录人：李明",
    "被讯问人：张某某",
    "问：你把钱转给了谁？",
    "答：我分三次转给了刘某，第一次17000元，第二次壹万叁仟元，第三次六千元。",
    "问：一共多少钱？",
    "答：总共三万六千元。",
]


def settings_for(home: Path, **ingest) -> Settings:
    # OCR off unless a test needs it: it is slow and covered by its own tests.
    return Settings.from_name("strict", home=str(home), ingest={"ocr": "off", **ingest})


@pytest.fixture
def engine(tmp_path) -> Engine:
    eng = Engine(settings=settings_for(tmp_path / "home"))
    yield eng
    eng.index.catalog.close()


@pytest.fixture
def transcript_pdf(tmp_path, cjk_font) -> Path:
    return make_pdf(tmp_path / "讯问笔录 (张某某).pdf", [TRANSCRIPT_LINES], font=cjk_font)


from tests.pg_server import pg_admin_url, shared_urls  # noqa: E402,F401  (fixtures: a real PostgreSQL server)
