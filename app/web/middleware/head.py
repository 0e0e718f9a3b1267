"""HEAD answered as GET without the body, for every page and API route.

FastAPI's routes answer only the methods they name, so `HEAD /healthz` (what uptime
checkers and link previews send) was a 405. The headers, Content-Length included, are
the GET's: that is what HEAD promises.
"""

from __future__ import annotations

from collections.abc import Awaitable

from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HeadAsGet:
    """Pure ASGI middleware: a HEAD request runs as GET and its body is dropped."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not itself a coroutine, as headers.py says why: sockets pass straight through.
        if scope["type"] != "http" or scope["method"] != "HEAD":
            return self.app(scope, receive, send)

        async def without_body(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        return self.app({**scope, "method": "GET"}, receive, without_body)
