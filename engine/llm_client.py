"""The one call to an OpenAI-compatible chat endpoint, its reply treated as untrusted input.

Every LLM caller (answers, summaries, the faithfulness judge, contract facts) goes through
``complete()``. Whatever the server does, the caller gets either the reply text or
``LLMUnavailable`` with a short reason for the user — never a traceback, never a wait beyond the
deadline, never an unbounded reply:

- **one deadline for the whole call** (``LLMSettings.timeout_s``): connecting, sending and
  reading the whole body. Per-read timeouts (httpx's, the OpenAI SDK's) let a server that sends
  a byte every few seconds hold a call indefinitely; here the request runs as one asyncio task
  cancelled at the deadline.
- **a cap on the reply** (``LLMSettings.max_reply_chars``): the body is read in pieces and the
  call stops as soon as it exceeds what a reply of that many characters can take as JSON; a
  longer content is refused whole — cutting it could change what it says.
- **the shape is checked, not assumed**: a body that is not JSON, no ``choices``, a content that
  is a number, a list of parts or null, a reply cut off at ``max_tokens`` — each is refused with
  its own reason.

No retries: a retried timeout doubles the wait, and every caller has an immediate fallback.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from engine.config import LLMSettings

MAX_REASON_CHARS = 300
DEFAULT_MAX_TOKENS = 512
# JSON may write each character as a 6-byte \\uXXXX escape; the rest of a completion object
# (ids, usage, a reasoning field some servers add) stays well under the slack.
_BYTES_PER_CHAR = 6
_BODY_SLACK = 16 * 1024


class LLMUnavailable(Exception):
    """The model could not give a usable reply; ``str(exc)`` says why, for the user."""


class _TooLong(Exception):
    pass


def _reason(text: str) -> str:
    return text[:MAX_REASON_CHARS]


def body_limit(settings: LLMSettings) -> int:
    """The most bytes a reply body of ``max_reply_chars`` characters can take."""
    return settings.max_reply_chars * _BYTES_PER_CHAR + _BODY_SLACK


def _describe(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return type(value).__name__


async def _post(url: str, headers: dict[str, str], payload: dict[str, Any], limit: int) -> tuple[int, bytes]:
    import httpx

    async with httpx.AsyncClient(timeout=None) as client:  # the deadline is the caller's
        async with client.stream("POST", url, json=payload, headers=headers) as response:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > limit:
                raise _TooLong
            body = bytearray()
            async for piece in response.aiter_bytes():
                body += piece
                if len(body) > limit:
                    raise _TooLong
            return response.status_code, bytes(body)


def _run(url: str, headers: dict[str, str], payload: dict[str, Any], limit: int,
         deadline_s: float) -> tuple[int, bytes]:
    def call() -> tuple[int, bytes]:
        return asyncio.run(asyncio.wait_for(_post(url, headers, payload, limit), timeout=deadline_s))

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return call()
    with ThreadPoolExecutor(max_workers=1) as pool:  # called from inside an event loop
        return pool.submit(call).result()


def _error_message(body: bytes) -> str:
    try:
        data = json.loads(body)
        message = data.get("error", {}).get("message") if isinstance(data, dict) else None
    except (ValueError, AttributeError):
        message = None
    if isinstance(message, str) and message.strip():
        return message.strip()
    return body[:120].decode("utf-8", "replace").strip() or "(no body)"


def content_of(data: Any, settings: LLMSettings, max_tokens: int) -> str:
    """The reply text of a parsed completion body, or ``LLMUnavailable`` saying what is wrong."""
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list) or not choices:
        raise LLMUnavailable("模型回复为空 (no choices in the reply)")
    choice = choices[0]
    message = choice.get("message") if isinstance(choice, dict) else None
    if not isinstance(message, dict):
        raise LLMUnavailable("模型回复格式不对 (the first choice has no message object)")
    if choice.get("finish_reason") == "length":
        raise LLMUnavailable(f"模型回复被截断 (reply cut off at {max_tokens} tokens)")
    content = message.get("content")
    if not isinstance(content, str):
        raise LLMUnavailable(f"模型回复内容不是文本 (content is {_describe(content)}, not a string)")
    if len(content) > settings.max_reply_chars:
        raise LLMUnavailable(f"模型回复过长 (reply of {len(content):,} characters; "
                             f"the limit is {settings.max_reply_chars:,})")
    return content


def complete(settings: LLMSettings, messages: list[dict[str, str]], *,
             max_tokens: int = DEFAULT_MAX_TOKENS) -> str:
    """One chat completion at temperature 0: the reply text, or ``LLMUnavailable``."""
    import httpx  # here, not at the top: every CLI command imports this module, few call a model

    if not settings.configured:
        raise LLMUnavailable("LLM 未配置 (no base_url/model in settings)")
    url = settings.base_url.rstrip("/") + "/chat/completions"
    headers = {"Authorization": f"Bearer {settings.api_key or 'unused'}", "Accept": "application/json",
               "Accept-Encoding": "identity"}  # a compressed body would inflate past the cap
    payload = {"model": settings.model, "messages": messages, "temperature": 0, "max_tokens": max_tokens}
    limit = body_limit(settings)
    try:
        status, body = _run(url, headers, payload, limit, settings.timeout_s)
    except (TimeoutError, asyncio.TimeoutError) as exc:
        raise LLMUnavailable(f"模型未在 {settings.timeout_s:g} 秒内答完 (no complete reply within "
                             f"{settings.timeout_s:g} s)") from exc
    except _TooLong as exc:
        raise LLMUnavailable(f"模型回复过长 (reply body over {limit:,} bytes; the limit is "
                             f"{settings.max_reply_chars:,} characters)") from exc
    except (httpx.HTTPError, httpx.InvalidURL, httpx.StreamError, OSError, ValueError) as exc:
        raise LLMUnavailable(_reason(f"无法连接模型 (connection failed): {type(exc).__name__}: {exc}")) from exc
    if status != 200:
        raise LLMUnavailable(_reason(f"模型服务返回 HTTP {status}: {_error_message(body)}"))
    try:
        data = json.loads(body)
    except ValueError as exc:  # UnicodeDecodeError is one too
        raise LLMUnavailable(_reason(f"模型回复不是 JSON (reply is not JSON): "
                                     f"{body[:80].decode('utf-8', 'replace')!r}")) from exc
    return content_of(data, settings, max_tokens)
