"""Sessions in AppTest and at the cookie route (ui/auth.py, ui/web_session.py): signing out leaves
nothing of the user in the browser session, the next person starts clean, every question stays
under the user who asked it; a reload continues a sign-in only through a genuine, unexpired cookie
naming a session the server still knows; the route sets that cookie HttpOnly, once per hand-off."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role
from tests.ui.conftest import APP, TIMEOUT_S, all_text, login, texts
from ui import auth as ui_auth
from ui.auth import COOKIE_CODE_KEY, SESSION_KEY
from ui.web_session import COOKIE_NAME, ROUTE, CookieSigner, Handoffs

pytestmark = pytest.mark.ui

SUBMIT = "FormSubmitter:ask.form-提问"
PARALEGAL_Q = "陈晓梅前后一共转给你多少钱？"
LEAD_Q = "陈晓梅一共给你转了几次钱？转到哪张卡上？"
# What a browser session holds after a sign-out: that it looked for the cookie, that the cookie is
# to be deleted, and the sign-in form drawn again, empty. Nothing of the user.
BOOKKEEPING = {"session.cookie_checked", "session.cookie_delete", "login_name", "login_password", "login_submit"}


def ask(at: AppTest, question: str) -> AppTest:
    at.text_input(key="ask.question").input(question)
    at.button(key=SUBMIT).click().run()
    assert not at.exception, at.exception
    return at


def user_keys(at: AppTest) -> set[str]:
    """The session's own keys (Streamlit's internal ones are not the page's state)."""
    return {k for k in at.session_state._state.filtered_state if not k.startswith("$$")}


def test_sign_out_clears_every_piece_of_per_user_state(app, ui_home):
    at = ask(app(Role.LEAD), PARALEGAL_Q)
    at.toggle(key="ask.unmask").set_value(True).run()
    at.toggle(key="ui.english").set_value(True).run()
    assert {"ask.answer", "ask.query", "ask.viewer", "ask.revealed", "ask.unmask"} <= user_keys(at)
    at.sidebar.button(key="sign_out").click().run()
    assert not at.exception, at.exception
    assert user_keys(at) <= BOOKKEEPING, user_keys(at) - BOOKKEEPING
    assert not at.text_input(key="login_name").value and not at.text_input(key="login_password").value
    assert at.text_input(key="login_name") is not None  # the sign-in form, in Chinese only again
    assert "Sign in" not in all_text(at)


def test_the_next_user_on_the_same_tab_starts_clean_and_each_question_stays_theirs(app, ui_home):
    paralegal, lead = ui_home.users[Role.PARALEGAL], ui_home.users[Role.LEAD]
    before = ui_home.engine.audit.count()
    at = ask(app(Role.PARALEGAL), PARALEGAL_Q)
    first = at.session_state["ask.answer"][1].audit_id
    at.sidebar.button(key="sign_out").click().run()

    login(at, lead, ui_home.password)  # the same browser session, another person
    assert not at.exception, at.exception
    assert "ask.answer" not in at.session_state and "ask.query" not in at.session_state
    assert (at.text_input(key="ask.question").value or "") == ""
    assert any("提问后" in i for i in texts(at, "info"))  # the empty Ask page
    assert PARALEGAL_Q not in all_text(at)
    ask(at, LEAD_Q)
    second = at.session_state["ask.answer"][1].audit_id

    records = {r.id: r for r in ui_home.engine.audit.records(kind="ask", limit=200) if r.seq > before}
    assert (records[first].user, records[first].question) == (paralegal, PARALEGAL_Q)
    assert (records[second].user, records[second].question) == (lead, LEAD_Q)
    assert sorted(records) == sorted([first, second])  # nothing asked again under the lead's name


def test_an_expired_session_leaves_nothing_to_whoever_signs_in_next(app, ui_home):
    at = ask(app(Role.PARALEGAL), PARALEGAL_Q)
    ui_auth.get_authenticator().logout(at.session_state[SESSION_KEY])  # the server forgot it
    at.run()
    assert at.text_input(key="login_name") is not None
    login(at, ui_home.users[Role.LEAD], ui_home.password)
    assert "ask.answer" not in at.session_state and PARALEGAL_Q not in all_text(at)


def test_a_sign_in_queues_the_cookie_hand_off_and_a_sign_out_deletes_the_cookie(app):
    at = app(Role.PARALEGAL)
    code = at.session_state[COOKIE_CODE_KEY]
    scripts = [h for h in texts(at, "html") if ROUTE in h]
    assert scripts and f"body: '{code}'" in scripts[0] and "method: 'POST'" in scripts[0]
    assert at.session_state[SESSION_KEY] not in "".join(texts(at, "html"))  # the token never reaches the page
    at.sidebar.button(key="sign_out").click().run()
    assert any("method: 'DELETE'" in h for h in texts(at, "html"))


def run_with_cookie(monkeypatch, value: str | None) -> AppTest:
    monkeypatch.setattr(ui_auth, "session_cookie", lambda: value)
    return AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()


def test_a_reload_continues_the_session_its_cookie_names(app, monkeypatch):
    signed_in = app(Role.LEAD)
    token = signed_in.session_state[SESSION_KEY]
    at = run_with_cookie(monkeypatch, ui_auth.SIGNER.issue(token))  # a new browser session
    assert not at.exception, at.exception
    assert at.session_state[SESSION_KEY] == token
    assert any("test-lead" in m for m in texts(at, "markdown"))

    # forged, expired, or naming a session the server ended: the sign-in form
    forged = ui_auth.SIGNER.issue(token)[:-4] + "AAAA"
    expired = CookieSigner(key=ui_auth.SIGNER.key, ttl_s=-1).issue(token)
    for value in (forged, expired, "not-a-cookie"):
        assert run_with_cookie(monkeypatch, value).text_input(key="login_name") is not None, value
    signed_in.sidebar.button(key="sign_out").click().run()
    assert run_with_cookie(monkeypatch, ui_auth.SIGNER.issue(token)).text_input(key="login_name") is not None


@pytest.mark.unit
def test_the_signer_and_the_hand_off_codes():
    clock = [1000.0]
    signer = CookieSigner(ttl_s=60, clock=lambda: clock[0])
    value = signer.issue("tok-en_1")
    assert signer.read(value) == "tok-en_1"
    assert signer.read(value.replace("tok-en_1", "tok-en_2")) is None  # another token, same mac
    assert CookieSigner(ttl_s=60).read(value) is None  # another server's key
    clock[0] += 61
    assert signer.read(value) is None  # expired
    handoffs = Handoffs(ttl_s=10, clock=lambda: clock[0])
    code = handoffs.create("tok")
    assert handoffs.pending(code) and handoffs.redeem(code) == "tok"
    assert handoffs.redeem(code) is None and not handoffs.pending(code)  # once
    late = handoffs.create("tok")
    clock[0] += 11
    assert handoffs.redeem(late) is None


@pytest.mark.unit
def test_the_route_sets_an_http_only_cookie_once_per_code_and_deletes_it():
    from starlette.applications import Starlette
    from starlette.testclient import TestClient

    from ui import web_session

    client = TestClient(Starlette(routes=web_session.session_routes()))
    code = web_session.HANDOFFS.create("route-token")
    response = client.post(ROUTE, content=code)
    assert response.status_code == 204
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE_NAME}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert f"Max-Age={web_session.COOKIE_TTL_S}" in cookie and "Path=/" in cookie
    assert web_session.SIGNER.read(client.cookies[COOKIE_NAME]) == "route-token"
    assert client.post(ROUTE, content=code).status_code == 403  # spent
    assert client.post(ROUTE, content="x" * 500).status_code == 403
    deleted = client.delete(ROUTE)
    assert deleted.status_code == 204 and "Max-Age=0" in deleted.headers["set-cookie"]
    assert client.get(ROUTE).status_code == 405
