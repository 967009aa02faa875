"""The audit log's signed head kept outside its database: a small file beside the checkpoint key.

``audit.sqlite`` carries its own signed checkpoint, but a database can be replaced whole — by an
older copy of itself, by an empty file, or by nothing. The head file holds the same signed
checkpoint (count and head hash of the newest record, engine/audit/chain.py) in another place, the
key's directory, so that a log rolled back, emptied or deleted does not look like a log that was
always that short. This module only stores and locks the file; what it says is engine/audit/chain.py's.

The file is replaced atomically (written aside, fsynced, renamed, directory fsynced). Its lock
file, beside it, is what serialises a whole append — database transaction and head file
together — across processes, and lets a verification read both at one moment.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

HEAD_FORMAT = "lextrace-audit-head/1"


def head_file_path(audit_path: Path, key_file: Path) -> Path:
    """Beside the key. The default key lives in the home, and so does the head, so a home copied
    or moved takes both along; a key kept elsewhere may serve several homes, so there the file's
    name also says which log it belongs to."""
    audit_path, key_file = Path(audit_path).resolve(), Path(key_file).resolve()
    if key_file.parent == audit_path.parent:
        return key_file.with_name(f"{audit_path.stem}_head.json")
    tag = hashlib.sha256(str(audit_path).encode("utf-8")).hexdigest()[:16]
    return key_file.with_name(f"{audit_path.stem}_head-{tag}.json")


@dataclass(frozen=True)
class StoredHead:
    """What the head file holds: the signed body and its MAC, or why it holds nothing usable."""

    body: str | None = None
    mac: str | None = None
    missing: bool = False
    problem: str | None = None  # the file exists but cannot be read as a head file


class HeadFile:
    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock_path = self.path.with_name(f".{self.path.name}.lock")

    @contextmanager
    def locked(self, *, shared: bool = False) -> Iterator[None]:
        """Exclusive for an append (database and head file change together), shared for a reader
        that must see the two at one moment."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self._lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def exists(self) -> bool:
        return self.path.exists()

    def read(self) -> StoredHead:
        try:
            text = self.path.read_text("utf-8")
        except FileNotFoundError:
            return StoredHead(missing=True)
        except (OSError, UnicodeDecodeError) as exc:
            return StoredHead(problem=f"cannot be read ({exc})")
        try:
            data = json.loads(text)
        except ValueError:
            return StoredHead(problem="is not JSON (emptied, cut short or edited)" if text.strip()
                              else "is empty")
        if (not isinstance(data, dict) or data.get("format") != HEAD_FORMAT
                or not isinstance(data.get("checkpoint"), str) or not isinstance(data.get("mac"), str)):
            return StoredHead(problem=f"is not a {HEAD_FORMAT} file (edited)")
        return StoredHead(body=data["checkpoint"], mac=data["mac"])

    def write(self, body: str, mac: str) -> None:
        text = json.dumps({"format": HEAD_FORMAT, "checkpoint": body, "mac": mac}, ensure_ascii=False)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text + "\n")
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        directory = os.open(self.path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)  # the rename itself survives a power cut
        finally:
            os.close(directory)
