"""How a page's form answers: a redirect (303) back to a page, a refusal with its
readable message in the alert area (`?error=`), said in the viewer's language here
(a message with numbers or a field's name cannot be translated later from its text)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import quote

from fastapi.responses import RedirectResponse, Response

from app.i18n import DEFAULT
from app.web.errors import USER_ERRORS, alert_message


def back_to(path: str, error: str | None = None) -> RedirectResponse:
    target = path if error is None else f"{path}?error={quote(error)}"
    return RedirectResponse(target, status_code=303)


async def attempt(path: str, action: Callable[[], Awaitable[Response]],
                  lang: str = DEFAULT) -> Response:
    """Run a form's action; a refusal goes back to `path` with its readable message, in
    the viewer's language (a message with numbers or a field's name is said here: the
    page can translate only a message id)."""
    try:
        return await action()
    except USER_ERRORS as exc:
        return back_to(path, alert_message(exc, lang))
