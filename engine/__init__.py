"""LexTrace engine: ingest, hybrid search and verifiable answers over legal case material.

    from engine import Engine
    eng = Engine(".lextrace")
    eng.ingest(["data/demo/讯问笔录.pdf"]).to_dict()

The engine never imports streamlit. Heavy dependencies (chromadb, jieba, OCR, the embedder) load
on first use, so ``python -m engine docs`` stays fast.

This module is the engine's face: the dashboard (pages/, ui/) imports ``engine`` (the names of
``FACE`` below) and ``engine.types``, nothing else (tests/test_import_graph.py).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.answer.model import Answer, Calculation, Conflict, Evidence, Status
    from engine.answer.verify import CITATION
    from engine.answer.wording import CURRENCY_UNITS, as_decimal, chinese_count
    from engine.audit.chain import AuditLog, AuditLogDamaged
    from engine.audit.record import ASK_KIND, AuditRecord
    from engine.audit.replay import ReplayStep, Stage, replay_steps
    from engine.auth import (AuthError, Authenticator, DEMO_ACCOUNTS, MUST_CHANGE, Permission, Role,
                             UNKNOWN_ADDRESS, User, UserStore, resolve_client_address)
    from engine.benchmarks import (BenchmarkFailed, BenchmarkRun, HISTORY, PUBLISHED_REPORT, SUITE_NAMES,
                                   default_report_path, read_history)
    from engine.config import Settings
    from engine.engine import DIRECTORY_SUFFIXES, Engine, ProgressFn
    from engine.contract_facts.clauses import CLAUSE_TYPES
    from engine.contract_facts.model import CONTRACT_TYPES, FIELD_LABELS, FIELD_NAMES, ContractFacts, Located
    from engine.contract_facts.model import masked as masked_facts
    from engine.contract_facts.query import (Aggregation, AmountFilter, Comparison, DateRange, FactQuery,
                                    FactQueryResult, GroupBy)
    from engine.ingest.anchors import chunk_range_to_spans, spans_bboxes
    from engine.inputs import InputError, is_blank
    from engine.answer.casefile.facts import Event, Value
    from engine.redact import UNREAD_NOTE, page_image, redacted_pages
    from engine.summary.model import Method as SummaryMethod, Summary, SummaryPoint, SummarySource
    from engine.text.dates import find_dates
    from engine.text.jurisdiction import display_jurisdiction
    from engine.text.lines import join_pdf_lines
    from engine.text.numbers import find_amounts, find_numbers, format_decimal
    from engine.text.pii import find_pii, mask_fragments, mask_pii, mask_text, mask_value, wrapped_pieces
    from engine.units import format_size

__version__ = "0.9.0"

# The face: what the dashboard (pages/, ui/) may use besides engine.types, each name with the
# module that defines it ("module:attribute" where the face names it otherwise, so that a name
# says what it is outside its module). Loaded on first use, so importing ``engine`` stays cheap.
FACE = {
    # engine.engine
    "DIRECTORY_SUFFIXES": "engine.engine",
    "Engine": "engine.engine",
    "ProgressFn": "engine.engine",
    # engine.answer.model
    "Answer": "engine.answer.model",
    "Calculation": "engine.answer.model",
    "Conflict": "engine.answer.model",
    "Evidence": "engine.answer.model",
    "Status": "engine.answer.model",
    # engine.answer.verify
    "CITATION": "engine.answer.verify",
    # engine.answer.wording
    "as_decimal": "engine.answer.wording",
    "chinese_count": "engine.answer.wording",
    "CURRENCY_UNITS": "engine.answer.wording",
    # engine.audit (the hash chain, a record read back, and its replay for the Audit page)
    "AuditLog": "engine.audit.chain",
    "AuditLogDamaged": "engine.audit.chain",
    "ASK_KIND": "engine.audit.record",
    "AuditRecord": "engine.audit.record",
    "replay_steps": "engine.audit.replay",
    "ReplayStep": "engine.audit.replay",
    "Stage": "engine.audit.replay",
    # engine.auth
    "Authenticator": "engine.auth",
    "AuthError": "engine.auth",
    "DEMO_ACCOUNTS": "engine.auth",
    "MUST_CHANGE": "engine.auth",
    "Permission": "engine.auth",
    "resolve_client_address": "engine.auth",
    "Role": "engine.auth",
    "UNKNOWN_ADDRESS": "engine.auth",
    "User": "engine.auth",
    "UserStore": "engine.auth",
    # engine.benchmarks
    "BenchmarkFailed": "engine.benchmarks",
    "BenchmarkRun": "engine.benchmarks",
    "default_report_path": "engine.benchmarks",
    "HISTORY": "engine.benchmarks",
    "PUBLISHED_REPORT": "engine.benchmarks",
    "read_history": "engine.benchmarks",
    "SUITE_NAMES": "engine.benchmarks",
    # engine.config
    "Settings": "engine.config",
    # engine.contract_facts.clauses
    "CLAUSE_TYPES": "engine.contract_facts.clauses",
    # engine.contract_facts.model
    "CONTRACT_TYPES": "engine.contract_facts.model",
    "ContractFacts": "engine.contract_facts.model",
    "FIELD_LABELS": "engine.contract_facts.model",
    "FIELD_NAMES": "engine.contract_facts.model",
    "Located": "engine.contract_facts.model",
    "masked_facts": "engine.contract_facts.model:masked",
    # engine.contract_facts.query
    "Aggregation": "engine.contract_facts.query",
    "AmountFilter": "engine.contract_facts.query",
    "Comparison": "engine.contract_facts.query",
    "DateRange": "engine.contract_facts.query",
    "FactQuery": "engine.contract_facts.query",
    "FactQueryResult": "engine.contract_facts.query",
    "GroupBy": "engine.contract_facts.query",
    # engine.ingest.anchors
    "chunk_range_to_spans": "engine.ingest.anchors",
    "spans_bboxes": "engine.ingest.anchors",
    # engine.inputs
    "InputError": "engine.inputs",
    "is_blank": "engine.inputs",
    "UnknownDocument": "engine.inputs",
    # engine.answer.casefile.facts
    "Event": "engine.answer.casefile.facts",
    "Value": "engine.answer.casefile.facts",
    # engine.redact
    "page_image": "engine.redact",
    "redacted_pages": "engine.redact",
    "UNREAD_NOTE": "engine.redact",
    # engine.summary.model
    "Summary": "engine.summary.model",
    "SummaryMethod": "engine.summary.model:Method",
    "SummaryPoint": "engine.summary.model",
    "SummarySource": "engine.summary.model",
    # engine.text.dates
    "find_dates": "engine.text.dates",
    # engine.text.jurisdiction
    "display_jurisdiction": "engine.text.jurisdiction",
    # engine.text.lines
    "join_pdf_lines": "engine.text.lines",
    # engine.text.numbers
    "find_amounts": "engine.text.numbers",
    "find_numbers": "engine.text.numbers",
    "format_decimal": "engine.text.numbers",
    # engine.text.pii
    "find_pii": "engine.text.pii",
    "mask_fragments": "engine.text.pii",
    "mask_pii": "engine.text.pii",
    "mask_text": "engine.text.pii",
    "mask_value": "engine.text.pii",
    "wrapped_pieces": "engine.text.pii",
    # engine.units
    "format_size": "engine.units",
}
__all__ = [*FACE, "__version__"]


def __getattr__(name: str):
    if name in FACE:
        module, _, attribute = FACE[name].partition(":")
        return getattr(import_module(module), attribute or name)
    raise AttributeError(name)
