"""Retrieval on the shared profile's server must answer as the embedded indexes do.

Real statute articles with their jieba tokens and random vectors, stored both in the in-memory
indexes (engine/store/lexical.py, dense.py) and on a real PostgreSQL + pgvector server
(engine/store/pg_retrieval.py): BM25 gives the same chunks with the same scores, bit for bit,
with and without filters and weights; exact vector search the same chunks in the same order; and
deleting a document leaves the statistics of the corpus without it.
"""

from __future__ import annotations

import gzip
import itertools
import json
import random

import numpy as np
import pytest

from engine.config import SharedSettings
from engine.store.dense import build_dense
from engine.store.lexical import LexicalIndex
from engine.store.pg_retrieval import PgRetrieval
from engine.text.tokenize import tokenize
from tests.conftest import dataset_file

pytestmark = pytest.mark.integration

DIM = 16
ARTICLES = 600


def _corpus(datasets):
    path = dataset_file(datasets, "statutes/articles_latest.jsonl.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        articles = [json.loads(line) for _, line in zip(range(ARTICLES), fh)]
    rng = np.random.default_rng(7)
    docs: dict[str, list] = {}
    for i, a in enumerate(articles):  # documents of 40 articles, chunks in article order
        docs.setdefault(f"d-{i // 40:02d}", []).append(a)
    rows, vectors = [], {}
    for doc_id, items in sorted(docs.items()):
        for seq, a in enumerate(items):
            chunk_id = f"{doc_id}:{seq:05d}"
            rows.append((chunk_id, doc_id, seq, " ".join(tokenize(a["text"])).split()))
            vectors[chunk_id] = rng.standard_normal(DIM).astype(np.float32)
    # two chunks with the same text and vector: ties must come out in the embedded order
    twin_doc, twin_seq = rows[0][1], max(r[2] for r in rows if r[1] == rows[0][1]) + 1
    rows.append((f"{twin_doc}:{twin_seq:05d}", twin_doc, twin_seq, list(rows[0][3])))
    vectors[rows[-1][0]] = vectors[rows[0][0]].copy()
    rows.sort(key=lambda r: (r[1], r[2]))
    return rows, vectors, articles


def _store(urls, rows, vectors, **settings) -> PgRetrieval:
    store = PgRetrieval(urls.retrieval, "test-space", DIM, SharedSettings(database_url=urls.database, **settings))
    for doc_id, group in itertools.groupby(rows, key=lambda r: r[1]):
        group = list(group)
        store.add_document(doc_id, [r[0] for r in group], [r[2] for r in group], [r[3] for r in group],
                           np.stack([vectors[r[0]] for r in group]))
    return store


def _embedded(rows, vectors):
    lexical = LexicalIndex.build([(r[0], r[1], r[3]) for r in rows])
    dense = build_dense(0, "test-space", [(r[0], r[1]) for r in rows],
                        lambda ids: {i: vectors[i] for i in ids}, DIM)
    return lexical, dense


@pytest.mark.slow
def test_bm25_on_the_server_is_the_embedded_bm25(datasets, shared_urls):
    rows, vectors, articles = _corpus(datasets)
    store = _store(shared_urls, rows, vectors)
    lexical, _ = _embedded(rows, vectors)
    doc_ids = sorted({r[1] for r in rows})
    rng = random.Random(3)
    queries = [tokenize(a["text"][:30]) for a in rng.sample(articles, 12)] + [["的"], ["不存在的词"], []]
    for query in queries:
        for k in (1, 10, 100):
            assert store.bm25(query, k) == lexical.search(query, k), (query, k)
        allowed = set(rng.sample(doc_ids, 3))
        excluded = set(rng.sample(doc_ids, 2)) - allowed
        assert store.bm25(query, 20, doc_ids=allowed) == lexical.search(query, 20, doc_ids=allowed)
        assert store.bm25(query, 20, exclude=excluded) == lexical.search(query, 20, exclude=excluded)
        weights = {t: 1.0 + i % 3 * 0.5 for i, t in enumerate(query)}
        assert store.bm25(query, 30, weights=weights) == lexical.search(query, 30, weights=weights)
    # every match at once (the contract heading channel asks for len(lexical))
    query = tokenize(articles[5]["text"][:30])
    assert store.bm25(query, len(rows)) == lexical.search(query, len(rows))
    assert store.stats().n == len(lexical)
    for term in {t for q in queries for t in q}:  # what the answer pipeline reads, unknown words too
        assert store.idf_of({t: df for t, (_, df) in store.term_rows([term]).items()},
                            store.stats()).get(term) == lexical.idf.get(term)


@pytest.mark.slow
def test_exact_vectors_on_the_server_are_the_embedded_search(datasets, shared_urls):
    rows, vectors, _ = _corpus(datasets)
    store = _store(shared_urls, rows, vectors)
    _, dense = _embedded(rows, vectors)
    rng = np.random.default_rng(11)
    doc_ids = sorted({r[1] for r in rows})
    queries = [rng.standard_normal(DIM).astype(np.float32) for _ in range(8)] + [vectors[rows[0][0]]]
    for q in queries:
        ours, theirs = store.nearest(q, 25, exact=True), dense.search(q, 25)
        assert [c for c, _ in ours] == [c for c, _ in theirs]
        assert np.allclose([s for _, s in ours], [s for _, s in theirs], atol=1e-5)
        allowed = set(doc_ids[:2])
        assert [c for c, _ in store.nearest(q, 10, doc_ids=allowed, exact=True)] == \
            [c for c, _ in dense.search(q, 10, doc_ids=allowed)]
        # HNSW (what answers above shared.exact_below) finds nearly all of the exact top 25
        approx = {c for c, _ in store.nearest(q, 25, exact=False)}
        assert len(approx & {c for c, _ in theirs}) >= 20


@pytest.mark.slow
def test_a_deleted_document_leaves_the_corpus_without_it(datasets, shared_urls):
    rows, vectors, articles = _corpus(datasets)
    store = _store(shared_urls, rows, vectors)
    gone = rows[0][1]
    store.delete_doc(gone)
    kept = [r for r in rows if r[1] != gone]
    lexical, dense = _embedded(kept, vectors)
    assert store.count() == len(kept) and store.ids_for_doc(gone) == [] and gone not in store.doc_ids()
    for article in articles[:5]:
        query = tokenize(article["text"][:30])
        assert store.bm25(query, 50) == lexical.search(query, 50)
    q = vectors[rows[0][0]]
    assert [c for c, _ in store.nearest(q, 10, exact=True)] == [c for c, _ in dense.search(q, 10)]
    # and stored again, it is found again
    again = [r for r in rows if r[1] == gone]
    store.add_document(gone, [r[0] for r in again], [r[2] for r in again], [r[3] for r in again],
                       np.stack([vectors[r[0]] for r in again]))
    full, _ = _embedded(rows, vectors)
    query = tokenize(articles[0]["text"][:30])
    assert store.bm25(query, 50) == full.search(query, 50)
