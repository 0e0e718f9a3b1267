"""/docs: Swagger UI served from this app (static/vendor/swagger-ui), not from a CDN, so
it works offline and under the CSP (no inline script: static/docs.js starts it)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from app.web.render import environment

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(env=environment())


@router.get("/docs", response_class=HTMLResponse)
async def docs(request: Request) -> Response:
    return templates.TemplateResponse(request, "docs.html", {"title": request.app.title})
