"""Retrieval for the shared profile on PostgreSQL with pgvector: BM25 postings and chunk vectors.

Why this engine (docs/scale.md has the measurements): one server the operators already run for the
catalog, exact BM25 with the embedded profile's own scores, vectors with filters, and a known way
past one machine (Citus shards both tables by document; read replicas serve searches).

**BM25, exactly as the embedded index scores it** (engine/store/lexical.py: rank-bm25's BM25Okapi,
k1 1.5, b 0.75, idf floored at 0.25 × the mean idf, summed exactly). The server keeps, per vector space:
``terms`` (term → document frequency over stored chunks), ``postings`` (term, chunk row, tf, chunk
length; the primary key covers the scan), and ``stats`` (chunk count, total length). A query
looks up its terms' frequencies, computes their idf here as rank-bm25 does, and lets the server sum
the contributions of every posting, keep the best ``k`` (and everything within 1e-9 of the k-th,
so ties are not cut by the server's order) and return each candidate's term frequencies. The
scores are then recomputed here term by term in query order — the embedded index's arithmetic, bit
for bit — and ties broken by (document, chunk order) as there. Tokens are the catalog's stored
tokens, so index and query tokens agree as in the embedded profile.

**Vectors**: ``vector(dim)`` with an HNSW index (cosine). Below ``shared.exact_below`` rows in scope
(the corpus, or what a document filter allows) every row is scanned exactly, ordered by (distance,
document, chunk order) — the embedded profile's exact search; above, HNSW answers, with pgvector's
iterative scan so a filtered query still fills its ``k``.

A document's rows (chunks, postings, frequencies, stats) are written in one transaction and
removed in one, so BM25 statistics never count half a document. Rows are written just before the
catalog marks the document ready (engine/store/index.py) and removed after it leaves ``ready``.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import threading
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

import numpy as np
import psycopg

from engine.config import SharedSettings
from engine.store.lexical import EPSILON, raw_idf
from engine.store.pg import PgDatabase, SharedStoreError, connect, ddl_lock, describe

K1, B = 1.5, 0.75  # rank-bm25's defaults, which LexicalIndex.build uses
TIE_MARGIN = 1e-9  # candidates this close to the k-th score come back too (ties decided here)
_FETCH_BATCH = 4000


def _register_vector(conn: psycopg.Connection) -> None:
    from pgvector.psycopg import register_vector

    register_vector(conn)


def table_prefix(space: str, namespace: str) -> str:
    """Tables of one vector space: a short, stable, SQL-safe prefix."""
    digest = hashlib.sha256(f"{namespace}\x00{space}".encode("utf-8")).hexdigest()[:10]
    return f"r_{digest}_"


@dataclass(frozen=True)
class LexStats:
    version: int
    n: int
    total_len: int

    @property
    def avgdl(self) -> float:
        return self.total_len / self.n if self.n else 0.0  # as rank-bm25: num_doc / corpus_size


class PgRetrieval:
    """One vector space's retrieval tables on one server. Also answers the vector-store calls the
    index makes (add, delete_doc, ids_for_doc, count, doc_ids, vectors_for)."""

    def __init__(self, url: str, space: str, dim: int, settings: SharedSettings, namespace: str = "lextrace"):
        self.url, self.space, self.dim, self.settings = url, space, dim, settings
        self.p = table_prefix(space, namespace)
        self._prepare()
        self.db = PgDatabase(url, on_connect=_register_vector)
        self._lock = threading.Lock()
        self._avg_idf: tuple[int, float] | None = None  # (stats version, mean idf)
        self._docs: tuple[int, dict[int, str], dict[str, tuple[int, int]]] | None = None

    def _prepare(self) -> None:
        p = self.p
        with connect(self.url) as conn:
            try:
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            except psycopg.Error as exc:
                raise SharedStoreError(
                    f"检索服务器缺少 pgvector (the retrieval server {describe(self.url)} has no pgvector "
                    f"extension: {str(exc).strip().splitlines()[0]}); scripts/servers.sh starts one that has it"
                ) from None
        setup = PgDatabase(self.url)
        try:
            with ddl_lock(setup, "retrieval:" + p) as conn:
                for statement in (
                    "CREATE TABLE IF NOT EXISTS r_spaces (prefix TEXT PRIMARY KEY, space TEXT NOT NULL,"
                    " dim INTEGER NOT NULL)",
                    f"CREATE TABLE IF NOT EXISTS {p}docs (doc_key SERIAL PRIMARY KEY, doc_id TEXT NOT NULL UNIQUE,"
                    " chunks INTEGER NOT NULL)",
                    f"CREATE TABLE IF NOT EXISTS {p}chunks (row_key BIGINT PRIMARY KEY, chunk_id TEXT NOT NULL UNIQUE,"
                    f" doc_key INTEGER NOT NULL, seq INTEGER NOT NULL, dl INTEGER NOT NULL,"
                    f" embedding vector({int(self.dim)}) NOT NULL)",
                    f"CREATE SEQUENCE IF NOT EXISTS {p}row_keys",
                    f"CREATE INDEX IF NOT EXISTS {p}chunks_by_doc ON {p}chunks (doc_key, seq)",
                    f"CREATE TABLE IF NOT EXISTS {p}terms (term_id SERIAL PRIMARY KEY, term TEXT NOT NULL UNIQUE,"
                    " df INTEGER NOT NULL DEFAULT 0)",
                    f"CREATE TABLE IF NOT EXISTS {p}postings (term_id INTEGER NOT NULL, row_key BIGINT NOT NULL,"
                    " doc_key INTEGER NOT NULL, tf INTEGER NOT NULL, dl INTEGER NOT NULL,"
                    " PRIMARY KEY (term_id, row_key) INCLUDE (doc_key, tf, dl))",
                    f"CREATE INDEX IF NOT EXISTS {p}postings_by_doc ON {p}postings (doc_key)",
                    f"CREATE TABLE IF NOT EXISTS {p}stats (id INTEGER PRIMARY KEY CHECK (id = 1),"
                    " n BIGINT NOT NULL, total_len BIGINT NOT NULL, version BIGINT NOT NULL)",
                ):
                    conn.execute(statement)
                conn.execute(f"INSERT INTO {p}stats VALUES (1, 0, 0, 0) ON CONFLICT DO NOTHING")
                conn.execute("INSERT INTO r_spaces VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                             (p, self.space, self.dim))
                known = conn.execute("SELECT dim FROM r_spaces WHERE prefix=%s", (p,)).fetchone()["dim"]
                if known != self.dim:
                    raise SharedStoreError(f"vector space {self.space} is stored with {known} dimensions, "
                                           f"the embedder gives {self.dim}")
            self.ensure_vector_index(setup)
        finally:
            setup.close()

    def ensure_vector_index(self, db: PgDatabase | None = None) -> None:
        """The HNSW index (built over what is stored when missing: a bulk load drops it first)."""
        db = db or self.db
        db.execute(f"CREATE INDEX IF NOT EXISTS {self.p}chunks_hnsw ON {self.p}chunks USING hnsw "
                   f"(embedding vector_cosine_ops) WITH (m = {int(self.settings.hnsw_m)}, "
                   f"ef_construction = {int(self.settings.hnsw_ef_construction)})")

    def drop_vector_index(self) -> None:
        """For a bulk load (scripts/bench_scale.py): building HNSW once over every row is several
        times faster than growing it row by row; ``ensure_vector_index`` builds it again."""
        self.db.execute(f"DROP INDEX IF EXISTS {self.p}chunks_hnsw")

    # -- writes ---------------------------------------------------------------------------------
    def add_document(self, doc_id: str, chunk_ids: Sequence[str], seqs: Sequence[int],
                     tokens: Sequence[Sequence[str]], vectors: np.ndarray) -> None:
        """Store one document's chunks (ids, order, BM25 tokens as stored in the catalog, vectors)
        in one transaction. An empty token list counts as one empty token, as rank-bm25 sees it."""
        p = self.p
        counts = [Counter(t or [""]) for t in tokens]
        lengths = [len(t) if t else 1 for t in tokens]
        vocabulary = sorted({term for c in counts for term in c})
        vectors = np.asarray(vectors, dtype=np.float32)
        with self.db.transaction() as conn:
            doc_key = conn.execute(f"INSERT INTO {p}docs (doc_id, chunks) VALUES (%s, %s) RETURNING doc_key",
                                   (doc_id, len(chunk_ids))).fetchone()["doc_key"]
            keys = [r["k"] for r in conn.execute(
                f"SELECT nextval('{p}row_keys') AS k FROM generate_series(1, %s)", (len(chunk_ids),))]
            conn.execute(f"INSERT INTO {p}terms (term) SELECT t FROM unnest(%s::text[]) AS t ORDER BY t"
                         " ON CONFLICT (term) DO NOTHING", (vocabulary,))
            term_ids = {r["term"]: r["term_id"] for r in conn.execute(
                f"SELECT term, term_id FROM {p}terms WHERE term = ANY(%s)", (vocabulary,))}
            with conn.cursor() as cur:
                with cur.copy(f"COPY {p}chunks (row_key, chunk_id, doc_key, seq, dl, embedding)"
                              " FROM STDIN WITH (FORMAT BINARY)") as copy:
                    copy.set_types(["int8", "text", "int4", "int4", "int4", "vector"])
                    for key, cid, seq, dl, vec in zip(keys, chunk_ids, seqs, lengths, vectors):
                        copy.write_row((key, cid, doc_key, seq, dl, vec))
                with cur.copy(f"COPY {p}postings (term_id, row_key, doc_key, tf, dl)"
                              " FROM STDIN WITH (FORMAT BINARY)") as copy:
                    copy.set_types(["int4", "int8", "int4", "int4", "int4"])
                    for key, count, dl in zip(keys, counts, lengths):
                        for term, tf in count.items():
                            copy.write_row((term_ids[term], key, doc_key, tf, dl))
            df = Counter(term for c in counts for term in c)
            ordered = sorted(df)
            conn.execute(f"UPDATE {p}terms t SET df = t.df + d.c FROM unnest(%s::int[], %s::int[]) AS d(id, c)"
                         " WHERE t.term_id = d.id", ([term_ids[t] for t in ordered], [df[t] for t in ordered]))
            conn.execute(f"UPDATE {p}stats SET n = n + %s, total_len = total_len + %s, version = version + 1",
                         (len(chunk_ids), sum(lengths)))

    def add(self, ids, vectors, metadatas) -> None:  # the embedded store's call: never in this profile
        raise TypeError("PgRetrieval stores whole documents: add_document(doc_id, ids, seqs, tokens, vectors)")

    def delete_doc(self, doc_id: str) -> None:
        p = self.p
        with self.db.transaction() as conn:
            row = conn.execute(f"SELECT doc_key FROM {p}docs WHERE doc_id=%s FOR UPDATE", (doc_id,)).fetchone()
            if row is None:
                return
            key = row["doc_key"]
            conn.execute(f"UPDATE {p}terms t SET df = t.df - d.c FROM (SELECT term_id, count(*) AS c FROM"
                         f" {p}postings WHERE doc_key=%s GROUP BY term_id) d WHERE t.term_id = d.term_id", (key,))
            gone = conn.execute(f"SELECT count(*) AS n, coalesce(sum(dl), 0) AS l FROM {p}chunks WHERE doc_key=%s",
                                (key,)).fetchone()
            conn.execute(f"UPDATE {p}stats SET n = n - %s, total_len = total_len - %s, version = version + 1",
                         (gone["n"], gone["l"]))
            conn.execute(f"DELETE FROM {p}postings WHERE doc_key=%s", (key,))
            conn.execute(f"DELETE FROM {p}chunks WHERE doc_key=%s", (key,))
            conn.execute(f"DELETE FROM {p}docs WHERE doc_key=%s", (key,))

    # -- what the index asks of a vector store ---------------------------------------------------
    def count(self) -> int:
        return self.stats().n

    def ids_for_doc(self, doc_id: str) -> list[str]:
        return [r["chunk_id"] for r in self.db.execute(
            f"SELECT c.chunk_id FROM {self.p}chunks c JOIN {self.p}docs d USING (doc_key) WHERE d.doc_id=%s"
            " ORDER BY c.seq", (doc_id,))]

    def doc_ids(self) -> set[str]:
        return {r["doc_id"] for r in self.db.execute(
            f"SELECT d.doc_id FROM {self.p}docs d WHERE EXISTS (SELECT 1 FROM {self.p}chunks c"
            " WHERE c.doc_key = d.doc_key)")}

    def vectors_for(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(ids), _FETCH_BATCH):
            for r in self.db.execute(f"SELECT chunk_id, embedding FROM {self.p}chunks WHERE chunk_id = ANY(%s)",
                                     (list(ids[start:start + _FETCH_BATCH]),)):
                vector = r["embedding"]  # pgvector's Vector (binary format) or an array
                out[r["chunk_id"]] = np.asarray(vector.to_numpy() if hasattr(vector, "to_numpy") else vector,
                                                dtype=np.float32)
        return out

    # -- statistics -----------------------------------------------------------------------------
    def stats(self) -> LexStats:
        row = self.db.execute(f"SELECT version, n, total_len FROM {self.p}stats WHERE id = 1").fetchone()
        return LexStats(int(row["version"]), int(row["n"]), int(row["total_len"]))

    def _floor(self, stats: LexStats) -> float:
        """The idf floor of terms in more than half of the chunks (engine/store/lexical.py
        ``floored_idf``): EPSILON × the exactly rounded mean idf of every term, once per state of
        the statistics."""
        cached = self._avg_idf
        if cached is not None and cached[0] == stats.version:
            return cached[1]
        counts = self.db.execute(f"SELECT df, count(*) AS c FROM {self.p}terms WHERE df > 0 GROUP BY df").fetchall()
        values = itertools.chain.from_iterable(itertools.repeat(raw_idf(r["df"], stats.n), r["c"]) for r in counts)
        terms = sum(r["c"] for r in counts)
        floor = EPSILON * (math.fsum(values) / terms) if terms else 0.0
        self._avg_idf = (stats.version, floor)
        return floor

    def idf_of(self, dfs: Mapping[str, int], stats: LexStats) -> dict[str, float]:
        """The embedded index's idf of terms with their document frequencies (terms of no chunk
        left out)."""
        out: dict[str, float] = {}
        for term, df in dfs.items():
            if df > 0:
                value = raw_idf(df, stats.n)
                out[term] = value if value >= 0 else self._floor(stats)
        return out

    def term_rows(self, terms: Iterable[str]) -> dict[str, tuple[int, int]]:
        """term → (term id, document frequency) for the terms the corpus has."""
        terms = sorted(set(terms))
        if not terms:
            return {}
        return {r["term"]: (r["term_id"], r["df"]) for r in self.db.execute(
            f"SELECT term, term_id, df FROM {self.p}terms WHERE term = ANY(%s) AND df > 0", (terms,))}

    def documents(self) -> tuple[dict[int, str], dict[str, tuple[int, int]]]:
        """(doc_key → doc_id, doc_id → (doc_key, chunks)), read once per state of the statistics."""
        version = self.stats().version
        cached = self._docs
        if cached is None or cached[0] != version:
            rows = self.db.execute(f"SELECT doc_key, doc_id, chunks FROM {self.p}docs").fetchall()
            cached = self._docs = (version, {r["doc_key"]: r["doc_id"] for r in rows},
                                   {r["doc_id"]: (r["doc_key"], r["chunks"]) for r in rows})
        return cached[1], cached[2]

    def _scope(self, doc_ids: Iterable[str] | None, exclude: Iterable[str] | None):
        """SQL filter, its parameters and how many rows it allows (None: every row)."""
        _, by_id = self.documents()
        sql, params, rows = "", [], None
        if doc_ids is not None:
            keys = [by_id[d][0] for d in doc_ids if d in by_id]
            sql += " AND {t}.doc_key = ANY(%s)"
            params.append(keys)
            rows = sum(by_id[d][1] for d in set(doc_ids) if d in by_id)
        excluded = [by_id[d][0] for d in (exclude or ()) if d in by_id]
        if excluded:
            sql += " AND NOT ({t}.doc_key = ANY(%s))"
            params.append(excluded)
        return sql, params, rows

    # -- BM25 -----------------------------------------------------------------------------------
    def bm25(self, query_tokens: Sequence[str], k: int, doc_ids: Iterable[str] | None = None,
             exclude: Iterable[str] | None = None,
             weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]:
        """LexicalIndex.search on the server (module docstring): top-k (chunk_id, score > 0)."""
        occurrences = list(weights.items()) if weights is not None else [(t, 1.0) for t in query_tokens]
        stats = self.stats()
        if k <= 0 or stats.n == 0 or not occurrences:
            return []
        rows = self.term_rows(t for t, _ in occurrences)
        idf = self.idf_of({t: df for t, (_, df) in rows.items()}, stats)
        used = [(t, w) for t, w in occurrences if t in idf]
        if not used:
            return []
        avgdl = stats.avgdl
        where, params, _ = self._scope(doc_ids, exclude)
        where = where.format(t="p")
        found = self.db.execute(
            f"""WITH q(term_id, coef) AS (SELECT * FROM unnest(%s::int[], %s::float8[])),
            s AS MATERIALIZED (
                SELECT p.row_key, p.dl, sum(q.coef * ((p.tf * %s) / (p.tf + %s * (%s + (%s * p.dl) / %s)))) AS score,
                       array_agg(p.term_id) AS tids, array_agg(p.tf) AS tfs
                FROM q JOIN {self.p}postings p ON p.term_id = q.term_id WHERE true {where}
                GROUP BY p.row_key, p.dl)
            SELECT c.chunk_id, c.doc_key, c.seq, s.dl, s.tids, s.tfs FROM s JOIN {self.p}chunks c USING (row_key)
            WHERE s.score > 0 AND s.score >= coalesce(
                (SELECT score FROM s ORDER BY score DESC OFFSET %s LIMIT 1), 0) * (1 - %s)""",
            ([rows[t][0] for t, _ in used], [w * idf[t] for t, w in used], K1 + 1, K1, 1 - B, B, avgdl,
             *params, k - 1, TIE_MARGIN)).fetchall()
        if not found:
            return []
        names, _ = self.documents()
        # The embedded arithmetic (LexicalIndex._add_term), term by term in query order.
        lengths = np.asarray([r["dl"] for r in found], dtype=np.float64)
        norm = K1 * (1 - B + B * lengths / avgdl)
        scores = np.zeros(len(found), dtype=np.float64)
        tf_of = [dict(zip(r["tids"], r["tfs"])) for r in found]
        for term, weight in used:
            term_id = rows[term][0]
            where_in = np.asarray([i for i, tfs in enumerate(tf_of) if term_id in tfs], dtype=np.int64)
            if where_in.size:
                tfs = np.asarray([tf_of[i][term_id] for i in where_in], dtype=np.float64)
                scores[where_in] += weight * idf[term] * (tfs * (K1 + 1) / (tfs + norm[where_in]))
        order = sorted(range(len(found)), key=lambda i: (-scores[i], names[found[i]["doc_key"]], found[i]["seq"]))
        return [(found[i]["chunk_id"], float(scores[i])) for i in order[:k] if scores[i] > 0]

    # -- vectors --------------------------------------------------------------------------------
    def nearest(self, query: np.ndarray, k: int, doc_ids: Iterable[str] | None = None,
                exclude: Iterable[str] | None = None, *, exact: bool | None = None) -> list[tuple[str, float]]:
        """Top-k (chunk_id, cosine): exact below ``exact_below`` rows in scope (or when asked),
        HNSW above; ties by (document, chunk order)."""
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        if k <= 0 or not float(np.linalg.norm(q)):
            return []
        stats = self.stats()
        where, params, in_scope = self._scope(doc_ids, exclude)
        in_scope = stats.n if in_scope is None else in_scope
        if in_scope == 0:
            return []
        names, _ = self.documents()
        if exact is None:
            exact = in_scope <= self.settings.exact_below
        with self.db.transaction() as conn:
            if exact:
                # Ordered by more than the distance, so the HNSW index cannot serve it: every row is scored.
                found = conn.execute(
                    f"SELECT c.chunk_id, c.doc_key, c.seq, c.embedding <=> %s AS dist FROM {self.p}chunks c"
                    f" JOIN {self.p}docs d USING (doc_key) WHERE true {where.format(t='c')}"
                    ' ORDER BY dist, d.doc_id COLLATE "C", c.seq LIMIT %s', (q, *params, k)).fetchall()
            else:
                conn.execute(f"SET LOCAL hnsw.ef_search = {max(int(self.settings.ef_search), min(k, 1000))}")
                conn.execute("SET LOCAL hnsw.iterative_scan = strict_order")
                found = conn.execute(
                    f"SELECT c.chunk_id, c.doc_key, c.seq, c.embedding <=> %s AS dist FROM {self.p}chunks c"
                    f" WHERE true {where.format(t='c')} ORDER BY c.embedding <=> %s LIMIT %s",
                    (q, *params, q, k)).fetchall()
        found.sort(key=lambda r: (r["dist"], names.get(r["doc_key"], ""), r["seq"]))
        return [(r["chunk_id"], 1.0 - float(r["dist"])) for r in found]

    def close(self) -> None:
        self.db.close()


class _IdfView:
    """The idf of single terms, for the answer pipeline (``LexicalIndex.idf``'s use): ``in``,
    ``[]`` and ``get``, looked up on the server and kept for one state of the statistics."""

    def __init__(self, store: PgRetrieval, stats: LexStats):
        self._store, self._stats = store, stats
        self._known: dict[str, float | None] = {}

    def _lookup(self, term: str) -> float | None:
        if term not in self._known:
            rows = self._store.term_rows([term])
            self._known[term] = self._store.idf_of({t: df for t, (_, df) in rows.items()}, self._stats).get(term)
        return self._known[term]

    def get(self, term: str, default=None):
        value = self._lookup(term)
        return default if value is None else value

    def __contains__(self, term: object) -> bool:
        return isinstance(term, str) and self._lookup(term) is not None

    def __getitem__(self, term: str) -> float:
        value = self._lookup(term)
        if value is None:
            raise KeyError(term)
        return value


class SharedLexical:
    """What ``Index.lexical_index()`` is in the shared profile: LexicalIndex's search interface
    (``search``, ``idf``, ``len``, ``generation``) answered by the server."""

    def __init__(self, store: PgRetrieval, generation: int):
        self.store, self.generation = store, generation
        self.stats = store.stats()
        self.idf = _IdfView(store, self.stats)

    def __len__(self) -> int:
        return self.stats.n

    def search(self, query_tokens: Sequence[str], k: int, doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None,
               weights: Mapping[str, float] | None = None) -> list[tuple[str, float]]:
        return self.store.bm25(query_tokens, k, doc_ids, exclude, weights)


class SharedVectors:
    """What ``Index.dense_index()`` is in the shared profile: DenseIndex's ``search`` on the server."""

    def __init__(self, store: PgRetrieval, generation: int, space: str):
        self.store, self.generation, self.space = store, generation, space

    def __len__(self) -> int:
        return self.store.stats().n

    def search(self, query: np.ndarray, k: int, doc_ids: Iterable[str] | None = None,
               exclude: Iterable[str] | None = None) -> list[tuple[str, float]]:
        return self.store.nearest(query, k, doc_ids, exclude)

