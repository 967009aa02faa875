"""A summary home: the demo transcript (page 4 is a scan: OCR on, so its refund is read), both
demo contracts and the Markdown statute excerpt, ingested once per session; plus the ground truth.

Small documents of other kinds (a judgment, a plain text) are added by the tests that need them
through ``ingest_text``; they are this fixture's own, so nobody else counts them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "demo"
TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"
CONTRACT_ZH = "技术服务合同_恒远-云启_2023.pdf"
CONTRACT_EN = "Services_Agreement_Northwind-HarborLane_2023.pdf"
STATUTE_MD = "中华人民共和国刑事诉讼法(2018-10-26)节选.md"


@pytest.fixture(scope="session")
def truth() -> dict[str, dict]:
    data = json.loads((DEMO / "ground_truth.json").read_text("utf-8"))
    return {d["file"]: d for d in data["documents"]}


@pytest.fixture(scope="session")
def summary_engine(tmp_path_factory) -> Engine:
    settings = Settings.load(tmp_path_factory.mktemp("summary-home"), secrets_file=None, environ={})
    assert settings.ingest.ocr != "off" and not settings.llm.configured
    engine = Engine(settings=settings)
    result = engine.ingest([DEMO / name for name in (TRANSCRIPT, CONTRACT_ZH, CONTRACT_EN, STATUTE_MD)])
    assert result.ok, result.to_dict()
    yield engine
    engine.index.catalog.close()


@pytest.fixture(scope="session")
def doc_ids(summary_engine) -> dict[str, str]:
    return {d.name: d.doc_id for d in summary_engine.docs().documents}


def ingest_text(engine: Engine, name: str, text: str, kind: str) -> str:
    report = engine.ingest_bytes(name, text.encode("utf-8"), kind)
    assert report.error is None, report.error
    return report.doc_id
