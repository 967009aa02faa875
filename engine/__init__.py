"""LexTrace engine: ingest, hybrid search and verifiable answers over legal case material.

    from engine import Engine
    eng = Engine(".lextrace")
    eng.ingest(["data/demo/讯问笔录.pdf"]).to_dict()

The engine never imports streamlit. Heavy dependencies (chromadb, jieba, OCR, the embedder) load
on first use, so ``python -m engine docs`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.config import Settings
    from engine.engine import Engine

__version__ = "0.9.0"
__all__ = ["Engine", "Settings", "__version__"]


def __getattr__(name: str):
    if name == "Engine":
        from engine.engine import Engine

        return Engine
    if name == "Settings":
        from engine.config import Settings

        return Settings
    raise AttributeError(name)
