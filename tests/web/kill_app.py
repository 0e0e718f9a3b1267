"""The app factory the kill -9 test runs in a uvicorn subprocess: the real app with the
toy game added, on the database in DATABASE_URL."""

from __future__ import annotations

from fastapi import FastAPI

from app.games.registry import GAMES
from app.main import create_app
from app.settings import Settings
from tests.games.toy import HighCard


def app() -> FastAPI:
    toy = HighCard()
    return create_app(Settings(), {**GAMES, toy.id: toy})
