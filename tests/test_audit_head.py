"""The audit log's head kept outside its database (engine/audit/head.py): what the database alone
cannot show — the newest records cut off together with the checkpoint, a re-hashed chain, all
records gone, the file emptied, cut in half, deleted, or rolled back to an older copy of itself —
fails ``audit verify`` loudly, and a home whose log is gone never starts a fresh one silently."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from engine.audit import AUDIT_FILE, AuditLog, AuditLogDamaged, Checkpoint, sign
from engine.audit.head import head_file_path
from engine.keys import load_or_create_key
from tests.test_audit import record, rows, tamper
from tests.test_audit_anchor import _edit_body, _rechain

pytestmark = pytest.mark.integration
REPO = Path(__file__).resolve().parents[1]
RECORDS = 8
HEAD = "audit_head.json"
DROP_CHECKPOINT = ("DROP TABLE audit_checkpoint", ())


@pytest.fixture
def home(tmp_path) -> Path:
    home = tmp_path / "home"
    log = AuditLog.for_home(home, embedding_model=lambda: "test-embedder")
    for i in range(RECORDS):
        record(log, f"问题{i}", user=f"user{i}")
    assert log.verify().ok
    log.close()
    return home


def verify(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run([sys.executable, "-m", "engine", "--home", str(home), "audit", "verify", *args],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)


def broken(home: Path, *, cli: bool = False) -> dict:
    """The verification of the home must fail; with ``cli``, ``audit verify --json`` in a process
    of its own: exit 1, one JSON document, no traceback."""
    if cli:
        proc = verify(home, "--json")
        assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr
        report = json.loads(proc.stdout)
    else:
        log = AuditLog.for_home(home)
        report = log.verify().to_dict()
        log.close()
    assert report["ok"] is False and report["reason"]
    return report


def checkpoint_free(home: Path) -> None:
    """Flush the WAL into the file, so that file-level tampering sees every record."""
    conn = sqlite3.connect(home / AUDIT_FILE)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def remove_database(home: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{home / AUDIT_FILE}{suffix}").unlink(missing_ok=True)


# -- tampering with the database ---------------------------------------------------------------
def test_the_newest_records_deleted_with_the_checkpoint_table(home):
    tamper(home / AUDIT_FILE, ("DELETE FROM audit_records WHERE seq > 5", ()), DROP_CHECKPOINT)
    report = broken(home, cli=True)
    assert report["first_bad_seq"] == 6 and "cut off the end" in report["reason"]
    assert HEAD in report["reason"] and f"covers {RECORDS} records" in report["reason"]
    assert any("no signed checkpoint" in note for note in report["notes"])
    log = AuditLog.for_home(home)  # opening it does not anchor it afresh either
    try:
        record(log, "之后")
        check = log.verify()
        assert not check.ok and check.first_bad_seq == 6 and "cut off the end" in check.reason
    finally:
        log.close()


def test_a_rehashed_chain_with_the_checkpoint_table_dropped(home):
    table = rows(home / AUDIT_FILE)
    bodies = [table[seq][0] for seq in sorted(table)]
    bodies[2] = _edit_body(bodies[2])
    tamper(home / AUDIT_FILE, *_rechain(table, bodies), DROP_CHECKPOINT)
    report = broken(home)
    assert any("rewritten" in text and HEAD in text for text in [report["reason"], *report["notes"]])


def test_every_record_deleted_with_the_checkpoint_table(home):
    tamper(home / AUDIT_FILE, ("DELETE FROM audit_records", ()), DROP_CHECKPOINT)
    report = broken(home)
    assert report["first_bad_seq"] == 1 and f"records 1..{RECORDS} were cut off" in report["reason"]


def test_the_database_rolled_back_to_an_older_copy_of_itself(home, tmp_path):
    checkpoint_free(home)
    shutil.copy(home / AUDIT_FILE, tmp_path / "old.sqlite")  # its own checkpoint is validly signed
    log = AuditLog.for_home(home)
    for i in range(3):
        record(log, f"后来{i}")
    log.close()
    remove_database(home)
    shutil.copy(tmp_path / "old.sqlite", home / AUDIT_FILE)
    report = broken(home)
    assert report["checkpoint"]["signature"] == "valid"  # only the head file can tell
    assert report["first_bad_seq"] == RECORDS + 1 and f"covers {RECORDS + 3} records" in report["reason"]


# -- the database file gone, emptied or cut ----------------------------------------------------
@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_a_missing_or_empty_database_is_an_error_never_a_fresh_log(home, how):
    if how == "deleted":
        remove_database(home)
    else:
        checkpoint_free(home)
        os.truncate(home / AUDIT_FILE, 0)
    report = broken(home, cli=True)
    assert "审计日志" in report["reason"] and HEAD in report["reason"] and "restore" in report["reason"]
    with pytest.raises(AuditLogDamaged, match="missing" if how == "deleted" else "empty"):
        AuditLog.for_home(home)
    # nothing was started in its place: no new database, the empty file still empty
    assert not (home / AUDIT_FILE).exists() if how == "deleted" else (home / AUDIT_FILE).stat().st_size == 0
    human = verify(home)
    assert human.returncode == 1 and len(human.stdout.strip().splitlines()) == 1


def test_a_database_cut_in_half_is_a_failed_check_in_one_line(tmp_path):
    home = tmp_path / "home"
    log = AuditLog.for_home(home)
    for i in range(40):  # enough pages that half of the file loses records, not just the header
        log.record_event("probe", {"i": i, "pad": "x" * 1000})
    log.close()
    checkpoint_free(home)
    for sidecar in ("-wal", "-shm"):
        Path(f"{home / AUDIT_FILE}{sidecar}").unlink(missing_ok=True)
    os.truncate(home / AUDIT_FILE, (home / AUDIT_FILE).stat().st_size // 2)
    report = broken(home, cli=True)
    assert "damaged" in report["reason"] and "malformed" in report["reason"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    listed = subprocess.run([sys.executable, "-m", "engine", "--home", str(home), "audit", "list"],
                            cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 1 and len(listed.stderr.strip().splitlines()) == 1, listed.stderr
    assert "internal error" not in listed.stderr and "damaged" in listed.stderr


def test_an_empty_log_may_start_again(tmp_path):
    """A head file that covers no record: deleting that database loses nothing."""
    home = tmp_path / "home"
    AuditLog.for_home(home).close()
    remove_database(home)
    log = AuditLog.for_home(home)
    try:
        record(log)
        assert log.verify().ok
    finally:
        log.close()


# -- the head file itself ----------------------------------------------------------------------
def test_a_deleted_head_file_fails_and_stays_on_record_after_appends(home):
    (home / HEAD).unlink()
    report = broken(home)
    assert "missing" in report["reason"] and report["head_file"]["state"] == "missing"
    log = AuditLog.for_home(home)
    try:
        assert not (home / HEAD).exists()  # opening does not quietly write a new one
        record(log, "之后")
        check = log.verify()
        assert (home / HEAD).exists() and not check.ok
        assert check.reason.startswith(f"an append at seq {RECORDS + 1} found: ") and "missing" in check.reason
    finally:
        log.close()


@pytest.mark.parametrize("content", ["", '{"format": "lextrace-audit-head/1", "checkp', "not json"])
def test_an_emptied_or_cut_head_file_fails(home, content):
    (home / HEAD).write_text(content, "utf-8")
    report = broken(home)
    assert report["head_file"]["state"] == "unreadable" and HEAD in report["reason"]


def test_a_head_file_signed_with_another_key_fails(home):
    stored = json.loads((home / HEAD).read_text("utf-8"))
    stored["mac"] = sign(os.urandom(32), stored["checkpoint"])
    (home / HEAD).write_text(json.dumps(stored), "utf-8")
    report = broken(home)
    assert report["head_file"]["state"] == "invalid" and "signature does not match" in report["reason"]


def test_an_older_head_file_put_back_fails_until_the_next_append(home):
    old = (home / HEAD).read_bytes()
    log = AuditLog.for_home(home)
    try:
        record(log, "新的")
        (home / HEAD).write_bytes(old)  # as an append stopped between its commit and the head file
        check = log.verify()
        assert not check.ok and "older than the log" in check.reason
        record(log, "再一条")  # the chain extends the old head and the database signs it: repaired
        check = log.verify()
        assert check.ok and check.head_file["count"] == RECORDS + 2, check
    finally:
        log.close()


# -- where the head file lives, and older logs -------------------------------------------------
def test_with_the_key_elsewhere_each_home_has_its_own_head_file_beside_it(tmp_path):
    key_file = tmp_path / "secrets" / "audit.toml"
    homes = [tmp_path / "a", tmp_path / "b"]
    logs = [AuditLog.for_home(h, key_file=key_file) for h in homes]
    for log in logs:
        record(log)
        assert log.verify().ok
    heads = {log.head_file.path for log in logs}
    assert len(heads) == 2 and all(p.parent == key_file.parent for p in heads)
    assert not any((h / HEAD).exists() for h in homes)
    for log in logs:
        log.close()
    remove_database(homes[0])
    with pytest.raises(AuditLogDamaged):
        AuditLog.for_home(homes[0], key_file=key_file)
    other = AuditLog.for_home(homes[1], key_file=key_file)
    assert other.verify().ok
    other.close()
    assert head_file_path(homes[0] / AUDIT_FILE, homes[0] / "secrets.toml") == homes[0] / HEAD


def test_a_log_from_before_head_files_gets_one_on_open_and_says_so(home):
    """An earlier version signed the checkpoint but kept no head file."""
    key = load_or_create_key(home / "secrets.toml", "audit", "checkpoint_key")
    conn = sqlite3.connect(home / AUDIT_FILE, isolation_level=None)
    current = Checkpoint.parse(conn.execute("SELECT body FROM audit_checkpoint").fetchone()[0])
    legacy = Checkpoint(current.count, current.head, current.written_at).body()
    legacy = json.dumps({k: v for k, v in json.loads(legacy).items() if k != "head_file_since"},
                        sort_keys=True, separators=(",", ":"))
    conn.execute("UPDATE audit_checkpoint SET body = ?, mac = ?", (legacy, sign(key, legacy)))
    conn.close()
    (home / HEAD).unlink()
    log = AuditLog.for_home(home)
    try:
        check = log.verify()
        assert check.ok and check.head_file["count"] == RECORDS, check
        assert any(f"records 1..{RECORDS} were written before the head file" in n for n in check.notes)
    finally:
        log.close()


# -- writers at once ---------------------------------------------------------------------------
_APPENDER = """
import sys
from engine.audit import AuditLog
log = AuditLog(sys.argv[1])
for i in range(int(sys.argv[2])):
    log.record_event("probe", {"writer": sys.argv[3], "i": i})
"""


def test_threads_and_processes_appending_at_once_keep_head_file_and_chain_together(tmp_path):
    path = tmp_path / AUDIT_FILE
    logs = [AuditLog(path), AuditLog(path)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", _APPENDER, str(path), "30", f"process{n}"],
                              cwd=REPO, env=env) for n in range(2)]
    errors: list[BaseException] = []

    def append(n: int) -> None:
        try:
            for i in range(30):
                logs[n % 2].record_event("probe", {"writer": f"thread{n}", "i": i})
        except BaseException as exc:
            errors.append(exc)

    checks: list = []
    done = threading.Event()

    def verify_meanwhile() -> None:  # never a false alarm from an append caught half-way
        reader = AuditLog(path)
        while not done.is_set():
            checks.append(reader.verify())
        reader.close()

    threads = [threading.Thread(target=append, args=(n,)) for n in range(4)]
    verifier = threading.Thread(target=verify_meanwhile)
    for thread in [*threads, verifier]:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert all(proc.wait(timeout=120) == 0 for proc in procs) and not errors, errors
    done.set()
    verifier.join(timeout=120)
    assert checks and all(c.ok for c in checks), next(c for c in checks if not c.ok)
    check = logs[0].verify()
    total = 6 * 30
    assert check.ok and check.checked == total, check
    assert check.head_file["count"] == total and check.head_file["head"] == logs[1].head()
    assert check.head_file["state"] == "valid" and check.checkpoint["count"] == total
    for log in logs:
        log.close()
