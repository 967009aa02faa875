"""Swappable model backends (embedder now; reranker and generator arrive with retrieval/answers)."""
