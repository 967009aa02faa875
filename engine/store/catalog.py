"""SQLite catalog: documents, pages, chunks and facts — the source of truth.

Chroma and the BM25 index are derived from it and can be rebuilt from it. A document becomes
visible to search only when its row says ``ready``, which is written last, after its vectors are
stored; a crash earlier leaves a ``pending`` (or ``deleting``) row that recovery removes together
with any vectors written for it (see engine/store/index.py).

Threads: each thread gets its own connection (sqlite3 connections must not be shared while in
use); WAL lets readers run while one writer writes; writers are serialised by a lock.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.store.catalog_schema import SQLITE, catalog_schema
from engine.store.sqlite import ThreadLocalSQLite
from engine.types import BBox, Chunk, DocumentRecord, Fact, Line, PageQuality, PageText, Span

SCHEMA = catalog_schema(SQLITE)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


@dataclass(frozen=True)
class DocumentRows:
    """A document's rows for each catalog table, in that table's column order: one encoding of
    pages, chunks, statute articles and facts for the embedded catalog and the server's
    (engine/store/shared_catalog.py). ``document`` leaves out ``status``, written ``pending``."""

    document: tuple[Any, ...]
    pages: list[tuple[Any, ...]]
    chunks: list[tuple[Any, ...]]
    articles: list[tuple[Any, ...]]
    facts: list[tuple[Any, ...]]


def document_rows(doc: DocumentRecord, pages: list[PageText], chunks: list[Chunk],
                  tokens: list[list[str]], content_hashes: list[str]) -> DocumentRows:
    return DocumentRows(
        document=(doc.doc_id, doc.name, doc.sha256, doc.kind, doc.media_type, doc.pages, doc.chunks,
                  doc.size_bytes, doc.created_at or _now(), _dumps(doc.meta)),
        pages=[(doc.doc_id, p.number, p.text, p.width, p.height, p.source,
                _dumps([_line_row(line) for line in p.lines]),
                _dumps(asdict(p.quality)) if p.quality else None) for p in pages],
        chunks=[(c.chunk_id, c.doc_id, c.seq, c.kind, c.chunk_type, c.text, c.page_start,
                 c.page_end, _dumps([asdict(s) for s in c.spans]),
                 _dumps([b.to_dict() for b in c.bboxes]), _dumps(c.meta), c.pii_level, h,
                 " ".join(t)) for c, t, h in zip(chunks, tokens, content_hashes)],
        articles=[(c.chunk_id, c.doc_id, c.meta["law_title"], c.meta.get("law_short"),
                   c.meta["article_label"], c.meta.get("version")) for c in chunks
                  if c.meta.get("article_label") and c.meta.get("law_title")],
        facts=[(c.doc_id, c.chunk_id, f.kind, f.text, f.start, f.end, _dumps(f.value), _dumps(f.meta))
               for c in chunks for f in c.facts])


def journal_key(doc_id: str) -> str:
    """The ``meta`` key of a document's re-derivation journal (engine/store/index.py)."""
    return f"rederive:{doc_id}"


class Catalog(ThreadLocalSQLite):
    ROW_FACTORY = sqlite3.Row
    PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON")

    def __init__(self, path: Path):
        super().__init__(path)
        with self._write_lock:
            conn = self._conn()
            conn.executescript(SCHEMA)
            conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('generation', '0')")
            if conn.execute("SELECT 1 FROM meta WHERE key='tokenizer'").fetchone() is None:
                from engine.text.tokenize import TOKENIZER_VERSION

                # A home with chunks and no record predates the record: its tokens are version 1.
                stored = conn.execute("SELECT 1 FROM chunks LIMIT 1").fetchone() is not None
                conn.execute("INSERT INTO meta (key, value) VALUES ('tokenizer', ?)",
                             ("1" if stored else str(TOKENIZER_VERSION),))
            conn.commit()

    # -- generation: bumped by every commit that changes documents (insert, status, delete, tokens),
    # so any process can tell that another one wrote; derived indexes and caches compare it --------
    def generation(self) -> int:
        return self._generation(self._conn())

    @staticmethod
    def _generation(conn: sqlite3.Connection) -> int:
        return int(conn.execute("SELECT value FROM meta WHERE key='generation'").fetchone()[0])

    @staticmethod
    def _bump(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE meta SET value = CAST(value AS INTEGER) + 1 WHERE key='generation'")

    def tokenizer_version(self) -> int:
        """The tokenizer version the stored BM25 tokens were made with."""
        return int(self._conn().execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone()[0])

    def replace_tokens(self, tokens: dict[str, list[str]], version: int) -> None:
        """Store re-made BM25 tokens for every chunk and the version that made them, in one
        transaction, and bump the generation so derived indexes rebuild."""
        with self._write() as conn:
            conn.executemany("UPDATE chunks SET tokens=? WHERE chunk_id=?",
                             [(" ".join(t), cid) for cid, t in tokens.items()])
            conn.execute("UPDATE meta SET value=? WHERE key='tokenizer'", (str(version),))
            self._bump(conn)

    # -- documents -----------------------------------------------------------------------------
    def find_by_sha256(self, sha256: str) -> DocumentRecord | None:
        row = self._conn().execute("SELECT * FROM documents WHERE sha256=?", (sha256,)).fetchone()
        return _doc(row) if row else None

    def get_document(self, doc_id: str) -> DocumentRecord | None:
        row = self._conn().execute("SELECT * FROM documents WHERE doc_id=?", (doc_id,)).fetchone()
        return _doc(row) if row else None

    def documents(self, status: str | None = "ready") -> list[DocumentRecord]:
        if status is None:
            rows = self._conn().execute("SELECT * FROM documents ORDER BY created_at, name")
        else:
            rows = self._conn().execute(
                "SELECT * FROM documents WHERE status=? ORDER BY created_at, name", (status,))
        return [_doc(r) for r in rows]

    def insert_pending(self, doc: DocumentRecord, pages: list[PageText], chunks: list[Chunk],
                       tokens: list[list[str]], content_hashes: list[str]) -> None:
        """Write a whole document in one transaction, invisible to search until mark_ready."""
        with self._write() as conn:
            self._insert_rows(conn, document_rows(doc, pages, chunks, tokens, content_hashes))
            # Before its vectors are written: a process whose Chroma client predates this sees
            # the generation move and reopens it (engine/store/index.py).
            self._bump(conn)

    def replace_pending(self, rows: DocumentRows, journal: str | None = None) -> None:
        """Put ``rows`` in place of the stored document of the same id, in one transaction, as
        ``pending``. Everything derived from the old rows goes with them (ON DELETE CASCADE:
        ledger, statute references, contract facts), to be built again from the new ones.
        ``journal`` (what puts the old reading back) is kept in the same transaction until the
        document is ready again or deleted, so recovery can put it back after a crash."""
        with self._write() as conn:
            conn.execute("DELETE FROM documents WHERE doc_id=?", (rows.document[0],))
            self._insert_rows(conn, rows)
            if journal is not None:
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                             (journal_key(rows.document[0]), journal))
            self._bump(conn)

    def journal(self, doc_id: str) -> str | None:
        row = self._conn().execute("SELECT value FROM meta WHERE key=?", (journal_key(doc_id),)).fetchone()
        return row[0] if row else None

    @staticmethod
    def _insert_rows(conn: sqlite3.Connection, rows: DocumentRows) -> None:
        conn.execute(
            "INSERT INTO documents (doc_id, name, sha256, kind, media_type, pages, chunks,"
            " size_bytes, status, created_at, meta) VALUES (?,?,?,?,?,?,?,?, 'pending', ?, ?)",
            rows.document)
        conn.executemany(
            "INSERT INTO pages (doc_id, page, text, width, height, source, lines, quality)"
            " VALUES (?,?,?,?,?,?,?,?)", rows.pages)
        conn.executemany(
            "INSERT INTO chunks (chunk_id, doc_id, seq, kind, chunk_type, text, page_start,"
            " page_end, spans, bboxes, meta, pii_level, content_hash, tokens)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", rows.chunks)
        conn.executemany(
            "INSERT INTO articles (chunk_id, doc_id, law_title, law_short, article_label, version)"
            " VALUES (?,?,?,?,?,?)", rows.articles)
        conn.executemany(
            "INSERT INTO facts (doc_id, chunk_id, kind, text, start, end, value, meta)"
            " VALUES (?,?,?,?,?,?,?,?)", rows.facts)

    def stored_rows(self, doc_id: str) -> DocumentRows:
        """A stored document's rows as ``document_rows`` makes them: what ``replace_pending``
        puts back when deriving it again fails."""
        return self._stored_rows(self._conn(), doc_id, "?")

    @staticmethod
    def _stored_rows(conn, doc_id: str, mark: str) -> DocumentRows:
        """The rows through the embedded catalog's connection or the server's (``mark``: its
        parameter placeholder; the server's rows are dicts in column order)."""
        def rows(sql: str) -> list[tuple[Any, ...]]:
            return [tuple(r.values()) if isinstance(r, dict) else tuple(r)
                    for r in conn.execute(sql.replace("?", mark), (doc_id,)).fetchall()]

        document = rows("SELECT doc_id, name, sha256, kind, media_type, pages, chunks, size_bytes,"
                        " created_at, meta FROM documents WHERE doc_id=?")
        if not document:
            raise KeyError(doc_id)
        return DocumentRows(
            document=document[0],
            pages=rows("SELECT doc_id, page, text, width, height, source, lines, quality FROM pages"
                       " WHERE doc_id=? ORDER BY page"),
            chunks=rows("SELECT chunk_id, doc_id, seq, kind, chunk_type, text, page_start, page_end, spans,"
                        " bboxes, meta, pii_level, content_hash, tokens FROM chunks WHERE doc_id=? ORDER BY seq"),
            articles=rows("SELECT chunk_id, doc_id, law_title, law_short, article_label, version FROM articles"
                          " WHERE doc_id=?"),
            facts=rows('SELECT doc_id, chunk_id, kind, text, start, "end", value, meta FROM facts'
                       " WHERE doc_id=? ORDER BY id"))

    def set_status(self, doc_id: str, status: str) -> bool:
        """False when the document is not there (nothing changes then)."""
        with self._write() as conn:
            changed = conn.execute("UPDATE documents SET status=? WHERE doc_id=?", (status, doc_id)).rowcount
            if status == "ready":  # whole again: nothing to put back
                conn.execute("DELETE FROM meta WHERE key=?", (journal_key(doc_id),))
            self._bump(conn)
        return changed == 1

    def delete_document(self, doc_id: str) -> None:
        with self._write() as conn:
            conn.execute("DELETE FROM documents WHERE doc_id=?", (doc_id,))
            conn.execute("DELETE FROM meta WHERE key=?", (journal_key(doc_id),))
            self._bump(conn)

    # -- pages, chunks, facts ------------------------------------------------------------------
    def pages(self, doc_id: str) -> list[PageText]:
        rows = self._conn().execute(
            "SELECT * FROM pages WHERE doc_id=? ORDER BY page", (doc_id,)).fetchall()
        return [_page(r) for r in rows]

    def chunk_count(self, status: str = "ready") -> int:
        return self._conn().execute(
            "SELECT COUNT(*) FROM chunks JOIN documents USING (doc_id) WHERE status=?",
            (status,)).fetchone()[0]

    def chunks(self, doc_id: str | None = None, *, with_facts: bool = False) -> list[Chunk]:
        if doc_id is None:
            rows = self._conn().execute(
                "SELECT chunks.* FROM chunks JOIN documents USING (doc_id)"
                " WHERE status='ready' ORDER BY doc_id, seq").fetchall()
        else:
            rows = self._conn().execute(
                "SELECT * FROM chunks WHERE doc_id=? ORDER BY seq", (doc_id,)).fetchall()
        chunks = [_chunk(r) for r in rows]
        if with_facts:
            self._attach_facts(chunks)
        return chunks

    def get_chunks(self, chunk_ids: list[str], *, with_facts: bool = False) -> list[Chunk]:
        if not chunk_ids:
            return []
        marks = ",".join("?" * len(chunk_ids))
        rows = self._conn().execute(
            f"SELECT * FROM chunks WHERE chunk_id IN ({marks})", chunk_ids).fetchall()
        by_id = {r["chunk_id"]: _chunk(r) for r in rows}
        chunks = [by_id[c] for c in chunk_ids if c in by_id]
        if with_facts:
            self._attach_facts(chunks)
        return chunks

    def lexical_rows(self) -> list[tuple[str, str, str]]:
        """(chunk_id, doc_id, space-joined tokens) of every ready chunk, in a stable order."""
        return self._lexical_rows(self._conn())

    def lexical_snapshot(self) -> tuple[int, list[tuple[str, str, str]]]:
        """The generation and ``lexical_rows`` read in one transaction: the rows are exactly those
        of that generation, even while another process commits (an index labelled with a
        generation must never hold a later document: its vectors may not be readable yet)."""
        with self._snapshot() as conn:
            return self._generation(conn), self._lexical_rows(conn)

    @staticmethod
    def _lexical_rows(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
        return [tuple(r) for r in conn.execute(
            "SELECT chunk_id, doc_id, tokens FROM chunks JOIN documents USING (doc_id)"
            " WHERE status='ready' ORDER BY doc_id, seq")]

    def chunk_profiles(self) -> list[tuple[str, str, str, int, str]]:
        """(chunk_id, doc_id, chunk_type, text length, meta JSON) of every ready chunk, in the
        order of ``lexical_rows`` — per-chunk facts the learned ranker reads as arrays."""
        return [tuple(r) for r in self._conn().execute(
            "SELECT c.chunk_id, c.doc_id, c.chunk_type, length(c.text), c.meta FROM chunks c"
            " JOIN documents d USING (doc_id) WHERE d.status='ready' ORDER BY c.doc_id, c.seq")]

    def article_texts_mentioning(self, *needles: str) -> list[str]:
        """Texts of ready statute articles that contain every one of ``needles``."""
        where = " AND ".join("instr(c.text, ?) > 0" for _ in needles) or "1=1"
        return [r[0] for r in self._conn().execute(
            "SELECT c.text FROM articles a JOIN chunks c USING (chunk_id) JOIN documents d"
            f" ON d.doc_id = a.doc_id WHERE d.status='ready' AND {where} ORDER BY c.doc_id, c.seq",
            needles)]

    def facts(self, chunk_id: str | None = None, kind: str | None = None) -> list[tuple[str, Fact]]:
        sql, args = "SELECT * FROM facts WHERE 1=1", []
        if chunk_id is not None:
            sql, args = sql + " AND chunk_id=?", args + [chunk_id]
        if kind is not None:
            sql, args = sql + " AND kind=?", args + [kind]
        return [(r["chunk_id"], _fact(r)) for r in self._conn().execute(sql + " ORDER BY id", args)]

    def chunk_ids_with_meta(self, doc_id: str, key: str, value: Any) -> list[str]:
        """Chunks of one document whose meta[key] == value, in document order (e.g. a QA chain)."""
        return [r[0] for r in self._conn().execute(
            "SELECT chunk_id FROM chunks WHERE doc_id=? AND json_extract(meta, ?) = ? ORDER BY seq",
            (doc_id, f"$.{key}", value))]

    def find_articles(self, label: str, law: str | None = None, doc_id: str | None = None) -> list[str]:
        """Chunk ids of ready article chunks labelled ``label`` (e.g. 第二百六十六条), newest
        version first; ``law`` matches the full or the short title, ``doc_id`` one document."""
        sql = ("SELECT a.chunk_id FROM articles a JOIN documents d USING (doc_id)"
               " WHERE d.status='ready' AND a.article_label=?")
        args: list[Any] = [label]
        if law:
            sql, args = sql + " AND (a.law_title=? OR a.law_short=?)", args + [law, law]
        if doc_id:
            sql, args = sql + " AND a.doc_id=?", args + [doc_id]
        return [r[0] for r in self._conn().execute(sql + " ORDER BY a.version DESC", args)]

    def law_articles(self, law_title: str) -> list[tuple[str, str]]:
        """(doc_id, article_label) of every ready article of one law, in every ingested version."""
        return [tuple(r) for r in self._conn().execute(
            "SELECT a.doc_id, a.article_label FROM articles a JOIN documents d USING (doc_id)"
            " WHERE d.status='ready' AND a.law_title=?", (law_title,))]

    def statute_documents(self) -> list[tuple[str, str, str | None, str | None]]:
        """(doc_id, law_title, law_short, version) of every ready document holding articles."""
        return [tuple(r) for r in self._conn().execute(
            "SELECT DISTINCT a.doc_id, a.law_title, a.law_short, a.version FROM articles a"
            " JOIN documents d USING (doc_id) WHERE d.status='ready' ORDER BY a.law_title, a.version")]

    def article_versions(self, law_title: str, label: str) -> list[str]:
        """Chunk ids of one article in every ingested version of a law, newest first."""
        return [r[0] for r in self._conn().execute(
            "SELECT a.chunk_id FROM articles a JOIN documents d USING (doc_id) WHERE d.status='ready'"
            " AND a.law_title=? AND a.article_label=? ORDER BY a.version DESC", (law_title, label))]

    def _attach_facts(self, chunks: list[Chunk]) -> None:
        by_id = {c.chunk_id: c for c in chunks}
        marks = ",".join("?" * len(by_id))
        for row in self._conn().execute(
                f"SELECT * FROM facts WHERE chunk_id IN ({marks}) ORDER BY id", list(by_id)):
            by_id[row["chunk_id"]].facts.append(_fact(row))


# -- row mapping -------------------------------------------------------------------------------
def _line_row(line: Line) -> list[Any]:
    box = line.bbox
    return [line.start, line.end,
            None if box is None else [box.x0, box.top, box.x1, box.bottom],
            None if line.char_x is None else [round(x, 2) for x in line.char_x]]


def _doc(row: sqlite3.Row) -> DocumentRecord:
    return DocumentRecord(doc_id=row["doc_id"], name=row["name"], sha256=row["sha256"],
                          kind=row["kind"], media_type=row["media_type"], pages=row["pages"],
                          chunks=row["chunks"], size_bytes=row["size_bytes"], status=row["status"],
                          created_at=row["created_at"], meta=json.loads(row["meta"]))


def _page(row: sqlite3.Row) -> PageText:
    number = row["page"]
    lines = [Line(start, end, None if box is None else BBox(number, *box),
                  None if xs is None else tuple(xs))
             for start, end, box, xs in json.loads(row["lines"])]
    quality = json.loads(row["quality"]) if row["quality"] else None
    return PageText(number=number, text=row["text"], lines=lines, width=row["width"],
                    height=row["height"], source=row["source"],
                    quality=PageQuality(**quality) if quality else None)


def _chunk(row: sqlite3.Row) -> Chunk:
    return Chunk(chunk_id=row["chunk_id"], doc_id=row["doc_id"], seq=row["seq"], kind=row["kind"],
                 chunk_type=row["chunk_type"], text=row["text"],
                 spans=[Span(**s) for s in json.loads(row["spans"])],
                 bboxes=[BBox(**b) for b in json.loads(row["bboxes"])],
                 meta=json.loads(row["meta"]), pii_level=row["pii_level"])


def _fact(row: sqlite3.Row) -> Fact:
    return Fact(kind=row["kind"], text=row["text"], start=row["start"], end=row["end"],
                value=json.loads(row["value"]), meta=json.loads(row["meta"]))
