"""Sessions and sources in view, in Debian's Chromium (tests/browser/test_browser.py says how the
server runs): a typed URL as a fresh server's very first request; a paralegal asks, signs out, a
lead signs in on the same tab and finds an empty Ask page, and the audit keeps each question
under the user who asked it; a reload on /audit keeps the lead signed in (a server-set HttpOnly
cookie); a paralegal typing /audit lands on Ask — never Streamlit's "Page not found".

Then, at 1280×720 and 1440×900: the Ask page with an answer to review (conclusion, the reason for
review, the conflict panel and the first evidence card above the fold), a Summary point's source
and a Facts field's source beside what opened them with the boxed quote entirely on screen, and
the Benchmark overview. Screenshots go to artifacts/; to refresh the committed ones in
docs/screenshots/:

    LEXTRACE_SCREENSHOTS=docs .venv/bin/python -m pytest tests/browser/test_sessions_and_views.py

Every wait is on a state of the page (an element, the app's script state, an image decoded, a
cookie set), never a fixed delay, so the tests hold on a loaded machine.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.test_browser import (ARTIFACTS, BOX_ON_SCREEN_JS, CHROMIUM, CHROMIUM_ARGS, DEMO, REPO, _clean_env,
                                        settled, sign_in, streamlit_server, sync_api)

pytestmark = [pytest.mark.ui, pytest.mark.slow]

SCREENSHOTS = REPO / ("docs/screenshots" if os.environ.get("LEXTRACE_SCREENSHOTS") == "docs" else "artifacts")
PARALEGAL, LEAD, PASSWORD = "view-paralegal", "view-lead", "views-password-27"
PARALEGAL_Q = "陈晓梅前后一共转给你多少钱？"
LEAD_Q = "陈晓梅一共给你转了几次钱？转到哪张卡上？"
TRANSCRIPT = "讯问笔录_李志强_20230512.pdf"
CONTRACT = "技术服务合同_恒远-云启_2023.pdf"
SIZES = ({"width": 1280, "height": 720}, {"width": 1440, "height": 900})
SLOW_MS = 240_000  # the first answer loads the embedder on a loaded machine
COOKIE = "lextrace_session"


@pytest.fixture(scope="module")
def home(tmp_path_factory) -> Path:
    """A home holding data/demo (OCR off, through the CLI) and one account per role used here."""
    from engine.auth import Role, ScryptParams, UserStore

    home = tmp_path_factory.mktemp("views") / "home"
    done = subprocess.run([sys.executable, "-m", "engine", "ingest", str(DEMO), "--json"], cwd=REPO,
                          env=_clean_env(home), capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    store = UserStore.for_home(home, params=ScryptParams(n=2 ** 10))
    store.add(PARALEGAL, PASSWORD, Role.PARALEGAL)
    store.add(LEAD, PASSWORD, Role.LEAD)
    return home


@pytest.fixture(scope="module")
def server(home):
    with streamlit_server(home) as url:
        yield url


@pytest.fixture(scope="module")
def browser(server):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


def new_page(browser, size: dict):
    context = browser.new_context(viewport=size, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(SLOW_MS)
    return context, page


@contextlib.contextmanager
def opened(browser, size: dict, name: str):
    """A page in its own browser context, closed after; on a failure what it showed is kept in
    artifacts/ (the pages here are the test's own, not the conftest's ``page`` fixture)."""
    context, page = new_page(browser, size)
    try:
        yield context, page
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(Exception):
            page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"), full_page=True)
        raise
    finally:
        context.close()


def no_page_not_found(page) -> None:
    assert page.get_by_text("Page not found").count() == 0
    assert page.get_by_text("You have requested a page").count() == 0


def cookie_set(context, page) -> dict:
    """Wait until the server has set the session cookie (the page posts its hand-off code)."""
    page.wait_for_function("() => true")  # a round trip through the page
    for _ in range(600):
        found = [c for c in context.cookies() if c["name"] == COOKIE]
        if found:
            return found[0]
        page.wait_for_timeout(100)  # polling the browser's cookie jar, which has no event to wait on
    raise AssertionError("the session cookie was never set")


def shoot(page, name: str) -> Path:
    settled(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path))
    return path


def ask(page, question: str) -> None:
    page.get_by_role("textbox", name="问题").fill(question)
    page.get_by_role("button", name="提问").click()
    page.get_by_role("button", name="▶ 正在查看 E1").wait_for()
    settled(page)


def sign_out(page) -> None:
    page.get_by_role("button", name="退出登录").click()
    page.locator(".st-key-login_name input").wait_for()


def audit_asks(home: Path) -> list[tuple[str, str]]:
    from engine.audit import AuditLog

    log = AuditLog.for_home(home)
    try:
        return [(r.user, r.question) for r in log.records(kind="ask", limit=50)]
    finally:
        log.close()


def test_sign_out_sign_in_reload_and_typed_urls(browser, server, home):
    with opened(browser, SIZES[1], "sessions-same-tab") as (context, page):
        # a fresh server's very first request is a typed page address: the sign-in form, then that page
        page.goto(f"{server}/audit")
        page.locator(".st-key-login_name input").wait_for()
        no_page_not_found(page)
        assert page.get_by_role("link", name="audit").count() == 0  # no sidebar of file names
        sign_in(page, PARALEGAL, PASSWORD)
        page.get_by_role("heading", name="问答").wait_for()  # a paralegal may not open the audit: Ask
        no_page_not_found(page)

        ask(page, PARALEGAL_Q)
        sign_out(page)
        sign_in(page, LEAD, PASSWORD)  # the same tab, another person
        page.get_by_role("heading", name="问答").wait_for()
        settled(page)
        assert page.locator(".lx-conclusion").count() == 0  # an empty Ask page
        assert page.get_by_role("textbox", name="问题").input_value() == ""
        page.get_by_text("提问后，左侧列出结论").wait_for()
        ask(page, LEAD_Q)
        asks = audit_asks(home)
        assert (PARALEGAL, PARALEGAL_Q) in asks and (LEAD, LEAD_Q) in asks
        assert (LEAD, PARALEGAL_Q) not in asks  # nothing asked again under the lead's name

        page.get_by_role("link", name="审计").click()
        page.get_by_role("heading", name="回放").wait_for()
        settled(page)
        # the newest record, the lead's question, is the one replayed: its header names the lead
        header = page.get_by_test_id("stMarkdownContainer").filter(has_text="用户 " + LEAD).first
        header.wait_for()
        cookie = cookie_set(context, page)
        assert cookie["httpOnly"] and cookie["sameSite"] == "Strict"

        page.reload()  # F5 on /audit: still signed in, on the audit page
        page.get_by_role("heading", name="回放").wait_for()
        no_page_not_found(page)
        assert page.locator(".st-key-login_name").count() == 0
        page.goto(f"{server}/facts")  # a typed address of another page, still signed in
        page.get_by_role("heading", name="事实").first.wait_for()
        no_page_not_found(page)
        sign_out(page)
        page.goto(f"{server}/audit")  # signed out: the cookie names an ended session
        page.locator(".st-key-login_name input").wait_for()

    # another browser: the paralegal types /audit
    with opened(browser, SIZES[0], "sessions-paralegal-audit") as (context, page):
        page.goto(server)
        sign_in(page, PARALEGAL, PASSWORD)
        page.get_by_role("heading", name="问答").wait_for()
        cookie_set(context, page)
        page.goto(f"{server}/audit")
        page.get_by_role("heading", name="问答").wait_for()
        no_page_not_found(page)
        assert page.get_by_role("heading", name="审计").count() == 0


def box_in_view(page, image, size: dict) -> dict:
    box = image.evaluate(BOX_ON_SCREEN_JS)
    assert box["orange"] > 100, box  # the quote is boxed
    assert 0 <= box["top"] and box["bottom"] <= size["height"], (box, size)  # entirely on screen
    assert 0 <= box["left"] and box["right"] <= size["width"], (box, size)
    image_box = box["image"]
    assert image_box["left"] <= box["left"] and box["right"] <= image_box["right"], box
    return box


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_answer_and_sources_in_view_with_screenshots(browser, server, size):
    tag = f"{size['width']}x{size['height']}"
    with opened(browser, size, f"views-{tag}") as (context, page):
        page.goto(server)
        sign_in(page, LEAD, PASSWORD)
        page.get_by_role("heading", name="问答").wait_for()

        # -- Ask: an answer to review, why in one line, the conflict right under the conclusion
        ask(page, PARALEGAL_Q)
        status = page.locator(".lx-status")
        assert "需人工复核" in status.inner_text() and "冲突：第2笔" in status.inner_text()
        conclusion, conflicts = page.locator(".lx-conclusion"), page.locator(".st-key-answer-panel-conflicts")
        card = page.locator(".st-key-evidence-card-E1")
        tops = [conclusion.bounding_box()["y"], conflicts.bounding_box()["y"], card.bounding_box()["y"]]
        assert tops == sorted(tops)  # conclusion, then the conflict panel, then the evidence
        assert conclusion.bounding_box()["y"] + conclusion.bounding_box()["height"] <= size["height"]
        quote = card.locator(".lx-card-quote")
        assert quote.bounding_box()["y"] + 20 <= size["height"], "the first evidence card is below the fold"
        assert page.get_by_role("button", name="▶ 正在查看 E1").is_visible()
        box_in_view(page, page.locator(".st-key-ask-viewer img").first, size)
        shoot(page, f"ask_review_{tag}.png")
        page.locator("a.lx-jump").click()  # the link in the status line brings the conflict panel up
        page.wait_for_function("el => el.getBoundingClientRect().top < 200",
                               arg=conflicts.element_handle())

        # -- Summary: a point far down the list opens its source beside it, boxed, in view
        page.get_by_role("link", name="摘要").click()
        page.get_by_role("heading", name="摘要").first.wait_for()
        choose(page, "文件", TRANSCRIPT)
        page.get_by_text("讯问笔录 · 6 页").wait_for()  # the chosen file's run has begun …
        settled(page)  # … and ended: its points, not the previous file's, are on the page
        points = page.get_by_role("button", name="查看来源")
        points.first.wait_for()
        point = points.nth(min(6, points.count() - 1))
        point.scroll_into_view_if_needed()
        point.click()
        page.get_by_role("button", name="▶ 正在查看").first.wait_for()
        image = page.locator(".st-key-summary-viewer img").first
        image.wait_for()
        settled(page)
        box_in_view(page, image, size)
        shoot(page, f"summary_source_{tag}.png")

        # -- Facts: a field inside a contract's card opens its page beside it, boxed, in view
        page.get_by_role("link", name="事实").click()
        page.get_by_role("heading", name="事实").first.wait_for()
        page.get_by_text("事实卡片", exact=True).wait_for()
        page.get_by_test_id("stExpander").filter(has_text=CONTRACT).last.locator("summary").click()
        field = page.get_by_role("button", name="查看原文 第1页 · 合同总额")
        field.scroll_into_view_if_needed()
        field.click()
        page.get_by_role("button", name="▶ 正在查看 第1页 · 合同总额").wait_for()
        image = page.locator(".st-key-facts-viewer img").first
        image.wait_for()
        settled(page)
        box_in_view(page, image, size)
        shoot(page, f"facts_source_{tag}.png")

        # -- Benchmark: the overview a lead reads
        page.get_by_role("link", name="评测").click()
        page.get_by_role("heading", name="评测").first.wait_for()
        page.get_by_text("达标", exact=False).first.wait_for()
        page.get_by_test_id("stVegaLiteChart").first.wait_for()
        page.wait_for_function("() => document.querySelectorAll('[data-testid=stVegaLiteChart] canvas, "
                               "[data-testid=stVegaLiteChart] svg').length > 0")
        shoot(page, f"benchmark_overview_{tag}.png")


def choose(page, label: str, option: str, attempts: int = 8) -> None:
    """Pick a selectbox option; a click that lands during a rerun can leave the list closed, so it
    opens it again until the option shows (each try waits on the option, not on a clock)."""
    selectbox = page.get_by_test_id("stSelectbox").filter(has_text=label)
    wanted = page.get_by_role("option", name=option, exact=True)
    for _ in range(attempts):
        settled(page)
        selectbox.get_by_role("button", name="Open").click()
        try:
            wanted.wait_for(timeout=10_000)
            break
        except sync_api.TimeoutError:
            continue
    wanted.click()
    settled(page)
    assert selectbox.get_by_role("combobox").input_value() == option
