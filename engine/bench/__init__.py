"""Benchmark datasets, metrics and runners (scripts/ and ``python -m engine bench`` call these)."""
