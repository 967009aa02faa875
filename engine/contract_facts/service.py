"""Extract, store and load contract facts for a catalog (an Engine or a Catalog will do).

``ensure_facts`` is what callers use: it extracts, lazily, every ready contract document whose
facts are missing or were made by an older extractor, so an existing home needs no re-ingest.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from typing import Iterable

from engine.config import LLMSettings
from engine.contract_facts.extract import extract_rules
from engine.contract_facts.model import EXTRACTOR_VERSION, ContractFacts
from engine.contract_facts.store import FactStore
from engine.store.catalog import Catalog
from engine.types import DocKind

log = logging.getLogger(__name__)

_extract_lock = threading.Lock()  # one extraction pass at a time; the second caller finds it done


def catalog_of(engine_or_catalog) -> Catalog:
    if isinstance(engine_or_catalog, Catalog):
        return engine_or_catalog
    if isinstance(engine_or_catalog, FactStore):  # the same database file
        return Catalog(engine_or_catalog.path)
    index = getattr(engine_or_catalog, "index", None)
    if index is not None and isinstance(getattr(index, "catalog", None), Catalog):
        return index.catalog
    raise TypeError(f"expected an Engine, a Catalog or a FactStore, got {type(engine_or_catalog).__name__}")


def fact_store(engine_or_catalog) -> FactStore:
    if isinstance(engine_or_catalog, FactStore):
        return engine_or_catalog
    return FactStore.for_path(catalog_of(engine_or_catalog).path)


def extract_contract_facts(engine_or_catalog, doc_id: str, *, llm: LLMSettings | None = None) -> ContractFacts:
    """Extract one document's facts (rules; the LLM first when ``llm`` is configured) and store
    them. Raises KeyError for an unknown document."""
    catalog = catalog_of(engine_or_catalog)
    record = catalog.get_document(doc_id)
    if record is None:
        raise KeyError(doc_id)
    chunks = catalog.chunks(doc_id)
    if llm is not None and llm.configured:
        from engine.contract_facts.llm_extract import extract_with_llm

        facts = extract_with_llm(doc_id, record.name, chunks, llm)
    else:
        facts = extract_rules(doc_id, record.name, chunks)
    try:
        fact_store(catalog).save(facts)
    except sqlite3.IntegrityError:  # deleted while we read it: nothing to keep
        log.warning("document %s disappeared during fact extraction; facts not stored", doc_id)
    return facts


def contract_documents(engine_or_catalog) -> list:
    return [d for d in catalog_of(engine_or_catalog).documents("ready") if d.kind == DocKind.CONTRACT.value]


def ensure_facts(engine_or_catalog, doc_ids: Iterable[str] | None = None, *,
                 llm: LLMSettings | None = None) -> list[str]:
    """Extract facts for ready contract documents that lack current ones; returns their ids."""
    wanted = None if doc_ids is None else set(doc_ids)
    store = fact_store(engine_or_catalog)
    with _extract_lock:
        versions = store.versions()
        todo = [d for d in contract_documents(engine_or_catalog)
                if (wanted is None or d.doc_id in wanted) and versions.get(d.doc_id, ("",))[0] != EXTRACTOR_VERSION]
        for record in todo:
            extract_contract_facts(engine_or_catalog, record.doc_id, llm=llm)
    return [d.doc_id for d in todo]


def load_contract_facts(engine_or_catalog, doc_id: str) -> ContractFacts | None:
    record = catalog_of(engine_or_catalog).get_document(doc_id)
    return fact_store(engine_or_catalog).load(doc_id, record.name if record else "")


def all_contract_facts(engine_or_catalog, doc_ids: Iterable[str] | None = None) -> list[ContractFacts]:
    """Facts of every ready contract (extracting what is missing first), in catalog order."""
    ensure_facts(engine_or_catalog)
    wanted = None if doc_ids is None else set(doc_ids)
    store = fact_store(engine_or_catalog)
    found = []
    for record in contract_documents(engine_or_catalog):
        if wanted is not None and record.doc_id not in wanted:
            continue
        facts = store.load(record.doc_id, record.name)
        if facts is not None:
            found.append(facts)
    return found


def clause_types(engine_or_catalog, doc_id: str) -> dict[str, set[str]]:
    """chunk_id -> the clause types the contract facts found in it, and the names of the fields
    they located there (effective_date, governing_law …: a question may ask for one of those as
    for a clause); facts extracted if missing; empty for a document that is not a contract."""
    ensure_facts(engine_or_catalog, [doc_id])
    facts = load_contract_facts(engine_or_catalog, doc_id)
    found: dict[str, set[str]] = {}
    for clause in facts.clauses if facts is not None else []:
        if clause.chunk_id:
            found.setdefault(clause.chunk_id, set()).add(clause.clause_type)
    for name, value in facts.fields.items() if facts is not None else []:
        if value.chunk_id:
            found.setdefault(value.chunk_id, set()).add(name)
    return found
