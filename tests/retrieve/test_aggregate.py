"""Evidence aggregation on real ingested documents: chains, cited articles, chapter context, order,
bounds (statute expansion on real laws: tests/statutes/test_graph.py)."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.config import Settings
from engine.retrieve.aggregate import aggregate
from engine.bench.pdfmaker import make_pdf

pytestmark = pytest.mark.integration

STATUTE = """# 中华人民共和国示范法

2020年1月1日 第一次会议通过

<!-- INFO END -->

## 第一章 总则

第一条 为了示范引用，制定本法。

第二条 违反本法第三条规定的，依照本法第四条的规定处罚。

## 第二章 责任

第三条 任何人不得伪造证据。

第四条 伪造证据的，处一万元以下罚款。

第五条 本条与其他条文无关。
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory, cjk_font):
    home = tmp_path_factory.mktemp("agg")
    eng = Engine(settings=Settings.from_name("strict", home=str(home / "home"), ingest={"ocr": "off"}))
    law = home / "中华人民共和国示范法(2020-01-01).md"
    law.write_text(STATUTE, encoding="utf-8")
    long_answer = "答：" + "".join(f"第{i}件事是我在二〇二二年做的，具体经过是这样的，当时我在外地出差，回来以后才知道。"
                                  for i in range(1, 16))
    pdf = make_pdf(home / "笔录.pdf", [["讯问笔录", "问：你做过哪些事？", long_answer,
                                         "问：还有别的吗？", "答：没有了。"]], font=cjk_font)
    result = eng.ingest([law, pdf])
    assert result.ok, result.to_dict()
    yield eng
    eng.index.catalog.close()


def test_cited_articles_come_along_with_the_citing_article(engine):
    hits = engine.search("违反规定怎么处罚", k=1, mode="bm25", rerank=False).results
    assert hits[0].chunk.meta["article_label"] == "第二条"
    blocks = aggregate(hits, engine.index.catalog)
    labels = [(b.chunk.meta["article_label"], b.role) for b in blocks]
    # Cited articles, then the neighbour under the same heading (第三条 is under 第二章: not context).
    assert labels == [("第一条", "context"), ("第二条", "hit"), ("第三条", "cited"), ("第四条", "cited")]
    assert all(b.via == hits[0].chunk.chunk_id for b in blocks if b.role != "hit")
    assert blocks[1].context.endswith("第一章 总则")
    cited = aggregate(hits, engine.index.catalog, max_cited=1, max_context=0)
    assert [b.chunk.meta["article_label"] for b in cited] == ["第二条", "第三条"]


def test_a_part_of_a_long_answer_brings_its_whole_chain(engine):
    parts = [c for c in engine.chunks() if c.chunk_type == "qa_part"]
    assert len(parts) >= 2, "the long answer must have been split"
    hits = engine.search("第14件事", k=1, mode="bm25", rerank=False).results
    assert hits[0].chunk.chunk_type == "qa_part"
    blocks = aggregate(hits, engine.index.catalog)
    chain = hits[0].chunk.meta["chain_id"]
    assert {b.chunk.chunk_id for b in blocks} == {c.chunk_id for c in parts if c.meta["chain_id"] == chain}
    assert [b.chunk.seq for b in blocks] == sorted(b.chunk.seq for b in blocks)  # document order


def test_duplicates_and_bounds(engine):
    hits = engine.search("证据", k=10, mode="hybrid", rerank=False).results
    blocks = aggregate(hits + hits, engine.index.catalog, max_blocks=3)
    assert len(blocks) == 3 and len({b.chunk.chunk_id for b in blocks}) == 3
    with pytest.raises(ValueError):
        aggregate(hits, engine.index.catalog, max_blocks=0)
