"""How a page's form answers: a redirect (303) back to a page, a refusal with its
readable message left for that page's alert area (`flash.py`), said in the viewer's
language here (a message with numbers or a field's name cannot be translated later from
its text)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from fastapi.responses import RedirectResponse, Response

from app.i18n import DEFAULT
from app.web.errors import USER_ERRORS, alert_message
from app.web.routes.flash import set_flash


def back_to(path: str, error: str | None = None) -> RedirectResponse:
    response = RedirectResponse(path, status_code=303)
    if error is not None:
        set_flash(response, path, error)
    return response


async def attempt(path: str, action: Callable[[], Awaitable[Response]],
                  lang: str = DEFAULT) -> Response:
    """Run a form's action; a refusal goes back to `path` with its readable message, in
    the viewer's language (a message with numbers or a field's name is said here: the
    page can translate only a message id)."""
    try:
        return await action()
    except USER_ERRORS as exc:
        return back_to(path, alert_message(exc, lang))
