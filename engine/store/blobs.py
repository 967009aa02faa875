"""Original files, byte for byte, under their sha256 (layer 1 is never edited)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


class BlobStore:
    def __init__(self, root: Path):
        self.root = Path(root)

    def path(self, sha256: str) -> Path:
        return self.root / sha256[:2] / sha256

    def put(self, sha256: str, data: bytes) -> Path:
        target = self.path(sha256)
        if target.exists() and target.stat().st_size == len(data):
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".incoming-")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, target)  # atomic: a blob is whole or absent
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def exists(self, sha256: str) -> bool:
        return self.path(sha256).is_file()

    def get(self, sha256: str) -> bytes:
        return self.path(sha256).read_bytes()

    def delete(self, sha256: str) -> None:
        self.path(sha256).unlink(missing_ok=True)
