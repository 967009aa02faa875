"""One Engine per home for the whole Streamlit server (models, Chroma client, BM25 load once)."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from engine import Engine


@st.cache_resource(show_spinner="加载索引 Loading the index…")
def _engine(home: str) -> Engine:
    return Engine(home)


def get_engine() -> Engine:
    return _engine(str(Path(os.environ.get("LEXTRACE_HOME", ".lextrace")).resolve()))
