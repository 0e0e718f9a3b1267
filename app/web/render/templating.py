"""Pages rendered in the viewer's language: Starlette's templates, each response made
inside `speaking(lang)` with `lang` (for `<html lang>`), the picker's choices and the
path to come back to in the context."""

from __future__ import annotations

from typing import Any

from fastapi.templating import Jinja2Templates
from starlette.requests import Request
from starlette.responses import HTMLResponse

from app.i18n import LANGUAGES
from app.web.language import NAMES, get_language
from app.web.render.render import environment, speaking


class Pages(Jinja2Templates):
    def __init__(self) -> None:
        super().__init__(env=environment())

    def TemplateResponse(  # type: ignore[override]
        self, request: Request, name: str, context: dict[str, Any] | None = None,
        status_code: int = 200, **kwargs: Any,
    ) -> HTMLResponse:
        lang = get_language(request)
        here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        context = {**(context or {}), "lang": lang, "here": here,
                   "languages": [(code, NAMES[code]) for code in LANGUAGES]}
        # Starlette renders the template inside TemplateResponse: in the language.
        with speaking(lang):
            return super().TemplateResponse(request, name, context, status_code, **kwargs)


templates = Pages()
"""The pages' one renderer (every page module shares it)."""
