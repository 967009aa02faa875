"""Shared fixtures for the dashboard tests (``tests/ui``; Streamlit ``AppTest``, marker ``ui``).

``ui_home`` (session)
    A temporary LEXTRACE_HOME with the demo corpus (data/demo) ingested once, OCR off, through
    the very Engine the app uses: ``ui.state.engine_for_home`` is an ``st.cache_resource``, and
    AppTest runs scripts in this process, so every AppTest of the session shares that Engine (and
    one Chroma client per path). Its ``users.toml`` holds one account per role, ``USERS[role]``,
    all with password ``PASSWORD`` (cheap scrypt parameters to keep logins fast), so no demo
    accounts are created. Returns ``UiHome(path, engine, users, password)``.

``app`` (function)
    Points ``LEXTRACE_HOME`` at ``ui_home`` for the test and returns a factory::

        at = app()                                   # app.py, not signed in: the login page
        at = app(Role.PARALEGAL)                     # signed in through the login form
        at = app(Role.ADMIN, "pages/documents.py")   # ...and switched to that page

    The script is ``tests/ui/app_entry.py``, which runs ``app.py`` (its docstring says why); use
    ``switch_page(at, "pages/x.py")`` rather than ``at.switch_page`` to move between pages.

    Each call is a fresh browser session (its own ``AppTest`` and session state), already run.
    The sidebar (status, account, password form) is there on every run: look at ``at.main``
    (e.g. ``at.main.expander``) when only the page's own elements matter.

Helpers (import from ``tests.ui.conftest``)
    ``switch_page(at, page)`` switches to a page (path relative to the repo) and runs;
    ``login(at, name, password)`` fills and submits the login form and reruns;
    ``texts(at, "error")`` the values of one element type (error, warning, info, success,
    markdown, caption, header, subheader, code, html ...) on the whole page, sidebar included;
    ``all_text(at)`` everything readable, joined, for ``in`` checks;
    ``keys(at)`` the keys of every element in the tree, including ones AppTest cannot inspect
    (custom components such as the PDF viewer appear as ``UnknownElement`` with their key);
    ``page_run(page_file, session_from=at)`` runs one page script alone (``AppTest.from_file``),
    carrying another AppTest's session token over: the same signed-in browser forcing a URL,
    without the navigation in between, which is how the guard tests reach a page directly.

Tests that add documents to the shared corpus must delete them again: other tests count the
demo corpus. Failed-login tests should use names nobody else logs in with (the login throttle is
per server, i.e. per test session).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from streamlit.testing.v1 import AppTest

from engine.auth import Role, ScryptParams, UserStore
from engine.engine import Engine
from tests.retrieve.conftest import demo_files

REPO = Path(__file__).resolve().parents[2]
APP = Path(__file__).resolve().with_name("app_entry.py")  # runs REPO/app.py (see its docstring)
PASSWORD = "ui-test-password"
USERS: dict[Role, str] = {Role.PARALEGAL: "test-paralegal", Role.LEAD: "test-lead",
                          Role.ADMIN: "test-admin"}
TIMEOUT_S = 120  # the first run of a session may build the searcher


@dataclass
class UiHome:
    path: Path
    engine: Engine
    users: dict[Role, str]
    password: str


@pytest.fixture(scope="session")
def ui_home(tmp_path_factory) -> UiHome:
    from ui.state import engine_for_home

    home = tmp_path_factory.mktemp("ui-home").resolve()
    store = UserStore.for_home(home, params=ScryptParams(n=2 ** 10))
    for role, name in USERS.items():
        store.add(name, PASSWORD, role)
    with pytest.MonkeyPatch.context() as env:  # read once, when the Engine loads its settings
        env.setenv("LEXTRACE_HOME", str(home))
        env.setenv("LEXTRACE_INGEST__OCR", "off")
        engine = engine_for_home(str(home))
    result = engine.ingest(demo_files())
    assert result.ok, result.to_dict()
    return UiHome(path=home, engine=engine, users=dict(USERS), password=PASSWORD)


def login(at: AppTest, name: str, password: str) -> AppTest:
    from ui.auth import LOGIN_SUBMIT_KEY

    at.text_input(key="login_name").input(name)
    at.text_input(key="login_password").input(password)
    at.button(key=LOGIN_SUBMIT_KEY).click()
    return at.run()


@pytest.fixture
def app(ui_home, monkeypatch) -> Callable[..., AppTest]:
    monkeypatch.setenv("LEXTRACE_HOME", str(ui_home.path))

    def open_app(role: Role | None = None, page: str | None = None) -> AppTest:
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT_S).run()
        if role is not None:
            login(at, ui_home.users[role], ui_home.password)
            assert not at.exception, at.exception
        if page is not None:
            switch_page(at, page)
        return at

    return open_app


def switch_page(at: AppTest, page: str) -> AppTest:
    """``at.switch_page`` for a page given relative to the repository (e.g. "pages/ask.py")."""
    return at.switch_page(os.path.relpath(REPO / page, APP.parent)).run()


def page_run(page: str, session_from: AppTest) -> AppTest:
    """Run one page script alone in the browser session of ``session_from``."""
    from ui.auth import SESSION_KEY

    at = AppTest.from_file(str(REPO / page), default_timeout=TIMEOUT_S)
    if SESSION_KEY in session_from.session_state:
        at.session_state[SESSION_KEY] = session_from.session_state[SESSION_KEY]
    return at.run()


_TEXT_ELEMENTS = ("title", "header", "subheader", "markdown", "caption", "text", "code", "info",
                  "success", "warning", "error", "exception", "html")


def texts(at: AppTest, element: str) -> list[str]:
    return [str(e.value) for e in getattr(at, element)]


_CODE_BLOCKS = re.compile(r"<(script|style)\b.*?</\1>", re.S)


def all_text(at: AppTest) -> str:
    """Everything a person can read on the page (html without its scripts and styles)."""
    return "\n".join(_CODE_BLOCKS.sub("", v) for element in _TEXT_ELEMENTS for v in texts(at, element))


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def keys(at: AppTest) -> set[str]:
    return {k for root in (at.main, at.sidebar) for node in _walk(root)
            if isinstance(k := getattr(node, "key", None), str)}


@pytest.fixture(autouse=True)
def _apptest_scratch_dir():
    """AppTest writes scripts into one module-level TemporaryDirectory for the whole session. In a
    CI run that directory was once gone mid-session (FileNotFoundError in AppTest.from_string):
    a TemporaryDirectory's cleanup also runs at exit in any child process forked from pytest.
    Recreating it is harmless and keeps a vanished scratch dir from failing unrelated tests."""
    from streamlit.testing.v1 import app_test

    Path(app_test.TMP_DIR.name).mkdir(parents=True, exist_ok=True)
    yield


# -- everything a person can read, for scans (test_internal_text.py) ------------------------------------
def _chart_strings(node) -> list[str]:
    """Titles, axis and legend titles and the string values of a chart's data (axis labels,
    legend entries, tooltips come from those)."""
    import io

    import pyarrow as pa

    spec = json.loads(node.proto.spec)
    found: list[str] = []

    def walk_spec(value) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("title", "subtitle", "text") and isinstance(item, (str, list)):
                    found.extend([item] if isinstance(item, str) else [str(i) for i in item])
                elif key == "values" and isinstance(item, list):
                    found.extend(str(v) for row in item for v in (row.values() if isinstance(row, dict) else [row]))
                else:
                    walk_spec(item)
        elif isinstance(value, list):
            for item in value:
                walk_spec(item)

    walk_spec(spec)
    frames = [pa.ipc.open_stream(io.BytesIO(d.data.data)).read_pandas() for d in node.proto.datasets]
    if node.proto.data.data:
        frames.append(pa.ipc.open_stream(io.BytesIO(node.proto.data.data)).read_pandas())
    for frame in frames:  # a null in the data is no text on the chart; a string is a label
        found.extend(v for column in frame.columns if frame[column].dtype == object
                     for v in frame[column].tolist() if isinstance(v, str))
    return found


# Elements whose value is what the person reads; a selection widget's value is the option behind
# its label (a path, an id), and its labels are its options.
_SHOWN_VALUES = ("Markdown", "Caption", "Text", "Code", "Info", "Warning", "Error", "Success", "Exception",
                 "Title", "Header", "Subheader", "Divider", "Latex", "TextInput", "TextArea", "Metric", "Toast",
                 "Json", "Html")


def visible_strings(at: AppTest) -> list[str]:
    """Every string the page shows, sidebar included: text and markdown, widget labels, help,
    options and values, expander, tab and status labels, table headers and cells, chart titles,
    axes and data labels, JSON shown, toasts."""
    found: list[str] = []
    for root in (at.main, at.sidebar):
        for node in _walk(root):
            kind = getattr(node, "type", None)
            if kind == "vega_lite_chart" or type(node).__name__ == "VegaLiteChart":
                found += _chart_strings(node)
                continue
            if kind == "arrow_data_frame" or type(node).__name__ == "Dataframe":
                frame = node.value
                found += [str(c) for c in frame.columns] + [str(v) for v in frame.to_numpy().ravel()]
                continue
            for attribute in ("label", "help", "placeholder", "body"):
                value = getattr(node, attribute, None)
                if isinstance(value, str):
                    found.append(_CODE_BLOCKS.sub("", value))
            if type(node).__name__ in _SHOWN_VALUES or kind in ("markdown", "html", "json"):
                try:
                    value = getattr(node, "value", None)
                except Exception:  # noqa: BLE001 — some elements have no value to read
                    value = None
                if isinstance(value, str):
                    found.append(_CODE_BLOCKS.sub("", value))  # scripts and styles are not read
            if kind == "json" or type(node).__name__ == "Json":
                found.append(node.proto.body)
            options = getattr(node, "options", None)
            if isinstance(options, (list, tuple)):
                found += [str(o) for o in options]
    return found
