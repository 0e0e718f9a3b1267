"""POST /lang: the header's language picker (the choice itself: language.py)."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from app.i18n import LANGUAGES
from app.web.deps import SettingsDep
from app.web.language import COOKIE, COOKIE_MAX_AGE

router = APIRouter(include_in_schema=False)


def _same_site_path(target: str) -> str:
    """Only a path of this site (no scheme, no host, no "//evil"): else the lobby."""
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    return target[:2000]


@router.post("/lang")
async def set_language(request: Request, settings: SettingsDep) -> Response:
    """The picker: store the choice in the `lang` cookie and go back where the viewer was.
    An unknown language changes nothing."""
    form = await request.form()
    lang = str(form.get("lang", ""))
    response = RedirectResponse(_same_site_path(str(form.get("next", "/"))), status_code=303)
    if lang in LANGUAGES:
        response.set_cookie(COOKIE, lang, max_age=COOKIE_MAX_AGE, path="/", samesite="lax",
                            secure=settings.cookie_secure)
    return response
