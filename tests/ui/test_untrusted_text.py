"""Text the pages did not write themselves: a question of zero-width characters is no question on
the Ask page, and a user name written as Markdown reaches the Audit page's record header escaped
(ui.components.escape_markdown; tests/browser/test_untrusted_input.py shows what a browser then
draws). Fixtures: tests/ui/conftest.py."""

from __future__ import annotations

import pytest

from engine.auth import Role
from tests.ui.conftest import login, texts
from tests.ui.test_audit_page import AUDIT, open_record
from tests.ui.test_ask_page import SUBMIT
from ui.components import WORD_JOINER, escape_markdown

pytestmark = pytest.mark.ui

MARKDOWN_NAME = "![t](http://127.0.0.1/beacon.png)[点此重新登录](http://evil.example/login)"


@pytest.mark.parametrize("text", [
    MARKDOWN_NAME, "**粗体** _斜体_ `代码` $x^2$ <b>标签</b> # 标题", "www.evil.example a@b.example",
    ":smile: :material/home: :red[红字]"])
def test_escaped_text_keeps_every_character_and_no_markdown_trigger(text):
    escaped = escape_markdown(text)
    for trigger in ("](", "![", "**", "`", "$", "<b>", "# 标", "http://", "www.", "@b", ":smile", ":red["):
        assert trigger not in escaped
    import html

    assert html.unescape(escaped).replace(WORD_JOINER, "") == text  # nothing lost, only neutralised
    assert escape_markdown("10:30，时间：上午") == "10:30，时间：上午"  # times are left as they are


def test_a_zero_width_question_gets_the_hint_and_is_not_asked(app, ui_home):
    at = app(Role.PARALEGAL)
    before = ui_home.engine.audit.count()
    at.text_input(key="ask.question").input("\u200b\u200c\ufeff")
    at.button(key=SUBMIT).click()
    at.run()
    assert not at.exception
    assert any("请输入问题" in w for w in texts(at, "warning"))
    assert "ask.answer" not in at.session_state and "ask.query" not in at.session_state
    assert ui_home.engine.audit.count() == before  # nothing was asked, so nothing audited


def test_a_markdown_user_name_is_plain_text_in_the_audit_record_header(app, ui_home):
    at = app()
    login(at, MARKDOWN_NAME, "not-the-password")  # a failed sign-in is audited under the name typed
    assert any("用户名或密码错误" in e for e in texts(at, "error"))
    record = next(r for r in ui_home.engine.audit.records(kind="login", limit=50) if r.user == MARKDOWN_NAME)
    at = open_record(app(Role.LEAD, AUDIT), record.id)
    assert not at.exception
    header = next(m for m in texts(at, "markdown") if m.startswith(f"**{escape_markdown(record.id)}**"))
    assert escape_markdown(MARKDOWN_NAME) in header
    assert "](" not in header and "![" not in header and "http://" not in header
