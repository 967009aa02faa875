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

The body is the only source of truth: the columns the Audit page filters on are generated from
it by SQLite, so they can never disagree with what the hash covers. Triggers refuse UPDATE and
DELETE, which stops accidents; someone with the file can drop them, which is what the chain is for.

Concurrency: a connection per thread; appends are serialised by a lock inside the process and by
``BEGIN IMMEDIATE`` across processes (Streamlit sessions, CLI runs), and the previous hash is read
inside that transaction, so no record is lost and the chain never forks.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
import os
import secrets
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

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
ASK_KIND = "ask"
# Recall lists are kept per channel up to this many candidates; the totals are kept too.
RECALL_CAP = 50
SCORE_DIGITS = 6

SCHEMA = """
CREATE TABLE IF NOT EXISTS audit_records (
    seq INTEGER PRIMARY KEY,
    body TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL,
    record_id TEXT GENERATED ALWAYS AS (json_extract(body, '$.id')) VIRTUAL,
    kind TEXT GENERATED ALWAYS AS (json_extract(body, '$.kind')) VIRTUAL,
    created_at TEXT GENERATED ALWAYS AS (json_extract(body, '$.created_at')) VIRTUAL,
    user TEXT GENERATED ALWAYS AS (json_extract(body, '$.user')) VIRTUAL,
    status TEXT GENERATED ALWAYS AS (json_extract(body, '$.status')) VIRTUAL,
    question TEXT GENERATED ALWAYS AS (json_extract(body, '$.question')) VIRTUAL,
    conclusion TEXT GENERATED ALWAYS AS (json_extract(body, '$.answer.conclusion')) VIRTUAL
);
CREATE UNIQUE INDEX IF NOT EXISTS audit_by_id ON audit_records (record_id);
CREATE INDEX IF NOT EXISTS audit_by_time ON audit_records (created_at);
CREATE TABLE IF NOT EXISTS audit_checkpoint (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    body TEXT NOT NULL,
    mac TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS audit_no_update BEFORE UPDATE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
CREATE TRIGGER IF NOT EXISTS audit_no_delete BEFORE DELETE ON audit_records
BEGIN SELECT RAISE(ABORT, 'audit records are append-only'); END;
"""


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
    notes: list[str] = field(default_factory=list)  # further findings, and facts that are no fault

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checked": self.checked, "first_broken": self.first_broken,
                "first_bad_seq": self.first_bad_seq, "reason": self.reason,
                "checkpoint": self.checkpoint, "notes": list(self.notes)}


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

    def body(self) -> str:
        return canonical_json({"count": self.count, "head": self.head, "written_at": self.written_at,
                               "anomalies": list(self.anomalies),
                               "unanchored_before": self.unanchored_before})

    @classmethod
    def parse(cls, text: str) -> "Checkpoint":
        data = json.loads(text)
        return cls(int(data["count"]), str(data["head"]), str(data["written_at"]),
                   tuple(data.get("anomalies") or ()), int(data.get("unanchored_before") or 0))


def sign(key: bytes, text: str) -> str:
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class ExportSummary:
    path: Path
    count: int
    head: str

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "count": self.count, "head": self.head}


@dataclass
class AuditRecord:
    seq: int
    body: dict[str, Any]
    prev_hash: str
    hash: str
    hash_ok: bool  # this record's own hash matches its body (the links are verify()'s job)

    @property
    def id(self) -> str:
        return self.body["id"]

    @property
    def kind(self) -> str:
        return self.body["kind"]

    @property
    def created_at(self) -> str:
        return self.body["created_at"]

    @property
    def user(self) -> str | None:
        return self.body.get("user")

    @property
    def status(self) -> str | None:
        return self.body.get("status")

    @property
    def question(self) -> str | None:
        return self.body.get("question")

    def to_dict(self, *, with_body: bool = True) -> dict[str, Any]:
        out = {"id": self.id, "seq": self.seq, "kind": self.kind, "created_at": self.created_at,
               "user": self.user, "status": self.status, "question": self.question,
               "unmasked": self.body.get("unmasked", False), "prev_hash": self.prev_hash,
               "hash": self.hash, "hash_ok": self.hash_ok}
        if with_body:
            out["body"] = self.body
        return out


class Stage(str, Enum):
    PARSE = "parse"
    RECALL = "recall"
    FUSION = "fusion"
    RERANK = "rerank"
    EVIDENCE = "evidence"
    COMPOSE = "compose"
    VERIFY = "verify"
    OUTPUT = "output"
    EVENT = "event"  # the single step of a non-ask record


@dataclass
class ReplayStep:
    order: int
    stage: Stage
    summary: str
    data: dict[str, Any]
    channel: str | None = None  # recall steps: bm25 | vector
    elapsed_ms: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"order": self.order, "stage": self.stage.value, "channel": self.channel,
                "summary": self.summary, "data": self.data, "elapsed_ms": self.elapsed_ms}


# -- the log -----------------------------------------------------------------------------------
class AuditLog(ThreadLocalSQLite):
    TIMEOUT_S = 60.0
    # FULL: a record the user was shown an answer for must survive a power cut.
    PRAGMAS = ("journal_mode=WAL", "synchronous=FULL")

    def __init__(self, path: Path | str, *, embedding_model: Callable[[], str | None] | None = None,
                 key_file: Path | str | None = None):
        """``embedding_model`` names the vector space an ask searched; it is called per record,
        after the search, so the log itself never loads a model. ``key_file``: the secrets file
        holding the checkpoint key (default ``secrets.toml`` beside the log), created if missing."""
        super().__init__(path)
        self._embedding_model = embedding_model
        self.key_file = Path(key_file) if key_file is not None else self.path.parent / SECRETS_FILE
        self._key = load_or_create_key(self.key_file, KEY_TABLE, KEY_NAME)
        with self._write_lock:
            conn = self._conn()
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            # One transaction, so two processes opening a fresh file cannot interleave the DDL.
            conn.executescript(f"BEGIN IMMEDIATE;\n{SCHEMA}\nCOMMIT;")
        if "audit_records" in tables and "audit_checkpoint" not in tables:
            self._anchor_existing()

    @classmethod
    def for_home(cls, home: Path | str, **kwargs: Any) -> "AuditLog":
        return cls(Path(home) / AUDIT_FILE, **kwargs)

    # -- the signed checkpoint -----------------------------------------------------------------
    def _read_checkpoint(self, conn) -> tuple[Checkpoint | None, bool]:
        """(the checkpoint, whether its signature is valid); (None, False) when there is none."""
        row = conn.execute("SELECT body, mac FROM audit_checkpoint WHERE id = 1").fetchone()
        if row is None:
            return None, False
        try:
            checkpoint = Checkpoint.parse(row[0])
        except (ValueError, KeyError, TypeError):
            return Checkpoint(-1, "", ""), False
        return checkpoint, hmac.compare_digest(sign(self._key, row[0]), row[1])

    def _write_checkpoint(self, conn, checkpoint: Checkpoint) -> None:
        body = checkpoint.body()
        conn.execute("INSERT INTO audit_checkpoint (id, body, mac) VALUES (1, ?, ?) "
                     "ON CONFLICT (id) DO UPDATE SET body = excluded.body, mac = excluded.mac",
                     (body, sign(self._key, body)))

    def _anchor_existing(self) -> None:
        """A log written before checkpoints existed gets its first one now, saying so."""
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM audit_checkpoint").fetchone() is not None:
                return  # another process anchored it first
            row = conn.execute("SELECT seq, hash FROM audit_records ORDER BY seq DESC LIMIT 1").fetchone()
            count, head = (row[0], row[1]) if row else (0, GENESIS_HASH)
            self._write_checkpoint(conn, Checkpoint(count, head, _now(), unanchored_before=count))

    def _advance_checkpoint(self, conn, seq: int, head: str, prev_hash: str) -> None:
        """Sign the chain as this append leaves it, carrying forward anything found wrong."""
        current, valid = self._read_checkpoint(conn)
        anomalies = list(current.anomalies) if current is not None else []
        found, first_bad = None, None
        if current is None:
            if seq > 1:
                found = f"no checkpoint for the {seq - 1} records before this one (it was removed)"
        elif not valid:
            found = "the checkpoint's signature did not match the key (key replaced or checkpoint forged)"
        elif current.count > seq - 1:
            found = (f"records {seq}..{current.count} were missing: the signed checkpoint covered "
                     f"{current.count} records, the log held {seq - 1} (cut off the end)")
            first_bad = seq
        elif current.count < seq - 1:
            found = f"records {current.count + 1}..{seq - 1} had been added without the key"
            first_bad = current.count + 1
        elif current.head != prev_hash:
            found = "the chain's head differed from the signed one (the chain was rewritten)"
        if found is not None:
            anomalies.append({"seq": seq, "first_bad_seq": first_bad, "found": found})
        self._write_checkpoint(conn, Checkpoint(
            seq, head, _now(), tuple(anomalies),
            current.unanchored_before if current is not None and valid else 0))

    # -- appending -----------------------------------------------------------------------------
    def record_ask(self, answer: "Answer", response: "SearchResponse | None", *, user: str | None = None,
                   unmasked: bool = False, fact_query: dict[str, Any] | None = None) -> str:
        """Append what one ask did, stage by stage; returns the record id (``answer.audit_id``).
        A corpus question answered by the typed fact query has no search: ``response`` is None
        and ``fact_query`` is the query that ran (engine/facts/)."""
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
        with self._write() as conn:
            row = conn.execute("SELECT seq, hash FROM audit_records ORDER BY seq DESC LIMIT 1").fetchone()
            seq, prev_hash = (row[0] + 1, row[1]) if row else (1, GENESIS_HASH)
            record_id = f"A{seq:06d}-{secrets.token_hex(4)}"  # unique in a log; unlike a log reset
            body = {**content, "id": record_id, "seq": seq, "kind": kind, "created_at": _now(),
                    "user": user}
            text = canonical_json(body)
            record_hash = chain_hash(prev_hash, text)
            conn.execute("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                         (seq, text, prev_hash, record_hash))
            self._advance_checkpoint(conn, seq, record_hash, prev_hash)
        return record_id

    # -- checking ------------------------------------------------------------------------------
    def verify(self, against: Path | str | None = None) -> ChainCheck:
        """Recompute every hash and link in chain order, stopping at the first record that fails,
        then hold the chain against its signed checkpoint (truncation, records added without
        the key, a replaced key) and, given an export (``export()``), against that copy."""
        conn = self._conn()
        conn.execute("BEGIN")  # one snapshot: an append racing this check cannot look like tampering
        try:
            checkpoint, valid = self._read_checkpoint(conn)
            check, count, head = _walk_chain(conn.execute(
                "SELECT seq, body, prev_hash, hash FROM audit_records ORDER BY seq"))
            exported = _compare_export(conn, Path(against)) if against is not None else None
        finally:
            conn.execute("COMMIT")
        if checkpoint is not None:
            check.checkpoint = {"count": checkpoint.count, "head": checkpoint.head,
                                "written_at": checkpoint.written_at,
                                "signature": "valid" if valid else "invalid",
                                "key_file": str(self.key_file)}
            if valid and checkpoint.unanchored_before:
                check.notes.append(f"records 1..{checkpoint.unanchored_before} were written before "
                                   "the log was anchored (by an earlier version): their truncation "
                                   "before that point cannot be ruled out")
        for problem, bad_seq in [*_checkpoint_problems(checkpoint, valid, count, head, self.key_file),
                                 *([exported] if exported else [])]:
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
        conn.execute("BEGIN")  # the records and the checkpoint of one moment
        try:
            rows = conn.execute("SELECT seq, body, prev_hash, hash FROM audit_records ORDER BY seq").fetchall()
            checkpoint = conn.execute("SELECT body, mac FROM audit_checkpoint WHERE id = 1").fetchone()
        finally:
            conn.execute("COMMIT")
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
            clauses.append("user = ?")
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
            clauses.append("(instr(lower(coalesce(question, '')), lower(?)) > 0"
                           " OR instr(lower(coalesce(conclusion, '')), lower(?)) > 0"
                           " OR instr(lower(coalesce(json_extract(body, '$.payload'), '')), lower(?)) > 0"
                           " OR record_id = ?)")
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


def _checkpoint_problems(checkpoint: Checkpoint | None, valid: bool, count: int, head: str,
                         key_file: Path) -> list[tuple[str, int | None]]:
    """What the signed checkpoint says is wrong with a chain of ``count`` records ending in ``head``."""
    if checkpoint is None:
        return [] if count == 0 else [(
            "no signed checkpoint: the checkpoint was removed, so records cut off the end would "
            "not show", None)]
    if not valid:
        return [(f"the checkpoint's signature does not match the key in {key_file} (the key was "
                 "replaced, or the checkpoint forged)", None)]
    problems: list[tuple[str, int | None]] = [
        (f"an append at seq {a.get('seq')} found: {a.get('found')}", a.get("first_bad_seq"))
        for a in checkpoint.anomalies]
    if checkpoint.count > count:
        problems.append((f"records {count + 1}..{checkpoint.count} were cut off the end: the signed "
                         f"checkpoint covers {checkpoint.count} records, the log holds {count} "
                         "(truncated)", count + 1))
    elif checkpoint.count < count:
        problems.append((f"records {checkpoint.count + 1}..{count} were added after the signed "
                         "checkpoint, without the key (inserted)", checkpoint.count + 1))
    elif checkpoint.head != head:
        problems.append(("the chain's head differs from the signed one: the chain was rewritten "
                         "(compare with an export: audit verify --against FILE)", None))
    return problems


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


# -- replay ------------------------------------------------------------------------------------
def replay_steps(record: AuditRecord) -> list[ReplayStep]:
    """The stages of an ask in pipeline order, each with what it produced (from the record alone)."""
    body = record.body
    if record.kind != ASK_KIND:
        return [ReplayStep(1, Stage.EVENT, record.kind, {"payload": body.get("payload", {}),
                                                         "user": record.user})]
    search, answer = body["search"], body["answer"]
    answer_ms = answer.get("timings_ms", {})
    steps: list[ReplayStep] = []

    def add(stage: Stage, summary: str, data: dict[str, Any], *, channel: str | None = None,
            elapsed: float | None = None) -> None:
        steps.append(ReplayStep(len(steps) + 1, stage, summary, data, channel, elapsed))

    if search.get("route") == "facts":
        add(Stage.RECALL, "typed contract-fact query (parameterised SQL, no search)",
            {"fact_query": search.get("fact_query")}, channel="facts")
    else:
        _replay_search(search, body, add)
    _replay_answer(record, body, answer, answer_ms, add)
    return steps


def _replay_search(search: dict[str, Any], body: dict[str, Any], add) -> None:
    search_ms = search.get("timings_ms", {})
    results = search["results"]

    parsed = search["parsed"]
    entities = {key: parsed.get(key, []) for key in ("amounts", "dates", "articles", "laws")}
    found = ", ".join(f"{key} {values}" for key, values in entities.items() if values)
    add(Stage.PARSE, f"intent {body['intent']}; {found or 'no amounts, dates or article references'}",
        {"intent": body["intent"], "tokens": parsed.get("tokens", []), **entities},
        elapsed=search_ms.get("parse"))
    for channel, recall in search["recall"].items():
        add(Stage.RECALL, f"{recall['total']} candidates, top {len(recall['top'])} kept",
            {"total": recall["total"],
             "top": [{"rank": i, "chunk_id": cid, "score": score}
                     for i, (cid, score) in enumerate(recall["top"], 1)]},
            channel=channel, elapsed=search_ms.get(channel))
    direct = [h for h in results if "direct" in h["channels"]]
    if direct:
        add(Stage.RECALL, f"{len(direct)} named article(s) fetched directly",
            {"chunk_ids": [h["chunk_id"] for h in direct]}, channel="direct")

    def rrf(hit: dict[str, Any]) -> float | None:  # a directly fetched article may have none
        return hit["channels"].get("rrf", {}).get("score")

    fused = search["mode"] == "hybrid"
    by_rrf = sorted(results, key=lambda h: -(rrf(h) or 0.0)) if fused else results
    add(Stage.FUSION, "reciprocal rank fusion of the channels" if fused
        else f"single channel ({search['mode']}), no fusion",
        {"method": "rrf" if fused else None,
         "order": [{"rank": i, "chunk_id": h["chunk_id"],
                    "score": rrf(h) if fused else h["score"]}
                   for i, h in enumerate(by_rrf, 1)]},
        elapsed=search_ms.get("fuse"))
    reranked = search["reranker"] != "none"
    add(Stage.RERANK, f"reranked by {search['reranker']}" if reranked else "no reranker ran",
        {"reranker": search["reranker"], "ran": reranked,
         "order": [{"rank": h["rank"], "chunk_id": h["chunk_id"], "doc_id": h["doc_id"],
                    "pages": [h["page_start"], h["page_end"]], "score": h["score"]}
                   for h in results]},
        elapsed=search_ms.get("rerank"))


def _replay_answer(record: AuditRecord, body: dict[str, Any], answer: dict[str, Any],
                   answer_ms: dict[str, Any], add) -> None:
    cited = [{key: e[key] for key in ("id", "chunk_id", "doc_id", "doc_name", "page", "page_end",
                                      "role", "score")} for e in answer["evidence"]]
    pages = sorted({(e["doc_name"], p) for e in cited for p in range(e["page"], e["page_end"] + 1)})
    add(Stage.EVIDENCE, f"{len(cited)} evidence items on "
        + ("; ".join(f"{name} p.{page}" for name, page in pages) or "no pages"),
        {"cited": cited}, elapsed=answer_ms.get("aggregate"))
    add(Stage.COMPOSE, f"{body['mode']}: {answer['conclusion']}",
        {"mode": body["mode"], "model": body["models"]["llm"], "conclusion": answer["conclusion"],
         "calculations": answer["calculations"], "conflicts": answer["conflicts"],
         "gaps": answer["gaps"]}, elapsed=answer_ms.get("compose"))
    checks = answer["checks"]
    passed = checks["numbers_grounded"] and checks["citations_valid"] and not checks["unsupported"]
    add(Stage.VERIFY, "all checks passed" if passed else "checks failed: " + ", ".join(
        [name for name in ("numbers_grounded", "citations_valid") if not checks[name]]
        + [f"unsupported {u}" for u in checks["unsupported"]]),
        {"checks": checks, "calculations_ok": [c["ok"] for c in answer["calculations"]]},
        elapsed=answer_ms.get("verify"))
    add(Stage.OUTPUT, f"{body['status']}" + ("" if answer["pii_masked"] else ", PII unmasked"),
        {"status": body["status"], "pii_masked": answer["pii_masked"], "unmasked": body["unmasked"],
         "user": record.user, "models": body["models"]})
