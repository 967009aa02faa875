"""A scripted OpenAI-compatible HTTP server for tests (real sockets, real HTTP, on 127.0.0.1).

    with FakeOpenAIServer() as server:
        server.script("结论 [E1]", Scripted(status=500))
        ...  # point the client at server.base_url
        server.requests  # the JSON bodies it received, in order

POST /v1/chat/completions answers with the next scripted reply; with none left it answers 500,
so a test can never pass on a reply it did not script. GET /v1/models lists one model.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

ReplyText = str | Callable[[dict[str, Any]], str]


@dataclass
class Scripted:
    """One scripted response. ``content`` may be a function of the request body, for replies that
    cite the evidence ids found in the prompt, or any JSON value a broken server might send in its
    place (a number, a list of parts, null)."""

    content: ReplyText | Any = ""
    status: int = 200
    delay_s: float = 0.0  # sleep before answering (client timeouts)
    drop: bool = False  # close the connection without any response
    finish_reason: str = "stop"
    no_choices: bool = False  # a 200 with an empty choices list
    raw_body: bytes | None = None  # sent verbatim instead of a completion (malformed replies)
    trickle_s: float = 0.0  # send the body one byte at a time, this long apart (a stalling server)


class FakeOpenAIServer:
    def __init__(self, model: str = "scripted"):
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self._replies: deque[Scripted] = deque()
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -------------------------------------------------------------------------------
    def start(self) -> "FakeOpenAIServer":
        self._httpd = _QuietServer(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="fake-openai",
                                        kwargs={"poll_interval": 0.05}, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._thread.join(timeout=5)
            self._httpd = None

    def __enter__(self) -> "FakeOpenAIServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def base_url(self) -> str:
        return self.url + "/v1"

    # -- scripting -------------------------------------------------------------------------------
    def script(self, *replies: Scripted | ReplyText) -> None:
        with self._lock:
            for reply in replies:
                self._replies.append(reply if isinstance(reply, Scripted) else Scripted(content=reply))

    def reset(self) -> None:
        with self._lock:
            self._replies.clear()
            self.requests.clear()

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._replies)

    def _next(self, body: dict[str, Any]) -> Scripted | None:
        with self._lock:
            self.requests.append(body)
            return self._replies.popleft() if self._replies else None

    def completion(self, body: dict[str, Any], reply: Scripted) -> dict[str, Any]:
        content = reply.content(body) if callable(reply.content) else reply.content
        choices = [] if reply.no_choices else [{
            "index": 0, "message": {"role": "assistant", "content": content},
            "finish_reason": reply.finish_reason}]
        return {"id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion",
                "created": int(time.time()), "model": body.get("model", self.model),
                "choices": choices,
                "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A client that timed out has gone before a delayed reply is written: expected here.
        import sys

        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


def _handler_for(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # keep pytest output clean
            pass

        def _send(self, status: int, payload: dict[str, Any] | bytes, trickle_s: float = 0.0) -> None:
            data = payload if isinstance(payload, bytes) else json.dumps(payload, ensure_ascii=False).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if not trickle_s:
                self.wfile.write(data)
                return
            self.wfile.flush()
            for position in range(len(data)):  # every read gets a byte well within any per-read timeout
                time.sleep(trickle_s)
                self.wfile.write(data[position:position + 1])
                self.wfile.flush()

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/v1/models":
                self._send(200, {"object": "list", "data": [
                    {"id": server.model, "object": "model", "created": 0, "owned_by": "tests"}]})
            else:
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            try:
                body = json.loads(raw)
            except json.JSONDecodeError:
                self._send(400, {"error": {"message": "invalid JSON", "type": "invalid_request_error"}})
                return
            reply = server._next(body)
            if reply is None:
                self._send(500, {"error": {"message": "no scripted reply left", "type": "server_error"}})
                return
            if reply.delay_s:
                time.sleep(reply.delay_s)
            if reply.drop:
                self.close_connection = True
                self.connection.close()
                return
            if reply.raw_body is not None:
                self._send(reply.status, reply.raw_body)
            elif reply.status != 200:
                self._send(reply.status, {"error": {"message": f"scripted failure {reply.status}",
                                                    "type": "server_error"}})
            else:
                self._send(200, server.completion(body, reply), reply.trickle_s)

    return Handler
