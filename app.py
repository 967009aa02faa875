"""LexTrace dashboard entry point: sign-in, navigation per role, and the sidebar status.

Pages stay thin and each one checks its own permission (ui.auth.require) on every run; the
navigation below only decides which links a role sees.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from engine.auth import Permission, User
from ui.auth import account_panel, change_password_page, current_user, login_page
from ui.components import error_boundary
from ui.labels import english_toggle, label
from ui.state import get_engine

APP_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class PageSpec:
    path: str  # relative to this file; pages are listed only once their file exists
    title: tuple[str, str]  # (Chinese, English): ui/labels.py
    icon: str
    permission: Permission


PAGES = (
    PageSpec("pages/ask.py", ("问答", "Ask"), "💬", Permission.ASK),
    PageSpec("pages/documents.py", ("文件", "Documents"), "📄", Permission.VIEW_DOCUMENTS),
    PageSpec("pages/summary.py", ("摘要", "Summary"), "📝", Permission.VIEW_DOCUMENTS),
    PageSpec("pages/facts.py", ("事实", "Facts"), "🧾", Permission.VIEW_DOCUMENTS),
    PageSpec("pages/benchmark.py", ("评测", "Benchmark"), "📊", Permission.RUN_BENCHMARK),
    PageSpec("pages/audit.py", ("审计", "Audit"), "🔏", Permission.VIEW_AUDIT),
)


def pages_for(user: User) -> list[st.Page]:
    """The pages this role may open; the first one (Ask when it exists) is the default."""
    specs = [s for s in PAGES if (APP_DIR / s.path).is_file() and user.can(s.permission)]
    return [st.Page(APP_DIR / s.path, title=label(*s.title), icon=s.icon, default=(i == 0))
            for i, s in enumerate(specs)]


def sidebar_status() -> None:
    status = get_engine().status()
    st.caption(f"{label('语料', 'Corpus')}：{status['documents']} 份文件 · {status['chunks']} 个片段")
    st.caption(f"{label('向量模型', 'Embedding')}：{status['embedding_model']}")
    fallback = status.get("reranker_fallback_reason")
    st.caption(f"{label('重排序', 'Reranker')}：{status['reranker']}" + (" ⚠️" if fallback else ""),
               help=fallback or "FlashRank cross-encoder")
    llm = status["llm"]
    st.caption(f"{label('大模型', 'LLM')}：{label('开启', 'on')} · {llm}" if llm else
               f"{label('大模型', 'LLM')}：{label('关闭（确定性撰写）', 'off (deterministic composer)')}")
    english_toggle()


st.set_page_config(page_title="LexTrace", page_icon="⚖️", layout="wide")

user = current_user()
if user is None:
    st.navigation([st.Page(login_page, title=label("登录", "Sign in"), icon="🔐")], position="hidden").run()
    st.stop()
if user.must_change:  # a default password: that page only (every page's require() refuses it too)
    st.navigation([st.Page(change_password_page, title=label("修改密码", "Change password"), icon="🔑")],
                  position="hidden").run()
    st.stop()

pages = pages_for(user)
navigation = st.navigation(pages) if pages else None
with st.sidebar:
    st.markdown("### ⚖️ LexTrace")
    with error_boundary(label("读取状态", "Reading the status")):
        sidebar_status()
    st.divider()
    account_panel(user)

if navigation is None:
    st.error(label("此角色没有可打开的页面", "no page is available to this role"))
    st.stop()
with error_boundary(label("页面", "Page")):
    navigation.run()
