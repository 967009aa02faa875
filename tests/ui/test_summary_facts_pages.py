"""Both the Summary and the Facts page need a signed-in user; the Facts page is a frame until its
feature arrives (a plain "coming soon", never made-up content). The Summary page's own tests
are in test_summary_page.py (fixtures: conftest)."""

from __future__ import annotations

import pytest

from engine.auth import Role
from tests.ui.conftest import all_text, page_run, texts

pytestmark = pytest.mark.ui

SUMMARY = "pages/summary.py"
FACTS = "pages/facts.py"


def demo_documents(ui_home) -> dict[str, str]:
    return {d.doc_id: d.name for d in ui_home.engine.docs().documents}


def test_facts_frame_has_disabled_filters_and_says_the_facts_are_coming(app, ui_home):
    at = app(Role.PARALEGAL, FACTS)
    assert not at.exception
    chooser = at.selectbox(key="facts.document")
    assert len(chooser.options) == len(demo_documents(ui_home)) + 1  # plus "all documents"
    assert chooser.value is None
    for key in ("facts.field", "facts.contains"):
        assert at.text_input(key=key).disabled
    assert at.multiselect(key="facts.alignment").disabled
    assert any("即将推出" in i and "facts" in i for i in texts(at, "info"))
    assert {"事实表 Fact table", "汇总 Aggregation"} <= set(texts(at, "subheader"))
    assert not at.main.dataframe and not at.main.json


@pytest.mark.parametrize("page", [SUMMARY, FACTS])
def test_frames_need_a_signed_in_user(app, page):
    at = page_run(page, session_from=app())
    assert "请先登录 (please sign in)" in texts(at, "warning")
    assert "即将推出" not in all_text(at)
