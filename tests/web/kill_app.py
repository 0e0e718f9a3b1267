"""The app factory the kill -9 test runs in a uvicorn subprocess: the real app with the
toy game added, on the database in DATABASE_URL."""

from __future__ import annotations

from fastapi import FastAPI

from app.games.registry import REGISTRY
from app.main import create_app
from app.settings import Settings
from tests.games import toy


def app() -> FastAPI:
    return create_app(Settings(), {**REGISTRY, toy.GAME.id: toy.GAME})
