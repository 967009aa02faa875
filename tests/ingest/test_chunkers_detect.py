"""Kind detection on real samples of each kind and on text that mixes their vocabulary."""

from __future__ import annotations

import json

import pytest

from engine.ingest.chunkers import detect_kind
from engine.ingest.chunkers.base import document_from_text
from engine.types import DocKind
from tests.conftest import dataset_file
from tests.ingest.test_chunkers_contract import LOAN_CONTRACT
from tests.ingest.test_chunkers_judgment import JUDGMENT

pytestmark = pytest.mark.unit


def read(path):
    return document_from_text(path.name, path.read_text(encoding="utf-8"), media_type="markdown")


@pytest.mark.integration
@pytest.mark.parametrize("name", ["中华人民共和国刑法(2023-12-29).md", "中华人民共和国民法典(2021-01-01)_合同编.md",
                                  "不动产登记暂行条例(2019-03-24).md",
                                  "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释(2023-12-04).md"])
def test_statute_files(datasets, name):
    assert detect_kind(read(dataset_file(datasets, f"statutes/laws/{name}"))) is DocKind.STATUTE


@pytest.mark.integration
def test_cuad_contracts(datasets):
    folder = dataset_file(datasets, "cuad/contracts_txt")
    for path in sorted(folder.glob("*.txt"))[:10]:
        doc = document_from_text(path.name, path.read_text(encoding="utf-8"))
        assert detect_kind(doc) is DocKind.CONTRACT, path.name


@pytest.mark.integration
def test_cjrc_judgment_excerpts(datasets):
    path = dataset_file(datasets, "cjrc/docs_dev.jsonl")
    with path.open(encoding="utf-8") as fh:
        records = [json.loads(line) for _, line in zip(range(100), fh)]
    kinds = [detect_kind(document_from_text(r["doc_id"], r["context"])) for r in records]
    assert kinds.count(DocKind.JUDGMENT) >= 85  # fact sections alone; a few open without any marker


def test_written_samples():
    assert detect_kind(document_from_text("c.txt", LOAN_CONTRACT)) is DocKind.CONTRACT
    assert detect_kind(document_from_text("j.txt", JUDGMENT)) is DocKind.JUDGMENT
    transcript = "讯问笔录\n时间：2023年5月12日\n问：你叫什么名字？\n答：张某。"
    assert detect_kind(document_from_text("t.txt", transcript)) is DocKind.TRANSCRIPT
    notes = "会议纪要\n今天讨论了项目进度。\n下周继续。"
    assert detect_kind(document_from_text("n.txt", notes)) is DocKind.GENERIC


def test_a_contract_with_article_numbering_is_not_a_statute():
    text = "房屋租赁合同\n甲方：某公司\n乙方：某某\n第一条 租赁物\n本合同租赁物为某房屋。\n第二条 租金\n每月租金3000元。\n第三条 期限\n一年。"
    assert detect_kind(document_from_text("lease.txt", text)) is DocKind.CONTRACT


def test_a_statute_quoted_in_a_transcript_stays_a_transcript():
    text = "\n".join(["询问笔录", "问：你知道刑法第二百六十六条吗？", "答：不知道。", "问：第二百六十六条 是诈骗罪。",
                      "答：知道了。", "问：还有吗？", "答：没有。"])
    assert detect_kind(document_from_text("t.txt", text)) is DocKind.TRANSCRIPT
