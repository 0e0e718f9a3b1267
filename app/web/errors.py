"""Every exception the web layer meets -> (HTTP status, wire code, readable message), in
one place. The JSON API answers `{"detail": reason, "code": code}` (plus `version` for a
stale move) through `install_error_handlers`; the pages show `alert_message(exc)` in the
page's alert area; the WebSocket sends `wire_error(exc)`.

Messages never echo the client's input: a lone surrogate, a non-UTF-8 body or a huge
string would otherwise break the error itself (a 500 where a 4xx belongs), and an echo
is a way for text to reach places it should not.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException

from app.games.base import IllegalMove
from app.rooms.errors import RoomError, RoomNotFound, StaleVersion
from app.web.protocol import ErrorOut

log = logging.getLogger(__name__)


class FormError(ValueError):
    """A form field that cannot be read; the message says which."""


class BadBody(ValueError):
    """A body or message we refuse; the message says why (never what it held)."""


class TooBig(BadBody):
    """A body over the size limit."""


class TooFast(Exception):
    """A client went past a rate limit (settings say how far)."""

    def __init__(self, reason: str = "Slow down a little.", retry_after: int = 1) -> None:
        super().__init__(reason)
        self.reason, self.retry_after = reason, retry_after


class ForeignOrigin(Exception):
    """A state-changing request a browser sent from another site (CSRF)."""

    reason = "This request did not come from this site."


@dataclass(frozen=True)
class WebError:
    status: int
    code: str
    reason: str
    version: int | None = None

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"detail": self.reason, "code": self.code}
        if self.version is not None:
            body["version"] = self.version
        return body


MALFORMED = "That request is not understood."
_HTTP_CODES = {400: "malformed", 401: "not_seated", 403: "forbidden", 404: "not_found",
               405: "method_not_allowed", 413: "too_big", 415: "unsupported_media_type",
               422: "malformed", 429: "too_fast", 503: "unavailable"}
USER_ERRORS: tuple[type[Exception], ...] = (RoomError, IllegalMove, FormError, TooFast,
                                            ForeignOrigin, BadBody)
"""Errors whose message is for the person who sent the form or the message."""
NOT_FOUND: tuple[type[Exception], ...] = (RoomNotFound,)


def classify(exc: BaseException) -> WebError:
    """The one mapping. Anything unknown is our failure: 500 with a plain message."""
    if isinstance(exc, StaleVersion):
        return WebError(exc.status, exc.code, exc.reason, exc.current)
    if isinstance(exc, RoomError):
        return WebError(exc.status, exc.code, exc.reason)
    if isinstance(exc, IllegalMove):
        return WebError(422, "illegal", exc.reason)
    if isinstance(exc, FormError):
        return WebError(422, "invalid_form", str(exc) or MALFORMED)
    if isinstance(exc, TooFast):
        return WebError(429, "too_fast", exc.reason)
    if isinstance(exc, ForeignOrigin):
        return WebError(403, "foreign_origin", exc.reason)
    if isinstance(exc, TooBig):
        return WebError(413, "too_big", str(exc))
    if isinstance(exc, BadBody):
        return WebError(422, "malformed", str(exc))
    if isinstance(exc, RequestValidationError):
        return WebError(422, "malformed", validation_message(exc.errors()))
    if isinstance(exc, HTTPException):
        reason = exc.detail if isinstance(exc.detail, str) else MALFORMED
        return WebError(exc.status_code, _HTTP_CODES.get(exc.status_code, "error"), reason)
    if isinstance(exc, ValidationError | ValueError | RecursionError | UnicodeError):
        return WebError(422, "malformed", MALFORMED)
    return WebError(500, "error", "Something went wrong.")


def validation_message(errors: Any) -> str:
    """"Field body.version: Input should be a valid integer." for the first problem,
    built from field names (ours) and pydantic's message (its words), never the input."""
    try:
        first = next(iter(errors))
        where = ".".join(str(p) for p in first.get("loc", ()) if isinstance(p, str | int))
        text = str(first.get("msg", "")).encode("utf-8", "replace").decode("utf-8")
    except (StopIteration, TypeError, AttributeError):
        return MALFORMED
    if first.get("type") == "json_invalid":
        return "The body is not valid JSON."
    where = where.encode("utf-8", "replace").decode("utf-8")[:80]
    return f"Field {where}: {text[:200]}" if where else (text[:200] or MALFORMED)


def wire_error(exc: BaseException) -> ErrorOut:
    """The socket's `error` message for an exception."""
    error = classify(exc)
    if error.code == "malformed" and not isinstance(exc, HTTPException | BadBody):
        return ErrorOut(code="malformed", reason="That message is not understood.")
    return ErrorOut(code=error.code, reason=error.reason, version=error.version)


def alert_message(exc: BaseException) -> str:
    """The text for a page's alert area."""
    return classify(exc).reason.strip("'\"") or "That did not work."


def problem(exc: BaseException) -> Response:
    """The JSON API's answer. ensure_ascii: a reason can never carry a lone surrogate
    into a body that cannot be encoded."""
    error = classify(exc)
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooFast) else None
    return Response(json.dumps(error.body(), ensure_ascii=True), status_code=error.status,
                    headers=headers, media_type="application/json")


def install_error_handlers(app: FastAPI) -> None:
    """The JSON answers of the whole app (API and pages) for every known exception."""

    async def handle(_: Request, exc: Exception) -> Response:
        return problem(exc)

    async def unexpected(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__,
                  exc_info=exc)
        return problem(exc)

    for kind in (RoomError, IllegalMove, FormError, TooFast, ForeignOrigin, BadBody,
                 RequestValidationError, HTTPException):
        app.add_exception_handler(kind, handle)
    app.add_exception_handler(Exception, unexpected)
