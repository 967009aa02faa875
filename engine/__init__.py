"""LexTrace engine: ingest, hybrid search and verifiable answers over legal case material.

    from engine import Engine
    eng = Engine(".lextrace")
    eng.ingest(["data/demo/讯问笔录.pdf"]).to_dict()

The engine never imports streamlit. Heavy dependencies (chromadb, jieba, OCR, the embedder) load
on first use, so ``python -m engine docs`` stays fast.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.benchmarks import (HISTORY, PUBLISHED_REPORT, SUITE_NAMES, BenchmarkFailed, BenchmarkRun,
                                   default_report_path, read_history)
    from engine.config import Settings
    from engine.engine import Engine

__version__ = "0.9.0"

# The face: what the dashboard (pages/, ui/) may use besides engine.types, each name with the
# module that defines it. Loaded on first use, so importing ``engine`` stays cheap.
FACE = {
    "Engine": "engine.engine",
    "Settings": "engine.config",
    "SUITE_NAMES": "engine.benchmarks",
    "PUBLISHED_REPORT": "engine.benchmarks",
    "BenchmarkFailed": "engine.benchmarks",
    "BenchmarkRun": "engine.benchmarks",
    "default_report_path": "engine.benchmarks",
    "HISTORY": "engine.benchmarks",
    "read_history": "engine.benchmarks",
}
__all__ = [*FACE, "__version__"]


def __getattr__(name: str):
    if name in FACE:
        return getattr(import_module(FACE[name]), name)
    raise AttributeError(name)
