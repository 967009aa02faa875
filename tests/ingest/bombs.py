"""Small files that unpack into huge ones: DOCX zip bombs and XML entity bombs, written as real
ZIP archives (streamed: building a bomb never holds its unpacked size in memory)."""

from __future__ import annotations

import io
import zipfile

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
