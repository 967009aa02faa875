"""The server configuration every role gets (.streamlit/config.toml), read the way Streamlit reads
it: no Deploy button or developer menu, no traceback in the page, an upload cap no smaller than
the engine's file limit."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine.config import LimitSettings

pytestmark = pytest.mark.ui
CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"


def test_toolbar_is_minimal_for_everyone():
    from streamlit import config

    options = tomllib.loads(CONFIG.read_text("utf-8"))
    assert options["client"]["toolbarMode"] == "minimal"
    assert options["client"]["showErrorDetails"] == "none"
    # the values are valid for this Streamlit: parsing the file through its own loader keeps them
    config.get_config_options()
    config._update_config_with_toml(CONFIG.read_text("utf-8"), str(CONFIG))
    assert config.get_option("client.toolbarMode") == "minimal"
    assert config.get_option("client.showErrorDetails") == "none"


def test_the_upload_cap_allows_the_engine_limit():
    options = tomllib.loads(CONFIG.read_text("utf-8"))
    assert options["server"]["maxUploadSize"] * 1024 * 1024 >= LimitSettings().file_bytes
