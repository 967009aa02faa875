"""Small widgets shared by pages: status badges and errors shown as messages, not tracebacks."""

from __future__ import annotations

import html
import logging
import re
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Iterator

import streamlit as st

from engine import AuthError, InputError
from engine.types import IngestError
from ui.labels import STATUS_NAMES, chinese_text, label, named

log = logging.getLogger(__name__)

_MARKDOWN_ENTITIES = {ord(ch): f"&#{ord(ch)};" for ch in "\\`*_[]$~|#"}
# What Markdown finds in plain words, after escaping: GitHub-style autolinks (http://…, www.…,
# name@host) and Streamlit's :emoji:, :material/icon: and :colour[text]. A word joiner (U+2060,
# invisible) splits each trigger; times (10:30) and full-width colons are left alone.
_TEXT_TRIGGERS = re.compile(r"(?<=:)(?=//|[A-Za-z])|(?<=@)(?=\w)|(?<=www)(?=\.)", re.IGNORECASE)
WORD_JOINER = "\u2060"


def escape_markdown(text: object) -> str:
    """Plain text for anything Streamlit renders as Markdown (st.markdown, captions, alerts, widget
    and expander labels): HTML-escaped, no character Markdown or KaTeX would act on, no link,
    image, emoji or colour made from it. Every user name, file name, question, document-derived
    text and error message goes through this before it is rendered."""
    escaped = html.escape(str(text), quote=False).translate(_MARKDOWN_ENTITIES)
    return _TEXT_TRIGGERS.sub(WORD_JOINER, escaped)


# status → badge colour. Ingest statuses and answer statuses share one look; names: ui/labels.py.
STATUS_COLOURS: dict[str, str] = {"ingested": "green", "unchanged": "gray", "failed": "red",
                                  "answered": "green", "needs_review": "orange", "not_found": "gray"}


# An E-id drawn as a mark that opens its evidence: a click finds the card's own button (its key
# gives it the class st-key-<prefix><E-id>) and clicks it (ui/evidence.py EVIDENCE_MARK_SCRIPT).
EVIDENCE_MARK_CLASS = "lx-ev"


def evidence_mark_html(evidence_id: str, button_prefix: str) -> str:
    """``<a class="lx-ev" data-button="ask-open-E1">E1</a>``: the conclusion's marks, the ledger
    table's links and the conflict versions' headers all open evidence this one way."""
    eid = html.escape(evidence_id)
    return (f'<a href="#" class="{EVIDENCE_MARK_CLASS}" data-button="{html.escape(button_prefix)}{eid}" '
            f'title="{label("打开", "open")} {eid}">{eid}</a>')


def badge_markdown(status: str) -> str:
    """Markdown for a coloured badge, usable inside any st.markdown line."""
    return f":{STATUS_COLOURS.get(status, 'gray')}-badge[{named(STATUS_NAMES, status)}]"


def local_time(value: str | datetime | None) -> str:
    """A stored UTC instant in the server's local zone, with its offset: 2026-11-25 20:30:05 +08:00."""
    if value is None or value == "":
        return "—"
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    local = moment.astimezone()
    offset = local.strftime("%z")
    return f"{local:%Y-%m-%d %H:%M:%S} {offset[:3]}:{offset[3:]}"


def local_zone() -> str:
    """The server's zone as shown next to times: UTC+08:00."""
    offset = datetime.now().astimezone().strftime("%z")
    return f"UTC{offset[:3]}:{offset[3:]}"


def status_badge(status: str) -> None:
    st.markdown(badge_markdown(status))


def error_message(exc: BaseException) -> str:
    """What the user reads: our own errors (in Chinese, their English gloss only when English is
    on); anything else is an internal error whose details go to the server log, not the page."""
    if isinstance(exc, (IngestError, AuthError, InputError)):
        return chinese_text(str(exc))
    return label("内部错误（详情已记入服务器日志）", "internal error (details in the server log)")


def show_error(exc: Exception, action: str) -> None:
    """Log the traceback for the operator; show the user one line saying what failed and why."""
    if not isinstance(exc, (IngestError, AuthError, InputError)):
        log.exception("%s failed", action)
    st.error(f"{action}失败：{escape_markdown(error_message(exc))}")


@contextmanager
def error_boundary(action: str) -> Iterator[None]:
    """Wrap a page body: an exception becomes an st.error line. st.stop()/st.rerun() raise
    BaseExceptions, which pass through untouched."""
    try:
        yield
    except Exception as exc:  # noqa: BLE001 — shown and logged, never swallowed silently
        show_error(exc, action)
