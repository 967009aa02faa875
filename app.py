"""LexTrace dashboard entry point: sign-in, navigation per role, and the sidebar status.

Pages stay thin and each one checks its own permission (ui.auth.require) on every run; the
navigation below only decides which links a role sees.

Every page's address is known to every navigation: before sign-in each one shows the sign-in
form (and after it the page asked for opens), and a page the role may not open sends the user to
the first page it may. So a reload, a typed or a shared URL never meets Streamlit's "Page not
found". A reload keeps the sign-in through a server-set cookie (ui/web_session.py): when
``streamlit run app.py`` imports this file as its web app (no script is running then), it is an
``st.App`` with that cookie's route; when Streamlit runs it as the page script, it draws the app.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

APP_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class PageSpec:
    path: str  # relative to this file; pages are listed only once their file exists
    url_path: str  # the page's address (/audit): the same whoever is signed in
    title: tuple[str, str]  # (Chinese, English): ui/labels.py
    icon: str
    permission: str  # an engine.auth.Permission value


PAGES = (
    PageSpec("pages/ask.py", "ask", ("问答", "Ask"), "💬", "ask"),
    PageSpec("pages/documents.py", "documents", ("文件", "Documents"), "📄", "view_documents"),
    PageSpec("pages/summary.py", "summary", ("摘要", "Summary"), "📝", "view_documents"),
    PageSpec("pages/facts.py", "facts", ("事实", "Facts"), "🧾", "view_documents"),
    PageSpec("pages/benchmark.py", "benchmark", ("评测", "Benchmark"), "📊", "run_benchmark"),
    PageSpec("pages/audit.py", "audit", ("审计", "Audit"), "🔏", "view_audit"),
)
REFUSED_KEY = "nav.refused"
# Room for the work at 1280 px: a narrower sidebar and less side padding than Streamlit's wide
# layout (5 rem a side), so the answer and the cited page fit side by side.
SHELL_CSS = """<style>
[data-testid="stSidebar"] { width: 15rem !important; min-width: 15rem !important; }
[data-testid="stMainBlockContainer"] { padding: 3rem 2rem 4rem 2rem; }
[data-testid="stDateInput"] input::placeholder { color: transparent; }  /* "YYYY/MM/DD": empty means any */
</style>"""  # the title of a page this role asked for and may not open


def existing_specs() -> list[PageSpec]:
    return [s for s in PAGES if (APP_DIR / s.path).is_file()]


def every_address(page: Callable[[], None], title: str, icon: str) -> list:
    """``page`` as the default and under every page's address, hidden: whatever URL a browser
    opens before sign-in (or before the password change), it gets this page, never a 404."""
    return [st.Page(page, title=title, icon=icon, default=True)] + [
        st.Page(page, title=title, icon=icon, url_path=s.url_path, visibility="hidden")
        for s in existing_specs()]


def pages_for(user) -> list:
    """The pages this role may open (the first, Ask when it exists, is the default), then every
    other page's address, hidden, leading to the default page."""
    from engine.auth import Permission
    from ui.labels import label

    allowed = [s for s in existing_specs() if user.can(Permission(s.permission))]
    pages = [st.Page(APP_DIR / s.path, title=label(*s.title), icon=s.icon, url_path=s.url_path,
                     default=(i == 0)) for i, s in enumerate(allowed)]
    if not pages:
        return []
    home = pages[0]

    def refused(spec: PageSpec) -> Callable[[], None]:
        def go_home() -> None:
            st.session_state[REFUSED_KEY] = label(*spec.title)
            st.switch_page(home)
        go_home.__name__ = f"refused_{spec.url_path}"
        return go_home

    return pages + [st.Page(refused(s), title=label(*s.title), icon=s.icon, url_path=s.url_path,
                            visibility="hidden") for s in existing_specs() if s not in allowed]


def sidebar_status(user) -> None:
    """What the corpus holds, for everyone; which models run and any fallback, for admins."""
    from engine.auth import Role
    from ui.labels import english_toggle, label
    from ui.state import get_engine

    status = get_engine().status()
    st.caption(f"{label('语料', 'Corpus')}：{status['documents']} 份文件 · {status['chunks']} 个片段")
    st.caption(f"{label('撰写', 'Answers by')}：" + (label("大模型", "LLM") if status["llm"]
                                                      else label("确定性撰写", "deterministic composer")))
    if user.role is Role.ADMIN:
        with st.expander(label("系统（管理员）", "System (admin)")):
            st.caption(f"{label('向量模型', 'Embedding')}：{status['embedding_model']}")
            fallback = status.get("reranker_fallback_reason")
            st.caption(f"{label('重排序', 'Reranker')}：{status['reranker']}"
                       + (f"（{label('后备', 'fallback')}：{fallback}）" if fallback else ""))
            if status["llm"]:
                st.caption(f"{label('大模型', 'LLM')}：{status['llm']}")
    english_toggle()


def main() -> None:
    from ui.auth import (account_panel, change_password_page, current_user, login_page, restore_session,
                         sync_cookie)
    from ui.components import error_boundary
    from ui.labels import label

    st.set_page_config(page_title="LexTrace", page_icon="⚖️", layout="wide")
    st.html(SHELL_CSS)
    restore_session()
    user = current_user()
    if user is None:
        st.navigation(every_address(login_page, label("登录", "Sign in"), "🔐"), position="hidden").run()
        sync_cookie()
        st.stop()
    sync_cookie()
    if user.must_change:  # a default password: that page only (every page's require() refuses it too)
        st.navigation(every_address(change_password_page, label("修改密码", "Change password"), "🔑"),
                      position="hidden").run()
        st.stop()

    pages = pages_for(user)
    navigation = st.navigation(pages) if pages else None
    with st.sidebar:
        st.markdown("### ⚖️ LexTrace")
        with error_boundary(label("读取状态", "Reading the status")):
            sidebar_status(user)
        st.divider()
        account_panel(user)

    if navigation is None:
        st.error(label("此角色没有可打开的页面", "no page is available to this role"))
        st.stop()
    refused = st.session_state.pop(REFUSED_KEY, None)
    if refused:
        st.toast(label(f"当前角色不能打开「{refused}」，已转到首页", "that page is not open to your role"), icon="🔒")
    with error_boundary(label("页面", "Page")):
        navigation.run()


if get_script_run_ctx(suppress_warning=True) is None:
    # Imported by ``streamlit run app.py`` (or any ASGI server) as the web app: Streamlit's own
    # server, this file as its script, plus the reload cookie's route.
    from streamlit.runtime.pages_manager import PagesManager

    from ui.web_session import session_routes

    # Streamlit decides once per process, on its first session, whether a pages/ folder beside the
    # main script means its old automatic navigation; until app.py has called st.navigation once,
    # a first request for /audit would run pages/audit.py on its own, with a sidebar of file names.
    # This app always navigates with st.navigation: say so before any session starts.
    PagesManager.uses_pages_directory = False
    app = st.App(__file__, routes=session_routes())
else:
    main()
