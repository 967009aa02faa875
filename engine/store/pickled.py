"""Derived indexes (BM25 postings, the exact vector matrix, statute arrays) saved next to the
catalog: their public fields pickled atomically, read back or rebuilt when missing or stale."""

from __future__ import annotations

import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


def save_fields(obj: Any, path: Path) -> None:
    """Pickle ``obj``'s public fields to ``path``: a temporary file of this writer's own, renamed
    over ``path``, so a reader never sees half a file. Several processes may save the same index at
    once (each rebuilt it after the same commit): each writes its own temporary name (pid and
    random, created exclusively), and the last rename wins — never one writer renaming away
    another's half-written file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            pickle.dump({k: v for k, v in obj.__dict__.items() if not k.startswith("_")}, fh,
                        protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_fields(cls: type[T], path: Path) -> T | None:
    """``cls(**fields)`` from ``path``; None when the file is missing or of another format
    (the caller rebuilds from the catalog)."""
    try:
        with open(path, "rb") as fh:
            return cls(**pickle.load(fh))
    except (OSError, EOFError, pickle.UnpicklingError, TypeError, AttributeError):
        return None


class SavedFields:
    """``save(path)`` / ``load(path)`` for an index whose public fields are its whole state."""

    def save(self, path: Path) -> None:
        save_fields(self, path)

    @classmethod
    def load(cls: type[T], path: Path) -> T | None:
        return load_fields(cls, path)
