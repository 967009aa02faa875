"""A home whose BM25 tokens were made by an older tokenizer gets them re-made once, so index and
query tokens never disagree (English stemming came with tokenizer version 2)."""

from __future__ import annotations

import sqlite3

import pytest

from engine import Engine
from engine.config import Settings
from engine.store.lexical import lexical_text
from engine.text.tokenize import TOKENIZER_VERSION, tokenize
from tests.conftest import REPO

pytestmark = pytest.mark.integration

CONTRACT = REPO / "data" / "demo" / "Services_Agreement_Northwind-HarborLane_2023.pdf"


def test_stale_tokens_are_remade_once_and_search_finds_stemmed_words(tmp_path):
    home = tmp_path / "home"
    engine = Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))
    assert engine.ingest([CONTRACT], kind="contract").ok
    assert engine.index.catalog.tokenizer_version() == TOKENIZER_VERSION
    engine.index.catalog.close()
    # what a version-1 home looks like: unstemmed tokens and no section headings, version 1
    with sqlite3.connect(home / "catalog.sqlite") as conn:
        conn.execute("UPDATE chunks SET tokens = lower(text)")
        conn.execute("UPDATE meta SET value='1' WHERE key='tokenizer'")
    reopened = Engine(settings=Settings.from_name("strict", home=str(home), ingest={"ocr": "off"}))
    generation = reopened.index.catalog.generation()
    lexical = reopened.index.lexical_index()
    assert reopened.index.catalog.tokenizer_version() == TOKENIZER_VERSION
    assert reopened.index.catalog.generation() == generation + 1  # derived indexes rebuild
    stored = {cid: toks.split() for cid, _doc, toks in reopened.index.catalog.lexical_rows()}
    for chunk in reopened.index.catalog.chunks():
        assert stored[chunk.chunk_id] == tokenize(lexical_text(chunk))
    assert len(lexical) == len(stored)
    # "terminated" in a question meets "termination" in the contract
    hits = reopened.search("When can the agreement be terminated?", k=5, mode="bm25")
    assert any("terminat" in h.chunk.text.lower() for h in hits.results)
    reopened.index.lexical_index()
    assert reopened.index.catalog.generation() == generation + 1  # once
    reopened.index.catalog.close()
