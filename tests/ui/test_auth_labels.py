"""Sign-in, the forced password change, the account panel and the permission guard speak Chinese
only by default; English comes beside it with the setting (issue 15), never a raw role name."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import DEMO_PASSWORD, MUST_CHANGE, Role
from tests.ui.conftest import APP, TIMEOUT_S, all_text, login, texts
from ui.auth import SESSION_KEY
from ui.labels import ENGLISH_DEFAULT_ENV, ENGLISH_KEY

pytestmark = pytest.mark.ui

# What may stay Latin on a Chinese screen: the product, the README it points to, commands in code.
_ALLOWED_LATIN = re.compile(r"`[^`]*`|LexTrace|README|\*\*[^*]+\*\*")


def _readable(at: AppTest) -> str:
    widgets = (*at.button, *at.text_input, *at.toggle)
    return all_text(at) + "\n" + "\n".join(str(getattr(w, "label", "")) for w in widgets)


def _latin_words(at: AppTest) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", _ALLOWED_LATIN.sub("", _readable(at)))


@pytest.fixture
def fresh_home(tmp_path, monkeypatch):
    monkeypatch.setenv("LEXTRACE_HOME", str(tmp_path))
    monkeypatch.setenv("LEXTRACE_INGEST__OCR", "off")
    monkeypatch.delenv(ENGLISH_DEFAULT_ENV, raising=False)
    return tmp_path


def test_sign_in_and_the_forced_change_are_chinese_only_by_default(fresh_home):
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()
    assert not at.exception, at.exception
    assert [b.label for b in at.button] == ["登录"]
    assert [t.label for t in at.text_input] == ["用户名", "密码"]
    assert _latin_words(at) == [], _readable(at)

    login(at, "lead", DEMO_PASSWORD)
    assert not at.exception, at.exception
    assert texts(at, "title") == ["🔑 修改初始密码"]
    assert texts(at, "warning") == [MUST_CHANGE[0]]
    assert "账号：**lead** · 主办律师" in texts(at, "caption")
    assert {b.label for b in at.button} == {"保存", "退出登录"}
    assert _latin_words(at) == [], _readable(at)


def test_the_server_default_puts_english_beside_the_chinese(fresh_home, monkeypatch):
    monkeypatch.setenv(ENGLISH_DEFAULT_ENV, "1")
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()
    assert [b.label for b in at.button] == ["登录 Sign in"]
    assert [t.label for t in at.text_input] == ["用户名 User name", "密码 Password"]
    login(at, "lead", DEMO_PASSWORD)
    assert texts(at, "title") == ["🔑 修改初始密码 Change the initial password"]
    assert texts(at, "warning") == [f"{MUST_CHANGE[0]} ({MUST_CHANGE[1]})"]
    assert "账号 Account：**lead** · 主办律师 Lead" in texts(at, "caption")


def test_the_sidebar_setting_switches_the_account_panel_to_both(app, ui_home):
    at = app(Role.PARALEGAL)
    name = ui_home.users[Role.PARALEGAL]
    assert f"**{name}** · 律师助理" in texts(at.sidebar, "markdown")
    assert at.sidebar.button(key="sign_out").label == "退出登录"
    at.toggle(key=ENGLISH_KEY).set_value(True).run()
    assert not at.exception, at.exception
    assert f"**{name}** · 律师助理 Paralegal" in texts(at.sidebar, "markdown")
    assert at.sidebar.button(key="sign_out").label == "退出登录 Sign out"
    assert at.sidebar.button(key="password_open").label == "修改密码 Change password"


GUARDED_SCRIPT = """
from engine.auth import Permission
from ui.auth import require

require(Permission.VIEW_AUDIT)
"""


@pytest.mark.parametrize("english,expected", [
    (False, "无权访问：需要「查看审计」权限，当前角色为「律师助理」。"),
    (True, "无权访问：需要「查看审计 view audit」权限，当前角色为「律师助理 Paralegal」。 "
           "(Access denied: your role lacks this permission.)"),
])
def test_the_guard_names_the_permission_and_the_role_in_the_chosen_language(app, english, expected):
    signed_in = app(Role.PARALEGAL)
    at = AppTest.from_string(GUARDED_SCRIPT, default_timeout=TIMEOUT_S)
    at.session_state[SESSION_KEY] = signed_in.session_state[SESSION_KEY]
    at.session_state[ENGLISH_KEY] = english
    at.run()
    assert not at.exception, at.exception
    assert texts(at, "error") == [expected]
