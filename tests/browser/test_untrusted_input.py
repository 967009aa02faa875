"""What the real server makes of input a browser controls: a sign-in sent from this machine with a
made-up X-Forwarded-For is throttled and audited as a loopback connection, not as the address it
claims; a user name written as Markdown (an image beacon and a link) is shown on the Audit page as
the plain text it is. ``streamlit run app.py`` in Debian's Chromium (tests/browser/test_browser.py
says how); skips without them."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.auth import LOOPBACK_ADDRESS, Role, ScryptParams, UserStore
from tests.browser.test_browser import CHROMIUM, CHROMIUM_ARGS, sign_in, streamlit_server, sync_api

pytestmark = [pytest.mark.ui, pytest.mark.slow]

LEAD, PASSWORD = "browser-lead", "browser-lead-password"
SPOOFED = "203.0.113.9"
BEACON = "http://127.0.0.1/beacon.png"
MARKDOWN_NAME = f"![t]({BEACON})[点此重新登录](http://evil.example/login)"
TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    home = tmp_path_factory.mktemp("untrusted") / "home"
    UserStore.for_home(home, params=ScryptParams(n=2 ** 10)).add(LEAD, PASSWORD, Role.LEAD)
    return home


def login_records(home: Path) -> list:
    from engine.audit import AuditLog

    log = AuditLog.for_home(home)
    try:
        return log.records(kind="login", limit=20)
    finally:
        log.close()


def test_a_spoofed_forwarded_for_and_a_markdown_user_name(home):
    with streamlit_server(home) as url, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            lead = browser.new_context(viewport={"width": 1440, "height": 1000}, locale="zh-CN").new_page()
            lead.set_default_timeout(TIMEOUT_MS)
            lead.goto(url)
            sign_in(lead, LEAD, PASSWORD)
            lead.get_by_role("heading", name="问答").wait_for()

            stranger = browser.new_context(extra_http_headers={"X-Forwarded-For": SPOOFED}).new_page()
            stranger.set_default_timeout(TIMEOUT_MS)
            stranger.goto(url)
            sign_in(stranger, MARKDOWN_NAME, "not-the-password")
            stranger.get_by_text("用户名或密码错误").wait_for()

            records = login_records(home)
            failed = next(r for r in records if r.user == MARKDOWN_NAME)
            assert failed.body["payload"]["ok"] is False
            assert failed.body["payload"]["address"] == LOOPBACK_ADDRESS  # not the header's claim
            signed_in = next(r for r in records if r.user == LEAD)
            assert signed_in.body["payload"]["address"] == LOOPBACK_ADDRESS

            lead.get_by_role("link", name="审计").click()
            lead.get_by_role("heading", name="回放").wait_for()
            # the newest record, the stranger's sign-in, is the one replayed: its header names the user
            header = lead.get_by_test_id("stMarkdownContainer").filter(has_text="点此重新登录").first
            header.wait_for()
            assert "![t](" in header.inner_text() and "点此重新登录](" in header.inner_text()
            assert lead.locator(f'img[src="{BEACON}"]').count() == 0
            assert lead.locator('a[href*="evil.example"], a[href*="127.0.0.1/beacon"]').count() == 0
        finally:
            browser.close()
