"""Byte sizes said in the unit their limit is set in.

``limits.file_bytes`` is 50 * 1024 * 1024: a message about it says "50 MiB", and the refused file's
size in MiB too — never "52.4 MB", which is the same limit in decimal units and reads as another.
A limit that is a whole number of decimal units (50_000_000) is said in those (50 MB).
"""

from __future__ import annotations

_BINARY = (("GiB", 1024 ** 3), ("MiB", 1024 ** 2), ("KiB", 1024))
_DECIMAL = (("GB", 1000 ** 3), ("MB", 1000 ** 2), ("kB", 1000))


def unit_of(limit: int) -> tuple[str, int]:
    """The largest unit (binary first) in which ``limit`` is a whole number; bytes otherwise."""
    for name, size in (*_BINARY, *_DECIMAL):
        if limit >= size and limit % size == 0:
            return name, size
    return "B", 1


def format_size(size: int, limit: int | None = None) -> str:
    """``size`` in the unit of ``limit`` (without one, the largest binary unit it reaches): a whole number
    when it is one, else one decimal rounded up — a file over the limit never reads as equal
    to it."""
    if limit is not None:
        name, unit = unit_of(limit)
    else:  # a size on its own: the largest binary unit it reaches
        name, unit = next(((n, u) for n, u in _BINARY if size >= u), ("B", 1))
    if size % unit == 0:
        return f"{size // unit} {name}"
    tenths = -(-size * 10 // unit)
    return f"{tenths // 10}.{tenths % 10} {name}"


def too_large(size: int, limit: int) -> str:
    """"60.0 MiB > 50 MiB limit": both in the limit's unit."""
    return f"{format_size(size, limit)} > {format_size(limit, limit)} limit"
