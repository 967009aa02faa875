"""Dashboard accounts: users, roles, permissions, scrypt password hashes, login throttling, sessions.

Pure Python (the UI's ``ui/auth.py`` wraps it for Streamlit). Accounts live in
``<LEXTRACE_HOME>/users.toml`` — runtime data, never in git, written with mode 0600::

    [users."alice"]
    role = "paralegal"
    must_change = false
    salt = "<hex>"          # 16 random bytes
    n = 16384               # scrypt cost parameters, stored per user so they can be raised later
    r = 8
    p = 1
    hash = "<hex>"          # scrypt(password, salt, n, r, p), 32 bytes

Manage accounts with ``python -m engine users add NAME --role ROLE`` (password from stdin or a
prompt), ``users passwd NAME``, ``users role NAME --role ROLE``, ``users remove NAME``, ``users list``.

A fresh install (no users file) gets the documented demo accounts ``admin``, ``lead`` and
``paralegal``, all with the demo password (README) and ``must_change = true``. A session signed in
with the demo password, or as an account flagged must-change, may do nothing but change it:
``User.can`` is False and ``User.ensure`` raises for every permission until then, so no page and
no action opens — on the server, whatever the browser shows. Accounts added with
``python -m engine users add`` before the first start mean no demo account is ever created.

Failed logins are throttled per user name and per client address, in ``<home>/login_throttle.sqlite``
(a restart does not reset it; several dashboard processes share it): after ``free_attempts``
failures in a row for a name (``address_free_attempts`` for an address, which several people may
share) each further attempt waits twice as long as the last. So one password tried across many
names from one address is slowed too. Admitting a try and counting it is one transaction, done
before the password is checked (a right password takes the count back), so tries sent at the same
moment cannot all slip through. The address is ``resolve_client_address``'s: a connection from
this machine is a bucket of its own, and X-Forwarded-For counts only when the settings trust it
and only from a configured proxy. Every login attempt is recorded in the audit trail when one
is given.
"""

from __future__ import annotations

import argparse
import getpass
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import sqlite3
import sys
import threading
import time
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import Enum
from ipaddress import IPv4Address, IPv6Address, ip_address, ip_network
from pathlib import Path
from typing import Any, Callable, ContextManager, Iterable, Iterator, Protocol, TextIO

log = logging.getLogger(__name__)

USERS_FILE = "users.toml"
THROTTLE_FILE = "login_throttle.sqlite"
DEMO_PASSWORD = "lextrace-demo"
MIN_PASSWORD_LENGTH = 8
# Letters (any script), digits, dot, dash, underscore: safe in a TOML key, a log line and a URL.
_NAME_RE = re.compile(r"^[\w.-]{1,64}$")


class Role(str, Enum):
    PARALEGAL = "paralegal"
    LEAD = "lead"
    ADMIN = "admin"


class Permission(str, Enum):
    ASK = "ask"
    VIEW_DOCUMENTS = "view_documents"
    UPLOAD = "upload"
    DELETE_DOCUMENTS = "delete_documents"
    UNMASK_PII = "unmask_pii"
    VIEW_AUDIT = "view_audit"
    RUN_BENCHMARK = "run_benchmark"


_EVERYONE = frozenset({Permission.ASK, Permission.VIEW_DOCUMENTS, Permission.UPLOAD,
                       Permission.RUN_BENCHMARK})
ROLE_PERMISSIONS: dict[Role, frozenset[Permission]] = {
    Role.PARALEGAL: _EVERYONE,
    Role.LEAD: _EVERYONE | {Permission.UNMASK_PII, Permission.VIEW_AUDIT},
    Role.ADMIN: frozenset(Permission),
}

# The demo accounts a fresh install gets (one per role, so every view can be tried).
DEMO_ACCOUNTS: tuple[tuple[str, Role], ...] = (
    ("admin", Role.ADMIN), ("lead", Role.LEAD), ("paralegal", Role.PARALEGAL))


def role_allows(role: Role, permission: Permission) -> bool:
    return permission in ROLE_PERMISSIONS[Role(role)]


class AuthError(ValueError):
    """A refused account operation; the message is shown to the operator as is."""


class PermissionDenied(AuthError):
    """The signed-in role lacks a permission an action needs."""


class PasswordChangeRequired(PermissionDenied):
    """The session uses a default password: nothing is allowed until it is changed."""


# (Chinese, English): the CLI and errors say both; the dashboard says the English only when asked.
MUST_CHANGE = ("请先修改初始密码，修改前不能打开任何页面", "change the initial password first: nothing opens before that")
MUST_CHANGE_MESSAGE = f"{MUST_CHANGE[0]} ({MUST_CHANGE[1]})"


# -- password hashing ------------------------------------------------------------------------
@dataclass(frozen=True)
class ScryptParams:
    # n=2**14, r=8: OWASP's scrypt baseline is 2**17; this keeps a login near 50 ms on a small
    # server. Stored per user, so raising it later only affects passwords set afterwards.
    n: int = 2 ** 14
    r: int = 8
    p: int = 1
    dklen: int = 32
    salt_bytes: int = 16

    def __post_init__(self) -> None:
        if self.n < 2 or self.n & (self.n - 1) or self.n > 2 ** 20:
            raise ValueError(f"scrypt n must be a power of two up to 2**20, not {self.n}")
        if not 1 <= self.r <= 32 or not 1 <= self.p <= 16:
            raise ValueError(f"scrypt r/p out of range: r={self.r} p={self.p}")


@dataclass(frozen=True)
class PasswordHash:
    salt: bytes
    n: int
    r: int
    p: int
    hash: bytes


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int, dklen: int) -> bytes:
    # maxmem: scrypt needs 128*n*r bytes; OpenSSL's default cap (32 MiB) is too tight above n=2**14.
    return hashlib.scrypt(password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=dklen,
                          maxmem=256 * n * r + 1024 * 1024)


def hash_password(password: str, params: ScryptParams = ScryptParams()) -> PasswordHash:
    salt = secrets.token_bytes(params.salt_bytes)
    return PasswordHash(salt=salt, n=params.n, r=params.r, p=params.p,
                        hash=_scrypt(password, salt, params.n, params.r, params.p, params.dklen))


def verify_password(password: str, stored: PasswordHash) -> bool:
    ScryptParams(n=stored.n, r=stored.r, p=stored.p)  # refuse absurd costs from an edited file
    candidate = _scrypt(password, stored.salt, stored.n, stored.r, stored.p, len(stored.hash))
    return hmac.compare_digest(candidate, stored.hash)


def check_password_policy(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AuthError(f"密码至少 {MIN_PASSWORD_LENGTH} 个字符 "
                        f"(the password needs at least {MIN_PASSWORD_LENGTH} characters)")
    if password == DEMO_PASSWORD:
        raise AuthError("不能使用演示密码 (the demo password cannot be chosen)")


# -- users and their file --------------------------------------------------------------------
@dataclass(frozen=True)
class User:
    name: str
    role: Role
    password: PasswordHash = field(repr=False)
    must_change: bool = False

    def can(self, permission: Permission) -> bool:
        """False for everything while a default password is in use (``must_change``)."""
        return not self.must_change and role_allows(self.role, permission)

    def ensure(self, permission: Permission) -> None:
        """Raise PermissionDenied unless this user's role has ``permission`` (actions call this
        themselves, so a hidden button is never the only check)."""
        if self.must_change:
            raise PasswordChangeRequired(MUST_CHANGE_MESSAGE)
        if not self.can(permission):
            raise PermissionDenied(f"角色 {self.role.value} 没有权限 {permission.value} "
                                   f"(role {self.role.value} lacks {permission.value})")


def check_user_name(name: str) -> str:
    if not _NAME_RE.match(name):
        raise AuthError("用户名只能包含字母、数字、点、横线和下划线，最长 64 个字符 "
                        "(user names: letters, digits, '.', '-', '_'; at most 64 characters)")
    return name


def _parse_users(text: str) -> dict[str, User]:
    users: dict[str, User] = {}
    for name, entry in tomllib.loads(text).get("users", {}).items():
        users[name] = User(
            name=name, role=Role(entry["role"]), must_change=bool(entry.get("must_change", False)),
            password=PasswordHash(salt=bytes.fromhex(entry["salt"]), n=int(entry["n"]),
                                  r=int(entry["r"]), p=int(entry["p"]),
                                  hash=bytes.fromhex(entry["hash"])))
    return users


def _dump_users(users: dict[str, User]) -> str:
    # json.dumps writes a valid TOML basic string for the names _NAME_RE admits.
    out = ["# LexTrace dashboard accounts. Manage with: python -m engine users add|passwd|list",
           "# Passwords are salted scrypt hashes; never edit the hashes by hand.", ""]
    for user in sorted(users.values(), key=lambda u: u.name):
        pw = user.password
        out += [f"[users.{json.dumps(user.name, ensure_ascii=False)}]",
                f'role = "{user.role.value}"', f"must_change = {str(user.must_change).lower()}",
                f'salt = "{pw.salt.hex()}"', f"n = {pw.n}", f"r = {pw.r}", f"p = {pw.p}",
                f'hash = "{pw.hash.hex()}"', ""]
    return "\n".join(out)


class UserStore:
    """The users file. Reads are cached and refreshed when the file changes on disk (the CLI may
    edit it while the dashboard runs); writes are read-modify-write under a file lock."""

    def __init__(self, path: Path | str, *, params: ScryptParams = ScryptParams()):
        self.path = Path(path)
        self.params = params
        self._cache: tuple[tuple[int, int, int], dict[str, User]] | None = None
        self._lock = threading.Lock()

    @classmethod
    def for_home(cls, home: Path | str, **kwargs: Any) -> "UserStore":
        """The accounts of the home's profile (the settings as Engine(home) reads them): its users
        file, or the shared profile's server (``PostgresUserStore`` below)."""
        from engine.config import Settings

        return cls.for_settings(Settings.load(home), **kwargs)

    @classmethod
    def for_settings(cls, settings, **kwargs: Any) -> "UserStore":
        if settings.shared.enabled:
            return PostgresUserStore(settings.shared.database_url, **kwargs)
        return cls(Path(settings.home) / USERS_FILE, **kwargs)

    @property
    def location(self) -> str:
        """Where the accounts are kept, for messages."""
        return str(self.path)

    def throttle(self, *, clock: Callable[[], float] = time.time) -> "LoginThrottle":
        """The login throttle kept with these accounts: beside the users file, persistent and
        shared by every dashboard process on the home."""
        return LoginThrottle(self.path.with_name(THROTTLE_FILE), clock=clock)

    def exists(self) -> bool:
        return self.path.is_file()

    # -- reading ---------------------------------------------------------------------------------
    def users(self) -> dict[str, User]:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return {}
        stamp = (st.st_ino, st.st_mtime_ns, st.st_size)
        with self._lock:
            if self._cache is None or self._cache[0] != stamp:
                self._cache = (stamp, _parse_users(self.path.read_text("utf-8")))
            return dict(self._cache[1])

    def get(self, name: str) -> User | None:
        return self.users().get(name)

    # -- writing ---------------------------------------------------------------------------------
    @contextmanager
    def _editing(self) -> Iterator[dict[str, User]]:
        """Yield the current users under an exclusive lock; what the block leaves is written."""
        import fcntl  # POSIX only, like the rest of the deployment

        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock_file:
            fcntl.flock(lock_file, fcntl.LOCK_EX)
            try:
                users = _parse_users(self.path.read_text("utf-8")) if self.path.is_file() else {}
                yield users
                tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w", encoding="utf-8") as fh:
                    fh.write(_dump_users(users))
                    fh.flush()
                    os.fsync(fh.fileno())
                os.replace(tmp, self.path)
            finally:
                fcntl.flock(lock_file, fcntl.LOCK_UN)

    def ensure_demo_accounts(self) -> bool:
        """Create the demo accounts when there is no users file; True when it did."""
        if self.exists():
            return False
        with self._editing() as users:
            if users:  # another process created the file meanwhile
                return False
            for name, role in DEMO_ACCOUNTS:
                users[name] = User(name=name, role=role, must_change=True,
                                   password=hash_password(DEMO_PASSWORD, self.params))
        log.warning("created demo accounts %s with the demo password (README) in %s: each must "
                    "change it at its first sign-in", ", ".join(n for n, _ in DEMO_ACCOUNTS), self.location)
        return True

    def add(self, name: str, password: str, role: Role | str, *, must_change: bool = False) -> User:
        check_user_name(name)
        check_password_policy(password)
        user = User(name=name, role=Role(role), must_change=must_change,
                    password=hash_password(password, self.params))
        with self._editing() as users:
            if name in users:
                raise AuthError(f"用户已存在 (user exists): {name}")
            users[name] = user
        return user

    def set_password(self, name: str, password: str, *, must_change: bool = False) -> User:
        check_password_policy(password)
        hashed = hash_password(password, self.params)
        with self._editing() as users:
            if name not in users:
                raise AuthError(f"没有这个用户 (no such user): {name}")
            users[name] = replace(users[name], password=hashed, must_change=must_change)
            return users[name]

    def set_role(self, name: str, role: Role | str) -> User:
        with self._editing() as users:
            if name not in users:
                raise AuthError(f"没有这个用户 (no such user): {name}")
            users[name] = replace(users[name], role=Role(role))
            return users[name]

    def remove(self, name: str) -> None:
        with self._editing() as users:
            if users.pop(name, None) is None:
                raise AuthError(f"没有这个用户 (no such user): {name}")


# -- throttling --------------------------------------------------------------------------------
UNKNOWN_ADDRESS = "unknown"  # no client address known (a script, a test): a bucket of its own


@dataclass(frozen=True)
class Attempt:
    """One login attempt as the throttle decided it (``LoginThrottle.attempt``).

    Admitted: already counted as a failure, so ``wait_s`` is what a wrong password costs (0 while
    free attempts remain); ``LoginThrottle.succeeded`` takes the count back. Refused: nothing was
    counted and ``wait_s`` is how long until the next try is allowed."""

    admitted: bool
    wait_s: float
    name_key: str = ""
    # The address's row before and after this attempt counted, to take back exactly that count.
    address_rows: tuple[tuple[str, tuple | None, tuple], ...] = ()


class LoginThrottle:
    """Backoff per user name and per client address: ``free_attempts`` failures in a row for a
    name (``address_free_attempts`` for an address) cost nothing, then each failure locks that key
    for twice as long as the previous one (capped). A success clears the name, not the address (a
    sprayer that guesses one account must not get a fresh budget for the rest); a key left alone
    for ``forget_after_s`` starts over. A login without a known address counts under
    ``UNKNOWN_ADDRESS``, a bucket like any other.

    Check and count are one step (``attempt``): one ``BEGIN IMMEDIATE`` transaction decides
    whether the try may go ahead and, if so, counts it as a failure before the password is
    checked; a right password takes the count back (``succeeded``). So N tries sent at once
    from N threads or processes cannot all pass the check before any failure is written: the
    first ``free_attempts`` are admitted, the rest are refused.

    Kept in SQLite: ``path`` (the home's ``login_throttle.sqlite``) survives restarts and is shared
    by every process on the home; None keeps it in memory. Times are wall-clock seconds, since
    they outlive the process.
    """

    MAX_TRACKED = 10_000  # random names must not grow the table without bound
    # The statements whose dialect differs (PostgresLoginThrottle below has PostgreSQL's).
    UPSERT = "INSERT OR REPLACE INTO failures VALUES (?, ?, ?, ?)"
    TAKE_BACK = ("UPDATE failures SET count = max(0, count - 1), locked_until = "
                 "CASE WHEN count - 1 < ? THEN 0 ELSE locked_until END WHERE key=?")
    PRUNE_OLDEST = ("DELETE FROM failures WHERE key IN (SELECT key FROM failures WHERE locked_until <= ? "
                    "ORDER BY last LIMIT (SELECT max(0, count(*) - ?) FROM failures))")

    def __init__(self, path: Path | str | None = None, *, clock: Callable[[], float] = time.time,
                 free_attempts: int = 3, address_free_attempts: int = 10, base_delay_s: float = 2.0,
                 max_delay_s: float = 300.0, forget_after_s: float = 3600.0):
        if free_attempts < 1 or address_free_attempts < 1 or base_delay_s <= 0 or max_delay_s < base_delay_s:
            raise ValueError("free attempts >= 1 and 0 < base_delay_s <= max_delay_s required")
        self._clock = clock
        self.free_attempts = free_attempts
        self.address_free_attempts = address_free_attempts
        self.base_delay_s = base_delay_s
        self.max_delay_s = max_delay_s
        self.forget_after_s = forget_after_s
        self.path = Path(path) if path is not None else None
        self._lock = threading.Lock()
        self._open()

    def _open(self) -> None:
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))  # who failed, from where
        self._conn = sqlite3.connect(str(self.path) if self.path else ":memory:", timeout=30,
                                     isolation_level=None, check_same_thread=False)
        self._conn.execute("CREATE TABLE IF NOT EXISTS failures (key TEXT PRIMARY KEY, "
                           "count INTEGER NOT NULL, last REAL NOT NULL, locked_until REAL NOT NULL)")

    @staticmethod
    def _name_key(name: str) -> str:
        return "name:" + name.strip().casefold()  # "Admin" must not be a fresh name for "admin"

    @staticmethod
    def _address_key(address: str | None) -> str:
        return "addr:" + ((address or "").strip().lower() or UNKNOWN_ADDRESS)

    def _keys(self, name: str, address: str | None) -> list[tuple[str, int]]:
        return [(self._name_key(name), self.free_attempts),
                (self._address_key(address), self.address_free_attempts)]

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")  # read-modify-write, across processes too
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def _wait(self, locked_until: float, now: float) -> float:
        # capped: a clock set back must not lock anyone out for longer than the longest delay
        return min(self.max_delay_s, max(0.0, locked_until - now))

    def _locked_for(self, conn: sqlite3.Connection, keys: list[str], now: float) -> float:
        rows = conn.execute(f"SELECT locked_until FROM failures WHERE key IN ({','.join('?' * len(keys))})",
                            keys).fetchall()
        return max((self._wait(r[0], now) for r in rows), default=0.0)

    def wait_s(self, name: str, address: str | None = None) -> float:
        """Seconds until ``name`` (from ``address``) may try again (0 when it may now)."""
        with self._lock:
            return self._locked_for(self._conn, [k for k, _ in self._keys(name, address)], self._clock())

    def attempt(self, name: str, address: str | None = None) -> Attempt:
        """Admit or refuse one try of ``name`` from ``address``, and count an admitted one as a
        failure, in one transaction (see the class docstring)."""
        now = self._clock()
        keys = self._keys(name, address)
        with self._transaction() as conn:
            wait = self._locked_for(conn, [k for k, _ in keys], now)
            if wait > 0:
                return Attempt(admitted=False, wait_s=wait)
            waits, address_rows = [], []
            for key, free in keys:
                before = conn.execute("SELECT count, last, locked_until FROM failures WHERE key=?",
                                      (key,)).fetchone()
                count, last, locked_until = before or (0, 0.0, 0.0)
                if count and now - last > self.forget_after_s and now >= locked_until:
                    count = 0
                count += 1
                if count >= free:
                    locked_until = now + min(self.max_delay_s,
                                             self.base_delay_s * 2 ** min(count - free, 32))
                after = (count, now, locked_until)
                conn.execute(self.UPSERT, (key, *after))
                waits.append(self._wait(locked_until, now))
                if key.startswith("addr:"):
                    address_rows.append((key, before, after))
            self._prune(conn, now)
        return Attempt(admitted=True, wait_s=max(waits), name_key=keys[0][0],
                       address_rows=tuple(address_rows))

    def succeeded(self, attempt: Attempt) -> None:
        """The admitted ``attempt`` had the right password: clear its name, and take back the
        failure it counted for its address (exactly, unless other tries counted there since)."""
        if not attempt.admitted:
            raise ValueError("a refused attempt checked no password")
        with self._transaction() as conn:
            conn.execute("DELETE FROM failures WHERE key=?", (attempt.name_key,))
            for key, before, after in attempt.address_rows:
                now_row = conn.execute("SELECT count, last, locked_until FROM failures WHERE key=?",
                                       (key,)).fetchone()
                if now_row is not None and tuple(now_row) == after:
                    if before is None:
                        conn.execute("DELETE FROM failures WHERE key=?", (key,))
                    else:
                        conn.execute(self.UPSERT, (key, *before))
                elif now_row is not None:  # others tried from there since: only our count goes,
                    # and with it a lock that fewer than the free failures cannot have earned
                    conn.execute(self.TAKE_BACK, (self.address_free_attempts, key))

    def _prune(self, conn: sqlite3.Connection, now: float) -> None:
        if conn.execute("SELECT count(*) FROM failures").fetchone()[0] < self.MAX_TRACKED:
            return
        conn.execute("DELETE FROM failures WHERE last < ? AND locked_until <= ?",
                     (now - self.forget_after_s, now))
        # still full: drop the oldest unlocked half
        conn.execute(self.PRUNE_OLDEST, (now, self.MAX_TRACKED // 2))


# -- the shared profile: accounts and throttle on the catalog's PostgreSQL server -----------------
# The same rules, kept where every dashboard process on every machine reads them: a role change or
# a removed account takes effect in all of them at the next lookup, and failed sign-ins through any
# of them count towards one throttle. Admitting a try and counting it is one transaction that first
# takes a transaction-level advisory lock (what BEGIN IMMEDIATE is for SQLite), so tries sent at
# once to several processes cannot all pass the check.
USERS_LOCK = "lextrace-users"
THROTTLE_LOCK = "lextrace-login-throttle"


class PostgresUserStore(UserStore):
    def __init__(self, database_url: str, *, params: ScryptParams = ScryptParams()):
        from engine.store.pg import PgDatabase, ddl_lock

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
        from engine.store.pg import describe

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
        from engine.store.pg import locked_transaction

        with locked_transaction(self.db, USERS_LOCK) as conn:
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
        from engine.store.pg import PgDatabase

        self._db = PgDatabase(database_url)
        super().__init__(None, **kwargs)

    def _open(self) -> None:
        from engine.store.pg import ddl_lock

        with ddl_lock(self._db, "login-throttle") as conn:
            conn.execute("CREATE TABLE IF NOT EXISTS failures (key TEXT PRIMARY KEY, count INTEGER NOT NULL,"
                         " last DOUBLE PRECISION NOT NULL, locked_until DOUBLE PRECISION NOT NULL)")

    @property
    def _conn(self):  # type: ignore[override]
        from engine.store.pg import QmarkConnection

        return QmarkConnection(self._db.conn())

    def _transaction(self) -> ContextManager[Any]:  # type: ignore[override]
        from engine.store.pg import locked_qmark_transaction

        return locked_qmark_transaction(self._db, THROTTLE_LOCK, self._lock)


# -- the client's address ----------------------------------------------------------------------
LOOPBACK_ADDRESS = "localhost"  # one bucket for every connection from this machine


def _ip(text: str | None) -> IPv4Address | IPv6Address | None:
    try:
        ip = ip_address((text or "").strip().strip("[]"))
    except ValueError:
        return None
    return getattr(ip, "ipv4_mapped", None) or ip  # ::ffff:127.0.0.1 is 127.0.0.1


def _forwarded_host(entry: str) -> str:
    """The host of one X-Forwarded-For entry, read as uvicorn reads it: ``[v6]:port``,
    ``v4:port`` or a bare address."""
    entry = entry.strip()
    if entry.startswith("[") and "]" in entry:
        return entry[1:entry.index("]")]
    if entry.count(":") == 1:
        host, _, port = entry.partition(":")
        return host if port.isdigit() else entry
    return entry


def _trusted(address: str, proxies: Iterable[str]) -> bool:
    if address == LOOPBACK_ADDRESS:
        return any(ip_network(p, strict=False).network_address.is_loopback for p in proxies)
    ip = _ip(address)
    return ip is not None and any(ip in ip_network(p, strict=False) for p in proxies)


def resolve_client_address(peer: str | None, forwarded_for: Iterable[str] = (), *, trust_forwarded_for: bool = False,
                   trusted_proxies: Iterable[str] = ()) -> str:
    """The address a login is throttled and audited under.

    ``peer``: the connection's address as the web server reports it (None, as Streamlit reports
    a connection from this machine); ``forwarded_for``: the request's X-Forwarded-For headers.
    A connection from this machine is ``LOOPBACK_ADDRESS``, a bucket of its own. Streamlit's web
    server (uvicorn) itself replaces a loopback peer by an address taken from X-Forwarded-For, so
    a peer that is one of the header's entries is taken to be such a loopback connection, not the
    address it claims. The header names the client only with ``trust_forwarded_for`` and only
    when the direct peer is one of ``trusted_proxies``: then the client is the nearest entry,
    from the right, that is not itself a trusted proxy.
    """
    proxies = list(trusted_proxies)
    entries = [_forwarded_host(e) for header in forwarded_for for e in header.split(",") if e.strip()]
    ip = _ip(peer)
    if peer is None or (ip is not None and ip.is_loopback) or peer.strip() in entries:
        direct = LOOPBACK_ADDRESS
    else:
        direct = str(ip) if ip is not None else peer.strip()
    if not (trust_forwarded_for and entries and _trusted(direct, proxies)):
        return direct
    for entry in reversed(entries):
        forwarded = _ip(entry)
        if forwarded is None:
            return direct  # a garbled chain: nothing in it can be believed
        if not _trusted(str(forwarded), proxies):
            return str(forwarded)
    return str(_ip(entries[0]))  # every hop a trusted proxy: the first one is the client


# -- logging in ------------------------------------------------------------------------------
class EventRecorder(Protocol):
    def record_event(self, kind: str, payload: dict[str, Any], *, user: str | None = None) -> str: ...


@dataclass(frozen=True)
class LoginResult:
    ok: bool
    message: str
    user: User | None = None
    token: str | None = None
    retry_after_s: float = 0.0


@dataclass
class _Session:
    name: str
    last_seen: float
    # The password hash the session signed in with, when that password is a default one: the
    # session stays must-change as long as the account still has that hash.
    default_password: bytes | None = None


WRONG_CREDENTIALS = "用户名或密码错误 (wrong user name or password)"


class Authenticator:
    """Checks passwords, throttles failures, and keeps the server-side sessions.

    The browser session only ever holds an opaque random token. Who the token belongs to lives
    here, and the role is read from the users file on every lookup, so nothing a client sends
    can raise its own role, and a role change or a removed account takes effect at once.
    """

    def __init__(self, store: UserStore, *, audit: EventRecorder | None = None,
                 throttle: LoginThrottle | None = None, clock: Callable[[], float] = time.time,
                 session_idle_s: float = 8 * 3600):
        self.store = store
        self.audit = audit
        self._clock = clock
        # kept with the accounts: persistent and shared by every dashboard process
        self.throttle = throttle or store.throttle(clock=clock)
        self.session_idle_s = session_idle_s
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()
        # Unknown names are checked against this, so they take as long as a real account.
        self._decoy = hash_password(secrets.token_hex(16), store.params)

    def _audit(self, kind: str, payload: dict[str, Any], user: str) -> None:
        if self.audit is not None:
            self.audit.record_event(kind, payload, user=user)

    def login(self, name: str, password: str, address: str | None = None) -> LoginResult:
        """``address``: the client's, for throttling by address and the audit trail."""
        name = name.strip()
        where = {"address": address} if address else {}
        attempt = self.throttle.attempt(name, address)  # counted as a failure until proven right
        if not attempt.admitted:
            wait = attempt.wait_s
            self._audit("login", {"ok": False, "reason": "throttled",
                                  "retry_after_s": round(wait, 1), **where}, name)
            return LoginResult(False, f"尝试次数过多，请 {wait:.0f} 秒后再试 "
                                      f"(too many failed attempts; try again in {wait:.0f} s)",
                               retry_after_s=wait)
        user = self.store.get(name) if name else None
        ok = verify_password(password, user.password if user else self._decoy) and user is not None
        if not ok:
            wait = attempt.wait_s
            self._audit("login", {"ok": False, "reason": "bad_password" if user else "unknown_user",
                                  "retry_after_s": round(wait, 1), **where}, name)
            message = WRONG_CREDENTIALS + (f"；请 {wait:.0f} 秒后再试 (try again in {wait:.0f} s)"
                                           if wait > 0 else "")
            return LoginResult(False, message, retry_after_s=wait)
        self.throttle.succeeded(attempt)
        default = user.must_change or hmac.compare_digest(password.encode(), DEMO_PASSWORD.encode())
        if default:
            user = replace(user, must_change=True)
        self._audit("login", {"ok": True, "role": user.role.value, "must_change": user.must_change,
                              **where}, name)
        token = secrets.token_urlsafe(32)
        with self._lock:
            self._sessions[token] = _Session(name=name, last_seen=self._clock(),
                                             default_password=user.password.hash if default else None)
        return LoginResult(True, "", user=user, token=token)

    def user_for(self, token: object) -> User | None:
        """The signed-in user of a session token, or None (unknown, expired or removed account)."""
        if not isinstance(token, str):
            return None
        now = self._clock()
        with self._lock:
            session = self._sessions.get(token)
            if session is None:
                return None
            if now - session.last_seen > self.session_idle_s:
                del self._sessions[token]
                return None
            session.last_seen = now
        user = self.store.get(session.name)
        if user is not None and session.default_password is not None:
            if hmac.compare_digest(user.password.hash, session.default_password):
                return replace(user, must_change=True)  # still the password it signed in with
            session.default_password = None  # changed since (here or with the users command)
        return user

    def logout(self, token: object) -> None:
        if isinstance(token, str):
            with self._lock:
                self._sessions.pop(token, None)

    def change_password(self, token: str, old_password: str, new_password: str) -> User:
        """Change the signed-in user's own password; the user's other sessions are ended."""
        user = self.user_for(token)
        if user is None:
            raise AuthError("会话已失效，请重新登录 (session expired; sign in again)")
        if not verify_password(old_password, user.password):
            raise AuthError("当前密码不正确 (the current password is wrong)")
        if new_password == old_password:
            raise AuthError("新密码不能与当前密码相同 (the new password must differ)")
        updated = self.store.set_password(user.name, new_password, must_change=False)
        with self._lock:
            for other in [t for t, s in self._sessions.items() if s.name == user.name and t != token]:
                del self._sessions[other]
        self._audit("password_changed", {"by": "self"}, user.name)
        return updated


# -- python -m engine users ... --------------------------------------------------------------
def add_users_parser(sub: "argparse._SubParsersAction",
                     add_common: Callable[[argparse.ArgumentParser], None]) -> None:
    """``python -m engine users add|passwd|role|remove|list`` (engine/cli.py calls this)."""
    users = sub.add_parser("users", help=f"dashboard accounts (<home>/{USERS_FILE})")
    users_sub = users.add_subparsers(dest="users_command", required=True)
    # (command, help, whether it takes --role): every one but list names an account
    for command, help_text, takes_role in (
            ("add", "add an account; the password is read from stdin or a prompt", True),
            ("passwd", "set an account's password (stdin or a prompt)", False),
            ("role", "change an account's role (takes effect at once)", True),
            ("remove", "remove an account (its sessions end at once)", False)):
        account = users_sub.add_parser(command, help=help_text)
        account.add_argument("name")
        if takes_role:
            account.add_argument("--role", required=True, choices=[r.value for r in Role])
        add_common(account)
    add_common(users_sub.add_parser("list", help="accounts, roles and who must change a password"))


def _read_new_password(stdin: TextIO) -> str:
    if stdin.isatty():
        first = getpass.getpass("新密码 New password: ")
        if getpass.getpass("再输一次 Repeat: ") != first:
            raise AuthError("两次输入的密码不一致 (the passwords differ)")
        return first
    return stdin.readline().rstrip("\r\n")  # piped: the first line is the password


def users_command(args: argparse.Namespace, *, stdin: TextIO | None = None,
                  stdout: TextIO | None = None) -> int:
    from engine.config import Settings

    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    store = UserStore.for_settings(Settings.load(args.home))
    try:
        if args.users_command == "list":
            users = [{"name": u.name, "role": u.role.value, "must_change": u.must_change}
                     for u in sorted(store.users().values(), key=lambda u: u.name)]
            if args.json:
                json.dump({"users": users, "file": store.location}, stdout, ensure_ascii=False)
                stdout.write("\n")
            elif not users:
                print(f"(no users file at {store.location}; the dashboard creates the demo accounts "
                      f"on its first start)", file=stdout)
            else:
                for u in users:
                    print(f"{u['name']:<20} {u['role']:<10}"
                          + ("  must change password" if u["must_change"] else ""), file=stdout)
            return 0
        if args.users_command == "remove":
            store.remove(args.name)
            payload: dict[str, Any] = {"name": args.name, "removed": True}
            text = f"removed: {args.name}"
        else:
            if args.users_command == "role":
                user = store.set_role(args.name, args.role)
            elif args.users_command == "add":
                user = store.add(args.name, _read_new_password(stdin), args.role)
            else:
                user = store.set_password(args.name, _read_new_password(stdin))
            payload = {"name": user.name, "role": user.role.value, "must_change": user.must_change}
            text = f"{args.users_command}: {user.name} ({user.role.value})"
    except AuthError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    if args.json:
        json.dump(payload, stdout, ensure_ascii=False)
        stdout.write("\n")
    else:
        print(text, file=stdout)
    return 0
