"""No page shows a person who is not an admin the project's internals: a report's raw metric keys,
Python's ``None``, an issue number, a file path, a commit marked ``+dirty``, English error glosses
— scanned over the whole AppTest element tree (text, labels, help, options, table headers and
cells, chart titles, axes and data labels; tests.ui.conftest.visible_strings), on every page,
with the figures the repository publishes (docs/bench) and an answer on screen."""

from __future__ import annotations

import glob
import json
import re
from pathlib import Path

import pytest

from engine.auth import Role
from tests.ui.conftest import REPO, visible_strings

pytestmark = pytest.mark.ui

ISSUE = re.compile(r"(?<!&)#\d+|\bissue\b", re.IGNORECASE)  # &#95; is an escaped underscore
PATH = re.compile(r"(?:^|[\s(`'\"：:])(?:/|\.{1,2}/|~/)[\w.-]+(?:/[\w.-]+)+"  # /work/…, ./x/y
                  r"|\b[\w.-]+/[\w.-]+\.(?:py|json|jsonl|md|sqlite|toml)\b|docs/bench|\.bench/")
NONE = re.compile(r"\bNone\b|\bnan\b|\bNaN\b")
STATUS = re.compile(r"\b(?:needs_review|not_found|expect answered)\b")  # answer statuses as the engine writes them
PAGES = ("pages/ask.py", "pages/documents.py", "pages/summary.py", "pages/facts.py", "pages/benchmark.py")


def report_keys() -> set[str]:
    """Every metric, timing and per-category key the published reports hold (the words a page
    must never show raw). Single short words shared with plain English (n, k, em, f1) are left to
    the label tests; a key with an underscore or an @ can only be a key."""
    keys: set[str] = set()
    for path in glob.glob(str(REPO / "docs" / "bench" / "*.json")):
        data = json.loads(Path(path).read_text("utf-8"))
        for suite in (data.get("suites") or {}).values():
            keys |= set(suite.get("metrics") or {}) | set(suite.get("timings") or {})
            for row in (suite.get("per_category") or {}).values():
                keys |= set(row)
        for run in data.get("runs") or []:
            keys |= set(run.get("metrics") or {})
        for mode in (data.get("modes") or {}).values():
            keys |= set(mode.get("metrics", mode) if isinstance(mode, dict) else {})
    return {k for k in keys if "_" in k or "@" in k}


def problems(strings: list[str], keys: set[str]) -> list[str]:
    found = []
    for text in strings:
        for key in keys:
            if re.search(rf"(?<![\w@]){re.escape(key)}(?![\w@])", text):
                found.append(f"raw key {key!r} in {text[:80]!r}")
        for name, pattern in (("None", NONE), ("issue", ISSUE), ("path", PATH), ("status", STATUS)):
            if pattern.search(text):
                found.append(f"{name} in {text[:120]!r}")
        if "+dirty" in text:
            found.append(f"+dirty in {text[:80]!r}")
    return found


@pytest.fixture(scope="module")
def keys() -> set[str]:
    found = report_keys()
    assert {"verdict_right", "abstain_or_gap", "char_recall", "ask_ms_p50"} <= found  # the scan has teeth
    return found


@pytest.mark.parametrize("page", PAGES)
def test_no_page_shows_internals_to_a_paralegal(app, keys, page):
    at = app(Role.PARALEGAL, page)
    assert not at.exception, at.exception
    if page == "pages/ask.py":  # an answer with a conflict on screen
        at.text_input(key="ask.question").input("陈晓梅前后一共转给你多少钱？")
        at.button(key="FormSubmitter:ask.form-提问").click().run()
    strings = visible_strings(at)
    assert len(strings) > 20  # the scan read the page
    assert problems(strings, keys) == []


def test_the_audit_page_shows_no_internals_to_a_lead(app, keys, ui_home):
    ui_home.engine.ask("陈晓梅前后一共转给你多少钱？", user=ui_home.users[Role.LEAD])
    at = app(Role.LEAD, "pages/audit.py")
    assert not at.exception, at.exception
    assert problems(visible_strings(at), keys) == []


def test_an_admin_sees_where_the_figures_come_from(app, keys):
    """The details expander: files, commands and the commits, for admins only."""
    at = app(Role.ADMIN, "pages/benchmark.py")
    strings = "\n".join(visible_strings(at))
    assert "docs/bench" in strings and "python -m engine bench" in strings


def test_the_scan_finds_what_it_looks_for(keys):
    assert problems(["accuracy_3way 0.7", "值 None", "(issue #12)", "docs/bench/answers.json", "f805c1e+dirty",
                     "代码 /work/wt-dash/.bench/demo", "expect not_found"], keys)
    assert problems(["expect answered 9"], keys)  # a status as the engine writes it
    assert len(problems(["accuracy_3way 0.7"], keys)) == 1
    assert problems(["三分类正确率 69.8 %", "目标 ≥ 70 %：未达标", "2026-11-26 15:17", "E1 · 第3页"], keys) == []
