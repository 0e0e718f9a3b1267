"""The pages to read: a game's rules (in the viewer's language where translated) and
every card face side by side."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from app.web.deps import LanguageDep, RegistryDep
from app.web.render.card_samples import card_samples, card_words
from app.web.render.rulebook import rules_html, rules_lang
from app.web.render.templating import templates

router = APIRouter(include_in_schema=False)


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(
    request: Request, game_id: str, games: RegistryDep, lang: LanguageDep
) -> Response:
    game = games.get(game_id)
    text = rules_html(game, lang)
    if game is None or text is None:
        raise HTTPException(404, "No such game.")
    return templates.TemplateResponse(
        request, "rules.html",
        {"title": game.rules.title, "rules_html": text, "rules_lang": rules_lang(game, lang)}
    )


@router.get("/cards", response_class=HTMLResponse)
async def card_faces(request: Request, games: RegistryDep) -> Response:
    """Every card face side by side, for review."""
    return templates.TemplateResponse(
        request, "cards.html",
        {"samples": card_samples(games), "words": card_words(games), "game_ids": sorted(games)}
    )
