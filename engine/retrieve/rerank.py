"""Rerankers: a FlashRank cross-encoder when its model files are on disk, else a named fallback.

FlashRank's ``Ranker`` downloads its model whenever ``cache_dir/<model>`` is missing, and nothing
here may download anything, so a ``Ranker`` is only ever built after the model directory and every
file it reads were found. Without them, statute pools get the shipped learned ranker, contract
pools keep the order of their contract stages (engine/retrieve/contracts.py: the e5-cosine reorder
undid them on CUAD), and other pools the e5-cosine fallback (``rerank.fallback``; ``"fusion"``
keeps their fused order). Whichever ran is named, and the name is what search output, the UI
status and the audit record report.
"""

from __future__ import annotations

import importlib
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Protocol, Sequence

import numpy as np

from engine.config import RerankSettings
from engine.embedding.embedder import Embedder
from engine.notices import note

if TYPE_CHECKING:
    from engine.retrieve.learned import LearnedRanker


# Files FlashRank's Ranker reads from the model directory besides the ONNX weights
# (config.json: pad_token_id; tokenizer_config.json: model_max_length, pad_token).
TOKENIZER_FILES = ("config.json", "tokenizer_config.json", "special_tokens_map.json", "tokenizer.json")
NO_RERANKER = "none"
# No second stage where one was asked for (contract pools without FlashRank, or fallback="fusion").
FUSION_FALLBACK = "fusion order (fallback)"


class Reranker(Protocol):
    name: str

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        """One score per passage, in the passages' order; higher is more relevant."""
        ...


def default_cache_dir(home: Path) -> Path:
    return Path(home) / "models" / "flashrank"


def flashrank_model_file(model: str, model_file: str | None = None) -> str | None:
    """The ONNX file for ``model``: the configured one, else the one FlashRank lists, else None."""
    if model_file:
        return model_file
    from flashrank.Config import model_file_map

    return model_file_map.get(model)


def missing_model_files(model_dir: Path, onnx_file: str) -> list[str]:
    return [name for name in (onnx_file, *TOKENIZER_FILES) if not (model_dir / name).is_file()]


_FILE_MAP_LOCK = threading.Lock()
_ABSENT = object()


@contextmanager
def _model_file_registered(model: str, onnx_file: str) -> Iterator[None]:
    """Let ``Ranker(model)`` find ``onnx_file`` while it is being built, then restore the map.

    Ranker looks the file name up in ``flashrank.Config.model_file_map`` (imported by name into
    ``flashrank.Ranker``: the same dict) only in ``__init__``, so a temporary entry is enough and no
    configured override leaks into other Rankers built in the process.
    """
    file_map = importlib.import_module("flashrank.Ranker").model_file_map
    with _FILE_MAP_LOCK:
        previous = file_map.get(model, _ABSENT)
        file_map[model] = onnx_file
        try:
            yield
        finally:
            if previous is _ABSENT:
                del file_map[model]
            else:
                file_map[model] = previous


class FlashRankReranker:
    """A FlashRank pairwise cross-encoder (ONNX), loaded at construction.

    Loading eagerly (about a second for MultiBERT-L-12) makes a broken model show up when the
    reranker is chosen, where it can be reported, rather than in the middle of a search.
    Raises ``FileNotFoundError`` instead of letting FlashRank download a missing model.
    """

    def __init__(self, model: str, cache_dir: Path | str, model_file: str | None = None,
                 max_length: int = 512):
        from flashrank import Ranker
        from flashrank.Config import listwise_rankers

        if max_length <= 0:
            raise ValueError("max_length must be greater than 0")
        if model in listwise_rankers:
            raise ValueError(f"{model} is a listwise LLM ranker; only pairwise cross-encoders are supported")
        onnx_file = flashrank_model_file(model, model_file)
        if onnx_file is None:
            raise ValueError(f"FlashRank does not list model {model!r}; set the rerank model_file")
        self.model_dir = Path(cache_dir) / model
        missing = missing_model_files(self.model_dir, onnx_file)
        if missing:
            raise FileNotFoundError(f"FlashRank model directory {self.model_dir} lacks {', '.join(missing)}")
        self.name = f"flashrank:{model}"
        with _model_file_registered(model, onnx_file):
            # Ranker calls logging.basicConfig(level=log_level); WARNING keeps the root logger quiet.
            self._ranker = Ranker(model_name=model, cache_dir=str(cache_dir), max_length=max_length,
                                  log_level="WARNING")
        # onnxruntime sessions may run concurrently, but the shared tokenizer carries padding and
        # truncation state; one run at a time costs nothing on a 2-core machine.
        self._lock = threading.Lock()

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        from flashrank import RerankRequest

        request = RerankRequest(query=query, passages=[{"id": i, "text": t} for i, t in enumerate(passages)])
        with self._lock:
            ranked = self._ranker.rerank(request)  # sorts the passage dicts in place, best first
        by_id = {p["id"]: float(p["score"]) for p in ranked}
        return [by_id[i] for i in range(len(passages))]


class EmbeddingCosineReranker:
    """The fallback: cosine similarity of the embedder's query vector and passage vectors."""

    def __init__(self, embedder: Embedder):
        self.embedder = embedder
        self.name = f"cosine:{embedder.model_id} (fallback)"

    def score(self, query: str, passages: Sequence[str]) -> list[float]:
        if not passages:
            return []
        vectors = np.asarray(self.embedder.embed_passages(list(passages)), dtype=np.float64)
        q = np.asarray(self.embedder.embed_query(query), dtype=np.float64).reshape(-1)
        # Normalised here rather than trusted: OpenAI-compatible servers need not return unit vectors.
        norms = np.linalg.norm(vectors, axis=1) * np.linalg.norm(q)
        cosines = np.divide(vectors @ q, norms, out=np.zeros(len(passages)), where=norms > 0)
        return [float(c) for c in cosines]


@dataclass
class RerankerChoice:
    reranker: Reranker | None  # None: no second stage (disabled, or the fusion-order fallback)
    name: str  # reported by search output, the UI status and the audit record
    fallback_reason: str | None = None
    # Without a cross-encoder: the learned ranker for pools of statute articles (what it was
    # trained on); ``reranker`` still serves every other pool.
    learned: "LearnedRanker | None" = None


def choose_reranker(settings: RerankSettings, home: Path, embedder: Embedder) -> RerankerChoice:
    """Disabled → none; FlashRank when its model directory holds every file; else the fallback."""
    if not settings.enabled:
        return RerankerChoice(None, NO_RERANKER)
    cache_dir = Path(settings.cache_dir) if settings.cache_dir is not None else default_cache_dir(home)
    model_dir = cache_dir / settings.model
    onnx_file = flashrank_model_file(settings.model, settings.model_file)
    if not model_dir.is_dir():
        reason = f"FlashRank model directory {model_dir} not found"
    elif onnx_file is None:
        reason = f"FlashRank does not list model {settings.model!r} and no model_file is set"
    elif missing := missing_model_files(model_dir, onnx_file):
        reason = f"FlashRank model directory {model_dir} lacks {', '.join(missing)}"
    else:
        try:
            reranker = FlashRankReranker(settings.model, cache_dir, onnx_file, settings.max_length)
            return RerankerChoice(reranker, reranker.name)
        # onnxruntime and tokenizers raise bare Exception subclasses for corrupt files; the
        # failure is not hidden: it becomes the reported reason for the fallback.
        except Exception as exc:
            reason = f"FlashRank model {model_dir} failed to load ({type(exc).__name__}: {exc})"
    fallback = EmbeddingCosineReranker(embedder) if settings.fallback == "cosine" else None
    fallback_name = fallback.name if fallback is not None else FUSION_FALLBACK
    learned = None
    if settings.learned:
        from engine.retrieve.learned import load_statute_ranker

        learned, why_not = load_statute_ranker()
        if why_not:
            reason = f"{reason}; {why_not}"
    using = f"{learned.name} for statute articles, {fallback_name} otherwise" if learned else fallback_name
    reason = f"{reason}; using {using}"
    note("reranker_fallback", reason)  # shown by the CLI (once a day) and the sidebar
    return RerankerChoice(fallback, fallback_name, reason, learned)
