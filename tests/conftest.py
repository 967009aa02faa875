"""Shared fixtures: paths to the public datasets beside the repo, and the CJK font."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_DATASETS = Path(os.environ.get("LEXTRACE_DATASETS", REPO.parent / "shared" / "datasets"))


@pytest.fixture(scope="session")
def datasets() -> Path:
    """``../shared/datasets``; tests that need it skip cleanly when it is absent."""
    if not SHARED_DATASETS.is_dir():
        pytest.skip(f"public datasets not found at {SHARED_DATASETS}")
    return SHARED_DATASETS


def dataset_file(datasets: Path, relative: str) -> Path:
    path = datasets / relative
    if not path.exists():
        pytest.skip(f"dataset file absent: {path}")
    return path


@pytest.fixture(scope="session")
def cjk_font() -> Path:
    from engine.bench.pdfmaker import FontMissing, find_cjk_font

    try:
        return find_cjk_font()
    except FontMissing as exc:  # the README's test command installs it; say so when it did not
        pytest.fail(str(exc))
