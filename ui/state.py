"""One Engine per home for the whole Streamlit server (models, Chroma client, BM25 load once)."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from engine import AuditLogDamaged, Engine
from ui.components import escape_markdown


def lextrace_home() -> str:
    """The home this server works in: ``$LEXTRACE_HOME``, else ``./.lextrace`` (absolute)."""
    return str(Path(os.environ.get("LEXTRACE_HOME", ".lextrace")).resolve())


@st.cache_resource(show_spinner="加载索引 Loading the index…")
def engine_for_home(home: str) -> Engine:
    return Engine(home)


def get_engine() -> Engine:
    """The home's Engine. A home whose audit log is missing or damaged opens nothing: the page
    shows what to restore and stops (engine.audit.AuditLogDamaged), never a fresh log."""
    try:
        return engine_for_home(lextrace_home())
    except AuditLogDamaged as exc:
        st.error(escape_markdown(str(exc)))
        st.stop()
