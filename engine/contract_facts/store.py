"""Contract facts in SQLite, in the catalog's own database file.

Every table hangs off ``documents(doc_id)`` with ON DELETE CASCADE (directly or through
``contract_facts``), so deleting a document from the catalog deletes its facts in the same
statement. Only located values are stored (alignment exact or fuzzy).

``contract_facts`` keeps, beside the extractor version, the denormalised columns the typed query
tool filters on (dates as ISO days, the amount in exact cents, the end of the term and how it was
known); the per-field rows keep value, surface text, chunk span, page, quote span and alignment.
Party entities are recomputed over all stored parties after every write (engine/contract_facts/parties.py).
"""

from __future__ import annotations

import calendar
import json
import sqlite3
import threading
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, Iterable

from engine.contract_facts.model import (Alignment, ClauseFact, ContractFacts, ExtractionMode, FieldValue,
                                LIST_FIELDS, Party, json_value)
from engine.contract_facts.parties import PartyRef, resolve_entities
from engine.store.sqlite import ThreadLocalSQLite

# Where a stored value stands (chunk span, page, quote span) and how it was found: the same
# columns close every per-value table.
_LOCATED_COLUMNS = ("chunk_id", "start", "end", "page", "quote_start", "quote_end", "alignment", "source",
                    "meta")
_LOCATED_DDL = """\
    chunk_id TEXT NOT NULL REFERENCES chunks(chunk_id) ON DELETE CASCADE,
    start INTEGER NOT NULL,
    end INTEGER NOT NULL,
    page INTEGER,
    quote_start INTEGER NOT NULL,
    quote_end INTEGER NOT NULL,
    alignment TEXT NOT NULL CHECK (alignment IN ('exact', 'fuzzy')),
    source TEXT NOT NULL,
    meta TEXT NOT NULL,
"""

SCHEMA = """
CREATE TABLE IF NOT EXISTS contract_facts (
    doc_id TEXT PRIMARY KEY REFERENCES documents(doc_id) ON DELETE CASCADE,
    extractor_version TEXT NOT NULL,
    mode TEXT NOT NULL,
    model TEXT,
    language TEXT NOT NULL,
    extracted_at TEXT NOT NULL,
    title TEXT,
    contract_type TEXT,
    agreement_date TEXT,      -- ISO day, or NULL when unknown or less precise than a day
    effective_date TEXT,
    start_date TEXT,          -- term start, else effective date, else agreement date
    end_date TEXT,            -- stated termination date, else start + duration
    end_basis TEXT,           -- stated | derived
    auto_renew INTEGER,       -- 1 / 0 / NULL unknown
    total_amount TEXT,        -- exact decimal string
    total_amount_cents INTEGER,
    currency TEXT,
    notes TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS contract_fields (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    field TEXT NOT NULL,
    seq INTEGER NOT NULL,
    value TEXT NOT NULL,      -- JSON
    text TEXT NOT NULL,
""" + _LOCATED_DDL + """    PRIMARY KEY (doc_id, field, seq)
);
CREATE TABLE IF NOT EXISTS contract_jurisdictions (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    jurisdiction TEXT NOT NULL,
    PRIMARY KEY (doc_id, jurisdiction)
);
CREATE TABLE IF NOT EXISTS contract_parties (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    name TEXT NOT NULL,
    role TEXT,
    location TEXT,
    norm TEXT NOT NULL,
    entity_id TEXT,
    canonical TEXT,
    merge_method TEXT,        -- own | same_normalised_name | similar_name
    merge_score REAL,
    merged_with TEXT,
""" + _LOCATED_DDL + """    PRIMARY KEY (doc_id, seq)
);
CREATE INDEX IF NOT EXISTS contract_parties_by_entity ON contract_parties (entity_id);
CREATE TABLE IF NOT EXISTS contract_clauses (
    doc_id TEXT NOT NULL REFERENCES contract_facts(doc_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    clause_type TEXT NOT NULL,
    summary TEXT NOT NULL,
""" + _LOCATED_DDL + """    PRIMARY KEY (doc_id, seq)
);
CREATE INDEX IF NOT EXISTS contract_clauses_by_type ON contract_clauses (clause_type);
"""


def _dumps(value: Any) -> str:
    return json.dumps(json_value(value), ensure_ascii=False, separators=(",", ":"))


def iso_day(value: Any) -> str | None:
    """A full ISO day, or None: "2023-02" or "--03-05" are kept as fields but cannot be compared."""
    if isinstance(value, str) and len(value) == 10:
        try:
            date.fromisoformat(value)
            return value
        except ValueError:
            return None
    return None


def add_duration(start: str, duration: dict[str, int]) -> str | None:
    """The last day of a term of ``duration`` starting on ``start`` (a 12-month term from
    2023-03-01 ends 2024-02-29); None for units without a calendar meaning (business days)."""
    day = date.fromisoformat(start)
    months = 12 * duration.get("years", 0) + duration.get("months", 0)
    days = duration.get("days", 0) + 7 * duration.get("weeks", 0)
    if set(duration) - {"years", "months", "days", "weeks"} or not (months or days):
        return None
    if months:
        y, m = divmod(day.month - 1 + months, 12)
        year, month = day.year + y, m + 1
        day = date(year, month, min(day.day, calendar.monthrange(year, month)[1]))
    return (day + timedelta(days=days) - timedelta(days=1)).isoformat()


def amount_cents(value: Any) -> int | None:
    try:
        cents = Decimal(str(value)) * 100
    except (InvalidOperation, ValueError):
        return None
    return int(cents) if cents == cents.to_integral_value() else None


class FactStore(ThreadLocalSQLite):
    ROW_FACTORY = sqlite3.Row
    PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON")
    _instances: dict[tuple[Path, int], "FactStore"] = {}
    _instances_lock = threading.Lock()

    def __init__(self, path: Path | str):
        super().__init__(path)
        with self._write_lock:  # executescript commits on its own: no BEGIN around it
            self._conn().executescript(SCHEMA)

    @classmethod
    def for_path(cls, path: Path | str) -> "FactStore":
        """One store per catalog file per process (the schema is created once). Keyed by the
        file's inode too: a home deleted and made again at the same path gets a new store instead
        of connections to the old, unlinked file."""
        resolved = Path(path).resolve()
        key = (resolved, resolved.stat().st_ino if resolved.exists() else -1)
        with cls._instances_lock:
            if key not in cls._instances:
                cls._instances[key] = cls(resolved)
            return cls._instances[key]

    # -- writes --------------------------------------------------------------------------------
    def save(self, facts: ContractFacts) -> None:
        """Replace a document's facts in one transaction, then re-resolve party entities."""
        row = _summary_row(facts)
        with self._write() as conn:
            conn.execute("DELETE FROM contract_facts WHERE doc_id=?", (facts.doc_id,))
            conn.execute(f"INSERT INTO contract_facts ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                         list(row.values()))
            fields = [(name, 0, f) for name, f in facts.fields.items()]
            fields += [(name, i, f) for name in LIST_FIELDS for i, f in enumerate(facts.lists.get(name, []))]
            _insert_located(conn, "contract_fields", ("doc_id", "field", "seq", "value", "text"),
                            [((facts.doc_id, name, seq, _dumps(f.value), f.text), f)
                             for name, seq, f in fields if f.located])
            law = facts.fields.get("governing_law")
            if law is not None and law.located:
                conn.executemany("INSERT OR IGNORE INTO contract_jurisdictions (doc_id, jurisdiction) VALUES (?,?)",
                                 [(facts.doc_id, j) for j in law.value.get("jurisdictions", [])])
            _insert_located(conn, "contract_parties", ("doc_id", "seq", "name", "role", "location", "norm"),
                            [((facts.doc_id, i, p.name, p.role, p.location, p.norm), p)
                             for i, p in enumerate(p for p in facts.parties if p.located)])
            _insert_located(conn, "contract_clauses", ("doc_id", "seq", "clause_type", "summary"),
                            [((facts.doc_id, i, c.clause_type, c.summary), c)
                             for i, c in enumerate(c for c in facts.clauses if c.located)])
            self._resolve(conn)

    def _resolve(self, conn: sqlite3.Connection) -> None:
        rows = conn.execute("SELECT doc_id, seq, name, norm FROM contract_parties").fetchall()
        resolved = resolve_entities(PartyRef((r["doc_id"], r["seq"]), r["name"], r["norm"]) for r in rows)
        conn.executemany(
            "UPDATE contract_parties SET entity_id=?, canonical=?, merge_method=?, merge_score=?, merged_with=?"
            " WHERE doc_id=? AND seq=?",
            [(res.entity_id, res.canonical, res.method, res.score, res.merged_with, key[0], key[1])
             for key, res in resolved.items()])

    # -- reads ---------------------------------------------------------------------------------
    def versions(self) -> dict[str, tuple[str, str]]:
        """doc_id → (extractor_version, mode) of every stored contract."""
        return {r["doc_id"]: (r["extractor_version"], r["mode"])
                for r in self._conn().execute("SELECT doc_id, extractor_version, mode FROM contract_facts")}

    def load(self, doc_id: str, doc_name: str = "") -> ContractFacts | None:
        conn = self._conn()
        head = conn.execute("SELECT * FROM contract_facts WHERE doc_id=?", (doc_id,)).fetchone()
        if head is None:
            return None
        facts = ContractFacts(doc_id=doc_id, doc_name=doc_name, language=head["language"],
                              extractor_version=head["extractor_version"], mode=ExtractionMode(head["mode"]),
                              model=head["model"], extracted_at=head["extracted_at"],
                              notes=json.loads(head["notes"]))
        for r in conn.execute("SELECT * FROM contract_fields WHERE doc_id=? ORDER BY field, seq", (doc_id,)):
            value = FieldValue(name=r["field"], value=json.loads(r["value"]), text=r["text"],
                               meta=json.loads(r["meta"]), **_position(r))
            if r["field"] in LIST_FIELDS:
                facts.lists.setdefault(r["field"], []).append(value)
            else:
                facts.fields[r["field"]] = value
        facts.parties = [Party(name=r["name"], role=r["role"], location=r["location"], norm=r["norm"],
                               entity_id=r["entity_id"], meta=json.loads(r["meta"]),
                               merge={"canonical": r["canonical"], "method": r["merge_method"],
                                      "score": r["merge_score"], "merged_with": r["merged_with"]},
                               **_position(r))
                         for r in conn.execute("SELECT * FROM contract_parties WHERE doc_id=? ORDER BY seq",
                                               (doc_id,))]
        facts.clauses = [ClauseFact(clause_type=r["clause_type"], summary=r["summary"], meta=json.loads(r["meta"]),
                                    **_position(r))
                         for r in conn.execute("SELECT * FROM contract_clauses WHERE doc_id=? ORDER BY seq",
                                               (doc_id,))]
        return facts

    def field_rows(self, doc_ids: Iterable[str], names: Iterable[str]) -> list[sqlite3.Row]:
        doc_ids, names = list(doc_ids), list(names)
        if not doc_ids or not names:
            return []
        return self._conn().execute(
            f"SELECT * FROM contract_fields WHERE doc_id IN ({','.join('?' * len(doc_ids))})"
            f" AND field IN ({','.join('?' * len(names))}) ORDER BY doc_id, field, seq",
            [*doc_ids, *names]).fetchall()

    def party_rows(self, doc_ids: Iterable[str] | None = None) -> list[sqlite3.Row]:
        if doc_ids is None:
            return self._conn().execute("SELECT * FROM contract_parties ORDER BY doc_id, seq").fetchall()
        doc_ids = list(doc_ids)
        if not doc_ids:
            return []
        return self._conn().execute(
            f"SELECT * FROM contract_parties WHERE doc_id IN ({','.join('?' * len(doc_ids))})"
            " ORDER BY doc_id, seq", doc_ids).fetchall()

    def jurisdictions(self) -> list[str]:
        return [r[0] for r in self._conn().execute(
            "SELECT DISTINCT jurisdiction FROM contract_jurisdictions ORDER BY jurisdiction")]

    def contract_types(self) -> list[str]:
        return [r[0] for r in self._conn().execute(
            "SELECT DISTINCT contract_type FROM contract_facts WHERE contract_type IS NOT NULL ORDER BY 1")]

    def execute(self, sql: str, params: list[Any]) -> list[sqlite3.Row]:
        """Run query text built by engine/contract_facts/query.py from fixed fragments; values only ever
        travel as parameters."""
        return self._conn().execute(sql, params).fetchall()


def _insert_located(conn: sqlite3.Connection, table: str, own: tuple[str, ...],
                    rows: list[tuple[tuple[Any, ...], FieldValue | Party | ClauseFact]]) -> None:
    """Insert rows of ``table``: each its own columns' values, then where its value stands."""
    columns = (*own, *_LOCATED_COLUMNS)
    conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({','.join('?' * len(columns))})",
                     [(*values, v.chunk_id, v.start, v.end, v.page, v.quote_start, v.quote_end,
                       v.alignment.value, v.source.value, _dumps(v.meta)) for values, v in rows])


def _position(row: sqlite3.Row) -> dict[str, Any]:
    return {"chunk_id": row["chunk_id"], "start": row["start"], "end": row["end"], "page": row["page"],
            "quote_start": row["quote_start"], "quote_end": row["quote_end"],
            "alignment": Alignment(row["alignment"]), "source": ExtractionMode(row["source"])}


def _summary_row(facts: ContractFacts) -> dict[str, Any]:
    def located(name: str) -> FieldValue | None:
        found = facts.fields.get(name)
        return found if found is not None and found.located else None

    def day(name: str) -> str | None:
        found = located(name)
        return iso_day(found.value) if found else None

    start = day("term_start") or day("effective_date") or day("agreement_date")
    end, basis = day("termination_date"), "stated"
    duration = located("duration")
    if end is None and start is not None and duration is not None:
        end, basis = add_duration(start, duration.value), "derived"
    renewal = located("renewal_term")
    automatic = renewal.value.get("automatic") if renewal else None
    total = located("total_amount")
    title, kind = located("title"), located("contract_type")
    return {"doc_id": facts.doc_id, "extractor_version": facts.extractor_version, "mode": facts.mode.value,
            "model": facts.model, "language": facts.language, "extracted_at": facts.extracted_at or "",
            "title": title.value if title else None, "contract_type": kind.value if kind else None,
            "agreement_date": day("agreement_date"), "effective_date": day("effective_date"),
            "start_date": start, "end_date": end, "end_basis": basis if end else None,
            "auto_renew": None if automatic is None else int(bool(automatic)),
            "total_amount": str(total.value["value"]) if total else None,
            "total_amount_cents": amount_cents(total.value["value"]) if total else None,
            "currency": total.value.get("currency") if total else None,
            "notes": _dumps(facts.notes)}
