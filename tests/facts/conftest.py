"""Fixtures for the contract-facts tests.

``contracts_engine`` (session): a real Engine home with just the two demo contracts ingested
(OCR off) — the Chinese 技术服务合同 and the English Master Services Agreement — whose true facts
are in data/demo/ground_truth.json (``demo_truth``). Tests that delete documents build their own
home (``tiny_contract_engine``) so the shared one keeps both contracts.

``make_chunks(text, ...)`` builds in-memory chunks for rule tests that need no PDF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings
from engine.types import Chunk, Span
from engine.bench.pdfmaker import make_pdf

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "data" / "demo"
ZH_CONTRACT = "技术服务合同_恒远-云启_2023.pdf"
EN_CONTRACT = "Services_Agreement_Northwind-HarborLane_2023.pdf"


def _engine(home: Path) -> Engine:
    return Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))


@pytest.fixture(scope="session")
def demo_truth() -> dict[str, dict]:
    data = json.loads((DEMO / "ground_truth.json").read_text("utf-8"))
    return {d["file"]: d for d in data["documents"]}


@pytest.fixture(scope="session")
def contracts_engine(tmp_path_factory) -> Engine:
    engine = _engine(tmp_path_factory.mktemp("facts-home"))
    result = engine.ingest([DEMO / ZH_CONTRACT, DEMO / EN_CONTRACT])
    assert result.ok, result.to_dict()
    yield engine
    engine.index.catalog.close()


def doc_id_of(engine: Engine, name: str) -> str:
    return next(d.doc_id for d in engine.docs().documents if d.name == name)


TINY_CONTRACT_LINES = [
    "设备租赁合同",
    "甲方（出租人）：北京某某科技有限公司",
    "住所：北京市海淀区中关村大街1号",
    "乙方（承租人）：江州市恒远贸易有限公司",
    "第一条 租赁期限",
    "租赁期限自2024年1月1日起至2024年12月31日止，共十二个月。",
    "第二条 租金",
    "本合同总价款为人民币伍万元整（¥50,000.00）。",
    "第三条 适用法律",
    "本合同适用中华人民共和国法律。",
]


@pytest.fixture
def tiny_contract_engine(tmp_path, cjk_font) -> Engine:
    """A home holding one small generated Chinese lease (its facts are known by construction)."""
    engine = _engine(tmp_path / "home")
    pdf = make_pdf(tmp_path / "设备租赁合同.pdf", [TINY_CONTRACT_LINES], font=cjk_font)
    result = engine.ingest([pdf], kind="contract")
    assert result.ok, result.to_dict()
    yield engine
    engine.index.catalog.close()


def make_chunks(*texts: str, doc_id: str = "dtest", chunk_type: str = "clause",
                first_type: str = "header") -> list[Chunk]:
    """Chunks of one page each (page = position + 1), without geometry."""
    chunks = []
    for i, text in enumerate(texts):
        chunks.append(Chunk(chunk_id=f"{doc_id}:{i:05d}", doc_id=doc_id, seq=i, kind="contract",
                            chunk_type=first_type if i == 0 else chunk_type, text=text,
                            spans=[Span(i + 1, 0, len(text))], bboxes=[], meta={}))
    return chunks
