"""The application factory: create_app(settings) -> FastAPI."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from app.games.registry import GAMES
from app.settings import Settings
from app.web import pages

STATIC = Path(__file__).resolve().parents[1] / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(title="Stammtisch")
    app.state.settings = settings

    @app.get("/healthz")
    async def healthz() -> dict[str, object]:
        return {"ok": True, "games": sorted(GAMES)}

    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def app() -> FastAPI:
    """Entry point for `uvicorn app.main:app --factory`."""
    return create_app()
