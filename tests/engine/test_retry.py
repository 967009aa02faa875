"""Reads while another process writes: an ask or search that fails while another process commits
is run once more (nothing else is), and chunks an older index lists but the catalog no longer has
are skipped."""

from __future__ import annotations

import pytest

from engine.inputs import UnknownDocument
from engine.store.catalog import Catalog

pytestmark = [pytest.mark.integration, pytest.mark.slow]


class FailsOnce:
    """Wraps a read: the first call lets ``meanwhile`` happen (another process's commit, or not),
    then fails as a read tripping over a vanished document would."""

    def __init__(self, read, meanwhile):
        self.read, self.meanwhile, self.calls = read, meanwhile, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        if self.calls == 1:
            self.meanwhile()
            raise KeyError("d0123456789abcd:00003")
        return self.read(*args, **kwargs)


def _commit_elsewhere(engine) -> None:
    """A commit through another connection, as another process makes it (a status change of a
    document that is not there still commits and moves the generation)."""
    Catalog(engine.index.catalog.path).set_status("d-elsewhere", "ready")


def test_an_ask_tripped_by_another_commit_is_answered(engine, transcript_pdf, monkeypatch):
    assert engine.ingest([transcript_pdf]).ok
    flaky = FailsOnce(engine.answerer.ask, lambda: _commit_elsewhere(engine))
    monkeypatch.setattr(engine.answerer, "ask", flaky)
    answer = engine.ask("一共多少钱？", llm=False)
    assert flaky.calls == 2 and answer.audit_id is not None
    assert len(engine.audit.records(limit=10, kind="ask")) == 1  # the failed run left no record


def test_a_search_tripped_by_another_commit_is_answered(engine, transcript_pdf, monkeypatch):
    assert engine.ingest([transcript_pdf]).ok
    flaky = FailsOnce(engine.searcher.search, lambda: _commit_elsewhere(engine))
    monkeypatch.setattr(engine.searcher, "search", flaky)
    assert engine.search("一共多少钱", k=3).results and flaky.calls == 2


def test_a_failure_on_an_unchanged_catalog_is_not_retried(engine, transcript_pdf, monkeypatch):
    assert engine.ingest([transcript_pdf]).ok
    flaky = FailsOnce(engine.answerer.ask, lambda: None)
    monkeypatch.setattr(engine.answerer, "ask", flaky)
    with pytest.raises(KeyError):
        engine.ask("一共多少钱？", llm=False)
    assert flaky.calls == 1


def test_bad_input_is_not_retried(engine, transcript_pdf):
    assert engine.ingest([transcript_pdf]).ok
    with pytest.raises(UnknownDocument):
        engine.ask("一共多少钱？", doc_id="d-no-such-document")


def test_chunks_an_index_lists_but_the_catalog_no_longer_has_are_skipped(tmp_path, cjk_font):
    """A search or ask reading an index of an older generation (another process deleted documents
    since it was loaded) skips the chunks that are gone, in every mode, instead of failing."""
    from engine import Engine
    from tests.engine.conftest import settings_for
    from tests.engine.test_soak import _fixtures

    engine = Engine(settings=settings_for(tmp_path / "home"))
    assert engine.ingest(_fixtures(tmp_path / "files", cjk_font, "笔录", range(0, 3))).ok
    lexical, dense = engine.index.lexical_index(), engine.index.dense_index()
    engine.index.lexical_index = lambda: lexical  # pinned to the state before the deletes
    engine.index.dense_index = lambda: dense
    gone = [d.doc_id for d in engine.docs().documents[:2]]
    for doc_id in gone:
        engine.delete(doc_id)
    for question in ("第一次转了多少钱？", "编号是多少？"):
        for mode in ("hybrid", "bm25", "vector"):
            hits = engine.search(question, mode=mode).results
            assert hits and not {h.chunk.doc_id for h in hits} & set(gone), mode
        answer = engine.ask(question, llm=False)
        assert not {e.chunk.doc_id for e in answer.evidence} & set(gone)
