"""Small files that unpack into huge ones: DOCX zip bombs, XML entity bombs and a PDF whose content
stream inflates to hundreds of MiB, written as real files (streamed: building a bomb never holds its
unpacked size in memory)."""

from __future__ import annotations

import io
import zipfile
import zlib

from engine.bench.pdfmaker import raw_pdf

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    'officedocument.wordprocessingml.document.main+xml"/></Types>')
ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>')
HEAD = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{W_NS}"><w:body>'
TAIL = "</w:body></w:document>"
PARAGRAPH = "<w:p><w:r><w:t>甲方向乙方借款人民币42,000元。</w:t></w:r></w:p>"


def docx_bytes(body: str = PARAGRAPH, *, repeat: int = 1, head: str = HEAD, extra: dict[str, bytes] | None = None,
               declared_size: int | None = None) -> bytes:
    """A minimal DOCX whose body is ``body`` written ``repeat`` times (streamed, deflated at the
    highest level; under 2 GiB unpacked). ``extra``: more entries. ``declared_size``: what the
    central directory says document.xml unpacks to (a bomb that hides its size)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        zf.writestr("_rels/.rels", ROOT_RELS)
        with zf.open("word/document.xml", "w") as part:
            part.write(head.encode())
            block = body.encode() * 4096
            for _ in range(repeat // 4096):
                part.write(block)
            part.write(body.encode() * (repeat % 4096))
            part.write(TAIL.encode())
        for name, data in (extra or {}).items():
            zf.writestr(name, data)
    data = out.getvalue()
    return data if declared_size is None else _declare(data, "word/document.xml", declared_size)


def _declare(data: bytes, name: str, size: int) -> bytes:
    """``data`` with the central directory record of ``name`` declaring ``size`` unpacked bytes."""
    start_dir = zipfile.ZipFile(io.BytesIO(data)).start_dir
    record = data.find(b"PK\x01\x02", start_dir)
    while data[record + 46:record + 46 + len(name)] != name.encode():
        record = data.find(b"PK\x01\x02", record + 4)
    buf = bytearray(data)
    buf[record + 24:record + 28] = size.to_bytes(4, "little")  # uncompressed size
    return bytes(buf)


def entity_bomb_docx(levels: int = 9) -> bytes:
    """The billion laughs inside word/document.xml."""
    entities = ['<!ENTITY lol0 "lol">'] + [
        f'<!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">' for i in range(1, levels + 1)]
    head = ('<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE w:document [' + "".join(entities) + "]>"
            f'<w:document xmlns:w="{W_NS}"><w:body>')
    return docx_bytes(f"<w:p><w:r><w:t>&lol{levels};</w:t></w:r></w:p>", head=head)


def many_entries_zip(count: int) -> bytes:
    """A DOCX with ``count`` extra (empty) entries: a central directory bomb."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_STORED) as zf:
        zf.writestr("[Content_Types].xml", CONTENT_TYPES)
        zf.writestr("_rels/.rels", ROOT_RELS)
        zf.writestr("word/document.xml", HEAD + PARAGRAPH + TAIL)
        for i in range(count):
            zf.writestr(f"word/media/x{i}", b"")
    return out.getvalue()


def pdf_stream_bomb(unpacked_bytes: int = 400 * 1024 * 1024,
                    operators: bytes = b"0 0 m 9 9 l S\n") -> bytes:
    """A one-page PDF whose content stream (FlateDecode) inflates to about ``unpacked_bytes`` of
    drawing operators: well-formed, about a thousandth of that on disk; pdfminer inflates it whole
    and builds a layout object per path. Built in milliseconds without ever holding the unpacked
    size: one 1 MiB block deflated once after a full flush (which resets the history, so the same
    block always deflates to the same bytes), repeated, closed and checksummed by hand."""
    block = operators * (1024 * 1024 // len(operators))
    count = max(1, unpacked_bytes // len(block))
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    unit = raw.compress(block) + raw.flush(zlib.Z_FULL_FLUSH)
    checksum, adler = 1, zlib.adler32(block)
    for _ in range(count):
        checksum = _adler32_append(checksum, adler, len(block))
    stream = b"\x78\xda" + unit * count + raw.flush() + checksum.to_bytes(4, "big")
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
               b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream"]
    return raw_pdf(objects)


def _adler32_append(first: int, second: int, second_length: int) -> int:
    """Adler-32 of two byte strings end to end from each one's checksum (zlib's adler32_combine,
    which Python's zlib does not expose)."""
    base = 65521
    rem = second_length % base
    low = first & 0xFFFF
    high = (rem * low) % base
    low = (low + (second & 0xFFFF) + base - 1) % base
    high = (high + (first >> 16) + (second >> 16) + base - rem) % base
    return (high << 16) | low
