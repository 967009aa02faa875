"""The catalog of record on PostgreSQL, read through a replica in each process's home.

The shared profile keeps documents, pages, chunks, facts and statute articles on a PostgreSQL
server (``shared.database_url``), with the same tables and the same write protocol as the embedded
catalog: a document is written ``pending`` in one transaction, turns ``ready`` last, and every
commit bumps the ``generation`` (engine/store/index.py). What is derived from the chunks — the case
ledger, contract facts, the statute reference graph — is built by modules that speak SQLite and join
their tables to the catalog's (engine/answer/casefile/facts, engine/contract_facts, engine/statutes/graph.py). So each
process reads through a replica: a SQLite copy of the ready documents' rows (not their pages, which
are read from the server), in ``<home>/replica/<catalog id>/catalog.sqlite``, where those modules
keep their tables as they do in an embedded home.

Keeping the replica in step: ``generation()`` asks the server for its generation; when it differs
from the one the replica reflects, the replica is brought to the server's state read in one
snapshot — documents gone, or stored again (another ``created_at``), are removed with everything
derived from them (ON DELETE CASCADE); ready documents it lacks are copied; a document's status
follows the server's. The replica's own ``generation`` is then set to the server's, so everything
labelled with a generation (BM25 arrays, caches) means the same state in every process. Every
read of chunks, facts or articles checks first, so a document stored or deleted through another
process is seen at the next read after its commit.

A writer copies its own ``pending`` document into the replica right after writing it to the server,
so the ledger and the reference graph can be built from it before it turns ready, as in the
embedded profile. Several processes may share one home (a CLI beside the dashboard): a sync decides
what to copy inside one SQLite write transaction, so two syncs never copy a document twice.

What this costs: the replica holds every ready chunk's text and tokens (about the size of the
embedded catalog), on each machine that runs a dashboard. docs/scale.md says where that stops
scaling and what replaces it.
"""

from __future__ import annotations

import json
import logging
import threading
import uuid
from pathlib import Path
from typing import Any, Iterable

from engine.store.catalog import Catalog, DocumentRows, _page, document_rows, journal_key
from engine.store.catalog_schema import POSTGRES, catalog_schema
from engine.store.pg import PgDatabase, ddl_lock, describe
from engine.types import Chunk, DocumentRecord, PageText

log = logging.getLogger(__name__)

PG_SCHEMA = catalog_schema(POSTGRES)

_CHUNK_COLUMNS = ("chunk_id", "doc_id", "seq", "kind", "chunk_type", "text", "page_start", "page_end",
                  "spans", "bboxes", "meta", "pii_level", "content_hash", "tokens")
_FACT_COLUMNS = ("id", "doc_id", "chunk_id", "kind", "text", "start", "end", "value", "meta")
_ARTICLE_COLUMNS = ("chunk_id", "doc_id", "law_title", "law_short", "article_label", "version")
_DOC_COLUMNS = ("doc_id", "name", "sha256", "kind", "media_type", "pages", "chunks", "size_bytes",
                "status", "created_at", "meta")
# Documents copied per round trip when a replica catches up (a fresh replica of a large corpus
# is copied in batches, never held in memory whole).
_COPY_BATCH_CHUNKS = 20_000
DERIVED_KEY = "derived:"  # + doc_id, in the server's meta: the derived_at of a document derived again


def _quoted(columns: Iterable[str]) -> str:
    return ", ".join(f'"{c}"' for c in columns)


def _row(record: dict[str, Any], columns: tuple[str, ...]) -> tuple:
    return tuple(record[c] for c in columns)


class SharedCatalog(Catalog):
    """``Catalog``'s interface over the server of record (see the module docstring). Document rows
    and pages are read from the server; chunks, facts and articles from the replica, once it
    reflects the server's generation."""

    def __init__(self, database_url: str, home: Path):
        self.db = PgDatabase(database_url)
        with ddl_lock(self.db, "catalog") as conn:
            for statement in filter(str.strip, PG_SCHEMA.split(";")):
                conn.execute(statement)
            from engine.text.tokenize import TOKENIZER_VERSION

            conn.execute("INSERT INTO meta (key, value) VALUES ('generation', '0'), "
                         "('tokenizer', %s), ('catalog_id', %s) ON CONFLICT (key) DO NOTHING",
                         (str(TOKENIZER_VERSION), uuid.uuid4().hex))
            self.catalog_id = conn.execute("SELECT value FROM meta WHERE key='catalog_id'").fetchone()["value"]
        super().__init__(Path(home) / "replica" / self.catalog_id / "catalog.sqlite")
        self._sync_lock = threading.RLock()
        self._synced = -1

    # -- generation and the replica ------------------------------------------------------------
    def server_generation(self) -> int:
        return int(self.db.execute("SELECT value FROM meta WHERE key='generation'").fetchone()["value"])

    def generation(self) -> int:
        """The server's generation, with the replica brought to it first."""
        return self._fresh()

    def _fresh(self) -> int:
        now = self.server_generation()
        if now != self._synced:
            with self._sync_lock:
                if now != self._synced:
                    now = self._sync()
        return now

    def _sync(self) -> int:
        """Bring the replica to the server's state (module docstring); the generation it now reflects."""
        with self.db.snapshot() as pg:
            generation = int(pg.execute("SELECT value FROM meta WHERE key='generation'").fetchone()["value"])
            tokenizer = pg.execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone()["value"]
            server = {r["doc_id"]: (r["status"], r["created_at"], r["chunks"]) for r in pg.execute(
                "SELECT doc_id, status, created_at, chunks FROM documents")}
            local = {r[0]: (r[1], r[2]) for r in self._conn().execute(
                "SELECT doc_id, status, created_at FROM documents")}
            if self._replica_meta("tokenizer") != tokenizer:
                local_gone = set(local)  # tokens re-made on the server: copy every document again
            else:
                local_gone = {d for d, (_, created) in local.items()
                              if d not in server or server[d][1] != created}
                local_gone |= self._derived_again(pg, set(local) - local_gone)
            wanted = [d for d, (status, _, _) in server.items()
                      if status == "ready" and (d not in local or d in local_gone)]
            with self._write() as conn:
                if local_gone:
                    conn.executemany("DELETE FROM documents WHERE doc_id=?", [(d,) for d in local_gone])
                for doc_id, (status, _) in local.items():
                    if doc_id not in local_gone and server[doc_id][0] != status:
                        conn.execute("UPDATE documents SET status=? WHERE doc_id=?", (server[doc_id][0], doc_id))
                conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('tokenizer', ?)", (tokenizer,))
            batch: list[str] = []
            size = 0
            for doc_id in wanted:
                batch.append(doc_id)
                size += server[doc_id][2]
                if size >= _COPY_BATCH_CHUNKS:
                    self._copy(pg, batch)
                    batch, size = [], 0
            if batch:
                self._copy(pg, batch)
            with self._write() as conn:
                conn.execute("UPDATE meta SET value=? WHERE key='generation'", (str(generation),))
        if wanted or local_gone:
            log.info("replica %s: %d documents copied, %d removed (generation %d)", self.path,
                     len(wanted), len(local_gone), generation)
        self._synced = generation
        return generation

    def _derived_again(self, pg, doc_ids: set[str]) -> set[str]:
        """Documents the replica holds in an older reading than the server's. A document derived
        again (engine/ingest/derivation.py) keeps its id and ingest time; the server keeps its
        ``derived_at`` under ``meta`` key ``derived:<doc_id>`` (only documents derived again have
        one, so the common look reads no document's meta)."""
        marks = {r["key"][len(DERIVED_KEY):]: r["value"] for r in pg.execute(
            "SELECT key, value FROM meta WHERE key LIKE %s", (DERIVED_KEY + "%",))}
        wanted = [d for d in marks if d in doc_ids]
        held: dict[str, str] = {}
        for start in range(0, len(wanted), 500):
            batch = wanted[start:start + 500]
            held.update((r[0], r[1] or "") for r in self._conn().execute(
                "SELECT doc_id, json_extract(meta, '$.derived_at') FROM documents"
                f" WHERE doc_id IN ({','.join('?' * len(batch))})", batch))
        return {d for d in wanted if held.get(d, "") != marks[d]}

    def _replica_meta(self, key: str) -> str | None:
        row = self._conn().execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def _copy(self, pg, doc_ids: list[str]) -> None:
        """Copy documents' rows (not pages) from the server into the replica, as they are there.
        Inside one replica transaction that skips what another process sharing the home copied."""
        docs = pg.execute(f"SELECT {_quoted(_DOC_COLUMNS)} FROM documents WHERE doc_id = ANY(%s)",
                          (doc_ids,)).fetchall()
        chunks = pg.execute(f"SELECT {_quoted(_CHUNK_COLUMNS)} FROM chunks WHERE doc_id = ANY(%s)"
                            " ORDER BY doc_id, seq", (doc_ids,)).fetchall()
        facts = pg.execute(f"SELECT {_quoted(_FACT_COLUMNS)} FROM facts WHERE doc_id = ANY(%s) ORDER BY id",
                           (doc_ids,)).fetchall()
        articles = pg.execute(f"SELECT {_quoted(_ARTICLE_COLUMNS)} FROM articles WHERE doc_id = ANY(%s)",
                              (doc_ids,)).fetchall()
        with self._write() as conn:
            present = {r[0] for r in conn.execute(
                f"SELECT doc_id FROM documents WHERE doc_id IN ({','.join('?' * len(doc_ids))})", doc_ids)}
            keep = [d for d in docs if d["doc_id"] not in present]
            if not keep:
                return
            kept = {d["doc_id"] for d in keep}
            conn.executemany(f"INSERT INTO documents ({_quoted(_DOC_COLUMNS)}) VALUES "
                             f"({','.join('?' * len(_DOC_COLUMNS))})", [_row(d, _DOC_COLUMNS) for d in keep])
            for table, columns, rows in (("chunks", _CHUNK_COLUMNS, chunks), ("facts", _FACT_COLUMNS, facts),
                                         ("articles", _ARTICLE_COLUMNS, articles)):
                conn.executemany(f"INSERT INTO {table} ({_quoted(columns)}) VALUES ({','.join('?' * len(columns))})",
                                 [_row(r, columns) for r in rows if r["doc_id"] in kept])

    # -- reads from the server -----------------------------------------------------------------
    def tokenizer_version(self) -> int:
        return int(self.db.execute("SELECT value FROM meta WHERE key='tokenizer'").fetchone()["value"])

    def find_by_sha256(self, sha256: str) -> DocumentRecord | None:
        row = self.db.execute("SELECT * FROM documents WHERE sha256=%s", (sha256,)).fetchone()
        return _doc(row) if row else None

    def get_document(self, doc_id: str) -> DocumentRecord | None:
        row = self.db.execute("SELECT * FROM documents WHERE doc_id=%s", (doc_id,)).fetchone()
        return _doc(row) if row else None

    def documents(self, status: str | None = "ready") -> list[DocumentRecord]:
        if status == "ready":  # as the replica holds them: the state every other read sees
            self._fresh()
            return super().documents(status)
        if status is None:
            rows = self.db.execute("SELECT * FROM documents ORDER BY created_at, name")
        else:
            rows = self.db.execute("SELECT * FROM documents WHERE status=%s ORDER BY created_at, name", (status,))
        return [_doc(r) for r in rows]

    def pages(self, doc_id: str) -> list[PageText]:
        rows = self.db.execute("SELECT * FROM pages WHERE doc_id=%s ORDER BY page", (doc_id,)).fetchall()
        return [_page(r) for r in rows]

    # -- writes: the server first, then the replica ---------------------------------------------
    @staticmethod
    def _bump_server(conn) -> None:
        conn.execute("UPDATE meta SET value = (CAST(value AS BIGINT) + 1)::text WHERE key='generation'")

    def insert_pending(self, doc: DocumentRecord, pages: list[PageText], chunks: list[Chunk],
                       tokens: list[list[str]], content_hashes: list[str]) -> None:
        self._write_pending(document_rows(doc, pages, chunks, tokens, content_hashes), replace=False)

    def replace_pending(self, rows: DocumentRows, journal: str | None = None) -> None:
        self._write_pending(rows, replace=True, journal=journal)

    def journal(self, doc_id: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=%s", (journal_key(doc_id),)).fetchone()
        return row["value"] if row else None

    def stored_rows(self, doc_id: str) -> DocumentRows:
        return self._stored_rows(self.db, doc_id, "%s")

    def _write_pending(self, rows: DocumentRows, *, replace: bool, journal: str | None = None) -> None:
        doc_id = rows.document[0]
        with self.db.transaction() as conn:
            if replace:  # what is derived from the old rows goes with them (ON DELETE CASCADE)
                conn.execute("DELETE FROM documents WHERE doc_id=%s", (doc_id,))
            conn.execute(
                f"INSERT INTO documents ({_quoted(_DOC_COLUMNS)}) VALUES "
                "(%s,%s,%s,%s,%s,%s,%s,%s,'pending',%s,%s)", rows.document)
            with conn.cursor() as cur:
                cur.executemany(
                    "INSERT INTO pages (doc_id, page, text, width, height, source, lines, quality)"
                    " VALUES (%s,%s,%s,%s,%s,%s,%s,%s)", rows.pages)
                cur.executemany(
                    f"INSERT INTO chunks ({_quoted(_CHUNK_COLUMNS)}) VALUES ({','.join(['%s'] * len(_CHUNK_COLUMNS))})",
                    rows.chunks)
                cur.executemany(
                    f"INSERT INTO articles ({_quoted(_ARTICLE_COLUMNS)}) VALUES (%s,%s,%s,%s,%s,%s)", rows.articles)
                cur.executemany(
                    'INSERT INTO facts (doc_id, chunk_id, kind, text, start, "end", value, meta)'
                    " VALUES (%s,%s,%s,%s,%s,%s,%s,%s)", rows.facts)
            if replace:  # what tells replicas that their copy is an older reading (_derived_again)
                self._upsert_meta(conn, DERIVED_KEY + doc_id, json.loads(rows.document[-1]).get("derived_at") or "")
            if journal is not None:
                self._upsert_meta(conn, journal_key(doc_id), journal)
            self._bump_server(conn)
        # The writer's own copy, so what is derived from the chunks is built before it turns ready.
        with self._sync_lock, self.db.snapshot() as pg:
            if replace:
                with self._write() as local:
                    local.execute("DELETE FROM documents WHERE doc_id=?", (doc_id,))
            self._copy(pg, [doc_id])

    @staticmethod
    def _upsert_meta(conn, key: str, value: str) -> None:
        conn.execute("INSERT INTO meta (key, value) VALUES (%s, %s) ON CONFLICT (key) DO UPDATE"
                     " SET value = EXCLUDED.value", (key, value))

    def set_status(self, doc_id: str, status: str) -> bool:
        with self.db.transaction() as conn:
            changed = conn.execute("UPDATE documents SET status=%s WHERE doc_id=%s", (status, doc_id)).rowcount
            if status == "ready":
                conn.execute("DELETE FROM meta WHERE key=%s", (journal_key(doc_id),))
            self._bump_server(conn)
        with self._sync_lock, self._write() as conn:
            conn.execute("UPDATE documents SET status=? WHERE doc_id=?", (status, doc_id))
        return changed == 1

    def delete_document(self, doc_id: str) -> None:
        with self.db.transaction() as conn:
            conn.execute("DELETE FROM documents WHERE doc_id=%s", (doc_id,))
            conn.execute("DELETE FROM meta WHERE key IN (%s, %s)", (journal_key(doc_id), DERIVED_KEY + doc_id))
            self._bump_server(conn)
        with self._sync_lock, self._write() as conn:
            conn.execute("DELETE FROM documents WHERE doc_id=?", (doc_id,))

    def replace_tokens(self, tokens: dict[str, list[str]], version: int) -> None:
        with self.db.transaction() as conn:
            with conn.cursor() as cur:
                cur.executemany("UPDATE chunks SET tokens=%s WHERE chunk_id=%s",
                                [(" ".join(t), cid) for cid, t in tokens.items()])
            conn.execute("UPDATE meta SET value=%s WHERE key='tokenizer'", (str(version),))
            self._bump_server(conn)
        # the replica copies every document again at its next look (its tokenizer differs)

    def close(self) -> None:
        super().close()
        self.db.close()


def _doc(row: dict[str, Any]) -> DocumentRecord:
    return DocumentRecord(doc_id=row["doc_id"], name=row["name"], sha256=row["sha256"],
                          kind=row["kind"], media_type=row["media_type"], pages=row["pages"],
                          chunks=row["chunks"], size_bytes=row["size_bytes"], status=row["status"],
                          created_at=row["created_at"], meta=json.loads(row["meta"]))


def _replica_read(name: str):
    """A Catalog read served by the replica once it reflects the server's generation."""
    read = getattr(Catalog, name)

    def fresh_read(self: SharedCatalog, *args, **kwargs):
        self._fresh()
        return read(self, *args, **kwargs)
    fresh_read.__name__ = name
    fresh_read.__doc__ = read.__doc__
    return fresh_read


for _name in ("chunk_count", "chunks", "get_chunks", "lexical_rows", "lexical_snapshot",
              "chunk_profiles", "article_texts_mentioning", "facts", "chunk_ids_with_meta",
              "find_articles", "law_articles", "statute_documents", "article_versions"):
    setattr(SharedCatalog, _name, _replica_read(_name))


class SharedBlobStore:
    """Original files on the server of record (``BlobStore``'s interface), so every process can
    serve the PDF a quote came from. Bytes are immutable under their sha256."""

    def __init__(self, database_url: str):
        self.db = PgDatabase(database_url)
        with ddl_lock(self.db, "blobs") as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS blobs (sha256 TEXT PRIMARY KEY, data BYTEA NOT NULL)")

    def put(self, sha256: str, data: bytes) -> None:
        self.db.execute("INSERT INTO blobs (sha256, data) VALUES (%s, %s) ON CONFLICT (sha256) DO NOTHING",
                        (sha256, data))

    def get(self, sha256: str) -> bytes:
        row = self.db.execute("SELECT data FROM blobs WHERE sha256=%s", (sha256,)).fetchone()
        if row is None:
            raise FileNotFoundError(f"no original file {sha256} on {describe(self.db.url)}")
        return bytes(row["data"])

    def exists(self, sha256: str) -> bool:
        return self.db.execute("SELECT 1 FROM blobs WHERE sha256=%s", (sha256,)).fetchone() is not None

    def delete(self, sha256: str) -> None:
        self.db.execute("DELETE FROM blobs WHERE sha256=%s", (sha256,))
