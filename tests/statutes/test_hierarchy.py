"""Law rank from title and issuer, on the headers of real files; the operator's override wins;
article chunks carry the rank and, when asked, embed it with the law and chapter."""

from __future__ import annotations

import re

import pytest

from engine.config import IngestSettings
from engine.ingest.pipeline import prepare_document
from engine.text.passages import embedding_text
from engine.statutes.hierarchy import LawRank, higher, infer_rank, rank_of
from tests.conftest import dataset_file

pytestmark = pytest.mark.unit


def _title_and_header(path) -> tuple[str, str]:
    text = path.read_text("utf-8")
    return re.search(r"^# (.+)$", text, re.M).group(1).strip(), text.split("<!-- INFO END -->")[0]


@pytest.mark.parametrize("name, rank", [
    ("中华人民共和国宪法(2018-03-11).md", LawRank.CONSTITUTION),
    ("中华人民共和国刑法(2023-12-29).md", LawRank.LAW),
    ("中华人民共和国道路运输条例(2023-07-20).md", LawRank.ADMINISTRATIVE_REGULATION),
    ("公安机关办理刑事案件程序规定(2020-07-20).md", LawRank.DEPARTMENTAL_RULE),
    ("最高人民法院关于审理人身损害赔偿案件适用法律若干问题的解释(2022-04-24).md",
     LawRank.JUDICIAL_INTERPRETATION),
    ("全国年节及纪念日放假办法(2024-11-10).md", LawRank.ADMINISTRATIVE_REGULATION),  # 国务院令
])
def test_rank_of_real_laws(datasets, name, rank):
    path = dataset_file(datasets, f"statutes/laws/{name}")
    assert infer_rank(*_title_and_header(path)) is rank


def test_titles_and_issuers_decide_together():
    assert infer_rank("某某管理规定", "2001年1月1日 中华人民共和国国务院令第1号公布") is LawRank.ADMINISTRATIVE_REGULATION
    assert infer_rank("某某管理规定", "2001年1月1日 交通运输部令第5号公布") is LawRank.DEPARTMENTAL_RULE
    assert infer_rank("某某管理规定", "") is LawRank.UNKNOWN  # nothing tells: said, not guessed
    assert infer_rank("北京市物业管理条例", "北京市人民代表大会常务委员会通过") is LawRank.LOCAL_REGULATION
    assert infer_rank("上海市某某办法", "上海市人民政府令第1号") is LawRank.LOCAL_GOVERNMENT_RULE
    assert infer_rank("城市市容和环境卫生管理条例", "国务院令第101号发布") is LawRank.ADMINISTRATIVE_REGULATION
    assert infer_rank("全国人民代表大会常务委员会关于维护互联网安全的决定") is LawRank.LAW
    assert rank_of("某某管理规定", "", {"某某管理规定": "部门规章"}) is LawRank.DEPARTMENTAL_RULE
    assert higher(LawRank.LAW, LawRank.DEPARTMENTAL_RULE) is LawRank.LAW
    assert higher(LawRank.LOCAL_REGULATION, LawRank.DEPARTMENTAL_RULE) is None


def test_chunks_carry_the_rank_and_the_override_wins(datasets):
    path = dataset_file(datasets, "statutes/laws/全国年节及纪念日放假办法(2024-11-10).md")
    plain = prepare_document(path.name, path.read_bytes(), kind="statute", settings=IngestSettings())
    article = next(c for c in plain.chunks if c.meta.get("article_label") == "第二条")
    assert article.meta["rank"] == "行政法规"
    assert not plain.embed_texts[article.seq].startswith("法律")  # bare by default
    overridden = prepare_document(
        path.name, path.read_bytes(), kind="statute", statute_context=True,
        settings=IngestSettings(statute_rank_overrides={"全国年节及纪念日放假办法": "部门规章"}))
    article = next(c for c in overridden.chunks if c.meta.get("article_label") == "第二条")
    assert article.meta["rank"] == "部门规章"
    text = overridden.embed_texts[article.seq]
    assert text.startswith("法律：全国年节及纪念日放假办法；层级：部门规章；条文：第二条 全体公民放假的节日")
    assert text == embedding_text(article, statute_context=True)
