"""Derived indexes (BM25 postings, the exact vector matrix, statute arrays) saved next to the
catalog: their public fields pickled atomically, read back or rebuilt when missing or stale."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def save_fields(obj: Any, path: Path) -> None:
    """Pickle ``obj``'s public fields to ``path`` (temp file + rename: a reader never sees half)."""
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as fh:
        pickle.dump({k: v for k, v in obj.__dict__.items() if not k.startswith("_")}, fh,
                    protocol=pickle.HIGHEST_PROTOCOL)
    tmp.replace(path)


def load_fields(cls: type[T], path: Path) -> T | None:
    """``cls(**fields)`` from ``path``; None when the file is missing or of another format
    (the caller rebuilds from the catalog)."""
    try:
        with open(path, "rb") as fh:
            return cls(**pickle.load(fh))
    except (OSError, EOFError, pickle.UnpicklingError, TypeError, AttributeError):
        return None
