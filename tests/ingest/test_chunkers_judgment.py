"""Judgment chunking: a full judgment written here, and real CJRC fact sections."""

from __future__ import annotations

import json

import pytest

from engine.ingest.chunkers import chunk_document, detect_kind
from engine.ingest.chunkers.base import MAX_CHUNK_CHARS, assert_invariant, document_from_text, text_weight
from engine.ingest.chunkers.judgment import chunk_judgment
from engine.types import DocKind
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit

JUDGMENT = "\n".join([
    "某市某区人民法院",
    "民事判决书",
    "（2023）某0101民初1234号",
    "原告：刘某，男，1980年1月1日出生，汉族，住某市某区。",
    "被告：张某，男，1985年3月2日出生，汉族，住某市某区。",
    "原告刘某与被告张某民间借贷纠纷一案，本院立案后，依法适用简易程序，公开开庭进行了审理。",
    "原告刘某向本院提出诉讼请求：1.判令被告归还借款42000元；2.本案诉讼费由被告负担。",
    "被告张某辩称，借款属实，但已归还一部分。",
    "经审理查明：2022年3月，被告分四次向原告借款共计42000元，并出具借条一张。",
    "另查明，被告于2022年10月归还原告6000元。",
    "本院认为，合法的借贷关系受法律保护。被告尚欠原告借款36000元，应予归还。依照《中华人民共和国民法典》第六百七十五条之规定，判决如下：",
    "一、被告张某于本判决生效之日起十日内归还原告刘某借款36000元；",
    "二、驳回原告刘某的其他诉讼请求。",
    "审判员　王某",
    "二〇二三年五月十二日",
    "书记员　李某",
])


def test_full_judgment_paragraphs_carry_their_sections():
    doc = document_from_text("判决书.txt", JUDGMENT)
    assert detect_kind(doc) is DocKind.JUDGMENT
    chunks = chunk_document(doc, DocKind.AUTO)
    assert_invariant(doc, chunks)
    by_section = {}
    for chunk in chunks:
        by_section.setdefault(chunk.meta["section"], []).append(chunk.text)
    assert list(by_section) == ["首部", "当事人", "原告诉称", "被告辩称", "经审理查明", "本院认为", "判决结果", "尾部"]
    assert "（2023）某0101民初1234号" in by_section["首部"][0]
    assert "另查明，被告于2022年10月归还原告6000元。" in "\n".join(by_section["经审理查明"])
    assert by_section["本院认为"][0].endswith("判决如下：")
    result = "\n".join(by_section["判决结果"])
    assert "一、被告张某" in result and "二、驳回" in result and "审判员" not in result
    assert "书记员　李某" in by_section["尾部"][-1]


def test_long_paragraph_without_full_stops_is_bounded():
    # CJRC fact sections lost most sentence-ending punctuation; pieces are cut at commas then.
    text = "经审理查明:" + "被告人某某于2016年6月1日驾驶车辆沿某路由西往东方向行驶,与被害人某某发生碰撞" * 20
    doc = document_from_text("x", text)
    chunks = chunk_judgment(doc)
    assert_invariant(doc, chunks)
    assert len(chunks) > 1 and all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    assert {c.meta["section"] for c in chunks} == {"经审理查明"}
    assert all(c.text.endswith((",", "碰撞")) for c in chunks)


@pytest.mark.integration
def test_cjrc_fact_sections(datasets):
    path = dataset_file(datasets, "cjrc/docs_dev.jsonl")
    with path.open(encoding="utf-8") as fh:
        records = [json.loads(line) for _, line in zip(range(40), fh)]
    detected = 0
    for record in records:
        doc = document_from_text(record["doc_id"], record["context"])
        detected += detect_kind(doc) is DocKind.JUDGMENT
        chunks = chunk_judgment(doc)
        assert_invariant(doc, chunks)
        assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
        if record["context"].startswith("经审理查明"):
            assert chunks[0].meta["section"] == "经审理查明"
        # Nothing is lost: the chunks cover the whole fact section.
        assert "".join(c.text for c in chunks).replace("\n", "") == record["context"].replace("\n", "").strip()
    assert detected >= 30
