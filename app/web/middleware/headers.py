"""Security headers on every HTTP response.

The Content-Security-Policy allows scripts, styles, images, fonts and connections from
this site only (no inline script, no inline `style=`: the templates use classes), and no
framing. `/docs` (Swagger UI, served from static/vendor/) also needs inline styles,
which React sets there; it gets that one relaxation and nothing else.
"""

from __future__ import annotations

from collections.abc import Awaitable

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
       "form-action 'self'; frame-ancestors 'none'")
DOCS_CSP = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # our own pages still send Referer (see csrf.py)
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}


class SecurityHeaders:
    """Pure ASGI middleware: adds the headers as the response starts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not itself a coroutine: a socket is handed straight to the app, so no frame of
        # this middleware lives as long as the socket does (memory per idle socket).
        if scope["type"] != "http":
            return self.app(scope, receive, send)
        return self._http(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        csp = DOCS_CSP if scope["path"] == "/docs" else CSP

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
                headers.setdefault("content-security-policy", csp)
            await send(message)

        await self.app(scope, receive, send_with_headers)
