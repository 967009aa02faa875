"""The paralegal's whole path in a real browser, on a fresh home: sign in, upload a PDF and watch
its progress, ask, see the answer with the cited page zoomed to the boxed quote — all on one
1440×900 screen — open another evidence card, and go back through an [E1] mark in the conclusion.

The user is created through engine.auth with a password of its own (never the demo default, which
must be changed at first sign-in). The screenshots are the ones the README and docs/ui.md show
(docs/screenshots/, committed; the first, ask.png, is the Ask page answering a question with the
evidence box visible). A run writes them to artifacts/; to refresh the committed ones:

    LEXTRACE_SCREENSHOTS=docs .venv/bin/python -m pytest tests/browser/test_paralegal_path.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.test_browser import (BOX_ON_SCREEN_JS, CHROMIUM, CHROMIUM_ARGS, REPO, settled, sign_in,
                                        streamlit_server, sync_api)

pytestmark = [pytest.mark.ui, pytest.mark.slow]

SCREENSHOTS = REPO / ("docs/screenshots" if os.environ.get("LEXTRACE_SCREENSHOTS") == "docs" else "artifacts")
TRANSCRIPT = REPO / "data" / "demo" / "讯问笔录_李志强_20230512.pdf"
QUESTION = "陈晓梅前后一共转给你多少钱？"
PARALEGAL, PASSWORD = "browser-paralegal", "paralegal-path-password-3"
VIEWPORT = {"width": 1440, "height": 900}
INGEST_TIMEOUT_MS = 240_000
ANSWER_TIMEOUT_MS = 180_000


@pytest.fixture(scope="module")
def fresh_home(tmp_path_factory) -> Path:
    from engine.auth import Role, UserStore

    home = tmp_path_factory.mktemp("paralegal") / "home"
    UserStore.for_home(home).add(PARALEGAL, PASSWORD, Role.PARALEGAL)
    return home


@pytest.fixture(scope="module")
def server(fresh_home):
    with streamlit_server(fresh_home) as url:
        yield url


@pytest.fixture(scope="module")
def page(server):
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                             headless=True)
        context = browser.new_context(viewport=VIEWPORT, locale="zh-CN")
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(server)
        yield page
        context.close()
        browser.close()


def shoot(page, name: str) -> Path:
    settled(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.screenshot(path=str(path))
    return path


def inside_viewport(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"]


def test_the_paralegal_path_on_a_fresh_home(page, fresh_home):
    # -- sign in: an internal tool shows no Deploy button or developer menu to anyone
    sign_in(page, PARALEGAL, PASSWORD)
    page.get_by_role("heading", name="问答").wait_for()
    assert page.get_by_role("button", name="Deploy").count() == 0
    assert page.get_by_test_id("stMainMenu").count() == 0

    # -- upload the transcript and watch its progress
    page.get_by_role("link", name="文件").click()
    page.get_by_role("heading", name="文件").wait_for()
    page.locator("input[type=file]").set_input_files(str(TRANSCRIPT))
    page.locator(".st-key-documents_ingest button:not([disabled])").wait_for()  # a file is chosen
    page.locator(".st-key-documents_ingest button").click()
    page.get_by_test_id("stProgress").first.wait_for()  # per-stage progress while it ingests
    # done, kind named — outside the 导入文件 expander, so no rerun can fold the outcome away
    outcome = page.get_by_text("— 讯问笔录，6 页，")
    outcome.wait_for(state="visible", timeout=INGEST_TIMEOUT_MS)
    page.get_by_text("语料：1 份文件").wait_for()  # the sidebar counts it
    settled(page)
    assert outcome.is_visible()  # still in view once the page has rerun
    shoot(page, "upload.png")

    # -- ask: the answer, its first evidence card and the boxed page on one screen
    page.get_by_role("link", name="问答").click()
    page.get_by_role("heading", name="问答").wait_for()
    page.get_by_role("textbox", name="问题").fill(QUESTION)
    page.get_by_role("button", name="提问").click()
    opened = page.get_by_role("button", name="▶ 正在查看 E1")
    opened.wait_for(timeout=ANSWER_TIMEOUT_MS)
    image = page.locator(".st-key-ask-viewer img").first
    image.wait_for()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=image.element_handle())
    conclusion = page.locator(".lx-conclusion")
    assert "42000" in conclusion.inner_text() or "四万二千" in conclusion.inner_text()
    assert inside_viewport(page, conclusion) and inside_viewport(page, opened)
    box = image.evaluate(BOX_ON_SCREEN_JS)
    assert box["orange"] > 200, box  # the quote is boxed on the page
    assert 0 <= box["top"] and box["bottom"] <= VIEWPORT["height"], box  # ... in view
    # zoomed to the box: the image shows part of the page, wider on screen than a whole page would be
    assert box["image"]["width"] > 500, box
    assert page.get_by_text("问：陈晓梅前后一共转给你多少钱？").first.is_visible()  # the quote's question
    assert page.get_by_text("75%").count() == 0  # no zoom badge over the page
    shoot(page, "ask.png")

    # -- another card, then back through the [E1] mark in the conclusion
    page.get_by_role("button", name="查看原文 E2").click()
    page.get_by_role("button", name="▶ 正在查看 E2").wait_for()
    viewer = page.locator(".st-key-ask-viewer")
    viewer.get_by_text(f"E2 · {TRANSCRIPT.name}").wait_for()
    assert inside_viewport(page, viewer.locator("img").first)  # the viewer stays in view
    shoot(page, "ask_second_evidence.png")
    page.locator(".lx-conclusion a.lx-ev", has_text="E1").first.click()
    page.get_by_role("button", name="▶ 正在查看 E1").wait_for()
    viewer.get_by_text(f"E1 · {TRANSCRIPT.name}").wait_for()
    # a paralegal's view: personal data redacted, no reader for the original
    viewer.get_by_text("已遮盖敏感信息").first.wait_for()
    assert page.get_by_text("在阅读器中打开原件").count() == 0

    # -- the ledger rows under the calculation, and the disputed payment's two versions
    table = page.locator("table.lx-ledger")
    table.scroll_into_view_if_needed()
    disputed = table.locator("tr.lx-disputed")
    assert disputed.count() == 2 and "说法不一" in disputed.first.inner_text()
    versions = page.locator(".lx-version")
    assert versions.count() == 2
    boxes = [versions.nth(i).bounding_box() for i in range(2)]
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 2 and boxes[0]["x"] < boxes[1]["x"]  # side by side
    shoot(page, "ask_ledger.png")
    versions.first.scroll_into_view_if_needed()
    shoot(page, "ask_conflict.png")
    # a row's E-id opens that row's quote, as the conclusion's marks do
    last = disputed.last.locator("a.lx-ev")
    eid = last.inner_text()
    last.click()
    page.get_by_role("button", name=f"▶ 正在查看 {eid}").wait_for()
    viewer.get_by_text(f"{eid} · {TRANSCRIPT.name}").wait_for()
