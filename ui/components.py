"""Small widgets shared by pages: status badges and errors shown as messages, not tracebacks."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

import streamlit as st

from engine.auth import AuthError
from engine.types import IngestError

log = logging.getLogger(__name__)

# status → (badge colour, label). Ingest statuses and answer statuses share one look.
STATUS_BADGES: dict[str, tuple[str, str]] = {
    "ingested": ("green", "已导入 ingested"),
    "unchanged": ("gray", "未变化 unchanged"),
    "failed": ("red", "失败 failed"),
    "answered": ("green", "已核验 answered"),
    "needs_review": ("orange", "需人工复核 needs review"),
    "not_found": ("gray", "未找到 not found"),
}


def badge_markdown(status: str) -> str:
    """Markdown for a coloured badge, usable inside any st.markdown line."""
    color, label = STATUS_BADGES.get(status, ("gray", status))
    return f":{color}-badge[{label}]"


def status_badge(status: str) -> None:
    st.markdown(badge_markdown(status))


def error_message(exc: BaseException) -> str:
    """What the user reads: our own errors verbatim, anything else named as an internal error."""
    if isinstance(exc, (IngestError, AuthError)):
        return str(exc)
    return f"内部错误 (internal error): {type(exc).__name__}: {exc}"


def show_error(exc: Exception, action: str) -> None:
    """Log the traceback for the operator; show the user one line saying what failed and why."""
    if not isinstance(exc, (IngestError, AuthError)):
        log.exception("%s failed", action)
    st.error(f"{action}失败：{error_message(exc)}")


@contextmanager
def error_boundary(action: str) -> Iterator[None]:
    """Wrap a page body: an exception becomes an st.error line. st.stop()/st.rerun() raise
    BaseExceptions, which pass through untouched."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 — shown and logged, never swallowed silently
        show_error(exc, action)
