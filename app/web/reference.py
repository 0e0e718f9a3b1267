"""The pages to read: a game's rules (in the viewer's language where translated) and
every card face side by side."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from app.web.card_samples import CARD_SAMPLES
from app.web.card_samples import WORDS as CARD_WORDS
from app.web.deps import GamesDep, LanguageDep
from app.web.rulebook import rules_html, rules_lang
from app.web.templating import templates

router = APIRouter(include_in_schema=False)


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(
    request: Request, game_id: str, games: GamesDep, lang: LanguageDep
) -> Response:
    rules = games.get(game_id)
    text = rules_html(rules.id, lang) if rules is not None else None
    if rules is None or text is None:
        raise HTTPException(404, "No such game.")
    return templates.TemplateResponse(
        request, "rules.html",
        {"title": rules.title, "rules_html": text, "rules_lang": rules_lang(rules.id, lang)}
    )


@router.get("/cards", response_class=HTMLResponse)
async def card_faces(request: Request, games: GamesDep) -> Response:
    """Every card face side by side, for review."""
    return templates.TemplateResponse(
        request, "cards.html",
        {"samples": CARD_SAMPLES, "words": CARD_WORDS, "game_ids": sorted(games)}
    )
