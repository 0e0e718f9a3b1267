"""Every exception the web layer meets -> (HTTP status, wire code, readable message), in
one place. The JSON API answers `{"detail": reason, "code": code}` (plus `version` for a
stale move) through `install_error_handlers`; the pages show `alert_message(exc)` in the
page's alert area; the WebSocket sends `wire_error(exc)`.

Every reason is a message id of the `messages` catalogue and its parameters, so a person
reads it in their language (`WebError.said(lang)`: the API by the request's `lang` cookie
or Accept-Language, the pages' alerts likewise); the `code` stays machine-readable English.

Messages never echo the client's input: a lone surrogate, a non-UTF-8 body or a huge
string would otherwise break the error itself (a 500 where a 4xx belongs), and an echo
is a way for text to reach places it should not.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from types import UnionType
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.routing import Match

from app.games.base import IllegalMove
from app.i18n import DEFAULT, translations
from app.rooms.errors import RoomError, RoomNotFound, StaleVersion
from app.web.language import get_language
from app.web.socket.protocol import ErrorOut
from app.web.validation import validation_problem

log = logging.getLogger(__name__)


class Said(ValueError):
    """A refusal as a message id and its parameters; `str()` is the English sentence."""

    def __init__(self, message: str = "", **params: Any) -> None:
        self.message, self.params = message, params
        super().__init__(message % params if params else message)


class FormError(Said):
    """A form field that cannot be read; the message says which (`label`: the field's
    label, itself a message id)."""


class BadBody(Said):
    """A body or message we refuse; the message says why (never what it held)."""


class TooBig(BadBody):
    """A body over the size limit."""


class TooSlow(BadBody):
    """A request body that did not arrive in time."""


class TooFast(Exception):
    """A client went past a rate limit (settings say how far)."""

    def __init__(self, reason: str = "Slow down a little.", retry_after: int = 1) -> None:
        super().__init__(reason)
        self.reason, self.retry_after = reason, retry_after


class ForeignOrigin(Exception):
    """A state-changing request a browser sent from another site (CSRF)."""

    reason = "This request did not come from this site."


# Parameters that are message ids themselves: an option's label, a validation problem.
TRANSLATED = ("label", "problem")


@dataclass(frozen=True)
class WebError:
    status: int
    code: str
    reason: str  # in English
    version: int | None = None
    message: str = ""  # the reason's message id ("" : the reason is its own id)
    params: dict[str, Any] = field(default_factory=dict)

    def said(self, lang: str = DEFAULT) -> str:
        """The reason in `lang`."""
        if lang == DEFAULT:
            return self.reason
        gettext = translations(lang).gettext
        params = {k: gettext(v) % self.params if k in TRANSLATED and isinstance(v, str)
                  else v for k, v in self.params.items()}
        text = gettext(self.message or self.reason)
        return text % params if params else text

    def body(self, lang: str = DEFAULT) -> dict[str, Any]:
        body: dict[str, Any] = {"detail": self.said(lang), "code": self.code}
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


def _room(exc: RoomError) -> WebError:
    version = exc.current if isinstance(exc, StaleVersion) else None
    return WebError(exc.status, exc.code, exc.reason, version, exc.message, exc.params)


def _form(exc: FormError) -> WebError:
    if not str(exc):
        return WebError(422, "invalid_form", MALFORMED)
    return WebError(422, "invalid_form", str(exc), None, exc.message, exc.params)


def _body(status: int, code: str) -> Callable[[BadBody], WebError]:
    def error(exc: BadBody) -> WebError:
        return WebError(status, code, str(exc), None, exc.message, exc.params)
    return error


def _unreadable(exc: RequestValidationError) -> WebError:
    found = validation_problem(exc.errors())
    if found is None or not found[0]:
        return WebError(422, "malformed", MALFORMED)
    english, message, params = found
    return WebError(422, "malformed", english, None, message, params)


def _http(exc: HTTPException) -> WebError:
    reason = exc.detail if isinstance(exc.detail, str) else MALFORMED
    return WebError(exc.status_code, _HTTP_CODES.get(exc.status_code, "error"), reason)


def _malformed(exc: BaseException) -> WebError:
    return WebError(422, "malformed", MALFORMED)


# In order, the first that the exception is an instance of: a subclass before its base
# (TooBig, TooSlow before BadBody; FormError and BadBody are ValueErrors too).
_KINDS: tuple[tuple[type[BaseException] | UnionType, Callable[[Any], WebError]], ...] = (
    (RoomError, _room),
    (IllegalMove, lambda exc: WebError(422, "illegal", exc.reason)),
    (FormError, _form),
    (TooFast, lambda exc: WebError(429, "too_fast", exc.reason)),
    (ForeignOrigin, lambda exc: WebError(403, "foreign_origin", exc.reason)),
    (TooBig, _body(413, "too_big")),
    (TooSlow, _body(408, "timeout")),
    (BadBody, _body(422, "malformed")),
    (RequestValidationError, _unreadable),
    (HTTPException, _http),
    (ValidationError | ValueError | RecursionError | UnicodeError, _malformed),
)


def classify(exc: BaseException) -> WebError:
    """The one mapping. Anything unknown is our failure: 500 with a plain message."""
    for kind, error in _KINDS:
        if isinstance(exc, kind):
            return error(exc)
    return WebError(500, "error", "Something went wrong.")


def wire_error(exc: BaseException) -> ErrorOut:
    """The socket's `error` message for an exception."""
    error = classify(exc)
    if error.code == "malformed" and not isinstance(exc, HTTPException | BadBody):
        return ErrorOut(code="malformed", reason="That message is not understood.")
    return ErrorOut(code=error.code, reason=error.reason, version=error.version)


def alert_message(exc: BaseException, lang: str = DEFAULT) -> str:
    """The text for a page's alert area, in `lang`."""
    said = classify(exc).said(lang).strip("'\"")
    return said or translations(lang).gettext("That did not work.")


def problem(exc: BaseException, lang: str = DEFAULT) -> Response:
    """The JSON API's answer, its reason in `lang`. ensure_ascii: a reason can never
    carry a lone surrogate into a body that cannot be encoded."""
    error = classify(exc)
    headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooFast) else None
    return Response(json.dumps(error.body(lang), ensure_ascii=True), status_code=error.status,
                    headers=headers, media_type="application/json")


METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(app: FastAPI, scope: Any) -> list[str]:
    """The methods some route answers at the request's path, each asked of the routes
    as a request of that method (HEAD with GET: app/web/middleware/head.py answers it for every
    GET route)."""
    allowed = [method for method in METHODS
               if any(route.matches({**scope, "method": method})[0] == Match.FULL
                      for route in app.router.routes)]
    return sorted({*allowed, *(("HEAD",) if "GET" in allowed else ())})


def install_error_handlers(app: FastAPI) -> None:
    """The JSON answers of the whole app (API and pages) for every known exception."""

    async def handle(request: Request, exc: Exception) -> Response:
        if request.scope["type"] != "http":
            # A socket (Starlette hands its errors here too) answers its own errors on
            # the socket: one that escapes its endpoint is for the server, which logs it
            # and ends the socket (an HTTP 500 before it is accepted).
            raise exc
        answer = problem(exc, get_language(request))
        if isinstance(exc, HTTPException) and exc.status_code == 405:
            # RFC 9110: a 405 names the methods the resource has, every route's of
            # this path (Starlette names only the first route's it met)
            answer.headers["Allow"] = ", ".join(allowed_methods(app, request.scope))
        return answer

    async def unexpected(request: Request, exc: Exception) -> Response:
        # (HTTP only: Starlette's handler of last resort never sees a socket)
        log.error("%s %s failed: %s", request.method, request.url.path, type(exc).__name__,
                  exc_info=exc)
        return problem(exc, get_language(request))

    for kind in (RoomError, IllegalMove, FormError, TooFast, ForeignOrigin, BadBody,
                 RequestValidationError, HTTPException):
        app.add_exception_handler(kind, handle)
    app.add_exception_handler(Exception, unexpected)
