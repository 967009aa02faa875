"""The statute reference graph and the retrieval expansion that follows it, on real statute text.

The laws come from ../shared/datasets/statutes (LawRefBook Markdown). Large ones are sliced to the
chapters a test needs (header + those chapters, verbatim: still real text), and the embedding
cache is seeded with the dataset's precomputed vectors, so the module ingests in seconds.
Every expected reference below was found by reading the files, not guessed:
  刑法 第七十条/第七十一条/第七十七条 "依照本法第六十九条"; 第六十五条 "前款"; 第六十七条 "前两款";
  自首和立功解释 第一、二、三条 "根据刑法第六十七条第X款", 第五、七条 "根据刑法第六十八条第一款";
  民法典 第六百一十七条 "本法第五百八十二条至第五百八十四条"; 第四百六十六条 "本法第一百四十二条第一款";
  第六百一十三条 "前条", 第六百四十三条 "前条第一款";
  合同编通则解释 第六十、六十三、六十五条 "民法典第五百八十四条", 第六十二条 "本解释第六十条、第六十一条";
  民诉法解释(2022) 第一百九十条 "民事诉讼法第一百一十五条", 第一百九十一条 "…第一百一十五条或者
  第一百一十六条", 第一百七十八条 "…第一百一十三条至第一百一十七条";
  期货纠纷规定（二）(2020) 第八条 "《中华人民共和国民事诉讼法》第一百一十四条";
  证券交易所管辖规定 第一条 "《中华人民共和国民事诉讼法》第三十七条和《中华人民共和国行政诉讼法》第二十三条".
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from engine import Engine
from engine.bench.statutes import seed_statute_vectors
from engine.config import Settings
from engine.retrieve.aggregate import ROLES, aggregate
from engine.retrieve.search import SearchHit
from engine.statutes.graph import EDGE_KINDS, MAX_RANGE_ARTICLES, ReferenceGraph, article_key
from engine.text.refs import article_label
from engine.types import Chunk
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration

CRIMINAL = "中华人民共和国刑法"
CIVIL_CODE = "中华人民共和国民法典"
CIVIL_PROCEDURE = "中华人民共和国民事诉讼法"
ADMIN_PROCEDURE = "中华人民共和国行政诉讼法"
SURRENDER = "最高人民法院关于处理自首和立功具体应用法律若干问题的解释"
CONTRACT_INTERP = "最高人民法院关于适用《中华人民共和国民法典》合同编通则若干问题的解释"
PROCEDURE_INTERP = "最高人民法院关于适用《中华人民共和国民事诉讼法》的解释"
FUTURES = "最高人民法院关于审理期货纠纷案件若干问题的规定（二）"
EXCHANGE = "最高人民法院关于对与证券交易所监管职能相关的诉讼案件管辖与受理问题的规定"

_HEADING = re.compile(r"^(#+)[ \t]+(.+?)[ \t]*$")
_INFO_END = "<!-- INFO END -->"


def law_slice(source: Path, out_dir: Path, keep: tuple[str, ...]) -> Path:
    """The header of a LawRefBook file and the sections headed by ``keep`` (with their parent
    headings), verbatim, under the same file name (which carries the version date)."""
    lines = source.read_text(encoding="utf-8").split("\n")
    header_end = lines.index(_INFO_END)
    kept = set(range(header_end + 1))
    stack: list[tuple[int, int]] = []  # (level, line index) of the enclosing headings
    keeping: int | None = None
    found = set()
    for i in range(header_end + 1, len(lines)):
        match = _HEADING.match(lines[i])
        if match:
            level, title = len(match.group(1)), match.group(2)
            while stack and stack[-1][0] >= level:
                stack.pop()
            if keeping is not None and level <= keeping:
                keeping = None
            if keeping is None and title in keep:
                keeping = level
                found.add(title)
                kept.update(j for _, j in stack)
            stack.append((level, i))
        if keeping is not None:
            kept.add(i)
    assert found == set(keep), f"headings not in {source.name}: {set(keep) - found}"
    out = out_dir / source.name
    out.write_text("\n\n".join(lines[i] for i in sorted(kept) if lines[i].strip()) + "\n", encoding="utf-8")
    return out


def new_engine(home: Path) -> Engine:
    return Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))


@pytest.fixture(scope="module")
def corpus(datasets, tmp_path_factory):
    laws = dataset_file(datasets, "statutes/laws")
    older = dataset_file(datasets, "statutes/versions")
    dataset_file(datasets, "statutes/e5_small_latest.f16.npy")
    root = tmp_path_factory.mktemp("refs")
    sliced = root / "sliced"
    sliced.mkdir()
    files = [
        law_slice(laws / f"{CRIMINAL}(2023-12-29).md", sliced, ("第四章 刑罚的具体运用",)),
        laws / f"{SURRENDER}(1998-04-17).md",
        law_slice(laws / f"{CIVIL_CODE}(2021-01-01)_合同编.md", sliced,
                  ("第一章 一般规定", "第八章 违约责任", "第九章 买卖合同")),
        law_slice(laws / f"{CIVIL_CODE}(2021-01-01)_总则.md", sliced, ("第二节 意思表示",)),
        law_slice(laws / f"{CONTRACT_INTERP}(2023-12-04).md", sliced, ("八、违约责任",)),
        law_slice(older / f"{CIVIL_PROCEDURE}(2021-12-24).md", sliced, ("第十章 对妨害民事诉讼的强制措施",)),
        law_slice(laws / f"{CIVIL_PROCEDURE}(2023-09-01).md", sliced, ("第十章 对妨害民事诉讼的强制措施",)),
        law_slice(laws / f"{PROCEDURE_INTERP}(2022-04-02).md", sliced, ("八、对妨害民事诉讼的强制措施",)),
        laws / f"{FUTURES}(2020-12-29).md",
        laws / f"{EXCHANGE}(2020-12-29).md",
    ]
    for path in files:
        assert path.exists(), path
    engine = new_engine(root / "home")
    seed_statute_vectors(engine, datasets / "statutes")
    result = engine.ingest(files, kind="statute")
    assert result.ok, result.to_dict()
    graph = ReferenceGraph.for_catalog(engine.index.catalog)
    graph.ensure_built()  # whether or not ingest already built them
    assert all(graph.is_built(d.doc_id) for d in result.documents)
    yield SimpleNamespace(engine=engine, catalog=engine.index.catalog, graph=graph)
    engine.index.catalog.close()
    graph.close()


def article(catalog, law: str, label: str, version: str | None = None) -> Chunk:
    """The (first chunk of the) article ``label`` of ``law``; one version must be meant."""
    chunks = [c for c in catalog.get_chunks(catalog.find_articles(label, law=law))
              if version is None or c.meta.get("version") == version]
    assert chunks, f"{law} {label} {version} not ingested"
    assert len({c.doc_id for c in chunks}) == 1, f"{law} {label}: several versions, name one"
    return min(chunks, key=lambda c: c.seq)


def sources(edges) -> set[tuple[str, str]]:
    """(citing law, citing article) of each edge."""
    return {(e.src_law, e.src_label) for e in edges}


def hit(chunk: Chunk, rank: int = 1) -> SearchHit:
    return SearchHit(rank=rank, chunk=chunk, doc_name=chunk.doc_id, score=1.0 / rank)


# -- the graph ---------------------------------------------------------------------------------
def test_this_law_references_resolve_in_both_directions(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art70 = article(cat, CRIMINAL, "第七十条")
    [edge] = [e for e in graph.refers_to(art70.chunk_id) if e.cross_article]
    assert (edge.kind, edge.law_name, edge.law, edge.label) == ("direct", "本法", CRIMINAL, "第六十九条")
    assert art70.text[edge.start:edge.end] == edge.text == "第六十九条"  # the law name is in law_name
    art69 = article(cat, CRIMINAL, "第六十九条")
    assert [t.chunk_id for t in edge.preferred()] == [art69.chunk_id]
    citing = graph.referred_by(art69.chunk_id)
    assert sources(citing) == {(CRIMINAL, "第七十条"), (CRIMINAL, "第七十一条"), (CRIMINAL, "第七十七条")}
    assert all(e.label == "第六十九条" for e in citing)


def test_paragraph_references_stay_inside_their_article(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art65 = article(cat, CRIMINAL, "第六十五条")
    [edge] = graph.refers_to(art65.chunk_id)
    assert (edge.kind, edge.text, edge.label, edge.paragraph) == ("relative", "前款", "第六十五条", "第一款")
    assert edge.resolved and not edge.cross_article
    art67 = article(cat, CRIMINAL, "第六十七条")
    [edge] = graph.refers_to(art67.chunk_id)
    assert (edge.text, edge.label, edge.paragraph) == ("前两款", "第六十七条", "第一款至第二款")
    # A paragraph edge never makes an article cite itself.
    assert all(e.src_label != "第六十五条" for e in graph.referred_by(art65.chunk_id))


def test_the_previous_article_is_the_one_before_in_the_same_law(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art613 = article(cat, CIVIL_CODE, "第六百一十三条")
    [edge] = graph.refers_to(art613.chunk_id)
    assert (edge.kind, edge.text, edge.law, edge.label) == ("relative", "前条", CIVIL_CODE, "第六百一十二条")
    assert edge.cross_article
    art612 = article(cat, CIVIL_CODE, "第六百一十二条")
    assert edge.preferred()[0].chunk_id == art612.chunk_id
    assert (CIVIL_CODE, "第六百一十三条") in sources(graph.referred_by(art612.chunk_id))
    art643 = article(cat, CIVIL_CODE, "第六百四十三条")
    [edge] = graph.refers_to(art643.chunk_id)
    assert (edge.text, edge.label, edge.paragraph) == ("前条第一款", "第六百四十二条", "第一款")


def test_an_interpretation_cites_the_criminal_law_by_its_short_name(corpus):
    cat, graph = corpus.catalog, corpus.graph
    first = article(cat, SURRENDER, "第一条")
    [edge] = graph.refers_to(first.chunk_id)
    assert (edge.law_name, edge.law, edge.label, edge.paragraph) == ("刑法", CRIMINAL, "第六十七条", "第一款")
    assert edge.text == "第六十七条第一款"
    art67 = article(cat, CRIMINAL, "第六十七条")
    assert edge.preferred()[0].chunk_id == art67.chunk_id
    assert sources(graph.referred_by(art67.chunk_id)) == {
        (SURRENDER, "第一条"), (SURRENDER, "第二条"), (SURRENDER, "第三条")}
    art68 = article(cat, CRIMINAL, "第六十八条")
    assert sources(graph.referred_by(art68.chunk_id)) == {(SURRENDER, "第五条"), (SURRENDER, "第七条")}


def test_a_range_expands_to_the_articles_the_law_has(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art617 = article(cat, CIVIL_CODE, "第六百一十七条")
    edges = graph.refers_to(art617.chunk_id)
    assert [e.label for e in edges] == ["第五百八十二条", "第五百八十三条", "第五百八十四条"]
    assert {(e.kind, e.range, e.text) for e in edges} == {
        ("range", ("第五百八十二条", "第五百八十四条"), "第五百八十二条至第五百八十四条")}
    assert all(e.preferred()[0].doc_id == art617.doc_id for e in edges)
    # 第五百八十四条 in both directions: the range in the code, and the interpretation naming 民法典.
    art584 = article(cat, CIVIL_CODE, "第五百八十四条")
    assert sources(graph.referred_by(art584.chunk_id)) == {
        (CIVIL_CODE, "第六百一十七条"), (CONTRACT_INTERP, "第六十条"), (CONTRACT_INTERP, "第六十三条"),
        (CONTRACT_INTERP, "第六十五条")}
    art583 = article(cat, CIVIL_CODE, "第五百八十三条")
    assert sources(graph.referred_by(art583.chunk_id)) == {(CIVIL_CODE, "第六百一十七条")}
    # The interpretation's 民法典第五百八十四条 and its own 本解释第六十条.
    art60 = article(cat, CONTRACT_INTERP, "第六十条")
    edge = graph.refers_to(art60.chunk_id)[0]
    assert (edge.law_name, edge.law, edge.label) == ("民法典", CIVIL_CODE, "第五百八十四条")
    art62 = article(cat, CONTRACT_INTERP, "第六十二条")
    edges = graph.refers_to(art62.chunk_id)
    assert [(e.law_name, e.law, e.label) for e in edges] == [
        ("本解释", CONTRACT_INTERP, "第六十条"), ("本解释", CONTRACT_INTERP, "第六十一条")]
    assert edges[0].preferred()[0].chunk_id == art60.chunk_id


def test_this_law_reaches_across_the_parts_of_the_civil_code(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art466 = article(cat, CIVIL_CODE, "第四百六十六条")
    [edge] = graph.refers_to(art466.chunk_id)
    assert (edge.law, edge.label, edge.paragraph) == (CIVIL_CODE, "第一百四十二条", "第一款")
    target = cat.get_chunks([edge.preferred()[0].chunk_id])[0]
    assert target.doc_id != art466.doc_id and target.meta["part"] == "总则"
    assert target.text.startswith("第一百四十二条 有相对人的意思表示的解释")


def test_the_cited_version_is_the_one_in_force_when_the_citing_text_was_issued(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art190 = article(cat, PROCEDURE_INTERP, "第一百九十条")
    edge = next(e for e in graph.refers_to(art190.chunk_id) if e.label == "第一百一十五条")
    assert (edge.law_name, edge.law) == ("民事诉讼法", CIVIL_PROCEDURE)
    assert {t.version for t in edge.targets} == {"2021-12-24", "2023-09-01"}
    assert edge.preferred()[0].version == "2021-12-24" and not edge.newer_than_source
    meant = cat.get_chunks([edge.preferred()[0].chunk_id])[0].text
    assert "侵害他人合法权益" in meant and "国家利益" not in meant  # 2023 added 国家利益、社会公共利益
    # A 2020 text citing 第一百一十四条 meant the 2017 numbering; only later versions are here, so
    # the newest is offered and the edge says it is newer than the citation.
    art8 = article(cat, FUTURES, "第八条")
    [edge] = graph.refers_to(art8.chunk_id)
    assert (edge.law_name, edge.law, edge.label) == (CIVIL_PROCEDURE, CIVIL_PROCEDURE, "第一百一十四条")
    assert edge.preferred()[0].version == "2023-09-01" and edge.newer_than_source


def test_an_enumeration_keeps_the_law_it_started_with(corpus):
    cat, graph = corpus.catalog, corpus.graph
    art191 = article(cat, PROCEDURE_INTERP, "第一百九十一条")
    assert [(e.law, e.label) for e in graph.refers_to(art191.chunk_id)] == [
        (CIVIL_PROCEDURE, "第一百一十五条"), (CIVIL_PROCEDURE, "第一百一十六条")]
    art178 = article(cat, PROCEDURE_INTERP, "第一百七十八条")
    edges = graph.refers_to(art178.chunk_id)
    assert [e.label for e in edges] == ["第一百一十三条", "第一百一十四条", "第一百一十五条",
                                        "第一百一十六条", "第一百一十七条"]
    assert all(e.kind == "range" and e.preferred()[0].version == "2021-12-24" for e in edges)


def test_referred_by_answers_for_every_version_of_the_article(corpus):
    cat, graph = corpus.catalog, corpus.graph
    old = article(cat, CIVIL_PROCEDURE, "第一百一十五条", "2021-12-24")
    new = article(cat, CIVIL_PROCEDURE, "第一百一十五条", "2023-09-01")
    citing_old = {(e.src_chunk_id, e.start) for e in graph.referred_by(old.chunk_id)}
    assert citing_old == {(e.src_chunk_id, e.start) for e in graph.referred_by(new.chunk_id)}
    assert {(PROCEDURE_INTERP, "第一百九十条"), (PROCEDURE_INTERP, "第一百九十一条"),
            (PROCEDURE_INTERP, "第一百七十八条")} <= sources(graph.referred_by(old.chunk_id))


def test_names_and_articles_that_are_not_ingested_are_never_guessed(corpus):
    cat, graph = corpus.catalog, corpus.graph
    first = article(cat, EXCHANGE, "第一条")
    civil, admin = graph.refers_to(first.chunk_id)
    # The law is here but not its 第三十七条 (sliced away): resolved law, no target.
    assert (civil.law, civil.label, civil.targets) == (CIVIL_PROCEDURE, "第三十七条", ())
    # No 行政诉讼法 is ingested: the edge keeps its text and stays unresolved.
    assert (admin.law_name, admin.law, admin.label, admin.text) == (
        ADMIN_PROCEDURE, None, "第二十三条", "第二十三条")
    assert not admin.resolved and not admin.cross_article and admin.targets == ()


def test_every_edge_quotes_its_chunk_verbatim(corpus):
    cat, graph = corpus.catalog, corpus.graph
    checked = 0
    for chunk in cat.chunks():
        for edge in graph.refers_to(chunk.chunk_id):
            assert chunk.text[edge.start:edge.end] == edge.text
            assert edge.kind in EDGE_KINDS
            checked += 1
    assert checked > 40


def test_building_again_changes_nothing(corpus):
    cat, graph = corpus.catalog, corpus.graph
    doc_id = article(cat, PROCEDURE_INTERP, "第一百九十条").doc_id
    before = graph.edge_count(doc_id)
    assert before > 10
    assert graph.build_for_document(doc_id) == before == graph.edge_count(doc_id)
    assert graph.ensure_built() == 0


def test_article_keys_order_sub_articles_between_their_neighbours():
    assert article_key("第十条") < article_key("第十条之一") < article_key("第十一条")
    assert article_key("第一百零一条") == 101_000 and article_key("不是条文") is None


def test_a_late_law_resolves_waiting_edges_and_a_deletion_takes_its_edges(datasets, tmp_path):
    laws = dataset_file(datasets, "statutes/laws")
    engine = new_engine(tmp_path / "home")
    graph = ReferenceGraph.for_catalog(engine.index.catalog)
    try:
        rule = engine.ingest([laws / f"{EXCHANGE}(2020-12-29).md"], kind="statute").documents[0]
        # A home whose documents predate the graph: ensure_built reads them.
        with graph._write() as conn:
            conn.execute("DELETE FROM statute_ref_docs")
            conn.execute("DELETE FROM statute_refs")
        assert not graph.is_built(rule.doc_id)
        assert ReferenceGraph(engine.index.catalog).ensure_built() == 1
        assert graph.is_built(rule.doc_id)
        first = article(engine.index.catalog, EXCHANGE, "第一条")
        admin = graph.refers_to(first.chunk_id)[1]
        assert (admin.law_name, admin.law) == (ADMIN_PROCEDURE, None)

        sliced = tmp_path / "sliced"
        sliced.mkdir()
        law = engine.ingest([law_slice(laws / f"{ADMIN_PROCEDURE}(2017-06-27).md", sliced, ("第三章 管辖",))],
                            kind="statute").documents[0]
        graph.build_for_document(law.doc_id)
        admin = graph.refers_to(first.chunk_id)[1]
        art23 = article(engine.index.catalog, ADMIN_PROCEDURE, "第二十三条")
        assert (admin.law, admin.label) == (ADMIN_PROCEDURE, "第二十三条")
        assert [t.chunk_id for t in admin.preferred()] == [art23.chunk_id]
        assert sources(graph.referred_by(art23.chunk_id)) == {(EXCHANGE, "第一条")}

        assert graph.edge_count(rule.doc_id) == 2
        assert engine.delete(rule.doc_id)
        assert graph.edge_count(rule.doc_id) == 0 and graph.edge_count() == 0
        assert graph.referred_by(art23.chunk_id) == []
        assert not graph.is_built(rule.doc_id)
        assert graph.ensure_built() == 0
    finally:
        engine.index.catalog.close()
        graph.close()


def test_a_long_range_is_cut_at_the_bound(tmp_path):
    # Synthetic on purpose: no real text in the corpus spans more than 20 articles of one law.
    count = MAX_RANGE_ARTICLES + 5
    body = "\n\n".join(f"{article_label(n)} 第{n}项示范规则。" for n in range(1, count + 1))
    law = tmp_path / "示范法(2020-01-01).md"
    law.write_text(f"# 示范法\n\n<!-- INFO END -->\n\n{body}\n\n"
                   f"{article_label(count + 1)} 违反本法第一条至{article_label(count)}规定的，予以警告。\n",
                   encoding="utf-8")
    engine = new_engine(tmp_path / "home")
    graph = ReferenceGraph.for_catalog(engine.index.catalog)
    try:
        assert engine.ingest([law], kind="statute").ok
        graph.ensure_built()
        last = article(engine.index.catalog, "示范法", article_label(count + 1))
        edges = graph.refers_to(last.chunk_id)
        assert [e.label for e in edges] == [article_label(n) for n in range(1, MAX_RANGE_ARTICLES + 1)]
        assert {e.range for e in edges} == {("第一条", article_label(count))}
        # Every article of the range still knows it is cited, also beyond the bound.
        beyond = article(engine.index.catalog, "示范法", article_label(count))
        assert sources(graph.referred_by(beyond.chunk_id)) == {("示范法", article_label(count + 1))}
    finally:
        engine.index.catalog.close()
        graph.close()


# -- retrieval expansion -----------------------------------------------------------------------
def labelled(blocks) -> list[tuple[str, str, str | None]]:
    return [(b.chunk.meta["article_label"], b.role, b.via) for b in blocks]


def test_expansion_adds_cited_articles_then_chapter_context(corpus):
    cat = corpus.catalog
    art70 = article(cat, CRIMINAL, "第七十条")
    blocks = aggregate([hit(art70)], cat)
    # 第六十九条 is both cited and the neighbour before: it comes once, as cited.
    assert labelled(blocks) == [("第六十九条", "cited", art70.chunk_id), ("第七十条", "hit", None),
                                ("第七十一条", "context", art70.chunk_id)]
    assert all(b.note is None for b in blocks)
    assert blocks[0].context.endswith("第四节 数罪并罚")


def test_expansion_is_deduplicated_and_bounded(corpus):
    cat = corpus.catalog
    art69, art70 = article(cat, CRIMINAL, "第六十九条"), article(cat, CRIMINAL, "第七十条")
    blocks = aggregate([hit(art70), hit(art69, 2), hit(art70, 3)], cat)
    assert [(label, role) for label, role, _ in labelled(blocks)] == [
        ("第六十九条", "hit"), ("第七十条", "hit"), ("第七十一条", "context")]
    assert [b.role for b in aggregate([hit(art70)], cat, max_cited=0, max_context=0)] == ["hit"]
    assert len(aggregate([hit(art70)], cat, max_blocks=2)) == 2
    many = [hit(article(cat, PROCEDURE_INTERP, label), i) for i, label in enumerate(
        ("第一百七十八条", "第一百九十条", "第一百九十一条", "第一百八十三条"), start=1)]
    blocks = aggregate(many, cat, max_cited=3, max_context=1)
    ids = [b.chunk.chunk_id for b in blocks]
    assert len(ids) == len(set(ids)) <= 12
    assert sum(b.role == "cited" for b in blocks) <= 3 and sum(b.role == "context" for b in blocks) <= 1
    assert all(b.via in {h.chunk.chunk_id for h in many} for b in blocks if b.role != "hit")
    assert {b.role for b in blocks} <= set(ROLES)
    with pytest.raises(ValueError):
        aggregate(many, cat, max_context=-1)


def test_expansion_takes_the_version_the_citation_means_and_says_when_it_cannot(corpus):
    cat = corpus.catalog
    art190 = article(cat, PROCEDURE_INTERP, "第一百九十条")
    cited = [b for b in aggregate([hit(art190)], cat) if b.role == "cited"]
    assert [(b.chunk.meta["article_label"], b.chunk.meta["version"], b.note) for b in cited] == [
        ("第一百一十五条", "2021-12-24", None)]
    art8 = article(cat, FUTURES, "第八条")
    [cited] = [b for b in aggregate([hit(art8)], cat) if b.role == "cited"]
    assert (cited.chunk.meta["article_label"], cited.chunk.meta["version"]) == ("第一百一十四条", "2023-09-01")
    assert cited.note and "2023-09-01" in cited.note and "2020-12-29" in cited.note


def test_citing_articles_only_when_asked(corpus):
    cat = corpus.catalog
    art67 = article(cat, CRIMINAL, "第六十七条")
    assert all(b.role != "citing" for b in aggregate([hit(art67)], cat))
    blocks = aggregate([hit(art67)], cat, include_citing=True, max_citing=2, max_context=0)
    citing = [b for b in blocks if b.role == "citing"]
    assert len(citing) == 2 and all(b.via == art67.chunk_id for b in citing)
    assert {b.chunk.meta["law_title"] for b in citing} == {SURRENDER}
    assert {b.chunk.meta["article_label"] for b in citing} <= {"第一条", "第二条", "第三条"}
