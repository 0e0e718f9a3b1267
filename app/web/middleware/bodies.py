"""What a client may send us, checked before any handler sees it.

`strict_json` is `json.loads` narrowed to what JSON allows and what we can store: no
`NaN`/`Infinity`, no lone surrogates (`"\\ud800"` decodes, but cannot be encoded into a
database or a response), whole numbers within 2**53, nesting at most 32 deep. The
WebSocket reads its messages with it; `BodyLimit` refuses request bodies over a size,
and JSON API bodies that are not strict JSON, with a 4xx before routing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable
from typing import Any

import orjson
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.errors import BadBody, TooBig, TooSlow, problem
from app.web.language import get_language

MAX_INT = 2**53
MAX_DEPTH = 32


def _language(scope: Scope) -> str:
    return get_language(HTTPConnection(scope))


def _constant(name: str) -> Any:
    raise BadBody("%(name)s is not a JSON number.", name=name)


def _int(text: str) -> int:
    if len(text) > 17 or abs(value := int(text)) > MAX_INT:
        raise BadBody("A number in the message is too large.")
    return value


class _Slow(Exception):
    """A number orjson may have read differently from json.loads."""


def _check(value: Any, depth: int = 0, fast: bool = False) -> None:
    if depth > MAX_DEPTH:
        raise BadBody("The message is nested too deeply.")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise BadBody("The text holds characters that are not allowed.") from None
    elif type(value) is int:
        if abs(value) > MAX_INT:  # what `_int` refuses when json.loads parses
            raise BadBody("A number in the message is too large.")
    elif type(value) is float and fast:
        raise _Slow  # orjson makes a float of a too large integer: parse it strictly
    elif isinstance(value, dict):
        for key, item in value.items():
            _check(key, depth + 1, fast)
            _check(item, depth + 1, fast)
    elif isinstance(value, list):
        for item in value:
            _check(item, depth + 1, fast)


def strict_json(text: str | bytes) -> Any:
    """Parse JSON or raise BadBody (a ValueError) with a readable reason."""
    try:
        # orjson first (every socket message comes here; json.loads with its hooks cost
        # 5x); what it refuses is parsed again the strict way, for the same reason.
        value = orjson.loads(text)
        _check(value, fast=True)
        return value
    except (orjson.JSONDecodeError, _Slow):
        pass
    try:
        value = json.loads(text, parse_constant=_constant, parse_int=_int)
    except BadBody:
        raise
    except (ValueError, RecursionError) as exc:
        raise BadBody("The body is not valid JSON.") from exc
    _check(value)
    return value


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            return b"json" in value.lower()
    return True  # FastAPI reads a body without a content type as JSON


class BodyLimit:
    """Pure ASGI middleware: read a request body (up to `max_bytes`, within `seconds` of
    its headers) before the app does; refuse it whole (413 / 422 / 408) or hand it on
    unchanged. A body that does not come in time is answered 408 with `Connection:
    close`: the server then closes the connection (a client that sends half a body and
    waits held it open for ever, issue 35.5)."""

    def __init__(self, app: ASGIApp, max_bytes: int = 64 * 1024,
                 seconds: float = 10.0) -> None:
        self.app, self.max_bytes, self.seconds = app, max_bytes, seconds

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not itself a coroutine, as headers.py says why: sockets pass straight through.
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            return self.app(scope, receive, send)
        return self._limited(scope, receive, send)

    async def _limited(self, scope: Scope, receive: Receive, send: Send) -> None:
        chunks: list[bytes] = []
        size, more = 0, True
        try:
            async with asyncio.timeout(self.seconds):
                while more:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client went away
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.max_bytes:
                        await problem(TooBig("The request is too large."), _language(scope))(
                            scope, receive, send)
                        return
                    chunks.append(chunk)
                    more = message.get("more_body", False)
        except TimeoutError:
            answer = problem(TooSlow("The request took too long to arrive."), _language(scope))
            answer.headers["connection"] = "close"
            await answer(scope, receive, send)
            return
        body = b"".join(chunks)
        if body and scope["path"].startswith("/api/") and _is_json(scope):
            try:
                strict_json(body)
            except BadBody as exc:
                await problem(exc, _language(scope))(scope, receive, send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
