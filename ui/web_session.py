"""A sign-in that survives a reload: a signed, expiring, HttpOnly cookie set by the server.

A Streamlit script cannot set response headers, and a cookie written by page JavaScript could not
be HttpOnly. So when ``streamlit run app.py`` imports app.py as its ASGI app (Streamlit 1.67's
``st.App``), the app gets one route of ours, ``/_lextrace/session``:

  POST    body: a one-time hand-off code → ``Set-Cookie: lextrace_session=…; HttpOnly;
          SameSite=Strict; Max-Age=…`` (Secure over HTTPS), 204; a spent or unknown code → 403
  DELETE  the cookie expired at once, 204

The flow: a successful sign-in stores the Authenticator's session token in the browser session
as before and asks ``HANDOFFS`` for a code bound to it (single use, two minutes). The next run of
the page posts that code (a few lines of script, no data but the code; never a URL). A new
browser session — a reload, a typed or shared URL, a second tab — reads the cookie from
``st.context.cookies`` (sent with the websocket handshake) before anything else and continues
the session when the signature holds, the cookie has not expired and the server still knows the
token. Signing out ends the token on the server (so a copied cookie is worth nothing) and
deletes the cookie.

The cookie carries the token, its expiry and an HMAC-SHA256 over both, keyed per server
process: the sessions it points at live in that process's memory too (engine.auth), so a
restart signs everyone out and a cookie from before it cannot be checked, by design.

No Streamlit here: the route runs in the web server, the helpers in ui/auth.py call this.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

COOKIE_NAME = "lextrace_session"
ROUTE = "/_lextrace/session"
COOKIE_TTL_S = 8 * 3600  # a reload keeps the sign-in for at most this long after signing in
HANDOFF_TTL_S = 120
MAX_CODE_BYTES = 128  # a hand-off code is 32 characters; anything longer is not one


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass
class CookieSigner:
    """``token.expires.mac``: the session token, when the cookie stops counting (Unix seconds)
    and an HMAC over both. ``read`` gives the token back only while both hold."""

    key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)
    ttl_s: int = COOKIE_TTL_S
    clock: Callable[[], float] = time.time

    def _mac(self, payload: str) -> str:
        return _b64(hmac.new(self.key, payload.encode("ascii"), hashlib.sha256).digest())

    def issue(self, token: str) -> str:
        if not token or "." in token or not token.isascii():
            raise ValueError("a session token is URL-safe text without dots")
        payload = f"{token}.{int(self.clock()) + self.ttl_s}"
        return f"{payload}.{self._mac(payload)}"

    def read(self, value: object) -> str | None:
        """The session token of a cookie value, or None (malformed, forged, or expired)."""
        if not isinstance(value, str) or not value.isascii() or value.count(".") != 2:
            return None
        token, expires, mac = value.split(".")
        if not hmac.compare_digest(mac, self._mac(f"{token}.{expires}")):
            return None
        if not expires.isdigit() or int(expires) <= self.clock():
            return None
        return token or None


@dataclass
class Handoffs:
    """One-time codes standing for a session token between a sign-in and the cookie request."""

    ttl_s: int = HANDOFF_TTL_S
    clock: Callable[[], float] = time.time
    _codes: dict[str, tuple[str, float]] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def create(self, token: str) -> str:
        code = secrets.token_urlsafe(24)
        now = self.clock()
        with self._lock:
            for spent in [c for c, (_, until) in self._codes.items() if until <= now]:
                del self._codes[spent]
            self._codes[code] = (token, now + self.ttl_s)
        return code

    def pending(self, code: str) -> bool:
        """Whether ``code`` can still be redeemed (the page stops posting it once it cannot)."""
        with self._lock:
            entry = self._codes.get(code)
        return entry is not None and entry[1] > self.clock()

    def redeem(self, code: str) -> str | None:
        """The token behind ``code``, once; None for an unknown, spent or expired code."""
        with self._lock:
            entry = self._codes.pop(code, None)
        if entry is None or entry[1] <= self.clock():
            return None
        return entry[0]


# One of each per server process: the route and every script run share them.
SIGNER = CookieSigner()
HANDOFFS = Handoffs()


def route_path(base_url: str | None) -> str:
    """The route under Streamlit's ``server.baseUrlPath`` (a prefix behind a proxy)."""
    base = (base_url or "").strip("/")
    return f"/{base}{ROUTE}" if base else ROUTE


def _is_https(request) -> bool:
    # Behind a TLS-terminating proxy the scheme is only in its header; believing it can only make
    # the cookie stricter (Secure), never looser.
    forwarded = request.headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
    return request.url.scheme == "https" or forwarded == "https"


async def session_endpoint(request):
    """POST a hand-off code: the cookie is set; DELETE: the cookie is removed."""
    from starlette.responses import Response

    if request.method == "DELETE":
        response = Response(status_code=204)
        response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="strict",
                               secure=_is_https(request))
        return response
    body = await request.body()
    token = HANDOFFS.redeem(body.decode("ascii", "replace").strip()) if len(body) <= MAX_CODE_BYTES else None
    if token is None:
        return Response("hand-off code unknown or spent", status_code=403, media_type="text/plain")
    response = Response(status_code=204)
    response.set_cookie(COOKIE_NAME, SIGNER.issue(token), max_age=SIGNER.ttl_s, path="/", httponly=True,
                        samesite="strict", secure=_is_https(request))
    response.headers["Cache-Control"] = "no-store"
    return response


def session_routes() -> list:
    """The routes app.py adds to Streamlit's web server (st.App)."""
    from starlette.routing import Route

    from streamlit import config

    return [Route(route_path(config.get_option("server.baseUrlPath")), session_endpoint,
                  methods=["POST", "DELETE"])]


def post_code_script(path: str, code: str) -> str:
    """The page's part of the hand-off: post the code, nothing else (no data of the page)."""
    return (f"<script>fetch({_js(path)}, {{method: 'POST', body: {_js(code)}, credentials: 'same-origin',"
            " headers: {'Content-Type': 'text/plain'}}).catch(() => {});</script>")


def delete_cookie_script(path: str) -> str:
    return f"<script>fetch({_js(path)}, {{method: 'DELETE', credentials: 'same-origin'}}).catch(() => {{}});</script>"


def _js(text: str) -> str:
    """A JS string literal of URL-safe text (codes and paths are; anything else is refused)."""
    if not all(ch.isalnum() or ch in "-_/." for ch in text):
        raise ValueError(f"not URL-safe: {text!r}")
    return f"'{text}'"
