"""Both the Summary and the Facts page need a signed-in user. Their own tests are in
test_summary_page.py and test_facts_page.py (fixtures: conftest)."""

from __future__ import annotations

import pytest

from tests.ui.conftest import page_run, texts

pytestmark = pytest.mark.ui

SUMMARY = "pages/summary.py"
FACTS = "pages/facts.py"


@pytest.mark.parametrize("page", [SUMMARY, FACTS])
def test_frames_need_a_signed_in_user(app, page):
    at = page_run(page, session_from=app())
    assert "请先登录" in texts(at, "warning")
    assert not at.selectbox and not at.dataframe  # no document, summary or fact before sign-in
