"""The tamper-evident audit trail: every answer and every audited action, hash-chained in SQLite.

Each record is one canonical JSON body (sorted keys, compact separators, UTF-8, no ASCII
escaping) and ``hash = sha256(prev_hash + body)``, where ``prev_hash`` is the previous record's
hash (``GENESIS_HASH`` for the first). Editing a body or a hash, deleting a record in the middle
or reordering records breaks the chain at that record, and ``verify()`` names it.

The chain alone cannot show that the newest records were cut off the end. Every append therefore
also writes, in the same transaction, a checkpoint — the record count and the head hash —
signed with an HMAC key that is not in this database but in the secrets file
(``settings.audit.key_file``, default ``<home>/secrets.toml``; engine/keys.py). Whoever deletes
the last records cannot sign a checkpoint that matches, so ``verify()`` reports the truncation
and the first missing sequence number; a replaced key shows as a bad signature. An append that
finds the checkpoint not matching the chain it extends records what it found in the new
checkpoint, so the evidence of tampering is carried forward and stays visible. ``export()``
writes the chain and its signed checkpoint to a file for keeping elsewhere; ``verify(against=…)``
then shows whether the live log still extends that copy — which also catches a whole chain
rewritten by someone holding the key.

The checkpoint inside the database cannot show that the database itself was swapped for an older
copy, emptied, or deleted. So the same signed checkpoint is also kept outside it, in the head
file beside the key (engine/audit/head.py), replaced on every append under the lock that covers
the append. ``verify()`` holds the chain against both and fails when either is missing, unreadable,
ahead of the chain (records cut off, a database rolled back) or behind it. Opening a log whose
head file exists but whose database is missing or empty is an error (``AuditLogDamaged``), never
a fresh start; so is a database SQLite cannot read.

The body is the only source of truth: the columns the Audit page filters on are generated from
it by SQLite, so they can never disagree with what the hash covers. Triggers refuse UPDATE and
DELETE, which stops accidents; someone with the file can drop them, which is what the chain is for.

Concurrency: a connection per thread; appends are serialised by a lock inside the process and by
the head file's lock across processes (Streamlit sessions, CLI runs), around a ``BEGIN IMMEDIATE``
transaction that reads the previous hash, so no record is lost, the chain never forks, and the
head file is always the head of the chain some append left.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
import sqlite3
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from engine.audit.head import HeadFile, head_file_path
from engine.audit.record import ASK_KIND, AuditRecord
from engine.audit.replay import ReplayStep, replay_steps
from engine.audit.schema import SQLITE, audit_schema
from engine.keys import load_or_create_key
from engine.store.sqlite import ThreadLocalSQLite

if TYPE_CHECKING:
    from engine.answer.model import Answer
    from engine.retrieve.search import SearchResponse

AUDIT_FILE = "audit.sqlite"
SECRETS_FILE = "secrets.toml"  # the default key file, under the home
KEY_TABLE, KEY_NAME = "audit", "checkpoint_key"
EXPORT_FORMAT = "lextrace-audit-export/1"
GENESIS_HASH = "0" * 64
# Recall lists are kept per channel up to this many candidates; the totals are kept too.
RECALL_CAP = 50
SCORE_DIGITS = 6

SCHEMA = audit_schema(SQLITE)


# -- canonical form and hashing ----------------------------------------------------------------
def canonical_json(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def chain_hash(prev_hash: str, canonical_body: str) -> str:
    return hashlib.sha256((prev_hash + canonical_body).encode("utf-8")).hexdigest()


def _plain(value: Any) -> Any:
    """JSON-safe and stable under a round trip, so a stored body re-canonicalises byte for byte."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)  # NaN is not JSON
    if isinstance(value, Decimal):  # exact amounts stay exact
        return int(value) if value == value.to_integral_value() else str(value)
    if hasattr(value, "item"):  # numpy scalars from scorers
        return _plain(value.item())
    return str(value)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _instant(value: datetime | date | str) -> str:
    """A bound for ``since``/``until`` in the stored format (UTC ISO); naive times are UTC."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if not isinstance(value, datetime):
        value = datetime(value.year, value.month, value.day)
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc).isoformat(timespec="milliseconds")


# -- public types ------------------------------------------------------------------------------
@dataclass
class ChainCheck:
    ok: bool
    checked: int  # records whose hash and link were recomputed (up to and including a break)
    first_broken: str | None = None  # the record id (or ``seq N`` when even the id is unreadable)
    reason: str | None = None
    # The first sequence number that is wrong or missing: an edited, moved or inserted record, or
    # the first record cut off the end. None when the log is intact or the fault has no position
    # (a bad signature, a chain rewritten whole).
    first_bad_seq: int | None = None
    checkpoint: dict[str, Any] | None = None  # count, head, written_at, signature: valid|invalid
    head_file: dict[str, Any] | None = None  # path, state (valid|invalid|missing|unreadable), count, head
    notes: list[str] = field(default_factory=list)  # further findings, and facts that are no fault

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checked": self.checked, "first_broken": self.first_broken,
                "first_bad_seq": self.first_bad_seq, "reason": self.reason,
                "checkpoint": self.checkpoint, "head_file": self.head_file, "notes": list(self.notes)}


class AuditLogDamaged(RuntimeError):
    """The log cannot be opened as it must be: its database is missing or empty while the head
    file says records were written, or SQLite cannot read it. ``str()`` is one line."""


@dataclass(frozen=True)
class Checkpoint:
    """What the signed checkpoint says about the chain as its last append left it."""

    count: int
    head: str
    written_at: str
    # What appends found when the checkpoint did not match the chain they extended (sticky):
    # [{"seq": found at, "first_bad_seq": n | None, "found": why}]
    anomalies: tuple[dict[str, Any], ...] = ()
    unanchored_before: int = 0  # records already there when a log from before anchoring was anchored
    # Records already there when the head file was first written (0: kept from the first record);
    # None in a checkpoint written before head files existed.
    head_file_since: int | None = None

    def body(self) -> str:
        return canonical_json({"count": self.count, "head": self.head, "written_at": self.written_at,
                               "anomalies": list(self.anomalies),
                               "unanchored_before": self.unanchored_before,
                               "head_file_since": self.head_file_since})

    @classmethod
    def parse(cls, text: str) -> "Checkpoint":
        data = json.loads(text)
        since = data.get("head_file_since")
        return cls(int(data["count"]), str(data["head"]), str(data["written_at"]),
                   tuple(data.get("anomalies") or ()), int(data.get("unanchored_before") or 0),
                   None if since is None else int(since))


class CopyState(str, Enum):
    VALID = "valid"
    INVALID = "invalid"  # the signature does not match the key
    MISSING = "missing"
    UNREADABLE = "unreadable"


@dataclass(frozen=True)
class SignedCopy:
    """One place the signed checkpoint is kept (the database, the head file) and what is there."""

    where: str  # "the signed checkpoint", "the head file <path>": the subject of a finding
    state: CopyState
    checkpoint: Checkpoint | None = None
    detail: str = ""  # why it is unreadable

    @property
    def valid(self) -> bool:
        return self.state is CopyState.VALID

    def summary(self) -> dict[str, Any]:
        cp = self.checkpoint
        return {"state": self.state.value, "count": cp.count if cp else None, "head": cp.head if cp else None,
                "written_at": cp.written_at if cp else None}


@dataclass(frozen=True)
class Finding:
    """What one signed copy says is wrong with the chain."""

    text: str
    first_bad_seq: int | None = None
    # The head file is merely behind a chain that extends it and that the database's checkpoint
    # covers: an append stopped between its commit and its head file, or an old head file put
    # back. No record is missing; verify() reports it, the next append brings the file forward.
    lagging: bool = False


def sign(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class ExportSummary:
    path: Path
    count: int
    head: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "count": self.count, "head": self.head}


# -- the log -----------------------------------------------------------------------------------
class AuditLog(ThreadLocalSQLite):
    TIMEOUT_S = 60.0
    # FULL: a record the user was shown an answer for must survive a power cut.
    PRAGMAS = ("journal_mode=WAL", "synchronous=FULL")

    def __init__(self, path: Path | str, *, embedding_model: Callable[[], str | None] | None = None,
                 key_file: Path | str | None = None):
        """``embedding_model`` names the vector space an ask searched; it is called per record,
        after the search, so the log itself never loads a model. ``key_file``: the secrets file
        holding the checkpoint key (default ``secrets.toml`` beside the log), created if missing;
        the head file is kept beside it. Raises ``AuditLogDamaged`` (see the class)."""
        super().__init__(path)
        self._embedding_model = embedding_model
        self.key_file = Path(key_file) if key_file is not None else self.path.parent / SECRETS_FILE
        self._key = load_or_create_key(self.key_file, KEY_TABLE, KEY_NAME)
        self.head_file = HeadFile(head_file_path(self.path, self.key_file))
        with self._write_lock, self.head_file.locked():
            self._refuse_a_fresh_start()
            try:
                self._open()
            except self.DATABASE_ERRORS as exc:
                self.close()
                raise self._damage(exc) from None

    @classmethod
    def for_home(cls, home: Path | str, **kwargs: Any) -> "AuditLog":
        return cls(Path(home) / AUDIT_FILE, **kwargs)

    # -- where the records are kept: SQLite here; engine/audit/postgres.py overrides these ----------------
    DATABASE_ERRORS: tuple[type[BaseException], ...] = (sqlite3.DatabaseError,)
    # Several processes append from machines whose head files each see only their own appends:
    # a head file behind a chain that extends it is then no fault (engine/audit/postgres.py).
    HEAD_MAY_LAG = False

    @property
    def location(self) -> str:
        return str(self.path)

    def _damage(self, exc: BaseException) -> BaseException:
        """What to raise for a database error: AuditLogDamaged when the store cannot be read as a
        database at all, else the error itself."""
        if isinstance(exc, sqlite3.DatabaseError) and _is_damage(exc):
            return self._damaged(exc)
        return exc

    def _damaged(self, exc: BaseException) -> AuditLogDamaged:
        return AuditLogDamaged(f"审计日志无法读取 (the audit database {self.location} is damaged: {exc}); "
                               "restore it from a backup or an export (audit export)")

    def _stored_size(self) -> int | None:
        """None when the database is missing, 0 when it is empty, else more."""
        return self.path.stat().st_size if self.path.exists() else None

    def _create_schema(self, conn) -> set[str]:
        """Create the tables (one transaction); the tables that were there before."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        # One transaction, so two processes opening a fresh file cannot interleave the DDL.
        conn.executescript(f"BEGIN IMMEDIATE;\n{SCHEMA}\nCOMMIT;")
        return tables

    def _begin_snapshot(self, conn) -> None:
        conn.execute("BEGIN")  # WAL: the reads that follow see one moment

    def _end_snapshot(self, conn) -> None:
        conn.execute("COMMIT")

    def _quick_check(self, conn) -> None:
        damage = [r[0] for r in conn.execute("PRAGMA quick_check")]
        if damage != ["ok"]:
            raise sqlite3.DatabaseError("; ".join(damage[:3]))

    def _contains(self, expression: str) -> str:
        """SQL: ``expression`` (text) contains the parameter, case-insensitively."""
        return f"instr(lower(coalesce({expression}, '')), lower(?)) > 0"

    PAYLOAD_TEXT = "json_extract(body, '$.payload')"

    def _refuse_a_fresh_start(self) -> None:
        """A head file that covers records, and no database or an empty file: the log was deleted
        or truncated. Starting a new one here would hide exactly that."""
        stored = self._read_head_file()
        if stored.state is CopyState.MISSING:
            return
        if stored.valid and stored.checkpoint.count == 0:
            return  # nothing was ever written: nothing can be lost
        size = self._stored_size()
        if size:
            return
        covered = (f"{stored.checkpoint.count} records" if stored.checkpoint is not None
                   else "records (it is unreadable itself)")
        raise AuditLogDamaged(
            f"审计日志{'缺失' if size is None else '为空'} (the audit database {self.location} is "
            f"{'missing' if size is None else 'empty'}, but the head file {self.head_file.path} covers "
            f"{covered}); restore the database from a backup or an export — to start a new log on "
            "purpose, move the head file away first")

    def _open(self) -> None:
        tables = self._create_schema(self._conn())
        with self._write() as conn:
            if self.head_file.exists():
                return  # a head file that was kept: verify() and the next append compare
            current = self._read_checkpoint(conn)
            count, head = _chain_tail(conn)
            now = _now()
            if current.state is CopyState.MISSING and count == 0:
                start = Checkpoint(0, GENESIS_HASH, now, head_file_since=0)  # a new log
            elif "audit_records" in tables and "audit_checkpoint" not in tables:
                # written before anchoring (an earlier version): anchored now, saying so
                start = Checkpoint(count, head, now, unanchored_before=count, head_file_since=count)
            elif current.valid and current.checkpoint.head_file_since is None:
                # anchored before head files existed: the head file starts from the signed checkpoint
                start = replace(current.checkpoint, written_at=now, head_file_since=current.checkpoint.count)
            else:
                return  # the head file this log had is gone: verify() says so, the next append records it
            body = self._write_checkpoint(conn, start)
        self.head_file.write(body, sign(self._key, body))

    # -- the signed checkpoint and its copy in the head file -------------------------------------
    def _signed_copy(self, where: str, body: str, mac: str) -> SignedCopy:
        try:
            checkpoint = Checkpoint.parse(body)
        except (ValueError, KeyError, TypeError):
            return SignedCopy(where, CopyState.UNREADABLE, detail="its body is not a checkpoint (edited)")
        valid = hmac.compare_digest(sign(self._key, body), mac)
        return SignedCopy(where, CopyState.VALID if valid else CopyState.INVALID, checkpoint)

    def _read_checkpoint(self, conn) -> SignedCopy:
        row = conn.execute("SELECT body, mac FROM audit_checkpoint WHERE id = 1").fetchone()
        if row is None:
            return SignedCopy("the signed checkpoint", CopyState.MISSING)
        return self._signed_copy("the signed checkpoint", row[0], row[1])

    def _read_head_file(self) -> SignedCopy:
        where = f"the head file {self.head_file.path}"
        stored = self.head_file.read()
        if stored.missing:
            return SignedCopy(where, CopyState.MISSING)
        if stored.problem is not None:
            return SignedCopy(where, CopyState.UNREADABLE, detail=stored.problem)
        return self._signed_copy(where, stored.body, stored.mac)

    def _write_checkpoint(self, conn, checkpoint: Checkpoint) -> str:
        """Store the signed checkpoint in the database; its body, for the head file."""
        body = checkpoint.body()
        conn.execute("INSERT INTO audit_checkpoint (id, body, mac) VALUES (1, ?, ?) "
                     "ON CONFLICT (id) DO UPDATE SET body = excluded.body, mac = excluded.mac",
                     (body, sign(self._key, body)))
        return body

    def _advance_checkpoint(self, conn, seq: int, head: str, prev_hash: str) -> str:
        """Sign the chain as this append leaves it, carrying forward anything found wrong with
        either copy; the new checkpoint's body (the caller writes the head file after commit)."""
        copies = [self._read_checkpoint(conn), self._read_head_file()]
        findings = _positioned_first([f for copy in copies
                                      if (f := _compare(copy, seq - 1, prev_hash, _hash_at(conn),
                                                        self.key_file)) is not None and not f.lagging])
        valid = [copy.checkpoint for copy in copies if copy.valid]
        latest = max(valid, key=lambda cp: cp.count, default=None)
        anomalies = _merged_anomalies(valid) + [{"seq": seq, "first_bad_seq": f.first_bad_seq, "found": f.text}
                                                for f in findings]
        return self._write_checkpoint(conn, Checkpoint(
            seq, head, _now(), tuple(anomalies), latest.unanchored_before if latest else 0,
            latest.head_file_since if latest and latest.head_file_since is not None else seq - 1))

    # -- appending -----------------------------------------------------------------------------
    def record_ask(self, answer: "Answer", response: "SearchResponse | None", *, user: str | None = None,
                   unmasked: bool = False, fact_query: dict[str, Any] | None = None) -> str:
        """Append what one ask did, stage by stage; returns the record id (``answer.audit_id``).
        A corpus question answered by the typed fact query has no search: ``response`` is None
        and ``fact_query`` is the query that ran (engine/contract_facts/)."""
        embedding = self._embedding_model() if self._embedding_model is not None else None
        shown = answer.to_dict()
        shown.pop("audit_id", None)  # the id is what this record is about to become
        body = {
            "question": answer.question, "status": answer.status.value, "intent": answer.intent,
            "mode": answer.mode.value, "unmasked": bool(unmasked),
            "models": {"embedding": embedding, "reranker": response.reranker if response else "none",
                       "llm": answer.model},
            "search": {"route": "facts", "fact_query": fact_query} if response is None else {
                "mode": response.mode.value, "reranker": response.reranker,
                "parsed": response.plan.query.to_dict(),
                "recall": {channel: {"total": len(hits),
                                     "top": [[cid, round(float(score), SCORE_DIGITS)]
                                             for cid, score in hits[:RECALL_CAP]]}
                           for channel, hits in response.candidates.items()},
                "results": [{"rank": h.rank, "chunk_id": h.chunk.chunk_id, "doc_id": h.chunk.doc_id,
                             "page_start": h.chunk.page_start, "page_end": h.chunk.page_end,
                             "score": round(float(h.score), SCORE_DIGITS), "channels": h.channels}
                            for h in response.results],
                "timings_ms": {k: round(v, 2) for k, v in response.timings_ms.items()},
            },
            "answer": shown,
        }
        return self._append(ASK_KIND, body, user)

    def record_event(self, kind: str, payload: dict[str, Any], *, user: str | None = None) -> str:
        """Append another audited action (PII unmasked, document deleted, login ...)."""
        if not isinstance(kind, str) or not kind.strip():
            raise ValueError("event kind is empty")
        if kind == ASK_KIND:
            raise ValueError("asks are recorded with record_ask, which keeps their full trace")
        return self._append(kind.strip(), {"payload": payload}, user)

    def _append(self, kind: str, content: dict[str, Any], user: str | None) -> str:
        content = _plain(content)  # outside the lock: the slow part of an append
        # The head file is written after the commit and before the lock is let go: a crash in
        # between leaves it one append behind (reported, and repaired by the next append), never
        # ahead of the database, which is what a truncation would look like.
        with self._write_lock, self.head_file.locked():
            try:
                with self._write() as conn:
                    seq, prev_hash = _chain_tail(conn)
                    seq += 1
                    record_id = f"A{seq:06d}-{secrets.token_hex(4)}"  # unique in a log; unlike a log reset
                    body = {**content, "id": record_id, "seq": seq, "kind": kind, "created_at": _now(),
                            "user": user}
                    text = canonical_json(body)
                    record_hash = chain_hash(prev_hash, text)
                    conn.execute("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                                 (seq, text, prev_hash, record_hash))
                    checkpoint = self._advance_checkpoint(conn, seq, record_hash, prev_hash)
            except self.DATABASE_ERRORS as exc:
                raise self._damage(exc) from None
            self.head_file.write(checkpoint, sign(self._key, checkpoint))
        return record_id

    # -- checking ------------------------------------------------------------------------------
    def verify(self, against: Path | str | None = None) -> ChainCheck:
        """Recompute every hash and link in chain order, stopping at the first record that fails,
        then hold the chain against its signed checkpoint and the head file (truncation, a
        database rolled back or swapped, records added without the key, a replaced key) and,
        given an export (``export()``), against that copy. A database SQLite cannot read is a
        failed check, not an exception."""
        conn = self._conn()
        try:
            self._begin_snapshot(conn)  # one snapshot: an append racing this check cannot look like tampering
            try:
                # The snapshot starts with the first read: under the lock, so the head file read
                # with it is of the same moment; appends may go on while the chain is walked.
                with self.head_file.locked(shared=True):
                    copies = [self._read_checkpoint(conn), self._read_head_file()]
                self._quick_check(conn)
                check, count, head = _walk_chain(conn.execute(
                    "SELECT seq, body, prev_hash, hash FROM audit_records ORDER BY seq"))
                findings = [f for copy in copies
                            if (f := _compare(copy, count, head, _hash_at(conn), self.key_file)) is not None]
                exported = _compare_export(conn, Path(against)) if against is not None else None
            finally:
                self._end_snapshot(conn)
        except self.DATABASE_ERRORS as exc:
            return ChainCheck(ok=False, checked=0, reason=str(self._damaged(exc)))
        if self.HEAD_MAY_LAG:  # other machines appended since this one's head file: no fault
            lagging = [f for f in findings if f.lagging]
            findings = [f for f in findings if not f.lagging]
            check.notes += [f.text.replace("an append stopped before writing it, or an old copy was put back; "
                                           "the next append brings it forward",
                                           "other processes appended since this machine last did")
                            for f in lagging]
        database, head_copy = copies
        if database.checkpoint is not None:
            check.checkpoint = {**database.summary(), "signature": database.state.value,
                                "key_file": str(self.key_file)}
        check.head_file = {**head_copy.summary(), "path": str(self.head_file.path)}
        valid = [copy.checkpoint for copy in copies if copy.valid]
        latest = max(valid, key=lambda cp: cp.count, default=None)
        if latest is not None and latest.unanchored_before:
            check.notes.append(f"records 1..{latest.unanchored_before} were written before the log was "
                               "anchored (by an earlier version): their truncation before that point "
                               "cannot be ruled out")
        if latest is not None and latest.head_file_since:
            check.notes.append(f"records 1..{latest.head_file_since} were written before the head file "
                               "was kept (by an earlier version): a rollback of the database to an "
                               "older copy of itself before that point cannot be ruled out")
        problems = [(f"an append at seq {a.get('seq')} found: {a.get('found')}", a.get("first_bad_seq"))
                    for a in _merged_anomalies(valid)]
        problems += [(f.text, f.first_bad_seq) for f in _positioned_first(findings)]
        for problem, bad_seq in [*problems, *([exported] if exported else [])]:
            if check.ok:
                check.ok, check.reason, check.first_bad_seq = False, problem, bad_seq
            else:
                check.notes.append(problem)
        return check

    def export(self, path: Path | str) -> ExportSummary:
        """Write the whole chain and its signed checkpoint to ``path`` (JSON Lines) for keeping
        elsewhere: a header line, one line per record (its body exactly as hashed), and the
        checkpoint line. The file is complete or absent (written aside, then renamed)."""
        path = Path(path)
        conn = self._conn()
        self._begin_snapshot(conn)  # the records and the checkpoint of one moment
        try:
            rows = conn.execute("SELECT seq, body, prev_hash, hash FROM audit_records ORDER BY seq").fetchall()
            checkpoint = conn.execute("SELECT body, mac FROM audit_checkpoint WHERE id = 1").fetchone()
        finally:
            self._end_snapshot(conn)
        head = rows[-1][3] if rows else GENESIS_HASH
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.partial")
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(canonical_json({"format": EXPORT_FORMAT, "exported_at": _now(),
                                      "count": len(rows), "head": head}) + "\n")
            for seq, body, prev_hash, record_hash in rows:
                out.write(canonical_json({"seq": seq, "body": body, "prev_hash": prev_hash,
                                          "hash": record_hash}) + "\n")
            out.write(canonical_json({"checkpoint": checkpoint[0] if checkpoint else None,
                                      "mac": checkpoint[1] if checkpoint else None}) + "\n")
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
        return ExportSummary(path, len(rows), head)

    def head(self) -> str:
        """The newest hash (GENESIS_HASH when empty)."""
        row = self._conn().execute("SELECT hash FROM audit_records ORDER BY seq DESC LIMIT 1").fetchone()
        return row[0] if row else GENESIS_HASH

    def count(self) -> int:
        return self._conn().execute("SELECT COUNT(*) FROM audit_records").fetchone()[0]

    # -- reading -------------------------------------------------------------------------------
    def records(self, *, limit: int = 100, offset: int = 0, user: str | None = None,
                status: str | None = None, kind: str | None = None,
                since: datetime | date | str | None = None, until: datetime | date | str | None = None,
                text: str | None = None) -> list[AuditRecord]:
        """Newest first. ``since`` is inclusive, ``until`` exclusive; ``text`` is a
        case-insensitive substring of the question, the conclusion, an event's payload or the id."""
        if limit <= 0:
            raise ValueError("limit must be greater than 0")
        if offset < 0:
            raise ValueError("offset must not be negative")
        clauses: list[str] = []
        args: list[Any] = []
        if user is not None:
            clauses.append('"user" = ?')
            args.append(user)
        if status is not None:
            clauses.append("status = ?")
            args.append(status)
        if kind is not None:
            clauses.append("kind = ?")
            args.append(kind)
        if since is not None:
            clauses.append("created_at >= ?")
            args.append(_instant(since))
        if until is not None:
            clauses.append("created_at < ?")
            args.append(_instant(until))
        if text:
            clauses.append(f"({self._contains('question')} OR {self._contains('conclusion')}"
                           f" OR {self._contains(self.PAYLOAD_TEXT)} OR record_id = ?)")
            args += [text, text, text, text]
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        rows = self._conn().execute(
            f"SELECT seq, body, prev_hash, hash FROM audit_records {where}"
            " ORDER BY seq DESC LIMIT ? OFFSET ?", [*args, limit, offset]).fetchall()
        return [_record(*row) for row in rows]

    def get(self, record_id: str) -> AuditRecord | None:
        row = self._conn().execute("SELECT seq, body, prev_hash, hash FROM audit_records"
                                   " WHERE record_id = ?", (record_id,)).fetchone()
        return _record(*row) if row else None

    def replay(self, record_id: str) -> list[ReplayStep]:
        record = self.get(record_id)
        if record is None:
            raise KeyError(record_id)
        return replay_steps(record)


def _walk_chain(rows) -> tuple[ChainCheck, int, str]:
    """(the check of the records' hashes and links, the number of records, the head hash)."""
    expected_prev, expected_seq, checked, count, head = GENESIS_HASH, 1, 0, 0, GENESIS_HASH
    check: ChainCheck | None = None
    for seq, text, prev_hash, stored_hash in rows:
        count, head = count + 1, stored_hash
        if check is not None:
            continue  # past the first break: only counting, for the checkpoint comparison
        checked += 1
        reason, record_id, bad_seq = _row_problem(seq, text, prev_hash, stored_hash, expected_prev,
                                                  expected_seq)
        if reason is not None:
            check = ChainCheck(ok=False, checked=checked, first_broken=record_id, reason=reason,
                               first_bad_seq=bad_seq)
        expected_prev, expected_seq = stored_hash, seq + 1
    return check or ChainCheck(ok=True, checked=checked), count, head


def _row_problem(seq: int, text: str, prev_hash: str, stored_hash: str, expected_prev: str,
                 expected_seq: int) -> tuple[str | None, str, int]:
    """(why this row breaks the chain or None, the id to report, the first bad sequence number)."""
    try:
        body = json.loads(text)
    except ValueError:
        return "body is not valid JSON (edited)", f"seq {seq}", seq
    record_id = body.get("id") if isinstance(body, dict) else None
    record_id = record_id if isinstance(record_id, str) else f"seq {seq}"
    if chain_hash(prev_hash, text) != stored_hash:
        return "hash does not match the record body (body or hash edited)", record_id, seq
    if canonical_json(body) != text:
        return "body is not in canonical form (edited)", record_id, seq
    written_at = body.get("seq")
    if written_at != seq:
        # A record written at 3 now at 4: something was put before it (inserted) or it was moved;
        # one written at 5 now at 3: what stood at 3 and 4 is gone. Either way the first bad
        # position is the smaller one.
        first = min(seq, written_at) if isinstance(written_at, int) and written_at > 0 else seq
        return (f"record sits at position {seq} but was written at {written_at}"
                " (records inserted, reordered or renumbered)"), record_id, first
    if seq != expected_seq:
        return (f"records {expected_seq}..{seq - 1} are missing before this one (deleted)",
                record_id, expected_seq)
    if prev_hash != expected_prev:
        # The record before no longer is the one this record was linked to: it was replaced.
        return ("prev_hash does not match the previous record's hash (a record before it was "
                "removed, replaced or reordered)"), record_id, max(1, seq - 1)
    return None, record_id, seq


def _is_damage(exc: sqlite3.DatabaseError) -> bool:
    """A file SQLite cannot read as a database (corrupt, cut short, not a database at all), as
    opposed to a busy or misused one."""
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def _chain_tail(conn) -> tuple[int, str]:
    """(the newest sequence number, its hash): (0, GENESIS_HASH) for an empty log."""
    row = conn.execute("SELECT seq, hash FROM audit_records ORDER BY seq DESC LIMIT 1").fetchone()
    return (row[0], row[1]) if row else (0, GENESIS_HASH)


def _hash_at(conn) -> Callable[[int], str | None]:
    def hash_at(seq: int) -> str | None:
        if seq == 0:
            return GENESIS_HASH
        row = conn.execute("SELECT hash FROM audit_records WHERE seq = ?", (seq,)).fetchone()
        return row[0] if row else None
    return hash_at


def _merged_anomalies(checkpoints: list[Checkpoint]) -> list[dict[str, Any]]:
    """The anomalies both copies carry, each once, in the order they were found."""
    merged: list[dict[str, Any]] = []
    for checkpoint in checkpoints:
        merged += [a for a in checkpoint.anomalies if a not in merged]
    return merged


def _positioned_first(findings: list[Finding]) -> list[Finding]:
    """A finding that names the first bad record says more than one that cannot: it leads."""
    return sorted(findings, key=lambda f: f.first_bad_seq is None)


def _compare(copy: SignedCopy, count: int, head: str, hash_at: Callable[[int], str | None],
             key_file: Path) -> Finding | None:
    """What ``copy`` says is wrong with a chain of ``count`` records ending in ``head``."""
    where = copy.where
    in_database = copy.where == "the signed checkpoint"
    if copy.state is CopyState.MISSING:
        if in_database:
            return None if count == 0 else Finding(
                "no signed checkpoint: the checkpoint was removed, so records cut off the end would not show")
        return Finding(f"{where} is missing: it is kept beside the key and replaced with every append, "
                       "so without it a database rolled back to an older copy of itself would not show")
    if copy.state is CopyState.UNREADABLE:
        return Finding(f"{where} {copy.detail}")
    if copy.state is CopyState.INVALID:
        return Finding(f"{where}: signature does not match the key in {key_file} (the key was "
                       "replaced, or the checkpoint forged)")
    checkpoint = copy.checkpoint
    if checkpoint.count > count:
        return Finding(f"records {count + 1}..{checkpoint.count} were cut off the end: {where} covers "
                       f"{checkpoint.count} records, the log holds {count} (truncated)", count + 1)
    if checkpoint.count < count:
        if in_database or hash_at(checkpoint.count) != checkpoint.head:
            return Finding(f"records {checkpoint.count + 1}..{count} were added after {where}, "
                           "without the key (inserted)", checkpoint.count + 1)
        return Finding(f"{where} is older than the log: it covers {checkpoint.count} of {count} records "
                       "(an append stopped before writing it, or an old copy was put back; the next "
                       "append brings it forward)", lagging=True)
    if checkpoint.head != head:
        return Finding(f"the chain's head differs from {where}: the chain was rewritten (compare with "
                       "an export: audit verify --against FILE)")
    return None


def read_export(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    """(header, records, checkpoint line) of an ``AuditLog.export`` file."""
    lines = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]
    if len(lines) < 2 or lines[0].get("format") != EXPORT_FORMAT:
        raise ValueError(f"{path} is not a LexTrace audit export ({EXPORT_FORMAT})")
    return lines[0], lines[1:-1], lines[-1]


def _compare_export(conn, path: Path) -> tuple[str, int | None] | None:
    """Whether the live chain still extends an exported copy: (problem, first bad seq) or None."""
    try:
        _, records, _ = read_export(path)
    except (OSError, ValueError) as exc:
        return f"cannot read the export {path}: {exc}", None
    live = dict(conn.execute("SELECT seq, hash FROM audit_records"))
    for record in records:
        seq = record.get("seq")
        if seq not in live:
            return (f"record {seq} of the export {path.name} is missing from the log (the log "
                    f"holds {len(live)} records, the export {len(records)})", seq)
        if live[seq] != record.get("hash"):
            return f"record {seq} differs from the export {path.name}", seq
    return None


def _record(seq: int, text: str, prev_hash: str, stored_hash: str) -> AuditRecord:
    return AuditRecord(seq=seq, body=json.loads(text), prev_hash=prev_hash, hash=stored_hash,
                       hash_ok=chain_hash(prev_hash, text) == stored_hash)
