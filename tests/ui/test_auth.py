"""engine/auth.py: hashing, roles, the users file, throttling, sessions and the users CLI."""

from __future__ import annotations

import io
import json
import stat
import tomllib

import pytest

from engine import cli
from engine.auth import (DEMO_ACCOUNTS, DEMO_PASSWORD, THROTTLE_FILE, WRONG_CREDENTIALS, Attempt, Authenticator,
                         AuthError, LoginThrottle, PasswordChangeRequired, Permission, PermissionDenied,
                         Role, ScryptParams, UserStore, hash_password, role_allows, verify_password)

pytestmark = pytest.mark.unit

CHEAP = ScryptParams(n=2 ** 8)  # the stored parameters are what verification uses
PASSWORD = "correct horse"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Recorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict, str | None]] = []

    def record_event(self, kind, payload, *, user=None):
        self.events.append((kind, payload, user))
        return f"A{len(self.events)}"


@pytest.fixture
def store(tmp_path) -> UserStore:
    store = UserStore.for_home(tmp_path, params=CHEAP)
    store.add("alice", PASSWORD, Role.PARALEGAL)
    store.add("bob", PASSWORD, Role.LEAD)
    store.add("carol", PASSWORD, Role.ADMIN)
    return store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def audit() -> Recorder:
    return Recorder()


@pytest.fixture
def auth(store, clock, audit) -> Authenticator:
    return Authenticator(store, audit=audit, clock=clock, session_idle_s=600)


# -- hashing -----------------------------------------------------------------------------------
def test_password_hash_verifies_only_the_same_password():
    stored = hash_password(PASSWORD, CHEAP)
    assert verify_password(PASSWORD, stored)
    assert not verify_password(PASSWORD + " ", stored)
    assert not verify_password("", stored)
    assert len(stored.salt) == 16 and len(stored.hash) == 32
    assert (stored.n, stored.r, stored.p) == (CHEAP.n, CHEAP.r, CHEAP.p)


def test_same_password_gets_a_new_salt_and_hash_each_time():
    one, two = hash_password(PASSWORD, CHEAP), hash_password(PASSWORD, CHEAP)
    assert one.salt != two.salt and one.hash != two.hash


def test_verification_uses_the_stored_cost_not_the_default():
    stored = hash_password(PASSWORD, ScryptParams(n=2 ** 9, r=4))
    assert verify_password(PASSWORD, stored)


@pytest.mark.parametrize("kwargs", [{"n": 1000}, {"n": 2 ** 21}, {"r": 0}, {"p": 17}])
def test_unreasonable_scrypt_parameters_are_refused(kwargs):
    with pytest.raises(ValueError):
        ScryptParams(**kwargs)


# -- roles -------------------------------------------------------------------------------------
def test_role_permissions():
    for role in Role:
        assert role_allows(role, Permission.ASK) and role_allows(role, Permission.VIEW_DOCUMENTS)
        assert role_allows(role, Permission.UPLOAD) and role_allows(role, Permission.RUN_BENCHMARK)
    assert not role_allows(Role.PARALEGAL, Permission.UNMASK_PII)
    assert not role_allows(Role.PARALEGAL, Permission.VIEW_AUDIT)
    assert not role_allows(Role.PARALEGAL, Permission.DELETE_DOCUMENTS)
    assert role_allows(Role.LEAD, Permission.UNMASK_PII) and role_allows(Role.LEAD, Permission.VIEW_AUDIT)
    assert not role_allows(Role.LEAD, Permission.DELETE_DOCUMENTS)
    assert all(role_allows(Role.ADMIN, p) for p in Permission)


def test_ensure_raises_for_a_missing_permission(store):
    alice = store.get("alice")
    alice.ensure(Permission.ASK)
    with pytest.raises(PermissionDenied):
        alice.ensure(Permission.DELETE_DOCUMENTS)


# -- the users file ----------------------------------------------------------------------------
def test_fresh_install_gets_demo_accounts_that_must_change(tmp_path):
    store = UserStore.for_home(tmp_path, params=CHEAP)
    assert store.ensure_demo_accounts()
    users = store.users()
    assert {(n, u.role) for n, u in users.items()} == set(DEMO_ACCOUNTS)
    assert all(u.must_change and verify_password(DEMO_PASSWORD, u.password) for u in users.values())
    assert not store.ensure_demo_accounts()  # never twice
    assert stat.S_IMODE(store.path.stat().st_mode) == 0o600


def test_an_existing_users_file_means_no_demo_accounts(store):
    assert not store.ensure_demo_accounts()
    assert set(store.users()) == {"alice", "bob", "carol"}


def test_users_file_round_trip_keeps_everything(store):
    text = store.path.read_text("utf-8")
    entry = tomllib.loads(text)["users"]["bob"]
    assert entry["role"] == "lead" and entry["n"] == CHEAP.n and entry["must_change"] is False
    assert PASSWORD not in text
    store.add("张三.律师", PASSWORD, Role.LEAD, must_change=True)
    fresh = UserStore(store.path)  # another process reading the file
    assert fresh.get("张三.律师").must_change and fresh.get("张三.律师").role is Role.LEAD
    assert verify_password(PASSWORD, fresh.get("bob").password)


def test_store_notices_changes_made_by_another_writer(store):
    assert store.get("alice").role is Role.PARALEGAL
    UserStore(store.path, params=CHEAP).set_role("alice", Role.LEAD)
    assert store.get("alice").role is Role.LEAD
    UserStore(store.path, params=CHEAP).remove("alice")
    assert store.get("alice") is None


@pytest.mark.parametrize("name,password", [
    ("alice", PASSWORD),            # exists
    ("bad name", PASSWORD),         # space
    ('quote"', PASSWORD),
    ("", PASSWORD),
    ("dave", "short"),
    ("dave", DEMO_PASSWORD),
])
def test_add_refuses_bad_input(store, name, password):
    before = store.path.read_bytes()
    with pytest.raises(AuthError):
        store.add(name, password, Role.PARALEGAL)
    assert store.path.read_bytes() == before  # a refused edit writes nothing


def test_set_password_clears_must_change(tmp_path):
    store = UserStore.for_home(tmp_path, params=CHEAP)
    store.ensure_demo_accounts()
    store.set_password("admin", "a-new-password")
    admin = store.get("admin")
    assert not admin.must_change and verify_password("a-new-password", admin.password)
    with pytest.raises(AuthError):
        store.set_password("nobody", "a-new-password")


# -- throttling --------------------------------------------------------------------------------
def fail(throttle: LoginThrottle, name: str, address: str | None = None) -> float:
    """One wrong password: admitted and left counted; the wait it costs (None when refused)."""
    attempt = throttle.attempt(name, address)
    return attempt.wait_s if attempt.admitted else None


def test_throttle_backs_off_after_the_free_attempts(clock):
    throttle = LoginThrottle(clock=clock, free_attempts=3, base_delay_s=2, max_delay_s=10)
    assert fail(throttle, "alice") == 0 and fail(throttle, "alice") == 0
    assert fail(throttle, "alice") == 2
    assert throttle.wait_s("ALICE ") == 2  # the same name whatever its case or spaces
    refused = throttle.attempt("alice")
    assert not refused.admitted and refused.wait_s == 2  # locked: refused, and not counted
    clock.now += 2
    assert throttle.wait_s("alice") == 0
    assert fail(throttle, "alice") == 4
    clock.now += 4
    assert fail(throttle, "alice") == 8
    clock.now += 8
    assert fail(throttle, "alice") == 10  # capped
    assert throttle.wait_s("bob") == 0  # per name
    clock.now += 10
    throttle.succeeded(throttle.attempt("alice"))
    assert throttle.wait_s("alice") == 0 and fail(throttle, "alice") == 0


def test_throttle_forgets_old_failures(clock):
    throttle = LoginThrottle(clock=clock, free_attempts=2, forget_after_s=60)
    fail(throttle, "alice")
    clock.now += 61
    assert fail(throttle, "alice") == 0  # a new run of failures, not the second


def test_throttle_persists_in_the_home_across_instances(tmp_path, clock):
    path = tmp_path / THROTTLE_FILE
    first = LoginThrottle(path, clock=clock, free_attempts=2, base_delay_s=5)
    fail(first, "alice")
    assert fail(first, "alice") == 5
    restarted = LoginThrottle(path, clock=clock, free_attempts=2, base_delay_s=5)  # a new process
    assert restarted.wait_s("alice") == 5
    clock.now += 5
    assert fail(restarted, "alice") == 10  # the run goes on where it was
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_throttle_by_address_slows_one_password_across_many_names(clock):
    throttle = LoginThrottle(clock=clock, free_attempts=3, address_free_attempts=4, base_delay_s=2)
    waits = [fail(throttle, f"user{i}", "203.0.113.7") for i in range(4)]
    assert waits == [0, 0, 0, 2]  # every name is new; the address is not
    assert fail(throttle, "user4", "203.0.113.7") is None  # the address is locked now
    clock.now += 2
    assert fail(throttle, "user5", "203.0.113.7") == 4
    assert throttle.wait_s("someone-else", "203.0.113.7") == 4
    assert throttle.wait_s("someone-else", "198.51.100.2") == 0  # another address
    assert throttle.wait_s("someone-else") == 0  # the unknown address is a bucket of its own
    clock.now += 4
    throttle.succeeded(throttle.attempt("user1", "203.0.113.7"))
    assert fail(throttle, "anyone", "203.0.113.7") == 8  # a success does not clear the address


def test_a_right_password_takes_back_exactly_its_own_count_on_the_address(clock):
    """Counted up front, a success must not leave its address one step nearer the lock (ten
    colleagues behind one address signing in all day never lock it)."""
    throttle = LoginThrottle(clock=clock, free_attempts=3, address_free_attempts=2, base_delay_s=2)
    for i in range(10):
        throttle.succeeded(throttle.attempt(f"colleague{i}", "198.51.100.2"))
    assert throttle.wait_s("anyone", "198.51.100.2") == 0
    assert fail(throttle, "guess", "198.51.100.2") == 0  # the first failure there, still free
    assert throttle.wait_s("unknown-name") == 0  # nothing counted under the unknown address
    admitted = throttle.attempt("colleague0", "198.51.100.2")  # the second: locks the address ...
    assert admitted.admitted and admitted.wait_s == 2
    throttle.succeeded(admitted)  # ... until the password proves right
    assert throttle.wait_s("anyone", "198.51.100.2") == 0
    with pytest.raises(ValueError):  # a refused attempt checked no password
        throttle.succeeded(Attempt(admitted=False, wait_s=1.0))


def test_throttle_table_stays_bounded(clock, monkeypatch):
    monkeypatch.setattr(LoginThrottle, "MAX_TRACKED", 20)
    throttle = LoginThrottle(clock=clock, free_attempts=5, forget_after_s=60)
    for i in range(50):
        clock.now += 1
        fail(throttle, f"name{i}")
    assert throttle._conn.execute("SELECT count(*) FROM failures").fetchone()[0] <= 20


# -- logging in --------------------------------------------------------------------------------
def test_login_issues_a_token_that_resolves_to_the_user(auth, audit):
    result = auth.login(" bob ", PASSWORD)
    assert result.ok and result.user.name == "bob" and result.token
    assert auth.user_for(result.token).role is Role.LEAD
    assert audit.events == [("login", {"ok": True, "role": "lead", "must_change": False}, "bob")]


@pytest.mark.parametrize("name,password,reason", [
    ("bob", "wrong password", "bad_password"),
    ("nobody", PASSWORD, "unknown_user"),
    ("", "", "unknown_user"),
])
def test_failed_login_says_nothing_about_which_part_was_wrong(auth, audit, name, password, reason):
    result = auth.login(name, password)
    assert not result.ok and result.token is None and result.message == WRONG_CREDENTIALS
    assert audit.events[-1][0] == "login"
    assert audit.events[-1][1]["ok"] is False and audit.events[-1][1]["reason"] == reason


def test_repeated_failures_lock_the_name_even_for_the_right_password(auth, clock, audit):
    for _ in range(3):
        assert not auth.login("carol", "guess").ok
    locked = auth.login("carol", PASSWORD)
    assert not locked.ok and locked.retry_after_s > 0 and "秒后再试" in locked.message
    assert audit.events[-1][1]["reason"] == "throttled"
    assert auth.login("alice", PASSWORD).ok  # other names are not affected
    clock.now += locked.retry_after_s
    assert auth.login("carol", PASSWORD).ok


def test_forged_expired_and_logged_out_tokens_give_no_user(auth, clock):
    assert auth.user_for("forged") is None
    assert auth.user_for(None) is None and auth.user_for({"role": "admin"}) is None
    token = auth.login("carol", PASSWORD).token
    clock.now += 599
    assert auth.user_for(token) is not None  # use keeps a session alive
    clock.now += 599
    assert auth.user_for(token) is not None
    clock.now += 601
    assert auth.user_for(token) is None
    token = auth.login("carol", PASSWORD).token
    auth.logout(token)
    assert auth.user_for(token) is None


def test_role_is_read_from_the_file_on_every_lookup(auth, store):
    token = auth.login("carol", PASSWORD).token
    store.set_role("carol", Role.PARALEGAL)
    assert not auth.user_for(token).can(Permission.DELETE_DOCUMENTS)
    store.remove("carol")
    assert auth.user_for(token) is None


def test_change_password(auth, store, audit):
    token = auth.login("alice", PASSWORD).token
    other_session = auth.login("alice", PASSWORD).token
    with pytest.raises(AuthError):
        auth.change_password(token, "not the password", "another-password")
    with pytest.raises(AuthError):
        auth.change_password(token, PASSWORD, PASSWORD)
    with pytest.raises(AuthError):
        auth.change_password("forged", PASSWORD, "another-password")
    auth.change_password(token, PASSWORD, "another-password")
    assert auth.user_for(token).name == "alice"
    assert auth.user_for(other_session) is None  # other sessions end with the old password
    assert audit.events[-1] == ("password_changed", {"by": "self"}, "alice")
    assert not auth.login("alice", PASSWORD).ok and auth.login("alice", "another-password").ok


def test_throttling_survives_a_new_authenticator_and_applies_per_address(store, clock):
    first = Authenticator(store, clock=clock)
    for _ in range(3):
        assert not first.login("carol", "guess", address="203.0.113.7").ok
    restarted = Authenticator(UserStore(store.path, params=CHEAP), clock=clock)  # a server restart
    assert store.path.with_name(THROTTLE_FILE).is_file()
    locked = restarted.login("carol", PASSWORD, address="198.51.100.2")
    assert not locked.ok and locked.retry_after_s > 0
    for i in range(10):  # one password sprayed over many names from one address
        restarted.login(f"sprayed{i}", PASSWORD, address="203.0.113.9")
    sprayed = restarted.login("alice", PASSWORD, address="203.0.113.9")
    assert not sprayed.ok and sprayed.retry_after_s > 0  # even a right password, from there
    assert restarted.login("alice", PASSWORD, address="198.51.100.2").ok  # from elsewhere: fine


def test_a_default_password_session_may_do_nothing_until_it_is_changed(tmp_path, clock, audit):
    store = UserStore.for_home(tmp_path, params=CHEAP)
    store.ensure_demo_accounts()
    auth = Authenticator(store, audit=audit, clock=clock)
    result = auth.login("admin", DEMO_PASSWORD)
    assert result.ok and result.user.must_change
    user = auth.user_for(result.token)
    assert user.must_change and not any(user.can(p) for p in Permission)
    with pytest.raises(PasswordChangeRequired):
        user.ensure(Permission.ASK)
    auth.change_password(result.token, DEMO_PASSWORD, "a-new-password")
    user = auth.user_for(result.token)
    assert not user.must_change and all(user.can(p) for p in Permission)


def test_the_demo_password_means_must_change_even_without_the_flag(store, clock):
    # e.g. a users file edited by hand: the flag is not what protects the account
    from dataclasses import replace

    from engine.auth import _dump_users

    users = store.users()
    users["carol"] = replace(users["carol"], password=hash_password(DEMO_PASSWORD, CHEAP))
    store.path.write_text(_dump_users(users), "utf-8")
    auth = Authenticator(store, clock=clock)
    token = auth.login("carol", DEMO_PASSWORD).token
    assert auth.user_for(token).must_change and not auth.user_for(token).can(Permission.ASK)
    store.set_password("carol", "changed-by-cli")  # changed elsewhere: the session is released
    assert not auth.user_for(token).must_change


def test_authenticator_works_without_an_audit_log(store):
    assert Authenticator(store).login("alice", PASSWORD).ok


# -- python -m engine users ----------------------------------------------------------------------
def run_cli(monkeypatch, capsys, home, *args, stdin=""):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = cli.main(["users", *args, "--home", str(home)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_users_cli(tmp_path, monkeypatch, capsys):
    code, out, _ = run_cli(monkeypatch, capsys, tmp_path, "list")
    assert code == 0 and "no users file" in out
    code, out, _ = run_cli(monkeypatch, capsys, tmp_path, "add", "dora", "--role", "lead",
                           stdin="dora-password\n")
    assert code == 0 and "dora" in out
    store = UserStore.for_home(tmp_path)
    assert verify_password("dora-password", store.get("dora").password)
    code, _, err = run_cli(monkeypatch, capsys, tmp_path, "add", "dora", "--role", "lead",
                           stdin="dora-password\n")
    assert code == 1 and "exists" in err
    code, _, err = run_cli(monkeypatch, capsys, tmp_path, "passwd", "dora", stdin="short\n")
    assert code == 1 and "8" in err
    code, _, _ = run_cli(monkeypatch, capsys, tmp_path, "passwd", "dora", stdin="dora-new-pass\r\n")
    assert code == 0 and verify_password("dora-new-pass", store.get("dora").password)
    code, _, _ = run_cli(monkeypatch, capsys, tmp_path, "role", "dora", "--role", "admin")
    assert code == 0 and store.get("dora").role is Role.ADMIN
    code, out, _ = run_cli(monkeypatch, capsys, tmp_path, "list", "--json")
    assert code == 0
    assert json.loads(out)["users"] == [{"name": "dora", "role": "admin", "must_change": False}]
    code, _, _ = run_cli(monkeypatch, capsys, tmp_path, "remove", "dora")
    assert code == 0 and store.get("dora") is None
    assert not store.ensure_demo_accounts()  # the file exists (empty): no demo accounts appear
