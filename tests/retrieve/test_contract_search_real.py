"""Contract questions on three real CUAD contracts (PDFs ingested through the normal pipeline) and
their real LegalBench-RAG-style tests: the named contract restricts the search, the clause
category is detected, headings are indexed with the clauses, and the stages help."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.bench.cuad import ingest_contracts, load_contracts, load_tests, map_corpus, run_cuad
from engine.config import Settings
from engine.store.lexical import section_context
from engine.text.tokenize import tokenize
from tests.conftest import REPO

CUAD = REPO.parent / "shared" / "datasets" / "cuad"

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not (CUAD / "legalbenchrag_style_benchmark.json").is_file(),
                                 reason="../shared/datasets/cuad not present")]


@pytest.fixture(scope="module")
def cuad_small(tmp_path_factory):
    """The three shortest contracts of the set, in a folder laid out like the dataset."""
    root = tmp_path_factory.mktemp("cuad")
    contracts = sorted(load_contracts(CUAD), key=lambda c: c["n_chars"])[:3]
    for sub in ("contracts_pdf", "contracts_txt"):
        (root / sub).mkdir()
    for c in contracts:
        for key in ("pdf", "txt"):
            (root / c[key]).write_bytes((CUAD / c[key]).read_bytes())
    (root / "docs.jsonl").write_text("".join(__import__("json").dumps(c) + "\n" for c in contracts), "utf-8")
    engine = Engine(settings=Settings.from_name("strict", home=str(root / "home"), ingest={"ocr": "off"}))
    summary, txt_of = ingest_contracts(engine, root)
    assert not summary.failed
    files = {c["txt"] for c in contracts}
    tests = [t for t in load_tests(CUAD) if t.files <= files]
    yield engine, map_corpus(engine, root, txt_of), tests
    engine.index.catalog.close()


def test_a_question_naming_a_contract_searches_only_that_contract(cuad_small):
    engine, corpus, tests = cuad_small
    assert len(tests) >= 8
    for test in tests:
        response = engine.search(test.query, k=10)
        named = [c["doc_id"] for c in response.understanding["contracts"]]
        assert corpus.file_of[named[0]] in test.files
        assert {h.chunk.doc_id for h in response.results} <= set(named)
    # without a contract's name nothing is restricted
    unnamed = engine.search("What is the governing law for this contract?", k=30)
    assert "contracts" not in unnamed.understanding
    assert len({h.chunk.doc_id for h in unnamed.results}) > 1
    assert unnamed.understanding["clause_category"] == "Governing Law"


def test_clause_chunks_are_indexed_with_their_section_headings(cuad_small):
    engine, _, _ = cuad_small
    lexical = engine.index.lexical_index()
    clauses = [c for c in engine.index.catalog.chunks() if c.meta.get("clause_no") and c.meta.get("heading")]
    assert len(clauses) >= 10
    tokens = {cid: toks.split() for cid, _doc, toks in engine.index.catalog.lexical_rows()}
    for chunk in clauses:
        context = section_context(chunk.meta)
        assert context and set(tokenize(context)) <= set(tokens[chunk.chunk_id]), (context, chunk.text[:60])
    # a clause cut in parts keeps its heading in every part (the second part's text lacks it)
    parts = [c for c in clauses if not c.text.lstrip().startswith(c.meta["clause_no"])]
    for chunk in parts:
        assert set(tokenize(chunk.meta["heading"])) <= set(tokens[chunk.chunk_id])
    assert len(lexical) == engine.index.catalog.chunk_count()


def test_the_contract_stages_do_not_lose_to_plain_fusion(cuad_small):
    engine, corpus, tests = cuad_small
    plain = {"contract_focus": False, "clause_categories": False}
    runs = run_cuad(engine, tests, corpus, {
        "plain": {"mode": "hybrid", "rerank": False, "retrieval": plain},
        "stages": {"mode": "hybrid", "rerank": False},
        "default": {"mode": "hybrid", "rerank": True}}, ks=(1, 4, 16))
    by = {r.name: r.metrics for r in runs}
    for metric in ("R@4", "R@16"):
        assert by["stages"][metric] >= by["plain"][metric], (metric, by)
        assert by["default"][metric] >= by["plain"][metric], (metric, by)
    assert engine.settings.retrieval.contract_focus  # the switches were put back
    # without a cross-encoder a contract pool keeps its stages' order, and says so
    assert engine.search(tests[0].query, k=3).reranker == "fusion order (fallback)"
