"""Which language a viewer reads: the `lang` cookie (the header's picker), else the
browser's `Accept-Language` (quality values honoured), else English.

The same choice serves pages, board updates over the socket (read once at connect) and
the alerts of refused forms. The picker is a plain form posting to `/lang`, so it works
without JavaScript; it sends the viewer back to the page they were on.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from app.i18n import DEFAULT, LANGUAGES

COOKIE = "lang"
COOKIE_MAX_AGE = 60 * 60 * 24 * 365
# How each language names itself in the picker (never translated: a reader who is lost
# in a foreign page must still find their own language).
NAMES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}



def from_accept(header: str | None) -> str | None:
    """The best of our languages in an Accept-Language header ("de-AT,de;q=0.9,en;q=0.5"),
    or None when it names none of them. A broken entry is skipped, never an error."""
    best: tuple[float, int] | None = None
    chosen: str | None = None
    for position, entry in enumerate((header or "")[:1000].split(",")):
        tag, _, params = entry.strip().partition(";")
        lang = tag.strip().split("-")[0].lower()
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = -1.0
        if lang not in LANGUAGES or not 0 < quality <= 1:
            continue
        rank = (quality, -position)  # equal quality: the earlier one wins
        if best is None or rank > best:
            best, chosen = rank, lang
    return chosen


def choose(cookie: str | None, accept: str | None) -> str:
    if cookie in LANGUAGES:
        return cookie  # type: ignore[return-value]
    return from_accept(accept) or DEFAULT


def get_language(conn: HTTPConnection) -> str:
    """The viewer's language, for a request or a socket (the cookie is sent with both)."""
    return choose(conn.cookies.get(COOKIE), conn.headers.get("accept-language"))
