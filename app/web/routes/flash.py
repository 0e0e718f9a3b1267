"""A refused form's message, shown once on the page the form goes back to.

It travels in a short-lived cookie, not in the address (`?error=`): anyone could write a
link whose alert box says what they like in the site's own voice, and a room link copied
from the address bar after a refusal carried the refusal to every friend it was sent to,
and showed it again on each reload.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote, unquote

from fastapi import Request
from fastapi.responses import Response

COOKIE = "flash"
MAX_AGE = 60  # seconds: the redirect is followed at once; a stale one must not linger


def set_flash(response: Response, path: str, message: str) -> None:
    """Leave `message` for the next page at `path`. The cookie is the viewer's own words
    back to them: it is on every path (a cookie's `Path` would not keep the lobby's
    from the room's) and names the page it is for; nothing secret, so not `Secure`-only."""
    value = f"{quote(path, safe='')}|{quote(message, safe='')}"  # quote leaves no "|"
    response.set_cookie(COOKIE, value, max_age=MAX_AGE, path="/", httponly=True,
                        samesite="lax")


def flash_for(request: Request) -> str | None:
    """The message left for this page, if any (one left for another page stays)."""
    path, _, message = request.cookies.get(COOKIE, "").partition("|")
    if not message or unquote(path) != request.url.path:
        return None
    return unquote(message)


def clear_flash(response: Response) -> None:
    """Shown once: a reload or a link copied from the address bar shows no alert."""
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax")


def with_flash(request: Request, render: Callable[[str | None], Response]) -> Response:
    """The page drawn with its message (or None), which is then used up."""
    message = flash_for(request)
    response = render(message)
    if message is not None:
        clear_flash(response)
    return response
