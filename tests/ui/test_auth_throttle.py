"""Login throttling under parallel tries (threads and real processes on one home), and the client
address a login is throttled and audited under (engine/auth.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from engine.auth import (LOOPBACK_ADDRESS, THROTTLE_FILE, Authenticator, LoginThrottle, Role, ScryptParams,
                         UserStore, resolve_client_address)
from engine.config import Settings

pytestmark = pytest.mark.unit
REPO = Path(__file__).resolve().parents[2]
CHEAP = ScryptParams(n=2 ** 8)
PASSWORD = "correct horse"
TRIES = 16
FREE = LoginThrottle().free_attempts  # the defaults the dashboard uses
ADDRESS_FREE = LoginThrottle().address_free_attempts
# A lock that outlasts the test: on a loaded machine a try landing after a 2 s lock expired would
# rightly be admitted; here only the check-and-count itself is under test.
LONG_LOCK = {"base_delay_s": 60.0, "max_delay_s": 60.0}


class Reasons:
    """The audit trail's view of each login: its reason (throttled, bad_password, ...)."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self._lock = threading.Lock()

    def record_event(self, kind, payload, *, user=None):
        with self._lock:
            self.seen.append(payload.get("reason", "ok"))
        return "A1"


@pytest.fixture
def store(tmp_path) -> UserStore:
    store = UserStore.for_home(tmp_path, params=CHEAP)
    store.add("admin", PASSWORD, Role.ADMIN)
    return store


def authenticator(store: UserStore, audit=None) -> Authenticator:
    return Authenticator(store, audit=audit, throttle=LoginThrottle(store.path.with_name(THROTTLE_FILE), **LONG_LOCK))


def all_at_once(count: int, task) -> None:
    start = threading.Barrier(count)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        start.wait()
        try:
            task(i)
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors


def test_wrong_passwords_sent_at_once_from_threads_are_throttled_after_the_free_ones(store):
    reasons = Reasons()
    auth = authenticator(store, reasons)
    all_at_once(TRIES, lambda i: auth.login("admin", f"wrong-{i}", address="203.0.113.7"))
    assert Counter(reasons.seen) == {"bad_password": FREE, "throttled": TRIES - FREE}
    assert not auth.login("admin", PASSWORD, address="198.51.100.2").ok  # the name is locked


def test_one_address_trying_many_names_at_once_is_throttled_after_its_free_attempts(store):
    reasons = Reasons()
    auth = authenticator(store, reasons)
    all_at_once(TRIES, lambda i: auth.login(f"name{i}", "sprayed", address="203.0.113.7"))
    assert Counter(reasons.seen) == {"unknown_user": ADDRESS_FREE, "throttled": TRIES - ADDRESS_FREE}


def test_right_passwords_at_once_from_one_address_leave_nothing_counted(store):
    """Colleagues behind one address signing in together: counted up front, every right password
    takes its count back, so afterwards the address is as free as before. (A try that arrives
    while more than the free attempts are in flight is refused for now: that is the price of
    counting before checking.)"""
    names = [f"colleague{i}" for i in range(ADDRESS_FREE)]
    for name in names:
        store.add(name, PASSWORD, Role.PARALEGAL)
    reasons = Reasons()
    auth = Authenticator(store, audit=reasons)
    all_at_once(len(names), lambda i: auth.login(names[i], PASSWORD, address="203.0.113.7"))
    assert set(reasons.seen) <= {"ok", "throttled"} and "ok" in reasons.seen
    assert auth.throttle.wait_s("anyone", "203.0.113.7") == 0
    counted = auth.throttle._conn.execute("SELECT count(*) FROM failures WHERE count > 0").fetchone()[0]
    assert counted == 0


# One login per process, all released at the same moment by the go file appearing.
_ONE_LOGIN = """
import os, sys, time
from pathlib import Path
from engine.auth import THROTTLE_FILE, Authenticator, LoginThrottle, UserStore
home, go = Path(sys.argv[1]), Path(sys.argv[2])
auth = Authenticator(UserStore.for_home(home),
                     throttle=LoginThrottle(home / THROTTLE_FILE, base_delay_s=60, max_delay_s=60))
print("ready", flush=True)
while not go.exists():
    time.sleep(0.001)
result = auth.login("admin", "wrong-" + str(os.getpid()), address="203.0.113.7")
print("throttled" if result.retry_after_s and "尝试次数过多" in result.message else "checked", flush=True)
"""


def test_wrong_passwords_sent_at_once_from_processes_are_throttled_after_the_free_ones(store, tmp_path):
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", _ONE_LOGIN, str(store.path.parent), str(go)],
                              cwd=REPO, env=env, stdout=subprocess.PIPE, text=True) for _ in range(TRIES)]
    try:
        for proc in procs:
            assert proc.stdout.readline().strip() == "ready"
        go.touch()
        outcomes = Counter(proc.communicate(timeout=60)[0].strip() for proc in procs)
    finally:
        for proc in procs:
            proc.kill()
    assert outcomes == {"checked": FREE, "throttled": TRIES - FREE}
    assert (store.path.parent / THROTTLE_FILE).is_file()


# -- the address -------------------------------------------------------------------------------
LOOPBACK_PROXY = ["127.0.0.1", "::1"]


@pytest.mark.parametrize("peer", [None, "127.0.0.1", "::1", "127.0.0.5", "::ffff:127.0.0.1"])
def test_a_connection_from_this_machine_is_one_bucket_not_no_address(peer):
    assert resolve_client_address(peer) == LOOPBACK_ADDRESS


def test_throttling_counts_the_loopback_bucket():
    throttle = LoginThrottle(address_free_attempts=2, free_attempts=5)
    for i in range(2):
        throttle.attempt(f"name{i}", resolve_client_address(None))
    assert throttle.wait_s("someone-else", resolve_client_address("127.0.0.1")) > 0


def test_a_spoofed_forwarded_for_is_ignored_without_trust():
    # Streamlit's web server (uvicorn) already puts the header's entry in place of a loopback peer:
    # the peer it reports then *is* the spoofed address.
    assert resolve_client_address("203.0.113.9", ["203.0.113.9"]) == LOOPBACK_ADDRESS
    assert resolve_client_address("203.0.113.9", ["203.0.113.9:4444"]) == LOOPBACK_ADDRESS  # the port goes
    assert resolve_client_address("2001:db8::1", ["[2001:db8::1]:443"]) == LOOPBACK_ADDRESS
    assert resolve_client_address("evil", ["evil:80"]) == LOOPBACK_ADDRESS  # no address at all
    assert resolve_client_address(None, ["203.0.113.9"]) == LOOPBACK_ADDRESS
    assert resolve_client_address("198.51.100.2", ["203.0.113.9"]) == "198.51.100.2"
    # trusted, but the direct peer is no proxy: the header is the client's own claim
    assert resolve_client_address("198.51.100.2", ["203.0.113.9"], trust_forwarded_for=True,
                                  trusted_proxies=LOOPBACK_PROXY) == "198.51.100.2"


def test_the_forwarded_for_of_a_trusted_proxy_names_the_client():
    # a proxy on this machine: the server already rewrote the peer, the header is intact
    assert resolve_client_address("203.0.113.9", ["203.0.113.9"], trust_forwarded_for=True,
                                  trusted_proxies=LOOPBACK_PROXY) == "203.0.113.9"
    # a proxy elsewhere, and a chain: the nearest entry that is not one of our proxies
    proxies = ["10.0.0.0/8"]
    assert resolve_client_address("10.0.0.2", ["1.2.3.4, 203.0.113.9, 10.0.0.3"], trust_forwarded_for=True,
                                  trusted_proxies=proxies) == "203.0.113.9"
    assert resolve_client_address("10.0.0.2", ["203.0.113.9", "10.0.0.3"], trust_forwarded_for=True,
                                  trusted_proxies=proxies) == "203.0.113.9"  # repeated headers
    assert resolve_client_address("10.0.0.2", ["not-an-address"], trust_forwarded_for=True,
                                  trusted_proxies=proxies) == "10.0.0.2"  # garbled: the proxy itself
    assert resolve_client_address("10.0.0.2", [], trust_forwarded_for=True, trusted_proxies=proxies) == "10.0.0.2"


def test_trusted_proxies_setting(monkeypatch):
    settings = Settings.load("/tmp/unused", secrets_file=None, environ={})
    assert settings.auth.trusted_proxies == LOOPBACK_PROXY and not settings.auth.trust_forwarded_for
    settings = Settings.load("/tmp/unused", secrets_file=None,
                             environ={"LEXTRACE_AUTH__TRUSTED_PROXIES": "10.0.0.2, 192.168.0.0/16"})
    assert settings.auth.trusted_proxies == ["10.0.0.2", "192.168.0.0/16"]
    with pytest.raises(ValueError, match="trusted_proxies"):
        Settings.load("/tmp/unused", secrets_file=None, environ={"LEXTRACE_AUTH__TRUSTED_PROXIES": "proxy"})
