"""Cross-site request forgery: a state-changing request a browser sends with our cookies
must come from a page of this site.

SameSite=Lax alone lets through a form POST from another origin on the same *site*
(another port of the same host, a sibling subdomain). So every POST, PUT, PATCH and
DELETE (pages and JSON API alike) whose `Origin` (or, absent that, `Referer`) names
another origin than the one asked for (`Host`) is refused with 403 `foreign_origin`,
before any handler runs. A request with neither header is not from a browser's page
(browsers send Origin with every POST) and carries no ambient authority worth forging.
`TRUSTED_ORIGINS` lists extra origins (e.g. when a proxy rewrites Host).

A WebSocket carries the cookies too (a seat's moves and chat), and no CORS guards it:
a socket whose `Origin` names another origin is closed before it is accepted (code
1008: the server answers the handshake with 403). A browser always sends Origin on a
socket; without one, it is not a browser's page.
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from urllib.parse import urlsplit

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web.errors import ForeignOrigin, problem
from app.web.language import get_language

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
Origin = tuple[str, int]


def origin_of(url: str) -> Origin | None:
    """`https://example.com` -> ("example.com", 443); None for "null", no host, junk."""
    parts = urlsplit(url.strip().lower())
    try:
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return parts.hostname, port or _DEFAULT_PORTS[parts.scheme]


def same_origin(claimed: str | None, host: str, trusted: Iterable[str] = ()) -> bool:
    """Whether the page a browser names (`Origin` or `Referer`) is the site it asked
    for (`Host`). A Host without a port means a default port, of http or https alike:
    TLS may end at a proxy in front of us."""
    if claimed is None:
        return True
    origin = origin_of(claimed)
    if origin is None:
        return False
    if origin in {o for o in map(origin_of, trusted) if o}:
        return True
    asked = urlsplit(f"//{host.strip().lower()}")
    try:
        port = asked.port
    except ValueError:
        return False
    if origin[0] != asked.hostname:
        return False
    return origin[1] in (80, 443) if port is None else origin[1] == port


class OriginCheck:
    """Pure ASGI middleware: refuse state-changing requests, and sockets, from other
    origins."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str] = ()) -> None:
        self.app, self.trusted = app, tuple(trusted)

    def __call__(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        # Not itself a coroutine: what passes is handed straight to the app, so no frame
        # of this middleware lives as long as a socket (or a GET) does.
        kind = scope["type"]
        if kind == "websocket":
            if self._socket_from_here(scope):
                return self.app(scope, receive, send)
            return send({"type": "websocket.close", "code": 1008, "reason": "foreign origin"})
        if kind != "http" or scope["method"] in SAFE_METHODS:
            return self.app(scope, receive, send)
        return self._check(scope, receive, send)

    def _socket_from_here(self, scope: Scope) -> bool:
        origin = host = None
        for name, value in scope["headers"]:
            if name == b"origin":
                origin = value.decode("latin-1")
            elif name == b"host":
                host = value.decode("latin-1")
        return same_origin(origin, host or "", self.trusted)

    async def _check(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        claimed = headers.get("origin") or headers.get("referer")
        if not same_origin(claimed, headers.get("host", ""), self.trusted):
            await problem(ForeignOrigin(), get_language(HTTPConnection(scope)))(
                scope, receive, send)
            return
        await self.app(scope, receive, send)
