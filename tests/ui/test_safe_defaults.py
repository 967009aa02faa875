"""Safe defaults (issue 16): a default password opens no page until changed, the login page never
shows it, the dashboard listens on 127.0.0.1, the password form closes after use, and sizes are
said in the unit of their limit."""

from __future__ import annotations

import tomllib

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import DEMO_ACCOUNTS, DEMO_PASSWORD, Role, ScryptParams, UserStore
from tests.ui.conftest import APP, REPO, TIMEOUT_S, all_text, keys, login, page_run, switch_page, texts

pytestmark = pytest.mark.ui

# Each page's heading as shown by default (Chinese only): the Ask page's is a subheader beside its
# controls, the others' a header. Checked to appear once the password is changed, so that their
# absence before it means something.
PAGE_HEADINGS = {"pages/ask.py": "问答", "pages/documents.py": "文件", "pages/summary.py": "摘要",
                 "pages/facts.py": "事实", "pages/benchmark.py": "评测", "pages/audit.py": "审计"}
FORCED_TITLE = "🔑 修改初始密码"


def _headings(at: AppTest) -> list[str]:
    return texts(at, "header") + texts(at, "subheader")


def _everything(at: AppTest) -> str:
    return all_text(at) + "\n" + "\n".join(str(getattr(e, "label", "")) for e in (*at.button, *at.text_input))


def _forced_change(at: AppTest, old: str, new: str) -> AppTest:
    at.text_input(key="forced_password.old").input(old)
    at.text_input(key="forced_password.new").input(new)
    at.text_input(key="forced_password.repeat").input(new)
    at.button(key="forced_password.save").click()
    return at.run()


@pytest.fixture
def fresh_home(tmp_path, monkeypatch):
    monkeypatch.setenv("LEXTRACE_HOME", str(tmp_path))
    monkeypatch.setenv("LEXTRACE_INGEST__OCR", "off")
    return tmp_path


def test_a_fresh_home_opens_no_page_as_admin_with_the_default_password(fresh_home):
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()
    assert not at.exception, at.exception
    assert DEMO_PASSWORD not in _everything(at)  # the login page never prints it
    assert any("演示账号" in i for i in texts(at, "info"))
    assert {n for n, _ in DEMO_ACCOUNTS} <= set(UserStore.for_home(fresh_home).users())

    login(at, "admin", DEMO_PASSWORD)
    assert not at.exception, at.exception
    assert FORCED_TITLE in texts(at, "title")
    assert not set(PAGE_HEADINGS.values()) & set(_headings(at))
    assert "sign_out" not in keys(at) and not at.sidebar.children  # no navigation, no sidebar
    # Every page, reached directly with this session (a typed URL), shows the form and nothing else.
    for page, heading in PAGE_HEADINGS.items():
        direct = page_run(page, session_from=at)
        assert not direct.exception, (page, direct.exception)
        assert FORCED_TITLE in texts(direct, "title"), page
        assert heading not in _headings(direct), page
        assert not direct.dataframe and not direct.toggle and "ask.form" not in str(keys(direct)), page

    _forced_change(at, DEMO_PASSWORD, "a-better-password")
    assert not at.exception, at.exception
    assert FORCED_TITLE not in texts(at, "title")
    assert PAGE_HEADINGS["pages/ask.py"] in _headings(at)  # now the pages open, Ask first
    assert any("密码已修改" in s for s in texts(at, "success"))
    assert not UserStore.for_home(fresh_home).get("admin").must_change
    for page, heading in PAGE_HEADINGS.items():  # the same direct runs now show each page
        direct = page_run(page, session_from=at)
        assert not direct.exception, (page, direct.exception)
        assert heading in _headings(direct) and FORCED_TITLE not in texts(direct, "title"), page
    switch_page(at, "pages/audit.py")
    assert PAGE_HEADINGS["pages/audit.py"] in _headings(at)


def test_the_forced_form_refuses_the_demo_password_again(fresh_home):
    at = login(AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run(), "lead", DEMO_PASSWORD)
    _forced_change(at, DEMO_PASSWORD, DEMO_PASSWORD)
    assert FORCED_TITLE in texts(at, "title") and texts(at, "error")
    assert UserStore.for_home(fresh_home).get("lead").must_change


def test_the_password_form_does_not_stay_open_after_use(app, ui_home):
    name = "password-form-user"
    store = UserStore.for_home(ui_home.path, params=ScryptParams(n=2 ** 10))
    store.add(name, "first-password", Role.PARALEGAL)
    try:
        at = login(app(), name, "first-password")
        assert "change_password.old" not in keys(at)  # closed until asked for
        at.button(key="password_open").click().run()
        assert "change_password.old" in keys(at)
        at.text_input(key="change_password.old").input("first-password")
        at.text_input(key="change_password.new").input("second-password")
        at.text_input(key="change_password.repeat").input("second-password")
        at.button(key="change_password.save").click().run()
        assert not at.exception, at.exception
        assert any("密码已修改" in s for s in texts(at, "success"))
        assert "change_password.old" not in keys(at) and "password_open" in keys(at)
        at.run()
        assert "change_password.old" not in keys(at)
        # a wrong current password keeps the form open with the reason
        at.button(key="password_open").click().run()
        at.text_input(key="change_password.old").input("not-it")
        at.text_input(key="change_password.new").input("third-password")
        at.text_input(key="change_password.repeat").input("third-password")
        at.button(key="change_password.save").click().run()
        assert "change_password.old" in keys(at) and texts(at, "error")
        at.button(key="password_cancel").click().run()
        assert "change_password.old" not in keys(at)
    finally:
        store.remove(name)


def _listening(port: int) -> list[str]:
    """Local addresses listening on ``port`` (Linux /proc/net/tcp{,6}, LISTEN state)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = open(table).read().splitlines()[1:]
        except FileNotFoundError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, port_hex = local.rsplit(":", 1)
            if state == "0A" and int(port_hex, 16) == port:
                found.append(address)
    return found


@pytest.mark.timeout(90)
def test_the_dashboard_listens_on_this_machine_only_by_default(tmp_path):
    import os
    import socket
    import subprocess
    import sys
    import time

    config = tomllib.loads((REPO / ".streamlit" / "config.toml").read_text("utf-8"))
    assert config["server"]["address"] == "127.0.0.1"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "LEXTRACE_HOME": str(tmp_path), "LEXTRACE_INGEST__OCR": "off"}
    server = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)],
                              cwd=REPO, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not _listening(port) and time.monotonic() < deadline:
            time.sleep(0.5)
        # 127.0.0.1 is 0100007F in /proc/net/tcp; 0.0.0.0 / :: would be all zeros
        assert _listening(port) == ["0100007F"], _listening(port)
    finally:
        server.terminate()
        server.wait(timeout=20)
