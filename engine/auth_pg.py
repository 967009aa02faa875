"""Accounts and the login throttle of the shared profile, on the catalog's PostgreSQL server.

The same rules as engine/auth.py — scrypt hashes, roles, demo accounts on a fresh install, backoff
per name and per address — kept where every dashboard process on every machine reads them: a role
change or a removed account takes effect in all of them at the next lookup, and failed sign-ins
through any of them count towards one throttle. Admitting a try and counting it is one
transaction that first takes a transaction-level advisory lock (what ``BEGIN IMMEDIATE`` is for
SQLite), so tries sent at once to several processes cannot all pass the check.
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from engine.auth import LoginThrottle, PasswordHash, Role, ScryptParams, User, UserStore
from engine.store.pg import PgDatabase, QmarkConnection, ddl_lock, describe, lock_key

USERS_LOCK = "lextrace-users"
THROTTLE_LOCK = "lextrace-login-throttle"


class PostgresUserStore(UserStore):
    def __init__(self, database_url: str, *, params: ScryptParams = ScryptParams()):
        self.db = PgDatabase(database_url)
        self.params = params
        self.path = None  # no file: ``location`` says where
        with ddl_lock(self.db, "users") as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, role TEXT NOT NULL,"
                         " must_change BOOLEAN NOT NULL, salt TEXT NOT NULL, n INTEGER NOT NULL,"
                         " r INTEGER NOT NULL, p INTEGER NOT NULL, hash TEXT NOT NULL)")
            conn.execute("CREATE TABLE IF NOT EXISTS auth_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")

    @property
    def location(self) -> str:
        return f"{describe(self.db.url)} (users)"

    def throttle(self, *, clock: Callable[[], float] = time.time) -> LoginThrottle:
        return PostgresLoginThrottle(self.db.url, clock=clock)

    def exists(self) -> bool:
        """Whether accounts were ever written (as a users file that exists, even if emptied)."""
        return self.db.execute("SELECT 1 FROM auth_meta WHERE key='users_written'").fetchone() is not None

    def users(self) -> dict[str, User]:
        return _users(self.db.conn())

    @contextmanager
    def _editing(self) -> Iterator[dict[str, User]]:
        with self.db.transaction() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(USERS_LOCK),))
            users = _users(conn)
            yield users
            conn.execute("DELETE FROM users")
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO users VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                                [(u.name, u.role.value, u.must_change, u.password.salt.hex(), u.password.n,
                                  u.password.r, u.password.p, u.password.hash.hex()) for u in users.values()])
            conn.execute("INSERT INTO auth_meta VALUES ('users_written', '1') ON CONFLICT DO NOTHING")


def _users(conn) -> dict[str, User]:
    return {r["name"]: User(name=r["name"], role=Role(r["role"]), must_change=bool(r["must_change"]),
                            password=PasswordHash(salt=bytes.fromhex(r["salt"]), n=r["n"], r=r["r"], p=r["p"],
                                                  hash=bytes.fromhex(r["hash"])))
            for r in conn.execute("SELECT * FROM users ORDER BY name")}


class PostgresLoginThrottle(LoginThrottle):
    UPSERT = ("INSERT INTO failures VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count,"
              " last = excluded.last, locked_until = excluded.locked_until")
    TAKE_BACK = ("UPDATE failures SET count = GREATEST(0, count - 1), locked_until = "
                 "CASE WHEN count - 1 < ? THEN 0 ELSE locked_until END WHERE key=?")
    PRUNE_OLDEST = ("DELETE FROM failures WHERE key IN (SELECT key FROM failures WHERE locked_until <= ? "
                    "ORDER BY last LIMIT (SELECT GREATEST(0, count(*) - ?) FROM failures))")

    def __init__(self, database_url: str, **kwargs: Any):
        self._db = PgDatabase(database_url)
        super().__init__(None, **kwargs)

    def _open(self) -> None:
        with ddl_lock(self._db, "login-throttle") as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS failures (key TEXT PRIMARY KEY, count INTEGER NOT NULL,"
                         " last DOUBLE PRECISION NOT NULL, locked_until DOUBLE PRECISION NOT NULL)")

    @property
    def _conn(self) -> QmarkConnection:  # type: ignore[override]
        return QmarkConnection(self._db.conn())

    @contextmanager
    def _transaction(self) -> Iterator[QmarkConnection]:  # type: ignore[override]
        with self._lock:
            with self._db.transaction() as conn:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(THROTTLE_LOCK),))
                yield QmarkConnection(conn)
