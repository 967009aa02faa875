"""A PostgreSQL + pgvector server for benchmarks and tests, and fresh databases on it.

``running_server(admin_url)`` yields the admin URL given, or starts a private server with
scripts/servers.sh in a temporary directory on a free loopback port and stops it afterwards.
``fresh_databases(admin_url, name)`` creates a catalog and a retrieval database and drops them
afterwards (unless ``keep``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parent.parent
SERVERS = REPO / "scripts" / "servers.sh"


class ServerUnavailable(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def running_server(admin_url: str | None = None, *, options: str = "") -> Iterator[str]:
    if admin_url:
        yield admin_url
        return
    # Not under a 0700 temporary root: run as root, the server runs as a user of its own.
    where = Path(tempfile.mkdtemp(prefix="lextrace-servers-"))
    os.chmod(where, 0o755)
    env = {**os.environ, "LEXTRACE_SERVERS_DIR": str(where), "LEXTRACE_PG_PORT": str(free_port()),
           "LEXTRACE_PG_OPTIONS": options}
    started = subprocess.run(["bash", str(SERVERS), "start"], env=env, capture_output=True, text=True,
                             timeout=600)
    if started.returncode != 0:
        shutil.rmtree(where, ignore_errors=True)
        raise ServerUnavailable(f"could not start PostgreSQL: {started.stderr.strip()[-500:]}")
    try:
        yield f"postgresql://lextrace@127.0.0.1:{env['LEXTRACE_PG_PORT']}/postgres"
    finally:
        subprocess.run(["bash", str(SERVERS), "stop"], env=env, capture_output=True, timeout=300)
        shutil.rmtree(where, ignore_errors=True)


def database_url(admin_url: str, database: str) -> str:
    return admin_url.rsplit("/", 1)[0] + "/" + database


@contextmanager
def fresh_databases(admin_url: str, name: str | None = None, *, keep: bool = False) -> Iterator[tuple[str, str]]:
    """(catalog URL, retrieval URL) of two new databases."""
    import psycopg

    name = name or f"lt_{secrets.token_hex(4)}"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        for db in (name, name + "_r"):
            conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
            conn.execute(f"CREATE DATABASE {db}")
    try:
        yield database_url(admin_url, name), database_url(admin_url, name + "_r")
    finally:
        if not keep:
            with psycopg.connect(admin_url, autocommit=True) as conn:
                for db in (name, name + "_r"):
                    conn.execute(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
