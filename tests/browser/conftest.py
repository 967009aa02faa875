"""On a failed browser test, keep a screenshot of what the page showed (artifacts/, gitignored)."""

from __future__ import annotations

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call" and report.failed and "page" in getattr(item, "funcargs", {}):
        from tests.browser.test_browser import ARTIFACTS

        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"failed-{item.name}.png"
        try:
            item.funcargs["page"].screenshot(path=str(path))
            report.sections.append(("screenshot", str(path)))
        except Exception as exc:  # noqa: BLE001 — the browser may be the thing that broke
            report.sections.append(("screenshot", f"none: {exc}"))
    return report
