"""The statute reference graph: which article cites which (refers_to / referred_by).

Built from the ``statute_ref`` facts ingest already extracted (engine/text/refs.py) and stored in
the catalog's SQLite file, so deleting a document deletes its edges (foreign keys, ON DELETE
CASCADE) and the graph never outlives the chunks it points from.

An edge is stored by *law identity and label* — (中华人民共和国刑法, 第六十七条) — not by chunk id,
so it resolves to whichever version's chunk is asked for, and keeps resolving when a version is
added or removed. How a reference becomes an edge:

  本法/本条例/本解释…第X条, or 第X条 with no law   → the citing chunk's own law;
  …第X条、第Y条 / …第X条或者第Y条                   → Y belongs to the law X was named with;
  《X法》第Y条, X法第Y条, 中华人民共和国X法第Y条       → the ingested law with that full title, short
                                                     title or 中华人民共和国-prefixed title; a name
                                                     matching no law (or several) stays an
                                                     unresolved edge with its text — never guessed;
  第X条至第Y条                                      → one range edge, expanded on reading to the
                                                     articles of that range the law has (≤ 20);
  前条                                              → the previous article of the same document;
  前款/前两款/本款/本条/第Y款/前项                  → the citing article itself (a paragraph edge,
                                                     not a cross-article one); the paragraph is
                                                     worked out only where the source keeps one
                                                     paragraph per line (LawRefBook Markdown).
  该法/同法                                         → unresolved: which law "that law" is depends on
                                                     the sentence before, and we do not guess it.

Only statute chunks (those carrying ``law_title``) are sources: a reference in a judgment or a
transcript has no "own law" to resolve 本法 against.
"""

from __future__ import annotations

import logging
import re
import sqlite3
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, Iterable, Sequence

from engine.statutes.lookup import name_key
from engine.statutes.versions import VersionStatus, plan_versions
from engine.store.catalog import Catalog
from engine.store.sidecar import CatalogSidecar
from engine.text.numbers import parse_number, to_chinese
from engine.text.refs import article_key
from engine.types import Chunk, Fact

log = logging.getLogger(__name__)

# Bumped when the way edges are derived changes: ensure_built() then rebuilds older documents.
GRAPH_VERSION = 2  # 2: 劳动合同法 no longer read as 同法 (engine/text/refs.py)
# A range reference expands to at most this many articles (第一条至第四百条 must not flood evidence).
MAX_RANGE_ARTICLES = 20
# Chapter context reads at most this many chunks on each side of an article (a long article is
# split into several chunks, so this is more than the article window itself).
_CONTEXT_SCAN_CHUNKS = 24

EDGE_KINDS = ("direct", "relative", "range")

SCHEMA = """
CREATE TABLE IF NOT EXISTS statute_refs (
    id INTEGER PRIMARY KEY,
    src_chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    src_doc_id TEXT NOT NULL REFERENCES documents(doc_id) ON DELETE CASCADE,
    src_law TEXT NOT NULL,           -- law_title of the citing chunk
    src_label TEXT,                  -- its article label (NULL for a preamble/annex paragraph)
    src_version TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('direct', 'relative', 'range')),
    dst_name TEXT,                   -- the law as written (本法, 刑法, 中华人民共和国民事诉讼法) or NULL
    dst_law TEXT,                    -- resolved law_title; NULL = unresolved
    dst_label TEXT,                  -- the article (first of a range); NULL when unknown
    dst_label_to TEXT,               -- last article of a range
    dst_key_from INTEGER,            -- article order keys (number * 1000 + 之N) of [label, label_to]
    dst_key_to INTEGER,
    dst_paragraph TEXT,              -- 第二款 | 第一款至第二款 | NULL
    dst_item TEXT,
    text TEXT NOT NULL,              -- verbatim, == chunk.text[start:end]
    start INTEGER NOT NULL,
    end INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS statute_refs_by_src ON statute_refs (src_chunk_id);
CREATE INDEX IF NOT EXISTS statute_refs_by_doc ON statute_refs (src_doc_id);
CREATE INDEX IF NOT EXISTS statute_refs_by_dst ON statute_refs (dst_law, dst_key_from);
CREATE INDEX IF NOT EXISTS statute_refs_unresolved ON statute_refs (dst_name) WHERE dst_law IS NULL;
-- Which documents the graph has read, and with which GRAPH_VERSION (transcripts too: 0 edges).
CREATE TABLE IF NOT EXISTS statute_ref_docs (
    doc_id TEXT PRIMARY KEY REFERENCES documents(doc_id) ON DELETE CASCADE,
    graph_version INTEGER NOT NULL,
    edges INTEGER NOT NULL
);
"""

# Between two references of one enumeration: 第三十八条第二款或者第七十二条第二款.
_ENUMERATION_GAP = re.compile(r"[\s、，,和及与或者以并]{0,4}")
# An item line (（一）…) belongs to the paragraph above it; it is not a 款 of its own.
_ITEM_LINE = re.compile(r"[ \t\u3000]*[（(][一二三四五六七八九十]+[）)]")
_RELATIVE_PARAGRAPHS = re.compile(r"前(?P<n>[两二三四五六七八九十]?)款")


@dataclass(frozen=True)
class Target:
    """One stored chunk of a cited article."""

    chunk_id: str
    doc_id: str
    version: str | None


@dataclass(frozen=True)
class Edge:
    """One reference from a statute chunk. ``targets`` lists the chunks of the cited article,
    preferred first (see ReferenceGraph.refers_to); empty when the article is not ingested."""

    src_chunk_id: str
    src_doc_id: str
    src_law: str
    src_label: str | None
    src_version: str | None
    kind: str  # direct | relative | range
    text: str
    start: int
    end: int
    law_name: str | None  # as written
    law: str | None  # resolved law_title; None = unresolved
    label: str | None  # the cited article
    paragraph: str | None = None
    item: str | None = None
    range: tuple[str, str] | None = None  # (第十条, 第十五条) for a range reference
    targets: tuple[Target, ...] = ()

    @property
    def resolved(self) -> bool:
        return self.law is not None and self.label is not None

    @property
    def cross_article(self) -> bool:
        """A reference to another article (not a 前款/本条 inside the citing article)."""
        return self.resolved and not (self.law == self.src_law and self.label == self.src_label)

    def preferred(self) -> list[Target]:
        """The targets in the preferred document (an article split in parts has several chunks)."""
        return [t for t in self.targets if t.doc_id == self.targets[0].doc_id] if self.targets else []

    @property
    def newer_than_source(self) -> bool:
        """The preferred target is a version dated after the citing text: article numbers and
        wording may have changed since the citation was written."""
        first = self.targets[0] if self.targets else None
        return bool(first and first.version and self.src_version and first.version > self.src_version
                    and self.law != self.src_law)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["targets"] = [asdict(t) for t in self.targets]
        data["range"] = list(self.range) if self.range else None
        data["resolved"] = self.resolved
        return data


@dataclass
class _Row:
    """An edge as stored (before its targets are looked up)."""

    kind: str
    text: str
    start: int
    end: int
    dst_name: str | None
    dst_law: str | None
    dst_label: str | None
    dst_label_to: str | None = None
    dst_paragraph: str | None = None
    dst_item: str | None = None


class ReferenceGraph(CatalogSidecar):
    """The graph over one catalog. ``ReferenceGraph.for_catalog(engine.index.catalog)`` shares
    one instance per catalog; the graph lives in the catalog's own SQLite file."""

    ROW_FACTORY = sqlite3.Row
    SCHEMA = SCHEMA
    WHAT = "reference graph"

    def __init__(self, catalog: Catalog):
        self._checked_generation: int | None = None
        self._labels_cache: dict[tuple[int, str], list[tuple[int, str]]] = {}
        self._titles_cache: tuple[int, _LawTitles] | None = None
        super().__init__(catalog)

    # -- building ------------------------------------------------------------------------------
    def build_for_document(self, doc_id: str) -> int:
        """(Re)build the edges of one document; returns how many it has. Idempotent: the old
        edges go in the same transaction the new ones come in. Unresolved edges of other
        documents that name this document's law are resolved now that it is here."""
        record = self.catalog.get_document(doc_id)
        if record is None:
            raise ValueError(f"no document {doc_id!r} in the catalog")
        chunks = [c for c in self.catalog.chunks(doc_id, with_facts=True)
                  if c.meta.get("law_title") and c.chunk_type != "header"]
        names = self._titles()
        if chunks and not names.knows(chunks[0].meta["law_title"]):  # built before it is ready
            meta = chunks[0].meta
            names = _LawTitles([*self.catalog.statute_documents(),
                                (doc_id, meta["law_title"], meta.get("law_short"), meta.get("version"))])
        one_paragraph_per_line = record.media_type == "markdown"
        order = _article_order(chunks)
        rows: list[tuple[Any, ...]] = []
        for chunk in chunks:
            for edge in _edges_of(chunk, names, order, one_paragraph_per_line):
                rows.append((chunk.chunk_id, doc_id, chunk.meta["law_title"],
                             chunk.meta.get("article_label"), chunk.meta.get("version"), edge.kind,
                             edge.dst_name, edge.dst_law, edge.dst_label, edge.dst_label_to,
                             article_key(edge.dst_label), article_key(edge.dst_label_to or edge.dst_label),
                             edge.dst_paragraph, edge.dst_item, edge.text, edge.start, edge.end))
        with self._write() as conn:
            conn.execute("DELETE FROM statute_refs WHERE src_doc_id=?", (doc_id,))
            conn.executemany(
                "INSERT INTO statute_refs (src_chunk_id, src_doc_id, src_law, src_label, src_version,"
                " kind, dst_name, dst_law, dst_label, dst_label_to, dst_key_from, dst_key_to,"
                " dst_paragraph, dst_item, text, start, end) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                rows)
            conn.execute("INSERT OR REPLACE INTO statute_ref_docs (doc_id, graph_version, edges)"
                         " VALUES (?,?,?)", (doc_id, GRAPH_VERSION, len(rows)))
            if chunks:
                self._resolve_waiting(conn, names)
        return len(rows)

    def _titles(self) -> "_LawTitles":
        """The ingested titles, read once per catalog generation (ensure_built over a whole
        statute corpus would otherwise read them once per document)."""
        generation = self.catalog.generation()
        cached = self._titles_cache
        if cached is None or cached[0] != generation:
            cached = self._titles_cache = (generation, _LawTitles(self.catalog.statute_documents()))
        return cached[1]

    @staticmethod
    def _resolve_waiting(conn: sqlite3.Connection, names: "_LawTitles") -> None:
        """Edges written before the law they name was ingested."""
        waiting = [r[0] for r in conn.execute(
            "SELECT DISTINCT dst_name FROM statute_refs WHERE dst_law IS NULL AND dst_name IS NOT NULL")]
        for name in waiting:
            title = names.resolve(name)
            if title is not None:
                conn.execute("UPDATE statute_refs SET dst_law=? WHERE dst_law IS NULL AND dst_name=?",
                             (title, name))

    def ensure_built(self, doc_ids: Iterable[str] | None = None) -> int:
        """Build the documents the graph has not read yet (or read with an older GRAPH_VERSION):
        all ready documents, or just ``doc_ids``. Cheap when nothing is missing. Returns how many
        documents were built."""
        wanted = None if doc_ids is None else sorted(set(doc_ids))
        generation = self.catalog.generation()
        if wanted is None and generation == self._checked_generation:
            return 0
        sql = ("SELECT d.doc_id FROM documents d LEFT JOIN statute_ref_docs s USING (doc_id)"
               " WHERE d.status='ready' AND (s.doc_id IS NULL OR s.graph_version < ?)")
        args: list[Any] = [GRAPH_VERSION]
        if wanted is not None:
            if not wanted:
                return 0
            sql += f" AND d.doc_id IN ({','.join('?' * len(wanted))})"
            args += wanted
        missing = [r[0] for r in self._conn().execute(sql + " ORDER BY d.created_at", args)]
        built = 0
        for doc_id in missing:
            try:
                self.build_for_document(doc_id)
                built += 1
            except (ValueError, sqlite3.IntegrityError):
                if self.catalog.get_document(doc_id) is not None:
                    raise
                # Deleted while we were reading it: nothing to build, its rows are gone.
                log.info("document %s vanished before its references were built", doc_id)
        if wanted is None:
            self._checked_generation = generation
        return built

    def is_built(self, doc_id: str) -> bool:
        return self._conn().execute(
            "SELECT 1 FROM statute_ref_docs WHERE doc_id=? AND graph_version=?",
            (doc_id, GRAPH_VERSION)).fetchone() is not None

    def edge_count(self, doc_id: str | None = None) -> int:
        if doc_id is None:
            return self._conn().execute("SELECT COUNT(*) FROM statute_refs").fetchone()[0]
        return self._conn().execute(
            "SELECT COUNT(*) FROM statute_refs WHERE src_doc_id=?", (doc_id,)).fetchone()[0]

    # -- reading -------------------------------------------------------------------------------
    def cited_counts(self) -> dict[str, list[tuple[int, int, int]]]:
        """How often each article is cited by *other* articles (a reference to one's own article
        — 前款, 本条 — does not count): law_title → [(key_from, key_to, citations)], a single
        article having key_from == key_to. Ranges wider than MAX_RANGE_ARTICLES are left out,
        as in reading them."""
        rows = self._conn().execute(
            "SELECT r.dst_law, r.dst_key_from, r.dst_key_to, COUNT(*) FROM statute_refs r"
            " JOIN documents d ON d.doc_id = r.src_doc_id WHERE d.status='ready'"
            " AND r.dst_law IS NOT NULL AND r.dst_key_from IS NOT NULL"
            " AND NOT (r.src_law = r.dst_law AND r.src_label IS r.dst_label)"
            " GROUP BY r.dst_law, r.dst_key_from, r.dst_key_to").fetchall()
        counts: dict[str, list[tuple[int, int, int]]] = {}
        for law, key_from, key_to, n in rows:
            key_to = key_to if key_to is not None else key_from
            if (key_to - key_from) // 1000 < MAX_RANGE_ARTICLES:
                counts.setdefault(law, []).append((key_from, key_to, n))
        return counts

    def refers_to(self, chunk_id: str) -> list[Edge]:
        """Every reference the chunk makes, in text order; a range yields one edge per article
        of the range the law has (≤ MAX_RANGE_ARTICLES), or one unexpanded edge when none is
        ingested. Targets are preferred in this order: the citing document itself; the same
        edition of the same law (the 民法典 is ingested as one file per part); for another law, the
        version in force when the citing text was issued; else the newest version."""
        rows = self._conn().execute(
            "SELECT * FROM statute_refs WHERE src_chunk_id=? ORDER BY start, id", (chunk_id,)).fetchall()
        edges: list[Edge] = []
        for row in rows:
            if row["kind"] == "range" and row["dst_law"] is not None:
                labels = self._labels_between(row["dst_law"], row["dst_key_from"], row["dst_key_to"])
                if labels:
                    edges.extend(self._edge(row, label) for label in labels)
                    continue
            edges.append(self._edge(row, row["dst_label"]))
        return edges

    def referred_by(self, chunk_id: str) -> list[Edge]:
        """References to the article ``chunk_id`` belongs to, from other articles: of the same
        law (in the same version), or of other laws naming it. One edge per citing reference,
        ordered by citing document and position."""
        ident = self._conn().execute(
            "SELECT a.law_title, a.article_label, a.version FROM articles a WHERE a.chunk_id=?",
            (chunk_id,)).fetchone()
        key = article_key(ident["article_label"]) if ident else None
        if key is None:
            return []
        law, label, version = ident["law_title"], ident["article_label"], ident["version"]
        rows = self._conn().execute(
            "SELECT r.* FROM statute_refs r JOIN documents d ON d.doc_id = r.src_doc_id"
            " WHERE d.status='ready' AND r.dst_law=? AND r.dst_key_from<=? AND r.dst_key_to>=?"
            " AND NOT (r.src_law = r.dst_law AND r.src_label IS ?)"
            " AND (r.src_law != r.dst_law OR r.src_version IS ?)"
            " ORDER BY r.src_doc_id, r.src_chunk_id, r.start, r.id",
            (law, key, key, label, version)).fetchall()
        return [self._edge(row, label) for row in rows]

    def chapter_neighbours(self, chunk_id: str, window: int = 1) -> list[list[str]]:
        """The articles next to this one under the same 编/章/节 path: up to ``window`` on each
        side, nearest first (before, after, before, after…), each as its chunk ids in order."""
        if window <= 0:
            return []
        me = self._conn().execute(
            "SELECT doc_id, seq, json_extract(meta, '$.article_label') AS label,"
            " json_extract(meta, '$.path') AS path FROM chunks WHERE chunk_id=?", (chunk_id,)).fetchone()
        if me is None or me["label"] is None:
            return []
        span = _CONTEXT_SCAN_CHUNKS * window
        rows = self._conn().execute(
            "SELECT chunk_id, seq, json_extract(meta, '$.article_label') AS label,"
            " json_extract(meta, '$.path') AS path FROM chunks"
            " WHERE doc_id=? AND seq BETWEEN ? AND ? ORDER BY seq",
            (me["doc_id"], me["seq"] - span, me["seq"] + span)).fetchall()
        before = [r for r in rows if r["seq"] < me["seq"]][::-1]
        after = [r for r in rows if r["seq"] > me["seq"]]
        sides = [_article_groups(side, me["label"], me["path"], window) for side in (before, after)]
        sides[0] = [group[::-1] for group in sides[0]]  # chunk order within an article
        out: list[list[str]] = []
        for i in range(window):
            out.extend(side[i] for side in sides if i < len(side))
        return out

    # -- helpers -------------------------------------------------------------------------------
    def _edge(self, row: sqlite3.Row, label: str | None) -> Edge:
        rng = (row["dst_label"], row["dst_label_to"]) if row["kind"] == "range" else None
        targets = self._targets(row["dst_law"], label, row) if row["dst_law"] and label else ()
        return Edge(src_chunk_id=row["src_chunk_id"], src_doc_id=row["src_doc_id"],
                    src_law=row["src_law"], src_label=row["src_label"], src_version=row["src_version"],
                    kind=row["kind"], text=row["text"], start=row["start"], end=row["end"],
                    law_name=row["dst_name"], law=row["dst_law"], label=label,
                    paragraph=row["dst_paragraph"], item=row["dst_item"], range=rng, targets=targets)

    def _targets(self, law: str, label: str, row: sqlite3.Row) -> tuple[Target, ...]:
        found = self._conn().execute(
            "SELECT a.chunk_id, a.doc_id, a.version FROM articles a JOIN documents d USING (doc_id)"
            " JOIN chunks c USING (chunk_id) WHERE d.status='ready' AND a.law_title=?"
            " AND a.article_label=? ORDER BY c.seq", (law, label)).fetchall()
        if not found:
            return ()
        versions = {r["doc_id"]: r["version"] for r in found}
        in_force = _in_force_when_written(law, versions, row["src_version"]) \
            if law != row["src_law"] else set()

        def preference(doc_id: str) -> tuple:
            version = versions[doc_id]
            return (doc_id != row["src_doc_id"],
                    not (law == row["src_law"] and version == row["src_version"]),
                    doc_id not in in_force,
                    _newest_first(version), doc_id)

        rank = {d: i for i, d in enumerate(sorted(versions, key=preference))}
        ordered = sorted(found, key=lambda r: rank[r["doc_id"]])  # stable: keeps chunk order
        return tuple(Target(r["chunk_id"], r["doc_id"], r["version"]) for r in ordered)

    def _labels_between(self, law: str, key_from: int, key_to: int) -> list[str]:
        generation = self.catalog.generation()
        cache_key = (generation, law)
        labels = self._labels_cache.get(cache_key)
        if labels is None:
            rows = self._conn().execute(
                "SELECT DISTINCT a.article_label FROM articles a JOIN documents d USING (doc_id)"
                " WHERE d.status='ready' AND a.law_title=?", (law,)).fetchall()
            labels = sorted((k, r[0]) for r in rows if (k := article_key(r[0])) is not None)
            if len(self._labels_cache) > 256:
                self._labels_cache.clear()
            self._labels_cache[cache_key] = labels
        inside = [label for key, label in labels if key_from <= key <= key_to]
        if len(inside) > MAX_RANGE_ARTICLES:
            log.info("range %s..%s of %s has %d articles; reading the first %d", key_from, key_to,
                     law, len(inside), MAX_RANGE_ARTICLES)
        return inside[:MAX_RANGE_ARTICLES]


def _newest_first(version: str | None) -> tuple[int, int]:
    """Sort key: the newest version first, an undated one last."""
    try:
        return (0, -date.fromisoformat(version or "").toordinal())
    except ValueError:
        return (1, 0)


def _in_force_when_written(law: str, versions: dict[str, str | None], written: str | None) -> set[str]:
    """Documents of ``law`` holding the version in force on the date the citing text carries."""
    if not written:
        return set()
    try:
        day = date.fromisoformat(written)
    except ValueError:
        return set()
    plan = plan_versions([(doc_id, law, None, version) for doc_id, version in versions.items()], day)
    return {d for d, status in plan.status.items() if status is VersionStatus.IN_FORCE}


class _LawTitles:
    """Ingested law titles by the names a statute text uses for them: the full title, the short
    title, or the title with 中华人民共和国 (compared with lookup.name_key). A name that two titles
    answer to is ambiguous and resolves to nothing."""

    def __init__(self, documents: Sequence[tuple[str, str, str | None, str | None]]):
        self._by_key: dict[str, set[str]] = {}
        self._exact: set[str] = set()
        for _doc_id, title, short, _version in documents:
            self._exact.add(title)
            for name in (title, short):
                if name:
                    self._by_key.setdefault(name_key(name), set()).add(title)

    def knows(self, title: str) -> bool:
        return title in self._exact

    def resolve(self, name: str) -> str | None:
        if name in self._exact:
            return name
        titles = self._by_key.get(name_key(name), set())
        return next(iter(titles)) if len(titles) == 1 else None


def _article_order(chunks: Sequence[Chunk]) -> list[str]:
    """The document's article labels in order (a split article counted once)."""
    order: list[str] = []
    for chunk in chunks:
        label = chunk.meta.get("article_label")
        if label and (not order or order[-1] != label):
            order.append(label)
    return order


def _article_groups(rows: Sequence[sqlite3.Row], own: str, path: str | None, window: int) -> list[list[str]]:
    """Walking away from an article: the next ``window`` articles before the path changes."""
    groups: list[list[str]] = []
    label = None
    for row in rows:
        if row["path"] != path or row["label"] is None:
            break
        if row["label"] == own:
            continue  # another part of the article itself
        if row["label"] != label:
            if len(groups) == window:
                break
            groups.append([])
            label = row["label"]
        groups[-1].append(row["chunk_id"])
    return groups


def _paragraph_at(text: str, pos: int) -> int:
    """The 款 (1-based) of an article text that position ``pos`` falls in, one paragraph per line."""
    line_end = text.find("\n", pos)
    count = 0
    for line in text[:line_end if line_end >= 0 else len(text)].split("\n"):
        if line.strip(" \t\u3000") and not _ITEM_LINE.match(line):
            count += 1
    return max(count, 1)


def _paragraphs(first: int, last: int) -> str | None:
    if first < 1 or last < first:
        return None
    one = f"第{to_chinese(first)}款"
    return one if first == last else f"{one}至第{to_chinese(last)}款"


def _relative_row(fact: Fact, chunk: Chunk, order: list[str], one_per_line: bool) -> _Row:
    own_law, own_label = chunk.meta["law_title"], chunk.meta.get("article_label")
    relative = fact.meta.get("relative") or ""
    item = fact.meta.get("item")
    if relative == "前条":
        previous = None
        if own_label in order and order.index(own_label) > 0:
            previous = order[order.index(own_label) - 1]
        return _Row("relative", fact.text, fact.start, fact.end, None, own_law if previous else None,
                    previous, dst_item=item, dst_paragraph=fact.meta.get("paragraph"))
    paragraph = fact.meta.get("paragraph")
    # Counting lines from the chunk start is only right in the article's first chunk.
    countable = one_per_line and own_label and not chunk.meta.get("chain_index")
    if paragraph is None and countable:
        here = _paragraph_at(chunk.text, fact.start)
        if (m := _RELATIVE_PARAGRAPHS.fullmatch(relative)):
            n = int(parse_number(m.group("n"))) if m.group("n") else 1
            paragraph = _paragraphs(here - n, here - 1)
        elif relative in ("本款", "前项", "本项"):
            paragraph = _paragraphs(here, here)
    return _Row("relative", fact.text, fact.start, fact.end, None, own_law if own_label else None,
                own_label, dst_paragraph=paragraph, dst_item=item)


def _edges_of(chunk: Chunk, names: _LawTitles, order: list[str], one_per_line: bool) -> list[_Row]:
    own_law = chunk.meta["law_title"]
    refs = sorted((f for f in chunk.facts if f.kind == "statute_ref"), key=lambda f: f.start)
    rows: list[_Row] = []
    previous: tuple[Fact, str | None] | None = None  # last direct reference and its law as named
    for fact in refs:
        if fact.value is None:
            rows.append(_relative_row(fact, chunk, order, one_per_line))
            continue
        named = fact.meta.get("law")
        if named is None and previous is not None and previous[1] is not None \
                and _ENUMERATION_GAP.fullmatch(chunk.text, previous[0].end, fact.start):
            named = previous[1]  # …刑法第三十八条第二款或者第七十二条第二款: still 刑法
        previous = (fact, named)
        if named is None or named.startswith("本"):
            law = own_law
        elif named in ("该法", "同法"):
            law = None
        else:
            law = names.resolve(named)
        span = fact.meta.get("range")
        first, last = (span["from"], span["to"]) if span else (fact.value, fact.value)
        ordered = span is not None and (article_key(first) or 0) < (article_key(last) or 0)
        if ordered and rows and rows[-1].kind == "range" and rows[-1].dst_label == first \
                and rows[-1].dst_label_to == last and rows[-1].dst_name == named:
            rows[-1].end = fact.end  # the far end of 第十条至第十五条: one edge for the range
            rows[-1].text = chunk.text[rows[-1].start:fact.end]
            continue
        if ordered:
            rows.append(_Row("range", fact.text, fact.start, fact.end, named, law, first, last))
        else:
            rows.append(_Row("direct", fact.text, fact.start, fact.end, named, law, fact.value,
                             dst_paragraph=fact.meta.get("paragraph"), dst_item=fact.meta.get("item")))
    return rows
