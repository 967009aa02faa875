"""The shared profile's audit log on a real PostgreSQL server (engine/audit/postgres.py): the embedded
log's guarantees where several machines append — records cut off the end, a database rolled back
or emptied, and another key are all caught; a machine's deleted head file is reported, not quietly
started again; filters, replay and exports work on the server."""

from __future__ import annotations

import psycopg
import pytest

from engine.audit import AuditLogDamaged
from engine.audit.postgres import PostgresAuditLog

pytestmark = [pytest.mark.integration]


def _open(urls, home, key_file) -> PostgresAuditLog:
    return PostgresAuditLog(urls.database, home, key_file=key_file)


def _as_owner(urls, *statements) -> None:
    """What someone with the database's credentials can do behind the log's back."""
    with psycopg.connect(urls.database, autocommit=True) as conn, conn.transaction():
        conn.execute("ALTER TABLE audit_records DISABLE TRIGGER USER")
        for statement in statements:
            conn.execute(statement)
        conn.execute("ALTER TABLE audit_records ENABLE TRIGGER USER")


def test_records_cut_off_the_end_are_caught(tmp_path, shared_urls):
    key = tmp_path / "team" / "secrets.toml"
    log = _open(shared_urls, tmp_path / "a", key)
    for n in range(10):
        log.record_event("test", {"n": n}, user="alice")
    assert log.verify().ok
    with pytest.raises(psycopg.Error, match="append-only"):  # the triggers stop accidents
        log.db.execute("DELETE FROM audit_records WHERE seq > 7")
    _as_owner(shared_urls, "DELETE FROM audit_records WHERE seq > 7")
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 8 and "cut off the end" in check.reason


def test_a_database_rolled_back_to_an_older_copy_of_itself_is_caught(tmp_path, shared_urls):
    key = tmp_path / "team" / "secrets.toml"
    log = _open(shared_urls, tmp_path / "a", key)
    for n in range(6):
        log.record_event("test", {"n": n})
    old = log.db.execute("SELECT body, mac FROM audit_checkpoint").fetchone()
    for n in range(4):
        log.record_event("test", {"n": 6 + n})
    # the chain and its own signed checkpoint put back as they were after six records
    _as_owner(shared_urls, "DELETE FROM audit_records WHERE seq > 6",
              f"UPDATE audit_checkpoint SET body = '{old['body']}', mac = '{old['mac']}'")
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 7 and "head file" in check.reason


def test_a_dropped_log_is_not_started_afresh(tmp_path, shared_urls):
    key = tmp_path / "team" / "secrets.toml"
    log = _open(shared_urls, tmp_path / "a", key)
    log.record_event("test", {"n": 1})
    with psycopg.connect(shared_urls.database, autocommit=True) as conn:
        conn.execute("DROP TABLE audit_records, audit_checkpoint")
    with pytest.raises(AuditLogDamaged, match="head file"):
        _open(shared_urls, tmp_path / "a", key)


def test_a_dashboard_holding_another_key_cannot_sign_for_the_log(tmp_path, shared_urls):
    _open(shared_urls, tmp_path / "a", tmp_path / "team" / "secrets.toml").record_event("test", {})
    with pytest.raises(AuditLogDamaged, match="another key"):
        _open(shared_urls, tmp_path / "b", tmp_path / "own" / "secrets.toml")


def test_a_machine_that_joined_and_lost_its_head_file_is_reported(tmp_path, shared_urls):
    key = tmp_path / "team" / "secrets.toml"
    first = _open(shared_urls, tmp_path / "a", key)
    first.record_event("test", {"n": 1})
    second = _open(shared_urls, tmp_path / "b", key)  # joins: its head file starts from the server's
    second.record_event("test", {"n": 2})
    first.record_event("test", {"n": 3})
    check = second.verify()
    assert check.ok and any("other processes appended" in note for note in check.notes)  # behind: a note
    second.head_file.path.unlink()
    reopened = _open(shared_urls, tmp_path / "b", key)
    assert not reopened.head_file.exists()  # not quietly started again
    check = reopened.verify()
    assert not check.ok and "missing" in check.reason


def test_filters_replay_and_exports_on_the_server(tmp_path, shared_urls):
    log = _open(shared_urls, tmp_path / "a", tmp_path / "team" / "secrets.toml")
    first = log.record_event("delete", {"doc_id": "d1", "name": "合同甲.pdf"}, user="alice")
    log.record_event("login", {"ok": False}, user="bob")
    assert [r.id for r in log.records(user="alice")] == [first]
    assert [r.id for r in log.records(text="合同甲")] == [first]
    assert [r.id for r in log.records(kind="login")] != [first] and log.count() == 2
    assert log.get(first).body["payload"]["doc_id"] == "d1"
    assert log.replay(first)[0].summary == "delete"
    exported = log.export(tmp_path / "export.jsonl")
    assert exported.count == 2
    log.record_event("test", {})
    assert log.verify(against=tmp_path / "export.jsonl").ok
