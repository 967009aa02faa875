"""Sign-in for the dashboard: the login page, the session, and the per-page permission guard.

Every page starts with ``user = require(Permission.X)``. The check runs on the server for every
script run: hiding a navigation link is a convenience, never the protection. The browser session
holds only an opaque token (``SESSION_KEY``); the user and role behind it come from the
``Authenticator`` (engine/auth.py), which re-reads the role from ``users.toml`` each time. A session
signed in with a default password gets the change-password page from ``require`` and nothing
else (``User.can`` is False for it), whichever page it asks for.

Showing personal data unmasked is an audited event on every page: ``record_unmask`` writes it,
once per browser session and what is shown.
"""

from __future__ import annotations

import streamlit as st

from engine import (DEMO_ACCOUNTS, MUST_CHANGE, UNKNOWN_ADDRESS, AuthError, Authenticator, Permission, Role,
                    User, UserStore, resolve_client_address)
from ui.components import escape_markdown
from ui.labels import chinese_text, label, named
from ui.state import engine_for_home, get_engine, lextrace_home
from ui.web_session import COOKIE_NAME, HANDOFFS, SIGNER, delete_cookie_script, post_code_script, route_path

SESSION_KEY = "lextrace_session_token"
PASSWORD_FORM_KEY = "account.password_form_open"
UNMASK_AUDITED_KEY = "pii.unmask_audited"  # (view, subject) pairs this session has audited
# The reload cookie (ui/web_session.py): whether this browser session has looked for it, the
# hand-off code still to post after a sign-in, and a cookie to delete after a sign-out.
COOKIE_CHECKED_KEY = "session.cookie_checked"
COOKIE_CODE_KEY = "session.cookie_code"
COOKIE_DELETE_KEY = "session.cookie_delete"

# Shown through ui.labels.named, never as the raw enum value; keyed by that value.
USER_ROLE_NAMES: dict[str, tuple[str, str]] = {
    Role.PARALEGAL.value: ("律师助理", "Paralegal"),
    Role.LEAD.value: ("主办律师", "Lead"),
    Role.ADMIN.value: ("管理员", "Admin"),
}
PERMISSION_NAMES: dict[str, tuple[str, str]] = {
    Permission.ASK.value: ("问答", "ask"),
    Permission.VIEW_DOCUMENTS.value: ("查看文件", "view documents"),
    Permission.UPLOAD.value: ("上传文件", "upload"),
    Permission.DELETE_DOCUMENTS.value: ("删除文件", "delete documents"),
    Permission.UNMASK_PII.value: ("查看个人信息", "unmask personal data"),
    Permission.VIEW_AUDIT.value: ("查看审计", "view audit"),
    Permission.RUN_BENCHMARK.value: ("运行评测", "run benchmarks"),
}
LOGIN_SUBMIT_KEY = "login_submit"  # widget keys stay the same whichever language the labels are in


@st.cache_resource(show_spinner=False)
def _authenticator(home: str) -> Authenticator:
    # One per server: the throttle and the sessions must be shared by every browser session.
    store = UserStore.for_home(home)
    store.ensure_demo_accounts()
    return Authenticator(store, audit=getattr(engine_for_home(home), "audit", None))


def get_authenticator() -> Authenticator:
    get_engine()  # a damaged audit log stops the page here, with its message, before any sign-in
    return _authenticator(lextrace_home())


def current_user() -> User | None:
    return get_authenticator().user_for(st.session_state.get(SESSION_KEY))


def restore_session() -> None:
    """A new browser session (a reload, a typed URL, another tab) continues the sign-in its
    cookie names, when the cookie is genuine and unexpired and the server still knows the
    session. Looked at once per browser session, before anything else runs."""
    if st.session_state.get(COOKIE_CHECKED_KEY) or SESSION_KEY in st.session_state:
        return
    st.session_state[COOKIE_CHECKED_KEY] = True
    token = SIGNER.read(session_cookie())
    if token is not None and get_authenticator().user_for(token) is not None:
        st.session_state[SESSION_KEY] = token


def session_cookie() -> str | None:
    """The reload cookie the browser sent with this session's websocket, if any."""
    try:
        return st.context.cookies.get(COOKIE_NAME)
    except Exception:  # noqa: BLE001 — no request context (tests, scripts): no cookie
        return None


def start_session(token: str) -> None:
    """A sign-in starts clean: nothing of an earlier user (an expired session that was never
    signed out) survives in this browser session; the cookie hand-off is queued."""
    st.session_state.clear()
    st.session_state[COOKIE_CHECKED_KEY] = True
    st.session_state[SESSION_KEY] = token
    st.session_state[COOKIE_CODE_KEY] = HANDOFFS.create(token)


def sync_cookie() -> None:
    """Post the pending hand-off code (after a sign-in) or delete the cookie (after a sign-out):
    a few lines of script, drawn until the code is spent."""
    path = route_path(st.get_option("server.baseUrlPath"))
    code = st.session_state.get(COOKIE_CODE_KEY)
    if code is not None:
        if HANDOFFS.pending(code):
            st.html(post_code_script(path, code), unsafe_allow_javascript=True)
        else:
            del st.session_state[COOKIE_CODE_KEY]
    if st.session_state.pop(COOKIE_DELETE_KEY, False):
        st.html(delete_cookie_script(path), unsafe_allow_javascript=True)


def can(permission: Permission) -> bool:
    user = current_user()
    return user is not None and user.can(permission)


def require(permission: Permission) -> User:
    """The signed-in user when their role has ``permission``; otherwise a message and st.stop().
    A session with a default password gets the change-password form instead of any page."""
    user = current_user()
    if user is None:  # e.g. a page URL opened before app.py ran once in this server process
        st.warning(label("请先登录", "(please sign in)"))
        login_page()
        st.stop()
    if user.must_change:
        change_password_page()
        st.stop()
    if not user.can(permission):
        st.error(label(f"无权访问：需要「{named(PERMISSION_NAMES, permission)}」权限，当前角色为"
                       f"「{named(USER_ROLE_NAMES, user.role)}」。",
                       "(Access denied: your role lacks this permission.)"))
        st.stop()
    return user


def _demo_accounts_active(auth: Authenticator) -> bool:
    users = auth.store.users()
    return any(name in users and users[name].must_change for name, _ in DEMO_ACCOUNTS)


def client_address() -> str:
    """The browser's address for login throttling and the audit trail (engine.auth.resolve_client_address:
    a connection from this machine is one bucket, X-Forwarded-For counts only with
    ``auth.trust_forwarded_for`` and only from ``auth.trusted_proxies``)."""
    settings = get_engine().settings.auth
    try:
        peer = st.context.ip_address
        forwarded = st.context.headers.get_all("X-Forwarded-For")
    except Exception:  # noqa: BLE001 — no request context (tests, scripts): an unknown address
        return UNKNOWN_ADDRESS
    return resolve_client_address(peer if isinstance(peer, str) else None,
                                  [h for h in forwarded if isinstance(h, str)],
                                  trust_forwarded_for=settings.trust_forwarded_for,
                                  trusted_proxies=settings.trusted_proxies)


def login_page() -> None:
    """The only page before sign-in. It never shows the demo password: a fresh install's
    accounts and their password are in the README, and each must change it at first sign-in."""
    auth = get_authenticator()
    st.title("⚖️ LexTrace")
    st.caption(label("可核验的法律案件材料问答", "· Verifiable answers over legal case material"))
    if not auth.store.users():
        st.warning(label("还没有任何账号：用 `python -m engine users add 用户名 --role admin` 添加。",
                         "(No accounts yet: add one with the users command.)"))
    elif _demo_accounts_active(auth):
        st.info(label("首次安装：已创建演示账号（账号与初始密码见 README），首次登录后须先修改密码才能使用；"
                      "管理员也可用 `python -m engine users passwd 用户名` 设置。",
                      "(Fresh install: demo accounts exist; each must change its password at first sign-in.)"))
    with st.form("login", clear_on_submit=True):
        name = st.text_input(label("用户名", "User name"), key="login_name")
        password = st.text_input(label("密码", "Password"), type="password", key="login_password")
        submitted = st.form_submit_button(label("登录", "Sign in"), type="primary", key=LOGIN_SUBMIT_KEY)
    if submitted:
        result = auth.login(name, password, address=client_address())
        if result.ok:
            start_session(result.token)
            st.rerun()
        st.error(escape_markdown(chinese_text(result.message)))


def sign_out() -> None:
    """End the session on the server and forget everything this browser session held for the
    user — question, answer, toggles, uploads, choices — so the next person starts clean."""
    get_authenticator().logout(st.session_state.get(SESSION_KEY))
    st.session_state.clear()
    st.session_state[COOKIE_CHECKED_KEY] = True  # the cookie still sent names the ended session
    st.session_state[COOKIE_DELETE_KEY] = True


def _password_form(form_key: str) -> bool:
    """Current / new / repeat; True once the password was changed."""
    with st.form(form_key, clear_on_submit=True):
        old = st.text_input(label("当前密码", "Current"), type="password", key=f"{form_key}.old")
        new = st.text_input(label("新密码", "New"), type="password", key=f"{form_key}.new")
        repeat = st.text_input(label("再输一次", "Repeat"), type="password", key=f"{form_key}.repeat")
        submitted = st.form_submit_button(label("保存", "Save"), type="primary", key=f"{form_key}.save")
    if not submitted:
        return False
    if new != repeat:
        st.error(label("两次输入的新密码不一致", "(the new passwords differ)"))
        return False
    try:
        get_authenticator().change_password(st.session_state.get(SESSION_KEY), old, new)
    except AuthError as exc:
        st.error(escape_markdown(chinese_text(str(exc))))
        return False
    st.session_state["password_changed"] = True
    return True


def change_password_page() -> None:
    """The one page of a session that signed in with a default password."""
    user = current_user()
    st.title("🔑 " + label("修改初始密码", "Change the initial password"))
    st.warning(label(MUST_CHANGE[0], f"({MUST_CHANGE[1]})"))
    if user is not None:
        st.caption(f"{label('账号', 'Account')}：**{escape_markdown(user.name)}** · {named(USER_ROLE_NAMES, user.role)}")
    if _password_form("forced_password"):
        st.rerun()  # now every page the role allows opens
    st.button(label("退出登录", "Sign out"), on_click=sign_out, key="forced_sign_out")


def _toggle_password_form() -> None:
    st.session_state[PASSWORD_FORM_KEY] = not st.session_state.get(PASSWORD_FORM_KEY, False)


def account_panel(user: User) -> None:
    """Sidebar: who is signed in, the password form (closed again once used), sign out."""
    st.markdown(f"**{escape_markdown(user.name)}** · {named(USER_ROLE_NAMES, user.role)}")
    if st.session_state.pop("password_changed", False):
        st.success(label("密码已修改", "(password changed)"))
    if st.session_state.get(PASSWORD_FORM_KEY):
        if _password_form("change_password"):
            st.session_state[PASSWORD_FORM_KEY] = False
            st.rerun()
        st.button(label("取消", "Cancel"), on_click=_toggle_password_form, key="password_cancel")
    else:
        st.button(label("修改密码", "Change password"), on_click=_toggle_password_form, key="password_open")
    st.button(label("退出登录", "Sign out"), on_click=sign_out, key="sign_out")


def record_unmask(engine, user: User, view: str, subject: dict) -> bool:
    """Audit that ``user`` is shown personal data unmasked on ``view`` (subject: what is shown,
    e.g. {"doc_ids": [...]}); once per browser session and subject. True when it recorded now."""
    user.ensure(Permission.UNMASK_PII)
    seen = st.session_state.setdefault(UNMASK_AUDITED_KEY, set())
    key = (view, repr(sorted(subject.items())))
    if key in seen:
        return False
    audit = getattr(engine, "audit", None)
    if audit is not None:
        audit.record_event("pii_unmasked", {**subject, "view": view}, user=user.name)
    seen.add(key)
    return True
