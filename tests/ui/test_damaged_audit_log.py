"""A home whose audit log is gone: the dashboard says what to restore and opens nothing — no
sign-in that would write into a fresh log (engine.audit.AuditLogDamaged, ui.state.get_engine)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.audit import AUDIT_FILE, AuditLog
from engine.auth import Role, ScryptParams, UserStore
from tests.ui.conftest import APP, TIMEOUT_S, texts
from ui.components import escape_markdown

pytestmark = pytest.mark.ui


def test_a_deleted_audit_log_stops_the_dashboard_with_one_message(tmp_path, monkeypatch):
    home = (tmp_path / "home").resolve()
    UserStore.for_home(home, params=ScryptParams(n=2 ** 8)).add("someone", "a-password", Role.LEAD)
    log = AuditLog.for_home(home)
    log.record_event("probe", {"i": 1})
    log.close()
    for suffix in ("", "-wal", "-shm"):
        (home / f"{AUDIT_FILE}{suffix}").unlink(missing_ok=True)
    monkeypatch.setenv("LEXTRACE_HOME", str(home))
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()
    assert not at.exception
    (message,) = texts(at, "error")
    assert "审计日志缺失" in message and escape_markdown("audit_head.json") in message
    assert not at.text_input  # no login form
    assert not (home / AUDIT_FILE).exists()  # and no new log
