"""The application factory: create_app(settings) -> FastAPI."""

from __future__ import annotations

from fastapi import FastAPI

from app.games.registry import GAMES
from app.settings import Settings


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(title="Stammtisch")
    app.state.settings = settings

    @app.get("/healthz")
    async def healthz() -> dict[str, object]:
        return {"ok": True, "games": sorted(GAMES)}

    return app


def app() -> FastAPI:
    """Entry point for `uvicorn app.main:app --factory`."""
    return create_app()
