"""Sign-in for the dashboard: the login page, the session, and the per-page permission guard.

Every page starts with ``user = require(Permission.X)``. The check runs on the server for every
script run: hiding a navigation link is a convenience, never the protection. The browser session
holds only an opaque token (``SESSION_KEY``); the user and role behind it come from the
``Authenticator`` (engine/auth.py), which re-reads the role from ``users.toml`` each time.
"""

from __future__ import annotations

import streamlit as st

from engine.auth import (DEMO_ACCOUNTS, DEMO_PASSWORD, AuthError, Authenticator, Permission, Role,
                         User, UserStore)
from ui.state import engine_for_home, lextrace_home

SESSION_KEY = "lextrace_session_token"

ROLE_LABELS: dict[Role, str] = {
    Role.PARALEGAL: "律师助理 Paralegal",
    Role.LEAD: "主办律师 Lead",
    Role.ADMIN: "管理员 Admin",
}
PERMISSION_LABELS: dict[Permission, str] = {
    Permission.ASK: "问答 ask",
    Permission.VIEW_DOCUMENTS: "查看文件 view documents",
    Permission.UPLOAD: "上传文件 upload",
    Permission.DELETE_DOCUMENTS: "删除文件 delete documents",
    Permission.UNMASK_PII: "查看个人信息 unmask personal data",
    Permission.VIEW_AUDIT: "查看审计 view audit",
    Permission.RUN_BENCHMARK: "运行评测 run benchmarks",
}


@st.cache_resource(show_spinner=False)
def _authenticator(home: str) -> Authenticator:
    # One per server: the throttle and the sessions must be shared by every browser session.
    store = UserStore.for_home(home)
    store.ensure_demo_accounts()
    return Authenticator(store, audit=getattr(engine_for_home(home), "audit", None))


def get_authenticator() -> Authenticator:
    return _authenticator(lextrace_home())


def current_user() -> User | None:
    return get_authenticator().user_for(st.session_state.get(SESSION_KEY))


def can(permission: Permission) -> bool:
    user = current_user()
    return user is not None and user.can(permission)


def require(permission: Permission) -> User:
    """The signed-in user when their role has ``permission``; otherwise a message and st.stop()."""
    user = current_user()
    if user is None:  # e.g. a page URL opened before app.py ran once in this server process
        st.warning("请先登录 (please sign in)")
        login_page()
        st.stop()
    if not user.can(permission):
        st.error(f"无权访问：需要「{PERMISSION_LABELS[permission]}」权限，当前角色为"
                 f"「{ROLE_LABELS[user.role]}」。(Access denied: your role lacks this permission.)")
        st.stop()
    return user


def _demo_accounts_active(auth: Authenticator) -> bool:
    users = auth.store.users()
    return any(name in users and users[name].must_change for name, _ in DEMO_ACCOUNTS)


def login_page() -> None:
    """The only page before sign-in."""
    auth = get_authenticator()
    st.title("⚖️ LexTrace")
    st.caption("可核验的法律案件材料问答 · Verifiable answers over legal case material")
    if not auth.store.users():
        st.warning("还没有任何账号：用 `python -m engine users add 用户名 --role admin` 添加。"
                   "(No accounts yet: add one with the users command.)")
    elif _demo_accounts_active(auth):
        st.info(f"首次安装：演示账号 {' / '.join(n for n, _ in DEMO_ACCOUNTS)}，密码 `{DEMO_PASSWORD}`。"
                f"登录后请立即修改密码（或用 `python -m engine users passwd 用户名`）。 "
                f"(Fresh install: demo accounts with a published password — change them.)")
    with st.form("login", clear_on_submit=True):
        name = st.text_input("用户名 User name", key="login_name")
        password = st.text_input("密码 Password", type="password", key="login_password")
        submitted = st.form_submit_button("登录 Sign in", type="primary")
    if submitted:
        result = auth.login(name, password)
        if result.ok:
            st.session_state[SESSION_KEY] = result.token
            st.rerun()
        st.error(result.message)


def sign_out() -> None:
    get_authenticator().logout(st.session_state.pop(SESSION_KEY, None))


def account_panel(user: User) -> None:
    """Sidebar: who is signed in, the password form, sign out."""
    st.markdown(f"**{user.name}** · {ROLE_LABELS[user.role]}")
    if st.session_state.pop("password_changed", False):
        st.success("密码已修改 (password changed)")
    if user.must_change:
        st.warning("请修改初始密码 (change the initial password)")
    with st.expander("修改密码 Change password", expanded=user.must_change):
        with st.form("change_password", clear_on_submit=True):
            old = st.text_input("当前密码 Current", type="password", key="password_old")
            new = st.text_input("新密码 New", type="password", key="password_new")
            repeat = st.text_input("再输一次 Repeat", type="password", key="password_repeat")
            submitted = st.form_submit_button("保存 Save")
        if submitted:
            if new != repeat:
                st.error("两次输入的新密码不一致 (the new passwords differ)")
            else:
                try:
                    get_authenticator().change_password(st.session_state.get(SESSION_KEY), old, new)
                except AuthError as exc:
                    st.error(str(exc))
                else:
                    st.session_state["password_changed"] = True
                    st.rerun()  # the must-change warnings read the updated account
    st.button("退出登录 Sign out", on_click=sign_out, key="sign_out")
