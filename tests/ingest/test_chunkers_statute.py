"""Statute chunking against the real LawRefBook files and their article index, plus a PDF."""

from __future__ import annotations

import gzip
import json
import re
from collections import defaultdict
from pathlib import Path

import pytest

from engine.ingest.chunkers import chunk_document, detect_kind
from engine.ingest.chunkers.base import MAX_CHUNK_CHARS, assert_invariant, document_from_text, text_weight
from engine.ingest.chunkers.statute import accept_articles, article_candidate, article_label, chunk_statute
from engine.types import DocKind
from tests.conftest import dataset_file
from tests.ingest.test_chunkers_base import pdf_document

pytestmark = pytest.mark.unit

CRIMINAL_LAW = "statutes/laws/中华人民共和国刑法(2023-12-29).md"
CIVIL_CODE_PARTS = ("总则", "物权编", "合同编", "人格权编", "婚姻家庭编", "继承编", "侵权责任编", "附则")


@pytest.fixture(scope="module")
def articles_index(datasets) -> dict[tuple[str, str | None], dict[str, dict]]:
    """articles_latest.jsonl.gz by (law_title, part) → {article_label: record}."""
    index: dict[tuple[str, str | None], dict[str, dict]] = defaultdict(dict)
    with gzip.open(dataset_file(datasets, "statutes/articles_latest.jsonl.gz"), "rt", encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            index[(record["law_title"], record["part"])][record["article_label"]] = record
    return index


def load_markdown(path: Path):
    return document_from_text(path.name, path.read_text(encoding="utf-8"), media_type="markdown")


def articles_by_label(chunks) -> dict[str, list]:
    found: dict[str, list] = defaultdict(list)
    for chunk in chunks:
        if chunk.chunk_type == "article":
            found[chunk.meta["article_label"]].append(chunk)
    return found


def compare_with_index(path: Path, index) -> list[str]:
    """Differences between our chunks of ``path`` and the index: labels, version, paths, text."""
    doc = load_markdown(path)
    chunks = chunk_statute(doc)
    assert_invariant(doc, chunks)
    found = articles_by_label(chunks)
    if not found:
        return ["no articles"]
    meta = next(iter(found.values()))[0].meta
    gold = index.get((meta["law_title"], meta["part"]))
    if gold is None:
        return [f"law not in index: {meta['law_title']} / {meta['part']}"]
    problems = []
    if set(found) != set(gold):
        problems.append(f"labels: missing {sorted(set(gold) - set(found))[:5]}, "
                        f"extra {sorted(set(found) - set(gold))[:5]}")
    for label, pieces in found.items():
        record = gold.get(label)
        if record is None:
            continue
        if pieces[0].meta["version"] != record["version"]:
            problems.append(f"{label}: version {pieces[0].meta['version']} != {record['version']}")
        if pieces[0].meta["path"] != record["path"]:
            problems.append(f"{label}: path {pieces[0].meta['path']} != {record['path']}")
        ours = re.sub(r"\s+", "", "".join(p.text for p in pieces))
        if ours != re.sub(r"\s+", "", label + record["text"]):
            problems.append(f"{label}: text differs")
    return problems


@pytest.mark.integration
def test_criminal_law_articles_equal_the_index(datasets, articles_index):
    path = dataset_file(datasets, CRIMINAL_LAW)
    assert compare_with_index(path, articles_index) == []
    chunks = chunk_statute(load_markdown(path))
    found = articles_by_label(chunks)
    assert len(found) == len(articles_index[("中华人民共和国刑法", None)])
    piece = found["第一百二十条之一"][0]
    assert piece.text.startswith("第一百二十条之一 资助恐怖活动组织")
    assert piece.meta["path"] == ["第二编 分则", "第二章 危害公共安全罪"]
    assert piece.meta["law_short"] == "刑法" and piece.meta["version"] == "2023-12-29"
    assert piece.meta["article_no"] == [120, 1]
    assert sum(1 for label in found if "之" in label) > 50
    # The promulgation and amendment history is kept (as a chain: it is longer than one chunk).
    header = [c for c in chunks if c.chunk_type == "header"]
    assert chunks[0] is header[0] and len(header) > 1
    assert "刑法修正案（十二）" in header[-1].text
    assert all("INFO END" not in c.text for c in header)


@pytest.mark.integration
@pytest.mark.parametrize("part", CIVIL_CODE_PARTS)
def test_civil_code_parts_equal_the_index(datasets, articles_index, part):
    path = dataset_file(datasets, f"statutes/laws/中华人民共和国民法典(2021-01-01)_{part}.md")
    assert compare_with_index(path, articles_index) == []
    found = articles_by_label(chunk_statute(load_markdown(path)))
    assert set(found) == set(articles_index[("中华人民共和国民法典", part)])
    assert all(p.meta["part"] == part and p.meta["law_short"] == "民法典" for ps in found.values() for p in ps)
    if part == "合同编":
        article = found["第五百八十四条"][0]
        assert article.meta["path"] == ["第一分编 通则", "第八章 违约责任"]
        assert article.meta["version"] == "2021-01-01"


@pytest.mark.integration
@pytest.mark.slow
def test_every_statute_file_matches_the_index(datasets, articles_index):
    folder = dataset_file(datasets, "statutes/laws")
    mismatches = {path.name: problems for path in sorted(folder.glob("*.md"))
                  if (problems := compare_with_index(path, articles_index))}
    assert len(list(folder.glob("*.md"))) > 1000
    assert mismatches == {}


@pytest.mark.integration
def test_long_articles_are_split_into_a_chain_under_one_label(datasets):
    chunks = chunk_statute(load_markdown(dataset_file(datasets, CRIMINAL_LAW)))
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)
    chained = [c for c in chunks if c.chunk_type == "article" and "chain_id" in c.meta]
    assert chained, "the criminal law has articles over the size bound"
    by_chain = defaultdict(list)
    for chunk in chained:
        by_chain[chunk.meta["chain_id"]].append(chunk)
    for pieces in by_chain.values():
        assert len({p.meta["article_label"] for p in pieces}) == 1
        assert [p.meta["chain_index"] for p in pieces] == list(range(len(pieces)))


def test_in_text_references_never_start_an_article():
    text = "\n".join([
        "# 中华人民共和国示例法",
        "",
        "<!-- INFO END -->",
        "",
        "## 第一章 总则",
        "",
        "第一条 为了规范示例，制定本法。",
        "",
        "第二条 有下列情形之一的，依照本法",
        "第四十五条 的规定处罚：",  # a wrapped reference jumping ahead while 第三条 is still to come
        "（一）违反第一条规定的；",
        "第一条 所称示例，是指本法规定的示例。",  # a backward reference at a line start
        "",
        "第三条 依照本法第四十五条规定处理。",
        "",
        "第三条之一 本条为修正案增加的条文。",
        "",
        "第四条 本法自公布之日起施行。",
    ])
    doc = document_from_text("中华人民共和国示例法(2024-01-01).md", text, media_type="markdown")
    assert detect_kind(doc) is DocKind.STATUTE
    chunks = chunk_document(doc, DocKind.STATUTE)
    assert_invariant(doc, chunks)
    found = articles_by_label(chunks)
    assert list(found) == ["第一条", "第二条", "第三条", "第三条之一", "第四条"]
    second = found["第二条"][0]
    assert "第四十五条 的规定处罚" in second.text and "第一条 所称示例" in second.text
    assert found["第三条之一"][0].meta["article_no"] == [3, 1]
    assert second.meta["version"] == "2024-01-01" and second.meta["path"] == ["第一章 总则"]


def test_a_jump_is_kept_when_the_next_number_never_comes():
    # Sources skip numbers (merged paragraphs, amendments quoting new articles): keep the heading.
    lines = ["第一条 甲。", "第十一条 乙。", "第十二条 丙。", "第十三条 丁。"]
    candidates = [c for i, text in enumerate(lines) if (c := article_candidate(i, text))]
    assert [c.label for c in accept_articles(candidates)] == ["第一条", "第十一条", "第十二条", "第十三条"]


def test_labels_are_canonical():
    assert article_label((584, 0)) == "第五百八十四条"
    assert article_label((120, 1)) == "第一百二十条之一"
    assert article_label((10, 0)) == "第十条"
    assert article_label((1010, 0)) == "第一千零一十条"
    assert article_candidate(0, "第5条　本条用阿拉伯数字。").label == "第五条"
    assert article_candidate(0, "第五条规定的情形") is None  # no whitespace after the label


def test_statute_pdf_headings_articles_and_footers(tmp_path, cjk_font):
    from engine.bench.pdfmaker import make_pdf

    page_1 = ["中华人民共和国示例管理条例", "第一章 总则", "第一条 为了加强示例管理，制定本条例。",
              "第二条 本条例适用于示例活动。示例活动违反本条例", "第九条 规定的，依法处理。",
              "第二章 管理", "第一节 一般规定", "第三条 管理部门应当依法履职，", "- 1 -"]
    page_2 = ["并接受社会监督。", "第四条 本条例自2025年1月1日起施行。", "- 2 -"]
    path = make_pdf(tmp_path / "示例管理条例.pdf", [page_1, page_2], font=cjk_font)
    doc = pdf_document(path)
    assert detect_kind(doc) is DocKind.STATUTE
    chunks = chunk_statute(doc)
    assert_invariant(doc, chunks)
    found = articles_by_label(chunks)
    assert list(found) == ["第一条", "第二条", "第三条", "第四条"]
    assert found["第一条"][0].meta["law_title"] == "中华人民共和国示例管理条例"
    assert found["第一条"][0].meta["law_short"] == "示例管理条例"
    assert found["第一条"][0].meta["path"] == ["第一章 总则"]
    assert found["第三条"][0].meta["path"] == ["第二章 管理", "第一节 一般规定"]
    third = found["第三条"][0]
    assert third.text == "第三条 管理部门应当依法履职，\n并接受社会监督。"
    assert [s.page for s in third.spans] == [1, 2]
    assert "第九条 规定的" in found["第二条"][0].text
    assert all("- 1 -" not in c.text and "- 2 -" not in c.text for c in chunks)


def test_an_excerpt_is_cited_by_the_law_s_name():
    from engine.ingest.chunkers.statute import EXCERPT_MARK

    assert EXCERPT_MARK.sub("", "中华人民共和国刑法（节选）") == "中华人民共和国刑法"
    assert EXCERPT_MARK.sub("", "中华人民共和国刑法(摘录)") == "中华人民共和国刑法"
    assert EXCERPT_MARK.sub("", "关于节选问题的规定") == "关于节选问题的规定"
