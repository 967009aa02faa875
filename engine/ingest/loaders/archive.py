"""ZIP containers (DOCX) read within limits: a file of half a megabyte can unpack into gigabytes.

Three lines of defence, cheapest first:
1. the end-of-central-directory record gives the number of entries before ``zipfile`` builds one
   object per entry (a 50 MiB archive of empty entries is a million of them);
2. the central directory gives every entry's declared unpacked size: the usual bomb declares its
   size honestly and is refused before a byte is inflated;
3. entries are then inflated in bounded pieces, counting what actually comes out, so a bomb whose
   directory lies is stopped at the limit too (``zipfile`` itself never returns more than the
   declared size and fails the CRC check after it; the count does not rely on that).
XML parts are read by ``engine.ingest.loaders.xmlguard`` with its own limits.
"""

from __future__ import annotations

import io
import struct
import zipfile
from dataclasses import dataclass

from engine.types import IngestError
from engine.units import too_large

_EOCD = b"PK\x05\x06"
_EOCD_SIZE = 22
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_EOCD = b"PK\x06\x06"
_MAX_COMMENT = 0xFFFF
_READ_PIECE = 1 << 20


@dataclass(frozen=True)
class ArchiveLimits:
    """What a DOCX may hold. A long contract's document.xml is a few MiB and its paragraphs a few
    thousand; the limits are an order of magnitude above anything real and far below harm."""

    entries: int = 5_000
    unpacked_bytes: int = 512 * 1024 * 1024  # all entries together (images included)
    part_bytes: int = 64 * 1024 * 1024  # one XML part
    xml_tags: int = 8_000_000  # "<" of one XML part (an element has one or two)
    paragraphs: int = 100_000  # w:p in the document body


DEFAULT_LIMITS = ArchiveLimits()


def entry_count(data: bytes) -> int | None:
    """How many entries the archive's end record declares (zip64 aware), None if it has none."""
    at = data.rfind(_EOCD, max(0, len(data) - _EOCD_SIZE - _MAX_COMMENT))
    if at < 0 or at + _EOCD_SIZE > len(data):
        return None
    total = struct.unpack_from("<H", data, at + 10)[0]
    locator = at - 20
    if total == 0xFFFF and locator >= 0 and data[locator:locator + 4] == _ZIP64_LOCATOR:
        record = struct.unpack_from("<Q", data, locator + 8)[0]
        if data[record:record + 4] == _ZIP64_EOCD:
            total = struct.unpack_from("<Q", data, record + 32)[0]
    return total


def check_entry_count(data: bytes, limits: ArchiveLimits = DEFAULT_LIMITS) -> None:
    count = entry_count(data)
    if count is not None and count > limits.entries:
        raise IngestError(f"压缩包内文件过多：{count} 个，上限 {limits.entries} 个，可能是压缩炸弹 "
                          f"(the archive lists {count} entries, limit {limits.entries})")


def unpacked_too_large(size: int, limit: int, what: str) -> IngestError:
    return IngestError(f"DOCX 解压后过大（{what}），可能是压缩炸弹，已拒绝 (the DOCX unpacks to "
                       f"{too_large(size, limit)}: a zip bomb?)")


def check_declared_sizes(archive: zipfile.ZipFile, limits: ArchiveLimits = DEFAULT_LIMITS) -> None:
    """Refuse on what the central directory declares, before anything is inflated."""
    infos = archive.infolist()
    if len(infos) > limits.entries:
        raise IngestError(f"压缩包内文件过多：{len(infos)} 个，上限 {limits.entries} 个 "
                          f"(the archive holds {len(infos)} entries, limit {limits.entries})")
    total = 0
    for info in infos:
        if is_xml_part(info.filename) and info.file_size > limits.part_bytes:
            raise unpacked_too_large(info.file_size, limits.part_bytes, info.filename)
        total += info.file_size
    if total > limits.unpacked_bytes:
        raise unpacked_too_large(total, limits.unpacked_bytes, "全部文件")


def is_xml_part(name: str) -> bool:
    return name.lower().endswith((".xml", ".rels"))


class CappedReader(io.RawIOBase):
    """An entry inflated in bounded pieces; more than ``cap`` bytes out is an IngestError (shared
    ``budget`` across the entries of one archive: the total is capped as well)."""

    def __init__(self, archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int, budget: list[int]):
        self._stream = archive.open(info)
        self._name, self._cap, self._budget, self._read = info.filename, cap, budget, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        piece = self._stream.read(min(len(buffer), _READ_PIECE))
        self._read += len(piece)
        self._budget[0] -= len(piece)
        if self._read > self._cap:
            raise unpacked_too_large(self._read, self._cap, self._name)
        if self._budget[0] < 0:
            raise IngestError("DOCX 解压后的总大小超过上限，可能是压缩炸弹，已拒绝 "
                              "(the DOCX unpacks to more than the limit: a zip bomb?)")
        buffer[:len(piece)] = piece
        return len(piece)

    def close(self) -> None:
        self._stream.close()
        super().close()


def drain(archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int, budget: list[int]) -> None:
    """Inflate an entry to nowhere, counting (a picture: its bytes matter only by their number)."""
    with CappedReader(archive, info, cap, budget) as reader:
        while reader.read(_READ_PIECE):
            pass
