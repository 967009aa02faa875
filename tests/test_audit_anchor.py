"""Audit anchoring: a checkpoint of the record count and head hash, signed with a key kept in the
secrets file, written with every append. What the chain alone misses — the newest records cut
off the end — is reported, with the first bad sequence number, as are edits, reorderings,
insertions and a replaced key; an export keeps the chain and its checkpoint elsewhere."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from engine.audit import AUDIT_FILE, AuditLog, canonical_json, chain_hash, read_export
from engine.keys import SecretsError, load_or_create_key
from tests.test_audit import _edit_body, record, rows, tamper

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[1]
RECORDS = 8
HEAD_FILE = "audit_head.json"  # beside the default key, in the home


@pytest.fixture
def home(tmp_path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def log(home) -> AuditLog:
    audit = AuditLog.for_home(home, embedding_model=lambda: "test-embedder")
    for i in range(RECORDS):
        record(audit, f"问题{i}", user=f"user{i}")
    assert audit.verify().ok
    yield audit
    audit.close()


def _forged(table: dict[int, tuple[str, str, str]], seq: int, prev_hash: str) -> tuple[str, str, str]:
    """A record body as LexTrace would write it at ``seq`` after ``prev_hash``, correctly hashed:
    what someone with the file but without the key can produce."""
    body = json.loads(table[1][0])
    body.update(seq=seq, id=f"A{seq:06d}-forged00", question="伪造的问题", user="mallory")
    text = canonical_json(body)
    return text, prev_hash, chain_hash(prev_hash, text)


def _rechain(table: dict[int, tuple[str, str, str]], bodies: list[str]) -> list[tuple]:
    """Statements replacing the whole table by ``bodies`` in order, every link recomputed."""
    statements: list[tuple] = [("DELETE FROM audit_records", ())]
    prev = "0" * 64
    for seq, text in enumerate(bodies, start=1):
        body = json.loads(text)
        body["seq"] = seq
        text = canonical_json(body)
        statements.append(("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                           (seq, text, prev, chain_hash(prev, text))))
        prev = chain_hash(prev, text)
    return statements


def test_the_key_lives_in_a_private_secrets_file_not_in_the_database(log, home):
    key_file = home / "secrets.toml"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    key = load_or_create_key(key_file, "audit", "checkpoint_key")
    assert len(key) == 32
    database = (home / AUDIT_FILE).read_bytes()
    assert key.hex().encode() not in database and key not in database
    # a second log on the same home reads the same key and accepts the checkpoint
    again = AuditLog.for_home(home)
    assert again.verify().checkpoint["signature"] == "valid"
    again.close()


@pytest.mark.parametrize("n", [1, 3, RECORDS])
def test_deleting_the_last_records_is_reported_as_truncation(log, n):
    tamper(log.path, ("DELETE FROM audit_records WHERE seq > ?", (RECORDS - n,)))
    check = log.verify()
    assert not check.ok and check.first_bad_seq == RECORDS - n + 1, check
    assert "truncated" in check.reason and f"covers {RECORDS} records" in check.reason


def test_truncation_stays_visible_after_later_appends(log):
    tamper(log.path, ("DELETE FROM audit_records WHERE seq > 5", ()))
    for i in range(3):  # the application carries on writing
        record(log, f"之后{i}")
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 6, check
    assert "cut off the end" in check.reason


def test_an_edited_record_is_named_by_sequence_number(log):
    table = rows(log.path)
    tamper(log.path, ("UPDATE audit_records SET body=? WHERE seq=4", (_edit_body(table[4][0]),)))
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 4 and "hash does not match" in check.reason


def test_an_edit_rehashed_to_the_end_is_caught_by_the_checkpoint(log):
    """Someone edits record 4 and recomputes every hash after it: every link holds, the head does
    not match the signed one."""
    table = rows(log.path)
    bodies = [table[seq][0] for seq in sorted(table)]
    bodies[3] = _edit_body(bodies[3])
    tamper(log.path, *_rechain(table, bodies))
    check = log.verify()
    assert not check.ok and "rewritten" in check.reason, check


def test_deleting_a_middle_record(log):
    tamper(log.path, ("DELETE FROM audit_records WHERE seq=5", ()))
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 5 and "missing" in check.reason


def test_deleting_a_middle_record_and_renumbering_the_rest(log):
    table = rows(log.path)
    statements = [("DELETE FROM audit_records WHERE seq >= 5", ())]
    for seq in range(6, RECORDS + 1):
        statements.append(("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                           (seq - 1, *table[seq])))
    tamper(log.path, *statements)
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 5, check


def test_swapping_two_records(log):
    table = rows(log.path)
    insert = "INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)"
    tamper(log.path, ("DELETE FROM audit_records WHERE seq IN (3, 6)", ()),
           (insert, (3, *table[6])), (insert, (6, *table[3])))
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 3 and "reordered" in check.reason


def test_a_record_appended_without_the_key(log):
    table = rows(log.path)
    forged = _forged(table, RECORDS + 1, table[RECORDS][2])
    tamper(log.path, ("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                      (RECORDS + 1, *forged)))
    check = log.verify()
    assert check.checked == RECORDS + 1  # every link holds: only the checkpoint can tell
    assert not check.ok and check.first_bad_seq == RECORDS + 1 and "inserted" in check.reason


def test_a_record_inserted_in_the_middle(log):
    """A forged record put at 4, the records from 4 on moved one place down, all links intact up
    to the insertion: verify names 4."""
    table = rows(log.path)
    forged = _forged(table, 4, table[3][2])
    statements = [("DELETE FROM audit_records WHERE seq >= 4", ()),
                  ("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)", (4, *forged))]
    for seq in range(4, RECORDS + 1):
        statements.append(("INSERT INTO audit_records (seq, body, prev_hash, hash) VALUES (?,?,?,?)",
                           (seq + 1, *table[seq])))
    tamper(log.path, *statements)
    check = log.verify()
    assert not check.ok and check.first_bad_seq == 4, check


def test_replacing_the_key(log, home):
    key_file = home / "secrets.toml"
    key_file.write_text(f'[audit]\ncheckpoint_key = "{os.urandom(32).hex()}"\n', "utf-8")
    fresh = AuditLog.for_home(home)  # reads the replaced key
    try:
        check = fresh.verify()
        assert not check.ok and "signature does not match" in check.reason
        assert check.checkpoint["signature"] == "invalid"
        record(fresh, "换钥匙之后")  # an append re-signs with the new key, but remembers
        check = fresh.verify()
        assert not check.ok and check.reason.startswith("an append at seq 9 found: ")
        assert "signature does not match" in check.reason, check
    finally:
        fresh.close()


def test_a_removed_checkpoint_is_reported(log):
    conn = sqlite3.connect(log.path, isolation_level=None)
    conn.execute("DELETE FROM audit_checkpoint")
    conn.close()
    check = log.verify()
    assert not check.ok and "no signed checkpoint" in check.reason


def test_a_log_from_before_anchoring_is_anchored_on_open_and_says_so(tmp_path):
    home = tmp_path / "home"
    log = AuditLog.for_home(home)
    for i in range(3):
        record(log, f"旧{i}")
    log.close()
    conn = sqlite3.connect(home / AUDIT_FILE, isolation_level=None)
    conn.execute("DROP TABLE audit_checkpoint")  # as an earlier version left it,
    conn.close()
    (home / HEAD_FILE).unlink()  # which kept no head file either
    reopened = AuditLog.for_home(home)
    try:
        check = reopened.verify()
        assert check.ok and check.checkpoint["count"] == 3 and check.head_file["count"] == 3
        assert any("before the log was anchored" in note for note in check.notes)
        assert any("before the head file was kept" in note for note in check.notes)
        tamper(reopened.path, ("DELETE FROM audit_records WHERE seq = 3", ()))
        assert reopened.verify().first_bad_seq == 3  # from then on truncation shows
    finally:
        reopened.close()


def test_export_keeps_the_chain_and_checkpoint_and_catches_a_rewrite(log, home, tmp_path):
    target = tmp_path / "offsite" / "audit-export.jsonl"
    summary = log.export(target)
    header, records, checkpoint = read_export(target)
    assert summary.count == header["count"] == len(records) == RECORDS
    assert header["head"] == records[-1]["hash"] == json.loads(checkpoint["checkpoint"])["head"]
    # the export is checkable on its own: each hash recomputes from the exported body
    prev = "0" * 64
    for item in records:
        assert item["prev_hash"] == prev and hashlib.sha256((prev + item["body"]).encode()).hexdigest() == item["hash"]
        prev = item["hash"]
    record(log, "导出之后")
    assert log.verify(against=target).ok  # the log still extends the copy
    # someone holding the key rewrites record 2 and re-signs: only the copy can tell
    table = rows(log.path)
    bodies = [table[seq][0] for seq in sorted(table)]
    bodies[1] = _edit_body(bodies[1])
    tamper(log.path, *_rechain(table, bodies))
    conn = sqlite3.connect(log.path, isolation_level=None)
    conn.execute("DELETE FROM audit_checkpoint")
    conn.close()
    record(log, "重新签名")
    check = log.verify(against=target)
    assert not check.ok and any("differs from the export" in text for text in [check.reason, *check.notes])


def test_the_secrets_file_gets_a_key_table_appended_and_keeps_the_rest(tmp_path):
    secrets_file = tmp_path / "secrets.toml"
    secrets_file.write_text('[other]\nvalue = "keep me"\n', "utf-8")
    os.chmod(secrets_file, 0o600)
    key = load_or_create_key(secrets_file, "audit", "checkpoint_key")
    text = secrets_file.read_text("utf-8")
    assert 'value = "keep me"' in text and key.hex() in text
    assert load_or_create_key(secrets_file, "audit", "checkpoint_key") == key
    secrets_file.write_text('[audit]\ncheckpoint_key = "abc"\n', "utf-8")
    with pytest.raises(SecretsError, match="32 hex digits"):
        load_or_create_key(secrets_file, "audit", "checkpoint_key")


def test_a_secrets_file_others_can_read_is_a_configuration_warning(tmp_path):
    from engine import notices

    secrets_file = tmp_path / "secrets.toml"
    load_or_create_key(secrets_file, "audit", "checkpoint_key")
    os.chmod(secrets_file, 0o644)
    notices.forget()
    load_or_create_key(secrets_file, "audit", "checkpoint_key")
    assert [w.code for w in notices.noted()] == ["secrets_permissions"]
    notices.forget()


def cli(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "engine", "--home", str(home), "audit", *args],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def test_cli_verify_reports_truncation_and_export_writes_the_copy(log, home, tmp_path):
    target = tmp_path / "copy.jsonl"
    exported = cli(home, "export", str(target), "--json")
    assert exported.returncode == 0, exported.stderr
    assert json.loads(exported.stdout)["count"] == RECORDS and target.is_file()
    tamper(log.path, ("DELETE FROM audit_records WHERE seq > ?", (RECORDS - 2,)))
    broken = cli(home, "verify", "--json")
    assert broken.returncode == 1
    report = json.loads(broken.stdout)
    assert report["ok"] is False and report["first_bad_seq"] == RECORDS - 1
    human = cli(home, "verify", "--against", str(target))
    assert human.returncode == 1 and f"seq {RECORDS - 1}" in human.stdout
    missing = cli(home, "verify", "--against", str(tmp_path / "nope.jsonl"))
    assert missing.returncode == 2 and len(missing.stderr.strip().splitlines()) == 1
