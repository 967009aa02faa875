"""Secret keys in a TOML secrets file, kept apart from the data they protect.

The file holds one table per user of a key (``[audit] checkpoint_key = "<64 hex digits>"``).
A missing file is created with mode 0600 (its directory 0700 when new) holding a fresh random
key; a missing key in an existing file is appended as a new table, never rewriting what is
there. Creation is atomic (written aside, then linked into place without overwriting), so two
processes starting at once end up with the same key. A file others can read is used but said
(engine/notices.py): the key is what makes the audit checkpoint unforgeable.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import stat
import tomllib
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from engine.notices import note

KEY_BYTES = 32


class SecretsError(RuntimeError):
    """The secrets file exists but cannot be read or does not hold a usable key."""


def _read(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise SecretsError(f"cannot read the secrets file {path}: {exc}") from None


def _key_in(data: dict, table: str, name: str, path: Path) -> bytes | None:
    value = data.get(table, {}).get(name) if isinstance(data.get(table), dict) else None
    if value is None:
        return None
    try:
        key = bytes.fromhex(value) if isinstance(value, str) else b""
    except ValueError:
        key = b""
    if len(key) < 16:
        raise SecretsError(f"{path}: [{table}] {name} must be at least 32 hex digits")
    return key


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Serialise writers of one secrets file across processes (a lock file beside it)."""
    lock = path.with_name(f".{path.name}.lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _warn_if_readable(path: Path) -> None:
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        note("secrets_permissions", f"the secrets file {path} can be read by other users "
                                    f"(mode {mode:04o}); run: chmod 600 {path}")


def load_or_create_key(path: Path | str, table: str, name: str) -> bytes:
    """The key ``[table] name`` of the secrets file at ``path``, created when missing."""
    path = Path(path)
    if path.is_file():
        key = _key_in(_read(path), table, name, path)
        if key is not None:
            _warn_if_readable(path)
            return key
    if not path.parent.is_dir():
        path.parent.mkdir(parents=True, mode=0o700, exist_ok=True)
    with _locked(path):
        entry = f'[{table}]\n{name} = "{secrets.token_hex(KEY_BYTES)}"\n'
        if path.is_file():  # another table is there already, or another process just wrote it
            data = _read(path)
            key = _key_in(data, table, name, path)
            if key is None:
                if table in data:
                    raise SecretsError(f"{path}: table [{table}] exists without {name}; add "
                                       f'{name} = "<64 hex digits>" to it')
                with open(path, "a", encoding="utf-8") as out:
                    out.write(("\n" if path.stat().st_size else "") + entry)
                    out.flush()
                    os.fsync(out.fileno())
                key = _key_in(_read(path), table, name, path)
        else:
            tmp = path.with_name(f".{path.name}.{os.getpid()}.new")
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write("# LexTrace secrets: keep this file private (mode 600) and backed up\n"
                              "# apart from the home; losing it makes the audit checkpoint unverifiable.\n"
                              + entry)
                    out.flush()
                    os.fsync(out.fileno())
                os.link(tmp, path)  # fails if it exists: never overwrite a key
            except FileExistsError:
                pass
            finally:
                tmp.unlink(missing_ok=True)
            key = _key_in(_read(path), table, name, path)
    if key is None:
        raise SecretsError(f"{path}: no [{table}] {name} after writing it")
    _warn_if_readable(path)
    return key
