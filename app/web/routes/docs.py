"""/docs: Swagger UI served from this app (static/vendor/swagger-ui), not from a CDN, so
it works offline and under the CSP (no inline script: static/docs.js starts it)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from app.web.render.templating import Pages

router = APIRouter(include_in_schema=False)
templates = Pages()


@router.get("/docs", response_class=HTMLResponse)
async def docs(request: Request) -> Response:
    return templates.TemplateResponse(request, "docs.html", {"title": request.app.title})
