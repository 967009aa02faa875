"""The tamper-evident audit trail: every answer and every audited action, hash-chained in SQLite.

Each record is one canonical JSON body (sorted keys, compact separators, UTF-8, no ASCII
escaping) and ``hash = sha256(prev_hash + body)``, where ``prev_hash`` is the previous record's
hash (``GENESIS_HASH`` for the first). Editing a body or a hash, deleting a record in the middle
or reordering records breaks the chain at that record, and ``verify()`` names it. The chain
cannot reveal that the newest records were cut off the end: keep the head hash (``head()``)
somewhere else when that matters.

The body is the only source of truth: the columns the Audit page filters on are generated from
it by SQLite, so they can never disagree with what the hash covers. Triggers refuse UPDATE and
DELETE, which stops accidents; someone with the file can drop them, which is what the chain is for.

Concurrency: a connection per thread; appends are serialised by a lock inside the process and by
``BEGIN IMMEDIATE`` across processes (Streamlit sessions, CLI runs), and the previous hash is read
inside that transaction, so no record is lost and the chain never forks.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timezone
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from engine.store.sqlite import ThreadLocalSQLite

if TYPE_CHECKING:
    from engine.answer.model import Answer
    from engine.retrieve.search import SearchResponse

AUDIT_FILE = "audit.sqlite"
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

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "checked": self.checked, "first_broken": self.first_broken,
                "reason": self.reason}


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

    def __init__(self, path: Path | str, *, embedding_model: Callable[[], str | None] | None = None):
        """``embedding_model`` names the vector space an ask searched; it is called per record,
        after the search, so the log itself never loads a model."""
        super().__init__(path)
        self._embedding_model = embedding_model
        with self._write_lock:
            # One transaction, so two processes opening a fresh file cannot interleave the DDL.
            self._conn().executescript(f"BEGIN IMMEDIATE;\n{SCHEMA}\nCOMMIT;")

    @classmethod
    def for_home(cls, home: Path | str, **kwargs: Any) -> "AuditLog":
        return cls(Path(home) / AUDIT_FILE, **kwargs)

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
                "parsed": response.parsed.to_dict(),
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
            conn.execute("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                         (seq, text, prev_hash, chain_hash(prev_hash, text)))
        return record_id

    # -- checking ------------------------------------------------------------------------------
    def verify(self) -> ChainCheck:
        """Recompute every hash and link in chain order; stop at the first record that fails."""
        expected_prev, expected_seq, checked = GENESIS_HASH, 1, 0
        rows = self._conn().execute("SELECT seq, body, prev_hash, hash FROM audit_records ORDER BY seq")
        for seq, text, prev_hash, stored_hash in rows:
            checked += 1
            reason, record_id = _row_problem(seq, text, prev_hash, stored_hash, expected_prev,
                                             expected_seq)
            if reason is not None:
                rows.close()
                return ChainCheck(ok=False, checked=checked, first_broken=record_id, reason=reason)
            expected_prev, expected_seq = stored_hash, seq + 1
        return ChainCheck(ok=True, checked=checked)

    def head(self) -> str:
        """The newest hash (GENESIS_HASH when empty): keep a copy elsewhere to detect truncation."""
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


def _row_problem(seq: int, text: str, prev_hash: str, stored_hash: str, expected_prev: str,
                 expected_seq: int) -> tuple[str | None, str]:
    """(why this row breaks the chain or None, the id to report)."""
    try:
        body = json.loads(text)
    except ValueError:
        return "body is not valid JSON (edited)", f"seq {seq}"
    record_id = body.get("id") if isinstance(body, dict) else None
    record_id = record_id if isinstance(record_id, str) else f"seq {seq}"
    if chain_hash(prev_hash, text) != stored_hash:
        return "hash does not match the record body (body or hash edited)", record_id
    if canonical_json(body) != text:
        return "body is not in canonical form (edited)", record_id
    if body.get("seq") != seq:
        return (f"record sits at position {seq} but was written at {body.get('seq')}"
                " (records reordered or renumbered)"), record_id
    if seq != expected_seq:
        return f"records {expected_seq}..{seq - 1} are missing before this one (deleted)", record_id
    if prev_hash != expected_prev:
        return "prev_hash does not match the previous record's hash (a record before it was "\
               "removed, replaced or reordered)", record_id
    return None, record_id


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
